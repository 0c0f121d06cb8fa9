"""A campaign game's surrender (DD-45) asks for confirmation, as Resign does (issue 12 item 4):
No keeps the game going, Yes ends it."""

from __future__ import annotations

from battlechess_tui.campaign.store import create_campaign, default_dir
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.campaign import CampaignScreen, CampaignTable
from battlechess_tui.ui.screens.dialogs import Confirm, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from tests.ui.driver import type_action


async def test_dd_45_surrender_is_confirmed_first(tmp_path) -> None:
    path = create_campaign("War", default_dir(tmp_path), "Ann", "Bob")
    app = BattleChessApp("menu", save_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(CampaignScreen(path))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and isinstance(screen.policy, CampaignTable)
        await type_action(pilot, "e2e4")
        await type_action(pilot, "surrender")
        assert isinstance(app.screen, Confirm)
        assert app.screen.question.startswith("Bob (Black): surrender this game (DD-45)?")
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and not screen.game.over and len(screen.game.plies) == 1
        await type_action(pilot, "surrender")
        await pilot.press("y")
        await pilot.pause()
        outcome = screen.game.outcome
        assert outcome is not None and outcome.kind == Ending.SURRENDER
        assert "surrendered" in screen.game.presenter.outcome_reason(outcome)
        assert isinstance(app.screen, ResultPanel)
