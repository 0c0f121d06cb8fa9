"""Gladiator Chess's refusals in words (``GladiatorPresenter.REFUSAL_WORDS``), by ``Reason``
and the ``SharedReason`` it words its own way."""

from __future__ import annotations

from typing import Any

from battlechess_tui.engine.present import RefusalWords
from battlechess_tui.engine.present_part import Speaker
from battlechess_tui.engine.refusal import Refusal, SharedReason

from .pending import PLACE, PROMOTE, RETURN
from .refusals import KINGS_MOVE_RULE, Reason
from .state import QUEEN

CHOICE_WORDS: dict[str, str] = {
    PLACE: "place the Queen next to her King (GC-30)",
    RETURN: "choose where the released piece goes (GC-29)",
    PROMOTE: "choose the piece that returns by promotion (GC-11)",
}


def _pending(presenter: Speaker, refusal: Refusal) -> str:
    offered = ", ".join(a.text(presenter.geo) for a in refusal.actions)
    return f"first {CHOICE_WORDS[refusal.names[0]]}: {offered}"


def _whose(presenter: Speaker, refusal: Refusal) -> str:
    """``it is the Queen's move``: whose move it is, for a piece moved out of turn."""
    return f"it is the {presenter.kind_name(refusal.pieces[1].kind)}'s move"


def _cited(refusal: Refusal) -> str:
    if refusal.rule == KINGS_MOVE_RULE:
        return KINGS_MOVE_RULE
    return "GC-4, GC-13; the King may override, GC-14"


def _own_move_only(presenter: Speaker, refusal: Refusal) -> str:
    piece = refusal.pieces[0]
    own = "her" if piece.kind == QUEEN else "his"
    name = presenter.kind_name(piece.kind)
    return (
        f"{_whose(presenter, refusal)}; the {name} moves only on {own} own move ({_cited(refusal)})"
    )


def _obeys_other(presenter: Speaker, refusal: Refusal) -> str:
    name = presenter.kind_name(refusal.pieces[0].kind)
    boss = presenter.kind_name(refusal.pieces[2].kind)
    return f"{_whose(presenter, refusal)}; the {name} obeys the {boss} ({_cited(refusal)})"


def _cannot_reach(presenter: Any, refusal: Refusal) -> str:
    kind = refusal.pieces[0].kind
    frm, to = (presenter.geo.name(s) for s in refusal.squares)
    moves = "; ".join(presenter.rules.t.kinds[kind].moves)
    return f"a {presenter.kind_name(kind)} cannot move from {frm} to {to}: {moves}"


WORDS: dict[str, RefusalWords] = {
    SharedReason.NOT_YOURS: "the {k[0]} on {at[0]} belongs to {owner[0]}",
    SharedReason.OWN_PIECE_THERE: "{at[0]} holds your own {k[0]}",
    SharedReason.CANNOT_REACH: _cannot_reach,
    Reason.PENDING: _pending,
    Reason.ALREADY_OVERRIDING: "the King already makes the {k[0]}'s move (GC-14, GC-15)",
    Reason.KING_OWN_MOVE: "the King cannot override his own move (GC-14)",
    Reason.NO_OVERRIDE_QUESTION: "there is no override question: the {k[0]}'s own move means "
    "no override (GC-14)",
    Reason.OVERRIDE_USELESS: "an override could move no piece the {k[0]} cannot: the {k[0]} "
    "moves (GC-14)",
    Reason.HEAL_REFUSED: "the Queen heals only hurt friendly pieces next to her, at the start "
    "of her own move, while she is on the board (GC-32)",
    Reason.NOT_AN_ACTION: "{a[0]} is not a Gladiator Chess action: type a move such as f2f4",
    Reason.MOVED_ALREADY: "the {k[0]} has already moved this turn (GC-13)",
    Reason.OWN_MOVE_ONLY: _own_move_only,
    Reason.OBEYS_OTHER: _obeys_other,
    Reason.CHECK_UNANSWERED: "your King is in check: this move does not get him out of it (GC-24)",
    Reason.SELF_CHECK: "that move would leave your King in check (GC-22)",
    Reason.QUEEN_ON_OWN: "the Queen cannot land on her own pieces",
    Reason.QUEEN_FREEZE_PROTECTED: "the Queen cannot freeze the {k[0]} while he is protected "
    "(GC-27, GC-28)",
    Reason.KING_ONTO_QUEEN: "the King can never move onto a square holding a Queen (GC-23)",
    Reason.OWN_QUEEN_LANDING: "a piece lands on its own Queen only to attack the piece she "
    "holds frozen, and never a frozen Queen (GC-27, GC-30)",
    Reason.QUEEN_NOT_CAPTURED: "a {k[0]} cannot capture the Queen (GC-29)",
    Reason.KING_KILLS_OWN: "the King kills his own pieces only to get out of check (GC-23)",
    Reason.KING_UNATTACKABLE: "the King cannot be attacked while his King's Knight lives and "
    "his Queen is free (GC-21)",
}
