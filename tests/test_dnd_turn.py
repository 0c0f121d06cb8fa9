"""D&D Battle Chess: the turn, ranged effects, the King's defence, promotion (DD-1..DD-9,
DD-17, DD-30..DD-32), with scripted dice."""

import copy
from dataclasses import replace

import pytest

from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.rules.dnd.state import ACT, BATTLE, MOVE_PHASE, SWAP, Effect
from tests.dnd_helpers import at, built, edit, marks, notes, play, position, sq, tags, texts
from tests.typed import known, no_dice


def test_dd_1_setup_letters_and_classes():
    v = make_variant("dnd")
    s, _ = v.new_game(no_dice())
    row = "".join(known(v.piece_view(s, sq(v, f + "1"))).letter for f in "abcdefgh")
    assert row == "RPCWBCPR"
    assert known(v.piece_view(s, sq(v, "e7"))).letter == "f"
    view = v.piece_view(s, sq(v, "e2"))
    assert view is not None
    assert (view.name, view.hp, view.max_hp, view.label) == ("Fighter", 12, 12, "")
    assert len({p.id for p in s.pieces}) == 32


def test_dd_3_level_option_sets_every_piece():
    v = make_variant("dnd", {"level": 3})
    s, _ = v.new_game(no_dice())
    assert {p.level for p in s.pieces} == {3}
    assert at(v, s, "e2").hp == 27 and at(v, s, "d1").hp == 12
    with pytest.raises(ValueError):
        make_variant("dnd", {"level": 6})


def test_dd_4_no_en_passant_and_moving_is_required():
    v, s = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    assert "e5d6" not in texts(v, s)
    assert "e5e6" in texts(v, s)


def test_dd_4_a_player_who_cannot_move_draws():
    """A side left with a blocked pawn alone: no King, so a position no game reaches (DD-9) and
    refused as position text; built by the rules' own reader to see the DD-4 draw."""
    v, s = built("7k/8/8/8/8/p7/P7/8 w - - 0 1")
    out = v.outcome(s)
    assert out is not None and out.winner is None and out.rule == "DD-4"


def test_dd_4_ruling_draw_after_quiet_full_turns():
    """100 full turns (200 turns, White's and Black's) without damage draw; the option and the
    rules page agree on it."""
    option = spec("dnd").options["quiet_turns"]
    assert option.default == 100 and "100" in make_variant("dnd").presenter.rules_markdown()
    v, s = position("4k3/8/8/8/8/8/4P3/4K3 w - - 198 100")
    assert s.quiet == 198 and v.outcome(s) is None
    s, _ = play(v, s, "e2e3")
    assert v.outcome(s) is None
    s, _ = play(v, s, "e8d8")
    out = v.outcome(s)
    assert (out.winner, out.rule, out.kind, s.quiet) == (None, "DD-4", Ending.QUIET, 200)
    assert out.numbers == (100,)
    quick, t = position("4k3/8/8/8/8/8/4P3/4K3 w - - 9 5", quiet_turns=5)
    assert quick.outcome(t) is None
    t, _ = play(quick, t, "e2e3")
    assert (quick.outcome(t).kind, t.quiet) == (Ending.QUIET, 10)


def test_dd_4_ruling_both_kings_falling_to_one_spell_draw():
    v, s = position("8/8/8/8/2K5/2k5/8/2Q5 w - - 0 1", level=3)
    s = edit(v, edit(v, s, "c3", hp=1), "c4", hp=1)
    s, _ = play(v, s, "c1c2")
    s, _ = play(v, s, "cast flaming-sphere c3", 1, 1, 1, 1)  # 2 damage; both Kings fail
    out = v.outcome(s)
    assert (out.winner, out.rule, out.kind) == (None, "DD-4", Ending.KING_KILLED)
    assert not any(p.alive for p in s.pieces if p.cls == "king")
    assert v.rules.position_text(s).endswith("result=king-killed,-")


def test_dd_5_and_dd_30_fighter_move_to_empty_square_has_no_action():
    v, s = position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    s, _ = play(v, s, "e2e4")
    assert s.phase == MOVE_PHASE and s.side == 1


def test_dd_5_and_dd_7_wizard_ranged_targets():
    """Magic Missile is Medium (2 squares) along the Wizard's lines, nothing in between."""
    v, s = position("4k3/8/3p4/8/3p4/8/8/3QK3 w - - 0 1")
    s, _ = play(v, s, "d1d2")
    assert s.phase == ACT
    legal = texts(v, s)
    assert "none" in legal and "cast magic-missile d4" in legal
    assert "cast magic-missile d6" not in legal  # blocked by d4, and 4 squares away
    assert "cast mage-armor" in legal


def test_dd_7_range_counts_squares_along_the_line():
    v, s = position("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1")
    s, _ = play(v, s, "d1d2")  # d5 is three squares away: out of Medium range
    assert s.phase == ACT and not any("magic-missile" in t for t in texts(v, s))


def test_dd_7_touch_buff_may_target_self_and_adjacent_ally():
    v, s = position("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1")
    s, _ = play(v, s, "c1d2")
    legal = texts(v, s)
    assert "cast shield-of-faith d2" in legal  # itself
    assert "cast shield-of-faith e1" in legal  # the adjacent King on its diagonal
    assert "cast inflict-wounds d2" not in legal  # Touch attacks are melee only


def _paladin_caster():
    """House rules: a level-1 Paladin with Magic Missile (Medium, 2) and Fireball (Long, 3)."""
    data = copy.deepcopy(spec("dnd").data)
    data["classes"]["paladin"]["levels"]["1"].update(
        slots=[1, 0, 1],
        spells={"magic-missile": {"damage": "1d4+1"}, "fireball": {"damage": "1d6", "dc": 10}},
    )
    return make_variant(spec("dnd").model_copy(update={"data": data}))


def test_dd_8_knight_lines_count_three_and_are_not_blocked():
    v = _paladin_caster()
    s = v.rules.from_fen("4k3/8/8/3p4/2PP4/8/8/1N2K3 w - - 0 1")
    s, _ = play(v, s, "b1c3")  # d5 is a knight's move away, behind the Fighters on c4 and d4
    reach = {t for t in texts(v, s) if t.startswith("cast")}
    assert reach == {"cast fireball d5"}  # 3 squares: Long reaches it, Medium does not
    s, ev = play(v, s, "cast fireball d5", 6, 1)  # 6 damage; the Fighter fails its save
    assert at(v, s, "d5").hp == 12 - 6


def test_dd_8_knight_touch_buffs_reach_only_itself():
    v, s = position("4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1", level=4)
    s, _ = play(v, s, "b1c3")
    assert {t for t in texts(v, s) if "bless-weapon" in t} == {"cast bless-weapon c3"}


def test_dd_6_castling_gives_king_and_rook_an_action():
    v, s = position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", level=2)
    s, ev = play(v, s, "e1g1")
    assert s.phase == ACT
    assert [s.pieces[i].cls for i in s.actors] == ["bard", "rogue"]
    assert "castle" in tags(ev)
    assert "cast cure-light-wounds g1" in texts(v, s)
    s, _ = play(v, s, "none")  # the Rogue has no ranged action: the turn ends
    assert s.phase == MOVE_PHASE and s.side == 1


@pytest.mark.parametrize(("king", "rook"), [("e8g8", "f8"), ("e8c8", "d8")])
def test_dd_6_black_castles_on_either_side(king, rook):
    v, s = position("r3k2r/pppppppp/8/8/8/8/8/4K3 b kq - 0 1")
    assert {"e8g8", "e8c8"} <= texts(v, s)
    s, _ = play(v, s, king)
    assert at(v, s, rook).cls == "rogue" and at(v, s, king[2:]).cls == "bard"


def test_dd_9_no_check_and_the_king_may_walk_into_attack():
    v, s = position("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
    assert {"e1d1", "e1f2", "e1d2"} <= texts(v, s)


def test_dd_9_game_ends_when_a_king_falls_below_zero():
    v, s = position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1")
    s = edit(v, s, "e1", hp=0)  # 0 hit points: still alive
    assert v.outcome(s) is None
    s, _ = play(v, s, "e2e1", 20, 1)  # initiative: Rogue 26 vs Bard 2
    s, _ = play(v, s, "attack", 10)  # 12 vs FAC 13: miss
    assert v.outcome(s) is None
    s, _ = play(v, s, "attack", 1)  # the Bard rolls a natural 1
    s, _ = play(v, s, "attack", 15, 1)  # 17 vs AC 14 hits, d6+1 = 2
    out = v.outcome(s)
    assert out.winner == 1 and out.rule == "DD-9"


def test_dd_17_king_swaps_with_an_adjacent_fighter():
    v, s = position("4k3/8/8/8/8/8/3Pr3/4K3 b - - 0 1")
    s, _ = play(v, s, "e2e1")
    assert s.phase == SWAP and v.to_move(s) == "white"
    assert texts(v, s) == {"stay", "swap d2"}
    s, ev = play(v, s, "swap d2", 20, 1)  # then initiative: Rogue 26 vs Fighter 2
    assert at(v, s, "d2").cls == "bard" and at(v, s, "e1").cls == "fighter"
    assert s.phase == BATTLE and s.pieces[s.battle.defender].cls == "fighter"
    assert any("DD-17" in n for n in notes(ev))


def test_dd_17_king_may_swap_before_a_ranged_attack():
    v, s = position("4k3/8/8/8/8/4q3/3P4/4K3 b - - 0 1")
    s, _ = play(v, s, "e3e2")
    assert s.phase == ACT and "cast magic-missile e1" in texts(v, s)
    s, _ = play(v, s, "cast magic-missile e1")
    assert s.phase == SWAP and v.to_move(s) == "white"
    s, ev = play(v, s, "swap d2", 4)  # the Fighter takes the missile: 1d4+1 = 5
    assert at(v, s, "e1").cls == "fighter" and at(v, s, "e1").hp == 7
    assert at(v, s, "d2").hp == 7 and at(v, s, "d2").cls == "bard"


def test_dd_31_promotion_on_the_back_rank_once_per_square():
    v, s = position("k7/4P3/8/8/8/8/8/K7 w - - 0 1")
    s = edit(v, s, "e7", hp=3)
    s, ev = play(v, s, "e7e8")
    f = at(v, s, "e8")
    assert (f.level, f.hp, f.promoted) == (2, 19, True)
    assert marks(v.presenter.square_marks(s)) == {sq(v, "e8"): "used"}
    assert v.piece_view(s, sq(v, "e8")).label == "L2"
    assert any("promoted" in n for n in notes(ev))


def test_dd_31_a_used_square_promotes_no_one_and_level_5_uses_none():
    v, s = position("k7/3P4/8/8/8/8/8/K7 w - - 0 1")
    s = replace(s, used_squares=(sq(v, "d8"),))
    s, _ = play(v, s, "d7d8")
    assert at(v, s, "d8").level == 1
    v5, s5 = position("k7/3P4/8/8/8/8/8/K7 w - - 0 1", level=5)
    s5, _ = play(v5, s5, "d7d8")
    assert at(v5, s5, "d8").level == 5 and s5.used_squares == ()


def test_dd_31_promotion_restores_spells_and_abilities():
    v, s = position("k7/8/8/8/8/8/8/K2Q4 w - - 0 1")
    s = edit(v, s, "d1", slots_used=(2, 0, 0), hp=1)
    s, _ = play(v, s, "d1d8")
    w = at(v, s, "d8")
    assert (w.level, w.hp, w.slots_used) == (2, 8, (0, 0, 0))
    assert s.phase == ACT and "cast shield" in texts(v, s)


def test_dd_32_promotion_ends_a_whole_game_spell():
    v, s = position("k7/8/8/8/8/8/8/K2Q4 w - - 0 1")
    armour = Effect("mage-armor", at(v, s, "d1").id, None, (("ac", "armor", 4),))
    s = edit(v, s, "d1", slots_used=(1, 0, 0), effects=(armour,))
    s, ev = play(v, s, "d1d8")
    w = at(v, s, "d8")
    assert w.effect("mage-armor") is None and w.slots_used == (0, 0, 0)
    assert any("DD-32" in n for n in notes(ev))


def test_dd_32_effects_of_other_casters_stay():
    v, s = position("k7/8/8/8/8/8/8/K2Q4 w - - 0 1")
    other = Effect("heroism", 99, None, (("attack", "morale", 2),))
    s = edit(v, s, "d1", effects=(other,))
    s, _ = play(v, s, "d1d8")
    assert at(v, s, "d8").effect("heroism") == other  # unchanged: not the promoted caster's


def test_views_tally_status_and_card():
    v, s = position("4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1")
    card = v.presenter.piece_card(s, sq(v, "c1"))
    assert card[0].startswith("White Cleric (bishop) on c1, level 1")
    assert "Init -1  AC 17  FAC 17  TAC 9" in card
    assert any(line.startswith("1st-level spells 3/3 left: Shield of Faith") for line in card)
    assert v.presenter.status(s) == "White to move"
    tally = v.presenter.tally(s)
    items = {i.label: (i.hp, i.max_hp) for i in tally[0].items}
    assert items == {"Cleric L1 c1": (10, 10), "Bard L1 e1": (7, 7), "Fighter L1 e2": (12, 12)}


def test_dd_4_ruling_the_move_that_dealt_damage_is_not_quiet():
    """Issue 27: Magic Missile hurts the Fighter on d5; the 100 full turns without damage are
    counted after that move, so the draw comes 200 turns later, not 199."""
    v, s = position("k7/8/8/3p4/8/8/8/KQ6 w - - 0 1")
    s, _ = play(v, s, "b1b3")
    s, _ = play(v, s, "cast magic-missile d5", 3)
    assert (at(v, s, "d5").hp, s.quiet, s.loud) == (8, 0, False)
    shuffle = ["a8b8", "a1b1", "b8a8", "b1a1"]
    for turn in range(199):
        s, _ = play(v, s, shuffle[turn % 4])
    assert s.quiet == 199 and v.outcome(s) is None
    s, _ = play(v, s, shuffle[199 % 4])
    out = v.outcome(s)
    assert (out.winner, out.rule, out.kind, s.quiet) == (None, "DD-4", Ending.QUIET, 200)


def test_dd_4_ruling_damage_mid_turn_is_written_in_the_position():
    """A turn that has dealt damage is not quiet while it goes on (a battle fought action by
    action): the position text says so (``loud=1``) and reads back the same."""
    v, s = position("k7/8/8/3p4/8/8/8/KQ6 w - - 7 1")
    loud = replace(s, loud=True, quiet=0)
    text = v.rules.position_text(loud)
    assert "loud=1" in text.split() and v.rules.parse_position(text) == loud
    assert "loud" not in v.rules.position_text(s)
