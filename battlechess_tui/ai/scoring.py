"""A position's worth to a side, as one number in [-1, 1] that players compare and average.

An ended game is worth 1 (won), -1 (lost) or 0 (drawn). Otherwise the rules' static
``evaluate`` (roughly in pawns; the games are zero-sum, so one side's estimate is the other's
negated) is squashed by ``tanh``, so that no lead is worth as much as a won game.
"""

from __future__ import annotations

import math

from battlechess_tui.engine.rules import Outcome, Rules, S

#: Pawns of lead that make tanh(1) = 0.76 of a win.
PAWN_SCALE = 6.0
#: Largest worth of a position that has not ended, so a sure win always ranks above it.
NOT_WON = math.tanh(4.0)


def outcome_value(outcome: Outcome, side: int) -> float:
    if outcome.winner is None:
        return 0.0
    return 1.0 if outcome.winner == side else -1.0


def lead(rules: Rules[S], state: S, side: int) -> float:
    """The static estimate of ``side``'s lead, in pawns."""
    return rules.evaluate(state, side)


def squash(pawns: float) -> float:
    return max(-NOT_WON, min(NOT_WON, math.tanh(pawns / PAWN_SCALE)))


def unsquash(value: float) -> float:
    """The lead in pawns a worth stands for (a won game reads as the largest lead)."""
    clipped = max(-NOT_WON, min(NOT_WON, value))
    return math.atanh(clipped) * PAWN_SCALE


def decided(worth: float) -> bool:
    """The worth of a game already won or lost."""
    return abs(worth) > NOT_WON


def calibrated(worth: float, factor: float) -> float:
    """The search's ``worth`` read as a chance: its atanh (for a squashed lead, the lead)
    times ``factor`` (a game's ``[search] confidence``); a decided worth is left as it is,
    and an undecided one stays so."""
    if factor == 1.0 or decided(worth):
        return worth
    return max(-NOT_WON, min(NOT_WON, math.tanh(factor * math.atanh(worth))))


def worth(rules: Rules[S], state: S, side: int) -> float:
    """The state's worth to ``side``: exact once the game has ended, else estimated."""
    return worth_after(rules, state, side, rules.outcome(state))


def worth_after(rules: Rules[S], state: S, side: int, outcome: Outcome | None) -> float:
    """``worth`` for a caller that already asked the rules for the ``outcome``."""
    if outcome is not None:
        return outcome_value(outcome, side)
    return squash(lead(rules, state, side))
