"""The player of each level: ``random``, ``greedy``, or the search player at ``easy``,
``medium`` or ``hard``. Apart from ``players`` so that the search player may build on the
greedy one's scoring without an import cycle."""

from __future__ import annotations

from battlechess_tui.ai.players import GreedyPlayer, Player, RandomPlayer
from battlechess_tui.ai.search import SearchPlayer
from battlechess_tui.engine.levels import Level


def make_player(level: Level | str) -> Player:
    """The player of ``level`` (a ``Level``, or its name: ValueError in one line when it
    names none)."""
    level = Level.parse(level)
    if level is Level.RANDOM:
        return RandomPlayer()
    if level is Level.GREEDY:
        return GreedyPlayer()
    return SearchPlayer(level)
