"""Keys faster than the screens (issue 28, item 12): a back action that reaches a screen
already closed, or one not yet drawn, is ignored (it popped the menu: ``ScreenStackError``
from settings, help and the new-game form), and the command palette opens once even while
the one just closed is still being removed (``DuplicateIds: '--command-palette'``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.help import HelpScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.new_game import NewGameScreen
from battlechess_tui.ui.screens.palette import CommandPalette
from battlechess_tui.ui.screens.rules import RulesScreen
from battlechess_tui.ui.screens.settings import SettingsScreen
from battlechess_tui.ui.settings import Settings


def menu_app(save_dir: Path) -> BattleChessApp:
    return BattleChessApp("menu", save_dir=save_dir, settings=Settings(animate=False))


async def settle(pilot: Pilot, times: int = 6) -> None:
    for _ in range(times):
        await pilot.pause()


def stack(app: BattleChessApp) -> list[type[Screen[object]]]:
    return [type(screen) for screen in app.screen_stack]


OVER_THE_MENU = {
    "settings": SettingsScreen,
    "help": lambda: HelpScreen(MenuScreen()),
    "new-game": NewGameScreen,
    "rules": lambda: RulesScreen("classic"),
}


@pytest.mark.parametrize("name", OVER_THE_MENU)
async def test_hc_28_12_a_second_back_on_a_closed_screen_is_ignored(tmp_path, name):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = OVER_THE_MENU[name]()
        app.push_screen(screen)
        await settle(pilot)
        screen.action_back()  # escape, and a second one queued before the first took effect
        screen.action_back()
        await settle(pilot)
        assert stack(app) == [MenuScreen] and app.is_running and app._exception is None


async def test_hc_28_12_back_before_the_screen_is_drawn_is_ignored(tmp_path):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = SettingsScreen()
        app.push_screen(screen)
        screen.action_back()  # not drawn yet: closing it now would fail its on_mount
        await settle(pilot)
        assert stack(app) == [MenuScreen, SettingsScreen] and app._exception is None
        await pilot.press("escape")
        await settle(pilot)
        assert stack(app) == [MenuScreen]


async def test_hc_28_12_the_palette_opens_once_while_the_last_one_is_removed(tmp_path):
    app = menu_app(tmp_path)
    async with app.run_test(size=(40, 15)) as pilot:
        app.action_command_palette()
        await settle(pilot, 2)
        app.pop_screen()  # closed, still being removed ...
        app.action_command_palette()  # ... when the key opens another
        app.action_command_palette()  # and a second ctrl+p before it is drawn
        await settle(pilot)
        assert stack(app) == [MenuScreen, CommandPalette] and app._exception is None


#: Keys typed at once at 100x30 (from a random key log): each screen opened and closed twice.
KEY_LOG = ["f2", "escape", "escape", "question_mark", "escape", "escape", "n", "escape",
           "escape", "r", "escape", "escape", "ctrl+p", "escape", "ctrl+p", "ctrl+p", "escape",
           "f2", "question_mark", "escape", "escape", "escape"]  # fmt: skip


async def test_hc_28_12_a_fast_key_log_leaves_the_menu_standing(tmp_path):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for key in KEY_LOG:
            app.simulate_key(key)
        await settle(pilot, 12)
        assert stack(app)[0] is MenuScreen and app._exception is None
        await pilot.press("escape", "escape", "escape")
        await settle(pilot)
        assert stack(app) == [MenuScreen]
