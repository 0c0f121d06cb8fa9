"""``battlechess simulate``: many games between computer players, summarised."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import CliError, add_option_flag, make_game_variant, parse_pairs


def add_parsers(sub: Any) -> dict[str, Any]:
    sim = sub.add_parser("simulate", help="play games between random players and summarise")
    sim.add_argument("variant")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    add_option_flag(sim)
    sim.add_argument("--save-dir", dest="sim_save_dir", type=Path, help="save every game here")
    sim.add_argument("--verify", action="store_true", help="also replay and verify every game")
    return {"simulate": cmd_simulate}


def cmd_simulate(args: argparse.Namespace) -> int:
    from battlechess_tui.simulation import simulate

    options = parse_pairs(args.option)
    make_game_variant(args.variant, options)
    if args.verify and args.sim_save_dir is None:
        raise CliError("--verify needs --save-dir (it verifies the saved files)")
    summary = simulate(args.variant, args.games, args.seed, options, args.sim_save_dir)
    print("\n".join(summary.lines()))
    failed = summary.unfinished
    if args.verify:
        from battlechess_tui.save.store import verify_file

        bad = 0
        for path in sorted(Path(args.sim_save_dir).glob(f"{args.variant}-{args.seed}-*.json")):
            mismatch = verify_file(path)
            if mismatch is not None:
                bad += 1
                print(f"{path}: {mismatch.describe()}")
        print(f"  replays verified: {summary.games - bad}/{summary.games}")
        failed += bad
    return 1 if failed else 0
