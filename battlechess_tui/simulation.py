"""Whole games between computer players, for testing, balance and the ``simulate`` command.

Game ``i`` of a run started with seed ``S`` throws its dice from ``game_seed(S, i)`` and its
players draw from one stream seeded with the same number, so each game depends on its seed
alone: the games may be played in any order, spread over any number of processes, and the
summary (built from the games in order) is the same. Players think to node budgets, never to
the clock, for the same reason (``ai/budget.py``).
"""

from __future__ import annotations

import math
import os
import random
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from battlechess_tui.ai.budget import Budget
from battlechess_tui.ai.levels import make_player
from battlechess_tui.ai.players import Player
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.machine import default_jobs as default_jobs
from battlechess_tui.engine.registry import resolve
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import OptionValue
from battlechess_tui.engine.variant import Variant
from battlechess_tui.engine.vocabulary import Ending

#: A game still running after this many decisions is reported as unfinished (a rules bug).
DECISION_LIMIT = 20_000
#: z for a 95% confidence interval.
Z95 = 1.959964


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a run started with ``seed``."""
    return seed * 100_003 + index


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


# -- playing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seats:
    """Who plays each side: a level per side, and the thinking time of search levels."""

    levels: tuple[Level, Level] = (Level.RANDOM, Level.RANDOM)
    think_ms: int | None = None

    def players(self) -> tuple[Player, Player]:
        return (make_player(self.levels[0]), make_player(self.levels[1]))

    def budgets(self, rules: Rules[Any]) -> tuple[Budget, Budget]:
        return (
            Budget.for_level(self.levels[0], self.think_ms, rules=rules),
            Budget.for_level(self.levels[1], self.think_ms, rules=rules),
        )

    def describe(self, side_names: Sequence[str]) -> str:
        return " vs ".join(f"{side_names[i]} {self.levels[i]}" for i in (0, 1))


def play_out(
    game: Game,
    seed: int,
    seats: Seats | None = None,
    think: dict[int, list[float]] | None = None,
    limit: int = DECISION_LIMIT,
    cpu: dict[int, list[float]] | None = None,
) -> Game:
    """The players of ``seats`` (random by default; one stream seeded with ``seed``), each
    holding all of its side's seats, make every decision until the game is over or has run
    ``limit`` decisions. ``think``, if given, collects each side's seconds per decision, and
    ``cpu`` the processor seconds this process spent on each (the fairer figure on a machine
    others share)."""
    seats = seats or Seats()
    rules = game.rules
    players, budgets = seats.players(), seats.budgets(rules)
    rng = random.Random(seed)
    names = [n.lower() for n in rules.side_names]
    while not game.over and len(game.plies) < limit:
        side = rules.side_of(game.to_move)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = players[side].choose(rules, game.state, names[side], rng, budgets[side])
        if think is not None:
            think.setdefault(side, []).append(time.perf_counter() - start)
        if cpu is not None:
            cpu.setdefault(side, []).append(time.process_time() - start_cpu)
        game.play(action)
    return game


_CACHE: dict[tuple[str, tuple[tuple[str, OptionValue], ...]], Variant[Any]] = {}


def cached_variant(key: str, options: Mapping[str, OptionValue] | None) -> Variant[Any]:
    """The variant of ``key`` and ``options``, built once per process."""
    name = (key, tuple(sorted((options or {}).items())))
    if name not in _CACHE:
        _CACHE[name] = resolve(key, dict(options or {}))
    return _CACHE[name]


def computer_game(
    key: str,
    seed: int,
    seats: Seats | None = None,
    options: Mapping[str, OptionValue] | None = None,
    think: dict[int, list[float]] | None = None,
    limit: int = DECISION_LIMIT,
    cpu: dict[int, list[float]] | None = None,
) -> Game:
    """One game between the players of ``seats`` (stopped after ``limit`` decisions); the
    same seed always gives the same game."""
    seats = seats or Seats()
    variant = cached_variant(key, options)
    players = {s.key: f"{s.label} ({seats.levels[s.side]} computer)" for s in variant.rules.seats()}
    return play_out(Game(variant, seed, players), seed, seats, think, limit, cpu)


def random_game(key: str, seed: int, options: Mapping[str, OptionValue] | None = None) -> Game:
    """One game between random players; the same seed always gives the same game."""
    return play_out(Game(cached_variant(key, options), seed), seed)


# -- runs of games ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """What a run plays: the game, its options, the players, the first seed, where to save."""

    key: str
    seed: int
    seats: Seats = field(default_factory=Seats)
    options: dict[str, OptionValue] = field(default_factory=dict)
    save_dir: Path | None = None
    #: Whether a game's file may replace a file already there (else it is created anew).
    replace: bool = True

    def save_path(self, variant_key: str, index: int) -> Path | None:
        if self.save_dir is None:
            return None
        return Path(self.save_dir) / f"{variant_key}-{self.seed}-{index:04d}.json"


@dataclass(frozen=True)
class Played:
    """One game's result, as a summary counts it (and the seconds its decisions took)."""

    index: int
    plies: int
    winner: int | None
    ended: bool
    kind: Ending | None
    saved: Path | None = None
    think: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    cpu: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())


def play_one(run: Run, index: int) -> Played:
    """Game ``index`` of ``run``, played (and saved) in this process."""
    from battlechess_tui.save.store import save_game, save_new_game

    think: dict[int, list[float]] = {}
    cpu: dict[int, list[float]] = {}
    seed = game_seed(run.seed, index)
    game = computer_game(run.key, seed, run.seats, run.options, think, cpu=cpu)
    path = run.save_path(game.rules.key, index)
    if path is not None:
        (save_game if run.replace else save_new_game)(game, path)
    outcome = game.outcome
    return Played(
        index,
        len(game.plies),
        outcome.winner if outcome else None,
        outcome is not None,
        outcome.kind if outcome else None,
        path,
        (tuple(think.get(0, ())), tuple(think.get(1, ()))),
        (tuple(cpu.get(0, ())), tuple(cpu.get(1, ()))),
    )


def play_many(
    run: Run, games: int, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> Iterator[Played]:
    """Games ``0 .. games-1`` of ``run``, yielded in index order, spread over ``jobs``
    processes; ``progress`` hears how many are done after each one. Games are handed out as
    workers free up (at most ``IN_FLIGHT`` per worker waiting), so memory does not grow with
    ``games``; the workers end with this process, however it ends (``_watch_parent``)."""
    if jobs <= 1 or games <= 1:
        for i in range(games):
            yield play_one(run, i)
            if progress:
                progress(i + 1)
        return
    workers = min(jobs, games, default_jobs())  # more processes than cores only wait
    with ProcessPoolExecutor(workers, initializer=_watch_parent, initargs=(os.getpid(),)) as pool:
        waiting: dict[Future[Played], int] = {}
        ready: dict[int, Played] = {}
        submitted = done = yielded = 0
        try:
            while yielded < games:
                while submitted < games and len(waiting) + len(ready) < workers * IN_FLIGHT:
                    waiting[pool.submit(play_one, run, submitted)] = submitted
                    submitted += 1
                finished, _ = wait(waiting, return_when=FIRST_COMPLETED)
                for future in finished:
                    del waiting[future]
                    played = future.result()
                    ready[played.index] = played
                    done += 1
                    if progress:
                        progress(done)
                while yielded in ready:
                    yield ready.pop(yielded)
                    yielded += 1
        finally:  # stopped early (an error, or the reader closed us): drop the queue
            for future in waiting:
                future.cancel()


#: Games per worker handed out ahead (queued, or finished and waiting for an earlier one).
IN_FLIGHT = 4
#: How often a worker checks that the process that started it is still there, in seconds.
PARENT_CHECK = 0.5


def _watch_parent(parent: int) -> None:
    """In a worker: end this process when ``parent`` ends (killed, even by SIGKILL). On Linux
    the kernel sends SIGTERM at once; everywhere a thread checks twice a second."""
    _death_signal()
    first = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK)
            if os.getppid() != first or not _alive(parent):
                os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _death_signal() -> None:
    """Linux: SIGTERM to this process when its parent ends (prctl PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):
        pass


# -- summaries -------------------------------------------------------------------------------


@dataclass
class Summary:
    variant: str
    side_names: tuple[str, ...] = ("White", "Black")
    players: str = ""
    games: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    draws: int = 0
    unfinished: int = 0
    endings: Counter[tuple[Ending, int | None]] = field(default_factory=Counter)
    #: How many games had each length (at most ``DECISION_LIMIT`` keys, whatever the count).
    lengths: Counter[int] = field(default_factory=Counter)
    saved: list[Path] = field(default_factory=list)

    @classmethod
    def of(cls, variant: Variant[Any], played: Iterable[Played], players: str = "") -> Summary:
        summary = cls(variant.rules.key, tuple(variant.rules.side_names), players)
        for game in played:
            summary.add(game)
        return summary

    def add(self, game: Played) -> None:
        self.games += 1
        self.lengths[game.plies] += 1
        if game.saved is not None:
            self.saved.append(game.saved)
        if not game.ended:
            self.unfinished += 1
            return
        if game.winner is None:
            self.draws += 1
        else:
            self.wins[game.winner] += 1
        self.endings[(game.kind or Ending.OTHER, game.winner)] += 1

    @property
    def total_plies(self) -> int:
        return sum(length * n for length, n in self.lengths.items())

    @property
    def mean_length(self) -> float:
        return self.total_plies / self.games if self.games else 0.0

    def quartiles(self) -> tuple[float, float, float]:
        """The lengths' quartiles (``statistics.quantiles``' inclusive method, from counts)."""
        if self.games < 2:
            only = float(next(iter(self.lengths), 0))
            return (only, only, only)
        m = self.games - 1
        out = []
        for i in (1, 2, 3):
            j, delta = divmod(i * m, 4)
            low, high = self._nth(j), self._nth(j + 1)
            out.append((low * (4 - delta) + high * delta) / 4)
        return (out[0], out[1], out[2])

    def _nth(self, k: int) -> int:
        """The ``k``-th shortest length (from 0)."""
        for length in sorted(self.lengths):
            k -= self.lengths[length]
            if k < 0:
                return length
        raise IndexError(k)

    def score(self, side: int) -> float:
        """``side``'s share of the points, a draw counting half."""
        return (self.wins[side] + self.draws / 2) / self.games if self.games else 0.0

    def by_kind(self) -> list[tuple[Ending, Counter[int | None]]]:
        """Each ending's count per winner (None for a draw), most frequent first."""
        kinds: dict[Ending, Counter[int | None]] = {}
        for (kind, winner), n in self.endings.items():
            kinds.setdefault(kind, Counter())[winner] += n
        return sorted(kinds.items(), key=lambda kv: (-kv[1].total(), kv[0].value))

    def lines(self) -> list[str]:
        head = f"{self.variant}: {self.games} games"
        out = [head + (f", {self.players}" if self.players else "")]
        names = self.side_names
        for side in (0, 1):
            out.append(f"  {names[side]} wins: {self.wins[side]}")
        out.append(f"  draws: {self.draws}")
        if self.unfinished:
            out.append(f"  UNFINISHED after {DECISION_LIMIT} decisions: {self.unfinished}")
        rates = ((f"{names[0]} win", self.wins[0]), (f"{names[1]} win", self.wins[1]),
                 ("draw", self.draws))  # fmt: skip
        for label, k in rates:
            low, high = wilson(k, self.games)
            rate = k / self.games if self.games else 0.0
            out.append(f"  {label} rate: {rate:.1%} (95% CI {low:.1%} to {high:.1%})")
        q1, q2, q3 = self.quartiles()
        out.append(
            f"  mean length: {self.mean_length:.1f} decisions (quartiles {q1:g}, {q2:g}, {q3:g})"
        )
        out.append("  endings:")
        for kind, winners in self.by_kind():
            parts = [
                f"{'draw' if w is None else names[w]} {n}"
                for w, n in sorted(winners.items(), key=lambda wn: (wn[0] is None, wn[0] or 0))
            ]
            out.append(f"  {winners.total():5d} x {kind.value} ({', '.join(parts)})")
        return out


def simulate(
    key: str,
    games: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    save_dir: Path | None = None,
    *,
    seats: Seats | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    replace: bool = True,
) -> Summary:
    """Play ``games`` games of ``key`` (a shipped game or a house-rule file) and count them;
    with ``save_dir``, each is saved there (over a file already there only with ``replace``,
    else SaveError in one line naming it)."""
    seats = seats or Seats()
    variant = cached_variant(key, options)
    run = Run(key, seed, seats, dict(options or {}), save_dir, replace)
    played = play_many(run, games, jobs, progress)
    return Summary.of(variant, played, seats.describe(variant.rules.side_names))
