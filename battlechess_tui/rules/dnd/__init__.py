"""D&D Battle Chess (variant key ``dnd``): chess pieces as D&D 3.5 heroes (DD-1..DD-32)."""

from battlechess_tui.rules.dnd.variant import DndBattleChess

__all__ = ["DndBattleChess"]
