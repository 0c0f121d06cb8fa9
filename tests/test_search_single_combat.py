"""Single Combat's searcher (``rules/chess_family/search.py`` with fights): what its estimate
means, and the pruning that lets a larger node budget see further (issue 24, item 3)."""

from __future__ import annotations

import random

import pytest

from battlechess_tui.ai import Budget
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.chess_family.flat import FlatBoard
from battlechess_tui.rules.chess_family.search import MATE, AlphaBeta

#: ``saves/single-combat-2-0000.json`` after 32...Rb8 and 33.Rc3 (random players): White's
#: Queen on d2 looks at Black's King on d4, with nothing between.
KING_FIGHT = "1r3qn1/1bpp2b1/p3p1r1/PN3p1p/3kP1PP/2R1BP1R/1P1Q2B1/3K2N1"
#: Medium's and hard's budgets (200 and 1,000 ms at 40 nodes a ms).
MEDIUM, HARD = 8_000, 40_000


def _found(fen: str, nodes: int) -> tuple[tuple[int, ...], float]:
    rules = make_variant("single-combat").rules
    searcher = rules.searcher()
    assert searcher is not None
    found = searcher.search(rules.parse_position(fen), Budget(nodes=nodes), random.Random(1))
    return found.action.squares, found.value


@pytest.mark.parametrize("nodes", [MEDIUM, HARD])
def test_sc_7_the_estimate_is_the_fight_of_the_side_to_move(nodes: int) -> None:
    """SC-3, SC-7: the analysis of that save reads 0.75 with White to move and 0.5 with Black
    to move, ply after ply. That is the game, not the horizon: with White to move Qxd4 is a
    75% fight for the King (won: the game; lost: the Queen), worth 0.75 of a won game (1,000
    in the searcher's pawns); with Black to move the King steps to e5, and White's best
    (Qd4, every square round the King watched) is worth 0.5 of one. Medium and hard, a ply
    apart, find the same figures, so the estimate does not swing with the depth reached."""
    assert _found(f"{KING_FIGHT} w - - 3 32", nodes) == ((11, 27), pytest.approx(748.7, abs=1))
    move, value = _found(f"{KING_FIGHT} b - - 3 32", nodes)
    assert move == (27, 36)  # Ke5
    assert value == pytest.approx(-500, abs=5)


def test_sc_7_quiescence_leaves_out_a_fight_that_cannot_reach_alpha() -> None:
    """SC-6, SC-7: e4 against d5 is a 50% fight; won, White is a pawn up at best (with the
    delta margin, 3 pawns), lost, a pawn down. Weighed so it cannot lift the estimate by 1.5
    pawns: with alpha there, the quiescence search stands pat at once; with a full window it
    weighs the fight (half of a pawn won, half of one lost, and the squares' worth)."""
    rules = make_variant("single-combat").rules
    searcher = rules.searcher()
    fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"
    stand = FlatBoard(fen, check=False).evaluate()
    cut = AlphaBeta(FlatBoard(fen, check=False), searcher.rule)  # type: ignore[union-attr]
    assert cut.quiesce(stand + 150, stand + 151, 0) == stand and cut.nodes == 1
    full = AlphaBeta(FlatBoard(fen, check=False), searcher.rule)  # type: ignore[union-attr]
    assert full.quiesce(-MATE, MATE, 0) > stand and full.nodes > 1


def _depth_search(fen: str, depth: int) -> tuple[int, int, int]:
    """(value, depth, nodes) of a fixed-depth search."""
    rules = make_variant("single-combat").rules
    searcher = rules.searcher()
    assert searcher is not None
    _, value, done, nodes = searcher.run(rules.parse_position(fen), None, None, depth)  # type: ignore[attr-defined]
    return value, done, nodes


def test_sc_null_move_prunes_a_quiet_position() -> None:
    """Null-move pruning (the side to move passes; if a shallower search still reaches beta,
    the position is cut) works in Single Combat as in classic, where the side to move's King
    is not attacked: this opening's depth 4 takes under 13,000 nodes (15,938 without it,
    19,885 before this round's pruning)."""
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4"
    _, depth, nodes = _depth_search(fen, 4)
    assert depth == 4
    assert nodes < 13_000


def test_sc_3_an_attacked_king_escapes_first_at_the_horizon() -> None:
    """SC-3, SC-7: where a side's King is attacked at the horizon, its captures and the moves
    that take the King out of reach are searched; a quiet move that leaves it attacked only
    where none does better. Black's Queen on d3 and pawn on f3 raid White's castled King;
    depth 3 finds the same value (-4.49 pawns) in under 25,000 nodes (36,036 when every move
    was searched)."""
    fen = "r3kb1r/ppp2ppp/2P2n2/4pb2/8/2Nq1p2/PPP2PPP/R1BQ1RK1 w kq - 0 9"
    value, depth, nodes = _depth_search(fen, 3)
    assert (value, depth) == (-449, 3)
    assert nodes < 25_000


def test_sc_7_a_small_share_of_the_kings_fight_is_not_read_as_material() -> None:
    """SC-7: the searcher weighs a fight for the King by its chance, a won game being 1,000
    pawns; its answer of 183 pawns is an 18% chance of the King, not a lead in material (no
    side owns 50 pawns of pieces). In that save, had 31.Qxd4 been lost, Black to move is at
    -183 at medium (White's Bishop and Knight still round the King, seen at depth 4): read
    as material, that was White's certain win (0.9993), and the lost fight no loss at all;
    it is 0.18."""
    from battlechess_tui.ai.searched import worth_of
    from battlechess_tui.analysis import engine
    from battlechess_tui.engine.actions import MOVE, Action
    from battlechess_tui.engine.rules import Found

    found = Found(Action(MOVE, (27, 36)), -182.73, 0, 3, 8_000, 0.0)
    assert worth_of(found) == pytest.approx(-0.18273)
    assert worth_of(Found(Action(MOVE, (27, 36)), -4.0, 0, 3, 8_000, 0.0)) < -0.5  # material
    rules = make_variant("single-combat").rules
    lost = rules.parse_position("1r3qn1/1bpp2b1/p3p2r/PN3p1p/3kP1PP/1R2BP2/1P4B1/3K2NR b - - 0 31")
    worth = engine.estimate(rules, lost, "medium", 61_000_188).worth
    assert 0 < worth < 0.5


def test_sc_7_a_hint_on_a_fight_for_the_king_speaks_of_the_chance_to_win_not_of_pawns() -> None:
    """The Queen's fight for the King (75%): the searcher's value is a share of a won game,
    so the hint has no unit and reads its outlook as a chance."""
    from battlechess_tui.ai.searched import BEYOND_MATERIAL, searched_hint

    rules = make_variant("single-combat").rules
    state = rules.parse_position(
        "1r3qn1/1bpp2b1/p3p2r/PN3ppp/3kP1PP/1R2BP2/1P1Q2B1/4K1NR w K - 1 30"
    )
    searcher = rules.searcher()
    assert searcher is not None
    found = searcher.search(state, Budget(nodes=3000), random.Random(1))
    assert found.value > BEYOND_MATERIAL and not found.mate
    hint = searched_hint(rules, state, 0, searcher, random.Random(1), Budget(nodes=3000))
    assert hint.unit == "" and hint.reason().endswith("% to win after the best replies found")
