"""Every game finished through the UI: the last decisions of each example save in `saves/`
made by cursor keys, clicks and typing, ending on the result panel with the save's own result
(the dice of each decision come from the game's seed, so the fights fall as they fell), and the
autosave of the finished game replays and verifies.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.save.store import autosave_path, load_game, read_record, verify_file
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import ResultPanel
from tests.ui.variant_games import play_one

SAVES = Path(__file__).parents[2] / "saves"
EXAMPLES = {read_record(p).variant: p for p in sorted(SAVES.glob("*.json"))}
LAST = 4
HOW = ("keys", "mouse", "typed", "keys")


@pytest.mark.parametrize("variant", ["classic", "single-combat", "dice-chess", "gladiator", "dnd"])
async def test_last_decisions_of_an_example_game_through_the_ui(variant: str, tmp_path: Path):
    game = load_game(EXAMPLES[variant]).game
    result = game.outcome
    assert result is not None
    final = [p.action for p in game.plies[-LAST:]]
    game.truncate(len(game.plies) - LAST)
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for action, how in zip(final, HOW, strict=True):
            await play_one(pilot, action, how)
        assert isinstance(app.screen, ResultPanel)
        assert app.screen.result == game.presenter.describe_outcome(result)
    autosave = autosave_path(tmp_path)
    assert load_game(autosave).game.outcome == result
    assert verify_file(autosave) is None
