"""The real app in a real terminal (tmux, 80x24): a D&D game of 30 decisions with spells,
typed fast (letters on the board; no ``:``, no Tab, no Escape; each line and its Enter sent
in one burst: in one write, and key by key with no pause), and every typed decision lands in
the game's save (issue 39 item 1). Skipped without tmux.

It opens with the issue's repro (seed 7, level 5): ``d1h5 cast magic-missile h7`` typed at
once, then Black's ``f7f6``; ``e1e2``, Enter answering "none", then ``b7b6``. The rest is
chosen here by the engine at the same seed (a spell where one may be cast, else a move), so
the dice in the terminal fall as they fell here.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlechess_tui.engine.actions import MOVE
from battlechess_tui.engine.game import META_KINDS
from battlechess_tui.session import build_game
from tests.e2e.test_tmux_gladiator import ROOT, Terminal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

#: The issue's repro: what is typed, and the decisions it makes ("" is Enter alone: "none").
OPENING = (("e2e4", 1), ("a7a6", 1), ("d1h5 cast magic-missile h7", 2), ("f7f6", 1),
           ("e1e2", 1), ("", 1), ("b7b6", 1))  # fmt: skip
DECISIONS = 30
#: How long to wait for the save before failing (not a timing assert).
PATIENCE = 30.0


def script() -> list[tuple[str, int]]:
    """What is typed, line by line, with the number of decisions each line makes: the
    opening, then a spell where one may be cast (a move and the spell that follows it typed
    on one line), else a move or the game's other choice."""
    game = build_game("dnd", {"level": "5"}, 7, None)
    geo, rng = game.rules.geo, random.Random(5)
    lines = list(OPENING)
    for text, _ in OPENING:
        for word in [text] if " cast " not in text else text.split(" ", 1):
            game.play(game.parse(word) if word else "none")
    while sum(n for _, n in lines) < DECISIONS and not game.over:
        actions = [a for a in game.legal_actions() if a.kind not in META_KINDS]
        casts = [a for a in actions if a.kind == "cast"]
        moves = [a for a in actions if a.kind == MOVE]
        pick = rng.choice(casts or moves or actions)
        game.play(pick)
        casts = [a for a in game.legal_actions() if a.kind == "cast"]
        if pick.kind == MOVE and casts and not game.over:
            then = rng.choice(casts)
            game.play(then)
            lines.append((f"{pick.text(geo)} {then.text(geo)}", 2))
        else:
            lines.append((pick.text(geo), 1))
    return lines


def on_the_board(text: str) -> str:
    """``text`` as typed on the board: a file letter or a digit opens the move box with it;
    a word that starts with a command's key (``wait``: ``w`` opens a rule) is typed after
    ``:``, as Help says."""
    return text if text[0] in "abcdefgh12345678" else f":{text}"


class Table(Terminal):
    def __init__(self, socket: str, saves: Path) -> None:
        super().__init__(socket)
        self.saves = saves

    def saved(self) -> list[str]:
        """The decisions in the game's own file (not the autosave pointer)."""
        for path in self.saves.glob("dnd-*.json"):
            try:
                return [p["action"] for p in json.loads(path.read_text())["plies"]]
            except (ValueError, KeyError, OSError):
                return []  # being written
        return []

    def until(self, done: object, what: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while not done():  # type: ignore[operator]
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never happened; the screen:\n{self.screen()}")
            time.sleep(0.05)


@pytest.fixture
def dnd_table(tmp_path: Path) -> Iterator[Table]:
    saves, config = tmp_path / "saves", tmp_path / "config"
    env = {"BATTLECHESS_SAVE_DIR": str(saves), "BATTLECHESS_CONFIG_DIR": str(config),
           "TERM": "xterm-256color"}  # fmt: skip
    command = " ".join([*(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                        shlex.quote(sys.executable), "-m", "battlechess_tui", "play", "dnd",
                        "-o", "level=5", "--seed", "7"])  # fmt: skip
    term = Table(f"battlechess-dnd-typed-{os.getpid()}", saves)
    term.tmux("new-session", "-d", "-s", "app", "-x", "80", "-y", "24", "-c", str(ROOT), command)
    try:
        term.until(lambda: "White to move" in term.screen(), "the game's start")
        yield term
    finally:
        subprocess.run(["tmux", "-L", term.socket, "kill-server"], capture_output=True,
                       timeout=10)  # fmt: skip


def send(term: Table, keys: str, one_write: bool) -> None:
    """``keys`` typed at once: in one write to the terminal, or key by key with no pause (the
    app reads them apart, some while the move box is opening: the burst that garbled the
    box before the box opened in the app's own queue)."""
    for part in [keys] if one_write else keys:
        term.tmux("send-keys", "-t", "app", "-l", part)


@pytest.mark.parametrize("one_write", [True, False], ids=["one-write", "key-by-key"])
def test_dd_a_typed_game_of_30_decisions_with_spells_lands_in_the_save(
    dnd_table: Table, one_write: bool
) -> None:
    lines = script()
    typed: list[str] = []
    for text, count in lines:
        send(dnd_table, (on_the_board(text) if text else "") + "\r", one_write)  # with Enter
        typed += text.split(" ", 1) if count == 2 else [text or "none"]
        dnd_table.until(lambda: len(dnd_table.saved()) >= len(typed), f"{text!r} in the save")  # noqa: B023
        assert dnd_table.saved() == typed, dnd_table.screen()
    assert len(typed) >= DECISIONS
    assert sum(t.startswith("cast ") for t in typed) >= 4, typed
