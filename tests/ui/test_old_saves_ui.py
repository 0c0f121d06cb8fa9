"""The app's saves list and old saves (issue 37, item 1): every save of the old-saves corpus is
listed, none as unreadable; one played under an older rules revision opens with the line that
says so, a current one without it."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import OptionList

from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.screens.saves import SavesScreen
from battlechess_tui.ui.settings import Settings
from tests.old_saves import CORPUS, read_manifest

ENTRIES = read_manifest()["saves"]
OPENED = {
    "gladiator-3-0000-f5-fb91c76.json": (
        "played under Gladiator Chess rules revision 1; GC-31 has changed since"
    ),
    "campaign-game-003-f1-72c00ac.json": (
        "played under D&D Battle Chess rules revision 1; DD-14, DD-27 have changed since"
    ),
    "classic-14-0000-f1-8bc67af.json": None,
}


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    for entry in ENTRIES:
        shutil.copyfile(CORPUS / entry["file"], folder / entry["file"])
    return folder


def _notices(app: BattleChessApp) -> list[str]:
    return [n.message for n in app._notifications if n.title == "Older rules"]


async def test_every_old_save_is_listed_and_an_older_revision_opens_with_its_line(tmp_path):
    folder = _folder(tmp_path)
    app = BattleChessApp(save_dir=folder, settings=Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        for name, line in OPENED.items():
            await pilot.pause()
            app.open_saves("replay")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SavesScreen)
            listed = {s.path.name: s for s in screen.saves}
            assert sorted(listed) == sorted(e["file"] for e in ENTRIES)
            assert [s.path.name for s in screen.saves if s.problem] == []
            assert listed[name].plies == next(e for e in ENTRIES if e["file"] == name)["decisions"]
            app.clear_notifications()
            screen.query_one("#save-list", OptionList).highlighted = screen.saves.index(
                listed[name]
            )
            await pilot.press("enter")
            for _ in range(40):
                await pilot.pause()
                if isinstance(app.screen, ReplayScreen):
                    break
            assert isinstance(app.screen, ReplayScreen), name
            assert _notices(app) == ([line] if line else []), name
            app.pop_screen()
