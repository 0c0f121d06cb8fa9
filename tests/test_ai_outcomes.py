"""What a decision may lead to (``ai/outcomes.py``): dice that can fall only a few ways are
tried every way, so a Dice Chess capture's reroll (DC-10) is weighed exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from battlechess_tui.ai.outcomes import SAMPLES, every_way, results
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.registry import make_rules
from battlechess_tui.rules.dice_chess.rules import DiceChessRules

CAPTURE = "8/8/8/8/3D5d2d22/8/8/8 w play 0/0 -/- 0"


def test_dc_10_a_capture_is_weighed_over_all_six_rerolls():
    r = make_rules("dice-chess")
    state = r.parse_position(CAPTURE)
    found = results(r, state, r.parse_action(state, "d4e4"), random.Random(1))
    e4 = r.geo.parse("e4")
    faces = sorted(b.state.board[e4][1] for b in found.branches)
    assert faces == [1, 2, 3, 4, 5, 6]
    assert all(b.weight == pytest.approx(1 / 6) for b in found.branches)
    assert found.cost == 7  # the throw, then each of the six ways (nodes of search work)
    quiet = results(r, state, r.parse_action(state, "d4d5"), random.Random(1))
    assert [b.weight for b in quiet.branches] == [1.0]


class RollAgainOnSix(DiceChessRules):
    """A capturing die that shows 6 is thrown once more: the throws depend on the fall."""

    def apply(self, state: Any, action: Action, dice: Dice) -> tuple[Any, list[Any]]:
        after, events = super().apply(state, action, dice)
        if dice.rolls and dice.rolls[-1].faces == (6,):
            dice.roll("white", "1d6", "again")
        return after, events


def test_dice_whose_throws_depend_on_the_fall_are_sampled_instead():
    r = RollAgainOnSix(make_rules("dice-chess").spec)
    state = r.parse_position(CAPTURE)
    capture = r.parse_action(state, "d4e4")
    assert every_way(r, state, capture, [(1, 6)]) is None
    found = results(r, state, capture, random.Random(1))
    assert found.cost == SAMPLES == len(found.drawn) == 3  # three samples, weighed alike
    assert sum(b.weight for b in found.branches) == pytest.approx(1)


def test_sc_7_a_likely_fight_is_sampled_up_to_six_times_looking_for_a_loss():
    """The Queen takes a pawn at 7 in 8 (SC-7): samples are drawn until a lost one shows, at
    most six; with none, the six are weighed alike (each a won result)."""
    r = make_rules("single-combat")
    state = r.parse_position("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1")
    capture = r.parse_action(state, "d2d5")
    found = results(r, state, capture, random.Random(0))  # six wins in a row
    assert (found.cost, len(found.drawn), len(found.branches)) == (7, 6, 1)
    mixed = results(r, state, capture, random.Random(1))  # a loss at the first draw
    assert (mixed.cost, len(mixed.drawn), mixed.won is not None) == (4, 1, True)
    assert [b.weight for b in mixed.branches] == pytest.approx([7 / 8, 1 / 8])
