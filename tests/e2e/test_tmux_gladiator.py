"""The real app in a real terminal (tmux): the first Gladiator team turn played with four typed
moves, one per commander, and no override question (issue 12 item 1, GC-12, GC-14: a
commander's own move means no override). Skipped where tmux is missing."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

ROOT = Path(__file__).resolve().parents[2]
#: The first team turn, each move with what the screen shows next: King f2f4, Queen e1h4,
#: Black Knight g1h3, King's Knight i1j3; then Black's King (or the hand-over to Black).
TEAM_TURN = (("f2f4", ("White — Queen's move",)), ("e1h4", ("White — Black Knight's move",)),
             ("g1h3", ("White — King's Knight's move",)),
             ("i1j3", ("Black — King's move", "Hand over to Black")))  # fmt: skip
#: What the old override question showed (GC-14 before issue 12): never seen now.
QUESTION = ("override?", "no-override", "no override")
#: How long to wait for the screen to show something before failing (not a timing assert).
PATIENCE = 20.0


class Terminal:
    """A tmux server of our own (``-L``), running one window of the app."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True,
                              text=True, check=True, timeout=10)  # fmt: skip
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "app")

    def wait_for(self, *texts: str) -> str:
        """The screen once it shows one of ``texts``; every screen seen is checked for an
        override question."""
        deadline = time.monotonic() + PATIENCE
        while True:
            shown = self.screen()
            assert not any(
                q in shown.lower() for q in ("override?", "no-override", "no override")
            ), shown
            if any(text in shown for text in texts):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{texts} never appeared; the screen:\n{shown}")
            time.sleep(0.05)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "app", "-l", text)
        self.tmux("send-keys", "-t", "app", "Enter")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(f"battlechess-test-{os.getpid()}")
    env = {
        "BATTLECHESS_SAVE_DIR": str(tmp_path / "saves"),
        "BATTLECHESS_CONFIG_DIR": str(tmp_path / "config"),
        "TERM": "xterm-256color",
    }
    command = " ".join([*(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                        shlex.quote(sys.executable), "-m", "battlechess_tui",
                        "play", "gladiator", "--seed", "3"])  # fmt: skip
    term.tmux("new-session", "-d", "-s", "app", "-x", "120", "-y", "40", "-c", str(ROOT), command)
    try:
        yield term
    finally:
        subprocess.run(["tmux", "-L", term.socket, "kill-server"], capture_output=True,
                       timeout=10)  # fmt: skip


def test_gc_12_first_team_turn_four_typed_moves_and_no_override_question(
    terminal: Terminal,
) -> None:
    terminal.wait_for("White — King's move")
    for move, shown_next in TEAM_TURN:
        terminal.type(f":{move}")
        shown = terminal.wait_for(*shown_next)
        assert "Refused" not in shown, shown
