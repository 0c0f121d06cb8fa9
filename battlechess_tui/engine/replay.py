"""Verifying a recorded game: re-apply its actions with dice from its seed and compare.

Rebuilding a position uses the recorded rolls (``Game.rebuild``); verifying proves the record
honest: the same seed and actions must throw the same dice and produce the same events. The
first difference is named by its ply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from battlechess_tui.engine.events import Event
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.variant import IllegalAction, Variant


@dataclass(frozen=True)
class Mismatch:
    ply: int  # 0 for the setup, else the 1-based ply
    action: str
    problem: str

    def describe(self) -> str:
        where = "setup" if self.ply == 0 else f"ply {self.ply} ({self.action})"
        return f"replay differs at {where}: {self.problem}"


def verify(
    variant: Variant[Any],
    seed: int,
    setup_events: Sequence[Event],
    moves: Sequence[tuple[str, Sequence[Event]]],
    players: dict[str, str] | None = None,
) -> Mismatch | None:
    """None when re-playing from the seed reproduces every recorded event."""
    game = Game(variant, seed, players)
    if tuple(setup_events) != game.setup_events:
        return Mismatch(0, "", _difference(setup_events, game.setup_events))
    for index, (text, recorded) in enumerate(moves, start=1):
        try:
            ply = game.play(text)
        except IllegalAction as exc:
            return Mismatch(index, text, f"the action is not legal: {exc}")
        if tuple(recorded) != ply.events:
            return Mismatch(index, text, _difference(recorded, ply.events))
    return None


def _difference(recorded: Sequence[Event], replayed: Sequence[Event]) -> str:
    for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if a != b:
            return f"event {i + 1} was '{a.describe()}' but re-playing gives '{b.describe()}'"
    if len(recorded) != len(replayed):
        return f"{len(recorded)} events were recorded but re-playing gives {len(replayed)}"
    return "the events differ"
