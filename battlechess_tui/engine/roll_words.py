"""The words of rolls every game shares: what a throw is for, what it is thrown against and
what it decided, written from a ``Roll``'s facts. A game's presenter rewords any of them
(``Presenter.roll_words``); rules never write these words and nothing reads them back."""

from __future__ import annotations

from dataclasses import dataclass

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
PURPOSE_WORDS: dict[Purpose, str] = {
    Purpose.SETUP: "setup",
    Purpose.REROLL: "reroll",
    Purpose.FIGHT: "fight",
    Purpose.ATTACK: "attack",
    Purpose.DEFENCE: "defence",
    Purpose.CONFIRM: "confirm critical",
    Purpose.DAMAGE: "damage",
    Purpose.HEALING: "healing",
    Purpose.TEMP_HP: "temporary hit points",
    Purpose.SAVE: "saving throw",
    Purpose.INITIATIVE: "initiative",
    Purpose.CURSE: "curse",
    Purpose.MISS_CHANCE: "miss chance",
    Purpose.OTHER: "",
}

#: What a roll is thrown against, by the kind of its target; ``{}`` takes the number.
TARGET_WORDS: dict[Target, str] = {
    Target.NONE: "",
    Target.AC: "AC {}",
    Target.FLAT_AC: "FAC {}",
    Target.TOUCH_AC: "TAC {}",
    Target.DC: "DC {}",
    Target.AT_LEAST: "needs {}",
    Target.AT_MOST: "1-{}",
    Target.TOTAL: "{}",
}

#: What a roll decided; ``{n[0]}`` takes its first number.
VERDICT_WORDS: dict[Verdict, str] = {
    Verdict.NONE: "",
    Verdict.HIT: "hit",
    Verdict.MISS: "miss",
    Verdict.CRITICAL: "critical",
    Verdict.NOT_CONFIRMED: "not confirmed",
    Verdict.SAVED: "saved",
    Verdict.FAILED: "failed",
    Verdict.WINS: "wins",
    Verdict.LOSES: "loses",
    Verdict.TIE: "tie",
    Verdict.WOUNDED: "loses {n[0]} hp ({n[1]} left)",
    Verdict.ACTS: "acts",
    Verdict.LOSES_ACTION: "loses its action",
    Verdict.BLURRED: "blurred: miss",
    Verdict.SPARED: "hits",
    Verdict.AMOUNT: "{n[0]}",
    Verdict.SHOWS: "now shows {n[0]}",
}

#: What a verdict's details add, in the order they are written.
DETAIL_WORDS: dict[RollDetail, str] = {
    RollDetail.NATURAL_20: "natural 20: {}",
    RollDetail.NATURAL_1: "natural 1: {}",
    RollDetail.THREAT: "{}, threat",
    RollDetail.TIE_BREAK: "{} (tie: higher Init)",
    RollDetail.AGAIN: "{}: roll again",
    RollDetail.MINIMUM: "{} (minimum 1)",
}


def against_words(roll: Roll, words: dict[Target, str] = TARGET_WORDS) -> str:
    """``AC 16``, ``needs 5``: what ``roll`` is thrown against ("" when nothing)."""
    if roll.target is None:
        return ""
    return words.get(roll.target_kind, "{}").format(roll.target)


def verdict_words(roll: Roll, words: dict[Verdict, str] = VERDICT_WORDS) -> str:
    """``natural 20: hit, threat``: what ``roll`` decided, with its details."""
    numbers = list(roll.numbers) + [0] * 2  # a verdict's numbers, never short
    text = words.get(roll.verdict, roll.verdict.value).format(n=numbers)
    for detail in roll.details:
        text = DETAIL_WORDS[detail].format(text)
    return text


def shared_words(roll: Roll) -> RollWords:
    """The words of ``roll`` from the shared tables alone."""
    return RollWords(PURPOSE_WORDS[roll.use], "", against_words(roll), verdict_words(roll))
