"""The words of D&D's effects and modifiers: an effect's name as players read it (the character
sheet's "Active:" line, the board's marks, the note when it ends), and each modifier of a roll
or of the sheet by its key (``effects.modifiers``: an effect's name, an item's). The state
keeps an effect by its keys (``Effect.key``, ``Effect.spell``); a rewording touches this module
only."""

from __future__ import annotations

from battlechess_tui.rules.dnd.items import BANE_MARK
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
#: Modifiers whose words are not their key (beside the effects' and the items'); the others
#: read as their key: ``melee``, ``flanking``, ``inspire``, a save's ``will``.
MODIFIER_WORDS = {"metal-armour": "metal armour"}
#: What a bane adds to its weapon's name (``bane_key``).
BANE_WORDS = "{}, bane"


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
    return modifier_words(t, e.name_key)


def modifier_words(t: Tables, key: str) -> str:
    """A modifier as players read it, from its key (``Roll.modifiers``): an item's name
    (``+2 weapon``; ``+2 weapon, bane`` with its bane's bonus), an effect's name in lower case
    (``bless``, ``prayer (foe)``), ``MODIFIER_WORDS``, else the key as it is (``melee``)."""
    item = _item_words(t, key)
    if item is not None:
        return item
    if key in MODIFIER_WORDS:
        return MODIFIER_WORDS[key]
    return effect_name(t, key).lower()


def _item_words(t: Tables, key: str) -> str | None:
    """The words of an item's modifier (keyed by the item's text), None for another key."""
    cat, text = t.catalogue, key.removesuffix(BANE_MARK)
    if cat is None:
        return None
    try:
        item = cat.parse(text)
    except ValueError:
        return None
    if item.text != text:  # not an item's own text (``weapon`` alone is no item's key)
        return None
    name = cat.name(text)
    return BANE_WORDS.format(name) if key != text else name
