"""How near each side's pieces stand to the enemy King, for the static estimate (``value.py``).

A count of the pieces and of the battles the next move could start says nothing of a piece
three moves from any foe: with no battle in reach both sides shuffle, and the game is drawn
after the quiet turns (DD-4) however far ahead one side is. The King's fall ends the game
(DD-9) and most classes beat the Bard in a battle (DD-10), so each piece other than the King
counts a little for every square it stands nearer the enemy King (by king steps): a search
then brings its pieces forward until battles come within its reach.
"""

from __future__ import annotations

from battlechess_tui.rules.dnd.race import DndNumbers
from battlechess_tui.rules.dnd.state import DndState

#: Pawns a piece gains for each square (king steps) it stands nearer the enemy King.
APPROACH = 0.03


def approach(rules: DndNumbers, state: DndState, side: int) -> float:
    """``side``'s pieces' nearness to the enemy King less the enemy's, in pawns."""
    classes, geo = rules.tables.classes, rules.geo
    far = max(geo.width, geo.height) - 1
    kings: list[int | None] = [None, None]
    others = []
    for p in state.pieces:
        if p.alive:
            if classes[p.cls].piece == "king":
                kings[p.side] = state.standing(p.id)
            else:
                others.append(p)
    total = 0
    for p in others:
        king = kings[1 - p.side]
        if king is None:
            continue
        x, y = geo.xy(state.standing(p.id))
        kx, ky = geo.xy(king)
        near = far - max(abs(x - kx), abs(y - ky))
        total += near if p.side == side else -near
    return APPROACH * total
