"""Computer players on every shipped game: only legal decisions, at every kind of decision
point, for every seat; whole games between them save and replay exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlechess_tui.ai import Budget, hint, make_player
from battlechess_tui.engine.registry import specs
from battlechess_tui.save.store import load_game, save_game, verify_file
from battlechess_tui.simulation import Seats, computer_game, random_game

GAMES = list(specs())
#: Small budgets keep the tests fast; the search still expands its root and goes deeper.
SMALL = Budget(nodes=120)
LEVELS = ("random", "greedy", "easy")
DECISIONS = 120


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), picks=st.lists(st.floats(0, 1), min_size=3, max_size=3))
def test_property_every_player_makes_only_legal_decisions(key, seed, picks):
    """Positions from a random game (setup phases, battles, overrides, promotions included),
    asked of every level, each for the seat whose decision it is."""
    game = random_game(key, seed)
    rules = game.rules
    for pick in picks:
        state = game.positions[int(pick * (len(game.positions) - 1))].state
        if rules.outcome(state) is not None:
            continue
        seat = rules.to_move(state)
        legal = rules.legal_actions(state)
        for level in LEVELS:
            action = make_player(level).choose(rules, state, seat, random.Random(seed), SMALL)
            assert action in legal, (level, seat)
        found = hint(rules, state, seat, random.Random(seed), SMALL)
        assert found.action in legal and found.reason()


@pytest.mark.parametrize("key", GAMES)
def test_a_computer_game_of_every_game_saves_and_replays_exactly(key, tmp_path):
    """The first decisions of a game (the balance runs play whole ones)."""
    seats = Seats(("easy", "greedy"), think_ms=10)
    game = computer_game(key, 3, seats, limit=DECISIONS)
    assert all(p.seat in {s.key for s in game.rules.seats()} for p in game.plies)
    path = tmp_path / f"{key}.json"
    save_game(game, path)
    assert verify_file(path) is None
    loaded = load_game(path).game
    assert [p.action for p in loaded.plies] == [p.action for p in game.plies]
    assert "(easy computer)" in loaded.players[game.rules.seats()[0].key]
