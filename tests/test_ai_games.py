"""Computer players on every shipped game: only legal decisions, at every kind of decision
point, for every seat; whole games between them save and replay exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlechess_tui.ai import Budget, hint, make_player
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import specs
from battlechess_tui.engine.spec import OptionValue
from battlechess_tui.save.store import load_game, save_game, verify_file
from battlechess_tui.simulation import Seats, computer_game, random_game

GAMES = list(specs())
#: Small budgets keep the tests fast; the search still expands its root and goes deeper.
SMALL = Budget(nodes=120)
LEVELS = ("random", "greedy", "easy")
DECISIONS = 120


#: Every game, and D&D as a campaign game at level 5 (surrender, high-level spells).
SETUPS: list[tuple[str, dict[str, OptionValue]]] = [(key, {}) for key in GAMES] + [
    ("dnd", {"level": 5, "campaign": True})
]


@pytest.mark.parametrize(("key", "options"), SETUPS, ids=[f"{k}{o or ''}" for k, o in SETUPS])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), picks=st.lists(st.floats(0, 1), min_size=3, max_size=3))
def test_property_every_player_makes_only_legal_decisions(key, options, seed, picks):
    """Positions from a random game (setup phases, battles, overrides, promotions included),
    asked of every level, each for the seat whose decision it is."""
    game = random_game(key, seed, options)
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
    seats = Seats((Level.EASY, Level.GREEDY), think_ms=10)
    game = computer_game(key, 3, seats, limit=DECISIONS)
    assert all(p.seat in {s.key for s in game.rules.seats()} for p in game.plies)
    path = tmp_path / f"{key}.json"
    save_game(game, path)
    assert verify_file(path) is None
    loaded = load_game(path).game
    assert [p.action for p in loaded.plies] == [p.action for p in game.plies]
    assert "(easy computer)" in loaded.players[game.rules.seats()[0].key]


def test_gc_14_gc_32_a_computer_holding_one_commander_decides_only_for_that_seat():
    """Gladiator: while a commander is to move, the King's seat may override and the Queen's
    may heal. A computer holding one seat picks only its own choices; holding the side (the
    whole team) it may pick any."""
    rules = random_game("gladiator", 2).rules
    shared = []
    for seed in range(2, 6):
        for pos in random_game("gladiator", seed).positions:
            state = pos.state
            deciders = {rules.decider(state, a) for a in rules.legal_actions(state)}
            if len(deciders) > 1:
                shared.append((state, deciders))
    assert shared
    for state, deciders in shared[:: max(1, len(shared) // 6)]:
        side = rules.side_names[rules.side_to_move(state)].lower()
        for level in LEVELS:
            player = make_player(level)
            for seat in deciders:
                action = player.choose(rules, state, seat, random.Random(1), SMALL)
                assert rules.decider(state, action) == seat
            action = player.choose(rules, state, side, random.Random(1), SMALL)
            assert action in rules.legal_actions(state)


def test_an_unknown_seat_is_refused_with_the_seats_named():
    rules = random_game("gladiator", 2).rules
    state = random_game("gladiator", 2).positions[0].state
    with pytest.raises(ValueError, match=r"no seat 'red'.*white\.king"):
        make_player("greedy").choose(rules, state, "red", random.Random(1), SMALL)
