"""Why a D&D decision is refused, in facts that cite the rule (DD-4..DD-45); the presenter
words them (``present_refusals.py``)."""

from __future__ import annotations

from enum import StrEnum

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.events import PieceRef
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import Rules
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import spells, spoils, turn
from battlechess_tui.rules.dnd.state import ACT, LOOT, MOVE_PHASE, SWAP, DndState
from battlechess_tui.rules.dnd.stats import Tables
from battlechess_tui.rules.dnd.vocabulary import DndAction


class Reason(StrEnum):
    """Why D&D Battle Chess refuses a decision (``Refusal.fact``, besides ``SharedReason``)."""

    SURRENDER_CAMPAIGN_ONLY = "surrender-campaign-only"  # outside campaign play (DD-45)
    SURRENDER_MOVE_ONLY = "surrender-move-only"  # only instead of a move (DD-45)
    LOOT_CHOICE = "loot-choice"  # the battle's winner loots or leaves (DD-42)
    LOOT_AFTER_KILL = "loot-after-kill"  # no piece just killed in melee (DD-42)
    MOVE_FIRST = "move-first"  # a chess move first (DD-4)
    HELD_FAST = "held-fast"  # a paralyzed, prone or fascinated piece (DD-23, DD-28)
    CHARMER = "charmer"  # a charmed piece against its charmer (DD-23)
    KING_FASCINATED = "king-fascinated"  # the fascinated King must move (DD-28)
    NO_PROMOTION = "no-promotion"  # a promotion letter: pieces rise a level (DD-31)
    KING_SWAP = "king-swap"  # the attacked King answers swap or stay (DD-17)
    ACT_NOW = "act-now"  # the moved piece acts now, no move (DD-5)
    NO_SLOT = "no-slot"  # names[0]: the spell, with no slot left (DD-19)
    OUT_OF_REACH = "out-of-reach"  # the target is out of range or behind a piece (DD-7, DD-8)
    CHOOSE_EFFECT = "choose-effect"  # none, or a spell or ability (DD-5, DD-7)
    WITHDRAW_REFUSED = "withdraw-refused"  # only a caster or Rogue that began it (DD-16)
    DEFENDER_FIRST_MELEE = "defender-first-melee"  # the defender's first action (DD-11)
    NOT_OPEN = "not-open"  # actions[0] in this battle; actions[1:]: those open


def refusal(
    rules: Rules[DndState], tables: Tables, campaign: bool, state: DndState, action: Action
) -> Refusal:
    """Why ``action``, not legal in ``state``, is refused (``campaign``: campaign play)."""
    if rules.outcome(state) is not None:
        return Refusal(SharedReason.GAME_OVER)
    if action == spoils.SURRENDER:
        if not campaign:
            return Refusal(Reason.SURRENDER_CAMPAIGN_ONLY, rule="DD-45")
        return Refusal(Reason.SURRENDER_MOVE_ONLY, rule="DD-45")
    if state.phase == LOOT:
        return Refusal(Reason.LOOT_CHOICE, rule="DD-42")
    if action.kind in (DndAction.LOOT, DndAction.LEAVE):
        return Refusal(Reason.LOOT_AFTER_KILL, rule="DD-42")
    if state.phase == MOVE_PHASE:
        return _move_refusal(state, action)
    if state.phase == SWAP:
        return Refusal(Reason.KING_SWAP, rule="DD-17")
    if state.phase == ACT:
        return _effect_refusal(tables, state, action)
    return _battle_refusal(rules, state, action)


def _battle_refusal(rules: Rules[DndState], state: DndState, action: Action) -> Refusal:
    if action.kind == DndAction.WITHDRAW:
        return Refusal(Reason.WITHDRAW_REFUSED, rule="DD-16")
    if action.kind == DndAction.ATTACK:
        b = state.battle
        if b is not None and b.first:
            return Refusal(Reason.DEFENDER_FIRST_MELEE, rule="DD-11")
        return Refusal(Reason.CHARMER, rule="DD-23")
    geo = rules.geo
    offered = {a.text(geo): a for a in rules.legal_actions(state)}
    return Refusal(Reason.NOT_OPEN, actions=(action, *(offered[t] for t in sorted(offered))))


def _move_refusal(state: DndState, action: Action) -> Refusal:
    if action.kind != MOVE or len(action.squares) != 2:
        return Refusal(Reason.MOVE_FIRST, rule="DD-4")
    frm, to = action.squares
    p = state.piece_at(frm)
    if p is None:
        return Refusal(SharedReason.NO_PIECE, (frm,))
    if p.side != state.side:
        return Refusal(SharedReason.NOT_YOURS, (frm,), (PieceRef(p.side, p.cls, frm),))
    if any(e.condition in turn.NO_MOVE for e in p.effects):
        return Refusal(Reason.HELD_FAST, (frm,), rule="DD-23, DD-28")
    q = state.piece_at(to)
    if q is not None and q.id in fx.charmed_by(p):
        return Refusal(Reason.CHARMER, (frm, to), rule="DD-23")
    f = state.fascination
    if f is not None and state.pieces[f.king].side == state.side:
        return Refusal(Reason.KING_FASCINATED, rule="DD-28")
    if action.choice:
        return Refusal(Reason.NO_PROMOTION, names=(action.choice,), rule="DD-31")
    return Refusal(
        SharedReason.CANNOT_REACH, (frm, to), (PieceRef(p.side, p.cls, frm),), rule="DD-4"
    )


def _effect_refusal(tables: Tables, state: DndState, action: Action) -> Refusal:
    if action.kind == MOVE:
        return Refusal(Reason.ACT_NOW, rule="DD-5")
    if action.kind == DndAction.CAST:
        p = state.pieces[state.actors[0]]
        if action.choice not in spells.castable(tables, p):
            return Refusal(Reason.NO_SLOT, names=(action.choice,), rule="DD-19")
        return Refusal(Reason.OUT_OF_REACH, action.squares, rule="DD-7, DD-8")
    return Refusal(Reason.CHOOSE_EFFECT, rule="DD-5, DD-7")
