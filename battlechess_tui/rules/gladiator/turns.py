"""The team turn (GC-12..GC-17): four commander moves, the King's overrides, skipped moves,
checkmate, and the end-of-turn counts (GC-34 the held Queen, GC-35 draws).

``advance`` runs the game on to the next real decision: it settles open choices, moves to the
next commander, sets up that commander's move (asking the King's player about an override only
when an override could change something), skips moves nobody can make and ends turns.
"""

from __future__ import annotations

from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.variant import Outcome

from . import pending
from .moves import Generator, Move
from .state import (
    ABDUCTED,
    BOARD,
    DECIDE,
    DONE,
    KING,
    MOVE,
    QUEEN,
    Position,
    Work,
    find,
    seat_key,
)
from .tables import SIDE_NAMES, Tables

START = "start"  # a commander's move not yet set up (never seen outside ``advance``)


def commander(t: Tables, pos: Position) -> str:
    return t.commanders[pos.step]


def unmoved(pos: Position, side: int) -> list[int]:
    """Ids of the team's pieces on the board that have not moved this turn (GC-13)."""
    return [
        p.id for p in pos.pieces if p.side == side and p.status == BOARD and p.id not in pos.moved
    ]


def commands(pos: Position, side: int, name: str) -> bool:
    """The commander is alive (a captured Queen still commands, GC-31; a frozen one too, GC-16);
    a dead commander's move passes to the King (GC-17)."""
    return find(pos, name, side) is not None


def piece_ids(t: Tables, pos: Position, overriding: bool) -> list[int]:
    """The pieces that may make the current move: the commander's own unmoved pieces (none if
    he is dead, GC-17), or with an override every unmoved piece of the team (GC-14). The King
    cannot use his own move for another commander's piece."""
    side, name = pos.side, commander(t, pos)
    if overriding and name != KING:
        return unmoved(pos, side)
    if not commands(pos, side, name):
        return []
    return [i for i in unmoved(pos, side) if t.kinds[pos.pieces[i].kind].commander == name]


def step_moves(t: Tables, pos: Position, overriding: bool) -> tuple[list[Move], bool]:
    """(the moves open to the current move, in check)."""
    gen = Generator(t, pos)
    return gen.moves_of(piece_ids(t, pos, overriding)), gen.check


def advance(t: Tables, w: Work, events: list[Event]) -> None:
    """Run on to the next decision (or the end of the game)."""
    while w.result is None:
        if w.pending:
            pending.settle(t, w, events)
            if w.pending:
                return
        if w.phase == DONE:
            next_step(t, w, events)
        elif w.phase == START:
            begin_step(t, w, events)
        else:
            return


def begin_step(t: Tables, w: Work, events: list[Event]) -> None:
    """Set up the current commander's move: ask about an override only when the King could
    move a piece the commander cannot (GC-14); pass it to the King when the commander cannot
    move (GC-15, GC-17); skip it when nobody can; checkmate when in check with no way out."""
    gen = Generator(t, w)
    own_ids = piece_ids(t, w, False)
    own = gen.moves_of(own_ids)
    w.cache = {"own": own, "check": gen.check}
    w.overriding = False
    if own:
        others = [w.pieces[i] for i in piece_ids(t, w, True) if i not in own_ids]
        w.phase = DECIDE if any(gen.can_move(p) for p in others) else MOVE
        return
    every = gen.moves_of(piece_ids(t, w, True))
    w.cache["every"] = every
    name = t.commander_name(commander(t, w))
    side = SIDE_NAMES[w.side]
    if every:
        why = "is dead" if not commands(w, w.side, commander(t, w)) else "cannot move"
        rule = "GC-17" if why == "is dead" else "GC-15"
        events.append(
            Note("override", f"The {side} {name} {why}: the King makes this move ({rule})")
        )
        w.overriding = True
        w.phase = MOVE
    elif gen.check:
        detail = f"the {side} King cannot get out of check"
        w.result = Outcome(1 - w.side, "checkmate", "GC-24, GC-33", detail)
    else:
        events.append(
            Note("pass", f"{side} {name}'s move is skipped: no piece can make it (GC-15)")
        )
        w.phase = DONE


def next_step(t: Tables, w: Work, events: list[Event]) -> None:
    w.step += 1
    w.overriding = False
    w.phase = START
    if w.step >= len(t.commanders):
        end_turn(t, w, events)


def end_turn(t: Tables, w: Work, events: list[Event]) -> None:
    side = w.side
    enemy_queen = find(w, QUEEN, 1 - side)
    if enemy_queen is not None and enemy_queen.status == ABDUCTED:
        held = w.held[1 - side] + 1
        w.set_held(1 - side, held)
        events.append(
            Note(
                "held",
                f"{SIDE_NAMES[side]} has held the {SIDE_NAMES[1 - side]} "
                f"Queen {held}/{t.data.hold_turns} turns (GC-34)",
            )
        )
        if held >= t.data.hold_turns:
            detail = f"the {SIDE_NAMES[1 - side]} Queen held {t.data.hold_turns} turns"
            w.result = Outcome(side, "Queen held", "GC-34", detail)
            return
    w.idle = w.idle + 1 if w.moves_made == 0 else 0
    w.quiet += 1
    if w.idle >= 2:
        detail = "neither team could move for a whole turn"
        w.result = Outcome(None, "no team can move", "GC-35", detail)
        return
    if w.quiet >= 2 * t.quiet_turns:
        detail = f"{t.quiet_turns} full turns without a kill, promotion or Footman or Squire move"
        w.result = Outcome(None, "quiet turns", "GC-35", detail)
        return
    w.side = 1 - side
    w.step = 0
    w.moved = frozenset()
    w.moves_made = 0
    if w.side == 0:
        w.turn += 1


def seat_to_move(t: Tables, pos: Position) -> str:
    """The seat deciding now: an open choice's owner, the King's player deciding or making an
    override, or the commander whose move it is."""
    if pos.pending:
        return pos.pending[0].seat
    if pos.phase == DECIDE or pos.overriding:
        return seat_key(pos.side, KING)
    return seat_key(pos.side, commander(t, pos))
