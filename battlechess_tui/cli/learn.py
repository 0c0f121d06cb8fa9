"""Lessons from the command line: ``learn`` opens one in the app, ``lessons`` lists them,
``check-lesson`` validates a lesson file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import CliError, run_app


def add_parsers(sub: Any) -> dict[str, Any]:
    learn = sub.add_parser("learn", help="learn a game by playing its lessons")
    learn.add_argument("game", nargs="?", help="a game's key (default: the list of lessons)")
    learn.add_argument("lesson", nargs="?", help="a lesson's id (default: the game's first)")
    sub.add_parser("lessons", help="list the lessons: game, id, title, rule ids")
    check = sub.add_parser("check-lesson", help="validate a lesson file and print every error")
    check.add_argument(
        "file",
        type=Path,
        help="the lesson file to check (TOML; see variants/lessons/ for examples)",
    )
    check.add_argument("--game", help="the game (default: the name of the file's folder)")
    return {"learn": cmd_learn, "lessons": cmd_lessons, "check-lesson": cmd_check_lesson}


def cmd_learn(args: argparse.Namespace) -> int:
    from battlechess_tui.tutorial.catalogue import LessonError, find

    key = None
    if args.game:
        try:
            key = find(args.game, args.lesson).key
        except LessonError as exc:
            raise CliError(str(exc)) from None
    return run_app(args, "learn", lesson=key)


def cmd_lessons(args: argparse.Namespace) -> int:
    """Every lesson that plays on stdout; a lesson file that does not is named on stderr
    with its reasons, as ``check-lesson`` gives them, and the others are still listed."""
    from battlechess_tui.tutorial.catalogue import catalogue

    found = catalogue()
    for ref in found.lessons:
        print("\t".join((ref.game, ref.id, ref.lesson.title, ", ".join(ref.lesson.rules))))
    for bad in found.refused:
        for line in bad.problems:
            print(line, file=sys.stderr)
    return 0


def cmd_check_lesson(args: argparse.Namespace) -> int:
    from battlechess_tui.tutorial.check import check_file

    problems = check_file(args.file, args.game)
    for line in problems:
        print(line)
    if not problems:
        print(f"{args.file}: ok")
    return 1 if problems else 0
