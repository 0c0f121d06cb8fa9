"""The player of each level: ``random``, ``greedy``, or the search player at ``easy``,
``medium`` or ``hard``. Apart from ``players`` so that the search player may build on the
greedy one's scoring without an import cycle."""

from __future__ import annotations

from battlechess_tui.ai.budget import LEVELS
from battlechess_tui.ai.players import GreedyPlayer, Player, RandomPlayer
from battlechess_tui.ai.search import SearchPlayer


def make_player(level: str) -> Player:
    """The player of ``level`` (one of ``LEVELS``)."""
    if level == "random":
        return RandomPlayer()
    if level == "greedy":
        return GreedyPlayer()
    if level in LEVELS:
        return SearchPlayer(level)
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
