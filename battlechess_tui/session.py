"""Starting games, apart from any screen: a game from a shipped key or a house-rule file, with
its options, seed, players and computer players, as the command line, the app and its new-game
screen make them.

Players and computers are given per seat: a seat's key (``white``, ``white.queen``) or a side's
name (``white``: every seat of that side, all of a team's commanders); computers also take
``all`` (every seat: the computer plays itself). A seat named on its own wins over its side.

Nothing here imports Textual, so the screens import it without importing the app (the app
imports the screens). Where a game is saved is the save layer's (``save/folder.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import check_file, resolve
from battlechess_tui.engine.rules import Seat
from battlechess_tui.engine.spec import OptionValue, SpecError
from battlechess_tui.engine.suggest import did_you_mean
from battlechess_tui.engine.variant import Variant

__all__ = ["ALL_SEATS", "build_game", "computer_seats", "seat_choices", "seat_names", "seats_of"]

#: The word for every seat of the game (``--computer all``: a computer-vs-computer game).
ALL_SEATS = "all"


V = TypeVar("V")


def seat_choices(variant: Variant[Any], everyone: bool = False) -> list[str]:
    """The words that name seats: each side's name where it is not a seat's key (team games),
    each seat's key, then ``all`` when ``everyone``."""
    keys = [s.key for s in variant.rules.seats()]
    sides = [n.lower() for n in variant.rules.side_names if n.lower() not in keys]
    return sides + keys + ([ALL_SEATS] if everyone else [])


def seats_of(variant: Variant[Any], word: str, everyone: bool = False) -> list[Seat]:
    """The seats ``word`` names (see ``seat_choices``); ValueError listing them otherwise."""
    seats = variant.rules.seats()
    word = word.strip().lower()
    if everyone and word == ALL_SEATS:
        return seats
    chosen = [s for s in seats if s.key == word]
    if not chosen:
        names = [n.lower() for n in variant.rules.side_names]
        chosen = [s for s in seats if names[s.side] == word]
    if not chosen:
        shown = word if len(word) <= 40 else word[:37] + "..."
        choices = seat_choices(variant, everyone)
        raise ValueError(
            f"{variant.rules.key} has no seat {shown!r}{did_you_mean(word, choices)} "
            f"(seats: {', '.join(choices)})"
        )
    return chosen


def _per_seat(variant: Variant[Any], given: Mapping[str, V], everyone: bool) -> dict[str, V]:
    """``given`` (by seat, side or ``all``) spread over seat keys: broad words first, so a seat
    named on its own wins over its side and over ``all``."""
    spread = [(seats_of(variant, word, everyone), value) for word, value in given.items()]
    out: dict[str, V] = {}
    for seats, value in sorted(spread, key=lambda pair: -len(pair[0])):
        out.update((s.key, value) for s in seats)
    return out


def seat_names(variant: Variant[Any], players: Mapping[str, str] | None) -> dict[str, str]:
    """Every seat's player: the side's name unless ``players`` names someone for the seat or its
    side (``white``: all of White's commanders). ValueError for a word naming no seat."""
    names = {s.key: variant.rules.side_names[s.side] for s in variant.rules.seats()}
    names.update(_per_seat(variant, players or {}, everyone=False))
    return names


def computer_seats(variant: Variant[Any], computers: Mapping[str, str] | None) -> dict[str, Level]:
    """The seats a computer holds, with its level (``""``: the default level), from words
    naming a seat, a side or ``all``. ValueError for a word naming no seat or an unknown level.
    """
    levels = {word: Level.parse(level) for word, level in (computers or {}).items()}
    return _per_seat(variant, levels, everyone=True)


def build_game(
    variant: str | Path,
    options: dict[str, OptionValue] | dict[str, str] | None = None,
    seed: int | None = None,
    players: Mapping[str, str] | None = None,
    computers: Mapping[str, str] | None = None,
    position: str | None = None,
) -> Game:
    """A new game of ``variant`` (a shipped game's key or the path of a house-rule ``.toml``),
    with its options, seed (random when None), players' names and computer players (each by
    seat, side or, for computers, ``all``; see the module's docstring), from ``position`` (the
    game's notation, as ``show`` and ``perft`` read it) or else the game's setup.

    KeyError names the games when ``variant`` is neither; SpecError (a ValueError) lists a
    house-rule file's problems; ValueError explains a bad option, seat, level or position
    (NotImplementedError: the game has no notation to read).
    """
    built = resolve(variant, dict(options or {}))
    if Path(str(variant)).suffix == ".toml":
        problems = check_file(Path(variant))  # what check-variant finds, the app refuses too
        if problems:
            raise SpecError(str(variant), problems)
    chosen = random.randrange(1, 10**9) if seed is None else seed
    start = None if position is None else built.rules.parse_position(position)
    game = Game(built, chosen, seat_names(built, players), start=start)
    if start is not None:
        game.start_position = built.rules.position_text(start)
    game.computers = computer_seats(built, computers)
    return game
