"""D&D Battle Chess's own words (``engine/vocabulary.py`` has the words every game shares)."""

from __future__ import annotations

from enum import StrEnum

from battlechess_tui.engine.vocabulary import Vocabulary


class DndAction(StrEnum):
    """D&D's decisions beside a move: after it, in a battle, and in a campaign."""

    CAST = "cast"  # a spell
    ABILITY = "ability"  # a class ability
    NONE = "none"  # no action after the move
    SWAP = "swap"  # the King's swap (DD-17)
    STAY = "stay"  # the King does not swap
    ATTACK = "attack"  # battle decisions
    CHARGE = "charge"
    WAIT = "wait"
    WITHDRAW = "withdraw"
    AUTO = "auto"
    LOOT = "loot"  # the fallen piece's items (a campaign)
    LEAVE = "leave"
    SURRENDER = "surrender"  # the King surrenders (a campaign)


class DndTag(StrEnum):
    """What D&D's notes are about."""

    SWAP = "swap"
    EXPIRE = "expire"  # a timed effect ends
    EFFECT = "effect"  # a spell or ability takes hold
    BATTLE = "battle"  # a battle begins
    WITHDRAW = "withdraw"
    LEVEL = "level"
    LOOT = "loot"
    ROUND = "round"  # a combat round ends
    CAST = "cast"
    BUFF = "buff"
    CONDITION = "condition"
    IMMUNE = "immune"
    EVASION = "evasion"
    CRITICAL = "critical"
    ABILITY = "ability"
    INITIATIVE = "initiative"
    AUTO = "auto"  # the rest of a battle fought automatically
    CHARGE = "charge"
    WAIT = "wait"
    HELPLESS = "helpless"
    FASCINATE = "fascinate"
    SHIELD_OTHER = "shield-other"
    SURRENDER = "surrender"


class DndPurpose(StrEnum):
    """What D&D throws dice for, beside attacks and damage."""

    CONFIRM = "confirm"  # a threatened critical's confirmation
    HEALING = "healing"  # hit points back
    TEMP_HP = "temp-hp"  # temporary hit points (False Life)
    SAVE = "save"  # a saving throw
    INITIATIVE = "initiative"
    CURSE = "curse"  # does a cursed piece act
    MISS_CHANCE = "miss-chance"  # concealment (Blur)


class DndTarget(StrEnum):
    """What a D&D roll's target number is."""

    AC = "ac"  # armour class
    FLAT_AC = "flat-ac"  # flat-footed armour class
    TOUCH_AC = "touch-ac"  # touch armour class
    DC = "dc"  # a saving throw's difficulty


class DndVerdict(StrEnum):
    """What a D&D roll decided, beside the shared verdicts."""

    CRITICAL = "critical"  # a threat confirmed
    NOT_CONFIRMED = "not-confirmed"
    SAVED = "saved"
    FAILED = "failed"
    ACTS = "acts"  # a cursed piece acts
    LOSES_ACTION = "loses-action"
    BLURRED = "blurred"  # a hit turned into a miss by concealment
    SPARED = "spared"  # the hit stands: concealment did not turn it


class DndDetail(StrEnum):
    """A particular of a D&D roll's verdict."""

    NATURAL_20 = "natural-20"  # hits (or saves) whatever the total
    NATURAL_1 = "natural-1"  # misses (or fails) whatever the total
    THREAT = "threat"  # a critical threatened: a confirmation follows
    TIE_BREAK = "tie-break"  # equal totals, decided by the higher modifier (initiative)


VOCABULARY = Vocabulary(
    actions=DndAction,
    tags=DndTag,
    purposes=DndPurpose,
    targets=DndTarget,
    verdicts=DndVerdict,
    details=DndDetail,
    themes={
        DndAction.CAST: "spell choice",
        DndAction.ABILITY: "spell choice",
        DndAction.WAIT: "when to wait",
        DndAction.WITHDRAW: "when to wait",
        DndAction.STAY: "when to wait",
    },
)
