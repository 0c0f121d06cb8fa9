"""The hand-over between players at one keyboard: when it is due, and what its notice says.

A notice is due when the next decision is a person's and another person decided last (two
seats of one player, and a computer's turns, need none); the ``handover`` setting turns them
off, or keeps them to games of more than two seats (``team``). The notice tells the next player
what happened since they last decided: each decision and its consequences (a piece killed,
freed, promoted...), not the round-by-round narration of a fight.
"""

from __future__ import annotations

from battlechess_tui.engine.events import Note
from battlechess_tui.engine.game import META_KINDS, Game
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.ui import views
from battlechess_tui.ui.computer import is_computer
from battlechess_tui.ui.settings import HandOverMode

#: What a notice reports of a decision's narration: what changed on the board or in the game.
CONSEQUENCES = frozenset({
    EventTag.CAPTURE, EventTag.KILL, EventTag.FREEZE, EventTag.THAW, EventTag.RESCUE,
    EventTag.PROMOTE, EventTag.RETURN, EventTag.OVERRIDE, EventTag.KING, EventTag.WIN,
    EventTag.WITHDRAW, EventTag.LEVEL, EventTag.LOOT, EventTag.PLACE, EventTag.HELD,
    EventTag.STAND, EventTag.CASTLE, EventTag.SURRENDER, EventTag.SWAP,
})  # fmt: skip
#: A notice tells at most this many decisions, each with at most this many consequences.
MAX_DECISIONS = 4
MAX_CONSEQUENCES = 3


def last_person(game: Game) -> str | None:
    """The player who made the latest decision a person made (None before any)."""
    for ply in reversed(game.plies):
        if not is_computer(game, ply.seat):
            return game.player_of(ply.seat)
    return None


def due(game: Game, mode: HandOverMode) -> str | None:
    """The seat to hand the keyboard over to now, or None when no notice is due."""
    if mode == "off" or game.over:
        return None
    if mode == "team" and len(game.rules.seats()) <= 2:
        return None
    seat = game.to_move
    last = last_person(game)
    if is_computer(game, seat) or last is None or game.player_of(seat) == last:
        return None
    return seat


def story(game: Game, seat: str) -> str:
    """What happened since the player of ``seat`` last decided, one line per decision."""
    name = game.player_of(seat)
    start = next((i + 1 for i in range(len(game.plies) - 1, -1, -1)
                  if game.player_of(game.plies[i].seat) == name), 0)  # fmt: skip
    decisions = range(start, len(game.plies))
    shown = decisions[-MAX_DECISIONS:]
    lines = [told(game, index) for index in shown]
    earlier = len(decisions) - len(shown)
    if earlier:
        lines.insert(0, f"({earlier} earlier decision{'s' if earlier > 1 else ''} in the log)")
    return "\n".join(lines)


def told(game: Game, index: int) -> str:
    """Decision ``index`` as a notice tells it: who played what, then what came of it."""
    ply = game.plies[index]
    text = views.played(game, ply)
    if ply.action.kind in META_KINDS:
        return text
    notes = [e.text.rstrip(".") for e in ply.events
             if isinstance(e, Note) and e.tag in CONSEQUENCES]  # fmt: skip
    if notes:
        text += " " + "; ".join(notes[-MAX_CONSEQUENCES:]) + "."
    return text
