"""A static estimate of a Gladiator Chess position for computer players, roughly in Footmen.

Material is the pieces' values from the variant file; a hurt piece counts for less (damage
lasts, GC-20), a frozen piece for half (it is out of play until the Queen leaves, GC-27), a
captured Queen for less each turn she is held (GC-34). A protected King (GC-21) is worth a
bonus; an unprotected one is in danger by his lost hit points. Cheap: no move is generated.
"""

from __future__ import annotations

from .state import ABDUCTED, BOARD, FROZEN, KING, RETURNING, GladiatorState, Piece, protected
from .tables import Tables

WON = 1000.0
PROTECTED_KING = 2.0  # the King's Knight's shield (GC-21) is worth a minor piece
FROZEN_SHARE = 0.5


def evaluate(t: Tables, state: GladiatorState, side: int) -> float:
    if state.result is not None:
        if state.result.winner is None:
            return 0.0
        return WON if state.result.winner == side else -WON
    return team_score(t, state, side) - team_score(t, state, 1 - side)


def team_score(t: Tables, state: GladiatorState, side: int) -> float:
    total = PROTECTED_KING if protected(state, side) else 0.0
    for p in state.pieces:
        if p.side == side:
            total += piece_score(t, state, p)
    return total


def piece_score(t: Tables, state: GladiatorState, p: Piece) -> float:
    kind = t.kinds[p.kind]
    health = (1 + p.hp / kind.hp) / 2 if kind.hp else 1.0
    if p.kind == KING and p.status in (BOARD, FROZEN):
        return -(1 - p.hp / kind.hp) * PROTECTED_KING if kind.hp else 0.0
    if p.status in (BOARD, RETURNING):
        return kind.value * health
    if p.status == FROZEN:
        return kind.value * health * FROZEN_SHARE
    if p.status == ABDUCTED:
        return kind.value * FROZEN_SHARE * (1 - state.held[p.side] / t.data.hold_turns)
    return 0.0
