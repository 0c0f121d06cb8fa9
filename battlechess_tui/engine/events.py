"""What happened: the events an action produces, recorded in saves and compared on replay.

Events are plain frozen dataclasses; the save layer validates them with pydantic by their
``kind``. The state is always rebuilt by re-applying actions, so events exist to be shown
(dice tray, move log) and to prove a replay exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from battlechess_tui.engine.vocabulary import EventTag


@dataclass(frozen=True, slots=True)
class Roll:
    """One throw of dice: who threw, what, the faces, and what it decided."""

    seat: str
    dice: str  # the expression thrown, e.g. "4d6" or "1d20"
    faces: tuple[int, ...]
    purpose: str  # "attack e5", "initiative", "reroll capturing die"
    modifiers: tuple[tuple[str, int], ...] = ()  # ("melee", 4), ("inspire", 1)
    against: str = ""  # "AC 16", "needs 5"
    result: str = ""  # "hit", "miss", "wins"
    kind: Literal["roll"] = "roll"

    @property
    def total(self) -> int:
        return sum(self.faces) + sum(v for _, v in self.modifiers)

    def describe(self) -> str:
        """``4d6 [3 5 1 6] +2 melee = 17 vs AC 16: hit``."""
        text = f"{self.dice} [{' '.join(map(str, self.faces))}]"
        for label, value in self.modifiers:
            text += f" {value:+d} {label}"
        if self.modifiers or len(self.faces) > 1:
            text += f" = {self.total}"
        if self.against:
            text += f" vs {self.against}"
        if self.result:
            text += f": {self.result}"
        return text


@dataclass(frozen=True, slots=True)
class Note:
    """A narrated change: ``tag`` says what kind (capture, kill, damage, freeze, promote...)."""

    tag: EventTag
    text: str
    squares: tuple[int, ...] = field(default=())
    kind: Literal["note"] = "note"

    def __post_init__(self) -> None:
        if not isinstance(self.tag, EventTag):  # a plain word: it must be a known tag
            object.__setattr__(self, "tag", EventTag(self.tag))

    def describe(self) -> str:
        return self.text


Event = Roll | Note
