"""The words of D&D's effects: an effect's name as players read it (the character sheet's
"Active:" line, the board's marks, the note when it ends, a modifier in the dice tray). The
state keeps an effect by its keys (``Effect.key``, ``Effect.spell``); a rewording touches this
module only."""

from __future__ import annotations

from battlechess_tui.rules.dnd.state import Effect
from battlechess_tui.rules.dnd.stats import Tables

#: The curse each of Bestow Curse's cast choices lays.
CURSES = {
    "bestow-curse-1": "-4 to attack, damage and saves",
    "bestow-curse-2": "-6 Strength: -3 to attack and damage",
    "bestow-curse-3": "50% chance to lose each action",
}
#: Effects that are not a spell's own, by their key.
EFFECT_NAMES = {"prayer-foe": "Prayer (foe)", "fascinated": "Fascinated"}


def effect_name(t: Tables, key: str) -> str:
    """An effect's name from the key it is named by (``Effect.name_key``): ``Bless``,
    ``Prayer (foe)``, ``Curse: -4 to attack, damage and saves``; a key the game does not know
    (an effect a position gives) as it is."""
    if key in EFFECT_NAMES:
        return EFFECT_NAMES[key]
    if key in CURSES:
        return f"Curse: {CURSES[key]}"
    spell = t.spells.get(key)
    return spell.name if spell is not None else key


def modifier_label(t: Tables, e: Effect) -> str:
    """The effect as a roll's modifier reads it: ``+1 bless``, ``-1 prayer (foe)``."""
    return effect_name(t, e.name_key).lower()
