"""The arena games' searcher (``Rules.searcher``, arena and brawl): it decides only legal
moves (a turn is a gladiator move then a supporter move, AR-4), its fixed-depth value equals a
plain minimax over the rules with the rules' estimate at the leaves, and a node budget makes
its decisions depend on the position and the seed alone."""

from __future__ import annotations

import random

import pytest

from battlechess_tui.ai import Budget, make_player
from battlechess_tui.ai.minimax import expectimax
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.arena.search import MATE
from battlechess_tui.simulation import random_game


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
