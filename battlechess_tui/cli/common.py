"""What every command shares: the one-line error, ``key=value`` options, building a game."""

from __future__ import annotations

import argparse
from typing import Any


class CliError(Exception):
    """A problem reported as one line, exit status 2."""


def parse_pairs(pairs: list[str], flag: str = "--option") -> dict[str, str]:
    """``["die=d6", "level=3"]`` as a dict; CliError for a pair without ``=``."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CliError(f"{flag} takes key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def make_game_variant(key: str, options: dict[str, str] | None = None) -> Any:
    """The variant a command names: a shipped game's key or a house-rule file's path."""
    from battlechess_tui.engine.registry import resolve
    from battlechess_tui.engine.spec import SpecError

    try:
        return resolve(key, dict(options or {}))
    except SpecError as exc:
        raise CliError(str(exc)) from None
    except (KeyError, ValueError) as exc:
        raise CliError(str(exc).strip("'\"")) from None


def run_app(args: argparse.Namespace, start: str, **kwargs: Any) -> int:
    from battlechess_tui.ui.app import run_app as run

    return run(start, save_dir=args.save_dir, **kwargs)


def add_option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
