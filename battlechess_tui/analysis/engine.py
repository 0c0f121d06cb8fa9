"""The one place analysis calls the computer players (``ai/``): an estimate of a position with
the decision preferred there, the possible results of a decision, and a hint's words.

Everything is a worth to White in [-1, 1] (``ai/scoring.py``): 1 a won game, -1 a lost one.
A winning chance reads it as ``(1 + worth) / 2``; in the chess games a lead in pawns stands
beside it. Searches run on a node budget with a stream seeded by the caller, so an estimate
depends on the position, the level and the seed only (never on the machine or the job count).
The search's worth is calibrated by the game's ``[search] confidence`` (``calibrated``), so
that a 70% means 70% between equal players (``benchmarks/calibration.py`` measures it).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from battlechess_tui.ai.budget import MIN_NODES, Budget, nodes_per_ms, own_ms, search_spec
from battlechess_tui.ai.budget import confidence as confidence  # its old place
from battlechess_tui.ai.hint import Hint
from battlechess_tui.ai.outcomes import SamplingDice, every_way, results
from battlechess_tui.ai.scoring import calibrated as calibrated  # its old place
from battlechess_tui.ai.scoring import decided as decided  # its old place
from battlechess_tui.ai.scoring import outcome_value, unsquash
from battlechess_tui.ai.search import SearchPlayer
from battlechess_tui.analysis.model import LEAD_CAP
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import AssumeWon
from battlechess_tui.engine.levels import ANALYSIS_LEVELS as ANALYSIS_LEVELS  # its old place
from battlechess_tui.engine.levels import QUICK, QUICK_MS, Level
from battlechess_tui.engine.rules import Chance, Outcome, Rules


@dataclass(frozen=True)
class Estimate:
    """A position's worth to White and, where the game goes on, the decision the engine
    prefers there with the hint's words for it."""

    worth: float
    preferred: Action | None = None
    reason: str = ""


def outcome_worth(outcome: Outcome) -> float:
    """The worth to White of a game ended so (won 1, lost -1, drawn 0)."""
    return outcome_value(outcome, 0)


def estimate(
    rules: Rules[Any], state: Any, level: str, seed: int, think_ms: int | None = None
) -> Estimate:
    """The engine's estimate of ``state`` at ``level`` (thinking ``think_ms`` where given)
    for the side to decide there; at ``QUICK`` easy's search with the least budget
    (``QUICK_MS``), choosing the best it sees."""
    outcome = rules.outcome(state)
    if outcome is not None:
        return Estimate(outcome_value(outcome, 0))
    side = rules.side_to_move(state)
    if level == QUICK:
        budget = Budget(max(MIN_NODES, round(QUICK_MS * nodes_per_ms(rules))))
        level = Level.EASY
    else:
        budget = Budget.for_level(level, think_ms, rules=rules)
    hint = SearchPlayer(level).analyse(
        rules, state, rules.side_names[side].lower(), random.Random(seed), budget
    )
    worth = hint.outlook if side == 0 else -hint.outlook
    return Estimate(calibrated(worth, confidence(rules)), hint.action, hint.reason())


def analysis_ms(rules: Rules[Any], level: str) -> int | None:
    """How long an analysis at ``level`` thinks on each position: for medium, the game's
    ``[search] think_ms.analysis`` where its file states one (a judge looking deeper than the
    player it judges), else None (the level's own time)."""
    return own_ms(rules, "analysis") if level == Level.MEDIUM else None


def expected_after(
    rules: Rules[Any],
    state: Any,
    action: Action,
    level: str,
    seed: int,
    think_ms: int | None = None,
) -> float:
    """The worth to White expected after ``action``: each result the engine looks at (fights
    weighed by their chance) estimated as ``estimate`` estimates a position."""
    rng = random.Random(seed)
    found = results(rules, state, action, rng).branches
    return sum(
        b.weight * estimate(rules, b.state, level, seed + 11 * (k + 1), think_ms).worth
        for k, b in enumerate(found)
    )


def played_words(
    rules: Rules[Any],
    state: Any,
    action: Action,
    weighted: list[tuple[Any, Fraction]],
    worth: float,
) -> str:
    """The hint's words for a decision that was played, whose results are ``weighted`` and
    expected worth to White is ``worth``."""
    side = rules.side_to_move(state)
    outlook = worth if side == 0 else -worth
    found = [(s, float(w)) for s, w in weighted]
    hint = Hint.of(rules, state, side, action, rules.chance(state, action), found, outlook)
    return hint.reason()


def searchs_worth(rules: Rules[Any], worth: float) -> float:
    """The search's own worth behind an estimate: its ``confidence`` taken off again."""
    return calibrated(worth, 1 / confidence(rules))


def pawns(rules: Rules[Any], worth: float) -> float | None:
    """The lead in pawns (to White) a worth stands for, in games whose estimate counts pawns;
    None in the others or once the game is decided."""
    if rules.estimate_unit != "pawns" or decided(worth):
        return None
    return unsquash(searchs_worth(rules, worth))


def marks_pawns(rules: Rules[Any]) -> bool:
    """Whether the game's marks count the lead lost in pawns (``[search] marks``)."""
    spec = search_spec(rules)
    return spec is not None and spec.marks == "pawns"


def lead(rules: Rules[Any], worth: float) -> float:
    """The lead in pawns to White a worth stands for, at most ``LEAD_CAP`` either way (a
    decided game counts as the cap)."""
    if decided(worth):
        return math.copysign(LEAD_CAP, worth)
    return max(-LEAD_CAP, min(LEAD_CAP, unsquash(searchs_worth(rules, worth))))


def lead_lost(rules: Rules[Any], side: int, best: float, after: float) -> float:
    """The lead in pawns ``side`` loses by a decision worth ``after`` to White where the best
    is worth ``best``."""
    sign = 1 if side == 0 else -1
    return round(max(0.0, sign * (lead(rules, best) - lead(rules, after))), 6)


def pawns_lost(rules: Rules[Any], side: int, best: float, after: float) -> float | None:
    """``lead_lost`` in games whose marks count pawns, else None."""
    return lead_lost(rules, side, best, after) if marks_pawns(rules) else None


@dataclass(frozen=True)
class Roll:
    """The results a decision's dice could have given, each with its chance (Fractions that
    sum to exactly 1; the rules' own where they are exact), the index of the one that came,
    the rules' chance the fight is won, and whether it was (None where it cannot be told)."""

    states: list[Any]
    weights: list[Fraction]
    actual: int
    chance: Chance
    exact: bool
    won: bool | None


def roll_of(rules: Rules[Any], state: Any, action: Action, actual: Any, seed: int) -> Roll:
    """The possible results of ``action`` (which threw dice) and where ``actual`` stands."""
    rng = random.Random(seed)
    chance = rules.chance(state, action)
    dice = SamplingDice(random.Random(rng.getrandbits(64)))
    rules.apply(state, action, dice)
    ways = every_way(rules, state, action, dice.throws)
    if ways is not None and actual in ways:
        states = _distinct(ways)
        weights = [Fraction(ways.count(s), len(ways)) for s in states]
        return Roll(states, weights, states.index(actual), chance, chance.exact, None)
    found = [b.state for b in results(rules, state, action, rng).branches]
    if chance.exact and 0 < chance.p < 1:
        won = rules.apply(state, action, AssumeWon())[0]
        lost = _distinct([s for s in [*found, actual] if s != won])
        if lost and (actual == won or actual in lost):
            states = [won, *lost]
            share = (1 - chance.p) / len(lost)
            weights = [chance.p, *(share for _ in lost)]
            return Roll(states, weights, states.index(actual), chance, True, actual == won)
    states = _distinct([actual, *found])
    weights = [Fraction(1, len(states))] * len(states)
    return Roll(states, weights, 0, chance, False, None)


def _distinct(states: list[Any]) -> list[Any]:
    out: list[Any] = []
    for s in states:
        if s not in out:
            out.append(s)
    return out
