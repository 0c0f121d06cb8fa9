"""A static estimate of a Gladiator Chess position for computer players, in the search's
pawns of winning chance (``estimate_unit`` is none: the analysis reads it as a chance).

Material is the pieces' values from the variant file, in Footmen; a hurt piece counts for less
(damage lasts, GC-20), a frozen piece for half (it is out of play until the Queen leaves,
GC-27), a captured Queen for less each turn she is held (GC-34). A protected King (GC-21) is
worth a bonus; an unprotected one is in danger by his lost hit points. Cheap: no move is
generated.

Material decides Gladiator's games far less than its count says, and a held Queen far more:
over 200 games between medium players (docs/analysis.md, Calibration), a team ten Footmen
ahead or more went on to win 58% of its games, while one holding the enemy Queen won 77% from
her capture and all of them from her fourth turn held. So a Footman counts ``MATERIAL`` pawns
of chance; holding the enemy Queen ``HELD_QUEEN``, and ``HELD_TURN`` more for each turn she has
been held; the first team, while the second team's turn is on, ``TURN_AHEAD`` (it has had one
turn more: it won 101 of those games to 88); and the team whose turn is on ``TEMPO`` for each
commander still to move (without it, the later in its turn, the higher the search read the
team on). The numbers were fitted on those games' outcomes.
"""

from __future__ import annotations

from .state import ABDUCTED, BOARD, FROZEN, KING, QUEEN, RETURNING, GladiatorState, Piece, protected
from .tables import Tables

WON = 1000.0
PROTECTED_KING = 2.0  # the King's Knight's shield (GC-21) is worth a minor piece, in Footmen
FROZEN_SHARE = 0.5
MATERIAL = 0.055  # the search's pawns of chance a Footman of material is worth
HELD_QUEEN, HELD_TURN = 2.3, 1.4  # to the team holding the enemy Queen (GC-34)
TURN_AHEAD = 1.1  # to the first team while the second team's turn is on
TEMPO = 0.15  # to the team whose turn is on, for each of its commanders still to move


def evaluate(t: Tables, state: GladiatorState, side: int) -> float:
    if state.result is not None:
        if state.result.winner is None:
            return 0.0
        return WON if state.result.winner == side else -WON
    material = team_score(t, state, side) - team_score(t, state, 1 - side)
    on = TEMPO * (len(t.commanders) - state.step)
    white = held_queens(state) + (TURN_AHEAD - on if state.side else on)
    return MATERIAL * material + (white if side == 0 else -white)


def held_queens(state: GladiatorState) -> float:
    """White's edge for the Queens held (GC-34): to the holder, the nearer her last turn the
    more."""
    edge = 0.0
    for p in state.pieces:
        if p.kind == QUEEN and p.status == ABDUCTED:
            held = HELD_QUEEN + HELD_TURN * state.held[p.side]
            edge += held if p.side == 1 else -held
    return edge


def team_score(t: Tables, state: GladiatorState, side: int) -> float:
    """The material of ``side``, in Footmen."""
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
