"""Strength of the computer players, printed as a Markdown table for the README.

Run:  .venv/bin/python benchmarks/bench_ai.py [--games N] [--think-ms MS] [--jobs J]
      [--only GAME ...] [--seed S] [--paired]
      .venv/bin/python benchmarks/bench_ai.py --calibrate
      .venv/bin/python benchmarks/bench_ai.py --against stockfish [--level medium]
      [--skill 0] [--engine-ms 50] [--games 40] [--jobs J]
      .venv/bin/python benchmarks/bench_ai.py --against sunfish [--level hard] [--engine-ms 400]
      [--games 20] [--jobs J]
      .venv/bin/python benchmarks/bench_ai.py --hint-quality [--positions 200]
      [--sets self-play middlegame] [--level LEVEL]
      .venv/bin/python benchmarks/bench_ai.py --analysis-marks [--games 30] [--level medium]
      [--skill 0] [--engine-ms 50] [--jobs J]
      .venv/bin/python benchmarks/bench_ai.py --estimates --only GAME [--games 200]
      [--positions 20] [--jobs J] [--random-plies N]

For each game (and D&D at level 5), the medium player meets the random player and the greedy
player (or the ``--pairs`` given, e.g. ``hard:medium medium:easy``; a level against another
level is expected to score 60%), ``N`` games per pairing, playing White in the first half
and Black in the second.
Columns: medium's wins, losses and draws; its share of the decisive games and its score
(draws counted half), each with a 95% Wilson interval; the seconds per medium decision
(median and 90th percentile), in wall-clock time (measured while ``J`` processes, and whatever
else runs, share the machine) and in this process's CPU time (what the decision costs on a
core of its own). Targets: at least 90% of decisive games against random, a score of 65%
against greedy, and a 90th percentile under 1 s (flagged "slow" on CPU time).
``--paired`` plays each deal twice, the medium player White in one game and Black in the other
(the same game seed, so the same starting dice), so that luck of the deal cancels out.
``--calibrate`` measures the search's nodes per millisecond on sample positions of every game
(each variant file's ``[search] nodes_per_ms``, read by ``ai/budget.py``); for a game with its
own searcher, the searcher's.
``--against stockfish`` plays classic against a UCI engine (``uci_match.py``: python-chess and
Debian's stockfish, benchmark-only) at ``--skill`` and ``--engine-ms`` per move, colours
alternating; it prints won-lost-drawn, the score with its 95% Wilson interval and the Elo
difference it implies. ``--against sunfish`` plays sunfish (PyPI, the ``bench`` extra) with
``--engine-ms`` of CPU time a move, in pairs of games from twenty openings
(``sunfish_match.py``). ``--hint-quality`` scores the hint's move against the engine's best
on two sets of positions from the engine's games (``hint_quality.py``). ``--analysis-marks``
compares the analysis's "??" and "?" with Stockfish's losses at depth 12 on games against it
(``analysis_marks.py``). ``--estimates`` tests the analysis's winning chance by calibration
in each game of ``--only`` (``calibration.py``, which also keeps the games and re-reports them;
``--random-plies`` begins each game with that many decisions at random).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from battlechess_tui.ai.budget import Budget, nodes_per_ms
from battlechess_tui.ai.search import Search
from battlechess_tui.engine.registry import specs
from battlechess_tui.simulation import (
    Played,
    Run,
    Seats,
    cached_variant,
    default_jobs,
    play_many,
    random_game,
    wilson,
)

PAIRS = ("medium:random", "medium:greedy")
TARGETS = {"random": 0.90, "greedy": 0.65}
#: A level against the level below it.
LEVEL_TARGET = 0.60
TIME_TARGET = 1.0


@dataclass(frozen=True)
class Row:
    """One line of the table: a game (with options) and an opponent."""

    label: str
    key: str
    options: tuple[tuple[str, Any], ...]


def rows(only: list[str] | None) -> list[Row]:
    out = [Row(key, key, ()) for key in specs()]
    out.append(Row("dnd (level 5)", "dnd", (("level", 5),)))
    if only:
        out = [r for r in out if r.key in only or r.label in only]
    return out


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0

    def add(self, game: Played, side: int) -> None:
        if not game.ended:
            self.unfinished += 1
        elif game.winner is None:
            self.draws += 1
        elif game.winner == side:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws + self.unfinished


def percent_ci(k: float, n: int) -> str:
    if n == 0:
        return "-"
    low, high = wilson(round(k), n)
    return f"{k / n:.0%} ({low:.0%}-{high:.0%})"


def pairing(
    row: Row,
    opponent: str,
    games: int,
    seed: int,
    think_ms: int | None,
    jobs: int,
    paired: bool = False,
    player: str = "medium",
) -> str:
    """``player`` against ``opponent``, half the games as each colour: one table line."""
    tally, times, cpu = Tally(), [], []
    for side in (0, 1):
        levels = (player, opponent) if side == 0 else (opponent, player)
        first = seed if paired else seed + side
        run = Run(row.key, first, Seats(levels, think_ms), dict(row.options))
        half = games // 2 if side == 0 else games - games // 2
        for game in play_many(run, half, jobs):
            tally.add(game, side)
            times.extend(game.think[side])
            cpu.extend(game.cpu[side])
    decisive = tally.wins + tally.losses
    score = tally.wins + tally.draws / 2
    median, p90 = spread(times)
    cpu_median, cpu_p90 = spread(cpu)
    flags = []
    target = TARGETS.get(opponent, LEVEL_TARGET)
    share = (tally.wins / decisive if decisive else 0.0) if opponent == "random" else None
    if share is not None and share < target:
        flags.append("below target")
    if opponent != "random" and tally.games and score / tally.games < target:
        flags.append("below target")
    if cpu_p90 > TIME_TARGET:
        flags.append("slow")
    return (
        f"| {row.label} | {player} | {opponent} | {tally.wins} | {tally.losses} | {tally.draws} | "
        f"{percent_ci(tally.wins, decisive)} | {percent_ci(score, tally.games)} | "
        f"{median:.2f} | {p90:.2f} | {cpu_median:.2f} | {cpu_p90:.2f} | {', '.join(flags)} |"
    )


def spread(seconds: list[float]) -> tuple[float, float]:
    """The median and the 90th percentile."""
    if not seconds:
        return 0.0, 0.0
    median = statistics.median(seconds)
    return median, statistics.quantiles(seconds, n=10)[-1] if len(seconds) > 1 else median


def calibrate(seed: int, only: list[str] | None) -> None:
    """Nodes per millisecond of the search on positions from random games of every game (the
    game's own searcher where it has one)."""
    print("| game | decisions | search | nodes per ms (wall) | nodes/s (CPU) | in ai/budget.py |")
    print("|---|---|---|---|---|---|")
    for row in rows(only):
        variant = cached_variant(row.key, dict(row.options))
        rules = variant.rules
        game = random_game(row.key, seed, dict(row.options))
        states = [p.state for p in game.positions[::7] if rules.outcome(p.state) is None][:12]
        nodes, seconds, cpu = 0, 0.0, 0.0
        searcher = rules.searcher()
        for state in states:
            start, start_cpu = time.perf_counter(), time.process_time()
            if searcher is not None and len(rules.legal_actions(state)) > 1:
                found = searcher.search(state, Budget(nodes=4000), random.Random(seed))
                nodes += found.nodes
            else:
                search = Search(rules, random.Random(seed), Budget(nodes=800))
                search.run(state, rules.to_move(state))
                nodes += search.nodes
            seconds += time.perf_counter() - start
            cpu += time.process_time() - start_cpu
        rate = nodes / (seconds * 1000)
        kind = "searcher" if searcher is not None else "generic"
        print(
            f"| {row.label} | {len(states)} | {kind} | {rate:.2f} | {nodes / cpu:,.0f} | "
            f"{nodes_per_ms(rules)} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing")
    parser.add_argument(
        "--think-ms", type=int, default=None, help="ms per decision (200; --against: the level's)"
    )
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", help="games to run (keys, or 'dnd (level 5)')")
    parser.add_argument("--paired", action="store_true", help="each deal once with each colour")
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--against", metavar="ENGINE", help="play classic against a UCI engine")
    parser.add_argument(
        "--level", default=None, help="our level (--against: medium; --hint-quality: the hint's)"
    )
    parser.add_argument("--skill", type=int, default=0, help="the engine's Skill Level (0-20)")
    parser.add_argument("--engine-ms", type=int, default=50, help="the engine's ms per move")
    parser.add_argument(
        "--pairs", nargs="*", default=list(PAIRS), help="PLAYER:OPPONENT levels, e.g. hard:medium"
    )
    parser.add_argument("--hint-quality", action="store_true")
    parser.add_argument("--positions", type=int, default=40, help="--hint-quality positions")
    parser.add_argument(
        "--depth", type=int, help="the engine's depth (--hint-quality 10, --analysis-marks 12)"
    )
    parser.add_argument("--analysis-marks", action="store_true")
    parser.add_argument("--estimates", action="store_true", help="calibration.py's table")
    parser.add_argument(
        "--random-plies", type=int, default=0, help="--estimates: each game's first decisions"
    )
    parser.add_argument(
        "--analysis-level", default="medium", help="--analysis-marks: the analysis's level"
    )
    parser.add_argument(
        "--sets", nargs="*", choices=("self-play", "middlegame"), help="--hint-quality sets"
    )
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.seed, args.only)
        return
    if args.estimates:
        import calibration

        calibration.main(
            ["--games-of", ",".join(args.only or specs()), "--games", str(args.games)]
            + ["--positions", str(args.positions), "--seed", str(args.seed)]
            + ["--jobs", str(args.jobs), "--random-plies", str(args.random_plies)]
        )
        return
    if args.analysis_marks:
        import analysis_marks

        args.against = args.against or "stockfish"
        args.depth = args.depth or 12
        analysis_marks.run(args)
        return
    if args.hint_quality:
        import hint_quality

        args.depth = args.depth or 10
        hint_quality.run(args)
        return
    if args.against == "sunfish":
        import sunfish_match

        sunfish_match.run(args)
        return
    if args.against:
        import uci_match

        args.level = args.level or "medium"
        uci_match.run_match(args)
        return
    pairs = [p.split(":") for p in args.pairs]
    if any(len(p) != 2 for p in pairs):
        raise SystemExit("bench_ai: --pairs takes PLAYER:OPPONENT, e.g. hard:medium")
    if args.pairs == list(PAIRS):
        args.think_ms = args.think_ms or 200
    print(
        f"{', '.join(args.pairs)} (--think-ms {args.think_ms or 'each level'}), {args.games} games "
        f"per pairing (half as White{', each deal twice' if args.paired else ''}), "
        f"seed {args.seed}, {args.jobs} processes\n"
    )
    print(
        "| game | player | opponent | won | lost | drawn | won of decisive (95% CI) "
        "| score, draws half (95% CI) | s/decision median | 90th pct "
        "| CPU s/decision median | CPU 90th pct | |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    start = time.perf_counter()
    for row in rows(args.only):
        for player, opponent in pairs:
            line = pairing(
                row,
                opponent,
                args.games,
                args.seed,
                args.think_ms,
                args.jobs,
                args.paired,
                player,
            )
            print(line, flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
