"""A plain fixed-depth expectimax over the ``Rules`` interface alone: every decision to a
depth, each fight weighed by the rules' exact chance (won with ``AssumeWon`` dice for the
mover, lost with them for the other side). Slow, and meant to be: it is the reference a
game's own searcher is checked against (same depth, same leaf estimate, same value)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import AssumeWon
from battlechess_tui.engine.rules import Rules, S

#: A leaf's estimate for a side: (state, side) -> value.
Leaf = Callable[[Any, int], float]


def expectimax(rules: Rules[S], state: S, depth: int, leaf: Leaf, won: float) -> float:
    """The value of ``state`` for the side to move, ``depth`` decisions deep; an ended game
    is worth ``won`` (or its negation, or 0 drawn) whenever it ends."""
    outcome = rules.outcome(state)
    side = rules.side_to_move(state)
    if outcome is not None:
        return 0.0 if outcome.winner is None else (won if outcome.winner == side else -won)
    if depth == 0:
        return leaf(state, side)
    actions = rules.legal_actions(state)
    return max(_action_value(rules, state, a, side, depth, leaf, won) for a in actions)


def _action_value(
    rules: Rules[S], state: S, action: Action, side: int, depth: int, leaf: Leaf, won: float
) -> float:
    chance = rules.chance(state, action)
    p = float(chance.p)
    me, other = rules.seats()[side].key, rules.seats()[1 - side].key
    total = 0.0
    for weight, dice in ((p, AssumeWon(me)), (1 - p, AssumeWon(other))):
        if weight <= 0:
            continue
        child, _ = rules.apply(state, action, dice)
        value = expectimax(rules, child, depth - 1, leaf, won)
        total += weight * (value if rules.side_to_move(child) == side else -value)
    return total
