"""Dice: seeded, recorded, and exact odds without rolling."""

from fractions import Fraction

import pytest

from battlechess_tui.engine.dice import (
    Dice,
    DiceExpr,
    DiceMismatch,
    RecordedDice,
    chance_at_least,
    chance_greater,
)


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
