"""Starting games, apart from any screen: a game from a shipped key or a house-rule file, with
its options, seed and players, as the command line, the app and its new-game screen make them.

Nothing here imports Textual, so the screens import it without importing the app (the app
imports the screens). Where a game is saved is the save layer's (``save/folder.py``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import resolve
from battlechess_tui.engine.spec import OptionValue
from battlechess_tui.engine.variant import Variant

__all__ = ["build_game", "seat_names"]


def seat_names(variant: Variant[Any], players: dict[str, str] | None) -> dict[str, str]:
    """Every seat's player: the side's name unless ``players`` names someone."""
    names = {s.key: variant.side_names[s.side] for s in variant.seats()}
    names.update(players or {})
    return names


def build_game(
    variant: str | Path,
    options: dict[str, OptionValue] | dict[str, str] | None = None,
    seed: int | None = None,
    players: dict[str, str] | None = None,
) -> Game:
    """A new game of ``variant`` (a shipped game's key or the path of a house-rule ``.toml``),
    with its options, seed (random when None) and players' names per seat.

    KeyError names the games when ``variant`` is neither; SpecError (a ValueError) lists a
    house-rule file's problems; ValueError explains a bad option.
    """
    built = resolve(variant, dict(options or {}))
    chosen = random.randrange(1, 10**9) if seed is None else seed
    return Game(built, chosen, seat_names(built, players))
