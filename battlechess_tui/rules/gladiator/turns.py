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


def commands(t: Tables, pos: Position, side: int, name: str) -> bool:
    """The commander is alive (a captured Queen still commands, GC-31; a frozen one too, GC-16);
    a dead commander's move passes to the King (GC-17)."""
    return find(pos, name, side) is not None


def step_moves(t: Tables, pos: Position) -> tuple[list[Move], list[Move], bool]:
    """(the commander's own moves, every move of the team, in check) for the current move."""
    side, name = pos.side, commander(t, pos)
    gen = Generator(t, pos)
    ids = unmoved(pos, side)
    if name == KING:  # the King cannot use his own move for another's piece (GC-14)
        ids = [i for i in ids if t.kinds[pos.pieces[i].kind].commander == KING]
    every = gen.moves_of(ids)
    if not commands(t, pos, side, name):
        return [], every, gen.check
    own = [m for m in every if t.kinds[pos.pieces[m.piece].kind].commander == name]
    return own, every, gen.check


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
    own, every, check = step_moves(t, w)
    w.cache = {"own": own, "every": every, "check": check}
    name = t.commander_name(commander(t, w))
    side = SIDE_NAMES[w.side]
    w.overriding = False
    if not every:
        if check:
            w.result = Outcome(1 - w.side, f"the {side} King is checkmated", "GC-24, GC-33")
            return
        events.append(
            Note("pass", f"{side} {name}'s move is skipped: no piece can make it (GC-15)")
        )
        w.phase = DONE
    elif not own and commander(t, w) != KING:
        why = "is dead" if not commands(t, w, w.side, commander(t, w)) else "cannot move"
        rule = "GC-17" if why == "is dead" else "GC-15"
        events.append(
            Note("override", f"The {side} {name} {why}: the King makes this move ({rule})")
        )
        w.overriding = True
        w.phase = MOVE
    elif len(own) == len(every):
        w.phase = MOVE  # an override could only make the same moves: nothing to ask
    else:
        w.phase = DECIDE


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
        held = list(w.held)
        held[1 - side] += 1
        w.held = (held[0], held[1])
        events.append(
            Note(
                "held",
                f"{SIDE_NAMES[side]} has held the {SIDE_NAMES[1 - side]} "
                f"Queen {held[1 - side]}/{t.data.hold_turns} turns (GC-34)",
            )
        )
        if held[1 - side] >= t.data.hold_turns:
            w.result = Outcome(
                side, f"the {SIDE_NAMES[1 - side]} Queen held {t.data.hold_turns} turns", "GC-34"
            )
            return
    w.idle = w.idle + 1 if w.moves_made == 0 else 0
    w.quiet += 1
    if w.idle >= 2:
        w.result = Outcome(None, "neither team could move for a whole turn", "GC-35")
        return
    if w.quiet >= 2 * t.quiet_turns:
        w.result = Outcome(
            None,
            f"{t.quiet_turns} full turns without a kill, promotion or Footman or Squire move",
            "GC-35",
        )
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
