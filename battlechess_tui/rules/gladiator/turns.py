"""The team turn (GC-12..GC-17): four commander moves, the King's overrides, skipped moves,
checkmate, and the end-of-turn counts (GC-34 the held Queen, GC-35 and GC-37 draws).

``advance`` runs the game on to the next real decision: it settles open choices, moves to the
next commander, sets up that commander's move (passing it to the King when the commander
cannot move), skips moves nobody can make and ends turns. Overrides are implicit: at the
Queen's, Black Knight's and King's Knight's moves the King's player may say ``override``
(``Analysis.can_override``) instead of the commander moving; the commander's own move means
no override.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.gladiator.vocabulary import GladiatorAction, GladiatorTag

from . import endings, pending
from .facts import Fact
from .moves import Generator, Move
from .state import ABDUCTED, BOARD, DONE, KING, MOVE, QUEEN, START, Position, Work, find, seat_key
from .tables import Tables

#: The decisions of a commander's slot besides a move: the King's override (GC-14), the old
#: explicit "no override" (read from old saves, never offered) and the Queen's heal (GC-32).
OVERRIDE, NO_OVERRIDE, HEAL = (
    GladiatorAction.OVERRIDE,
    GladiatorAction.NO_OVERRIDE,
    GladiatorAction.HEAL,
)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What one position offers the side to move: the commander's own moves, every unmoved
    piece's moves (computed when the King makes the move), check, and whether an override
    could move a piece the commander cannot (GC-14)."""

    own: tuple[Move, ...]
    every: tuple[Move, ...] | None
    check: bool
    can_override: bool
    origins: tuple[frozenset[int], frozenset[int]]  # where the own and every moves start

    @classmethod
    def of(
        cls, own: tuple[Move, ...], every: tuple[Move, ...] | None, check: bool, can: bool
    ) -> Analysis:
        starts = frozenset(m.frm for m in own), frozenset(m.frm for m in every or ())
        return cls(own, every, check, can, starts)

    def moves(self, overriding: bool) -> tuple[Move, ...]:
        return (self.every or ()) if overriding else self.own

    def movable(self, overriding: bool) -> frozenset[int]:
        return self.origins[overriding]


def commander(t: Tables, pos: Position) -> str:
    return t.commanders[min(pos.step, len(t.commanders) - 1)]


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


def analyse(t: Tables, pos: Position) -> Analysis:
    gen = Generator(t, pos)
    own_ids = piece_ids(t, pos, False)
    own = tuple(gen.moves_of(own_ids))
    if pos.overriding or not own:
        every = tuple(gen.moves_of(piece_ids(t, pos, True)))
        return Analysis.of(own, every, gen.check, False)
    others = [pos.pieces[i] for i in piece_ids(t, pos, True) if i not in own_ids]
    can = commander(t, pos) != KING and any(gen.can_move(p) for p in others)
    return Analysis.of(own, None, gen.check, can)


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
    """Set up the current commander's move: pass it to the King when the commander cannot
    move (GC-15, GC-17); skip it when nobody can; checkmate when in check with no way out."""
    w.overriding = False
    found = analyse(t, w)
    w.analysis = found
    if found.own:
        w.phase = MOVE
        return
    if found.every:
        dead = not commands(w, w.side, commander(t, w))
        fact, rule = (Fact.DEAD, "GC-17") if dead else (Fact.CANNOT_MOVE, "GC-15")
        cmd = (commander(t, w),)
        events.append(Note(GladiatorTag.OVERRIDE, fact=fact, side=w.side, names=cmd, rule=rule))
        w.overriding = True
        w.phase = MOVE
    elif found.check:
        w.result = endings.checkmate(t, 1 - w.side)
    else:
        cmd = (commander(t, w),)
        events.append(Note(EventTag.PASS, fact=Fact.SKIPPED, side=w.side, names=cmd, rule="GC-15"))
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
        numbers = (held, t.data.hold_turns)
        events.append(Note(GladiatorTag.HELD, side=side, numbers=numbers, rule="GC-34"))
        if held >= t.data.hold_turns:
            w.result = endings.queen_held(t, side)
            return
    w.idle = w.idle + 1 if w.moves_made == 0 else 0
    w.quiet = 0 if w.loud else w.quiet + 1  # the loud turn itself is not quiet (GC-37)
    w.loud = False
    if w.idle >= 2:
        w.result = endings.no_moves(t)
        return
    if t.quiet_turns and w.quiet >= 2 * t.quiet_turns:
        w.result = endings.quiet(t)
        return
    w.side = 1 - side
    w.step = 0
    w.moved = frozenset()
    w.moves_made = 0
    if w.side == 0:
        w.turn += 1


def seat_to_move(t: Tables, pos: Position) -> str:
    """The seat deciding now: an open choice's owner, the King's player making an override,
    or the commander whose move it is."""
    if pos.pending:
        return pos.pending[0].seat
    if pos.overriding:
        return seat_key(pos.side, KING)
    return seat_key(pos.side, commander(t, pos))
