"""Campaign rules inside a D&D game: items in every roll (DD-47), looting the fallen (DD-42),
the King's surrender (DD-45), per-piece levels from a roster (DD-40) and DD-32 with them."""

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.items import load_catalogue, merge
from battlechess_tui.rules.dnd.state import LOOT, MOVE_PHASE, Effect
from tests.dnd_helpers import at, edit, give, notes, play, position, rolls, texts
from tests.typed import known
from tests.whole_games import rebuilt

P1 = "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1"  # White Fighter e4 against Black Rogue d5
CAMPAIGN = {"campaign": True}


def test_dd_47_weapon_item_is_in_the_attack_and_damage_breakdown():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("weapon+2",))
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 8, 1, 1)  # 8+4+2 = 14 vs FAC 13; 1+1+3+2 = 7
    attack, damage = rolls(ev)[:2]
    assert attack.modifiers == (("melee", 4), ("weapon+2", 2))
    assert attack.labelled == (("melee", 4), ("+2 weapon", 2))
    assert ("+2 weapon", 2) in damage.labelled and damage.total == 7


def test_dd_47_weapon_enhancement_does_not_help_touch_spells_but_strength_does():
    v, s = position("4k3/8/8/3p4/8/8/8/2B1K3 w - - 0 1")
    s = edit(v, s, "c1", items=("weapon+3", "belt-of-giant-strength+4"))
    mods = fx.modifiers(s, v.rules.tables, v.rules.geo, at(v, s, "c1").id, "attack")
    assert mods == [("belt-of-giant-strength+4", 2)]
    weapon = fx.modifiers(s, v.rules.tables, v.rules.geo, at(v, s, "c1").id, "attack", weapon=True)
    assert ("weapon+3", 3) in weapon


def test_dd_47_ring_amulet_armour_raise_the_right_armour_classes():
    v, s = position(P1)
    pid = at(v, s, "e4").id
    base = {k: fx.armor_class(s, v.rules.tables, pid, k)[0] for k in ("AC", "FAC", "TAC")}
    s = edit(v, s, "e4", items=("ring-of-protection+2", "amulet-of-natural-armor+1", "armor+3"))
    now = {k: fx.armor_class(s, v.rules.tables, pid, k)[0] for k in ("AC", "FAC", "TAC")}
    assert now == {"AC": base["AC"] + 6, "FAC": base["FAC"] + 6, "TAC": base["TAC"] + 2}


def test_dd_47_same_type_bonuses_do_not_stack_with_spells():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("ring-of-protection+1",))
    s = give(v, s, "e4", Effect("shield-of-faith", 0, 6, (("ac", "deflection", 2),)))
    ac, mods = fx.armor_class(s, v.rules.tables, at(v, s, "e4").id, "AC")
    assert mods == [("shield-of-faith", 2)] and ac == 16 + 2


def test_dd_47_cloak_of_resistance_in_saves_and_amulet_of_health_in_hit_points():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("cloak-of-resistance+2", "amulet-of-health+4"))
    p = at(v, s, "e4")
    assert fx.save_bonus(s, v.rules.tables, v.rules.geo, p.id, "ref") == [
        ("ref", 1),
        ("cloak-of-resistance+2", 2),
    ]
    assert fx.max_hp(v.rules.tables, p) == 12 + 2  # +4 Con: +2 hp per level at level 1
    assert ("amulet-of-health+4", 2) in fx.save_bonus(s, v.rules.tables, v.rules.geo, p.id, "fort")


def test_dd_47_bane_weapon_against_its_piece_type_only():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("weapon+1", "bane:rogue"))
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 6, 1, 1, 2, 2)  # 6+4+3 = 13 hits FAC 13 (a +1 would miss)
    attack, damage, bane = rolls(ev)
    assert ("weapon+1/bane", 3) in attack.modifiers and attack.result == "hit"
    assert ("+1 weapon, bane", 3) in attack.labelled
    assert damage.total == 1 + 1 + 3 + 3
    assert bane.purpose == "bane weapon" and bane.dice == "2d6" and bane.total == 4
    w, t = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    t = edit(w, t, "e4", items=("weapon+1", "bane:rogue"))
    mods = fx.modifiers(
        t,
        w.rules.tables,
        w.rules.geo,
        at(w, t, "e4").id,
        "attack",
        weapon=True,
        vs=at(w, t, "d5").id,
    )
    assert mods == [("weapon+1", 1)]


def test_dd_47_dc_items_raise_spell_dcs():
    v, s = position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", level=3)
    from battlechess_tui.rules.dnd.spells import spell_dc

    plain = spell_dc(v.rules.tables, at(v, s, "d1"), "flaming-sphere")
    s = edit(v, s, "d1", items=("headband-of-intellect+4",))
    assert fx.dc_bonus(v.rules.tables, at(v, s, "d1")) == [("headband-of-intellect+4", 2)]
    assert spell_dc(v.rules.tables, at(v, s, "d1"), "flaming-sphere") == plain + 2
    s = edit(v, s, "e1", items=("headband-of-intellect+4",))  # the Bard gains nothing from it
    assert fx.dc_bonus(v.rules.tables, at(v, s, "e1")) == []


def test_dd_47_piece_card_names_the_items():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("weapon+2", "ring-of-protection+1"))
    card = v.presenter.piece_card(s, at(v, s, "e4").square)
    assert "Items: +2 weapon, Ring of Protection +1" in card
    assert any(line.startswith("Melee +4 +2 +2 weapon") for line in card)


def test_dd_47_catalogue_is_data_and_not_a_game():
    cat = load_catalogue()
    assert "dnd-items" not in specs() and cat.version >= 1
    assert cat.value(("weapon+1",)) == 2000 and cat.value(("weapon+5",)) == 50000
    assert cat.value(("weapon+1", "bane:paladin")) == 8000  # priced as a +2 weapon (SRD)
    assert cat.value(("armor+2",)) == 4000 and cat.value(("cloak-of-resistance+3",)) == 9000
    assert cat.value(("belt-of-giant-strength+6",)) == 36000
    assert merge(cat, ("weapon+1",), ("weapon+3", "ring-of-protection+1")) == (
        "weapon+3",
        "ring-of-protection+1",
    )


# -- DD-42: loot ---------------------------------------------------------------------------


def _won_battle(items=("ring-of-protection+2",), options=CAMPAIGN):
    v, s = position(P1, **options)
    s = edit(v, s, "d5", items=items)
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 12, 3, 4)  # 16 vs FAC 13 + 2 (ring); 3+4+3 = 10 damage
    return v, s, ev


def test_dd_42_melee_winner_chooses_to_loot_the_fallen_items():
    v, s, _ = _won_battle()
    assert s.phase == LOOT and v.to_move(s) == "white"
    assert texts(v, s) == {"loot", "leave"}
    assert "loot or leave" in v.presenter.status(s)
    s, ev = play(v, s, "loot")
    assert at(v, s, "d5").items == ("ring-of-protection+2",)
    assert any("loots Ring of Protection +2" in n for n in notes(ev))
    assert s.phase == MOVE_PHASE and s.side == 1


def test_dd_42_leaving_the_items_and_no_choice_without_campaign_rules():
    v, s, _ = _won_battle()
    s, _ = play(v, s, "leave")
    assert at(v, s, "d5").items == () and s.falls[-1].items == ("ring-of-protection+2",)
    v, s, _ = _won_battle(options={})
    assert s.phase == MOVE_PHASE and "loot" not in texts(v, s)


def test_dd_42_no_loot_for_a_kill_at_range():
    v, s = position("4k3/8/8/8/3p4/8/8/Q3K3 w - - 0 1", campaign=True)
    s = edit(v, s, "d4", items=("weapon+1",), hp=0)
    s, _ = play(v, s, "a1b2")
    s, _ = play(v, s, "cast magic-missile d4", 3)
    assert at(v, s, "d4") is None and s.falls[-1].melee is False
    assert s.phase == MOVE_PHASE and s.loot is None


def test_dd_42_the_king_killed_in_melee_is_looted_before_the_game_ends():
    v, s = position("8/8/8/3k4/4P3/8/8/4K3 w - - 0 1", campaign=True)
    s = edit(v, s, "d5", items=("cloak-of-charisma+2",), hp=0)
    s, _ = play(v, s, "e4d5", 15, 5)
    s, _ = play(v, s, "attack", 12, 3, 4)
    assert s.phase == LOOT and v.outcome(s) is None
    s, _ = play(v, s, "loot")
    assert v.outcome(s).winner == 0 and at(v, s, "d5").items == ("cloak-of-charisma+2",)


# -- DD-45: surrender ------------------------------------------------------------------------


def test_dd_45_the_king_may_surrender_instead_of_moving_in_campaign_play():
    v, s = position(P1, campaign=True)
    assert "surrender" in texts(v, s)
    s2, ev = play(v, s, "surrender")
    assert v.outcome(s2).winner == 1 and v.outcome(s2).rule == "DD-45"
    assert "surrenders" in notes(ev)[0]
    plain, t = position(P1)
    assert "surrender" not in texts(plain, t)
    assert "DD-45" in plain.why_illegal(t, Action("surrender"))


# -- DD-40: levels from the roster, DD-32 with campaign levels --------------------------------


def test_dd_40_roster_gives_each_piece_its_level_and_items_and_replays():
    roster = '{"d1":[3,[]],"e2":[2,["weapon+1","amulet-of-health+2"]]}'
    v = make_variant("dnd", {"campaign": True, "roster": roster})
    s, _ = v.new_game(Dice())
    wiz, ftr, other = at(v, s, "d1"), at(v, s, "e2"), at(v, s, "d2")
    assert (wiz.level, ftr.level, other.level) == (3, 2, 1)
    assert ftr.items == ("weapon+1", "amulet-of-health+2") and ftr.hp == 19 + 2
    assert known(v.piece_view(s, wiz.square)).label == "L3"
    game = Game(v, 5)
    for text in ("e2e4", "d7d5", "e4d5"):
        game.play(text)
    assert rebuilt(game).state.pieces == game.state.pieces


def test_dd_40_bad_roster_is_refused_in_words():
    import pytest

    for bad, words in (
        ('{"e2":[7,[]]}', "level 7"),
        ('{"e2":[1,["sword+9"]]}', "no item"),
        ("not json", "JSON"),
        ('{"e4":[2,[]]}', "no piece starts"),
    ):
        with pytest.raises(ValueError, match=words):
            v = make_variant("dnd", {"roster": bad})
            v.new_game(Dice())


def test_dd_32_promoting_a_campaign_level_caster_ends_its_game_long_spell():
    v, s = position("4k3/8/3Q4/8/8/8/8/4K3 w - - 0 1", level=1)
    s = edit(v, s, "d6", level=3)
    s, _ = play(v, s, "d6c7")
    s, _ = play(v, s, "cast mage-armor")
    wiz = at(v, s, "c7")
    assert wiz.effect("mage-armor") is not None and wiz.slots_used[0] == 1
    s, _ = play(v, s, "e8f8")
    s, ev = play(v, s, "c7c8")
    wiz = at(v, s, "c8")
    assert wiz.level == 4 and wiz.effect("mage-armor") is None and wiz.slots_used == (0, 0, 0)
    assert any("DD-32" in n for n in notes(ev))
