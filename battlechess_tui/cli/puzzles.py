"""Puzzles from the command line: ``puzzles`` opens them in the app (or lists a game's as
JSON), ``make-puzzles`` makes a game's from computer games."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import CliError, run_app


def add_parsers(sub: Any) -> dict[str, Any]:
    puzzles = sub.add_parser("puzzles", help="solve puzzles (positions with one good decision)")
    puzzles.add_argument("game", nargs="?", help="a game's key (default: choose in the app)")
    puzzles.add_argument("--list", action="store_true", help="print the game's puzzles instead")
    puzzles.add_argument("--json", action="store_true", help="with --list: as a JSON list")
    make = sub.add_parser(
        "make-puzzles",
        help="make a game's puzzles from computer games",
        description="Play computer games of GAME and keep the positions where one decision "
        "beats every other by a clear margin (a pawn, or 15 points of winning chance). The "
        "same --games and --seed give the same puzzles with any --jobs.",
    )
    make.add_argument("game", help="a game's key")
    make.add_argument("--games", type=int, required=True, help="how many games to play")
    make.add_argument(
        "--puzzles",
        type=int,
        help="stop once the first games (in order) give this many puzzles",
    )
    make.add_argument("--jobs", type=int, default=1, help="processes to share the games")
    make.add_argument("--seed", type=int, default=1, help="the seed of the games (default 1)")
    make.add_argument("--out", type=Path, help="the file (default: the game's shipped one)")
    make.add_argument("--force", action="store_true", help="write over an existing file")
    return {"puzzles": cmd_puzzles, "make-puzzles": cmd_make_puzzles}


def _game(key: str) -> str:
    from battlechess_tui.engine.registry import specs

    if key not in specs():
        raise CliError(f"unknown game {key!r}: choose one of {', '.join(sorted(specs()))}")
    return key


def cmd_puzzles(args: argparse.Namespace) -> int:
    from battlechess_tui.puzzles.store import catalogue

    game = _game(args.game) if args.game else None
    if not args.list:
        if args.json:
            raise CliError("--json goes with --list")
        return run_app(args, "puzzles", puzzle_game=game)
    if game is None:
        raise CliError("--list needs a game: battlechess puzzles GAME --list")
    found = catalogue(game)
    for bad in found.refused:
        print(bad.line(), file=sys.stderr)
    if args.json:
        print(json.dumps([p.listed() for p in found.puzzles], indent=1))
        return 0
    for p in found.puzzles:
        print("\t".join((p.id, p.theme, str(p.rating), " ".join(p.answers), p.position)))
    return 0


def cmd_make_puzzles(args: argparse.Namespace) -> int:
    from battlechess_tui.puzzles.make import collect
    from battlechess_tui.puzzles.store import puzzle_file, write

    game = _game(args.game)
    if args.games < 1 or args.jobs < 1 or (args.puzzles is not None and args.puzzles < 1):
        raise CliError("--games, --jobs and --puzzles must be at least 1")
    out = args.out or puzzle_file(game)
    if out.exists() and not args.force:
        raise CliError(f"{out} exists: add --force to write over it")
    with _bar(args.games) as advance:
        found = collect(game, args.games, args.jobs, args.seed, advance, args.puzzles)
    found.sort(key=lambda p: _order(p.id))
    write(out, found, force=True)
    played = len({_order(p.id)[0] for p in found})
    print(f"{len(found)} puzzles of {game} (from {played} of {args.games} games) written to {out}")
    return 0


def _order(id: str) -> tuple[int, ...]:
    """``classic-12-40`` sorts by game, then decision."""
    return tuple(int(part) for part in id.rsplit("-", 2)[1:])


class _bar:
    """A progress bar on standard error: games played, puzzles found. Where standard error is
    not a terminal (a log, a pipe), a line a game instead, so a long run can be read as it
    goes."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        console = Console(stderr=True)
        self.bar = Progress(
            "games",
            BarColumn(),
            MofNCompleteColumn(),
            "{task.fields[found]} puzzles",
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        )
        self.task = self.bar.add_task("make", total=total, found=0)
        self.total, self.lines = total, not console.is_terminal

    def __enter__(self) -> Any:
        self.bar.start()
        return self.advance

    def advance(self, done: int, found: int) -> None:
        self.bar.update(self.task, completed=done, found=found)
        if self.lines:
            words = "1 puzzle" if found == 1 else f"{found} puzzles"
            print(f"games {done} of {self.total}: {words}", file=sys.stderr, flush=True)

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()
