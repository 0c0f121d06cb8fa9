"""Helpers for the tests of the chess family's searcher board."""

from __future__ import annotations

from battlechess_tui.rules.chess_family.flat import FlatBoard, square

PROMOTIONS = {2: "n", 3: "b", 4: "r", 5: "q"}


def flat_move(board: FlatBoard, text: str) -> int:
    """The board's move from ``text``: its from and to squares, then a promotion's letter
    (``e4d5``, ``b7b8q``)."""
    for m in board.moves():
        frm, to = square(m & 255), square((m >> 8) & 255)
        name = "".join("abcdefgh"[s % 8] + str(s // 8 + 1) for s in (frm, to))
        if name + PROMOTIONS.get((m >> 16) & 15, "") == text:
            return m
    raise AssertionError(f"no move {text}")
