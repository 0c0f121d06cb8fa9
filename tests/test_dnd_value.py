"""The D&D static estimate for computer players (``Rules.evaluate``): a battle in progress
counts its likely result (DD-10..DD-12), a King's battle puts the game at stake (DD-9), the
side whose move comes next counts the best battle it could start (DD-10), a lead weighs the
same at every starting level (DD-3) and counts less as the quiet turns that draw the game run
out (DD-4)."""

from dataclasses import replace

import pytest

from battlechess_tui.rules.dnd.approach import APPROACH, approach
from battlechess_tui.rules.dnd.state import ACT, Effect
from battlechess_tui.rules.dnd.value import KING_WORTH, race, worth
from tests.dnd_helpers import edit, give, play, position

FIGHTER_AND_WIZARD = "4k3/8/8/3q4/4P3/8/8/4K3 {} - - 0 1"  # Fighter e4, Black Wizard d5


def _battle(side: str, move: str, level: int = 5):
    """The position, and the battle ``move`` starts there (the mover wins initiative)."""
    v, s = position(FIGHTER_AND_WIZARD.format(side), level)
    fought, _ = play(v, s, move, 20, 1)
    return v, s, fought


def test_dd_10_a_battle_the_attacker_should_win_counts_for_him():
    v, before, fought = _battle("w", "e4d5")  # the Fighter attacks the Wizard
    assert fought.battle is not None
    waiting = replace(before, side=1)  # Black to move: White's attack not yet counted
    assert v.rules.evaluate(fought, 0) > v.rules.evaluate(waiting, 0) + 2


def test_dd_10_a_hopeless_attack_counts_against_the_attacker():
    v, before, fought = _battle("b", "d5e4")  # the Wizard attacks the Fighter
    assert fought.battle is not None
    assert v.rules.evaluate(fought, 1) < v.rules.evaluate(before, 1) - 2
    assert v.rules.evaluate(fought, 0) == -v.rules.evaluate(fought, 1)


def test_dd_12_hit_points_lost_in_a_battle_also_cost_its_chances():
    v, before, fought = _battle("w", "e4d5")
    ev = v.rules.evaluate
    in_battle = ev(fought, 0) - ev(edit(v, fought, "e4", hp=1), 0)  # the attacker, from e4
    quiet = ev(before, 0) - ev(edit(v, before, "e4", hp=1), 0)
    assert in_battle > quiet > 0


def test_dd_9_a_battle_against_the_king_puts_the_game_at_stake():
    v, s = position("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", 5)
    fought, _ = play(v, s, "e2e1", 20, 1)  # the Rogue attacks the King, nobody to swap in
    assert fought.battle is not None
    waiting = replace(s, side=0)  # White to move: Black's attack not yet counted
    assert v.rules.evaluate(fought, 1) > v.rules.evaluate(waiting, 1) + KING_WORTH


ROGUE_BY_THE_KING = "4k3/8/8/8/8/8/4r3/4K3 {} - - 0 1"  # Black Rogue e2 next to White's King


def test_dd_10_the_side_to_move_counts_the_battle_it_could_start_against_the_king():
    v, black = position(ROGUE_BY_THE_KING.format("b"), 5)
    _, white = position(ROGUE_BY_THE_KING.format("w"), 5)
    ev = v.rules.evaluate
    assert ev(black, 1) > ev(white, 1) + KING_WORTH / 2  # the King falls, and the game
    assert ev(white, 0) == -ev(white, 1)


def test_dd_10_while_a_moved_piece_acts_the_other_sides_battle_counts():
    v, s = position(ROGUE_BY_THE_KING.format("w"), 5)
    acting = replace(s, phase=ACT, actors=(s.piece_at(v.rules.geo.parse("e1")).id,))
    assert v.rules.evaluate(acting, 1) == v.rules.evaluate(replace(s, side=1), 1)


def test_dd_23_a_paralyzed_piece_threatens_no_battle():
    v, s = position(ROGUE_BY_THE_KING.format("b"), 5)
    held = give(v, s, "e2", Effect("hold-person", -1, 3, condition="paralyzed"))
    free = give(v, s, "e2", Effect("doom", -1, 3))  # a harmful effect, no condition
    ev = v.rules.evaluate
    assert ev(held, 1) < ev(free, 1) - KING_WORTH / 2


def test_dd_10_a_battle_that_would_lose_counts_nothing():
    v, s = position(FIGHTER_AND_WIZARD.format("b"), 5)  # the Wizard could attack e4
    material = sum(worth(v.rules, p) * (1 if p.side else -1) for p in s.pieces if p.alive)
    assert v.rules.evaluate(s, 1) == material + approach(v.rules, s, 1)


def test_dd_4_a_lead_counts_less_as_the_quiet_turns_run_out():
    v, s = position("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", 1, quiet_turns=100)
    ev = v.rules.evaluate
    lead = ev(s, 0)
    assert lead > 0
    assert ev(replace(s, quiet=100), 0) == lead  # half of the 200 turns of either side
    assert 0 < ev(replace(s, quiet=150), 0) < lead
    assert ev(replace(s, quiet=199), 0) < ev(replace(s, quiet=150), 0)
    assert ev(replace(s, quiet=150), 1) == -ev(replace(s, quiet=150), 0)


def test_dd_12_race_of_hits():
    assert race(10, 1, 10, 1, True) > 0.5 > race(10, 1, 10, 1, False)
    assert race(19, 2, 1, 5, False) > 0.99
    assert race(0, 1, 10, 3, True) == 0.0
    assert race(10, 3, 10, 3, True) + race(10, 3, 10, 3, False) == 1.0  # by symmetry


def test_dd_3_a_lead_weighs_the_same_at_every_starting_level():
    fen = "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"  # three Fighters up
    low, s1 = position(fen, 1)
    high, s5 = position(fen, 5)
    assert high.rules.evaluate(s5, 0) == low.rules.evaluate(s1, 0) > 0
    promoted = edit(high, s5, "a2", level=5)
    assert high.rules.evaluate(promoted, 0) == high.rules.evaluate(s5, 0)
    risen = edit(low, s1, "a2", level=3, hp=27)
    assert low.rules.evaluate(risen, 0) > low.rules.evaluate(s1, 0)


def test_dd_23_a_charmed_piece_threatens_no_battle_against_its_charmer():
    v, s = position(ROGUE_BY_THE_KING.format("b"), 5)
    king = s.piece_at(v.rules.geo.parse("e1")).id
    charmed = give(
        v, s, "e2", Effect(f"charm-{king}", king, None, condition="charmed", spell="charm-person")
    )
    other = give(
        v, s, "e2", Effect("charm-99", 99, None, condition="charmed", spell="charm-person")
    )
    ev = v.rules.evaluate
    assert ev(charmed, 1) < ev(other, 1) - KING_WORTH / 2


def test_dd_9_a_piece_counts_more_nearer_the_enemy_king():
    """Each square nearer the enemy King (king steps) adds ``APPROACH``, so a search brings its
    pieces forward when no battle is in reach, instead of shuffling into DD-4's quiet draw."""
    far = "4k3/8/8/8/8/8/3P4/4K3 {} - - 0 1"  # Fighter d2, six king steps from e8
    near = "4k3/8/8/3P4/8/8/8/4K3 {} - - 0 1"  # Fighter d5: three nearer, no battle
    for side in "wb":
        v, s_far = position(far.format(side))
        _, s_near = position(near.format(side))
        ev = v.rules.evaluate
        assert ev(s_near, 0) > ev(s_far, 0)
        assert ev(s_near, 0) - ev(s_far, 0) == pytest.approx(3 * APPROACH)
        assert ev(s_near, 1) == -ev(s_near, 0)


def test_dd_9_a_king_far_from_the_enemy_pieces_counts_for_his_side():
    v, home = position("8/8/7k/8/8/6PP/8/4K3 b - - 0 1")  # two Fighters three steps off
    _, fled = position("k7/8/8/8/8/6PP/8/4K3 b - - 0 1")  # the King on a8, six and seven
    assert v.rules.evaluate(fled, 1) > v.rules.evaluate(home, 1)
