"""Display settings kept between runs: dice animation, piece set, board colours, theme."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Select

from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.commands import palette_entries
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.settings import SettingsScreen
from battlechess_tui.ui.settings import (
    Settings,
    _as_written,
    load_settings,
    save_settings,
    settings_path,
)
from tests.fuzz_inputs import make_fifo


async def test_animation_key_is_saved_and_read_by_the_next_run() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.settings.animate
        await pilot.press("m")
        assert not app.settings.animate
    assert json.loads(settings_path().read_text())["animate"] is False
    again = BattleChessApp()
    assert not again.settings.animate


async def test_animation_command_is_in_the_palette_of_every_screen() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [entry.title for entry in palette_entries(app.screen)]
        assert "Dice animation (m)" in titles
        assert "Settings (s)" in titles  # the menu's own entry, not the app's twice
        assert sum(t.startswith("Settings") for t in titles) == 1


async def test_settings_screen_changes_pieces_palette_and_theme() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        screen = app.screen
        screen.query_one("#pieces", Select).value = "ascii"
        screen.query_one("#palette", Select).value = "high-contrast"
        screen.query_one("#theme", Select).value = "textual-light"
        await pilot.pause()
        assert app.theme == "textual-light"
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
    saved = load_settings()
    assert saved.problem is None
    assert saved.settings == Settings(
        pieces="ascii", palette="high-contrast", theme="textual-light"
    )
    assert BattleChessApp().theme == "textual-light"


async def test_theme_from_the_palette_is_saved() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)):
        app.theme = "nord"
    assert load_settings().settings.theme == "nord"


async def test_corrupt_settings_file_is_ignored_with_a_notice() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"animate": "sometimes", "pieces": 3')
    app = BattleChessApp()
    assert app.settings == Settings()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("Settings file" in n.message for n in app._notifications)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\xff binary", "not a text file"),
        (b"[" * 5000 + b"]" * 5000, "nested more than"),
        (b'{"animate": ' + b"9" * 5000 + b"}", "number longer than"),
        (b'{"theme": "' + b"x" * 100_000 + b'"}', "too large"),
    ],
    ids=["binary", "deep", "huge-integer", "too-large"],
)
async def test_a_bad_settings_file_starts_with_defaults_and_says_so_once(
    content: bytes, reason: str
) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    loaded = load_settings()
    assert loaded.settings == Settings() and reason in (loaded.problem or "")
    assert "\n" not in (loaded.problem or "")
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        notices = [n.message for n in app._notifications if "Settings file" in n.message]
        assert len(notices) == 1
    assert path.read_bytes() == content  # never rewritten unless a setting is changed


def test_a_settings_fifo_or_link_to_dev_zero_is_refused_without_blocking() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    make_fifo(path)
    assert "not a regular file" in (load_settings().problem or "")
    path.unlink()
    path.symlink_to("/dev/zero")
    assert "not a regular file" in (load_settings().problem or "")


def test_wrong_values_and_unknown_theme_fall_back_to_defaults() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"palette": "rainbow"}')
    loaded = load_settings()
    assert loaded.settings == Settings() and "palette" in (loaded.problem or "")
    save_settings(Settings(theme="no-such-theme"))
    app = BattleChessApp()
    assert app.theme != "no-such-theme"
    assert "Unknown theme" in (app._settings_problem or "")


def test_settings_given_by_a_caller_are_never_saved() -> None:
    app = BattleChessApp(settings=Settings(animate=False))
    app.update_settings(pieces="ascii")
    assert not settings_path().exists()


def test_a_file_as_written_is_read_without_pydantic() -> None:
    """The start-up shortcut and the pydantic format agree on every field."""
    settings = Settings(animate=False, pieces="ascii", palette="no-colour", theme="nord")
    save_settings(settings)
    assert _as_written(json.loads(settings_path().read_text())) == settings
    assert _as_written({"animate": False}) is None  # anything else goes through pydantic
    assert load_settings().settings == settings


async def test_keys_typed_right_after_quit_open_nothing(tmp_path) -> None:
    """``q s`` at once: the app leaves cleanly (the settings screen used to be pushed while the
    app closed, and crashed without its widgets)."""
    app = BattleChessApp(save_dir=tmp_path, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        app.simulate_key("q")
        app.simulate_key("s")
        await pilot.pause()
        assert not any(isinstance(s, SettingsScreen) for s in app.screen_stack)
    assert app.return_code == 0
