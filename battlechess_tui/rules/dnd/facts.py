"""Which statement a D&D note makes (``Note.fact``): the presenter words each one
(``present_notes.py``). A note whose tag says it all has no fact."""

from __future__ import annotations

from enum import StrEnum


class Fact(StrEnum):
    LAY_ON_HANDS = "lay-on-hands"  # a Paladin heals by Lay on Hands (DD-26)
    ABSORBED = "absorbed"  # False Life's hit points take the damage first
    NO_CONFIRM = "no-confirm"  # Bless Weapon: a critical needs no confirmation
    ATTACKER_FIRST = "attacker-first"  # the attacker wins initiative (DD-11)
    DEFENDER_FIRST = "defender-first"  # the defender wins initiative (DD-11)
    FASCINATED = "fascinated"  # the battle stops: both pieces stay (DD-28)
    GOES_ON = "goes-on"  # a King who cannot move fights the stopped battle again (DD-28)
    LOOTS = "loots"  # the winner takes the fallen piece's items (DD-42)
    LEAVES = "leaves"  # ... or leaves them (DD-42)
    CURSED = "cursed"  # Bestow Curse takes hold
    MIND_SPELLS = "mind-spells"  # immune to mind-affecting spells (DD-23)
    MIND_SONGS = "mind-songs"  # immune to mind-affecting songs (DD-23)
    SHIELD_STOPS = "shield-stops"  # Shield stops Magic Missile (DD-29)
    PROMOTED_CASTER = "promoted-caster"  # a promoted caster's spells end (DD-32)
    SMITES = "smites"  # a Paladin's smite (DD-26)
    SINGS = "sings"  # a Bard sings Fascinate (DD-28)
