"""D&D battle odds speed (DD-18): exact odds per battle, beside the old simulated estimate.

Run:  .venv/bin/python benchmarks/bench_dnd_odds.py [--games N] [--levels 1,5] [--estimate N]

The battles are every move onto an enemy in the positions of random games (``simulation``)
at each level. Each is timed once, as a hover would ask for it: ``odds.battle_odds`` with every
figure it gives (both attack automatically; the King's swaps and Fascinate where they apply).
The old figure (``estimate.battle_win``: 400 simulated battles) is timed on the first
``--estimate`` battles of each level. Milliseconds of wall clock, and of CPU (what the wall
clock would show with the machine to itself); the target is a 90th percentile of at most 50 ms
at level 5.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.rules.dnd import estimate, odds
from battlechess_tui.rules.dnd.state import MOVE_PHASE
from battlechess_tui.simulation import random_game


def battles(level: int, games: int) -> tuple[Any, list[tuple[Any, Action]]]:
    """The rules and every (position, move onto an enemy) of ``games`` random games."""
    out: list[tuple[Any, Action]] = []
    rules = None
    for seed in range(games):
        game = random_game("dnd", seed, {"level": level})
        rules = game.rules
        for position in game.positions:
            s = position.state
            if s.phase != MOVE_PHASE:
                continue
            for a in rules.legal_actions(s):
                if a.kind == MOVE and s.at[a.squares[1]] >= 0:
                    out.append((s, a))
    return rules, out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(fn: Any, *args: Any) -> tuple[Any, float, float]:
    """``fn(*args)``, its wall-clock and its CPU milliseconds (other processes on a shared
    machine slow the first, not the second)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn(*args)
    return result, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def line(label: str, ms: list[tuple[float, float]]) -> str:
    wall, cpu = [w for w, _ in ms], [c for _, c in ms]
    return (
        f"  {label:<30} {len(ms):>5} battles  median {statistics.median(wall):7.1f} ms"
        f"  p90 {percentile(wall, 0.9):7.1f} ms  max {max(wall):7.1f} ms   CPU: median"
        f" {statistics.median(cpu):6.1f}  p90 {percentile(cpu, 0.9):6.1f}  max {max(cpu):6.1f}"
    )


def bench_level(level: int, games: int, estimates: int) -> None:
    rules, found = battles(level, games)
    exact: list[tuple[float, float]] = []
    kings: list[tuple[float, float]] = []
    for s, a in found:
        result, wall, cpu = timed(odds.battle_odds, rules, s, a)
        exact.append((wall, cpu))
        if result is not None and (result.swaps or result.fascinate is not None):
            kings.append((wall, cpu))
    print(f"level {level} ({games} random games)")
    print(line("exact odds (every figure)", exact))
    if kings:
        print(line("  of which King battles", kings))
    old = [timed(estimate.battle_win, rules.work, s, a)[1:] for s, a in found[:estimates]]
    if old:
        print(line(f"old estimate ({estimate.SIMULATIONS} battles)", old))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="random games per level")
    parser.add_argument("--levels", default="1,5", help="levels, e.g. 1,3,5")
    parser.add_argument("--estimate", type=int, default=20, help="battles timed the old way")
    args = parser.parse_args()
    for level in (int(x) for x in args.levels.split(",")):
        bench_level(level, args.games, args.estimate)


if __name__ == "__main__":
    main()
