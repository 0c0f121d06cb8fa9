"""Computer players at the table: which decision is a computer's, and the decision itself.

``Game.computers`` names the seats a computer holds (a seat's key, or a side's name for a whole
Gladiator team) with its level. A computer decides when the seat to move is one of its seats,
or when every decision open now belongs to its seats (``Rules.decider``). It never offers a
draw or resigns; it answers a draw offer at once: it accepts only when its own search finds its
side clearly behind (``ai.draws.accepts_draw``), and declines otherwise.

Nothing here imports Textual: ``think`` runs in the screen's worker thread on a snapshot
(``Request``) of the position, never on the ``Game`` the screen changes meanwhile.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

from battlechess_tui.ai import DEFAULT_LEVEL, Budget, Hint, hint, make_player
from battlechess_tui.ai.budget import THINK_MS
from battlechess_tui.ai.draws import accepts_draw
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import ACCEPT_DRAW, DECLINE_DRAW, Game
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.rules import Rules


@dataclass(frozen=True)
class Request:
    """What a decision needs, taken from the game on the UI thread: the rules, the state,
    the seat (or side name) the player decides for, its level, whether it answers a draw offer,
    and the seed of its own random stream."""

    rules: Rules[Any]
    state: Any
    seat: str
    level: str
    draw_offered: bool
    seed: str


def level_of(game: Game, seat: str) -> str | None:
    """The level of the computer holding ``seat`` (by its key or its side's name), or None
    when a person holds it."""
    if seat in game.computers:
        return game.computers[seat]
    side = _seat_side(game, seat)
    return None if side is None else game.computers.get(game.rules.side_names[side].lower())


def is_computer(game: Game, seat: str) -> bool:
    return level_of(game, seat) is not None


def people_side(game: Game) -> int | None:
    """The side people hold when only one does (against the computer), else None."""
    sides = {game.rules.side_of(s.key) for s in game.rules.seats() if not is_computer(game, s.key)}
    return sides.pop() if len(sides) == 1 else None


def has_people(game: Game) -> bool:
    return any(not is_computer(game, s.key) for s in game.rules.seats())


def computer_seat(game: Game) -> str | None:
    """The computer seat that decides now, or None when a person does (or the game is over)."""
    if game.over:
        return None
    if is_computer(game, game.to_move):
        return game.to_move
    if game.position.draw_offer_by is not None:
        return None
    state = game.state
    deciders = {game.rules.decider(state, a) for a in game.rule_actions()}
    if deciders and all(is_computer(game, s) for s in deciders):
        return min(deciders)
    return None


def holder(game: Game, seat: str) -> str:
    """What the player deciding for ``seat`` holds: the side's name when one player (a person
    or a computer of one level) holds every seat of the side, else the seat itself."""
    side = _seat_side(game, seat)
    if side is None:
        return seat
    mates = [s.key for s in game.rules.seats() if s.side == side]
    if len(mates) > 1 and all(same_holder(game, seat, m) for m in mates):
        return game.rules.side_names[side].lower()
    return seat


def _seat_side(game: Game, seat: str) -> int | None:
    """The side of the seat whose key is ``seat``; None for anything else (a side's name)."""
    return next((s.side for s in game.rules.seats() if s.key == seat), None)


def same_holder(game: Game, seat: str, other: str) -> bool:
    """Are ``seat`` and ``other`` held by one player (one computer level, or one person)?"""
    mine, theirs = level_of(game, seat), level_of(game, other)
    if mine is not None or theirs is not None:
        return mine == theirs
    return game.player_of(seat) == game.player_of(other)


def request(game: Game, seat: str, purpose: str = "move") -> Request:
    """The snapshot a player holding ``seat`` decides on (``purpose`` keeps the random streams
    of a computer's decision and of a hint apart)."""
    return Request(
        game.rules,
        game.state,
        holder(game, seat),
        level_of(game, seat) or DEFAULT_LEVEL,
        game.position.draw_offer_by is not None,
        f"{purpose}:{game.seed}:{len(game.plies)}",
    )


def label(game: Game, seat: str) -> str:
    """``Black (computer, medium)``: how the thinking indicator names a computer."""
    seats = {s.key: s for s in game.rules.seats()}
    held = holder(game, seat)
    name = seats[seat].label if held == seat and seat in seats else held.capitalize()
    return f"{name} (computer, {level_of(game, seat) or DEFAULT_LEVEL})"


def think(req: Request, cancel: threading.Event) -> Action:
    """The computer's decision (in a worker thread); ``ai.Cancelled`` once ``cancel`` is set."""
    budget = Budget.for_level(req.level, rules=req.rules, wall_clock=True, cancel=cancel)
    if req.draw_offered:
        return draw_answer(req.rules, req.state, req.seat, budget)
    return make_player(req.level).choose(
        req.rules, req.state, req.seat, random.Random(req.seed), budget
    )


def draw_answer(rules: Rules[Any], state: Any, seat: str, budget: Budget | None = None) -> Action:
    """Accept a draw only when the search finds the seat's side clearly behind (within
    ``budget``: where none is given, easy's usual 50 ms, whatever time the game gives easy)."""
    budget = budget or Budget.for_level(Level.EASY, THINK_MS[Level.EASY], rules=rules)
    behind = accepts_draw(rules, state, seat, budget)
    return Action(ACCEPT_DRAW if behind else DECLINE_DRAW)


def advise(req: Request, cancel: threading.Event) -> Hint:
    """The hint key's answer (in a worker thread): the search's decision within the hint's
    node budget (no deadline: the same hint on any machine) and why."""
    if req.draw_offered:
        return Hint(draw_answer(req.rules, req.state, req.seat))
    budget = Budget.for_hint(req.rules, cancel=cancel)
    return hint(req.rules, req.state, req.seat, random.Random(req.seed), budget)


def takeback_count(game: Game) -> int:
    """How many decisions undo takes back against the computer: the computer's replies and the
    person's last decision before them (0 when no person has decided yet)."""
    for count, ply in enumerate(reversed(game.plies), start=1):
        if not is_computer(game, ply.seat):
            return count
    return 0


def fallback(game: Game, seat: str) -> Action | None:
    """A random decision of the computer holding ``seat`` (when its search failed)."""
    req = request(game, seat)
    if req.draw_offered:
        return draw_answer(req.rules, req.state, req.seat)
    actions = game.rule_actions()
    own = [a for a in actions if is_computer(game, game.rules.decider(game.state, a))]
    choices = own or actions
    return random.Random(req.seed).choice(choices) if choices else None
