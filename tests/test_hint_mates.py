"""Issue 40, item 1: the hint never misses a mate in one or two in classic chess. Each position
is checked by python-chess (the test extra), not by the searcher itself: the hint's move mates
at once, or leaves every reply a mate in one; and the searcher reports the mate's distance in
plies (the quickest mate preferred, so it never plays a slower one)."""

from __future__ import annotations

import random

import chess
import pytest

from battlechess_tui.ai import Budget, hint
from battlechess_tui.engine.registry import make_variant

#: Mates in one (Stockfish: #1; one for each piece that gives it, both colours).
MATES_IN_ONE = (
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",  # Qh4, the fool's mate
    "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1",  # Nf7, smothered
    "7k/8/8/8/8/8/r4PPP/6K1 b - - 0 1",  # Ra1, back rank
)
#: Mates in two (Stockfish: #2): two quiet rook ladders and a queen sacrifice.
MATES_IN_TWO = (
    "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1",
    "1r4k1/r7/8/8/8/8/8/6K1 b - - 0 1",
    "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
)


def hinted(fen: str, seed: int = 0) -> chess.Move:
    rules = make_variant("classic").rules
    state = rules.parse_position(fen)
    advice = hint(rules, state, rules.to_move(state), random.Random(seed), Budget.for_hint(rules))
    return chess.Move.from_uci(advice.action.text(rules.geo))


def mates_in_one(board: chess.Board) -> bool:
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return True
    return False


def searched_mate(fen: str) -> int:
    """The mate's distance (plies, + for the side to move) the searcher reports."""
    rules = make_variant("classic").rules
    state = rules.parse_position(fen)
    searcher = rules.searcher()
    assert searcher is not None
    return searcher.search(state, Budget.for_hint(rules), random.Random(0)).mate


@pytest.mark.parametrize("fen", MATES_IN_ONE)
@pytest.mark.parametrize("seed", (0, 1, 2))
def test_the_hint_mates_in_one(fen: str, seed: int) -> None:
    board = chess.Board(fen)
    board.push(hinted(fen, seed))
    assert board.is_checkmate(), board.fen()
    assert searched_mate(fen) == 1


@pytest.mark.parametrize("fen", MATES_IN_TWO)
@pytest.mark.parametrize("seed", (0, 1, 2))
def test_the_hint_mates_in_two(fen: str, seed: int) -> None:
    board = chess.Board(fen)
    board.push(hinted(fen, seed))
    assert not board.is_game_over()
    for reply in list(board.legal_moves):
        board.push(reply)
        assert mates_in_one(board), board.fen()
        board.pop()
    assert searched_mate(fen) == 3
