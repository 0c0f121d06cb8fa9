"""Choices the rules ask for after a move: where a freed Queen or piece goes, which piece
returns by promotion. A choice with one possible answer is made at once, without asking: its
event (a ``place``, ``return`` or ``promote`` note) tells the players what happened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.vocabulary import ActionKind, EventTag

from . import promotion, queen
from .state import Pending, Position, Work
from .tables import Tables, piece_name

PLACE, RETURN, PROMOTE = ActionKind.PLACE, ActionKind.RETURN, ActionKind.PROMOTE


def options(t: Tables, pos: Position, item: Pending) -> tuple[Any, ...]:
    piece = pos.pieces[item.piece]
    if item.kind == PLACE:
        return queen.place_options(t, pos, piece)
    if item.kind == RETURN:
        return queen.return_options(t, pos, piece, item.near)
    return promotion.choices(t, pos, piece)


def settle(t: Tables, w: Work, events: list[Event]) -> None:
    """Resolve open choices that have one answer; leave the first real choice at the head."""
    while w.pending and w.result is None:
        head = w.pending[0]
        found = options(t, w, head)
        if len(found) > 1:
            w.pending = (replace(head, options=found), *w.pending[1:])
            return
        w.pending = w.pending[1:]
        if found:
            resolve(t, w, head, found[0], events)
        elif head.kind == PROMOTE:
            promotion.no_promotion(t, w.pieces[head.piece], events)


def resolve(t: Tables, w: Work, item: Pending, answer: Any, events: list[Event]) -> None:
    """Carry out the answer to ``item`` (the item is already off the queue)."""
    piece = w.pieces[item.piece]
    if item.kind == PROMOTE:
        promotion.promote(t, w, piece, answer, events)
        return
    w.put(piece.id, answer)
    name = piece_name(t, piece.kind, piece.side)
    if item.kind == PLACE:
        text = f"{name} goes next to her King: {t.geo.name(answer)} (GC-30)"
        events.append(Note(EventTag.PLACE, text, (answer,)))
    else:
        back = t.geo.rank(answer) == (0 if piece.side == 0 else t.geo.height - 1)
        where = "to its back rank" if back else "to the nearest empty square"
        text = f"{name} goes {where}: {t.geo.name(answer)} (GC-29)"
        events.append(Note(EventTag.RETURN, text, (answer,)))
