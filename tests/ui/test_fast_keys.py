"""Keys faster than the screens (issue 28, item 12): a back action that reaches a screen
already closed, or one not yet drawn, is ignored (it popped the menu: ``ScreenStackError``
from settings, help and the new-game form), and the command palette opens once even while
the one just closed is still being removed (``DuplicateIds: '--command-palette'``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectOverlay

from battlechess_tui.tutorial.catalogue import shipped
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.navigation import NewGame
from battlechess_tui.ui.screens.help import HelpScreen
from battlechess_tui.ui.screens.lesson import LearnScreen, LessonScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.new_game import NewGameScreen
from battlechess_tui.ui.screens.palette import CommandPalette
from battlechess_tui.ui.screens.rules import RulesScreen
from battlechess_tui.ui.screens.settings import SettingsScreen
from battlechess_tui.ui.settings import Settings
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel


def menu_app(save_dir: Path) -> BattleChessApp:
    return BattleChessApp("menu", save_dir=save_dir, settings=Settings(animate=False))


async def settle(pilot: Pilot, times: int = 6) -> None:
    for _ in range(times):
        await pilot.pause()


def stack(app: BattleChessApp) -> list[type[Screen[object]]]:
    return [type(screen) for screen in app.screen_stack]


OVER_THE_MENU: dict[str, Callable[[], Screen[Any]]] = {
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
        assert hasattr(screen, "action_back")
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


# -- a choice queued on the menu, or a quit, while another screen is still opening --------------
# (random 500-key runs at 100x30: ``NoMatches`` from the on_mount of a Select, of the settings
# screen or of the new-game form, when the app quit, or popped the screen, before it was drawn)


def choose_on_menu(app: BattleChessApp, option_id: str) -> None:
    """Enter on the menu's ``option_id``, as a key queued before the screen opened over it."""
    options = app.screen.query_one("#menu-options", OptionList)
    options.highlighted = options.get_option_index(option_id)
    options.action_select()


@pytest.mark.parametrize("opening", [SettingsScreen, NewGameScreen])
@pytest.mark.parametrize("choice", ["quit", "new", "rules"])
async def test_hc_28_12_a_menu_choice_arriving_under_a_new_screen_is_ignored(
    tmp_path, opening, choice
):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        choose_on_menu(app, choice)  # Enter on the menu, handled after ...
        app.push_screen(opening())  # ... f2 (or n) opened a screen over it
        await settle(pilot)
        assert app._exception is None and app.is_running
        assert stack(app) == [MenuScreen, opening]
        assert app.screen.is_mounted


@pytest.mark.parametrize("opening", [SettingsScreen, NewGameScreen])
async def test_hc_28_12_quitting_while_a_screen_opens_exits_cleanly(tmp_path, opening):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(opening())
        app.exit()  # ctrl+q (or the palette's Quit) before the screen is drawn
        await settle(pilot)
    assert app._exception is None and app.return_code == 0


@pytest.mark.parametrize("opening", [SettingsScreen, NewGameScreen])
async def test_hc_28_12_navigation_while_a_screen_opens_waits_for_it(tmp_path, opening):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(opening())
        app.post_message(NewGame())  # the palette's "New game" before the screen is drawn
        await settle(pilot)
        assert app._exception is None and stack(app) == [MenuScreen, NewGameScreen]
        assert app.screen.is_mounted


async def test_hc_28_12_page_keys_on_an_actions_panel_without_room_are_ignored(tmp_path):
    app = menu_app(tmp_path)
    async with app.run_test(size=(40, 15)) as pilot:  # the narrow table leaves it no room
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        panel = app.screen.query_one("#actions", ActionsPanel)
        assert panel.option_count and not panel.scrollable_content_region
        panel.focus()
        panel.highlighted = 0
        await pilot.press("pagedown", "pageup", "pagedown")
        await settle(pilot)
        assert app._exception is None and panel.highlighted == 0


async def test_hc_28_12_leaving_a_lesson_before_it_is_drawn_is_ignored(tmp_path):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_lessons(shipped()[0].key)
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        lesson.action_quit_game()  # q, typed before the lesson is drawn
        await settle(pilot)
        assert app._exception is None and stack(app) == [MenuScreen, LearnScreen, LessonScreen]
        await pilot.press("q")
        await settle(pilot)
        assert stack(app) == [MenuScreen, LearnScreen]


async def test_hc_28_12_page_keys_on_a_select_opening_are_ignored(tmp_path):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        select = app.screen.query_one("#pieces", Select)
        overlay = select.query_one(SelectOverlay)
        select.expanded = True  # Enter opened the list, and the next keys reach it ...
        overlay.focus()
        assert not overlay.scrollable_content_region  # ... before it is laid out
        overlay.action_page_down()
        overlay.action_page_up()
        await settle(pilot)
        assert app._exception is None and select.expanded


async def test_hc_28_12_keys_for_a_lesson_not_yet_drawn_are_ignored(tmp_path):
    app = menu_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_lessons(shipped()[0].key)
        lesson = app.screen
        assert not lesson.is_mounted
        await app.run_action("skip", lesson)  # escape's binding, before the lesson is drawn
        await settle(pilot)
        assert app._exception is None and stack(app) == [MenuScreen, LearnScreen, LessonScreen]
