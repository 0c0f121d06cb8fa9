"""What happened: the events an action produces, recorded in saves and compared on replay.

Events are plain frozen dataclasses; the save layer validates them with pydantic by their
``kind``. The state is always rebuilt by re-applying actions, so events exist to be shown
(dice tray, move log) and to prove a replay exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal

from battlechess_tui.engine.dice_expr import DiceExpr
from battlechess_tui.engine.vocabulary import Purpose, Target, Verdict, as_word


@dataclass(frozen=True, slots=True)
class PieceRef:
    """A piece a note names: its side, its kind (the piece's key in the game's data: a D&D
    class, a chess piece, a Dice Chess face as digits) and where it stands (-1: nowhere)."""

    side: int
    kind: str
    square: int = -1


@dataclass(frozen=True, slots=True)
class Roll:
    """One throw of dice: who threw, what, the faces, and what the rules decided, in facts.

    ``use`` says what the throw is for, ``squares`` the squares it concerns (a fight's two, a
    rerolled die's), ``critical`` how many times a critical's damage dice were thrown (1: not
    a critical), ``pieces`` the pieces it concerns (the thrower's first), ``target`` the
    number it is thrown against and ``target_kind`` what that number is (an AC, a DC, "needs
    N", the other side's total), ``verdict`` what it decided with its ``details`` (a natural
    20, a threat...), ``numbers`` the amounts the verdict speaks of (damage, hit points lost
    and left, a die's new face), ``names`` the things it is for (a spell's, an ability's or a
    cause's key; a save's kind; a die added), ``rule`` the rule ids and ``round_number`` the
    round of a fight it belongs to (0: a fight of one round). Each of its ``modifiers`` is a
    key and a value (``("melee", 4)``, an effect's ``("bless", 1)``, an item's
    ``("weapon+2", 2)``). The game's presenter writes the words from them
    (``Presenter.roll_words``): ``purpose`` (what it is for), ``label`` (the short name a
    battle line shows: ``melee attack``, ``Fireball``; "" when it is the whole purpose),
    ``against``, ``result`` and ``modifier_words`` (each modifier's words, in order: ``+2
    weapon``; none when its keys read as they are) when the roll is shown (``Game.said``): a
    game records the facts alone. A ``partial`` roll is an older save's, whose facts past its
    dice, ``use``, ``squares`` and ``critical`` were words (dropped on loading): a replay
    compares only what it has."""

    seat: str
    dice: str  # the expression thrown, e.g. "4d6" or "1d20"
    faces: tuple[int, ...]
    purpose: str = ""  # the presenter's words: "melee attack: White Fighter on e4 vs ..."
    modifiers: tuple[tuple[str, int], ...] = ()  # ("melee", 4), ("weapon+2", 2): keys
    against: str = ""  # the presenter's words: "AC 16", "needs 5"
    result: str = ""  # the presenter's words: "hit", "miss", "wins"
    use: str = Purpose.OTHER  # a word of ``Purpose`` or of the game's own
    squares: tuple[int, ...] = ()
    critical: int = 1
    label: str = ""
    target: int | None = None
    target_kind: str = Target.NONE
    verdict: str = Verdict.NONE
    details: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    pieces: tuple[PieceRef, ...] = ()
    rule: str = ""
    round_number: int = 0
    modifier_words: tuple[str, ...] = ()  # the presenter's words: "+2 weapon"
    partial: bool = False
    kind: Literal["roll"] = "roll"

    def __post_init__(self) -> None:
        # plain words (a script's, a save's) must be words; a search throws many rolls, so
        # the usual case (enums already) costs only the checks
        if not isinstance(self.use, StrEnum):
            object.__setattr__(self, "use", as_word(self.use, "purposes"))
        if not isinstance(self.target_kind, StrEnum):
            object.__setattr__(self, "target_kind", as_word(self.target_kind, "targets"))
        if not isinstance(self.verdict, StrEnum):
            object.__setattr__(self, "verdict", as_word(self.verdict, "verdicts"))
        if self.details and not all(isinstance(d, StrEnum) for d in self.details):
            object.__setattr__(self, "details", tuple(as_word(d, "details") for d in self.details))

    @property
    def facts(self) -> tuple[object, ...]:
        """What the rules decided beside the dice, without words: equal however worded."""
        return (
            self.use,
            self.squares,
            self.critical,
            self.target,
            self.target_kind,
            self.verdict,
            self.details,
            self.numbers,
            self.names,
            self.pieces,
            self.rule,
            self.round_number,
        )

    @property
    def typed(self) -> bool:
        """Whether the roll carries facts beyond its use, squares and critical (an older
        save's rolls carry words in their place)."""
        return self.facts[3:] != (None, Target.NONE, Verdict.NONE, (), (), (), (), "", 0)

    @property
    def total(self) -> int:
        """The dice and the modifiers added up."""
        return sum(self.faces) + sum(v for _, v in self.modifiers)

    def unworded(self) -> Roll:
        """The roll without its words (its facts and dice only)."""
        return replace(self, purpose="", against="", result="", label="", modifier_words=())

    @property
    def labelled(self) -> tuple[tuple[str, int], ...]:
        """The modifiers as players read them: each one's recorded words (``modifier_words``)
        and value, or its label where the roll has no words for them (an older save's labels
        are words; some keys read as they are)."""
        if len(self.modifier_words) != len(self.modifiers):
            return self.modifiers
        return tuple(zip(self.modifier_words, (v for _, v in self.modifiers), strict=True))

    def describe(self, *, result: bool = True, faces: bool = True) -> str:
        """``4d6 [3 5 1 6] +2 melee = 17 vs AC 16: hit`` (its recorded words beside the
        numbers); without the ``result``, or without the dice and ``faces`` in front
        (`` +2 melee = 17 vs AC 16``: what the faces make).

        A critical's damage (``critical`` N: its dice thrown N times over, every modifier
        multiplied) reads as N throws added up, so no number is counted twice:
        ``(2d6 [1 6] +3 damage) + (2d6 [2 4] +3 damage) = 19``.
        """
        multiples = self._multiples()
        text = (multiples if faces else f" {multiples}") if multiples else self._single(faces)
        if self.against:
            text += f" vs {self.against}"
        if self.result and result:
            text += f": {self.result}"
        return text

    def _single(self, faces: bool = True) -> str:
        text = f"{self.dice} [{' '.join(map(str, self.faces))}]" if faces else ""
        times = f" x{self.critical}" if self.critical > 1 else ""
        for label, value in self.labelled:
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
        bonus = "".join(f" {v // n:+d} {label}" for label, v in self.labelled)
        throws = [f"({dice} [{' '.join(map(str, faces))}]{bonus})" for faces in parts]
        return " + ".join(throws) + f" = {self.total}"


def _terms(dice: str) -> tuple[tuple[int, int], ...]:
    """The (count, sides) of each term of a roll's dice (``4d6+2d8``); () when they cannot be
    read or carry a constant (``Dice.roll`` puts a constant in the modifiers)."""
    try:
        expr = DiceExpr.parse(dice)
    except ValueError:
        return ()
    return () if expr.bonus else expr.terms


@dataclass(frozen=True, slots=True)
class Note:
    """A narrated change, in facts: ``tag`` says what kind (capture, kill, damage, freeze...),
    ``fact`` which statement of it (a game's own key, "" when the tag says it), and the
    particulars: the ``side`` concerned, the ``pieces``, the ``numbers``, the ``names`` of
    other things (a spell's or an item's key) and the ``rule``. The game's presenter writes the
    sentence from them (``Presenter.note_text``) when the note is shown (``Game.said``);
    ``text`` holds those words then (a game records the facts alone). A ``partial`` note is
    an older save's, which had only words beside its tag and squares (dropped on loading): a
    replay compares its tag and squares."""

    tag: str  # a word of ``EventTag`` or of the game's own
    text: str = ""
    squares: tuple[int, ...] = field(default=())
    fact: str = ""
    side: int | None = None
    pieces: tuple[PieceRef, ...] = ()
    numbers: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    rule: str = ""
    partial: bool = False
    kind: Literal["note"] = "note"

    def __post_init__(self) -> None:
        if not isinstance(self.tag, StrEnum):  # a plain word: it must be a word
            object.__setattr__(self, "tag", as_word(self.tag, "tags"))

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
        """The note as players read it: its words."""
        return self.text


Event = Roll | Note
