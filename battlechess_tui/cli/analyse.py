"""``battlechess analyse SAVE``: skill or dice? The turning points of a game, a summary per
side, a chart of the estimate; ``--json`` every number, ``--pgn`` the game as PGN.
``battlechess import GAME.pgn``: a classic game from PGN, as a save to replay and analyse.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from battlechess_tui.cli.common import CliError, int_in, level_arg
from battlechess_tui.engine.levels import ANALYSIS_LEVELS, QUICK, Level

if TYPE_CHECKING:
    from rich.console import Console

    from battlechess_tui.analysis.model import Analysis, DecisionReport
    from battlechess_tui.engine.game import Game

ANALYSE_EXAMPLES = """\
marks: a decision that loses at least 0.10 of the estimate (5 points of winning chance)
against the engine's preferred one is an inaccuracy (?!), 0.20 a mistake (?), 0.30 a
blunder (??); in classic chess, one that loses at least 0.5 pawns of its lead, 1 pawn and
3 pawns (a won game counts as 10). A roll whose luck is at least 0.20 either way is a big
roll.

examples:
  battlechess analyse saves/gladiator-3-0000.json --jobs 2
  battlechess analyse saves/dnd-1-0000.json --quick   # a first look in seconds
  battlechess analyse saves/classic-14-0000.json --pgn game.pgn
  battlechess analyse my-game.json --json | jq '.summary[].line'
"""


def add_parsers(sub: Any) -> dict[str, Any]:
    p = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="analyse a saved game: mistakes, luck and the estimate over the game",
        description="Analyse a saved game: for every decision the estimate before it, the "
        "engine's preferred decision and what the one played cost; for every roll the chance "
        "of each result and its luck. The analysis is kept beside the save (GAME.analysis) "
        "and read from there next time; the save is never changed.",
        epilog=ANALYSE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, help="a save (GAME.json)")
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--level",
        type=level_arg,
        choices=ANALYSIS_LEVELS,
        default=Level.MEDIUM,
        help="how hard the engine thinks per position (default: medium)",
    )
    how.add_argument(
        "--quick",
        dest="level",
        action="store_const",
        const=QUICK,
        help="a first look in seconds: each position searched with the least thinking "
        "(every decision looked at once, one decision ahead): the luck of every roll, but "
        "rough marks (a blunder punished a move later can be missed)",
    )
    p.add_argument(
        "--jobs",
        type=int_in(1),
        default=1,
        metavar="N",
        help="processes to spread the work over, at most the cores this machine gives "
        "battlechess (the result is the same)",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print every number as JSON")
    out.add_argument(
        "--pgn",
        nargs="?",
        const="-",
        metavar="FILE",
        type=str,
        help="write the game as PGN with the analysis (to FILE, or standard output)",
    )
    p.add_argument(
        "--fresh", action="store_true", help="analyse again even if a kept analysis is up to date"
    )
    _force_flag(p, "replace the --pgn file if there is one (never a save)")
    imp = sub.add_parser(
        "import",
        help="turn a classic game in PGN into a save to replay and analyse",
        description="Read the first game of a PGN file (classic chess from the usual start) "
        "and write it as a battlechess save.",
    )
    imp.add_argument("file", type=Path, help="a PGN file")
    imp.add_argument(
        "--output",
        "-o",
        type=Path,
        metavar="SAVE",
        help="the save to write (default: the PGN's name with .json)",
    )
    _force_flag(imp, "replace the save if there is one")
    return {"analyse": cmd_analyse, "analyze": cmd_analyse, "import": cmd_import}


def _force_flag(parser: Any, what: str) -> None:
    parser.add_argument("--force", action="store_true", help=what)


# -- analyse --------------------------------------------------------------------------------------


def cmd_analyse(args: argparse.Namespace) -> int:
    from rich.console import Console

    from battlechess_tui.analysis.pgn import export
    from battlechess_tui.analysis.store import record_digest
    from battlechess_tui.save.files import write_new
    from battlechess_tui.save.store import EditedSave, load_game

    jobs = jobs_at_most_cores(args.jobs)
    # The autosave is followed to its game. An edited save (its rolls or moves are not what its
    # seed gives) is analysed as it is recorded, as the app opens it read-only, and said so in
    # one line on standard error, the difference ``replay --verify`` refuses it for.
    loaded = load_game(args.file, edited=True)
    if args.pgn not in (None, "-"):
        export_target(Path(args.pgn), args.force, (args.file, loaded.path))
    if loaded.edited is not None:
        edited = EditedSave(loaded.path, loaded.edited)
        print(f"{edited}; analysed as recorded", file=sys.stderr)
    if loaded.revision_line:
        aside = sys.stderr if args.json or args.pgn == "-" else sys.stdout  # not into the data
        print(f"{loaded.path}: {loaded.revision_line}", file=aside)
    analysis = analysis_of(
        loaded.game,
        loaded.path,
        args.level,
        jobs,
        args.fresh,
        show_progress=not args.json and args.pgn != "-",
        digest=record_digest(loaded.record),
    )
    if args.json:
        print(json.dumps(with_moves(analysis.to_json(), loaded.game), indent=1))
        return 0
    if args.pgn is not None:
        text = export(loaded.game, analysis, loaded.record.created)
        if args.pgn == "-":
            sys.stdout.write(text)
        else:
            write_new(Path(args.pgn), text, args.force)
            print(f"wrote {args.pgn}")
        return 0
    console = Console(highlight=False)
    report(console, loaded.game, analysis)
    return 0


def jobs_at_most_cores(jobs: int) -> int:
    """``--jobs``, refused in one line when it asks for more processes than cores."""
    from battlechess_tui.analysis.run import max_jobs

    cores = max_jobs()
    if jobs > cores:
        raise CliError(
            f"--jobs is at most {cores} (the cores this machine gives battlechess), not {jobs}"
        )
    return jobs


def with_moves(data: dict[str, Any], game: Game) -> dict[str, Any]:
    """The analysis's JSON with each decision's move as the log numbers it (``"16…"``)."""
    from battlechess_tui.engine.numbering import move_numbers

    moves = move_numbers(game)
    for decision in data["decisions"]:
        decision["move"] = moves[decision["ply"]]
    return data


def analysis_of(
    game: Game,
    path: Path,
    level: str,
    jobs: int,
    fresh: bool,
    show_progress: bool,
    digest: str | None = None,
) -> Analysis:
    """The kept analysis of the save at ``path`` if it is up to date, else a new one (kept
    beside the save when its folder can be written). ``digest`` is the game's
    (``store.record_digest`` of the record ``game`` was loaded from; by default the save's
    as it is now). A damaged kept analysis is set aside with one line on standard error."""
    from battlechess_tui.ai.budget import confidence
    from battlechess_tui.analysis import store
    from battlechess_tui.analysis.run import analyse

    digest = store.digest(path) if digest is None else digest
    kept = None if fresh else store.stored(path, level, digest, _warn, confidence(game.rules))
    if kept is not None:
        return kept
    with _progress(show_progress, len(game.positions)) as advance:
        analysis = analyse(game, level, jobs, path, advance, digest=digest)
    try:
        store.keep(path, analysis)
    except OSError as exc:
        print(f"battlechess: the analysis was not kept ({exc.strerror or exc})", file=sys.stderr)
    return analysis


def _warn(line: str) -> None:
    print(f"battlechess: {line}", file=sys.stderr)


class _progress:
    """A progress bar on standard error while positions are estimated (when it is a terminal)."""

    def __init__(self, show: bool, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        console = Console(stderr=True)
        self.bar = Progress(
            "estimating positions",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=not (show and console.is_terminal),
        )
        self.task = self.bar.add_task("analyse", total=total)

    def __enter__(self) -> Any:
        self.bar.start()
        return self.advance

    def advance(self, analysis: Analysis) -> None:
        done = sum(w is not None for w in analysis.worths)
        self.bar.update(self.task, completed=done)

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()


def export_target(path: Path, force: bool, saves: tuple[Path, ...] = ()) -> None:
    """CliError in one line unless an export may be written to ``path``: never over a save
    (``saves``, or any battlechess file), over another file only with ``force``."""
    from battlechess_tui.save.files import is_battlechess_file, taken

    if any(_same(path, save) for save in saves) or is_battlechess_file(path):
        raise CliError(f"{path}: a battlechess save; an export never replaces one")
    if not force and (path.exists() or path.is_symlink()):
        raise CliError(taken(path))


def _same(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


# -- the report -----------------------------------------------------------------------------------


def report(console: Console, game: Game, analysis: Analysis) -> None:
    """The turning points, the summary per side and the chart, moves numbered as the move
    log numbers them (``16.`` White's sixteenth, ``16…`` Black's)."""
    from rich.table import Table

    from battlechess_tui.engine.numbering import move_numbers, moves_played

    moves = move_numbers(game)
    console.print(
        f"[bold]{game.rules.name}[/]: {moves_played(game)} moves, "
        + ("a quick analysis" if analysis.level == QUICK else f"analysed at {analysis.level}")
    )
    table = Table(title="Turning points", title_justify="left")
    for name in ("move", "side", "played", "before → after", "best", "roll", "luck"):
        table.add_column(name, justify="right" if name in ("move", "luck") else "left")
    points = analysis.turning_points()
    for d in points:
        table.add_row(*turning_row(analysis, d, moves[d.ply]))
    console.print(table)
    for d in points:
        if d.mark:
            why = analysis.why(d)
            console.print(f"{moves[d.ply]} {d.notation}{d.symbol} ({d.mark}): {why}")
    for summary in analysis.summary():
        console.print(summary.line())
    console.print(chart(analysis, min(console.width, 100), colour=console.is_terminal, game=game))


def roll_text(d: DecisionReport) -> str:
    """A roll's results: the chance of each, the one that came starred."""
    if d.roll is None:
        return ""
    if d.roll.fight is not None:
        return f"{'won' if d.roll.won else 'lost'} at {round(100 * float(d.roll.fight))}%"
    return f"{len(d.roll.outcomes)} results"


def turning_row(analysis: Analysis, d: DecisionReport, move: str = "") -> list[str]:
    """A turning point's row: ``move`` its number as the log writes it (``16.``, ``16…``)."""
    side = analysis.side_names[d.side]
    luck = "" if d.roll is None else f"{float(d.luck_for(d.side)):+.2f}"
    played = f"{d.notation}{d.symbol}"
    best = d.preferred_notation if d.mark else ""
    return [move, side, played, analysis.change(d), best, roll_text(d), luck]


def chart(analysis: Analysis, width: int, colour: bool = True, game: Game | None = None) -> str:
    """White's winning chance over the game (plotext), big rolls marked ``*``; the x-axis
    counts moves as the log numbers them (``game``'s; without it, positions)."""
    import plotext as plt

    points = [(i, 100 * (1 + w) / 2) for i, w in enumerate(analysis.worths) if w is not None]
    plt.clear_figure()
    plt.plot_size(width, 16)
    plt.theme("pro" if colour else "clear")
    if points:
        plt.plot(
            [x for x, _ in points],
            [y for _, y in points],
            marker="braille",
            label=f"{analysis.side_names[0]}'s winning chance %",
        )
    big = [d for d in analysis.decisions if d.big_roll]
    if big:
        ys = [100 * (1 + d.after) / 2 for d in big]
        plt.scatter([d.ply + 1 for d in big], ys, marker="*", label="big roll")
    plt.ylim(0, 100)
    plt.yticks([0, 25, 50, 75, 100])
    if game is not None:
        ticks, labels = move_ticks(game, width)
        plt.xticks(ticks, labels)
    plt.xlabel("move")
    text = str(plt.build())
    return text if colour else plt.uncolorize(text)


def move_ticks(game: Game, width: int) -> tuple[list[int], list[str]]:
    """Where the x-axis names a move: the position after White's move, every few moves so
    the numbers fit in ``width`` columns."""
    from battlechess_tui.engine.numbering import turns

    starts = [(i + 1, n) for i, (n, side) in enumerate(turns(game)) if side == 0]
    firsts = [(x, n) for k, (x, n) in enumerate(starts) if k == 0 or starts[k - 1][1] != n]
    if not firsts:
        return [], []
    room = max(1, (width - 10) // 6)  # a number and some space each
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 10**9) if len(firsts) / s <= room)
    chosen = [(x, n) for x, n in firsts if n == 1 or n % step == 0]
    return [x for x, _ in chosen], [str(n) for _, n in chosen]


# -- import ---------------------------------------------------------------------------------------


def cmd_import(args: argparse.Namespace) -> int:
    from battlechess_tui.analysis.pgn import PgnError, import_game
    from battlechess_tui.engine.registry import make_variant
    from battlechess_tui.save.files import read_bounded
    from battlechess_tui.save.store import save_game, save_new_game

    raw = read_bounded(args.file, "PGN file", limit=4 * 1024 * 1024)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CliError(f"{args.file}: not a PGN file (not UTF-8 text)") from None
    try:
        game = import_game(text, make_variant("classic"))
    except PgnError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    out = args.output or args.file.with_suffix(".json")
    if _same(out, args.file):
        raise CliError(f"{out}: would overwrite the PGN itself")
    (save_game if args.force else save_new_game)(game, out)
    print(f"wrote {out}: {len(game.plies)} decisions; battlechess replay {out}")
    return 0
