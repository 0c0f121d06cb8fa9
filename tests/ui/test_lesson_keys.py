"""A lesson leaves out the game table's undo, save, load, draw and resign keys (issue 15: a
lesson is practice, retried with R, never saved)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from battlechess_tui.tutorial.catalogue import find
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.lesson import LessonScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import type_action


async def test_lesson_has_no_undo_save_or_resign_keys(tmp_path: Path) -> None:
    ref = find("classic", "check-and-mate")
    app = BattleChessApp("menu", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LessonScreen(LessonRun(ref), tmp_path)
        app.push_screen(screen)
        await pilot.pause()
        await type_action(pilot, ref.lesson.steps[0].expect[0])
        plies = len(screen.game.plies)
        assert plies and screen.run.index == 1
        await pilot.press("escape", "escape", "u", "s", "x")
        await pilot.pause()
        assert app.screen is screen and len(screen.game.plies) == plies
        assert list(tmp_path.glob("*.json")) == []
        # Letters no command has open the move box (issue 25 item 12): typed, not commands.
        assert screen.query_one("#move-input", Input).value == "usx"
        await pilot.press("escape", "escape")
        shown = {key for key, b in screen.active_bindings.items() if b.enabled}
        assert not shown & {"u", "s", "x"} and "R" in shown
