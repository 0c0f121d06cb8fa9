"""Promotion (GC-11): a Footman or Squire on the far rank is replaced by a killed piece.

A Footman brings back a killed Warrior or Scout of its team, a Squire any killed piece of its
team but the Queen (a Footman or a Squire too: ruling, round 2); the lists are in the variant
file. The returned piece has full hit points. With nothing eligible the pawn stays as it is.
"""

from __future__ import annotations

from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.gladiator.vocabulary import GladiatorAction

from .facts import Fact, ref
from .state import KILLED, RETIRED, Pending, Piece, Position, Work, seat_key
from .tables import Tables


def far_rank(t: Tables, side: int) -> int:
    return t.geo.height - 1 if side == 0 else 0


def choices(t: Tables, pos: Position, pawn: Piece) -> tuple[str, ...]:
    """The kinds that may return for ``pawn``, in the variant file's order."""
    allowed = t.data.promotion.get(pawn.kind, [])
    killed = {p.kind for p in pos.pieces if p.side == pawn.side and p.status == KILLED}
    return tuple(k for k in allowed if k in killed)


def on_arrival(t: Tables, w: Work, pawn: Piece) -> None:
    """After a move: a promoting pawn on its far rank asks which piece returns."""
    if pawn.kind not in t.data.promotion or t.geo.rank(pawn.sq) != far_rank(t, pawn.side):
        return
    seat = seat_key(pawn.side, t.kinds[pawn.kind].commander)
    w.pending += (Pending(GladiatorAction.PROMOTE, seat, pawn.id),)


def promote(t: Tables, w: Work, pawn: Piece, kind: str, events: list[Event]) -> None:
    """Replace ``pawn`` by the first killed piece of ``kind``, healed to full."""
    back = next(
        p for p in w.pieces if p.side == pawn.side and p.kind == kind and p.status == KILLED
    )
    sq = pawn.sq
    w.lift(pawn.id, RETIRED)
    w.put(back.id, sq)
    w.set_hp(back.id, t.kinds[kind].hp)
    w.moved = w.moved | {back.id}
    w.not_quiet()
    events.append(
        Note(
            EventTag.PROMOTE,
            squares=(sq,),
            fact=Fact.REPLACED,
            pieces=(ref(pawn, sq), ref(back, sq)),
            rule="GC-11",
        )
    )


def no_promotion(t: Tables, pawn: Piece, events: list[Event]) -> None:
    events.append(
        Note(
            EventTag.PROMOTE,
            squares=(pawn.sq,),
            fact=Fact.STAYS,
            pieces=(ref(pawn),),
            rule="GC-11",
        )
    )
