"""A static estimate of a D&D Battle Chess position for computer players: cheap, in pawns.

A piece is worth its chess value (the variant file's ``value``), more for each level above 1
and less as it loses hit points; the King, worth nothing as material, is worth his hit points
because his fall ends the game (DD-9). Helpful effects add a little, harmful ones and
conditions that stop a piece (paralyzed, prone) take away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.state import DndState, Effect, Piece

if TYPE_CHECKING:
    from battlechess_tui.rules.dnd.rules import DndRules

LEVEL_WORTH = 0.5  # each level above 1 adds half the piece's value
KING_WORTH = 6.0  # the King at full hit points
BUFF, DEBUFF, HELPLESS = 0.2, 0.3, 1.0
WIN = 1000.0


def evaluate(rules: DndRules, state: DndState, side: int) -> float:
    """``side``'s estimate of ``state``: its pieces' worth less the enemy's."""
    result = state.result
    if result is not None:
        return 0.0 if result.winner is None else (WIN if result.winner == side else -WIN)
    total = 0.0
    for p in state.pieces:
        if p.alive:
            total += worth(rules, p) if p.side == side else -worth(rules, p)
    return total


def worth(rules: DndRules, p: Piece) -> float:
    t = rules.tables
    temp = fx.temp_hp(p)
    health = max(0, p.hp + temp) / (fx.max_hp(t, p) + temp)
    piece = t.classes[p.cls].piece
    if piece == "king":
        base = KING_WORTH * health
    else:
        value = rules.spec.pieces[piece].value * (1 + LEVEL_WORTH * (p.level - 1))
        base = value * (0.5 + 0.5 * health)
    return base + sum(_effect_worth(e) for e in p.effects)


def _effect_worth(e: Effect) -> float:
    if e.condition in fx.HELPLESS:
        return -HELPLESS
    return BUFF if fx.helps(e) else -DEBUFF
