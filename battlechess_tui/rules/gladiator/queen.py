"""The Queen: freezing (GC-27, GC-28), capture (GC-29), return (GC-30, GC-31), healing (GC-32).

Pieces that must be put somewhere (a freed Queen next to her King, a released piece sent back
to its back rank) wait in ``Work.pending``; ``pending.settle`` asks their owner where, or puts
them at once when only one square is possible.
"""

from __future__ import annotations

from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.gladiator.vocabulary import GladiatorAction, GladiatorTag

from .facts import Fact, ref
from .state import (
    ABDUCTED,
    EMPTY,
    FROZEN,
    QUEEN,
    RETURNING,
    Pending,
    Piece,
    Position,
    Work,
    find,
    held_by,
    king_square,
    seat_key,
)
from .tables import Tables


def freeze(t: Tables, w: Work, queen: Piece, to: int, events: list[Event]) -> None:
    """GC-27: the Queen lands on ``to``; the enemy there leaves the board, frozen. A Queen
    frozen in turn lets go of the piece she held: it goes home as in GC-29 (ruling)."""
    victim = w.at(to)
    assert victim is not None
    leave(t, w, queen, to, events)
    release(t, w, victim, to)
    w.lift(victim.id, FROZEN, holder=queen.id)
    events.append(Note(GladiatorTag.FREEZE, squares=(to,), pieces=(ref(victim, to),)))


def leave(t: Tables, w: Work, queen: Piece, to: int, events: list[Event]) -> None:
    """The Queen moves to ``to``; the piece she held comes back to the square she left."""
    prisoner = held_by(w, queen)
    frm = queen.sq
    w.put(queen.id, to)
    if prisoner is not None:
        w.put(prisoner.id, frm)
        events.append(Note(GladiatorTag.THAW, squares=(frm,), pieces=(ref(prisoner, frm),)))


def release(t: Tables, w: Work, queen: Piece, where: int) -> None:
    """A Queen leaving the board (captured or frozen) lets go of the piece she held frozen on
    ``where``: it waits to be sent to its own back rank, its owner choosing (GC-29)."""
    prisoner = held_by(w, queen)
    if prisoner is None:
        return
    w.lift(prisoner.id, RETURNING)
    seat = seat_key(prisoner.side, t.kinds[prisoner.kind].commander)
    w.pending += (Pending(GladiatorAction.RETURN, seat, prisoner.id, near=where),)


def abduct(t: Tables, w: Work, captor: Piece, queen: Piece, events: list[Event]) -> None:
    """GC-29: ``captor`` takes the Queen's square; she goes to the Captured Queen box. A piece
    she held goes back to its back rank. If the captor's own Queen was held, both return
    (GC-31, the swap). A capture counts against the quiet-turn draw (GC-37)."""
    sq = queen.sq
    release(t, w, queen, sq)
    w.lift(queen.id, ABDUCTED, holder=captor.id)
    w.put(captor.id, sq)
    w.set_held(queen.side, 0)
    w.not_quiet()
    events.append(Note(EventTag.CAPTURE, squares=(sq,), pieces=(ref(queen, sq), ref(captor, sq))))
    own = find(w, QUEEN, captor.side)
    if own is not None and own.status == ABDUCTED:
        events.append(Note(GladiatorTag.SWAP, rule="GC-31"))
        free(t, w, own, events)
        free(t, w, w.pieces[queen.id], events)


def free(t: Tables, w: Work, queen: Piece, events: list[Event]) -> None:
    """A captured or displaced Queen waits to be placed next to her King (GC-30, GC-31)."""
    if queen.status == ABDUCTED:
        events.append(Note(GladiatorTag.RESCUE, pieces=(ref(queen, -1),)))
    w.lift(queen.id, RETURNING)
    w.set_held(queen.side, 0)
    w.pending += (Pending(GladiatorAction.PLACE, seat_key(queen.side, QUEEN), queen.id),)


def nearest_empty(t: Tables, pos: Position, centre: int) -> tuple[int, ...]:
    """The empty squares nearest ``centre`` (king's-move distance), in board order."""
    geo = t.geo
    for ring in range(1, max(geo.width, geo.height)):
        found = tuple(
            s for s in range(geo.size) if pos.board[s] == EMPTY and geo.distance(s, centre) == ring
        )
        if found:
            return found
    return ()


def place_options(t: Tables, pos: Position, queen: Piece) -> tuple[int, ...]:
    """Empty squares next to her King; if none, the nearest empty squares (GC-30 ruling)."""
    centre = king_square(pos, queen.side)
    return () if centre == EMPTY else nearest_empty(t, pos, centre)


def return_options(t: Tables, pos: Position, piece: Piece, near: int) -> tuple[int, ...]:
    """GC-29: empty squares of the piece's own back rank; if it is full, the empty squares
    nearest ``near``, the square where it was held (ruling, round 2)."""
    geo = t.geo
    rank = 0 if piece.side == 0 else geo.height - 1
    back = tuple(
        geo.square(x, rank) for x in range(geo.width) if pos.board[geo.square(x, rank)] == EMPTY
    )
    return back or nearest_empty(t, pos, near)


def heal_targets(t: Tables, pos: Position, queen: Piece) -> list[Piece]:
    """GC-32: hurt friendly pieces next to the Queen, in board order (none while she is off
    the board: frozen or captured)."""
    if not queen.on_board:
        return []
    out = []
    for sq in range(t.geo.size):
        p = pos.at(sq)
        if (
            p is not None
            and p.side == queen.side
            and t.geo.distance(sq, queen.sq) == 1
            and p.hp < t.kinds[p.kind].hp
        ):
            out.append(p)
    return out


def heal(t: Tables, w: Work, piece: Piece, events: list[Event]) -> None:
    w.set_hp(piece.id, t.kinds[piece.kind].hp)
    events.append(
        Note(
            EventTag.HEAL,
            squares=(piece.sq,),
            fact=Fact.QUEEN_HEALS,
            pieces=(ref(piece),),
            numbers=(t.kinds[piece.kind].hp,),
        )
    )
