"""Iterative deepening at the root of a search, shared by the games' own searchers.

Each depth searches every root move, the best of the last depth first, each with the window
the best value so far leaves. The limits end it by raising ``Stop`` from inside the search: the
best move of the unfinished depth is kept if one was scored there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from battlechess_tui.engine.rules import Limits

M = TypeVar("M")
#: Nodes between two looks at the clock (the node budget is checked at every node).
CLOCK_EVERY = 256


class Stop(Exception):
    """The limits are used up: the search answers with what it has."""


def check(nodes: int, limits: Limits | None) -> None:
    """Raise ``Stop`` once ``nodes`` reach the node budget or the time is spent."""
    if limits is None:
        return
    if nodes >= limits.nodes:
        raise Stop
    if not nodes % CLOCK_EVERY and limits.spent(nodes):
        raise Stop


def deepen(
    moves: list[M],
    after: Callable[[M, int, float], float],
    *,
    win: float,
    inf: float,
    max_depth: int,
) -> tuple[M, float, int]:
    """The best move, its value and the last depth finished. ``after(move, depth, alpha)`` is
    the value of ``move`` searched ``depth`` more plies below it; a value of ``win`` or more
    either way (a game won or lost) ends the deepening."""
    scores = dict.fromkeys(moves, 0.0)
    best, value, finished = moves[0], 0.0, 0
    for depth in range(1, max_depth + 1):
        moves.sort(key=lambda m: -scores[m])
        alpha, move = -inf, moves[0]
        try:
            for m in moves:
                v = after(m, depth - 1, alpha)
                scores[m] = v
                if v > alpha:
                    alpha, move = v, m
        except Stop:
            if alpha > -inf:
                best, value = move, alpha
            break
        best, value, finished = move, alpha, depth
        if abs(value) >= win:
            break
    return best, value, finished
