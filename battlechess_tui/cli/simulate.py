"""``battlechess simulate``: many games between computer players, summarised."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from battlechess_tui.cli.common import (
    SEED_RANGE,
    CliError,
    add_option_flag,
    int_in,
    level_arg,
    make_game_variant,
    parse_pairs,
)
from battlechess_tui.engine.levels import LEVELS, MAX_THINK_MS, Level

if TYPE_CHECKING:
    from battlechess_tui.engine.variant import Variant
    from battlechess_tui.simulation import Run, Summary

#: Widest bar of the endings chart, in cells.
BAR_WIDTH = 40


def add_parsers(sub: Any) -> dict[str, Any]:
    sim = sub.add_parser(
        "simulate",
        help="play games between computer players and summarise",
        description="Play games between computer players and summarise them. The same seed "
        "gives the same games with any --jobs and on any machine.",
    )
    sim.add_argument("variant", help="a game's key or a house-rule .toml file")
    sim.add_argument(
        "--games",
        type=int_in(1),
        default=100,
        help="how many games (default 100; played as they are handed out, so "
        "any number fits in memory)",
    )
    sim.add_argument(
        "--seed", type=int_in(*SEED_RANGE), default=1, help="the first game's seed (default 1)"
    )
    for side in ("white", "black"):
        sim.add_argument(
            f"--{side}",
            type=level_arg,
            default=Level.RANDOM,
            metavar="LEVEL",
            help=f"the {side} player: {', '.join(LEVELS)} (default random)",
        )
    sim.add_argument(
        "--think-ms",
        type=int_in(1, MAX_THINK_MS),
        metavar="MS",
        help="thinking time of easy/medium/hard per decision (at most a minute), turned into "
        "a fixed amount of search work (so results do not depend on the machine)",
    )
    sim.add_argument(
        "--jobs",
        "-j",
        type=int_in(1),
        metavar="N",
        help="processes to use, at most the cores this machine gives battlechess "
        "(default: all of them)",
    )
    add_option_flag(sim)
    sim.add_argument(
        "--save-dir",
        dest="sim_save_dir",
        type=Path,
        metavar="DIR",
        help="save every game here (after simulate, --save-dir names this folder)",
    )
    sim.add_argument("--verify", action="store_true", help="also replay and verify every game")
    sim.add_argument(
        "--force", action="store_true", help="replace files already in --save-dir with new games"
    )
    return {"simulate": cmd_simulate}


def cmd_simulate(args: argparse.Namespace) -> int:
    from battlechess_tui.simulation import Run, Seats, default_jobs, simulate

    options = parse_pairs(args.option)
    variant = make_game_variant(args.variant, options)
    cores = default_jobs()
    jobs = cores if args.jobs is None else args.jobs
    if jobs > cores:
        raise CliError(
            f"--jobs is at most {cores} (the cores this machine gives battlechess), not {jobs}"
        )
    if args.verify and args.sim_save_dir is None:
        raise CliError("--verify needs --save-dir (it verifies the saved files)")
    if args.sim_save_dir is not None and not args.force:
        _free_names(Run(args.variant, args.seed, save_dir=args.sim_save_dir), variant, args.games)
    seats = Seats((args.white, args.black), args.think_ms)
    with _progress(args.games) as progress:
        summary = simulate(
            args.variant,
            args.games,
            args.seed,
            options,
            args.sim_save_dir,
            seats=seats,
            jobs=jobs,
            progress=progress,
            replace=args.force,
        )
    print("\n".join(summary.lines()))
    _print_chart(summary)
    failed = summary.unfinished
    if args.verify:
        failed += _verify(summary)
    return 1 if failed else 0


def _free_names(run: Run, variant: Variant[Any], games: int) -> None:
    """CliError in one line, before any game is played, when a game's file would replace a
    file already in the save folder."""
    from battlechess_tui.save.files import taken

    for index in range(games):
        path = run.save_path(variant.rules.key, index)
        if path is not None and (path.exists() or path.is_symlink()):
            raise CliError(taken(path))


def _verify(summary: Summary) -> int:
    from battlechess_tui.save.store import verify_file

    bad = 0
    for path in summary.saved:
        mismatch = verify_file(path)
        if mismatch is not None:
            bad += 1
            print(f"{path}: {mismatch.describe()}")
    print(f"  replays verified: {summary.games - bad}/{summary.games}")
    return bad


@contextmanager
def _progress(games: int) -> Iterator[Callable[[int], None] | None]:
    """A Rich progress bar on a terminal (stderr), none when output goes elsewhere."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=games)
        yield lambda done: bar.update(task, completed=done)


def _print_chart(summary: Summary) -> None:
    """The endings as a bar chart (Rich), split by who won."""
    from rich.bar import Bar
    from rich.console import Console
    from rich.table import Table

    kinds = summary.by_kind()
    if not kinds:
        return
    names = summary.side_names
    table = Table(title="Endings", title_justify="left", box=None, pad_edge=False)
    table.add_column("ending")
    for header in (names[0], names[1], "draw", "all"):
        table.add_column(header, justify="right")
    table.add_column("", width=BAR_WIDTH, no_wrap=True)
    most = max(winners.total() for _, winners in kinds)
    for kind, winners in kinds:
        total = winners.total()
        table.add_row(
            kind.value,
            str(winners[0]),
            str(winners[1]),
            str(winners[None]),
            str(total),
            Bar(most, 0, total, width=BAR_WIDTH),
        )
    Console(soft_wrap=False).print(table)
