"""The full run of the input fuzzer (``tests/fuzz_inputs.py``), printed as figures.

Run:  .venv/bin/python benchmarks/fuzz_inputs.py [--seed N] [--saves N] [--campaigns N]
          [--variants N] [--lessons N] [--positions N] [--messages N] [--all-games]
Every shipped game's saves are mutated with ``--all-games`` (the test suite's sample uses the
quicker ones); positions are always every game's. Exit status 1 when any case is a finding
(listed under ``findings``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fuzz_inputs import fuzz


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--saves", type=int, default=3000)
    parser.add_argument("--campaigns", type=int, default=1000)
    parser.add_argument("--variants", type=int, default=1200)
    parser.add_argument("--lessons", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--all-games", action="store_true", help="saves of every shipped game")
    args = parser.parse_args()
    from battlechess_tui.engine.registry import specs

    games: tuple[str, ...] = ("classic", "dice-chess", "single-combat", "dnd")
    bases: tuple[str, ...] = ("classic", "single-combat")
    if args.all_games:
        games = bases = tuple(specs())
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="battlechess-fuzz-") as folder:
        report = fuzz(
            Path(folder),
            args.seed,
            args.saves,
            args.campaigns,
            args.variants,
            games,
            bases,
            lessons=args.lessons,
            positions=args.positions,
            messages=args.messages,
            position_games=tuple(specs()),
        )
    print("\n".join(report.lines()))
    print(f"total: {sum(report.cases.values())} cases in {time.perf_counter() - start:.1f} s")
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
