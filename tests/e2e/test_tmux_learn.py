"""Issue 41's walk-through in a real terminal (tmux, 80x24): a newcomer loses a classic game
(1. f3 e5 2. g4?? Qh4#), opens the analysis from the result panel (`l`), retries the mistake
(a refused answer, then an accepted one), then solves five classic puzzles and three
Gladiator puzzles, the rating changing after each. Skipped where tmux is missing."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlechess_tui.puzzles.progress import Progress
from battlechess_tui.puzzles.store import catalogue, games

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

ROOT = Path(__file__).resolve().parents[2]
FOOLS_MATE = ("f2f3", "e7e5", "g2g4", "d8h4")
#: After 1. f3 e5: the mistake itself is refused (it loses to Qh4#), e4 is within the margin.
REFUSED, ACCEPTED = "g2g4", "e2e4"
#: How long to wait for the screen to show something before failing (not a timing assert);
#: the analysis of four positions and each judged answer run in the app meanwhile.
PATIENCE = 90.0
RATING = re.compile(r"Rating (\d+) → (\d+)")


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
        """The screen (its lines joined, so a wrapped sentence reads whole) once it shows
        one of ``texts``."""
        deadline = time.monotonic() + PATIENCE
        while True:
            shown = " ".join(self.screen().split())
            if any(text in shown for text in texts):
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{texts} never appeared; the screen:\n{self.screen()}")
            time.sleep(0.1)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "app", *keys)

    def type(self, text: str) -> None:
        self.tmux("send-keys", "-t", "app", "-l", f":{text}")
        self.tmux("send-keys", "-t", "app", "Enter")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(f"battlechess-learn-{os.getpid()}")
    env = {
        "BATTLECHESS_SAVE_DIR": str(tmp_path / "saves"),
        "BATTLECHESS_CONFIG_DIR": str(tmp_path / "config"),
        "BATTLECHESS_DATA_DIR": str(tmp_path / "data"),
        "TERM": "xterm-256color",
    }
    command = " ".join([*(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                        shlex.quote(sys.executable), "-m", "battlechess_tui",
                        "play", "classic", "--seed", "7"])  # fmt: skip
    term.tmux("new-session", "-d", "-s", "app", "-x", "80", "-y", "24", "-c", str(ROOT), command)
    try:
        yield term
    finally:
        subprocess.run(["tmux", "-L", term.socket, "kill-server"], capture_output=True,
                       timeout=10)  # fmt: skip


def _lose(terminal: Terminal) -> None:
    terminal.wait_for("White to move")
    for index, move in enumerate(FOOLS_MATE):
        terminal.type(move)
        after = "Game over" if index == len(FOOLS_MATE) - 1 else ("Black", "White")[index % 2]
        shown = terminal.wait_for(f"Hand over to {after}", f"{after} to move", "Game over")
        if "Hand over to" in shown:
            terminal.keys("Enter")
            terminal.wait_for(f"{after} to move")


def _solve(terminal: Terminal, key: str, count: int, progress: Progress) -> Progress:
    """Solve the next ``count`` puzzles of ``key`` as the app hands them out."""
    for _ in range(count):
        puzzle = progress.next_puzzle(catalogue(key).puzzles)
        assert puzzle is not None
        terminal.wait_for(f"Puzzle {puzzle.id}")
        terminal.type(puzzle.answers[0])
        shown = terminal.wait_for("Solved! Rating")
        before, after = map(int, RATING.search(shown).groups())  # type: ignore[union-attr]
        assert after > before, shown
        progress = progress.answered(puzzle, True)
        terminal.keys("N")
    return progress


@pytest.mark.skipif(
    len(catalogue("classic").puzzles) < 5 or len(catalogue("gladiator").puzzles) < 3,
    reason="five classic and three Gladiator puzzles are not shipped",
)
def test_a_newcomer_loses_retries_the_mistake_then_solves_puzzles(terminal: Terminal) -> None:
    _lose(terminal)
    terminal.keys("l")
    shown = terminal.wait_for("Your mistakes")
    assert "g4??" in shown
    terminal.type(REFUSED)
    terminal.wait_for("Not that one: g4")
    terminal.type(ACCEPTED)
    terminal.wait_for("Found 1 of 1 mistake.")
    terminal.keys("q")
    terminal.wait_for("Replay", "Analysis")
    terminal.keys("q")
    terminal.wait_for("Puzzles")
    terminal.keys("z")
    terminal.wait_for("Puzzles: choose a game")
    listed = [key for key in games() if catalogue(key).puzzles]
    terminal.keys(*["Down"] * listed.index("classic"), "Enter")
    progress = _solve(terminal, "classic", 5, Progress())
    terminal.keys("q")
    terminal.wait_for("Puzzles: choose a game")  # the list keeps classic highlighted
    terminal.keys(*["Down"] * (listed.index("gladiator") - listed.index("classic")), "Enter")
    _solve(terminal, "gladiator", 3, progress)
