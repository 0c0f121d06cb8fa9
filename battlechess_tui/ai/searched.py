"""Decisions by a game's own searcher (``Rules.searcher``) as hints.

A searcher answers in the game's estimate unit (pawns for the chess family) with a forced end
as plies to mate; here that becomes the worth in [-1, 1] every player compares
(``ai/scoring.py``) and the ``Hint`` the hint key shows.
"""

from __future__ import annotations

import random
from typing import Any

from battlechess_tui.ai.budget import Budget
from battlechess_tui.ai.hint import Hint
from battlechess_tui.ai.outcomes import results
from battlechess_tui.ai.scoring import squash
from battlechess_tui.engine.rules import Found, Rules, S, Searcher

#: Beyond this lead (in the estimate's unit) a value is a share of a won game, not material:
#: Dice Chess's searcher writes a forced result so. More than every piece of a side is worth
#: (39 pawns and their squares).
BEYOND_MATERIAL = 50.0
#: The searcher's value of a won game, in the same unit (``MATE`` centipawns).
WON_VALUE = 1000.0


def worth_of(found: Found) -> float:
    """The searcher's answer as a worth in [-1, 1] for the side to move."""
    if found.mate:
        return 1.0 if found.mate > 0 else -1.0
    if abs(found.value) > BEYOND_MATERIAL:
        return max(-1.0, min(1.0, found.value / WON_VALUE))
    return squash(found.value)


def searched_hint(
    rules: Rules[S],
    state: S,
    side: int,
    searcher: Searcher[Any],
    rng: random.Random,
    budget: Budget,
) -> Hint:
    """The searcher's decision for ``side`` (the side to move) as a hint: its fight's chance,
    whether it ends the game, the material it gains once the exchanges it starts are over,
    and the worth of the best line found."""
    found = searcher.search(state, budget, random.Random(rng.getrandbits(64)))
    return hint_of(rules, state, side, found, rng)


def hint_of(rules: Rules[S], state: S, side: int, found: Found, rng: random.Random) -> Hint:
    chance = rules.chance(state, found.action)
    ends = won = 0.0
    for branch in results(rules, state, found.action, rng).branches:
        outcome = rules.outcome(branch.state)
        if outcome is not None:
            ends += branch.weight
            won += branch.weight if outcome.winner == side else 0.0
    return Hint.in_game(rules, found.action, chance, found.gain, worth_of(found), ends, won)
