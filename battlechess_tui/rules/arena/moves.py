"""How the pieces of the arena games move: gladiators as the supporters that see them (AR-6..
AR-8), supporters to empty squares (AR-9, AR-10). Pure functions of a board (a sequence of
``ChessBoard`` piece ints)."""

from __future__ import annotations

from collections.abc import Sequence

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.chessboard import BLACK, EMPTY, KING, KNIGHT_, PAWN
from battlechess_tui.engine.geometry import Geometry

#: A gladiator move: (from, to) -> the squares of the supporters that grant it (AR-6).
Grants = dict[tuple[int, int], tuple[int, ...]]


def reach(tables: cb.Tables, board: Sequence[int], frm: int, typ: int) -> list[int]:
    """Squares a FIDE piece of type ``typ`` on ``frm`` could move to if captures were allowed:
    a slider stops on the first occupied square, leapers ignore what they jump over."""
    if typ == KNIGHT_:
        return list(tables.knight[frm])
    if typ == KING:
        return list(tables.king[frm])
    rays = (tables.orth[frm] if typ != cb.BISHOP else ()) + (
        tables.diag[frm] if typ != cb.ROOK else ()
    )
    out = []
    for ray in rays:
        for s in ray:
            out.append(s)
            if board[s]:
                break
    return out


def supporters_seeing(tables: cb.Tables, board: Sequence[int], sq: int) -> list[int]:
    """Friendly supporters a bishop's move away from the gladiator on ``sq`` (AR-6)."""
    own = board[sq] & BLACK
    out = []
    for ray in tables.diag[sq]:
        for s in ray:
            p = board[s]
            if p:
                if p & BLACK == own and p & 7 != PAWN:
                    out.append(s)
                break
    return out


def first_piece(board: Sequence[int], ray: Sequence[int]) -> list[int]:
    """The first occupied square along ``ray``, as a list of zero or one square."""
    return next(([s] for s in ray if board[s]), [])


class ArenaMoves:
    """Move generation on one board size, with or without the arena (AR-1, BR-1)."""

    def __init__(self, geo: Geometry, arena: bool) -> None:
        self.tables = cb.tables(geo.width, geo.height)
        inner = [
            0 < geo.file(s) < geo.width - 1 and 0 < geo.rank(s) < geo.height - 1
            for s in range(geo.size)
        ]
        #: The arena's squares (AR-1); empty without one (BR-1).
        self.arena: frozenset[int] = frozenset(s for s in range(geo.size) if inner[s] and arena)
        #: Where a gladiator may end a move (AR-8) and where a supporter may (AR-10).
        self.gladiator_ok = [inner[s] or not arena for s in range(geo.size)]
        self.supporter_ok = [not inner[s] or not arena for s in range(geo.size)]
        self.empty_board = (EMPTY,) * geo.size

    def gladiator_moves(self, board: Sequence[int], side: int) -> Grants:
        """Every gladiator move of ``side`` with the supporters granting it (AR-6..AR-8)."""
        out: Grants = {}
        own = side << 3
        for sq, p in enumerate(board):
            if p != PAWN | own:
                continue
            for source, targets in self.grants(board, sq):
                for to in targets:
                    out[(sq, to)] = out.get((sq, to), ()) + (source,)
        return out

    def grants(self, board: Sequence[int], sq: int) -> list[tuple[int, list[int]]]:
        """For the gladiator on ``sq``: each supporter that sees it, with the moves it grants."""
        out = []
        enemy_pawn = PAWN | ((board[sq] & BLACK) ^ BLACK)
        for source in supporters_seeing(self.tables, board, sq):
            targets = [
                t
                for t in reach(self.tables, board, sq, board[source] & 7)
                if self.gladiator_ok[t] and board[t] in (EMPTY, enemy_pawn)
            ]
            out.append((source, targets))
        return out

    def supporter_moves(self, board: Sequence[int], side: int) -> list[tuple[int, int]]:
        """Every supporter move of ``side``: to empty squares only (AR-9), outside (AR-10)."""
        out: list[tuple[int, int]] = []
        for sq, p in enumerate(board):
            if not p or p >> 3 != side or p & 7 == PAWN:
                continue
            out.extend(
                (sq, t)
                for t in reach(self.tables, board, sq, p & 7)
                if not board[t] and self.supporter_ok[t]
            )
        return out

    def frees(self, board: Sequence[int], move: tuple[int, int], side: int) -> bool:
        """Does the supporter move ``move`` leave ``side`` a gladiator move (AR-5)?"""
        after = list(board)
        after[move[1]], after[move[0]] = after[move[0]], EMPTY
        return bool(self.gladiator_moves(after, side))
