"""One pairing of ``bench_ai.py``, played game by game: each result and the running tally.

Run:  .venv/bin/python benchmarks/bench_games.py GAME PLAYER:OPPONENT [--games N]
      [--from I] [--to J] [--jobs J] [--seed S] [--paired]
      .venv/bin/python benchmarks/bench_games.py --tally LOG [LOG ...]

It plays the games ``bench_ai.py --only GAME --pairs PLAYER:OPPONENT --games N`` plays (the
same seeds and sides, so the same games), but prints a line as each ends, so a long run
(Gladiator's hard level takes about 100 CPU seconds a game) can be stopped and finished later:
``--from``/``--to`` play only game numbers ``I`` to ``J - 1`` of each colour, and ``--tally``
reads the lines of several such runs back, counting each game once, into the README's
won-lost-drawn and score with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench_ai import percent_ci, spread

from battlechess_tui.ai.budget import LEVELS
from battlechess_tui.engine.registry import specs
from battlechess_tui.simulation import Run, Seats, play_one

LINE = re.compile(r"side=(\d) game=(\d+) plies=\d+ (win|loss|draw|unfinished) ")


@dataclass(frozen=True)
class Task:
    key: str
    levels: tuple[str, str]  # player, opponent
    side: int  # the player's colour
    index: int
    seed: int


def play(task: Task) -> tuple[Task, str, int, float, list[float]]:
    """One game: the player's result, its plies, the CPU seconds, the player's decisions."""
    player, opponent = task.levels
    levels = (player, opponent) if task.side == 0 else (opponent, player)
    start = time.process_time()
    game = play_one(Run(task.key, task.seed, Seats(levels)), task.index)
    result = (
        "unfinished"
        if not game.ended
        else "draw"
        if game.winner is None
        else "win"
        if game.winner == task.side
        else "loss"
    )
    return task, result, game.plies, time.process_time() - start, list(game.cpu[task.side])


def score(results: Iterable[str]) -> str:
    """``won-lost-drawn (+unfinished), score (95% CI)`` of the player's results."""
    counts = {r: 0 for r in ("win", "loss", "draw", "unfinished")}
    for r in results:
        counts[r] += 1
    games = sum(counts.values())
    points = counts["win"] + counts["draw"] / 2
    return (
        f"{counts['win']}-{counts['loss']}-{counts['draw']} (+{counts['unfinished']} unfinished) "
        f"over {games}, {percent_ci(points, games)}"
    )


def tasks(args: argparse.Namespace) -> list[Task]:
    player, opponent = args.pair.split(":")
    last = args.games // 2 if args.to is None else args.to
    return [
        Task(args.game, (player, opponent), side, i, args.seed if args.paired else args.seed + side)
        for i in range(args.start, last)
        for side in (0, 1)
    ]


def played(todo: list[Task], jobs: int) -> Iterator[tuple[Task, str, int, float, list[float]]]:
    if jobs <= 1:
        yield from map(play, todo)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play, todo)


def run(args: argparse.Namespace) -> None:
    results: list[str] = []
    cpu: list[float] = []
    for task, result, plies, secs, decisions in played(tasks(args), args.jobs):
        results.append(result)
        cpu.extend(decisions)
        median, p90 = spread(cpu)
        print(
            f"{task.key} {args.pair} side={task.side} game={task.index} plies={plies} {result} "
            f"cpu={secs:.0f}s | {score(results)} | CPU s a decision {median:.2f} / {p90:.2f}",
            flush=True,
        )


def tally(paths: list[str]) -> None:
    seen: dict[tuple[int, int], str] = {}
    for path in paths:
        try:
            with open(path, encoding="utf-8") as log:
                for match in filter(None, map(LINE.search, log)):
                    seen[int(match[1]), int(match[2])] = match[3]
        except (OSError, UnicodeDecodeError) as exc:
            raise SystemExit(f"cannot read {path}: {exc}") from None
    if not seen:
        raise SystemExit(f"no game lines in {', '.join(paths)}")
    white = sum(1 for side, _ in seen if side == 0)
    print(f"{len(seen)} games ({white} as White): {score(seen.values())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("pair", nargs="?", help="player:opponent, e.g. hard:medium")
    parser.add_argument("--games", type=int, default=40, help="in all, half with each colour")
    parser.add_argument("--from", dest="start", type=int, default=0)
    parser.add_argument("--to", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--paired", action="store_true", help="each deal once with each colour")
    parser.add_argument("--tally", nargs="+", metavar="LOG")
    args = parser.parse_args()
    if args.tally:
        tally(args.tally)
    elif not (args.game and args.pair):
        parser.error("give GAME and PLAYER:OPPONENT, or --tally LOG ...")
    elif args.game not in specs():
        parser.error(f"no game {args.game!r}; the games: {', '.join(specs())}")
    elif len(levels := args.pair.split(":")) != 2 or not set(levels) <= set(LEVELS):
        parser.error(f"PLAYER:OPPONENT is two of {', '.join(LEVELS)}, e.g. hard:medium")
    else:
        run(args)


if __name__ == "__main__":
    main()
