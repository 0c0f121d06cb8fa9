"""What happened: the events an action produces, recorded in saves and compared on replay.

Events are plain frozen dataclasses; the save layer validates them with pydantic by their
``kind``. The state is always rebuilt by re-applying actions, so events exist to be shown
(dice tray, move log) and to prove a replay exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from battlechess_tui.engine.vocabulary import EventTag, Purpose


@dataclass(frozen=True, slots=True)
class Roll:
    """One throw of dice: who threw, what, the faces, and what it decided.

    The typed fields say what the rules decided: ``use`` what the throw is for, ``squares``
    the squares it concerns (a fight's two, a rerolled die's), ``critical`` how many times a
    critical's damage dice were thrown (1: not a critical). ``purpose``, ``against``,
    ``result`` and ``label`` (the short name a battle line shows: ``melee attack``,
    ``Fireball``; "" when it is the whole purpose) are the words shown beside them."""

    seat: str
    dice: str  # the expression thrown, e.g. "4d6" or "1d20"
    faces: tuple[int, ...]
    purpose: str  # "attack e5", "initiative", "reroll capturing die"
    modifiers: tuple[tuple[str, int], ...] = ()  # ("melee", 4), ("inspire", 1)
    against: str = ""  # "AC 16", "needs 5"
    result: str = ""  # "hit", "miss", "wins"
    use: Purpose = Purpose.OTHER
    squares: tuple[int, ...] = ()
    critical: int = 1
    label: str = ""
    kind: Literal["roll"] = "roll"

    def __post_init__(self) -> None:
        if not isinstance(self.use, Purpose):  # a plain word: it must be a known purpose
            object.__setattr__(self, "use", Purpose(self.use))

    @property
    def total(self) -> int:
        return sum(self.faces) + sum(v for _, v in self.modifiers)

    def describe(self) -> str:
        """``4d6 [3 5 1 6] +2 melee = 17 vs AC 16: hit``.

        A critical's damage (``critical`` N: its dice thrown N times over, every modifier
        multiplied) reads as N throws added up, so no number is counted twice:
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
        times = f" x{self.critical}" if self.critical > 1 else ""
        for label, value in self.modifiers:
            text += f" {value:+d} {label}{times}"
        if self.modifiers or len(self.faces) > 1:
            text += f" = {self.total}"
        return text

    def _multiples(self) -> str:
        """The critical form, or "" when the roll is not one (or its dice do not share out)."""
        n = self.critical
        sizes = _terms(self.dice)
        if (
            n < 2
            or not sizes
            or sum(k for k, _ in sizes) != len(self.faces)
            or any(k % n for k, _ in sizes)
            or any(v % n for _, v in self.modifiers)
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
        bonus = "".join(f" {v // n:+d} {label}" for label, v in self.modifiers)
        throws = [f"({dice} [{' '.join(map(str, faces))}]{bonus})" for faces in parts]
        return " + ".join(throws) + f" = {self.total}"


def _terms(dice: str) -> list[tuple[int, int]]:
    """``4d6+2d8`` as [(4, 6), (2, 8)] (the form ``Dice.roll`` writes); [] for any other."""
    out = []
    for term in dice.split("+"):
        count, d, sides = term.partition("d")
        if not (d and count.isdigit() and sides.isdigit()):
            return []
        out.append((int(count), int(sides)))
    return out


@dataclass(frozen=True, slots=True)
class PieceRef:
    """A piece a note names: its side, its kind (the piece's key in the game's data: a D&D
    class, a chess piece, a Dice Chess face as digits) and where it stands (-1: nowhere)."""

    side: int
    kind: str
    square: int = -1


@dataclass(frozen=True, slots=True)
class Note:
    """A narrated change, in facts: ``tag`` says what kind (capture, kill, damage, freeze...),
    ``fact`` which statement of it (a game's own key, "" when the tag says it), and the
    particulars: the ``side`` concerned, the ``pieces``, the ``numbers``, the ``names`` of
    other things (a spell's or an item's key) and the ``rule``. The game's presenter writes the
    sentence from them (``Presenter.note_text``); ``text`` holds those words once the game has
    recorded the note (``Game.play``), or an older save's words."""

    tag: EventTag
    text: str = ""
    squares: tuple[int, ...] = field(default=())
    fact: str = ""
    side: int | None = None
    pieces: tuple[PieceRef, ...] = ()
    numbers: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    rule: str = ""
    kind: Literal["note"] = "note"

    def __post_init__(self) -> None:
        if not isinstance(self.tag, EventTag):  # a plain word: it must be a known tag
            object.__setattr__(self, "tag", EventTag(self.tag))

    @property
    def facts(self) -> tuple[object, ...]:
        """What the rules said, without words: equal for the same change however worded."""
        return (
            self.tag,
            self.squares,
            self.fact,
            self.side,
            self.pieces,
            self.numbers,
            self.names,
            self.rule,
        )

    @property
    def typed(self) -> bool:
        """Whether the note carries facts beyond its tag and squares (an older save's notes
        carry only words)."""
        return self.facts[2:] != ("", None, (), (), (), "")

    def describe(self) -> str:
        return self.text


Event = Roll | Note
