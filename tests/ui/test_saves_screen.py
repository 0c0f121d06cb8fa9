"""The saves list (issue 13, item 8; issue 17, items 2 and 9): every file is listed, an
unreadable one with its reason; a save is deleted after a confirmation and renamed; the list
and the file box fit 80x24; opening a finished game and leaving does not rewrite it; an edited
save opens only read-only, by the player's choice; names are text, never markup."""

from __future__ import annotations

import json
import os
from pathlib import Path

from textual.widgets import Input, OptionList, Static

from battlechess_tui.save.store import save_game
from battlechess_tui.session import build_game
from battlechess_tui.simulation import random_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import Confirm, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.menu import MenuScreen
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.screens.saves import RenameDialog, SavesScreen, describe
from battlechess_tui.ui.settings import Settings
from tests.fuzz_inputs import make_fifo


def _folder(tmp_path: Path, games: int = 12) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    game = random_game("classic", seed=11)
    game.players = {"white": "[b]Ann[/]", "black": "[@click=app.quit]Bo[/]"}
    for n in range(games):
        save_game(game, folder / f"game-{n:02d}.json")
    (folder / "cut.json").write_text('{"format": "battlechess-save", "plies": [')
    make_fifo(folder / "pipe.json")
    return folder


async def _open_saves(pilot, app) -> SavesScreen:
    await pilot.pause()
    app.open_saves("load")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SavesScreen)
    return screen


def _visible(screen: SavesScreen, selector: str) -> bool:
    widget = screen.query_one(selector)
    region = widget.region
    return widget.display and region.height > 0 and region.bottom <= screen.size.height


async def test_the_list_fits_80x24_with_the_file_box_and_shows_unreadable_files(tmp_path):
    folder = _folder(tmp_path)
    app = BattleChessApp(save_dir=folder, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_saves(pilot, app)
        assert len(screen.saves) == 14
        assert _visible(screen, "#save-path") and _visible(screen, "#save-list")
        problems = {s.path.name: s.problem for s in screen.saves if s.problem}
        assert set(problems) == {"cut.json", "pipe.json"}
        options = screen.query_one("#save-list", OptionList)
        options.highlighted = len(screen.saves) - 1  # pipe.json, last
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#saves-error", Static).render())
        assert "not a regular file" in error


async def test_delete_asks_first_and_rename_checks_the_name(tmp_path):
    folder = _folder(tmp_path, games=2)
    app = BattleChessApp(save_dir=folder, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_saves(pilot, app)
        first = screen.saves[0].path
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert first.exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not first.exists() and first not in [s.path for s in screen.saves]
        target = screen.saves[0].path
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RenameDialog)
        box = dialog.query_one("#new-name", Input)
        box.value = "../escape"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog  # refused, said in the dialog
        box.value = "Ann's [b]best game"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and not target.exists()
        assert (folder / "Ann's [b]best game.json").is_file()
        assert "Ann's [b]best game" in str(
            screen.query_one("#save-list", OptionList).get_option_at_index(0).prompt
        )


async def test_opening_a_finished_game_and_leaving_does_not_rewrite_it(tmp_path):
    folder = _folder(tmp_path, games=1)
    path = folder / "game-00.json"
    before = path.read_bytes(), os.stat(path).st_mtime_ns
    app = BattleChessApp(save_dir=folder, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_saves(pilot, app)
        screen.open(path)
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ResultPanel):
                break
        assert isinstance(app.screen, ResultPanel)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before


async def test_an_edited_save_opens_read_only_by_choice(tmp_path):
    folder = _folder(tmp_path, games=1)
    path = folder / "game-00.json"
    doc = json.loads(path.read_text())
    doc["plies"][2]["events"].append({"kind": "note", "tag": "capture"})
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    app = BattleChessApp(save_dir=folder, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_saves(pilot, app)
        screen.open(path)
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "ply 3" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        screen.open(path)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.path is None  # never saved over
    assert path.read_bytes() == before


async def test_a_computer_game_is_listed_with_the_computer_and_its_level(tmp_path):
    """Load names the computer and its level (issue 39 item 10), not "White vs Black"."""
    folder = tmp_path / "saves"
    folder.mkdir()
    game = build_game("classic", None, 7, {"white": "Ann"}, {"black": "hard"})
    game.play("e2e4")
    save_game(game, folder / "vs-computer.json")
    gladiator = build_game("gladiator", None, 7, None, {"black": "easy", "white.queen": "hard"})
    save_game(gladiator, folder / "team.json")
    app = BattleChessApp(save_dir=folder, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_saves(pilot, app)
        listed = {s.path.name: str(describe(s)) for s in screen.saves}
        assert "Ann vs Black (computer, hard) · 1 move" in listed["vs-computer.json"]
        assert "White & White (computer, hard) vs Black (computer, easy) ·" in listed["team.json"]
        shown = str(screen.query_one("#save-list", OptionList).get_option_at_index(0).prompt)
        assert "(computer, " in shown
