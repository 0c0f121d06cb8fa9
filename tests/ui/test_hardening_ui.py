"""Nothing a name, a key or the window's size does crashes the app (issue 17, items 9 and 10):
names are text, never markup; keys typed faster than a screen opens or closes are handled
once; keys typed with a hand-over's Enter are not commands to the board; a window too small
for the table says so instead of drawing it."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import HandOver
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.settings import Settings
from tests.ui.driver import table

MARKUP = "[b]Ann[/] [@click=app.quit]x[/]"


def app_with(players: dict[str, str], save_dir: Path) -> BattleChessApp:
    game = build_game("classic", None, 7, players)
    settings = Settings(animate=False, handover="on")  # the notice in a two-player game too
    return BattleChessApp("play", game=game, save_dir=save_dir, settings=settings)


async def settle(pilot: Pilot, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


async def test_names_with_markup_are_shown_as_typed(tmp_path: Path) -> None:
    app = app_with({"white": "[/]", "black": MARKUP}, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"e2e4", "enter")
        await pilot.pause()
        notice = app.screen
        assert isinstance(notice, HandOver)
        shown = " ".join(str(label.render()) for label in notice.query("Label"))
        assert f"Hand over to {MARKUP} (Black)" in shown  # as typed: nothing bold, no link
        assert "[/] (White) played e4." in shown
        app.simulate_key("enter")
        app.simulate_key("enter")  # dismissed twice at once: answered once
        await settle(pilot)
        screen = table(pilot)
        assert str(screen.query_one("#message", Static).render()) == "[/] (White) played e4."
        app.notify(MARKUP)  # a notice with the name in it
        await pilot.pause()
        assert app.is_running and app.return_code is None  # [@click=app.quit] did not run


async def test_keys_typed_with_the_hand_overs_enter_are_not_commands(tmp_path: Path) -> None:
    app = app_with({"white": "Ann", "black": "Bob"}, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *"e2e4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOver)
        for key in ("enter", "colon", "d", "7", "d", "5"):  # all at once, before a redraw
            app.simulate_key(key)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert [p.notation for p in screen.game.plies] == ["e4"]  # no draw offered ("d")
        await pilot.press("colon", *"d7d5", "enter")  # once the board is shown, keys work
        await pilot.pause()
        assert [p.notation for p in screen.game.plies] == ["e4", "d5"]


async def test_a_window_too_small_asks_to_be_larger_then_shows_the_game(tmp_path: Path) -> None:
    app = BattleChessApp(
        "play",
        game=build_game("gladiator", None, 3, None),
        save_dir=tmp_path,
        settings=Settings(animate=False),
    )
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.press("right", "enter", "tab", "tab", "x")  # keys reach no hidden table
        await settle(pilot)
        screen = table(pilot)
        notice = screen.query_one("#too-small", Static)
        assert notice.display and "Make the window larger" in str(notice.render())
        assert not screen.query_one("#table").display
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not notice.display and screen.query_one("#table").display


async def test_the_command_palette_under_fast_keys(tmp_path: Path) -> None:
    """``ctrl+p pagedown`` and ``ctrl+p enter enter`` typed at once."""
    for keys in (("ctrl+p", "pagedown"), ("ctrl+p", "enter", "enter")):
        app = BattleChessApp(save_dir=tmp_path, settings=Settings(animate=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in keys:
                app.simulate_key(key)
            await settle(pilot, 8)
            assert isinstance(app.screen_stack[0], MenuScreen)
            assert len(app.screen_stack) <= 2  # the palette, or the one command it ran
