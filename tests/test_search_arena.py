"""The arena games' searcher (``Rules.searcher``, arena and brawl): it decides only legal
moves (a turn is a gladiator move then a supporter move, AR-4), its fixed-depth value equals a
plain minimax over the rules with the rules' estimate at the leaves, and a node budget makes
its decisions depend on the position and the seed alone."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from battlechess_tui.ai import Budget, make_player
from battlechess_tui.ai.minimax import expectimax
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.arena.rules import ArenaRules
from battlechess_tui.rules.arena.search import EXACT, INF, LOWER, MATE, UPPER, ArenaSearch
from battlechess_tui.simulation import random_game
from tests.typed import known, rules_of


def positions(key: str, seed: int, count: int) -> list[object]:
    rules = make_variant(key).rules
    game = random_game(key, seed, {})
    states = [p.state for p in game.positions if rules.outcome(p.state) is None]
    return random.Random(seed).sample(states, min(count, len(states)))


@pytest.mark.parametrize("key", ["arena", "brawl"])
@pytest.mark.parametrize("seed", [1, 2])
def test_ar_4_searcher_decides_only_legal_moves(key: str, seed: int) -> None:
    rules = make_variant(key).rules
    searcher = rules.searcher()
    assert searcher is not None
    for state in positions(key, seed, 6):
        found = searcher.search(state, Budget(nodes=60), random.Random(seed))
        assert found.action in rules.legal_actions(state)


@pytest.mark.parametrize("key", ["arena", "brawl"])
def test_searcher_and_generic_minimax_agree_at_a_fixed_depth(key: str) -> None:
    rules = make_variant(key).rules
    searcher = rules.searcher()
    assert searcher is not None
    leaf = rules.evaluate
    fens = [
        "4k3/8/2p2p2/8/8/2P5/8/R3K3 w - - 0 1",
        "r3k3/8/2p5/3p4/8/2P1P3/8/R3K3 b - - 0 1",
    ]
    for state in [rules.parse_position(f) for f in fens] + positions(key, 3, 2):
        for depth in (1, 2):
            reference = expectimax(rules, state, depth, leaf, MATE / 100)
            assert searcher.value(state, depth) == pytest.approx(reference, abs=0.02)  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", ["arena", "brawl"])
def test_node_budget_makes_decisions_deterministic_for_a_seed(key: str) -> None:
    rules = make_variant(key).rules
    for state in positions(key, 4, 3):
        seat = rules.to_move(state)
        first = make_player("medium").choose(rules, state, seat, random.Random(3), Budget(150))
        again = make_player("medium").choose(rules, state, seat, random.Random(3), Budget(150))
        assert first == again


# -- found by mutation testing (benchmarks/mutants.py) ------------------------------------------

WIN_IN_ONE = "7k/8/8/3p4/4P3/2P5/8/K6B w - - 0 1"  # e4xd5 takes Black's last gladiator
QUIET = "r3k3/8/2p5/8/8/4P3/8/R3K3 w - - 0 1"
ONE_CAPTURE = "r3k3/8/2p5/3p4/8/2P1P3/8/R3K3 w - - 0 1"  # c3xc6, and quiet moves


def test_ar_11_the_searcher_takes_the_last_enemy_gladiator_at_its_first_depth() -> None:
    """Taking Black's last gladiator wins (AR-11): whatever the seed, the searcher plays it,
    reports the win in one decision (worth 1,000 pawns less a hundredth per decision to it),
    and its first full depth already sees it."""
    rules = make_variant("arena").rules
    searcher = rules.searcher()
    assert searcher is not None
    state = rules.parse_position(WIN_IN_ONE)
    for seed in range(4):
        found = searcher.search(state, Budget(nodes=500), random.Random(seed))
        assert found.action.text(rules.geo) == "e4d5"
        assert (found.mate, found.depth, found.value) == (1, 1, 999.99)


@pytest.mark.parametrize("nodes", [100, 300])
def test_the_arena_searcher_stops_at_its_node_budget(nodes: int) -> None:
    rules = make_variant("arena").rules
    searcher = rules.searcher()
    assert searcher is not None
    found = searcher.search(
        rules.parse_position(ONE_CAPTURE), Budget(nodes=nodes), random.Random(1)
    )
    assert found.nodes == nodes


def test_the_tables_move_is_searched_first_then_captures_then_the_killer() -> None:
    rules = make_variant("arena").rules
    state = rules.parse_position(ONE_CAPTURE)
    actions = rules.legal_actions(state)
    captures = [a for a in actions if state.board[a.squares[1]]]
    quiet = [a for a in actions if not state.board[a.squares[1]]]
    assert len(captures) == 1 and len(quiet) > 2
    search = ArenaSearch(rules, None)
    search.killers[0] = quiet[-1]
    order = search.captures_first(state, actions, quiet[0], 0)
    assert order[:3] == [quiet[0], captures[0], quiet[-1]]
    assert sorted(order, key=actions.index) == actions


def test_quiet_moves_that_cut_the_search_off_are_kept_as_killers() -> None:
    rules = make_variant("arena").rules
    state = rules.parse_position(QUIET)
    search = ArenaSearch(rules, None)
    search.node(state, 3, -INF, INF, 0)
    assert search.killers
    for ply, killer in search.killers.items():
        assert ply > 0 and killer.kind == "move"


@pytest.mark.parametrize(
    ("flag", "alpha", "beta", "answered"),
    [
        (EXACT, -INF, INF, True),
        (LOWER, -INF, INF, False),
        (LOWER, -INF, 7, True),
        (UPPER, -INF, INF, False),
        (UPPER, 7, INF, True),
    ],
)
def test_the_table_answers_with_an_exact_value_or_a_bound_outside_the_window(
    flag: int, alpha: int, beta: int, answered: bool
) -> None:
    """A stored value of 7 at the same depth answers a search when it is exact, or a bound
    that settles the window (a lower bound at beta, an upper bound at alpha)."""
    rules = make_variant("arena").rules
    state = rules.parse_position(ONE_CAPTURE)
    true = ArenaSearch(rules, None, exact=True).node(state, 2, -INF, INF, 0)
    assert true != 7
    search = ArenaSearch(rules, None, exact=True)
    search.tt[state] = (2, flag, 7, None)
    got = search.node(state, 2, alpha, beta, 0)
    assert (got == 7) == answered


def test_a_search_that_fails_low_at_alpha_stores_an_upper_bound() -> None:
    rules = make_variant("arena").rules
    state = rules.parse_position(ONE_CAPTURE)
    true = ArenaSearch(rules, None, exact=True).node(state, 2, -INF, INF, 0)
    search = ArenaSearch(rules, None, exact=True)
    assert search.node(state, 2, true, INF, 0) == true
    assert search.tt[state][:3] == (2, UPPER, true)


def test_ar_7_at_the_horizon_a_gladiator_half_goes_on_through_its_captures() -> None:
    """Quiescence: White's gladiator on c3 (seen by the Rook on a1) can take c6 for free; the
    horizon's value is the best of standing and each capture, and a supporter half stands."""
    rules = make_variant("arena").rules
    state = rules.parse_position("4k3/8/2p2p2/8/8/2P5/8/R3K3 w - - 0 1")
    search = ArenaSearch(rules, None)
    stand = search.estimate(state)
    captures = [a for a in rules.legal_actions(state) if state.board[a.squares[1]]]
    after = [round(100 * rules.evaluate(search.child(state, a), 0)) for a in captures]
    assert captures and max(after) > stand
    assert search.quiesce(state, -INF, INF, 0) == max(after)
    supporter_half = search.child(state, captures[0])
    assert search.quiesce(supporter_half, -INF, INF, 0) == search.estimate(supporter_half)


def test_ar_13_a_drawn_game_is_worth_nothing_to_the_searcher() -> None:
    """A game drawn by AR-13's quiet turns is worth 0 to the searcher, neither won nor lost."""
    rules = rules_of(make_variant("arena"), ArenaRules)
    state = rules.parse_position("4k3/8/2p2p2/8/8/2P5/8/R3K3 w - - 0 1")
    drawn = replace(state, quiet=2 * rules.quiet_turns)
    assert known(rules.outcome(drawn)).winner is None
    assert ArenaSearch(rules, None).value(drawn, 3) == 0


def test_ar_11_at_the_horizon_a_capture_that_wins_the_game_is_read_as_won() -> None:
    """Quiescence reads a gladiator's capture of the last enemy gladiator as the game won
    (AR-11), a ply on, for the side that makes it, however the estimate stood."""
    rules = make_variant("arena").rules
    state = rules.parse_position("4k3/8/2p5/8/8/2P5/8/R3K3 w - - 0 1")
    search = ArenaSearch(rules, None)
    assert search.quiesce(state, -INF, INF, 0) == MATE - 1
