"""D&D Battle Chess battles (DD-10..DD-18, DD-25..DD-28) with scripted dice."""

from fractions import Fraction

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.views import percent
from battlechess_tui.engine.vocabulary import Purpose
from battlechess_tui.rules.dnd.state import BATTLE, MOVE_PHASE, Effect
from tests.dnd_helpers import at, edit, give, marks, notes, play, position, rolls, sq, tags, texts

P1 = "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1"  # White Fighter e4 against Black Rogue d5
FF = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"  # Fighter against Fighter


def test_dd_10_and_dd_11_attacker_wins_initiative_defender_flat_footed():
    v, s = position(P1)
    s, ev = play(v, s, "e4d5", 15, 5)  # initiative: Fighter 15+1=16, Rogue 5+6=11
    assert s.phase == BATTLE and s.battle.flat_footed == at(v, s, "d5").id
    assert [r.result for r in rolls(ev)] == ["wins", "loses"]
    assert {"attack", "charge", "auto"} <= texts(v, s) and "withdraw" not in texts(v, s)
    s, ev = play(v, s, "attack", 12, 3, 4)  # 12+4=16 vs FAC 13; 2d6+3 = 10
    attack = rolls(ev)[0]
    assert attack.against == "FAC 13" and attack.modifiers == (("melee", 4),)
    assert attack.describe().startswith("1d20 [12] +4 melee = 16 vs FAC 13: hit")
    assert at(v, s, "d5").cls == "fighter" and at(v, s, "e4") is None
    assert s.phase == MOVE_PHASE and s.side == 1 and len(s.killed) == 1


def test_dd_11_charge_gives_plus_two_and_minus_two_ac():
    v, s = position(P1)
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "charge", 9, 1, 1)  # 9+4+2 = 15 vs FAC 13; 1+1+3 = 5
    assert ("charge", 2) in rolls(ev)[0].modifiers
    assert at(v, s, "d5").hp == 2
    s, ev = play(v, s, "attack", 12, 1)  # Rogue: 12+2 = 14 vs AC 16-2
    assert rolls(ev)[0].against == "AC 14" and rolls(ev)[0].result == "hit"


def test_dd_11_defender_wins_and_acts_first_without_melee():
    v, s = position(P1)
    s, _ = play(v, s, "e4d5", 2, 10)  # 3 vs 16
    assert s.battle.first and v.to_move(s) == "black"
    assert texts(v, s) == {"wait", "auto"}
    assert "DD-11" in v.why_illegal(s, Action("attack"))
    s, _ = play(v, s, "wait")
    assert "attack" in texts(v, s) and "charge" not in texts(v, s)


def test_dd_11_initiative_ties_go_to_higher_init_then_reroll():
    v, s = position(P1)
    s2, _ = play(v, s, "e4d5", 10, 5)  # 11 vs 11: the Rogue's Init +6 beats +1
    assert s2.battle.first and s2.pieces[s2.battle.actor].cls == "rogue"
    v, s = position(FF)
    s, ev = play(v, s, "e4d5", 10, 10, 4, 3)  # a full tie: both roll again
    assert len(rolls(ev)) == 4 and rolls(ev)[0].total == rolls(ev)[1].total  # a tie: again
    assert s.battle.actor == at(v, s, "e4").id


def test_dd_12_attacker_dies_and_leaves_its_square_empty():
    v, s = position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1")
    s, _ = play(v, s, "d1d5", 1, 20)
    s, _ = play(v, s, "wait")
    s, ev = play(v, s, "attack", 1)  # natural 1: miss
    assert rolls(ev)[0].result == "natural 1: miss"
    assert "round" in tags(ev) and s.battle.actions == 2  # round 1 is over
    s, _ = play(v, s, "attack", 10, 6, 6)  # 14 vs AC 12; 15 damage
    assert at(v, s, "d1") is None and at(v, s, "d5").cls == "fighter"
    assert s.phase == MOVE_PHASE and s.side == 1


def test_dd_13_natural_20_hits_and_threat_needs_confirmation():
    v, s = position(P1)
    s = give(v, s, "e4", Effect("curse", -1, None, (("attack", "curse", -20),)))
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 20, 10, 1, 1)  # natural 20 hits; confirmation fails
    first, confirm, damage = rolls(ev)
    assert first.faces == (20,) and first.total == 4  # a natural 20 hits against any AC
    assert confirm.result == "not confirmed" and damage.total == 5


def test_dd_13_confirmed_critical_doubles_dice_and_modifiers():
    v, s = position(FF)
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 19, 11, 1, 1, 1, 1)  # threat 19; confirm 15 vs FAC 15
    damage = rolls(ev)[2]
    assert rolls(ev)[1].result == "critical"
    assert damage.dice == "4d6" and damage.modifiers == (("damage", 6),) and damage.total == 10
    assert damage.critical == 2 and damage.use == Purpose.DAMAGE
    assert damage.describe().startswith("(2d6 [1 1] +3 damage) + (2d6 [1 1] +3 damage) = 10")
    assert at(v, s, "d5").hp == 2


def test_dd_13_damage_is_at_least_one():
    v, s = position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1")
    s = give(v, s, "d1", Effect("weak", -1, None, (("damage", "curse", -5),)))
    s, _ = play(v, s, "d1d5", 20, 1)
    s, ev = play(v, s, "attack", 15, 1)  # 15 vs FAC 15; d6 1 - 5 -> 1
    assert rolls(ev)[1].result == "1 damage (minimum 1)"
    assert at(v, s, "d5").hp == 11


def test_dd_13_touch_spell_attacks_touch_ac():
    v, s = position("4k3/8/8/3p4/8/1B6/8/4K3 w - - 0 1")
    s, _ = play(v, s, "b3d5", 20, 1)
    s, ev = play(v, s, "cast inflict-wounds", 9, 4)  # 9+2 = 11 vs TAC 11; d8+1 = 5
    assert rolls(ev)[0].against == "TAC 11"
    assert at(v, s, "d5").hp == 7 and at(v, s, "b3").slots_used == (1, 0, 0)


def test_dd_14_combat_rounds_count_down_effects():
    v, s = position(P1)
    s = give(v, s, "d5", Effect("bless", -1, 3, (("attack", "morale", 1),)))
    s, _ = play(v, s, "e4d5", 15, 5)
    s, _ = play(v, s, "attack", 2)
    assert at(v, s, "d5").effect("bless").rounds == 3
    s, _ = play(v, s, "attack", 2)  # the Rogue misses: one combat round
    assert at(v, s, "d5").effect("bless").rounds == 2


def test_dd_15_flanking_gives_plus_two_and_sneak_attack():
    v, s = position("4k3/8/8/R2p4/8/2N5/8/4K3 w - - 0 1")  # the Paladin on c3 flanks d5
    s, _ = play(v, s, "a5d5", 1, 20)
    s, _ = play(v, s, "wait")
    s, ev = play(v, s, "attack", 13, 3, 5)  # 13+2+2 = 17 vs AC 16; d6+1 = 4, sneak 5
    attack, damage, sneak = rolls(ev)
    assert ("flanking", 2) in attack.modifiers and attack.result == "hit"
    assert sneak.purpose == "sneak attack" and sneak.total == 5
    assert at(v, s, "d5").hp == 3


@pytest.mark.parametrize(
    ("fen", "flanked"),
    [
        ("4k3/8/8/R2p4/8/8/8/3RK3 w - - 0 1", True),  # the Rogue on d1 reaches d5 up the file
        ("4k3/8/8/R2p4/8/8/4R3/4K3 w - - 0 1", False),  # the Rogue on e2 is on no line to d5
        ("4k3/8/8/R2p3R/8/8/8/4K3 w - - 0 1", True),  # the Rogue on h5 reaches d5 along the rank
        ("4k3/8/6R1/R2p4/8/8/8/4K3 w - - 0 1", False),  # the Rogue on g6: no line either
    ],
)
def test_dd_15_a_rogue_flanks_along_a_file_or_rank_but_not_off_its_lines(fen, flanked):
    v, s = position(fen)
    s, _ = play(v, s, "a5d5", 1, 20)
    s, _ = play(v, s, "wait")
    s, ev = play(v, s, "attack", 1)  # a natural 1: only the modifiers matter here
    assert (("flanking", 2) in rolls(ev)[0].modifiers) == flanked


def test_dd_16_cleric_may_withdraw_fighter_may_not():
    v, s = position("4k3/8/8/3p4/8/1B6/8/4K3 w - - 0 1")
    s, _ = play(v, s, "b3d5", 20, 1)
    assert "withdraw" in texts(v, s)
    s, ev = play(v, s, "withdraw")
    assert at(v, s, "b3").cls == "cleric" and at(v, s, "d5").cls == "fighter"
    assert s.phase == MOVE_PHASE and s.side == 1
    v, s = position(P1)
    s, _ = play(v, s, "e4d5", 15, 5)
    assert "withdraw" not in texts(v, s)
    assert "DD-16" in v.why_illegal(s, Action("withdraw"))


def test_dd_18_auto_fights_to_the_end_with_every_die_shown():
    v, s = position(P1)
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "auto", 12, 3, 4)
    assert any("automatically" in n for n in notes(ev))
    assert [r.purpose.split(":")[0] for r in rolls(ev)] == ["melee attack", "damage"]
    assert at(v, s, "d5").cls == "fighter"


def test_dd_25_uncanny_dodge_is_never_flat_footed():
    v, s = position(P1, level=4)
    s, _ = play(v, s, "e4d5", 15, 1)  # 16 vs 8: the Rogue loses initiative
    s, ev = play(v, s, "attack", 2)
    assert rolls(ev)[0].against == "AC 17"


def test_dd_26_smite_once_per_game():
    v, s = position("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1")
    s, _ = play(v, s, "c3d5", 20, 1)
    assert "ability smite" in texts(v, s)
    s, ev = play(v, s, "ability smite", 10, 1)  # 10+4+2 = 16 vs FAC 15; d8+2+1 = 4
    assert ("smite", 2) in rolls(ev)[0].modifiers and ("smite", 1) in rolls(ev)[1].modifiers
    assert at(v, s, "d5").hp == 8
    s, _ = play(v, s, "attack", 2)
    assert "ability smite" not in texts(v, s)


def test_dd_27_inspire_courage_helps_adjacent_allies():
    v, s = position("4k3/8/8/8/8/5p2/4PK2/8 w - - 0 1")  # the Bard on f2 is beside f3
    s, _ = play(v, s, "e2f3", 15, 5)
    s, ev = play(v, s, "attack", 10, 1, 1)  # 10+4+1+2 = 17 vs FAC 15 (the Bard also flanks)
    attack, damage = rolls(ev)
    assert attack.modifiers == (("melee", 4), ("inspire", 1), ("flanking", 2))
    assert ("inspire", 1) in damage.modifiers and damage.total == 6


def test_dd_27_ruling_the_bard_does_not_inspire_himself():
    v, s = position("4k3/8/8/8/8/4p3/3P1K2/8 w - - 0 1")  # a Fighter on d2 beside the Bard
    s, _ = play(v, s, "f2e3", 15, 5)  # the Bard attacks the Fighter on e3
    s, ev = play(v, s, "attack", 10)  # 10+1 vs FAC 15: a miss, and no inspire for the Bard
    assert rolls(ev)[0].modifiers == (("melee", 1), ("flanking", 2))


def test_dd_28_fascinate_stops_the_battle_and_the_king_must_move():
    v, s = position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")
    s, _ = play(v, s, "e2e1", 1, 20)
    assert "ability fascinate" not in texts(v, s)  # a melee action: not the first action
    s, _ = play(v, s, "wait")
    s, _ = play(v, s, "attack", 2)
    s, ev = play(v, s, "ability fascinate", 5)  # Will 5+0 vs DC 13: fascinated
    assert s.phase == MOVE_PHASE and s.side == 0 and s.battle is None
    assert at(v, s, "e2").has("fascinated") and at(v, s, "e1").cls == "bard"
    legal = texts(v, s)
    assert legal and all(t.startswith("e1") for t in legal)
    assert "must move" in v.presenter.status(s)
    s, _ = play(v, s, "e1d1")
    assert not at(v, s, "e2").has("fascinated") and s.fascination is None


def test_dd_28_a_king_who_cannot_move_fights_on_without_fascinate():
    v, s = position("4k3/8/8/8/8/8/PPn5/KB6 b - - 0 1")
    s, _ = play(v, s, "c2a1")
    s, _ = play(v, s, "stay", 1, 20)  # Paladin 0 vs Bard 21
    s, _ = play(v, s, "wait")
    s, _ = play(v, s, "attack", 2)
    s, ev = play(v, s, "ability fascinate", 5)  # Will 5+1 vs DC 13
    assert s.phase == BATTLE and s.pieces[s.battle.actor].cls == "paladin"
    assert tags(ev).count("fascinate") == 2 and any("DD-28" in n for n in notes(ev))
    s, _ = play(v, s, "attack", 2)
    assert "ability fascinate" not in texts(v, s) and "attack" in texts(v, s)


def test_odds_before_a_battle_and_before_an_attack():
    v, s = position(P1)
    action = v.parse_action(s, "e4d5")
    text = v.odds(s, action)  # DD-18: exact, with the policy it assumes
    assert text.startswith("Attacker wins ") and "(exact; both attack automatically)" in text
    assert percent(v.rules.chance(s, action).p) in text
    s, _ = play(v, s, "e4d5", 15, 5)
    assert v.odds(s, v.parse_action(s, "attack")) == "Hits 60% (d20+4 vs FAC 13, exact)"


def test_status_names_the_battle_and_the_acting_piece():
    v, s = position(P1)
    s, _ = play(v, s, "e4d5", 15, 5)
    assert v.presenter.status(s) == "Battle on d5, round 1: White's Fighter acts"
    assert marks(v.presenter.square_marks(s)) == {sq(v, "d5"): "battle"}
    assert "in battle" in v.piece_view(s, sq(v, "d5")).mark_names


# -- found by mutation testing (benchmarks/mutants.py) ------------------------------------------


def test_dd_47_a_belt_of_giant_strength_adds_one_to_hit_per_two_points() -> None:
    """An ability item's bonus is half its points (SRD): a Belt of Giant Strength +4 is +2 to
    hit, so the Fighter's attack on the flat-footed Fighter hits two faces more often."""
    chances = []
    for items in ((), ("belt-of-giant-strength+4",)):
        v, s = position(FF)
        s, _ = play(v, edit(v, s, "e4", items=items), "e4d5", 15, 5)
        chances.append(v.rules.chance(s, v.parse_action(s, "attack")).p)
    assert chances == [Fraction(10, 20), Fraction(12, 20)]


def test_dd_47_a_cloak_of_resistance_raises_every_save_and_nothing_else() -> None:
    """A Cloak of Resistance +2 adds 2 to the Will save against Hold Person (DD-22) and
    nothing to the wearer's attack."""
    v, s = position("4k3/8/8/8/5p2/8/8/2B1K3 w - - 0 1", level=3)
    fails = []
    for items in ((), ("cloak-of-resistance+2",)):
        t, _ = play(v, edit(v, s, "f4", items=items), "c1d2")
        fails.append(v.rules.chance(t, v.parse_action(t, "cast hold-person f4")).p)
    assert fails == [Fraction(11, 20), Fraction(9, 20)]  # Will +2, then +4, against DC 14
    v, s = position(FF)
    s, _ = play(v, edit(v, s, "e4", items=("cloak-of-resistance+2",)), "e4d5", 15, 5)
    assert v.rules.chance(s, v.parse_action(s, "attack")).p == Fraction(10, 20)
