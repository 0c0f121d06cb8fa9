"""Hints a teacher can trust (issue 24, item 5): on tactical positions of classic, Single Combat,
arena and brawl, the hint finds an acceptable decision (mates in one and two, hanging pieces,
forks, a favourable fight next to the king, SC-3/SC-7; the last gladiator, AR-11), and its words
agree with it: it does not call the side behind when the tactic leaves it ahead, and speaks of
material given up only beside the lead or the won game it buys."""

from __future__ import annotations

import random

import pytest

from battlechess_tui.ai import Budget, hint
from battlechess_tui.engine.registry import make_variant
from tests.data.tactics import TACTICS, Tactic


def test_the_set_covers_thirty_positions_in_four_games() -> None:
    assert len(TACTICS) >= 30
    assert {t.game for t in TACTICS} == {"classic", "single-combat", "arena", "brawl"}


@pytest.mark.parametrize("tactic", TACTICS, ids=lambda t: f"{t.game}:{t.theme}")
def test_hint_finds_an_acceptable_decision(tactic: Tactic) -> None:
    rules = make_variant(tactic.game).rules
    state = rules.parse_position(tactic.position)
    budget = Budget.for_level(tactic.level, rules=rules)
    advice = hint(rules, state, rules.to_move(state), random.Random(0), budget)
    assert advice.action.text(rules.geo) in tactic.accept, advice.reason()
    words = advice.reason()
    if tactic.ahead:  # a sacrifice may give up material, never the game or the lead
        assert "behind" not in words and not advice.loses, words
        assert "gives up" not in words or "ahead" in words or advice.wins, words
