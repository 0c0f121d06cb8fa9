"""Arena and brawl perft under the default rules (AR-5: the freeing supporter move is on),
each count checked against a plain, slow count of the rules written out below, which shares
no code with the game: squares are (file, rank) pairs and pieces FEN letters."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.mark import ParameterSet

from battlechess_tui.engine.registry import make_rules

Square = tuple[int, int]
Board = dict[Square, str]
Move = tuple[Square, Square]

KING_STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ROOK_LINES = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_LINES = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
LINES = {"R": ROOK_LINES, "B": BISHOP_LINES, "Q": ROOK_LINES + BISHOP_LINES}


class PlainCount:
    """The rules as the rules page states them (AR-1..AR-12, BR-1), counted whole turn by
    whole turn as ``perft_unit`` says. The quiet-turn and repetition draws (AR-13) cannot
    come into play at the depths counted here, so they are left out."""

    def __init__(self, arena: bool, freeing: bool) -> None:
        self.arena, self.freeing = arena, freeing

    # -- the board ---------------------------------------------------------------------------

    @staticmethod
    def read(fen: str) -> tuple[Board, int]:
        placement, side = fen.split()[:2]
        board: Board = {}
        for row, text in enumerate(placement.split("/")):
            x = 0
            for ch in text:
                if ch.isdigit():
                    x += int(ch)
                else:
                    board[(x, 7 - row)] = ch
                    x += 1
        return board, "wb".index(side)

    def inside(self, sq: Square) -> bool:
        """In the arena (AR-1); with no arena (BR-1) no square is."""
        return self.arena and 1 <= sq[0] <= 6 and 1 <= sq[1] <= 6

    @staticmethod
    def mine(letter: str, side: int) -> bool:
        return letter.isupper() == (side == 0)

    @staticmethod
    def reach(board: Board, sq: Square, kind: str) -> list[Square]:
        """Where a FIDE piece could go, captures aside: leapers jump, sliders stop on the first
        piece in their way (that square included)."""
        x, y = sq
        out: list[Square] = []
        if kind in "KN":
            for dx, dy in KING_STEPS if kind == "K" else KNIGHT_JUMPS:
                if 0 <= x + dx < 8 and 0 <= y + dy < 8:
                    out.append((x + dx, y + dy))
            return out
        for dx, dy in LINES[kind]:
            cx, cy = x + dx, y + dy
            while 0 <= cx < 8 and 0 <= cy < 8:
                out.append((cx, cy))
                if (cx, cy) in board:
                    break
                cx, cy = cx + dx, cy + dy
        return out

    def supporters_seeing(self, board: Board, sq: Square, side: int) -> list[str]:
        """The kinds of friendly supporters first met along each diagonal of ``sq`` (AR-6)."""
        kinds = []
        for dx, dy in BISHOP_LINES:
            cx, cy = sq[0] + dx, sq[1] + dy
            while 0 <= cx < 8 and 0 <= cy < 8:
                found = board.get((cx, cy))
                if found:
                    if self.mine(found, side) and found.upper() != "P":
                        kinds.append(found.upper())
                    break
                cx, cy = cx + dx, cy + dy
        return kinds

    def gladiator_moves(self, board: Board, side: int) -> set[Move]:
        """AR-6..AR-8 (BR-1): as any supporter that sees it, onto an empty square or an enemy
        gladiator, ending in the arena."""
        moves = set()
        for sq, letter in board.items():
            if letter.upper() != "P" or not self.mine(letter, side):
                continue
            for kind in self.supporters_seeing(board, sq, side):
                for to in self.reach(board, sq, kind):
                    if self.arena and not self.inside(to):
                        continue
                    there = board.get(to)
                    if there is None or (there.upper() == "P" and not self.mine(there, side)):
                        moves.add((sq, to))
        return moves

    def supporter_moves(self, board: Board, side: int) -> set[Move]:
        """AR-9, AR-10 (BR-1): to empty squares only, ending outside the arena."""
        return {
            (sq, to)
            for sq, letter in board.items()
            if letter.upper() != "P" and self.mine(letter, side)
            for to in self.reach(board, sq, letter.upper())
            if to not in board and not self.inside(to)
        }

    @staticmethod
    def make(board: Board, move: Move) -> Board:
        after = dict(board)
        after[move[1]] = after.pop(move[0])
        return after

    # -- the count ---------------------------------------------------------------------------

    def turns(self, board: Board, side: int, idle: tuple[int, int], depth: int) -> int:
        """Leaves ``depth`` whole turns below the start of ``side``'s turn."""
        if depth == 0:
            return 1
        gladiator = self.gladiator_moves(board, side)
        if not gladiator:  # the half is skipped (AR-5); two such turns each draw (AR-12)
            idle = (idle[0] + 1, idle[1]) if side == 0 else (idle[0], idle[1] + 1)
            if min(idle) >= 2:
                return 0
            return self.supporter_half(board, side, idle, depth, skipped=True)
        idle = (0, idle[1]) if side == 0 else (idle[0], 0)
        total = 0
        for move in gladiator:
            after = self.make(board, move)
            enemy = "p" if side == 0 else "P"
            if move[1] in board and enemy not in after.values():  # the last one: a win (AR-11)
                total += depth == 1
                continue
            total += self.supporter_half(after, side, idle, depth, skipped=False)
        return total

    def supporter_half(
        self, board: Board, side: int, idle: tuple[int, int], depth: int, skipped: bool
    ) -> int:
        moves = self.supporter_moves(board, side)
        if skipped and self.freeing:  # AR-5: free a gladiator for next turn, where one can
            freeing = {m for m in moves if self.gladiator_moves(self.make(board, m), side)}
            moves = freeing or moves
        if not moves:  # nothing to move either: the turn ends here (AR-5)
            return self.turns(board, 1 - side, idle, depth - 1)
        return sum(self.turns(self.make(board, m), 1 - side, idle, depth - 1) for m in moves)

    def perft(self, fen: str, depth: int) -> int:
        board, side = self.read(fen)
        return self.turns(board, side, (0, 0), depth)


PERFT = Path(__file__).parent / "perft"


def perft_rows() -> list[ParameterSet]:
    rows = []
    for key in ("arena", "brawl"):
        for line in (PERFT / f"{key}.epd").read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            name, fen, *counts = (part.strip() for part in line.split(";"))
            table = [(int(c.split()[1]), int(c.split()[2])) for c in counts]
            rows.append(pytest.param(key, fen, table, id=f"{key}-{name}"))
    return rows


@pytest.mark.parametrize(("key", "fen", "table"), perft_rows())
def test_ar_5_default_rules_perft_matches_the_table_and_a_plain_count(key, fen, table):
    """AR-4..AR-12 and BR-1 under the default options (``freeing_move`` on, AR-5)."""
    rules = make_rules(key)
    assert rules.options["freeing_move"] is True
    plain = PlainCount(arena=key == "arena", freeing=True)
    state = rules.parse_position(fen)
    for depth, count in table:
        assert rules.perft(state, depth) == count, f"{key} {fen} depth {depth}"
        assert plain.perft(fen, depth) == count, f"plain count, {key} {fen} depth {depth}"


def test_ar_5_the_freeing_move_changes_the_count():
    """Switched off, the option gives other counts: the tables above do test it."""
    fen = "7k/6p1/8/2P5/8/8/8/K6R w - - 0 1"
    default, loose = make_rules("arena"), make_rules("arena", {"freeing_move": False})
    counts = [rules.perft(rules.parse_position(fen), 2) for rules in (default, loose)]
    plain = [PlainCount(arena=True, freeing=f).perft(fen, 2) for f in (True, False)]
    assert counts == plain and counts[0] < counts[1]
