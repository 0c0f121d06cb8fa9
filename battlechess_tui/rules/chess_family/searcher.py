"""The chess family's ``Searcher``: a state in, the rules' ``Action`` out.

The position is read from the rules' position text (FEN) onto the searcher's own
``FlatBoard``; the game's past since the last irreversible move (the state's repetition keys)
becomes Zobrist keys, so the search sees repetitions. The chosen move is turned back into an
``Action`` and checked against ``legal_actions``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import BISHOP, KNIGHT_, QUEEN, ROOK
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import Found, IllegalAction, Limits, Rules
from battlechess_tui.rules.chess_family.flat import (
    BOARD_SQUARES,
    Z_CASTLE,
    Z_EP,
    Z_SIDE,
    ZOBRIST,
    FlatBoard,
    mailbox,
    square,
)
from battlechess_tui.rules.chess_family.position import split_position
from battlechess_tui.rules.chess_family.search import (
    MATE,
    MATE_BOUND,
    MAX_DEPTH,
    WORTH_SCALE,
    AlphaBeta,
    Rule,
    settle_gain,
)
from battlechess_tui.rules.chess_family.state import ChessState

PROMO_LETTERS = {QUEEN: "q", ROOK: "r", BISHOP: "b", KNIGHT_: "n"}
CENTIPAWNS = 100.0


class ChessSearcher:
    """Alpha-beta for a game played on an 8x8 ``ChessBoard`` under ``rule``; ``fields`` are
    the names of the game's own fields after the FEN in its position text."""

    def __init__(self, rules: Rules[ChessState], rule: Rule, fields: Iterable[str] = ()) -> None:
        self.rules = rules
        self.rule = rule
        self.fields = tuple(fields)

    def board(self, state: ChessState, *, material_only: bool = False) -> FlatBoard:
        return FlatBoard(self.fen(state), check=self.rule.check, material_only=material_only)

    def fen(self, state: ChessState) -> str:
        """The position's FEN (the game's own fields after it left out)."""
        fen, _ = split_position(self.rules.position_text(state), self.fields)
        return fen

    def search(self, state: ChessState, limits: Limits, rng: random.Random) -> Found:
        """The best move for the side to move within ``limits``, as an ``Action``."""
        return self.found(state, self.run(state, limits, rng), limits)

    def run(
        self,
        state: ChessState,
        limits: Limits | None,
        rng: random.Random | None,
        depth: int = MAX_DEPTH,
        *,
        quiescence: bool = True,
        material_only: bool = False,
    ) -> tuple[int, int, int, int]:
        """(move, value in centipawns for the side to move, depth finished, nodes)."""
        board = self.board(state, material_only=material_only)
        search = AlphaBeta(
            board,
            self.rule,
            limits,
            self.history(state),
            quiescence=quiescence,
            pruning=not material_only,
        )
        result = search.run(rng, depth)
        return result.move, result.value, result.depth, result.nodes

    def value(self, state: ChessState, depth: int) -> float:
        """The fixed-depth value of ``state`` for the side to move, in pawns, on material
        alone, without quiescence or pruning (to compare with a plain minimax)."""
        _, value, _, _ = self.run(state, None, None, depth, quiescence=False, material_only=True)
        return value / CENTIPAWNS

    def found(self, state: ChessState, run: tuple[int, int, int, int], limits: Limits) -> Found:
        """The search's answer as a ``Found``: its value read on every searcher's scale (a
        lead in the game's ``Rule.scale`` as the lead of the same worth in ``WORTH_SCALE``)."""
        move, value, depth, nodes = run
        action = self.action(move)
        if action not in self.rules.legal_actions(state):
            raise IllegalAction(
                Refusal(SharedReason.NOT_LEGAL, actions=(action,)), rules=self.rules
            )
        before, after = settle_gain(self.fen(state), self.rule, move)
        mate, answer = 0, value * WORTH_SCALE / self.rule.scale
        if abs(value) >= MATE_BOUND:
            mate = MATE - abs(value) if value > 0 else -(MATE - abs(value))
            answer = value
        return Found(action, answer / CENTIPAWNS, mate, depth, nodes, (after - before) / CENTIPAWNS)

    def action(self, move: int) -> Action:
        frm, to, promo = square(move & 255), square((move >> 8) & 255), (move >> 16) & 15
        return Action(MOVE, (frm, to), PROMO_LETTERS.get(promo, ""))

    def history(self, state: ChessState) -> tuple[int, ...]:
        """Zobrist keys of the positions since the last irreversible move, before this one."""
        keys: Sequence[tuple[bytes, int, int, int]] = getattr(state, "keys", ())
        out = []
        for key in list(keys)[:-1]:
            try:
                board, side, castling, ep = key
                out.append(key_hash(bytes(board), int(side), int(castling), int(ep)))
            except (TypeError, ValueError, IndexError):
                return ()
        return tuple(out)


def key_hash(board: bytes, side: int, castling: int, ep: int) -> int:
    """The Zobrist key of a repetition key (an 8x8 board of piece ints, a1 first)."""
    h = Z_SIDE if side else 0
    for sq, p in enumerate(board):
        if p:
            h ^= ZOBRIST[p][BOARD_SQUARES[sq]]
    h ^= Z_CASTLE[castling & 15]
    if ep >= 0:
        h ^= Z_EP[mailbox(ep)]
    return h
