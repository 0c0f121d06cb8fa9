"""Computer players for every game and every seat, on the ``Rules`` interface alone.

For the app (a worker thread)::

    cancel = threading.Event()                      # set it to abandon the decision
    budget = Budget.for_level(level, wall_clock=True, cancel=cancel)
    action = make_player(level).choose(rules, state, seat, rng, budget)   # or Cancelled

and for the hint key, ``hint(rules, state, seat, rng, budget)``: the search's decision within
the hint's budget (``Budget.for_hint``) with its odds and one line of why
(``Hint.reason()``). ``decide(rules, state, budget)`` gives the preferred decision in a
position with the estimate for the side to move (``Decision``: worth in [-1, 1], the estimate
in the game's unit, plies to a forced mate), for analysis.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

from battlechess_tui.ai import players as _players
from battlechess_tui.ai.budget import DEFAULT_LEVEL, LEVELS, Budget, Cancelled
from battlechess_tui.ai.decide import Decision, decide
from battlechess_tui.ai.hint import Hint
from battlechess_tui.ai.levels import make_player
from battlechess_tui.ai.players import GreedyPlayer, Player, RandomPlayer
from battlechess_tui.ai.search import SearchPlayer
from battlechess_tui.engine.rules import Rules, S

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Budget",
    "Cancelled",
    "Decision",
    "GreedyPlayer",
    "Hint",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "decide",
    "hint",
    "make_player",
]


def hint(
    rules: Rules[S],
    state: S,
    seat: str,
    rng: random.Random | None = None,
    budget: Budget | None = None,
) -> Hint:
    """The search's best decision for ``seat`` with its odds and numbers (``reason()``),
    within ``budget`` (the hint's, ``Budget.for_hint``, where none is given)."""
    return SearchPlayer(DEFAULT_LEVEL).analyse(
        rules, state, seat, rng or random.Random(0), budget or Budget.for_hint(rules)
    )


def _moved_from_players(name: str) -> Any:
    """``ai.players.make_player``, where round 2's README placed it: it lives in ``ai.levels``
    (the search player builds on ``ai.players``), so the name is lent to ``ai.players`` here,
    where both are imported, with a DeprecationWarning."""
    if name != "make_player":
        raise AttributeError(f"module 'battlechess_tui.ai.players' has no attribute {name!r}")
    warnings.warn(
        "battlechess_tui.ai.players.make_player is deprecated: use battlechess_tui.ai.make_player",
        DeprecationWarning,
        stacklevel=2,
    )
    return make_player


# a package's __init__ runs before any of its modules is imported, so this is always in place
setattr(_players, "__getattr__", _moved_from_players)  # noqa: B010 - a module attribute
