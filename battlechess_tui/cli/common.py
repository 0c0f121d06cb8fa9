"""What every command shares: the one-line error, the parser whose usage errors are one line,
output that never sends a terminal control character raw, bounded ``key=value`` options and
numbers, building a game, and starting the app.

Validation helpers for the command modules (one call each)::

    parser.add_argument("--depth", type=int_in(0, MAX_PERFT_DEPTH), required=True)
    parser.add_argument("--games", type=int_in(1), default=100)
    folder = writable_dir(args.out)           # before writing files there
    players = seat_players(variant, pairs)    # --player SEAT=NAME, seats from variant.rules.seats()
    computers = computer_players(variant, words)   # --computer SEAT[=LEVEL]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from battlechess_tui.engine import echo
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.suggest import did_you_mean

if TYPE_CHECKING:
    from battlechess_tui.engine.variant import Variant

#: An option's value is a word or a small table (a D&D roster): refuse anything larger.
MAX_OPTION_CHARS = 10_000
MAX_OPTION_DEPTH = 8
MAX_NAME_CHARS = echo.MAX_NAME_CHARS
#: Seeds are 64-bit (what a save records).
SEED_RANGE = (-(2**63), 2**63 - 1)

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_COLOUR = re.compile(r"(\x1b\[[0-9;]*m)")


class CliError(Exception):
    """A problem reported as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """Usage errors in one line, like every other error (``battlechess: ...``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"battlechess: {plain(message)} (see {self.prog} --help)\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A choice not offered names the closest (``pla``: did you mean 'play'?)."""
        choices = action.choices
        if choices is not None and value not in choices:
            names = [str(c) for c in choices]
            raise argparse.ArgumentError(
                action,
                f"invalid choice: {value!r}{did_you_mean(str(value), names)} "
                f"(choose from {', '.join(names)})",
            )
        super()._check_value(action, value)


# -- output --------------------------------------------------------------------------------------


def plain(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\x1b``): a name or a file
    name never retitles or clears the terminal. Tabs and new lines stay."""
    return _CONTROL.sub(lambda m: repr(m[0])[1:-1], text)


def _plain_keeping_colour(text: str) -> str:
    """``plain``, but Rich's colour codes (SGR sequences) pass: they only colour text."""
    parts = _COLOUR.split(text)
    return "".join(p if i % 2 else plain(p) for i, p in enumerate(parts))


class PlainStream:
    """A text stream that writes through ``_plain_keeping_colour`` to ``raw``."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(_plain_keeping_colour(text))
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


@contextmanager
def plain_output() -> Iterator[None]:
    """Standard output and error through ``PlainStream`` while a command runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = PlainStream(out), PlainStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


@contextmanager
def raw_output() -> Iterator[None]:
    """The real streams back (the app draws the terminal itself)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = getattr(out, "raw", out)
    sys.stderr = getattr(err, "raw", err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def quiet_broken_pipe() -> None:
    """After the reader of our output went away (``battlechess ... | head``): send what is
    left to nowhere, so Python's last flush does not print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ else 1)
    except (OSError, ValueError):
        pass


# -- arguments -----------------------------------------------------------------------------------


def level_arg(text: str) -> Level:
    """An argparse ``type``: a computer level (``Level.parse``); a one-line usage error
    naming the levels otherwise."""
    try:
        return Level.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def int_in(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high`` (no upper bound if None);
    anything else is a one-line usage error."""

    def number(text: str) -> int:
        shown = text if len(text) <= 24 else text[:20] + "..."
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            limit = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {limit}, not {shown}")
        return value

    return number


def writable_dir(path: Path) -> Path:
    """``path`` as a folder that exists (made if needed) and can be written; CliError naming
    the reason in one line otherwise (``screenshots --out /proc/nope``)."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"{path}: cannot make this folder ({exc.strerror or exc})") from None
    if not path.is_dir():
        raise CliError(f"{path}: not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise CliError(f"{path}: cannot write in this folder")
    return path


def parse_pairs(pairs: list[str], flag: str = "--option") -> dict[str, str]:
    """``["die=d6", "level=3"]`` as a dict; CliError for a pair without ``=`` or a value too
    large or nested too deeply to be an option."""
    from battlechess_tui.save.files import shape_problem

    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"{flag} takes key=value, not {_short(pair)!r}")
        if key.strip().lower() in map(str.lower, out):
            raise CliError(f"{flag} {_short(key.strip())} is given twice")
        if len(value) > MAX_OPTION_CHARS:
            raise CliError(
                f"{flag} {key.strip()}: the value is longer than {MAX_OPTION_CHARS:,} characters"
            )
        problem = shape_problem(value.encode(), MAX_OPTION_DEPTH)
        if problem is not None:
            raise CliError(f"{flag} {key.strip()}: the value is {problem}")
        out[key.strip()] = value.strip()
    return out


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def name_text(text: str, what: str = "a player's name", limit: int = MAX_NAME_CHARS) -> str:
    """A name as typed (a player's, a campaign's): text of at most ``limit`` characters
    without control characters; CliError otherwise. Markup such as ``[b]`` is just text."""
    from battlechess_tui.engine.echo import name_problem

    problem = name_problem(text, what, limit)
    if problem is not None:
        raise CliError(problem)
    return text.strip()


def seat_players(variant: Variant[Any], pairs: list[str]) -> dict[str, str]:
    """``--player SEAT=NAME`` pairs checked against the game's seats: a seat's key or a side's
    name (all of that side's seats, a whole team in Gladiator), as ``session.seat_names``
    takes them."""
    from battlechess_tui.session import seats_of

    players = {}
    for seat, name in parse_pairs(pairs, "--player").items():
        try:
            seats_of(variant, seat)
        except ValueError as exc:
            raise CliError(f"--player: {exc}") from None
        players[seat] = name_text(name)
    return players


def seats_apart(variant: Variant[Any], players: dict[str, str], computers: dict[str, str]) -> None:
    """CliError when a seat is given both a player's name and a computer (``--computer black
    --player black=Ann``): a seat is played by a person or by the computer."""
    from battlechess_tui.session import seats_of

    held = {s.key: word for word in computers for s in seats_of(variant, word, everyone=True)}
    for word, name in players.items():
        for seat in seats_of(variant, word):
            if seat.key in held:
                raise CliError(
                    f"--player {word}={name}: {seat.key} is played by the computer "
                    f"(--computer {held[seat.key]})"
                )


def computer_players(variant: Variant[Any], words: list[str]) -> dict[str, str]:
    """``--computer SEAT[=LEVEL]`` words (a seat's key, a side's name or ``all``; the default
    level when none is given), checked as ``session.computer_seats`` takes them."""
    from battlechess_tui.session import computer_seats

    computers: dict[str, str] = {}
    for word in words:
        seat, _, level = word.partition("=")
        if not seat.strip():
            raise CliError(f"--computer takes SEAT or SEAT=LEVEL, not {_short(word)!r}")
        if seat.strip().lower() in map(str.lower, computers):
            raise CliError(f"--computer {_short(seat.strip())} is given twice")
        computers[seat.strip()] = level.strip()
    try:
        computer_seats(variant, computers)
    except ValueError as exc:
        raise CliError(f"--computer: {exc}") from None
    return computers


def make_game_variant(key: str, options: dict[str, str] | None = None) -> Variant[Any]:
    """The variant a command names: a shipped game's key or a house-rule file's path. A
    house-rule file must pass ``check-variant`` first (``playable``): every command that takes
    a game (rules, show, perft, play, simulate) answers as that check does."""
    from battlechess_tui.engine.registry import resolve
    from battlechess_tui.engine.spec import SpecError

    try:
        variant = resolve(key, dict(options or {}))
    except SpecError as exc:
        raise CliError(str(exc)) from None
    except (KeyError, ValueError) as exc:
        raise CliError(message(exc)) from None
    except RecursionError:
        raise CliError(f"{key}: an option is nested too deeply") from None
    if Path(str(key)).suffix == ".toml":
        playable(Path(key))
    return variant


def message(exc: Exception) -> str:
    """An exception's message as written: a KeyError's own, not its ``repr`` (whose quotes
    stripping once cut the closing quote of ``not 'five'``)."""
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


def playable(path: Path) -> None:
    """CliError unless the house-rule file passes ``check-variant`` (so the game runs)."""
    from battlechess_tui.engine.registry import check_file

    problems = check_file(path)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CliError(f"{path}: {problems[0]}{more}; battlechess check-variant lists them")


def tidy_folders(save_dir: Path | None) -> None:
    """Remove what killed writes left behind (temporary files) where the app writes."""
    from battlechess_tui.save.files import remove_leftovers
    from battlechess_tui.save.folder import tidy, user_save_dir
    from battlechess_tui.ui.settings import config_dir

    tidy(user_save_dir(save_dir))
    remove_leftovers(config_dir())


def run_app(args: argparse.Namespace, start: str, **kwargs: Any) -> int:
    from battlechess_tui.ui.app import run_app as run

    tidy_folders(args.save_dir)
    with raw_output():
        return run(start, save_dir=args.save_dir, **kwargs)


def add_option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. -o stall_turns=5 (the new-game screen "
        "shows each game's options); repeatable",
    )
