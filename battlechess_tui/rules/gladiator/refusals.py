"""Why a decision is refused, in facts that cite the rule (GC-4..GC-32); the presenter words
them (``present_refusals.py``)."""

from __future__ import annotations

from enum import StrEnum

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import PieceRef
from battlechess_tui.engine.refusal import Refusal, SharedReason

from .facts import ref
from .moves import Generator, classify, raw_targets
from .pending import PLACE, PROMOTE, RETURN
from .state import KING, QUEEN, GladiatorState, Piece
from .tables import Tables
from .turns import HEAL, NO_OVERRIDE, OVERRIDE, Analysis, commander

#: The rule of each choice a captured or promoted piece waits for.
CHOICE_RULES: dict[str, str] = {PLACE: "GC-30", RETURN: "GC-29", PROMOTE: "GC-11"}
#: The rules of a piece moved on another commander's move: the King's move, else the others'.
KINGS_MOVE_RULE, COMMANDERS_RULE = "GC-14", "GC-4, GC-13, GC-14"


class Reason(StrEnum):
    """Why Gladiator Chess refuses a decision (``Refusal.fact``, besides ``SharedReason``)."""

    PENDING = "pending"  # names[0]: the choice waited for; actions: those offered (GC-11/29/30)
    ALREADY_OVERRIDING = "already-overriding"  # pieces[0]: the commander (GC-14, GC-15)
    KING_OWN_MOVE = "king-own-move"  # the King cannot override himself (GC-14)
    NO_OVERRIDE_QUESTION = "no-override-question"  # the old no-override, refused (GC-14)
    OVERRIDE_USELESS = "override-useless"  # pieces[0]'s move: an override adds none (GC-14)
    HEAL_REFUSED = "heal-refused"  # the Queen heals only hurt neighbours (GC-32)
    NOT_AN_ACTION = "not-an-action"  # actions[0] is no Gladiator Chess action
    MOVED_ALREADY = "moved-already"  # pieces[0] has moved this turn (GC-13)
    OWN_MOVE_ONLY = "own-move-only"  # pieces: a commander, and the commander moving (rule)
    OBEYS_OTHER = "obeys-other"  # pieces: the piece, the commander moving, its own (rule)
    CHECK_UNANSWERED = "check-unanswered"  # in check, and the move does not end it (GC-24)
    SELF_CHECK = "self-check"  # the move leaves the King in check (GC-22)
    QUEEN_ON_OWN = "queen-on-own"  # the Queen onto her own piece
    QUEEN_FREEZE_PROTECTED = "queen-freeze-protected"  # pieces[0] is protected (GC-27, GC-28)
    KING_ONTO_QUEEN = "king-onto-queen"  # (GC-23)
    OWN_QUEEN_LANDING = "own-queen-landing"  # onto one's own Queen (GC-27, GC-30)
    QUEEN_NOT_CAPTURED = "queen-not-captured"  # pieces[0] cannot capture a Queen (GC-29)
    KING_KILLS_OWN = "king-kills-own"  # only to get out of check (GC-23)
    KING_UNATTACKABLE = "king-unattackable"  # his Knight lives, his Queen is free (GC-21)


def refusal(
    t: Tables, state: GladiatorState, action: Action, found: Analysis, offered: list[Action]
) -> Refusal:
    """Why ``action`` is refused in ``state`` (``offered``: the legal actions)."""
    if state.result is not None:
        return Refusal(SharedReason.GAME_OVER)
    if state.pending:
        kind = state.pending[0].kind
        return Refusal(
            Reason.PENDING, names=(kind,), actions=tuple(offered), rule=CHOICE_RULES[kind]
        )
    if action.kind in (OVERRIDE, NO_OVERRIDE):
        return override_refusal(t, state, found)
    if action.kind == HEAL:
        return Refusal(Reason.HEAL_REFUSED, action.squares, rule="GC-32")
    if action.kind != MOVE or len(action.squares) != 2:
        return Refusal(Reason.NOT_AN_ACTION, actions=(action,))
    return move_refusal(t, state, *action.squares)


def override_refusal(t: Tables, state: GladiatorState, found: Analysis) -> Refusal:
    cmd = commander(t, state)
    who = (PieceRef(state.side, cmd),)
    if state.overriding:
        return Refusal(Reason.ALREADY_OVERRIDING, pieces=who, rule="GC-14, GC-15")
    if cmd == KING:
        return Refusal(Reason.KING_OWN_MOVE, pieces=who, rule="GC-14")
    if found.can_override:  # only the old no-override is refused here
        return Refusal(Reason.NO_OVERRIDE_QUESTION, pieces=who, rule="GC-14")
    return Refusal(Reason.OVERRIDE_USELESS, pieces=who, rule="GC-14")


def move_refusal(t: Tables, state: GladiatorState, frm: int, to: int) -> Refusal:
    p = state.at(frm)
    if p is None:
        return Refusal(SharedReason.NO_PIECE, (frm,))
    if p.side != state.side:
        return Refusal(SharedReason.NOT_YOURS, (frm,), (ref(p),))
    if p.id in state.moved:
        return Refusal(Reason.MOVED_ALREADY, (frm,), (ref(p),), rule="GC-13")
    mover = KING if state.overriding else commander(t, state)
    if not state.overriding and t.kinds[p.kind].commander != mover:
        boss = t.kinds[p.kind].commander
        rule = KINGS_MOVE_RULE if mover == KING else COMMANDERS_RULE
        moving = PieceRef(state.side, mover)
        if p.kind == boss:  # a commander moves himself on his own move only
            return Refusal(Reason.OWN_MOVE_ONLY, (frm,), (ref(p), moving), rule=rule)
        whose = PieceRef(state.side, boss)
        return Refusal(Reason.OBEYS_OTHER, (frm,), (ref(p), moving, whose), rule=rule)
    gen = Generator(t, state)
    if to not in raw_targets(t, state.board, p, gen.f.queen_free[p.side]):
        return Refusal(SharedReason.CANNOT_REACH, (frm, to), (ref(p),))
    landing = landing_refusal(t, state, gen, p, to)
    if landing is not None:
        return landing
    if gen.check:
        return Refusal(Reason.CHECK_UNANSWERED, (frm, to), rule="GC-24")
    return Refusal(Reason.SELF_CHECK, (frm, to), rule="GC-22")


def landing_refusal(
    t: Tables, state: GladiatorState, gen: Generator, p: Piece, to: int
) -> Refusal | None:
    if classify(t, state, gen.f, p, to, gen.check) is not None:
        return None
    target = state.at(to)
    assert target is not None
    there = (ref(target),)
    if p.kind == QUEEN:
        if target.side == p.side:
            return Refusal(Reason.QUEEN_ON_OWN, (to,), there)
        return Refusal(Reason.QUEEN_FREEZE_PROTECTED, (to,), there, rule="GC-27, GC-28")
    if target.kind == QUEEN:
        if p.kind == KING and gen.f.protected[p.side]:
            return Refusal(Reason.KING_ONTO_QUEEN, (to,), there, rule="GC-23")
        if target.side == p.side:
            return Refusal(Reason.OWN_QUEEN_LANDING, (to,), there, rule="GC-27, GC-30")
        return Refusal(Reason.QUEEN_NOT_CAPTURED, (to,), (ref(p),), rule="GC-29")
    if target.side == p.side:
        if p.kind == KING:
            return Refusal(Reason.KING_KILLS_OWN, (to,), there, rule="GC-23")
        return Refusal(SharedReason.OWN_PIECE_THERE, (to,), there)
    return Refusal(Reason.KING_UNATTACKABLE, (to,), there, rule="GC-21")
