"""Every D&D spell cast in play, through the decision interface with scripted dice, and its
effect seen where the rules use it: in later rolls, hit points, moves and armour classes
(DD-14, DD-20..DD-24, DD-26, DD-29)."""

import copy

from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.rules.dnd import DndRules
from tests.dnd_helpers import at, edit, notes, play, position, rolls, sq, tags, texts
from tests.typed import typed


def pass_turn(v, s, move: str):
    """A quiet move, and no action if the piece may take one."""
    s, _ = play(v, s, move)
    while s.phase == "act":
        s, _ = play(v, s, "none")
    return s


def effect_names(v, s, square: str) -> list[str]:
    return [v.presenter.effect_name(e.name_key) for e in at(v, s, square).effects]


# -- the Bard ----------------------------------------------------------------------------------


def test_dd_21_dd_20_cure_light_wounds_heals_a_touched_ally():
    v, s = position("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", level=2)
    s = edit(v, s, "d2", hp=4)
    s, _ = play(v, s, "e1e2")
    s, ev = play(v, s, "cast cure-light-wounds d2", 3)  # d8+2 = 5
    assert at(v, s, "d2").hp == 9 and at(v, s, "e2").slots_used == (1, 0, 0)
    assert rolls(ev)[0].dice == "1d8" and rolls(ev)[0].total == 5


def test_dd_23_tashas_laughter_lays_the_target_prone_for_two_of_its_turns():
    v, s = position("4k3/8/8/8/8/3r4/8/4K3 w - - 0 1", level=2)
    s, _ = play(v, s, "e1e2")
    s, ev = play(v, s, "cast tashas-laughter d3", 5)  # Will 5+0 vs DC 13: fails
    laughing = at(v, s, "d3").effect("tashas-laughter")
    assert laughing.condition == "prone" and laughing.rounds == 2
    assert "prone" in v.piece_view(s, sq(v, "d3")).mark_names
    assert not any(t.startswith("d3") for t in texts(v, s))  # DD-23: it cannot move
    s = pass_turn(v, s, "e8d8")  # White begins a turn: one round passes (DD-14)
    assert at(v, s, "d3").effect("tashas-laughter").rounds == 1
    s, ev = play(v, s, "e2d3", 1, 20)  # the Rogue wins initiative but cannot act
    assert any("cannot act" in n for n in notes(ev))
    s, ev = play(v, s, "attack", 2)  # a miss, against the prone Rogue's flat-footed AC
    assert rolls(ev)[0].against == "FAC 13"


def test_dd_20_bless_reaches_the_caster_once_and_adjacent_allies_never_foes():
    v, s = position("4k3/8/8/8/8/2p5/8/2B1K3 w - - 0 1", level=4)
    s, _ = play(v, s, "c1d2")
    s, ev = play(v, s, "cast bless")  # the Fighter on c3 is adjacent but Black's
    assert effect_names(v, s, "d2") == ["Bless"] and effect_names(v, s, "e1") == ["Bless"]
    assert effect_names(v, s, "c3") == [] and not rolls(ev)


def test_dd_24_heroism_and_bless_cast_in_play_do_not_stack():
    v, s = position("3k4/8/8/8/3r4/4P3/8/2B1K3 w - - 0 1", level=4)
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast bless")  # the Cleric, the Fighter on e3 and the Bard on e1
    assert effect_names(v, s, "e3") == ["Bless"] and effect_names(v, s, "e1") == ["Bless"]
    s = pass_turn(v, s, "d8c8")
    s, _ = play(v, s, "e1f2")
    s, _ = play(v, s, "cast heroism e3")
    card = v.presenter.piece_card(s, sq(v, "e3"))
    assert "Active: Bless (23 rounds left), Heroism (whole game)" in card
    s = pass_turn(v, s, "c8d8")
    s, _ = play(v, s, "e3d4", 15, 1)  # the Fighter wins initiative
    s, ev = play(v, s, "attack", 10, 1, 1)  # 10+9+2 hits; 2d6+6+2 damage
    attack, damage = rolls(ev)
    # Bless (+1), Inspire Courage (+1) and Heroism (+2) are all morale: only the best counts.
    assert attack.modifiers == (("melee", 9), ("heroism", 2))
    assert ("heroism", 2) in damage.modifiers and damage.total == 1 + 1 + 6 + 2


def test_dd_24_blur_makes_a_hit_miss_one_time_in_five():
    v, s = position("4k3/8/8/8/4r3/8/8/4K3 w - - 0 1", level=5)
    s, _ = play(v, s, "e1e2")
    s, _ = play(v, s, "cast blur e2")
    assert at(v, s, "e2").effect("blur").rounds == 30
    s, _ = play(v, s, "e4e2", 20, 1)  # the Rogue wins initiative
    s, ev = play(v, s, "attack", 18, 10)  # 18+5 hits; the d100 shows 10: blurred
    hit, blur = rolls(ev)[:2]
    assert hit.result == "hit" and blur.dice == "1d100" and blur.result == "blurred: miss"
    assert at(v, s, "e2").hp == 25


# -- the Cleric --------------------------------------------------------------------------------


def test_dd_24_prayer_helps_allies_and_hinders_adjacent_enemies():
    v, s = position("4k3/8/8/8/8/2p5/4P3/2B1K3 w - - 0 1", level=5)
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast prayer")
    assert effect_names(v, s, "d2") == ["Prayer"] and effect_names(v, s, "e2") == ["Prayer"]
    assert effect_names(v, s, "c3") == ["Prayer (foe)"]
    assert [m.kind for m in v.piece_view(s, sq(v, "c3")).marks] == ["debuff"]
    s, ev = play(v, s, "c3d2", 20, 1)  # the Fighter attacks the Cleric and wins initiative
    s, ev = play(v, s, "attack", 2)  # 2+10-1 vs FAC 19: a miss
    assert ("prayer (foe)", -1) in rolls(ev)[0].labelled
    s, ev = play(v, s, "attack", 2)
    assert ("prayer", 1) in rolls(ev)[0].labelled


def test_dd_24_bulls_strength_adds_to_attack_and_damage():
    v, s = position("4k3/8/8/8/3r4/4P3/8/2B1K3 w - - 0 1", level=3)
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast bulls-strength e3")
    s = pass_turn(v, s, "e8d8")
    s, _ = play(v, s, "e3d4", 15, 1)
    s, ev = play(v, s, "attack", 10, 1, 1)
    attack, damage = rolls(ev)
    assert ("bull's strength", 2) in attack.labelled
    assert ("bull's strength", 2) in damage.labelled


def test_dd_24_bears_endurance_gives_hit_points_while_it_lasts_and_its_end_never_kills():
    data = copy.deepcopy(spec("dnd").data)  # house rules: it lasts 2 rounds
    data["classes"]["cleric"]["levels"]["4"]["spells"]["bears-endurance"]["rounds"] = 2
    v = typed(make_variant(spec("dnd").model_copy(update={"data": data}), {"level": 4}), DndRules)
    s = v.rules.from_fen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")
    assert v.presenter.piece_card(s, sq(v, "c1"))[4].startswith("Saves: Fort +6")
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast bears-endurance d2")  # +2 hit points per level
    view = v.piece_view(s, sq(v, "d2"))
    assert view is not None
    assert (view.hp, view.max_hp) == (29 + 8, 29 + 8)
    assert v.presenter.piece_card(s, sq(v, "d2"))[4].startswith("Saves: Fort +8")
    s = pass_turn(v, s, "e8d8")  # White begins: 1 round left
    s = edit(v, s, "d2", hp=3)  # a wounded Cleric (a test set-up)
    s = pass_turn(v, s, "e1f1")
    s = pass_turn(v, s, "d8e8")  # White begins: the spell ends, taking its 8 hit points
    cleric = at(v, s, "d2")
    assert cleric.effect("bears-endurance") is None and (cleric.hp, cleric.alive) == (0, True)


def test_dd_23_protection_from_evil_guards_against_hold_person():
    v, s = position("4k3/8/8/6b1/8/8/8/2B1K3 w - - 0 1", level=4)
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast protection-from-evil d2")
    assert v.presenter.piece_card(s, sq(v, "d2"))[2].startswith("Init -1  AC 21")  # +2 deflection
    s, _ = play(v, s, "g5f4")
    s, ev = play(v, s, "cast hold-person d2")
    assert "immune" in tags(ev) and not rolls(ev)
    assert not at(v, s, "d2").has("paralyzed")


def test_dd_22_searing_light_is_a_ranged_touch_attack():
    v, s = position("4k3/8/8/8/5p2/8/8/2B1K3 w - - 0 1", level=5)
    s, _ = play(v, s, "c1d2")
    s, ev = play(v, s, "cast searing-light f4", 6, 4, 5)  # 6+5 vs TAC 11: hit; 2d8 = 9
    attack, damage = rolls(ev)
    assert attack.against == "TAC 11" and attack.result == "hit"
    assert damage.dice == "2d8" and at(v, s, "f4").hp == 42 - 9


def test_dd_24_bestow_curse_1_and_2_weaken_attack_and_damage():
    fen = "4k3/8/8/3p4/8/1B6/8/4K3 w - - 0 1"
    for choice, penalty in (("bestow-curse-1", -4), ("bestow-curse-2", -3)):
        v, s = position(fen, level=5)
        s, _ = play(v, s, "b3d5", 20, 1)
        s, ev = play(v, s, f"cast {choice}", 10, 1)  # touch 10+5 vs TAC 11; Will 1 fails
        assert at(v, s, "d5").has("cursed")
        assert "cursed" in v.piece_view(s, sq(v, "d5")).mark_names
        s, ev = play(v, s, "attack", 10)  # the Fighter: 10+10-curse vs AC 19, a miss
        attack = rolls(ev)[0]
        label = {
            -4: "curse: -4 to attack, damage and saves",
            -3: "curse: -6 strength: -3 to attack and damage",
        }[penalty]
        assert (label, penalty) in attack.labelled


def test_dd_24_shield_other_and_false_life_cast_in_play_share_the_damage():
    v, s = position("4k3/8/3r4/B7/8/8/8/3QK3 w - - 0 1", level=4)
    s, _ = play(v, s, "d1d2")
    s, ev = play(v, s, "cast false-life", 6)  # d10+4 = 10 temporary hit points
    assert at(v, s, "d2").effect("false-life").amount == 10
    view = v.piece_view(s, sq(v, "d2"))
    assert (view.hp, view.max_hp) == (26, 26)
    s = pass_turn(v, s, "e8f8")
    s, _ = play(v, s, "a5c3")
    s, _ = play(v, s, "cast shield-other d2")
    s, _ = play(v, s, "d6d2", 20, 1)  # the Rogue attacks the Wizard and wins initiative
    s, ev = play(v, s, "attack", 15, 6, 3, 3)  # 20 vs FAC 10; d6+1 = 7, sneak 2d6 = 6
    assert at(v, s, "c3").hp == 29 - 7  # the Cleric takes the larger half
    wizard = at(v, s, "d2")
    assert wizard.hp == 16 and wizard.effect("false-life").amount == 10 - 6


# -- the Wizard and the Paladin ----------------------------------------------------------------


def test_dd_24_cats_grace_raises_armour_class_and_initiative():
    v, s = position("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", level=3)
    s, _ = play(v, s, "d1d2")
    s, _ = play(v, s, "cast cats-grace d2")
    card = v.presenter.piece_card(s, sq(v, "d2"))
    assert card[2] == "Init +4  AC 14  FAC 10  TAC 14"  # Dexterity: not when flat-footed
    s, ev = play(v, s, "d5d2", 1, 20)  # initiative: the Wizard's roll shows Cat's Grace
    assert ("cat's grace", 2) in rolls(ev)[1].labelled
    s, _ = play(v, s, "wait")
    s, ev = play(v, s, "attack", 2)
    assert rolls(ev)[0].against == "AC 14"


def test_dd_22_lightning_bolt_deals_its_damage_and_half_on_a_save():
    fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1"
    for save, taken in ((5, 15), (19, 7)):
        v, s = position(fen, level=5)
        s, _ = play(v, s, "d1d5", 20, 1)
        s, ev = play(v, s, "cast lightning-bolt", 1, 2, 3, 4, 5, save)  # 5d6 = 15; Reflex
        assert rolls(ev)[0].dice == "5d6" and at(v, s, "d5").hp == 42 - taken


def test_dd_29_shield_cast_in_play_stops_magic_missile():
    v, s = position("3qk3/8/8/8/3Q4/8/8/4K3 b - - 0 1", level=2)
    s, _ = play(v, s, "d8d7")
    s, _ = play(v, s, "cast shield")
    assert at(v, s, "d7").effect("shield").rounds == 12
    s, _ = play(v, s, "d4d5")
    s, ev = play(v, s, "cast magic-missile d7")
    assert at(v, s, "d7").hp == 8 and any("Shield stops" in n for n in notes(ev))


def test_dd_26_bless_weapon_cast_in_play_needs_no_confirmation():
    v, s = position("4k3/8/8/3p4/8/8/8/1N2K3 w - - 0 1", level=4)
    s, _ = play(v, s, "b1c3")
    s, _ = play(v, s, "cast bless-weapon c3")
    s = pass_turn(v, s, "e8f8")
    s, _ = play(v, s, "c3d5", 20, 1)
    s, ev = play(v, s, "attack", 19, 1, 1)  # a threat, no confirmation roll; 2d8 + 2x(2+1)
    assert len(rolls(ev)) == 2 and rolls(ev)[1].dice == "2d8" and rolls(ev)[1].total == 8
    assert "critical" in tags(ev)


def test_dd_24_two_clerics_shielding_each_other_pass_a_wound_on_once():
    v, s = position("4k3/8/2r5/8/8/4B3/8/2B1K3 w - - 0 1", level=4)
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast shield-other e3")
    s = pass_turn(v, s, "e8f8")
    s = pass_turn(v, s, "d2c3")
    s = pass_turn(v, s, "f8e8")
    s, _ = play(v, s, "e3d4")
    s, _ = play(v, s, "cast shield-other c3")  # a ring: each Cleric wards the other
    s, _ = play(v, s, "c6c3", 20, 1)  # the Rogue attacks the Cleric on c3, wins initiative
    s, ev = play(v, s, "attack", 15, 6, 3, 3)  # d6+1 = 7, sneak 2d6 = 6: a wound of 13
    assert at(v, s, "c3").hp == 29 - 6  # the warded Cleric keeps the smaller half
    assert at(v, s, "d4").hp == 29 - 7  # its ward takes the rest and does not pass it back
    assert sum(n.startswith("Shield Other:") for n in notes(ev)) == 1
