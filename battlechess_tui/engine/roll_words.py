"""The words of rolls every game shares: what a throw is for, what it is thrown against and
what it decided, written from a ``Roll``'s facts. A game's presenter rewords any of them
(``Presenter.roll_words``) and words its own kinds (its ``Vocabulary``) with a ``RollTables``
extended by its words; rules never write these words and nothing reads them back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.vocabulary import Purpose, RollDetail, Target, Verdict


@dataclass(frozen=True)
class RollWords:
    """What players read beside a roll's dice: ``purpose`` (what it is for), ``label`` (the
    short name a battle line shows; "" when it is the whole purpose), ``against`` (what it is
    thrown against), ``result`` (what it decided) and ``modifiers`` (each modifier's words, in
    the roll's order; none: its keys read as they are)."""

    purpose: str = ""
    label: str = ""
    against: str = ""
    result: str = ""
    modifiers: tuple[str, ...] = ()


#: What each kind of throw is for, when a game says no more.
PURPOSE_WORDS: dict[str, str] = {
    Purpose.FIGHT: "fight",
    Purpose.ATTACK: "attack",
    Purpose.DAMAGE: "damage",
    Purpose.OTHER: "",
}

#: What a roll is thrown against, by the kind of its target; ``{}`` takes the number.
TARGET_WORDS: dict[str, str] = {
    Target.NONE: "",
    Target.AT_LEAST: "needs {}",
    Target.AT_MOST: "1-{}",
    Target.TOTAL: "{}",
}

#: What a roll decided; ``{n[0]}`` takes its first number.
VERDICT_WORDS: dict[str, str] = {
    Verdict.NONE: "",
    Verdict.HIT: "hit",
    Verdict.MISS: "miss",
    Verdict.WINS: "wins",
    Verdict.LOSES: "loses",
    Verdict.TIE: "tie",
    Verdict.AMOUNT: "{n[0]}",
}

#: What a verdict's details add, in the order they are written.
DETAIL_WORDS: dict[str, str] = {
    RollDetail.AGAIN: "{}: roll again",
    RollDetail.MINIMUM: "{} (minimum 1)",
}


@dataclass(frozen=True)
class RollTables:
    """A game's words for the kinds of throw, target, verdict and detail (the shared ones,
    extended by the game's own: ``extended``)."""

    purposes: Mapping[str, str] = field(default_factory=lambda: PURPOSE_WORDS)
    targets: Mapping[str, str] = field(default_factory=lambda: TARGET_WORDS)
    verdicts: Mapping[str, str] = field(default_factory=lambda: VERDICT_WORDS)
    details: Mapping[str, str] = field(default_factory=lambda: DETAIL_WORDS)

    def extended(
        self,
        purposes: Mapping[str, str] | None = None,
        targets: Mapping[str, str] | None = None,
        verdicts: Mapping[str, str] | None = None,
        details: Mapping[str, str] | None = None,
    ) -> RollTables:
        """These tables with the words given added (or replacing these)."""
        return RollTables(
            {**self.purposes, **(purposes or {})},
            {**self.targets, **(targets or {})},
            {**self.verdicts, **(verdicts or {})},
            {**self.details, **(details or {})},
        )


#: The shared words alone.
SHARED = RollTables()


def against_words(roll: Roll, tables: RollTables = SHARED) -> str:
    """``AC 16``, ``needs 5``: what ``roll`` is thrown against ("" when nothing)."""
    if roll.target is None:
        return ""
    return tables.targets.get(roll.target_kind, "{}").format(roll.target)


def verdict_words(roll: Roll, tables: RollTables = SHARED) -> str:
    """``natural 20: hit, threat``: what ``roll`` decided, with its details."""
    numbers = list(roll.numbers) + [0] * 2  # a verdict's numbers, never short
    text = tables.verdicts.get(roll.verdict, _plain(roll.verdict)).format(n=numbers)
    for detail in roll.details:
        text = tables.details.get(detail, "{} (" + _plain(detail) + ")").format(text)
    return text


def shared_words(roll: Roll, tables: RollTables = SHARED) -> RollWords:
    """The words of ``roll`` from ``tables`` alone."""
    purpose = tables.purposes.get(roll.use, _plain(roll.use))
    return RollWords(purpose, "", against_words(roll, tables), verdict_words(roll, tables))


def _plain(word: str) -> str:
    """A word no table words, as it reads (``miss-chance``: ``miss chance``)."""
    return word.replace("-", " ")
