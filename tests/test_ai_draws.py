"""Draw offers (issue 24, item 6): a computer accepts a draw only when its own search finds its
side clearly behind; a won position, or one only the search sees is winning, is never given
away."""

from __future__ import annotations

import random

import pytest

from battlechess_tui.ai import Budget
from battlechess_tui.ai.decide import decide
from battlechess_tui.ai.draws import accepts_draw
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.game import ACCEPT_DRAW, DECLINE_DRAW
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.ui.computer import draw_answer
from tests.test_gladiator_support import position

BUDGET = Budget(nodes=3000)


def test_accepts_a_draw_a_queen_down() -> None:
    rules = make_variant("classic").rules
    state = rules.parse_position("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")
    assert accepts_draw(rules, state, "white", BUDGET)
    assert draw_answer(rules, state, "white", BUDGET).kind == ACCEPT_DRAW


def test_declines_in_a_won_position_whoever_is_to_move() -> None:
    rules = make_variant("classic").rules
    state = rules.parse_position("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1")
    assert not accepts_draw(rules, state, "black", BUDGET)
    assert draw_answer(rules, state, "black", BUDGET).kind == DECLINE_DRAW


def test_declines_when_only_the_search_sees_the_win() -> None:
    # White is a rook and more down on material, but mates at once (Rd8#).
    rules = make_variant("classic").rules
    state = rules.parse_position("6k1/1r3ppp/8/8/8/8/q4PPP/3R2K1 w - - 0 1")
    assert rules.evaluate(state, 0) < -5
    assert not accepts_draw(rules, state, "white", BUDGET)


def test_level_position_is_declined() -> None:
    rules = make_variant("classic").rules
    state, _ = rules.new_game(None)  # type: ignore[arg-type]
    assert not accepts_draw(rules, state, "white", BUDGET)
    assert not accepts_draw(rules, state, "black", BUDGET)


def test_a_levels_margin_does_not_move_the_estimate_a_draw_is_judged_by() -> None:
    # Gladiator's easy chooses within [search] easy_margin of its best; the answer to a draw
    # offer (easy's budget) still weighs the best decision: here the protected King's
    # instant kill of the Footman beside him (GC-23), not one of four steps a pawn worse.
    rules = make_variant("gladiator").rules
    state = position({"f1": "K", "i1": "N", "e1": "f", "f12": "k", "i12": "n"})
    wide = Budget(nodes=300, margin=6.0)
    for seed in range(8):
        assert decide(rules, state, wide, random.Random(seed)).action.text(rules.geo) == "f1e1"


def test_decide_asks_the_games_searcher_wherever_there_is_a_choice_even_of_two() -> None:
    """Two legal moves (Kh2, e4): the searcher answers, in pawns, as it does alone."""
    rules = make_variant("classic").rules
    state = rules.parse_position("6rk/8/8/8/8/p3P3/P7/7K w - - 0 1")
    assert len(rules.legal_actions(state)) == 2
    budget = Budget(nodes=3000)
    decision = decide(rules, state, budget, random.Random(5))
    searcher = rules.searcher()
    assert searcher is not None
    found = searcher.search(state, budget, random.Random(random.Random(5).getrandbits(64)))
    assert (decision.action, decision.estimate, decision.mate) == (
        found.action,
        found.value,
        found.mate,
    )


@pytest.mark.parametrize("key", ["dice-chess", "single-combat"])
def test_decide_gives_the_worth_as_the_estimate_of_a_game_without_a_unit(key: str) -> None:
    """Dice Chess and Single Combat estimate chances, not pawns: their searchers' estimate is
    given as the worth itself, as ``Decision`` says, not on the searcher's own scale."""
    rules = make_variant(key).rules
    state = rules.new_game(Dice(random.Random(3)))[0]
    while len(rules.legal_actions(state)) < 2:
        state = rules.apply(state, rules.legal_actions(state)[0], Dice(random.Random(1)))[0]
    assert rules.estimate_unit == "" and rules.searcher() is not None
    decision = decide(rules, state, Budget(nodes=2000), random.Random(5))
    assert decision.estimate == decision.worth and -1 <= decision.worth <= 1
