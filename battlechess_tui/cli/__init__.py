"""The ``battlechess`` command: the app by default, and headless tools for scripts and tests.

Each module of this package adds its commands to the parser (``add_parsers``) and returns
their handlers; a handler's ``CliError`` (or a save layer's one-line error) ends the command
with that line and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from battlechess_tui import __version__
from battlechess_tui.cli import campaign, games, learn, positions, simulate, tools
from battlechess_tui.cli.common import CliError

__all__ = ["CliError", "build_parser", "main"]

COMMAND_MODULES = (games, learn, simulate, positions, tools, campaign)


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Any]]:
    """The parser and each command's handler."""
    p = argparse.ArgumentParser(
        prog="battlechess",
        description="Dice-and-battle chess in the terminal. With no command, opens the app.",
    )
    p.add_argument("--version", action="version", version=f"battlechess {__version__}")
    p.add_argument(
        "--save-dir", type=Path, help="folder for saves (default: the platform's data folder)"
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    handlers: dict[str, Any] = {}
    for module in COMMAND_MODULES:
        handlers.update(module.add_parsers(sub))
    return p, handlers


def main(argv: list[str] | None = None) -> int:
    parser, handlers = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(handlers[args.command or "menu"], args)
    except CliError as exc:
        print(f"battlechess: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(handler: Any, args: argparse.Namespace) -> int:
    from battlechess_tui.save.store import SaveError

    try:
        return int(handler(args))
    except SaveError as exc:
        raise CliError(str(exc)) from None
