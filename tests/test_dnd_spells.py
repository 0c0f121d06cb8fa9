"""D&D Battle Chess spells and conditions (DD-19..DD-26, DD-29) with scripted dice."""

from fractions import Fraction

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import spells
from battlechess_tui.rules.dnd.state import ACT, MOVE_PHASE, Effect
from tests.dnd_helpers import at, edit, give, notes, play, position, rolls, sq, texts


def test_dd_19_a_spent_caster_has_no_action():
    v, s = position("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1")
    s = edit(v, s, "c1", slots_used=(3, 0, 0))
    s, _ = play(v, s, "c1d2")
    assert s.phase == MOVE_PHASE and s.side == 1


def pass_turn(v, s, move: str):
    """Play a quiet move and, if the piece may act, no action."""
    s, _ = play(v, s, move)
    while s.phase == ACT:
        s, _ = play(v, s, "none")
    return s


def test_dd_14_dd_20_dd_23_hold_person_costs_its_target_three_of_its_own_turns():
    v, s = position("4k3/8/8/8/5p2/8/8/2B1K3 w - - 0 1", level=3)
    s, _ = play(v, s, "c1d2")
    s, ev = play(v, s, "cast hold-person f4", 5)  # Will 5+2 vs DC 14: fails
    assert at(v, s, "d2").slots_used == (0, 1, 0)
    assert at(v, s, "f4").effect("hold-person").condition == "paralyzed"
    assert "paralyzed" in v.piece_view(s, sq(v, "f4")).mark_names
    for left, (black, white) in zip(
        (3, 2, 1), (("e8d8", "e1f1"), ("d8e8", "f1e1"), ("e8d8", "e1f1")), strict=True
    ):
        assert v.to_move(s) == "black" and "f4f3" not in texts(v, s)
        assert at(v, s, "f4").effect("hold-person").rounds == left
        s = pass_turn(v, s, black)  # White, who cast it, begins a turn: one round passes
        held = at(v, s, "f4").effect("hold-person")
        assert (held.rounds if held else 0) == left - 1
        s = pass_turn(v, s, white)  # Black begins a turn: no round passes
    assert at(v, s, "f4").effect("hold-person") is None and "f4f3" in texts(v, s)


def test_dd_21_cleric_heals_with_any_slot():
    v, s = position("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1")
    s = edit(v, s, "e1", hp=1)
    s, _ = play(v, s, "c1d2")
    s, ev = play(v, s, "cast heal-1 e1", 5)  # d8+1 = 6, capped at 7
    assert at(v, s, "e1").hp == 7 and at(v, s, "d2").slots_used == (1, 0, 0)


def test_dd_22_magic_missile_always_hits():
    v, s = position("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1")
    s, _ = play(v, s, "d1d2")
    s, ev = play(v, s, "cast magic-missile d4", 3)
    assert [r.dice for r in rolls(ev)] == ["1d4"] and at(v, s, "d4").hp == 8


def test_dd_22_saves_natural_20_succeeds_natural_1_fails():
    fen = "4k3/8/8/8/5p2/8/8/2B1K3 w - - 0 1"
    v, s = position(fen, level=2)
    s = give(v, s, "f4", Effect("awful", -1, None, (("will", "curse", -30),)))
    s, _ = play(v, s, "c1d2")
    s2, ev = play(v, s, "cast doom f4", 20)
    assert rolls(ev)[0].result == "saved" and at(v, s2, "f4").effect("doom") is None
    v, s = position(fen, level=2)
    s = give(v, s, "f4", Effect("great", -1, None, (("will", "luck", 30),)))
    s, _ = play(v, s, "c1d2")
    s, ev = play(v, s, "cast doom f4", 1)
    doom = at(v, s, "f4").effect("doom")
    assert doom.condition == "shaken" and ("attack", "shaken", -2) in doom.bonuses


@pytest.mark.parametrize("face, saved", [(12, True), (11, False)])
def test_dd_22_a_save_total_equal_to_the_dc_succeeds(face, saved):
    """A level-3 Cleric's Hold Person is DC 14 (the table, no items); the Fighter's Will save is
    d20 + 2: 12 + 2 = 14 meets the DC and saves, 11 + 2 = 13 fails. Kills a DC one off either
    way and a save that needs more than the DC."""
    v, s = position("4k3/8/8/8/5p2/8/8/2B1K3 w - - 0 1", level=3)
    assert spells.spell_dc(v.rules.tables, at(v, s, "c1"), "hold-person") == 14
    s, _ = play(v, s, "c1d2")
    s, ev = play(v, s, "cast hold-person f4", face)
    save = rolls(ev)[0]
    assert save.faces == (face,) and sum(n for _, n in save.modifiers) == 2
    assert save.against == "DC 14"
    held = at(v, s, "f4").effect("hold-person")
    assert (held is None) == saved
    assert held is None or held.condition == "paralyzed"


def test_dd_22_fireball_not_in_battle_but_at_range():
    v, s = position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", level=5)
    s2, _ = play(v, s, "d1d5", 20, 1)
    assert "cast fireball" not in texts(v, s2) and "cast lightning-bolt" in texts(v, s2)
    s3, _ = play(v, s, "d1d2")
    assert "cast fireball d5" in texts(v, s3) and "cast lightning-bolt d5" not in texts(v, s3)


def test_dd_22_flaming_sphere_hits_two_squares_on_the_line():
    v, s = position("4k3/8/8/3p4/3p4/8/8/3QK3 w - - 0 1", level=3)
    s, _ = play(v, s, "d1d2")
    s, ev = play(v, s, "cast flaming-sphere d4", 3, 3, 2, 2)  # 6 damage; both fail Reflex 14
    assert at(v, s, "d4").hp == 21 and at(v, s, "d5").hp == 21


def test_dd_23_paralyzed_piece_loses_its_battle_actions():
    v, s = position("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1")
    s = give(v, s, "d5", Effect("hold-person", -1, 5, (), "paralyzed"))
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 2)
    assert any("cannot act" in n for n in notes(ev))
    assert s.pieces[s.battle.actor].cls == "fighter"


def test_dd_23_shaken_penalty_shows_in_the_roll():
    v, s = position("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1")
    doom = Effect("doom", -1, 5, (("attack", "shaken", -2),), "shaken")
    s = give(v, s, "e4", doom)
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 2)
    assert ("doom", -2) in rolls(ev)[0].modifiers


def test_dd_23_charmed_piece_may_not_attack_its_charmer():
    v, s = position("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1")
    rogue = at(v, s, "d5").id
    s = give(v, s, "e4", Effect(f"charm-{rogue}", rogue, None, (), "charmed", spell="charm-person"))
    assert "e4d5" not in texts(v, s) and "e4e5" in texts(v, s)
    assert "DD-23" in v.why_illegal(s, Action("move", (sq(v, "e4"), sq(v, "d5"))))


def test_dd_23_charm_person_at_close_range():
    v, s = position("4k3/8/8/8/8/3r4/4K3/8 w - - 0 1", level=3)
    s, _ = play(v, s, "e2e3")  # the Bard (King) moves beside the Rogue
    assert s.phase == ACT and "cast charm-person d3" in texts(v, s)
    s, ev = play(v, s, "cast charm-person d3", 3)
    assert at(v, s, "d3").has("charmed")
    assert "d3e3" not in texts(v, s) and "d3d2" in texts(v, s)


def test_dd_14_ruling_a_round_passes_when_the_casters_side_begins_a_turn():
    v, s = position("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1")
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast shield-of-faith d2")
    assert at(v, s, "d2").effect("shield-of-faith").rounds == 6
    assert v.presenter.piece_card(s, sq(v, "d2"))[2].startswith("Init -1  AC 19")
    s = pass_turn(v, s, "e8d8")
    assert at(v, s, "d2").effect("shield-of-faith").rounds == 5
    s = pass_turn(v, s, "e2e3")
    assert at(v, s, "d2").effect("shield-of-faith").rounds == 5
    assert "Active: Shield of Faith (5 rounds left)" in v.presenter.piece_card(s, sq(v, "d2"))


def test_dd_25_evasion_takes_nothing_on_a_good_reflex_save():
    v, s = position("4k3/8/8/8/3r4/8/8/3QK3 w - - 0 1", level=5)
    s, _ = play(v, s, "d1d2")
    s, ev = play(v, s, "cast fireball d4", 1, 1, 1, 1, 1, 10)  # 5 damage; Reflex 10+7 saves
    assert at(v, s, "d4").hp == 25 and any("Evasion" in n for n in notes(ev))


def test_dd_26_lay_on_hands_and_the_paladins_aura():
    v, s = position("4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1", level=2)
    s = edit(v, s, "b1", hp=5)
    s, _ = play(v, s, "b1c3")
    s, _ = play(v, s, "ability lay-on-hands c3")
    assert at(v, s, "c3").hp == 9 and "lay-on-hands" in at(v, s, "c3").used
    v, s = position("4k3/8/8/8/8/8/2P5/1N2K3 w - - 0 1", level=3)
    will = fx.save_bonus(s, v.rules.tables, v.rules.geo, at(v, s, "c2").id, "will")
    assert ("courage", 4) in will


def test_dd_29_mage_armor_lasts_the_game():
    v, s = position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    s, _ = play(v, s, "d1d2")
    s, _ = play(v, s, "cast mage-armor")
    w = at(v, s, "d2")
    assert w.effect("mage-armor").rounds is None
    assert [fx.armor_class(s, v.rules.tables, w.id, k)[0] for k in ("AC", "FAC", "TAC")] == [
        16,
        14,
        12,
    ]


def test_dd_22_shocking_grasp_gets_plus_three_against_metal_armour():
    v, s = position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", level=4)
    s, _ = play(v, s, "d1d5", 20, 1)
    s, ev = play(v, s, "cast shocking-grasp", 5)  # 5+2+3 = 10 vs TAC 11: miss
    assert ("metal armour", 3) in rolls(ev)[0].labelled and rolls(ev)[0].result == "miss"


def test_dd_22_magic_missile_splits_between_two_targets_from_level_3():
    v, s = position("4k3/8/8/8/3p1p2/8/8/3QK3 w - - 0 1", level=3)
    s, _ = play(v, s, "d1d2")
    assert "cast magic-missile d4 f4" in texts(v, s)
    s, _ = play(v, s, "cast magic-missile d4 f4", 1, 4)
    assert (at(v, s, "d4").hp, at(v, s, "f4").hp) == (25, 22)


def test_dd_23_bestow_curse_takes_away_actions():
    v, s = position("4k3/8/8/3p4/8/1B6/8/4K3 w - - 0 1", level=5)
    s, _ = play(v, s, "b3d5", 20, 1)
    s, ev = play(v, s, "cast bestow-curse-3", 10, 1, 40)  # touch hits; Will fails; then 40: lost
    assert at(v, s, "d5").has("cursed-actions")
    assert s.pieces[s.battle.actor].cls == "cleric"


def test_dd_22_a_spell_at_any_piece_has_its_save_chance_even_the_first_piece() -> None:
    """The chance of Hold Person is its target's failed Will save (DD-22), wherever it
    stands: the Fighter on a1 (the first piece of the position) fails 11 in 20 as on f4."""
    for fen, target in (
        ("4k3/8/8/8/5p2/8/8/2B1K3 w - - 0 1", "f4"),
        ("4k3/8/8/8/3B4/8/8/p3K3 w - - 0 1", "a1"),
    ):
        v, s = position(fen, level=3)
        s, _ = play(v, s, "c1d2" if target == "f4" else "d4c3")
        assert s.phase == ACT
        chance = v.rules.chance(s, v.parse_action(s, f"cast hold-person {target}"))
        assert chance.p == Fraction(11, 20) and chance.exact
