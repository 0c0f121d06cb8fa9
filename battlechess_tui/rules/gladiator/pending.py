"""Choices the rules ask for after a move: where a freed Queen or piece goes, which piece
returns by promotion. A choice with one possible answer is made at once, without asking: its
event (a ``place``, ``return`` or ``promote`` note) tells the players what happened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battlechess_tui.engine.events import Event, Note
from battlechess_tui.rules.gladiator.vocabulary import GladiatorAction, GladiatorTag

from . import promotion, queen
from .facts import Fact, ref
from .state import Pending, Position, Work
from .tables import Tables

PLACE, RETURN, PROMOTE = GladiatorAction.PLACE, GladiatorAction.RETURN, GladiatorAction.PROMOTE


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
    who = (ref(piece, answer),)
    if item.kind == PLACE:
        events.append(Note(GladiatorTag.PLACE, squares=(answer,), pieces=who, rule="GC-30"))
    else:
        back = t.geo.rank(answer) == (0 if piece.side == 0 else t.geo.height - 1)
        fact = Fact.BACK_RANK if back else Fact.NEAREST
        events.append(
            Note(GladiatorTag.RETURN, squares=(answer,), fact=fact, pieces=who, rule="GC-29")
        )
