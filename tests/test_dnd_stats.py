"""DD-2: the stat tables of D&D Battle Chess against the seed, number by number.

The expected values are copied here by hand from the seed text (002_a2ec3e248de96a6c.txt),
independently of variants/dnd.toml, so a slip in either shows up.
"""

import pytest

from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.dnd import DndRules
from tests.typed import rules_of

# class: level -> (HP, Init, AC, FAC, TAC, Melee, Dmg, F/R/W), straight from the seed's tables.
SEED_ROWS = {
    "fighter": {
        1: (12, 1, 16, 15, 11, 4, "2d6+3(19-20x2)", "4/1/1"),
        2: (19, 1, 17, 16, 11, 6, "2d6+3(19-20x2)", "5/1/1"),
        3: (27, 1, 19, 18, 11, 7, "2d6+3(19-20x2)", "5/2/2"),
        4: (34, 1, 19, 18, 11, 9, "2d6+6(19-20x2)", "6/2/2"),
        5: (42, 1, 19, 18, 11, 10, "2d6+6(19-20x2)", "6/2/2"),
    },
    "rogue": {
        1: (7, 6, 15, 13, 12, 2, "d6+1(19-20x2)", "1/4/0"),
        2: (11, 6, 15, 13, 12, 3, "d6+1(19-20x2)", "1/5/0"),
        3: (16, 6, 16, 14, 12, 4, "d6+1(19-20x2)", "2/5/1"),
        4: (20, 7, 17, 14, 13, 5, "d6+1(19-20x2)", "2/7/1"),
        5: (25, 7, 17, 14, 13, 5, "d6+1(19-20x2)", "2/7/1"),
    },
    "paladin": {
        1: (11, -1, 18, 18, 9, 4, "d8+2(19-20x2)", "3/-1/1"),
        2: (17, -1, 19, 19, 9, 5, "d8+2(19-20x2)", "6/1/3"),
        3: (24, -1, 19, 19, 9, 6, "d8+2(19-20x2)", "6/2/4"),
        4: (30, -1, 20, 20, 9, 7, "d8+2(19-20x2)", "7/2/5"),
        5: (37, -1, 20, 20, 9, 8, "d8+2(19-20x2)", "7/2/5"),
    },
    "cleric": {
        1: (10, -1, 17, 17, 9, 2, "d8+1(20x2)", "4/-1/4"),
        2: (16, -1, 18, 18, 9, 3, "d8+1(20x2)", "5/-1/5"),
        3: (23, -1, 19, 19, 9, 4, "d8+1(20x2)", "5/0/5"),
        4: (29, -1, 19, 19, 9, 5, "d8+1(20x2)", "6/0/7"),
        5: (36, -1, 19, 19, 9, 5, "d8+1(20x2)", "6/0/7"),
    },
    "wizard": {
        1: (5, 2, 12, 10, 12, 0, "d6(20x2)", "1/2/3"),
        2: (8, 2, 12, 10, 12, 1, "d6(20x2)", "1/2/4"),
        3: (12, 2, 12, 10, 12, 1, "d6(20x2)", "2/3/4"),
        4: (16, 2, 12, 10, 12, 2, "d6(20x2)", "2/3/5"),
        5: (19, 2, 12, 10, 12, 2, "d6(20x2)", "2/3/5"),
    },
    "bard": {
        1: (7, 1, 14, 13, 12, 1, "d6(19-20x2)", "1/3/1"),
        2: (11, 1, 14, 13, 12, 2, "d6(19-20x2)", "1/4/2"),
        3: (16, 1, 14, 13, 12, 3, "d6(19-20x2)", "2/4/2"),
        4: (20, 1, 14, 13, 12, 4, "d6(19-20x2)", "2/5/3"),
        5: (25, 1, 14, 13, 12, 4, "d6(19-20x2)", "2/5/3"),
    },
}
DMG = {  # Dmg column split: dice, threat range low end, multiplier
    "2d6+3(19-20x2)": ("2d6+3", 19, 2), "2d6+6(19-20x2)": ("2d6+6", 19, 2),
    "d6+1(19-20x2)": ("1d6+1", 19, 2), "d8+2(19-20x2)": ("1d8+2", 19, 2),
    "d8+1(20x2)": ("1d8+1", 20, 2), "d6(20x2)": ("1d6", 20, 2), "d6(19-20x2)": ("1d6", 19, 2),
}  # fmt: skip


@pytest.fixture(scope="module")
def tables():
    return rules_of(make_variant("dnd"), DndRules).tables


@pytest.mark.parametrize("cls", sorted(SEED_ROWS))
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_dd_2_stat_rows_match_the_seed(tables, cls, level):
    hp, init, ac, fac, tac, melee, dmg, frw = SEED_ROWS[cls][level]
    st = tables.stats(cls, level)
    assert (st.hp, st.init, st.ac, st.fac, st.tac, st.melee) == (hp, init, ac, fac, tac, melee)
    dice, threat, mult = DMG[dmg]
    assert (str(st.damage), st.threat, st.crit) == (dice, threat, mult)
    assert (st.fort, st.ref, st.will) == tuple(int(x) for x in frw.split("/"))


def test_dd_1_classes_sit_on_the_chess_pieces(tables):
    expected = {"pawn": "fighter", "rook": "rogue", "knight": "paladin",
                "bishop": "cleric", "queen": "wizard", "king": "bard"}  # fmt: skip
    assert tables.class_of_piece == expected


def _spells(tables, cls, level):
    return {k: v.model_dump(exclude_none=True) for k, v in tables.stats(cls, level).spells.items()}


def test_dd_2_level_1_spells_and_abilities_match_the_seed(tables):
    assert tables.stats("cleric", 1).slots == (3,)
    assert _spells(tables, "cleric", 1) == {
        "shield-of-faith": {"rounds": 6, "bonus": 2},
        "bless": {"rounds": 6, "bonus": 1},
        "inflict-wounds": {"damage": "d8+1"},
    }
    assert tables.stats("cleric", 1).heal == ("d8+1",)
    assert tables.stats("wizard", 1).slots == (2,)
    assert _spells(tables, "wizard", 1) == {
        "mage-armor": {"bonus": 4},
        "magic-missile": {"damage": "1d4+1"},
    }
    assert tables.stats("bard", 1).slots == ()
    assert tables.stats("rogue", 1).abilities["sneak-attack"].dice == "d6"
    smite = tables.stats("paladin", 1).abilities["smite"]
    assert (smite.hit, smite.damage) == (2, 1)
    bard = tables.stats("bard", 1).abilities
    assert (bard["inspire-courage"].bonus, bard["fascinate"].dc) == (1, 13)
    assert tables.stats("fighter", 1).spells == {} and tables.stats("fighter", 1).abilities == {}


def test_dd_2_level_3_spells_and_abilities_match_the_seed(tables):
    cleric = tables.stats("cleric", 3)
    assert cleric.slots == (4, 3)
    assert cleric.heal == ("d8+3", "2d8+3")
    assert _spells(tables, "cleric", 3) == {
        "shield-of-faith": {"rounds": 18, "bonus": 2},
        "bless": {"rounds": 18, "bonus": 1},
        "inflict-wounds": {"damage": "d8+2"},
        "doom": {"rounds": 18, "dc": 13, "bonus": -2},
        "hold-person": {"rounds": 3, "dc": 14},
        "shield-other": {},
        "bulls-strength": {"rounds": 18, "bonus": 2},
    }
    wizard = tables.stats("wizard", 3)
    assert wizard.slots == (3, 2)
    assert _spells(tables, "wizard", 3) == {
        "mage-armor": {"bonus": 4},
        "shield": {"rounds": 18, "bonus": 4},
        "magic-missile": {"damage": "1d4+1", "targets": 2},
        "cats-grace": {"rounds": 18, "bonus": 2},
        "flaming-sphere": {"damage": "2d6", "dc": 14},
    }
    bard = tables.stats("bard", 3)
    assert bard.slots == (3,)
    assert _spells(tables, "bard", 3) == {
        "cure-light-wounds": {"heal": "d8+2"},
        "tashas-laughter": {"rounds": 3, "dc": 13},
        "charm-person": {"dc": 13},
    }
    pal = tables.stats("paladin", 3).abilities
    assert (pal["smite"].hit, pal["smite"].damage, pal["lay-on-hands"].heal) == (2, 3, 6)
    assert pal["aura-of-courage"].will == 4
    rogue = tables.stats("rogue", 3).abilities
    assert rogue["sneak-attack"].dice == "2d6" and "evasion" in rogue
    assert "uncanny-dodge" not in rogue


def test_dd_2_level_5_keeps_what_the_seed_leaves_out(tables):
    """Level 5 lists only additions: the rest comes from level 4, durations scale by 6/level."""
    cleric = _spells(tables, "cleric", 5)
    assert cleric["doom"] == {"rounds": 30, "dc": 14, "bonus": -2}
    assert cleric["hold-person"] == {"rounds": 3, "dc": 15}
    assert cleric["prayer"]["rounds"] == 30 and cleric["bestow-curse"]["dc"] == 16
    assert cleric["searing-light"]["damage"] == "2d8"
    assert tables.stats("cleric", 5).heal == ("d8+5", "2d8+5", "3d8+5")
    wizard = _spells(tables, "wizard", 5)
    assert wizard["shield"]["rounds"] == 30 and wizard["shocking-grasp"]["damage"] == "4d6"
    assert wizard["fireball"] == {"damage": "5d6", "dc": 15}
    assert tables.stats("wizard", 5).slots == (4, 3, 2)
    pal = tables.stats("paladin", 5)
    assert (pal.abilities["smite"].hit, pal.abilities["smite"].damage) == (2, 5)
    assert pal.abilities["lay-on-hands"].heal == 10 and pal.slots == (1,)
    assert pal.spells["bless-weapon"].rounds == 30
    rogue = tables.stats("rogue", 5).abilities
    assert rogue["sneak-attack"].dice == "3d6" and {"evasion", "uncanny-dodge"} <= set(rogue)
    bard = tables.stats("bard", 5)
    assert bard.slots == (4, 2) and bard.spells["blur"].rounds == 30
    assert bard.abilities["fascinate"].dc == 14 and bard.spells["tashas-laughter"].dc == 14
