"""Dice: seeded, recorded, and exact odds without rolling."""

from fractions import Fraction
from typing import Any

import pytest

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import (
    AssumeWon,
    Dice,
    DiceExpr,
    DiceMismatch,
    RecordedDice,
    ScriptedDice,
    chance_at_least,
    chance_greater,
)
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.registry import make_rules
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.gladiator import GladiatorRules
from battlechess_tui.rules.gladiator.state import BOARD
from battlechess_tui.simulation import random_game


def test_parse_and_print_expressions():
    assert str(DiceExpr.parse("3d6+1d6")) == "3d6+1d6"
    assert str(DiceExpr.parse("d20+4")) == "1d20+4"
    assert DiceExpr.parse("2d6-1").bonus == -1
    with pytest.raises(ValueError):
        DiceExpr.parse("2d")
    with pytest.raises(ValueError):
        DiceExpr.parse("")


def test_exact_distribution_of_two_d6():
    dist = DiceExpr.parse("2d6").distribution()
    assert dist[7] == Fraction(1, 6) and dist[2] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_a_distribution_handed_out_is_the_callers_own():
    """Distributions are worked out once per expression; changing one handed out changes
    nothing for the next caller."""
    first = DiceExpr.parse("2d6").distribution()
    first[7] = Fraction(0)
    assert DiceExpr.parse("2d6").distribution()[7] == Fraction(1, 6)


def test_to_beat_table_entry():
    assert chance_at_least("1d8", 8) == Fraction(1, 8)
    assert chance_at_least("1d6", 4) == Fraction(1, 2)


def test_opposed_rolls_3d6_plus_1d6_against_2d6():
    p = chance_greater("3d6+1d6", "2d6")
    assert Fraction(9, 10) < p < 1
    # Equal pools: each wins half of the rounds that are not ties.
    tie = sum(p * p for p in DiceExpr.parse("2d6").distribution().values())
    assert chance_greater("2d6", "2d6") == (1 - tie) / 2


def test_same_seed_and_decision_throw_the_same_dice():
    a = Dice.for_decision(7, 3).roll("white", "4d6", "attack")
    b = Dice.for_decision(7, 3).roll("white", "4d6", "attack")
    c = Dice.for_decision(7, 4).roll("white", "4d6", "attack")
    assert a == b
    assert len(a.faces) == 4 and all(1 <= f <= 6 for f in a.faces)
    assert a != c or a.faces == c.faces  # different decisions have their own streams


def test_every_throw_is_recorded_with_its_purpose_and_modifiers():
    dice = Dice.for_decision(1, 0)
    roll = dice.roll("black", "1d20+4", "attack e5", modifiers=[("inspire", 1)], against="AC 16")
    assert dice.rolls == [roll]
    assert roll.total == roll.faces[0] + 5
    assert "vs AC 16" in roll.describe() and "+1 inspire" in roll.describe()


def test_recorded_dice_serve_the_recorded_faces_and_refuse_misfits():
    first = Dice.for_decision(3, 0).roll("white", "2d6", "x")
    again = RecordedDice([first]).roll("white", "2d6", "x")
    assert again.faces == first.faces
    with pytest.raises(DiceMismatch):
        RecordedDice([first]).roll("white", "3d6", "x")


# -- AssumeWon: faces that win the fight (perft, a search's "what if it is won") --------------


def test_assume_won_throws_the_highest_faces_for_the_first_side_and_the_lowest_for_the_other():
    dice = AssumeWon()
    assert dice.roll("white.queen", "2d6+1", "attack").faces == (6, 6)
    assert dice.roll("black.king", "3d6", "defence").faces == (1, 1, 1)
    assert dice.roll("white.king", "1d20", "a teammate").faces == (20,)  # the same side


def test_assume_won_for_a_named_seat_favours_it_whoever_throws_first():
    dice = AssumeWon("black")
    assert dice.roll("white", "1d20", "save").faces == (1,)
    assert dice.roll("black", "1d8", "damage").faces == (8,)


def test_sc_5_sc_6_assumed_won_pawn_beats_a_queen_on_the_six_it_needs():
    rules = make_rules("single-combat", {"die": "d6"})
    state = rules.parse_position("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1")
    won, events = rules.apply(state, Action(MOVE, (sq(rules, "e4"), sq(rules, "d5"))), AssumeWon())
    assert rules.position_text(won).split()[0] == "4k3/8/8/3P4/8/8/8/4K3"
    assert [r.faces for r in events if isinstance(r, Roll)] == [(6,)]
    lost, _ = rules.apply(
        state, Action(MOVE, (sq(rules, "e4"), sq(rules, "d5"))), ScriptedDice([5])
    )
    assert rules.position_text(lost).split()[0] == "4k3/8/8/3q4/8/8/8/4K3"


def test_dc_8_assumed_won_capturing_die_shows_its_highest_face():
    rules = make_rules("dice-chess")
    state = next(p.state for p in random_game("dice-chess", 3).positions if capture(rules, p.state))
    action = capture(rules, state)
    assert action is not None
    after, events = rules.apply(state, action, AssumeWon())
    assert [r.faces for r in events if isinstance(r, Roll)] == [(6,)]
    assert after.board[action.squares[1]] == (state.side, 6)


def test_gc_19_assumed_won_duel_kills_the_defender_and_leaves_the_attacker_unhurt():
    rules = make_rules("gladiator")
    assert isinstance(rules, GladiatorRules)
    fights = 0
    for position in random_game("gladiator", 2).positions:
        state = position.state
        for action in rules.legal_actions(state):
            fight = rules.battle(state, action)
            if fight is None:
                continue
            attacker, defender, _ = fight
            after, events = rules.apply(state, action, AssumeWon())
            rolls = [r for r in events if isinstance(r, Roll)]
            assert rolls and all(set(r.faces) == {6} for r in rolls[::2])
            assert all(set(r.faces) <= {1} for r in rolls[1::2])
            # ids are renumbered: find the winner on the square won (or home, after a strike)
            home, won = action.squares
            winner = after.at(won) or after.at(home)
            assert winner is not None and winner.status == BOARD
            assert (winner.kind, winner.side, winner.hp) == (
                attacker.kind,
                attacker.side,
                attacker.hp,
            )
            assert any(isinstance(e, Note) and e.tag == EventTag.KILL for e in events)
            fights += 1
    assert fights >= 5


def test_dd_10_assumed_won_battle_is_settled_at_once_for_the_attacker():
    rules = make_rules("dnd")
    state = rules.parse_position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    after, _ = rules.apply(state, Action(MOVE, (sq(rules, "e4"), sq(rules, "d5"))), AssumeWon())
    assert after.battle is None and rules.to_move(after) == "black"
    assert rules.position_text(after).split()[0] == "4k3/8/8/3P4/8/8/8/4K3"


def sq(rules: Rules[Any], name: str) -> int:
    return rules.geo.parse(name)


def capture(rules: Rules[Any], state: Any) -> Action | None:
    """A move of ``state`` onto an enemy die, if there is one."""
    for action in rules.legal_actions(state):
        if action.kind == MOVE and len(action.squares) == 2:
            target = state.board[action.squares[1]]
            if target is not None and target[0] != state.side:
                return action
    return None
