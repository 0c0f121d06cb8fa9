"""The ``battlechess`` command: the app by default, and headless tools for scripts and tests.

Each module of this package adds its commands to the parser (``add_parsers``) and returns
their handlers; a handler's ``CliError`` (or a save layer's one-line error) ends the command
with that line and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from battlechess_tui import __version__
from battlechess_tui.cli import (
    analyse,
    campaign,
    games,
    learn,
    positions,
    puzzles,
    serve,
    simulate,
    tools,
)
from battlechess_tui.cli.common import CliError, Parser, plain_output, quiet_broken_pipe

__all__ = ["CliError", "build_parser", "main"]

#: Exit statuses: output cut short by its reader (as if killed by SIGPIPE); a fault of ours.
BROKEN_PIPE = 141
INTERNAL_ERROR = 70

COMMAND_MODULES = (games, learn, puzzles, simulate, positions, tools, campaign, serve, analyse)


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Any]]:
    """The parser and each command's handler."""
    p = Parser(
        prog="battlechess",
        description="Dice-and-battle chess in the terminal. With no command, opens the app.",
    )
    p.add_argument("--version", action="version", version=f"battlechess {__version__}")
    _save_dir_flag(p, None)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    handlers: dict[str, Any] = {}
    for module in COMMAND_MODULES:
        handlers.update(module.add_parsers(sub))
    _after_commands(sub)
    return p, handlers


def _save_dir_flag(parser: argparse.ArgumentParser, default: Any) -> None:
    parser.add_argument(
        "--save-dir",
        type=Path,
        default=default,
        metavar="DIR",
        help="folder for saves (default: the platform's data folder)",
    )


def _after_commands(sub: Any) -> None:
    """Global options after a command as well (``battlechess load FILE --save-dir DIR``), and
    each command's help as its description where it gives none; through nested commands."""
    helps = {action.dest: action.help for action in sub._choices_actions}
    for name, parser in sub.choices.items():
        if parser.description is None:
            parser.description = helps.get(name)
        if "--save-dir" not in parser._option_string_actions:
            _save_dir_flag(parser, argparse.SUPPRESS)  # given here, it wins; else the global
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                _after_commands(action)


def main(argv: list[str] | None = None) -> int:
    """Run a command: its exit status. Every failure ends in one line on standard error (exit
    2; 70 for a fault of battlechess itself, with the traceback when $BATTLECHESS_DEBUG is
    set); output cut short by its reader (``| head``) ends quietly."""
    with plain_output():
        try:
            parser, handlers = build_parser()
            args = parser.parse_args(argv)
            code = _run(handlers[args.command or "menu"], args)
            sys.stdout.flush()
            return code
        except BrokenPipeError:
            quiet_broken_pipe()
            return BROKEN_PIPE
        except CliError as exc:
            return _fail(str(exc), 2)
        except KeyboardInterrupt:
            return 130
        except OSError as exc:  # the file system refused (a folder that cannot be made...)
            where = f"{exc.filename}: " if exc.filename else ""
            return _fail(f"{where}{exc.strerror or exc}", 2)
        except Exception as exc:
            if os.environ.get("BATTLECHESS_DEBUG"):
                raise
            return _fail(
                f"internal error ({type(exc).__name__}: {exc}); "
                "set BATTLECHESS_DEBUG=1 to see where",
                INTERNAL_ERROR,
            )


def _fail(message: str, code: int) -> int:
    print(f"battlechess: {' '.join(message.split())}", file=sys.stderr)
    return code


def _run(handler: Any, args: argparse.Namespace) -> int:
    from battlechess_tui.save.store import SaveError

    try:
        return int(handler(args))
    except SaveError as exc:
        raise CliError(str(exc)) from None
