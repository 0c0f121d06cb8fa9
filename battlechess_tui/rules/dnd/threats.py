"""The battles a side could start at once, for the static estimate (``value.py``).

A static count of the pieces cannot see that the side about to move has a Rook next to the
enemy King: the search would need two more decisions (the move and its battle) to find it,
more than the easy and medium budgets reach from most of their choices. So the estimate
credits the side whose chess move comes next with the best battle it could start by that move
(DD-10): the foe's stake times the chance of winning it, less its own piece's stake times the
chance of losing it, by the race of hits with the attacker acting first (DD-11: the winner of
the initiative is the attacker, or a defender whose first action may not be a melee blow).
Only the best counts, as one move is made.
"""

from __future__ import annotations

from collections.abc import Callable

from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.race import DndNumbers, chances
from battlechess_tui.rules.dnd.reach import line_targets
from battlechess_tui.rules.dnd.state import ACT, MOVE_PHASE, DndState, Piece, chess_board
from battlechess_tui.rules.dnd.turn import NO_MOVE

Stake = Callable[[DndNumbers, Piece], float]


def next_mover(state: DndState) -> int | None:
    """The side whose chess move comes next with no battle before it: the side to move, or,
    while a piece that moved chooses its action, the other side; None in a battle, a King's
    swap or a loot choice."""
    if state.phase == MOVE_PHASE:
        return state.side
    if state.phase == ACT:
        return 1 - state.side
    return None


def best_battle(rules: DndNumbers, state: DndState, side: int, stake: Stake) -> float:
    """The most ``side`` expects to gain from one battle its next move could start, by
    ``stake`` (what losing a piece costs its side); 0 if no battle gains."""
    board = chess_board(state, rules.geo, rules.tables.codes)
    pairs = []
    for p in state.living(side):
        if any(e.condition in NO_MOVE for e in p.effects):
            continue
        spared = fx.charmed_by(p) if p.effects else ()
        for square, _ in line_targets(board, p.square):  # enemies it could move onto
            foe = state.pieces[state.at[square]]
            if foe.side != side and foe.id not in spared:
                pairs.append((stake(rules, foe), p, foe))
    best = 0.0
    for prize, p, foe in sorted(pairs, key=lambda x: -x[0]):
        if prize <= best:
            break  # no battle for a smaller prize can gain more
        won, lost = chances(rules, state, p, foe)
        best = max(best, won * prize - lost * stake(rules, p))
    return best
