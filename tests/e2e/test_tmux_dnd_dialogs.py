"""The real app in a real terminal (tmux, a private server): a D&D hot-seat battle between two
people, counting the dialogs that cover the board (issue 25 item 8). By default a two-player
game brings none: the line above the board says what happened since your last move. The
setting "Between players" brings one each time the keyboard passes. Skipped without tmux.

The game (seed 7): 1. e4 a6 2. Cxa6, then the Cleric's battle fought with ``attack`` by both
sides until it ends; each decision is waited for in the game's save, then the screen is
watched for a hand-over notice, which is counted and dismissed.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.test_tmux_gladiator import Terminal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

ROOT = Path(__file__).resolve().parents[2]
OPENING = ("e2e4", "a7a6", "f1a6")
#: The battle's decisions at seed 7: five attacks each (the battle then ends).
BATTLE = ("attack",) * 10
NOTICE = "Hand over to"
#: How long to wait for the screen or the save before failing (not a timing assert).
PATIENCE = 20.0
#: How long a decision's screen is watched for a notice (animations are off: it comes at once).
WATCH = 1.0


class Table(Terminal):
    """A tmux server of our own (``-L``) running one game, and the folder it saves in."""

    def __init__(self, socket: str, saves: Path) -> None:
        super().__init__(socket)
        self.saves = saves
        self.dialogs = 0
        self.screens: list[str] = []

    def plies(self) -> int:
        """Decisions in the game's save (its own file, not the autosave pointer)."""
        for path in self.saves.glob("dnd-*.json"):
            try:
                return len(json.loads(path.read_text())["plies"])
            except (ValueError, KeyError, OSError):
                return -1  # being written
        return 0

    def wait(self, done: object, what: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while not done():  # type: ignore[operator]
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never happened; the screen:\n{self.screen()}")
            time.sleep(0.05)

    def decide(self, text: str) -> str:
        """Type a decision, wait for it in the save, then count (and dismiss) a notice that
        covers the board; the screen the next player sees."""
        before = self.plies()
        self.tmux("send-keys", "-t", "app", "-l", f":{text}")
        self.tmux("send-keys", "-t", "app", "Enter")
        self.wait(lambda: self.plies() > before, f"{text!r} in the save")
        deadline = time.monotonic() + WATCH
        while time.monotonic() < deadline:
            shown = self.screen()
            if NOTICE in shown:
                self.dialogs += 1
                self.tmux("send-keys", "-t", "app", "Enter")
                self.wait(lambda: NOTICE not in self.screen(), "the notice's dismissal")
                break
            time.sleep(0.05)
        shown = self.screen()
        self.screens.append(shown)
        assert "Refused" not in shown, shown
        return shown


@pytest.fixture
def table_factory(tmp_path: Path) -> Iterator[Callable[[str], Table]]:
    started: list[Table] = []

    def start(handover: str) -> Table:
        config = tmp_path / f"config-{handover}"
        config.mkdir()
        settings = {"animate": False, "pieces": "figures", "palette": "theme",
                    "theme": "textual-dark", "handover": handover, "free_undo": False,
                    "notation": "san", "turn_board": False}  # fmt: skip
        (config / "settings.json").write_text(json.dumps(settings))
        saves = tmp_path / f"saves-{handover}"
        env = {"BATTLECHESS_SAVE_DIR": str(saves), "BATTLECHESS_CONFIG_DIR": str(config),
               "TERM": "xterm-256color"}  # fmt: skip
        command = " ".join([*(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                            shlex.quote(sys.executable), "-m", "battlechess_tui",
                            "play", "dnd", "--seed", "7"])  # fmt: skip
        table = Table(f"battlechess-dnd-{os.getpid()}-{handover}", saves)
        table.tmux(
            "new-session", "-d", "-s", "app", "-x", "120", "-y", "40", "-c", str(ROOT), command
        )
        started.append(table)
        table.wait(lambda: "White to move" in table.screen(), "the game's start")
        return table

    yield start
    for table in started:
        subprocess.run(["tmux", "-L", table.socket, "kill-server"], capture_output=True,
                       timeout=10)  # fmt: skip


def play_the_battle(table: Table) -> None:
    for move in OPENING + BATTLE:
        table.decide(move)
    assert table.plies() == len(OPENING) + len(BATTLE)


def test_a_dnd_hot_seat_battle_brings_no_dialog_by_default(
    table_factory: Callable[[str], Table],
) -> None:
    table = table_factory("team")
    play_the_battle(table)
    assert table.dialogs == 0
    assert all("Since your last move:" in shown for shown in table.screens)


def test_between_players_a_notice_each_time_the_keyboard_passes(
    table_factory: Callable[[str], Table],
) -> None:
    table = table_factory("on")
    play_the_battle(table)
    # White: e4, Black: a6, White: Cxa6 and the first attack (one keyboard, no notice), then
    # the keyboard passes at every attack: 2 + 9 notices, the last after Black's attack.
    assert table.dialogs == 11, table.dialogs
