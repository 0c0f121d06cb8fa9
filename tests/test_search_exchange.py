"""Issue 40, item 1: static exchange evaluation on the searcher's board (``exchange.py``):
captures and recaptures on one square by the least valuable attacker, x-rays joining in, each
side free to stop."""

from __future__ import annotations

import random

import pytest

from battlechess_tui.ai import Budget, hint
from battlechess_tui.engine.chessboard import PAWN
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.chess_family.exchange import see
from battlechess_tui.rules.chess_family.flat import FlatBoard
from battlechess_tui.rules.chess_family.search import AlphaBeta, Rule
from tests.chess_helpers import flat_move, flat_square


@pytest.mark.parametrize(
    ("fen", "move", "gain"),
    [
        # a free knight; a pawn takes a knight guarded by a pawn
        ("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", 320),
        ("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100),
        # a queen takes a knight guarded by a pawn: she is lost for it
        ("4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 1", "d1d5", 320 - 900),
        # a rook takes a pawn guarded by a rook: alone it loses, doubled (an x-ray) it wins
        ("3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500),
        ("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100),
        # a knight takes a pawn guarded by the queen, a bishop behind: the queen must not
        # take back (she would be lost), so the pawn is won
        ("3qk3/8/8/3p4/5N2/1B6/8/4K3 w - - 0 1", "f4d5", 100),
        # a queen takes a bishop guarded by a queen, a rook behind her: the bishop is won
        ("3qk3/8/8/3b4/4Q3/8/8/3RK3 w - - 0 1", "e4d5", 330),
        # a king takes a rook that is not guarded, and may not take one that is
        ("8/8/8/3kp3/8/8/8/4R1K1 w - - 0 1", "e1e5", 100 - 500),
        ("8/8/8/3kp3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", 100),
        # a pawn guards from either side, for either colour
        ("3q3k/8/8/3N4/4P3/8/8/K7 b - - 0 1", "d8d5", 320 - 900),
        ("3q3k/8/8/3N4/2P5/8/8/K7 b - - 0 1", "d8d5", 320 - 900),
        ("4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1", "d1d5", 320 - 900),
        # en passant takes the pawn beside: free, or paid for by a pawn guarding the square
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100),
        ("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0),
        ("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "e4d3", 100),
    ],
)
def test_see_plays_the_exchange_out(fen: str, move: str, gain: int) -> None:
    board = FlatBoard(fen)
    before = list(board.b)
    assert see(board, flat_move(board, move)) == gain
    assert board.b == before  # the board is as it was


def test_en_passants_victim_is_the_pawn_beside_the_square_moved_to() -> None:
    for fen, text, beside in [
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "d5"),
        ("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "e4d3", "d4"),
    ]:
        board = FlatBoard(fen)
        pawn = board.b[flat_square(beside)]
        assert pawn & 7 == PAWN and board.victim(flat_move(board, text)) == pawn


def test_the_hint_does_not_give_its_queen_for_a_guarded_knight() -> None:
    """Quiescence leaves out captures that lose by exchange, and the hint never plays one
    where a quiet move keeps the material."""
    rules = make_variant("classic").rules
    fen = "4k3/8/4p3/3n4/8/8/PPP5/3QK3 w - - 0 1"
    state = rules.parse_position(fen)
    advice = hint(rules, state, rules.to_move(state), random.Random(0), Budget(nodes=4000))
    assert advice.action.text(rules.geo) != "d1d5"


def test_futility_never_skips_a_check_or_an_illegal_move() -> None:
    """Frontier futility skips a quiet move only where it is legal and gives no check: a
    quiet check may mate."""
    board = FlatBoard("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    search = AlphaBeta(board, Rule())
    assert not search.futile(flat_move(board, "d1d8"))  # mate
    assert search.futile(flat_move(board, "d1d7"))
    pinned = FlatBoard("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
    assert not AlphaBeta(pinned, Rule()).futile(flat_move(pinned, "e2d3"))  # leaves the king
    assert board.stack == [] and pinned.stack == []
