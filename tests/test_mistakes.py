"""Learning from mistakes without the UI (issue 41, item 1): the position before a mistake in
every game, a decision judged as the analysis judged the one played, the best decision's
numbers with the exact odds of its fight, and the run's count and summary."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from battlechess_tui.analysis import engine
from battlechess_tui.analysis.mistakes import (
    MARGIN,
    MistakeRun,
    Verdict,
    best_after,
    best_words,
    fight_words,
    judge,
    mistakes_of,
    position_before,
)
from battlechess_tui.analysis.model import Analysis, DecisionReport, mark_of
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant

GAMES = ("classic", "single-combat", "dice-chess", "arena", "brawl", "gladiator", "dnd")


def _played(key: str, plies: int = 4) -> Game:
    game = Game(make_variant(key), 11)
    rng = random.Random(5)
    for _ in range(plies):
        actions = game.rule_actions()
        if not actions:
            break
        game.play(rng.choice(actions))
    return game


def _report(game: Game, ply: int, preferred: str, side: int, cost: float = 0.5) -> DecisionReport:
    ply_ = game.plies[ply]
    return DecisionReport(
        ply, ply_.seat, side, ply_.notation, 0.0, -0.4 if side == 0 else 0.4,
        preferred, preferred, "keeps the balance", "", cost,
    )  # fmt: skip


@pytest.mark.parametrize("key", GAMES)
def test_a_mistake_is_played_again_from_its_own_position_in_every_game(key: str) -> None:
    game = _played(key)
    ply = len(game.plies) - 1
    before = position_before(game, ply)
    assert before.state == game.positions[ply].state
    assert [p.events for p in before.plies] == [p.events for p in game.plies[:ply]]
    assert not before.computers
    state = game.positions[ply].state
    side = game.rules.side_to_move(state)
    actions = game.rules.legal_actions(state)
    best = actions[0].text(game.rules.geo)
    decision = _report(game, ply, best, side)
    assert judge(game, decision, actions[0], "easy") == Verdict(best, best_after(decision), 0.0)
    assert judge(game, decision, game.plies[ply].action, "easy").cost == decision.cost
    other = judge(game, decision, actions[-1], "easy")
    assert other.cost >= 0.0 and other.accepted == (other.cost < MARGIN)
    assert best_words(game, decision).startswith(f"Best: {best}; keeps the balance")


def test_sc_7_the_best_shows_the_exact_odds_of_its_fight() -> None:
    game = Game(make_variant("single-combat"), 7)
    for move in ("e2e4", "d7d5"):
        game.play(move)
    decision = DecisionReport(2, "white", 0, "Nc3", 0.0, -0.3, "e4d5", "exd5", "", "", 0.4)
    take = game.rules.parse_action(game.state, "e4d5")
    game.play("b1c3")
    assert fight_words(game, decision, take) == "fight won 1/2 = 50%, exactly"
    quiet = game.rules.parse_action(game.positions[2].state, "g1f3")
    assert fight_words(game, decision, quiet) == ""
    assert "fight won 1/2 = 50%, exactly" in best_words(game, decision)


def _decision(ply: int, side: int, cost: float, notation: str = "Qg4") -> DecisionReport:
    return DecisionReport(ply, "white", side, notation, 0.0, -cost, "x", "exd5", "", "", cost)


def test_only_the_sides_mistakes_and_blunders_are_retried_in_order() -> None:
    decisions = [_decision(4, 0, 0.35), _decision(1, 1, 0.5), _decision(2, 0, 0.12),
                 _decision(0, 0, 0.25)]  # fmt: skip
    analysis = Analysis("classic", "medium", "0", ("White", "Black"), 5, decisions)
    assert [d.ply for d in mistakes_of(analysis, 0)] == [4, 0]  # the analysis keeps game order
    assert [d.ply for d in mistakes_of(analysis, 1)] == [1]


def test_a_run_counts_found_and_missed_and_sums_up() -> None:
    first, second, third = (
        _decision(2, 0, 0.4, "Qg4"),
        _decision(6, 0, 0.25, "Nf3"),
        _decision(8, 0, 0.25, "a3"),
    )
    run = MistakeRun([first, second, third])
    assert run.tried(Verdict("b1c3", 0.0, 0.05)) == "found"
    run.next()
    assert run.tried(Verdict("d1h5", 0.0, 0.3)) == "again" and not run.settled
    assert run.tried(Verdict("d1h5", 0.0, 0.3)) == "missed" and run.settled
    run.next()
    run.give_up()
    run.next()
    assert run.finished
    assert run.summary() == ("Found 1 of 3 mistakes. Missed: Nf3? (best exd5), a3? (best exd5).")


@pytest.mark.parametrize("side", [0, 1])
def test_the_best_decisions_worth_is_the_played_ones_plus_its_cost_for_the_side(
    side: int,
) -> None:
    """White's best is worth more to White than the decision played, Black's less: by the
    cost exactly, which the tries are judged against."""
    decision = _decision(3, side, 0.3)
    sign = 1 if side == 0 else -1
    assert best_after(decision) == pytest.approx(decision.after + sign * 0.3)


def test_a_try_costing_exactly_an_inaccuracy_is_not_accepted() -> None:
    """The margin is the analysis's own: a try it would mark an inaccuracy is refused, one
    just under it accepted."""
    assert not Verdict("b1c3", 0.0, MARGIN).accepted
    assert Verdict("b1c3", 0.0, MARGIN - 1e-9).accepted
    assert mark_of(MARGIN) == "inaccuracy"


def test_a_classic_try_is_judged_by_the_pawns_it_loses_as_the_mistake_was() -> None:
    """Classic marks the lead lost in pawns (``marks = "pawns"``): a try losing under half a
    pawn is accepted whatever its cost in chance, one losing half a pawn is not, and a try at
    a classic mistake is measured in the pawns it loses against the best."""
    assert Verdict("b1c3", 0.0, 0.15, 0.49).accepted
    assert not Verdict("b1c3", 0.0, 0.01, 0.5).accepted
    game = _played("classic")
    ply = len(game.plies) - 1
    state = game.positions[ply].state
    side = game.rules.side_to_move(state)
    actions = game.rules.legal_actions(state)
    decision = replace(_report(game, ply, actions[0].text(game.rules.geo), side), pawns_lost=2.0)
    other = judge(game, decision, actions[-1], "easy")
    assert other.pawns_lost is not None
    assert other.pawns_lost == pytest.approx(
        engine.lead_lost(game.rules, side, best_after(decision), other.after), abs=1e-6
    )
    assert other.accepted == (other.pawns_lost < 0.5)
    assert judge(game, decision, actions[0], "easy").pawns_lost == 0.0
