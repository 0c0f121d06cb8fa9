"""A rematch: the same game, options and players, colours swapped or kept.

Players follow their seats' counterparts when colours are swapped (White's Queen's player
plays Black's Queen), and so do computers; a player who kept the side's name gets the new
side's name. The new game has a new seed (so new dice) and its own file, and starts where
the game did (``play --position``: the same position).
"""

from __future__ import annotations

import random

from battlechess_tui.engine.game import Game
from battlechess_tui.ui import views


def counterparts(game: Game) -> dict[str, str] | None:
    """Each seat's counterpart on the other side (by order within its side), or None when
    the sides do not match seat for seat."""
    seats = game.rules.seats()
    white = [s.key for s in seats if s.side == 0]
    black = [s.key for s in seats if s.side == 1]
    if len(white) != len(black) or len(white) + len(black) != len(seats):
        return None
    pairs = dict(zip(white, black, strict=True))
    return {**pairs, **{b: w for w, b in pairs.items()}}


def rematch(game: Game, swap: bool, seed: int | None = None) -> Game:
    """The rematch of ``game``; ``swap`` changes colours (ValueError where sides differ)."""
    seats = game.rules.seats()
    other = counterparts(game) if swap else {s.key: s.key for s in seats}
    if other is None:
        raise ValueError("the sides of this game differ: colours cannot be swapped")
    players = {}
    for seat in seats:
        before = other[seat.key]  # the seat whose player takes this one
        kept = views.kept_default_name(game, before)
        players[seat.key] = game.rules.side_names[seat.side] if kept else game.player_of(before)
    names = [n.lower() for n in game.rules.side_names]
    computers = {}
    for held, level in game.computers.items():  # a seat's key, or a side's name
        if held in other:
            computers[other[held]] = level
        elif held in names and swap:
            computers[names[1 - names.index(held)]] = level
        else:
            computers[held] = level
    start = game.start_position
    state = None if start is None else game.rules.parse_position(start)
    seed = random.randrange(1, 10**9) if seed is None else seed
    new = Game(game.variant, seed, players, start=state)
    new.start_position = start
    new.computers = computers
    return new
