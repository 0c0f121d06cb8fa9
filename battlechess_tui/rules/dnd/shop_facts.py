"""The facts of D&D's magic item shop (DD-44, DD-47), without words: the keys of the numbers an
offer compares and the rules a refusal cites. ``present_shop`` writes the words."""

from __future__ import annotations

from enum import StrEnum


class Stat(StrEnum):
    """A number of a piece's sheet that an item may change, in the sheet's order."""

    HP = "hp"
    AC = "ac"
    FAC = "fac"
    TAC = "tac"
    INIT = "init"
    MELEE = "melee"
    DAMAGE = "damage"
    FORT = "fort"
    REF = "ref"
    WILL = "will"
    SAVE_DCS = "save-dcs"


#: The armour classes, each as the stat key ``effects.armor_class`` reads it by.
ARMOR_CLASSES = {Stat.AC: "AC", Stat.FAC: "FAC", Stat.TAC: "TAC"}
#: The saving throws, each by its key in the tables.
SAVES = {Stat.FORT: "fort", Stat.REF: "ref", Stat.WILL: "will"}
#: The rule behind a class's own items (DD-47) and behind a bane's need of a magic weapon.
ITEMS_RULE = "DD-47"
SRD = "SRD"
