"""Choices the rules ask for after a move: where a freed Queen or piece goes, which piece
returns by promotion. A choice with one possible answer is made at once, without asking."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battlechess_tui.engine.events import Event, Note

from . import promotion, queen
from .state import Pending, Position, Work
from .tables import Tables, piece_name


def options(t: Tables, pos: Position, item: Pending) -> tuple[Any, ...]:
    piece = pos.pieces[item.piece]
    if item.kind == "place":
        return queen.place_options(t, pos, piece)
    if item.kind == "return":
        return queen.return_options(t, pos, piece)
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
        elif head.kind == "promote":
            promotion.no_promotion(t, w.pieces[head.piece], events)


def resolve(t: Tables, w: Work, item: Pending, answer: Any, events: list[Event]) -> None:
    """Carry out the answer to ``item`` (the item is already off the queue)."""
    piece = w.pieces[item.piece]
    if item.kind == "promote":
        promotion.promote(t, w, piece, answer, events)
        return
    w.put(piece.id, answer)
    name = piece_name(t, piece.kind, piece.side)
    where = "next to her King" if item.kind == "place" else "to its back rank"
    rule = "GC-30" if item.kind == "place" else "GC-29"
    events.append(Note(item.kind, f"{name} goes {where}: {t.geo.name(answer)} ({rule})", (answer,)))
