"""Is the analysis's winning chance calibrated? Of the positions it calls 70%, does the side to
move go on to win 70%?

Run:  nice -n 10 .venv/bin/python benchmarks/calibration.py [--games-of classic,arena]
          [--games 200] [--positions 20] [--seed 1] [--jobs 2] [--random-plies N]
          [--save-dir DIR]
          [--json out.json] [--report earlier.json ...]

Medium plays medium in each game (game ``i``'s dice seeded by ``game_seed(SEED, i)``, as
``battlechess simulate`` seeds them; see ``played``). ``--random-plies N`` makes each game's
first N decisions at random (seeded by the game), and no position is drawn before them: a
game without dice, such as classic, is otherwise played from a handful of openings (its
search breaks only ties at random), so its games share their results and a colour's edge in
them is the edge of those few lines. Up to ``--positions`` positions of each
game where a decision is made are drawn (seeded by the game), and each gets the analysis's
estimate at medium for the side to move: ``analysis.engine.estimate``, as ``analyse``
estimates a position (its seed moved by the game's: ``search_seed``; for as long as the
game's ``[search] think_ms.analysis`` says, where its file gives the analysis a time of its
own), read as ``chance_of`` reads it (the ``chance_before`` of ``analyse --json``). Its
outcome is that side's result: 1 won, 0.5 drawn, 0 lost.

The estimates are bucketed by tenths (0-10%, ..., 90-100%) and each bucket's average estimate
set beside how often its side went on to win; the Brier score is the mean squared gap between
estimate and outcome. The target (issue 40): every bucket of 100 or more positions within 5
points of its outcome rate. The positions of one game share its result, so a bucket's outcome
rate is less sure than its count of positions suggests: the table gives how far it varies
from one set of as many games to another (drawn again with replacement from these), and the
chance that an estimate exactly right would meet the target on games like these.
``--save-dir`` keeps each game played (a save file) and reads it back on a later run, so a
change to the estimate alone is measured again without replaying.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from battlechess_tui.analysis.engine import analysis_ms, calibrated, estimate
from battlechess_tui.analysis.model import chance_of
from battlechess_tui.analysis.run import SEARCH_SEED
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import specs
from battlechess_tui.simulation import DECISION_LIMIT, cached_variant, game_seed

LEVEL = "medium"
BUCKETS = 10
#: A bucket this full must be within ``TOLERANCE`` of its outcome rate.
FULL, TOLERANCE = 100, 0.05
#: Sets of games drawn again to measure how far a bucket's outcome rate varies.
DRAWS = 200


@dataclass(frozen=True)
class Task:
    key: str
    seed: int
    index: int
    positions: int
    save_dir: Path | None
    random_plies: int = 0


@dataclass(frozen=True)
class Point:
    """One position: its game, index in the game, the estimate for the side to move, that
    side's result, the side, and which of the reported runs it is from (a game is its run and
    its number)."""

    key: str
    game: int
    ply: int
    chance: float
    result: float
    side: int = -1
    run: int = 0


def search_seed(task: Task, index: int) -> int:
    """The seed of the search at position ``index``: ``analyse``'s for that position, moved
    by the game's seed (with ``analyse``'s alone every game would be the same one until a die
    is thrown, and the first Single Combat games all drew by repetition at ply 32)."""
    return SEARCH_SEED * (index + 1) + 7_919 * game_seed(task.seed, task.index)


def kept_path(task: Task) -> Path | None:
    """Where ``--save-dir`` keeps the task's game (games begun at random apart)."""
    if task.save_dir is None:
        return None
    opening = f"-r{task.random_plies}" if task.random_plies else ""
    return task.save_dir / f"{task.key}-{task.seed}{opening}-{task.index:04d}.json"


def played(task: Task) -> tuple[Game, dict[int, float]]:
    """The task's game and the worth to White the analysis estimates at each of its positions
    (as far as known): read back from ``--save-dir`` if the game was kept there, else played.

    Medium plays by the analysis's own search: each decision is the one ``estimate`` prefers
    at medium (the medium player's search), so one search gives both the move and the
    estimate. A game read back is estimated again where sampled (a changed estimate is
    measured on the same games)."""
    from battlechess_tui.save.store import load_game, save_game

    path = kept_path(task)
    if path is not None and path.exists():
        return load_game(path).game, {}
    seed = game_seed(task.seed, task.index)
    variant = cached_variant(task.key, None)
    game, worths = Game(variant, seed), {}
    own = analysis_ms(game.rules, LEVEL) is None  # the player's estimate is the analysis's
    opening = random.Random(seed)
    while not game.over and len(game.plies) < DECISION_LIMIT:
        index = len(game.plies)
        if index < task.random_plies:
            game.play(opening.choice(list(game.rules.legal_actions(game.state))))
            continue
        found = estimate(game.rules, game.state, LEVEL, search_seed(task, index))
        assert found.preferred is not None
        if own:
            worths[index] = found.worth
        game.play(found.preferred)
    if path is not None:
        save_game(game, path)
    return game, worths


def points(task: Task) -> list[Point]:
    """The estimates of up to ``task.positions`` positions of the task's game."""
    game, worths = played(task)
    rules, outcome = game.rules, game.outcome
    open_ = [
        i for i, p in enumerate(game.positions[:-1]) if p.agreed is None and i >= task.random_plies
    ]
    rng = random.Random(game_seed(task.seed, task.index))
    chosen = sorted(rng.sample(open_, min(task.positions, len(open_))))
    out, ms = [], analysis_ms(rules, LEVEL)
    for i in chosen:
        state = game.positions[i].state
        side = rules.side_to_move(state)
        worth = worths.get(i)
        if worth is None:
            worth = estimate(rules, state, LEVEL, search_seed(task, i), ms).worth
        result = 0.5 if outcome is None or outcome.winner is None else float(outcome.winner == side)
        out.append(Point(task.key, task.index, i, chance_of(worth, side), result, side))
    return out


# -- the table ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bucket:
    low: int  # percent
    count: int
    predicted: float
    actual: float
    spread: float = 0.0  # the outcome rate's standard deviation over sets of games like these

    @property
    def gap(self) -> float:
        return self.predicted - self.actual

    def misses(self) -> bool:
        return self.count >= FULL and abs(self.gap) > TOLERANCE


def tenth(p: Point) -> int:
    return min(BUCKETS - 1, int(p.chance * BUCKETS))


def buckets(found: list[Point]) -> list[Bucket]:
    groups: list[list[Point]] = [[] for _ in range(BUCKETS)]
    for p in found:
        groups[tenth(p)].append(p)
    spread = spreads(found)
    return [
        Bucket(
            100 * k // BUCKETS,
            len(g),
            sum(p.chance for p in g) / len(g),
            sum(p.result for p in g) / len(g),
            spread[k],
        )
        for k, g in enumerate(groups)
        if g
    ]


def spreads(found: list[Point]) -> list[float]:
    """Each tenth's outcome rate's standard deviation over ``DRAWS`` sets of as many games,
    drawn with replacement from those found (seeded: the same points give the same figures)."""
    games: dict[tuple[int, int], list[tuple[int, float]]] = {}
    for p in found:
        games.setdefault((p.run, p.game), []).append((tenth(p), p.result))
    played = list(games.values())
    rng = random.Random(0)
    rates: list[list[float]] = [[] for _ in range(BUCKETS)]
    for _ in range(DRAWS):
        won, seen = [0.0] * BUCKETS, [0] * BUCKETS
        for _ in played:
            for k, result in rng.choice(played):
                won[k] += result
                seen[k] += 1
        for k in range(BUCKETS):
            if seen[k]:
                rates[k].append(won[k] / seen[k])
    return [statistics.pstdev(r) if r else 0.0 for r in rates]


def chance_to_meet(shown: list[Bucket]) -> float:
    """The chance that an estimate exactly right puts every full bucket within the tolerance,
    on sets of games like these (each bucket's rate taken as normal about its estimate)."""
    chance = 1.0
    for b in shown:
        if b.count >= FULL and b.spread > 0:
            chance *= math.erf(TOLERANCE / (b.spread * math.sqrt(2)))
    return chance


def brier(found: list[Point]) -> float:
    return sum((p.chance - p.result) ** 2 for p in found) / len(found)


def table(key: str, found: list[Point], shown: list[Bucket] | None = None) -> str:
    """The run's table; ``shown``, the points' ``buckets`` where already counted."""
    games = len({(p.run, p.game) for p in found})
    lines = [
        f"{key}: {len(found)} positions from {games} games, Brier {brier(found):.3f}",
        "",
        "| estimate | positions | predicted | actual | gap | actual varies by |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    shown = buckets(found) if shown is None else shown
    for b in shown:
        flag = " (misses)" if b.misses() else ""
        lines.append(
            f"| {b.low}-{b.low + 100 // BUCKETS}% | {b.count} | {b.predicted:.1%} | "
            f"{b.actual:.1%} | {100 * b.gap:+.1f}{flag} | {100 * b.spread:.1f} |"
        )
    meet = (
        f"an estimate exactly right would meet the target on {games} games like these "
        f"{chance_to_meet(shown):.0%} of the time"
    )
    return "\n".join([*lines, "", meet, *by_side(found)])


def by_side(found: list[Point]) -> list[str]:
    """The average estimate and outcome with each side to move: an estimate that swings with
    the side to move shows here as a gap of opposite signs."""
    out = []
    for side, name in ((0, "first player"), (1, "second player")):
        mine = [p for p in found if p.side == side]
        if mine:
            predicted = sum(p.chance for p in mine) / len(mine)
            actual = sum(p.result for p in mine) / len(mine)
            out.append(
                f"{name} to move: {len(mine)} positions, estimate {predicted:.1%} on average, "
                f"outcome {actual:.1%}"
            )
    return out


def chart(key: str, shown: list[Bucket], colour: bool) -> str:
    """Each bucket's outcome rate against its estimate (plotext), the diagonal for reference."""
    import plotext as plt

    plt.clear_figure()
    plt.plot_size(60, 18)
    plt.theme("pro" if colour else "clear")
    plt.plot([0, 100], [0, 100], label="calibrated")
    plt.scatter(
        [100 * b.predicted for b in shown], [100 * b.actual for b in shown], label="outcome rate"
    )
    plt.xlim(0, 100)
    plt.ylim(0, 100)
    plt.title(f"{key}: outcome rate (%) by estimate (%)")
    text = str(plt.build())
    return text if colour else plt.uncolorize(text)


# -- running --------------------------------------------------------------------------------------


@contextmanager
def progress(total: int) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar on standard error (a line per tenth where it is not a terminal)."""
    if not sys.stderr.isatty():
        step = max(1, total // 10)
        yield (
            lambda done: (
                print(f"  {done}/{total} games", file=sys.stderr, flush=True)
                if (done % step == 0 or done == total)
                else None
            )
        )
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done: bar.update(task, completed=done)


def run(tasks: list[Task], jobs: int, out: Path | None = None) -> list[Point]:
    """Every task's points; ``out``, if given, is written again as each game is done (a run
    stopped part-way keeps the games it finished)."""
    found: list[Point] = []
    with progress(len(tasks)) as advance, ProcessPoolExecutor(jobs) as pool:
        for done, part in enumerate(pool.map(points, tasks), 1):
            found += part
            if out is not None:
                out.write_text(json.dumps([p.__dict__ for p in found]))
            advance(done)
    return found


def rescaled(found: list[Point], factor: float) -> list[Point]:
    """The points as the estimate would give them with ``factor`` times the game's
    ``[search] confidence``: the estimate is ``calibrated`` last, so this is exact."""
    return [replace(p, chance=(1 + calibrated(2 * p.chance - 1, factor)) / 2) for p in found]


def fit(found: list[Point]) -> float:
    """The factor on the game's confidence (0.2 to 8, by 0.05) whose estimates have the
    lowest Brier score over ``found``."""
    factors = [round(0.2 + 0.05 * k, 2) for k in range(157)]
    return min(factors, key=lambda f: brier(rescaled(found, f)))


def report(found: list[Point], colour: bool, factor: float | None = None) -> None:
    for key in dict.fromkeys(p.key for p in found):
        mine = [p for p in found if p.key == key]
        if factor is not None:
            mine = rescaled(mine, factor)
            print(f"{key}: as if its confidence were {factor} times its own")
        shown = buckets(mine)
        print(table(key, mine, shown))
        print(f"the best factor on its confidence: {fit(mine)}")
        print()
        print(chart(key, shown, colour))
        print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-of", default=",".join(specs()), help="comma-separated game keys")
    parser.add_argument("--games", type=int, default=200, help="games of each")
    parser.add_argument("--positions", type=int, default=20, help="most positions of a game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--random-plies", type=int, default=0, help="each game's first decisions, at random"
    )
    parser.add_argument("--save-dir", type=Path, help="keep the games here, and reuse them")
    parser.add_argument(
        "--json", type=Path, help="write every position's estimate and result (as games end)"
    )
    parser.add_argument("--report", type=Path, nargs="+", help="only report earlier --json files")
    parser.add_argument(
        "--factor", type=float, help="with --report: as if each confidence were this times its own"
    )
    args = parser.parse_args(argv)
    colour = sys.stdout.isatty()
    if args.report:
        found = [
            Point(**{**p, "run": run})
            for run, path in enumerate(args.report)
            for p in json.loads(path.read_text())
        ]
        report(found, colour, args.factor)
        return 0
    keys = [k.strip() for k in args.games_of.split(",") if k.strip()]
    unknown = [k for k in keys if k not in specs()]
    if unknown or min(args.games, args.positions, args.jobs) < 1 or args.random_plies < 0:
        parser.error(
            f"games are {', '.join(specs())}; counts and jobs positive, random plies 0 or more"
        )
    if args.save_dir is not None:
        args.save_dir.mkdir(parents=True, exist_ok=True)
    tasks = [
        Task(k, args.seed, i, args.positions, args.save_dir, args.random_plies)
        for k in keys
        for i in range(args.games)
    ]
    report(run(tasks, args.jobs, args.json), colour)
    return 0


if __name__ == "__main__":
    sys.exit(main())
