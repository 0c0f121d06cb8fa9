"""The words of D&D Battle Chess's rolls, written from their facts: attack rolls and their
confirmation, damage, healing, saves, initiative, a curse's and Blur's d100 (DD-11, DD-13,
DD-22, DD-28), and their modifiers (DD-13, DD-47). The presenter's ``roll_words`` is
``words`` below."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.roll_words import (
    SHARED,
    RollWords,
    against_words,
    shared_words,
    verdict_words,
)
from battlechess_tui.engine.vocabulary import Purpose, Target, Verdict
from battlechess_tui.rules.dnd.vocabulary import DndDetail, DndPurpose, DndTarget, DndVerdict

SAVE_NAMES = {"fort": "Fortitude", "ref": "Reflex", "will": "Will"}
#: Causes with a name of their own, beside the spells (``Presenter.thing_name``).
CAUSE_NAMES = {
    "fascinate": "Fascinate",
    "sneak-attack": "sneak attack",
    "bane-weapon": "bane weapon",
}
#: Causes whose damage roll is named by the cause alone (not "<cause> damage").
DAMAGE_ALONE = {"sneak-attack", "bane-weapon"}

#: The shared words with D&D's own.
TABLES = SHARED.extended(
    purposes={
        DndPurpose.CONFIRM: "confirm critical",
        DndPurpose.HEALING: "healing",
        DndPurpose.TEMP_HP: "temporary hit points",
        DndPurpose.SAVE: "saving throw",
        DndPurpose.INITIATIVE: "initiative",
        DndPurpose.CURSE: "curse",
        DndPurpose.MISS_CHANCE: "miss chance",
    },
    targets={
        DndTarget.AC: "AC {}",
        DndTarget.FLAT_AC: "FAC {}",
        DndTarget.TOUCH_AC: "TAC {}",
        DndTarget.DC: "DC {}",
        Target.AT_MOST: "{}",
    },
    verdicts={
        DndVerdict.CRITICAL: "critical",
        DndVerdict.NOT_CONFIRMED: "not confirmed",
        DndVerdict.SAVED: "saved",
        DndVerdict.FAILED: "failed",
        DndVerdict.ACTS: "acts",
        DndVerdict.LOSES_ACTION: "loses its action",
        DndVerdict.BLURRED: "blurred: miss",
        DndVerdict.SPARED: "hits",
    },
    details={
        DndDetail.NATURAL_20: "natural 20: {}",
        DndDetail.NATURAL_1: "natural 1: {}",
        DndDetail.THREAT: "{}, threat",
        DndDetail.TIE_BREAK: "{} (tie: higher Init)",
    },
)
AMOUNTS: dict[str, str] = {
    Purpose.DAMAGE: "damage",
    DndPurpose.HEALING: "healing",
    DndPurpose.TEMP_HP: "temporary hp",
}
#: What a d100 roll against a number at most loses on, by its use.
AT_MOST: dict[str, str] = {
    DndPurpose.MISS_CHANCE: "miss on 1-{}",
    DndPurpose.CURSE: "loses on 1-{}",
}

Words = Callable[[Speaker, Roll], RollWords]


def words(presenter: Any, roll: Roll) -> RollWords:
    """The words of a D&D roll (the shared words for a kind this game does not throw), with
    its modifiers' words (``present_effects.modifier_words``: ``+2 weapon``, ``bless``)."""
    written = _BY_USE.get(roll.use, _shared)(presenter, roll)
    return replace(written, modifiers=tuple(presenter.modifier_words(k) for k, _ in roll.modifiers))


def _shared(presenter: Speaker, roll: Roll) -> RollWords:
    return shared_words(roll, TABLES)


def _cause(presenter: Speaker, roll: Roll) -> str:
    """The name of what the roll is for: ``melee attack``, ``Fireball``, ``Fascinate``."""
    key = roll.names[0] if roll.names else ""
    return CAUSE_NAMES.get(key) or presenter.thing_name(key)


def _who(presenter: Speaker, roll: Roll, i: int = 0) -> str:
    return presenter.piece_phrase(roll.pieces[i]) if len(roll.pieces) > i else "?"


def _against(roll: Roll) -> str:
    if roll.target_kind == Target.AT_MOST and roll.target is not None:
        return AT_MOST.get(roll.use, "1-{}").format(roll.target)
    return against_words(roll, TABLES)


def _worded(purpose: str, label: str, roll: Roll) -> RollWords:
    return RollWords(purpose, label, _against(roll), verdict_words(roll, TABLES))


def _attack(presenter: Speaker, roll: Roll) -> RollWords:
    """``melee attack: White Fighter on e4 vs Black Rogue on e5`` (DD-13)."""
    label = _cause(presenter, roll)
    return _worded(f"{label}: {_who(presenter, roll)} vs {_who(presenter, roll, 1)}", label, roll)


def _confirm(presenter: Speaker, roll: Roll) -> RollWords:
    return _worded(f"confirm critical: {_who(presenter, roll)}", "confirm critical", roll)


def _amount(presenter: Speaker, roll: Roll) -> RollWords:
    """Damage (``damage: White Fighter on e4``, ``Fireball damage``), healing and temporary
    hit points; a critical's multiplier follows (DD-13)."""
    times = f" (critical x{roll.critical})" if roll.critical > 1 else ""
    unit = AMOUNTS[roll.use]
    result = verdict_words(roll, TABLES.extended(verdicts={Verdict.AMOUNT: f"{{n[0]}} {unit}"}))
    name = _cause(presenter, roll)
    if roll.use == DndPurpose.HEALING:
        return RollWords(f"{name}: healing{times}", name, "", result)
    if roll.use == DndPurpose.TEMP_HP:
        return RollWords(f"{name}: temporary hit points{times}", name, "", result)
    if roll.pieces:  # a weapon's damage names its wielder
        return RollWords(f"damage: {_who(presenter, roll)}{times}", "damage", "", result)
    key = roll.names[0] if roll.names else ""
    alone = name if key in DAMAGE_ALONE else f"{name} damage"
    return RollWords(alone + times, "", "", result)


def _save(presenter: Speaker, roll: Roll) -> RollWords:
    """``Fireball: Black Rogue on e5's Reflex save`` (DD-22)."""
    label = _cause(presenter, roll)
    kind = SAVE_NAMES.get(roll.names[1], roll.names[1]) if len(roll.names) > 1 else ""
    return _worded(f"{label}: {_who(presenter, roll)}'s {kind} save", label, roll)


def _initiative(presenter: Speaker, roll: Roll) -> RollWords:
    return _worded(f"initiative: {_who(presenter, roll)}", "initiative", roll)


def _curse(presenter: Speaker, roll: Roll) -> RollWords:
    return _worded(f"curse: does the {_who(presenter, roll)} act?", "curse", roll)


def _miss_chance(presenter: Speaker, roll: Roll) -> RollWords:
    return _worded(f"{_cause(presenter, roll)} miss chance ({roll.target}%)", "", roll)


_BY_USE: dict[str, Words] = {
    Purpose.ATTACK: _attack,
    DndPurpose.CONFIRM: _confirm,
    Purpose.DAMAGE: _amount,
    DndPurpose.HEALING: _amount,
    DndPurpose.TEMP_HP: _amount,
    DndPurpose.SAVE: _save,
    DndPurpose.INITIATIVE: _initiative,
    DndPurpose.CURSE: _curse,
    DndPurpose.MISS_CHANCE: _miss_chance,
}
