"""D&D Battle Chess under random play: every game ends (DD-4 ruling), replays are exact
(DD-18: every die recorded), and perft counts decisions with battles assumed won."""

import random

import pytest

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant


def random_game(variant, seed: int) -> Game:
    game = Game(variant, seed)
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.rule_actions()))
        assert len(game.plies) < 5000, f"seed {seed} runs on"
    return game


@pytest.mark.parametrize("level", [1, 5])
def test_dd_4_dd_9_dd_18_random_games_end_and_replay_exactly(level):
    variant = make_variant("dnd", {"level": level})
    for seed in range(20):
        game = random_game(variant, seed)
        assert game.outcome is not None
        moves = [(p.action.text(variant.geo), p.events) for p in game.plies]
        again = Game.rebuild(variant, seed, None, game.setup_events, moves)
        assert [p.events for p in again.plies] == [p.events for p in game.plies]
        assert again.outcome == game.outcome
        end, rebuilt = game.state, again.state
        assert (end.pieces, end.at, end.used_squares, end.killed) == (
            rebuilt.pieces,
            rebuilt.at,
            rebuilt.used_squares,
            rebuilt.killed,
        )


def test_perft_counts_decisions():
    variant = make_variant("dnd")
    state, _ = variant.new_game(None)
    assert variant.perft(state, 1) == 20
    assert variant.perft(state, 2) == 400
    assert "battles are won at once" in variant.perft_unit
