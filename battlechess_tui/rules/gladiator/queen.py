"""The Queen: freezing (GC-27, GC-28), capture (GC-29), return (GC-30, GC-31), healing (GC-32).

Pieces that must be put somewhere (a freed Queen next to her King, a frozen piece sent back to
its back rank) wait in ``Work.pending``; ``pending.settle`` asks their owner where, or places
them at once when only one square is possible.
"""

from __future__ import annotations

from battlechess_tui.engine.events import Event, Note

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
from .tables import Tables, piece_name


def freeze(t: Tables, w: Work, queen: Piece, to: int, events: list[Event]) -> None:
    """GC-27: the Queen lands on ``to``; the enemy there leaves the board, frozen."""
    victim = w.at(to)
    assert victim is not None
    leave(t, w, queen, to, events)
    w.lift(victim.id, FROZEN, holder=queen.id)
    name = piece_name(t, victim.kind, victim.side)
    events.append(Note("freeze", f"{name} is frozen by the Queen on {t.geo.name(to)}", (to,)))


def leave(t: Tables, w: Work, queen: Piece, to: int, events: list[Event]) -> None:
    """The Queen moves to ``to``; the piece she held comes back to the square she left."""
    prisoner = held_by(w, queen)
    frm = queen.sq
    w.put(queen.id, to)
    if prisoner is not None:
        w.put(prisoner.id, frm)
        name = piece_name(t, prisoner.kind, prisoner.side)
        events.append(Note("thaw", f"{name} is free again on {t.geo.name(frm)}", (frm,)))


def abduct(t: Tables, w: Work, captor: Piece, queen: Piece, events: list[Event]) -> None:
    """GC-29: ``captor`` takes the Queen's square; she goes to the Captured Queen box. A piece
    she held goes back to its back rank. If the captor's own Queen was held, both return
    (GC-31, the swap)."""
    sq = queen.sq
    prisoner = held_by(w, queen)
    w.lift(queen.id, ABDUCTED, holder=captor.id)
    w.put(captor.id, sq)
    w.set_held(queen.side, 0)
    events.append(
        Note(
            "capture",
            f"{piece_name(t, QUEEN, queen.side)} is captured by the "
            f"{t.kinds[captor.kind].name} on {t.geo.name(sq)}",
            (sq,),
        )
    )
    if prisoner is not None:
        w.lift(prisoner.id, RETURNING)
        seat = seat_key(prisoner.side, t.kinds[prisoner.kind].commander)
        w.pending += (Pending("return", seat, prisoner.id, ()),)
    own = find(w, QUEEN, captor.side)
    if own is not None and own.status == ABDUCTED:
        events.append(Note("swap", "The Queens are swapped: both return to their Kings (GC-31)"))
        free(t, w, own, events)
        free(t, w, w.pieces[queen.id], events)


def free(t: Tables, w: Work, queen: Piece, events: list[Event]) -> None:
    """A captured or displaced Queen waits to be placed next to her King (GC-30, GC-31)."""
    if queen.status == ABDUCTED:
        events.append(Note("rescue", f"{piece_name(t, QUEEN, queen.side)} is free again"))
    w.lift(queen.id, RETURNING)
    w.set_held(queen.side, 0)
    w.pending += (Pending("place", seat_key(queen.side, QUEEN), queen.id, ()),)


def place_options(t: Tables, pos: Position, queen: Piece) -> tuple[int, ...]:
    """Empty squares next to her King; if none, the nearest empty squares (GC-30 ruling)."""
    centre = king_square(pos, queen.side)
    if centre == EMPTY:
        return ()
    geo = t.geo
    for ring in range(1, max(geo.width, geo.height)):
        found = tuple(
            s for s in range(geo.size) if pos.board[s] == EMPTY and geo.distance(s, centre) == ring
        )
        if found:
            return found
    return ()


def return_options(t: Tables, pos: Position, piece: Piece) -> tuple[int, ...]:
    """Empty squares of the piece's own back rank; if full, the nearest rank with room."""
    geo = t.geo
    ranks = range(geo.height) if piece.side == 0 else range(geo.height - 1, -1, -1)
    for rank in ranks:
        found = tuple(
            geo.square(x, rank) for x in range(geo.width) if pos.board[geo.square(x, rank)] == EMPTY
        )
        if found:
            return found
    return ()


def heal_targets(t: Tables, pos: Position, queen: Piece) -> list[Piece]:
    """GC-32: hurt friendly pieces next to the Queen, in board order."""
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
    name = piece_name(t, piece.kind, piece.side)
    events.append(
        Note(
            "heal",
            f"The Queen heals the {name} on {t.geo.name(piece.sq)} to "
            f"{t.kinds[piece.kind].hp} hit points",
            (piece.sq,),
        )
    )
