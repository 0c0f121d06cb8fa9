"""Start-up loads no game (issue 38, speed): the menu's first frame imports neither a game's
rules nor the engine's validation (pydantic); a game is loaded when it is opened. Speed itself
is measured by ``benchmarks/bench_ui.py`` (against a bare Textual app), not here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Starts the app to its menu (list focused, footer drawn), then prints the modules loaded.
MENU_THEN_MODULES = """
import json, os, sys
os.environ["TEXTUAL_ANIMATIONS"] = "none"
from battlechess_tui.ui.app import BattleChessApp

class Menu(BattleChessApp):
    def on_mount(self):
        super().on_mount()
        self.set_interval(0.01, self.check)

    def check(self):
        if type(self.screen).__name__ == "MenuScreen" and self.screen.query("FooterKey"):
            self.exit()

Menu().run(headless=True, size=(80, 24))
print(json.dumps(sorted(sys.modules)))
"""


def _modules_at_menu(tmp_path: Path, *args: str) -> list[str]:
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        BATTLECHESS_SAVE_DIR=str(tmp_path / "saves"),
        BATTLECHESS_CONFIG_DIR=str(tmp_path / "config"),
    )
    done = subprocess.run(
        [sys.executable, "-c", MENU_THEN_MODULES, *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def test_the_menu_loads_no_game_and_no_validation(tmp_path):
    modules = _modules_at_menu(tmp_path)
    games = [m for m in modules if m.startswith("battlechess_tui.rules")]
    assert games == []
    assert "pydantic" not in modules
    assert "battlechess_tui.engine.registry" not in modules


def test_the_commands_parser_loads_no_game_either():
    """``battlechess`` with no command builds its parser first: that loads no game either."""
    probe = (
        "import json, sys\n"
        "from battlechess_tui.cli import build_parser\n"
        "build_parser()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    modules = json.loads(done.stdout)
    assert [m for m in modules if m.startswith(("battlechess_tui.rules", "pydantic"))] == []
