"""Gladiator Chess's own words (``engine/vocabulary.py`` has the words every game shares)."""

from __future__ import annotations

from enum import StrEnum

from battlechess_tui.engine.vocabulary import Vocabulary


class GladiatorAction(StrEnum):
    """The King's and the Queen's decisions, and the choices a move leaves."""

    OVERRIDE = "override"  # the King takes over the move (GC-14)
    NO_OVERRIDE = "no-override"
    HEAL = "heal"  # the Queen heals a piece
    PLACE = "place"  # a freed Queen placed
    RETURN = "return"  # a piece brought back
    PROMOTE = "promote"  # a promotion's choice


class GladiatorTag(StrEnum):
    """What Gladiator's notes are about."""

    FREEZE = "freeze"
    THAW = "thaw"
    RESCUE = "rescue"
    RETURN = "return"  # a captured piece brought back
    OVERRIDE = "override"
    PLACE = "place"  # a freed Queen placed
    HELD = "held"  # a Queen held by the enemy
    STAND = "stand"  # a piece stands its ground
    SWAP = "swap"


class GladiatorPurpose(StrEnum):
    """What Gladiator throws dice for, beside the attacker's pool."""

    DEFENCE = "defence"  # a defender's pool


class GladiatorVerdict(StrEnum):
    """What a round of a fight decided, beside the shared verdicts."""

    WOUNDED = "wounded"  # the thrower's side loses hit points (``numbers``: lost, left)


VOCABULARY = Vocabulary(
    actions=GladiatorAction,
    tags=GladiatorTag,
    purposes=GladiatorPurpose,
    verdicts=GladiatorVerdict,
    themes={GladiatorAction.OVERRIDE: "override", GladiatorAction.NO_OVERRIDE: "override"},
)
