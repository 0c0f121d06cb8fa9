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
        """``4d6 [3 5 1 6] +2 melee = 17 vs AC 16: hit``.

        A critical's damage, thrown ``xN`` (its dice N times over, every modifier labelled
        ``... xN`` and multiplied), reads as N throws added up, so no number is counted twice:
        ``(2d6 [1 6] +3 damage) + (2d6 [2 4] +3 damage) = 19``.
        """
        text = self._multiples() or self._single()
        if self.against:
            text += f" vs {self.against}"
        if self.result:
            text += f": {self.result}"
        return text

    def _single(self) -> str:
        text = f"{self.dice} [{' '.join(map(str, self.faces))}]"
        for label, value in self.modifiers:
            text += f" {value:+d} {label}"
        if self.modifiers or len(self.faces) > 1:
            text += f" = {self.total}"
        return text

    def _multiples(self) -> str:
        """The critical form, or "" when the roll is not one."""
        times = {label.rpartition(" x")[2] for label, _ in self.modifiers}
        if len(times) != 1 or not (count := next(iter(times))).isdigit() or int(count) < 2:
            return ""
        n = int(count)
        terms = [term.split("d") for term in self.dice.split("+")]
        if not all(len(t) == 2 and t[0].isdigit() and t[1].isdigit() for t in terms):
            return ""
        sizes = [(int(number), int(sides)) for number, sides in terms]
        mods = [(label.rpartition(" x")[0], value) for label, value in self.modifiers]
        if (
            sum(k for k, _ in sizes) != len(self.faces)
            or any(k % n for k, _ in sizes)
            or any(v % n for _, v in mods)
        ):
            return ""
        parts: list[list[int]] = [[] for _ in range(n)]
        start = 0
        for number, _ in sizes:  # each term's faces, shared out throw by throw
            per = number // n
            for i in range(n):
                parts[i].extend(self.faces[start + i * per : start + (i + 1) * per])
            start += number
        dice = "+".join(f"{number // n}d{sides}" for number, sides in sizes)
        bonus = "".join(f" {v // n:+d} {label}" for label, v in mods)
        throws = [f"({dice} [{' '.join(map(str, faces))}]{bonus})" for faces in parts]
        return " + ".join(throws) + f" = {self.total}"


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
