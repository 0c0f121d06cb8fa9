"""How long a computer player may think, and how it is stopped.

Work is counted in *nodes*: one node is one ``Rules.apply`` (with the ``evaluate`` of its
result) or one step of the search that applies nothing. A node budget makes a decision
depend on the position and the player's random stream only, so a balance run plays the same
games on any machine and with any number of processes. The app may add a wall-clock
``deadline`` (the search then stops early and answers with the best decision found so far)
and a ``cancel`` event (set by another thread: the search stops and raises ``Cancelled``).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

#: The levels a player can be set to, weakest first.
LEVELS = ("random", "greedy", "easy", "medium", "hard")
DEFAULT_LEVEL = "medium"
#: Search levels and their thinking time per decision (ms) on the reference machine.
THINK_MS = {"easy": 50, "medium": 200, "hard": 1000}
#: Nodes one millisecond buys, measured once on the reference machine (2 cores shared, the
#: seven games averaged: ``benchmarks/bench_ai.py --calibrate``). It turns ``--think-ms`` into
#: a node budget, so the same figure plays the same games everywhere.
NODES_PER_MS = 4
#: Even the smallest budget lets the search look at every choice once.
MIN_NODES = 1


class Cancelled(Exception):
    """The decision was cancelled (undo, leaving the game): there is no answer."""


@dataclass(frozen=True)
class Budget:
    """The limits of one decision: ``nodes`` (deterministic), and for interactive use a
    ``deadline`` (a ``time.monotonic()`` value) and a ``cancel`` event."""

    nodes: int = THINK_MS[DEFAULT_LEVEL] * NODES_PER_MS
    deadline: float | None = None
    cancel: threading.Event | None = None

    @classmethod
    def for_level(
        cls,
        level: str,
        think_ms: int | None = None,
        *,
        wall_clock: bool = False,
        cancel: threading.Event | None = None,
    ) -> Budget:
        """The budget of ``level``, or of ``think_ms`` milliseconds where given. With
        ``wall_clock`` (the app) the time is also a deadline from now."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
        ms = think_ms if think_ms is not None else THINK_MS.get(level, THINK_MS[DEFAULT_LEVEL])
        if ms <= 0:
            raise ValueError(f"thinking time must be positive, not {ms} ms")
        deadline = time.monotonic() + ms / 1000 if wall_clock else None
        return cls(max(MIN_NODES, ms * NODES_PER_MS), deadline, cancel)

    def check(self) -> None:
        """Raise ``Cancelled`` once the cancel event is set."""
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled

    def spent(self, nodes: int) -> bool:
        """True once ``nodes`` of work use the budget up or the deadline has passed; raises
        ``Cancelled`` if the decision was cancelled."""
        self.check()
        if nodes >= self.nodes:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline
