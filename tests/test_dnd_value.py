"""The D&D static estimate for computer players (``Rules.evaluate``): a battle in progress
counts its likely result (DD-10..DD-12), a King's battle puts the game at stake (DD-9), and a
lead weighs the same at every starting level (DD-3)."""

from battlechess_tui.rules.dnd.value import KING_WORTH, race
from tests.dnd_helpers import edit, play, position

FIGHTER_AND_WIZARD = "4k3/8/8/3q4/4P3/8/8/4K3 {} - - 0 1"  # Fighter e4, Black Wizard d5


def _battle(side: str, move: str, level: int = 5):
    """The position, and the battle ``move`` starts there (the mover wins initiative)."""
    v, s = position(FIGHTER_AND_WIZARD.format(side), level)
    fought, _ = play(v, s, move, 20, 1)
    return v, s, fought


def test_dd_10_a_battle_the_attacker_should_win_counts_for_him():
    v, before, fought = _battle("w", "e4d5")  # the Fighter attacks the Wizard
    assert fought.battle is not None
    assert v.rules.evaluate(fought, 0) > v.rules.evaluate(before, 0) + 2


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
    assert v.rules.evaluate(fought, 1) > v.rules.evaluate(s, 1) + KING_WORTH


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
