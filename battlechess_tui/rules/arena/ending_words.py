"""The words of the arena games' endings (AR-11..AR-13), read off an ``Outcome``'s ending and
numbers: the presenter's result line, and the line the rules narrate when a game ends."""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending

REASONS: dict[Ending, str] = {
    Ending.ALL_CAPTURED: "all enemy gladiators captured",
    Ending.NO_MOVES: "no gladiator moves",
    Ending.QUIET: "no capture",
    Ending.REPETITION: "repetition",
}


def reason(outcome: Outcome) -> str:
    return outcome.reason or REASONS.get(outcome.kind, "")


def detail(outcome: Outcome) -> str:
    if outcome.detail:
        return outcome.detail
    if outcome.kind == Ending.NO_MOVES:
        return "neither player could make a gladiator move for two turns each"
    if outcome.kind == Ending.QUIET and outcome.numbers:
        quiet = outcome.numbers[0]
        return f"{quiet} turn{'s' * (quiet != 1)} by each player without a capture"
    if outcome.kind == Ending.REPETITION and outcome.numbers:
        return f"the same position began a turn {outcome.numbers[0]} times"
    return ""


def result_line(outcome: Outcome, side_names: tuple[str, ...]) -> str:
    """``Draw: no capture: 10 turns by each player without a capture (AR-13)``."""
    return replace(outcome, reason=reason(outcome), detail=detail(outcome)).describe(side_names)
