"""D&D Battle Chess under random play: every game ends (DD-4 ruling), replays are exact
(DD-18: every die recorded), and perft counts decisions with battles assumed won."""

import pytest

from battlechess_tui.engine.registry import make_variant
from tests.typed import no_dice
from tests.whole_games import random_game, rebuilt


@pytest.mark.parametrize("level", [1, 5])
def test_dd_4_dd_9_dd_18_random_games_end_and_replay_exactly(level):
    variant = make_variant("dnd", {"level": level})
    for seed in range(20):
        game = random_game(variant, seed)
        assert game.outcome is not None and len(game.plies) < 5000, f"seed {seed} runs on"
        again = rebuilt(game)
        assert [p.events for p in again.plies] == [p.events for p in game.plies]
        assert again.outcome == game.outcome
        end, other = game.state, again.state
        assert (end.pieces, end.at, end.used_squares, end.killed) == (
            other.pieces,
            other.at,
            other.used_squares,
            other.killed,
        )


def test_perft_counts_decisions():
    variant = make_variant("dnd")
    state, _ = variant.new_game(no_dice())
    assert variant.rules.perft(state, 1) == 20
    assert variant.rules.perft(state, 2) == 400
    assert "battles are won at once" in variant.rules.perft_unit
