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

from battlechess_tui.engine.levels import DEFAULT_LEVEL, LEVELS, Level
from battlechess_tui.engine.registry import specs
from battlechess_tui.engine.rules import Rules, S
from battlechess_tui.engine.spec import SearchSpec

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Budget", "Cancelled", "Level", "level_ms", "margin"]

#: Search levels and their thinking time per decision (ms) on the reference machine.
THINK_MS = {Level.EASY: 50, Level.MEDIUM: 200, Level.HARD: 1000}
#: The hint's thinking time (ms on the reference machine): as long as hard's, unless the game's
#: ``[search] think_ms`` gives ``hint`` its own. A hint may take up to a second on an idle
#: machine; its budget is in nodes alone, so it is the same on a loaded one.
HINT_MS = THINK_MS[Level.HARD]
#: Nodes one millisecond buys in a game whose variant file states none. Each shipped game
#: states its own (``[search] nodes_per_ms``, measured once on the reference machine with
#: ``benchmarks/bench_ai.py --calibrate``): it turns a thinking time into a node budget, so the
#: same figure plays the same games everywhere while taking about that time here.
DEFAULT_NODES_PER_MS = 2.0
#: The smallest budget (the search always looks at every choice once, whatever it is).
MIN_NODES = 1


def confidence(rules: Rules[S]) -> float:
    """The game's ``[search] confidence`` (1: the search's worth is read as it is)."""
    spec = search_spec(rules)
    return spec.confidence if spec is not None else 1.0


def search_spec(rules: Rules[S] | None) -> SearchSpec | None:
    """The ``[search]`` of the game of ``rules``: its variant file's, or its base's for a house
    file that states none (a house game saved before files stated one counts as its shipped
    base, as it did then)."""
    if rules is None:
        return None
    search = rules.spec.search
    if search is None and rules.spec.base is not None:
        base = specs().get(rules.spec.base)
        search = base.search if base is not None else None
    return search


def nodes_per_ms(rules: Rules[S] | None) -> float:
    """The nodes a millisecond buys in the game of ``rules`` (``[search] nodes_per_ms``)."""
    search = search_spec(rules)
    return search.nodes_per_ms if search is not None else DEFAULT_NODES_PER_MS


def own_ms(rules: Rules[S] | None, key: str) -> int | None:
    """The game's ``[search] think_ms`` for ``key`` (a level, ``hint`` or ``analysis``); None
    where its file states none."""
    search = search_spec(rules)
    return search.think_ms.get(key) if search is not None else None  # type: ignore[call-overload]


def level_ms(level: Level, rules: Rules[S] | None = None) -> int:
    """How long ``level`` thinks in the game of ``rules``: ``THINK_MS``, unless the variant
    file's ``[search] think_ms`` gives the level its own time (where the levels would
    otherwise finish the same depth and choose alike)."""
    own = own_ms(rules, level)
    return own if own is not None else THINK_MS.get(level, THINK_MS[DEFAULT_LEVEL])


def margin(level: Level, rules: Rules[S] | None) -> float:
    """The pawns below the best within which ``level`` chooses at random: the game's
    ``[search] easy_margin`` for easy (0, the best only, unless the variant file states one),
    0 for every other level."""
    search = search_spec(rules)
    return search.easy_margin if level is Level.EASY and search is not None else 0.0


def resamples(rules: Rules[S] | None) -> bool:
    """Does the generic search draw more samples of the dice of a decision it keeps coming
    back to, in the game of ``rules`` (``[search] resample``)?"""
    search = search_spec(rules)
    return search.resample if search is not None else False


class Cancelled(Exception):
    """The decision was cancelled (undo, leaving the game): there is no answer."""


@dataclass(frozen=True)
class Budget:
    """The limits of one decision: ``nodes`` (deterministic), and for interactive use a
    ``deadline`` (a ``time.monotonic()`` value) and a ``cancel`` event. ``margin`` is not a
    limit but the level's calibration: the generic search chooses at random among the
    decisions worth at most that many pawns less than the best (``margin``)."""

    nodes: int = round(THINK_MS[DEFAULT_LEVEL] * DEFAULT_NODES_PER_MS)
    deadline: float | None = None
    cancel: threading.Event | None = None
    margin: float = 0.0

    @classmethod
    def for_level(
        cls,
        level: Level | str,
        think_ms: int | None = None,
        *,
        rules: Rules[S] | None = None,
        wall_clock: bool = False,
        cancel: threading.Event | None = None,
    ) -> Budget:
        """The budget of ``level``, or of ``think_ms`` milliseconds where given, in the nodes
        that time buys in the game of ``rules``. With ``wall_clock`` (the app) the time is
        also a deadline from now."""
        level = Level.parse(level)
        ms = think_ms if think_ms is not None else level_ms(level, rules)
        if ms <= 0:
            raise ValueError(f"thinking time must be positive, not {ms} ms")
        deadline = time.monotonic() + ms / 1000 if wall_clock else None
        nodes = max(MIN_NODES, round(ms * nodes_per_ms(rules)))
        return cls(nodes, deadline, cancel, margin(level, rules))

    @classmethod
    def for_hint(
        cls, rules: Rules[S] | None = None, *, cancel: threading.Event | None = None
    ) -> Budget:
        """The hint's budget in the game of ``rules``: ``HINT_MS`` (or the game's ``[search]
        think_ms.hint``) in nodes, with no deadline (the same hint on any machine; the app
        cancels it when the position changes)."""
        own = own_ms(rules, "hint")
        ms = own if own is not None else HINT_MS
        return cls(max(MIN_NODES, round(ms * nodes_per_ms(rules))), None, cancel)

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
