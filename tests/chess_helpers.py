"""Helpers for the tests of the chess family's searcher board."""

from __future__ import annotations

from battlechess_tui.engine.geometry import geometry
from battlechess_tui.rules.chess_family.flat import FlatBoard, mailbox, square
from battlechess_tui.rules.chess_family.searcher import PROMO_LETTERS

GEO = geometry(8, 8)


def flat_square(name: str) -> int:
    """The board's (mailbox) index of the square ``name`` (``e4``)."""
    return mailbox(GEO.parse(name))


def flat_move(board: FlatBoard, text: str) -> int:
    """The board's move from ``text``: its from and to squares, then a promotion's letter
    (``e4d5``, ``b7b8q``)."""
    for m in board.moves():
        name = GEO.name(square(m & 255)) + GEO.name(square((m >> 8) & 255))
        if name + PROMO_LETTERS.get((m >> 16) & 15, "") == text:
            return m
    raise AssertionError(f"no move {text}")
