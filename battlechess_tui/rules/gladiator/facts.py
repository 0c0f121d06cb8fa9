"""Which statement a Gladiator note makes (``Note.fact``): the presenter words each one."""

from __future__ import annotations

from enum import StrEnum

from battlechess_tui.engine.events import PieceRef

from .state import Piece


class Fact(StrEnum):
    REPLACED = "replaced"  # a promoting pawn is replaced by a killed piece (GC-11)
    STAYS = "stays"  # a pawn on the far rank with no piece to bring back stays (GC-11)
    INSTANT = "instant"  # the protected King kills on entry (GC-23)
    KING_OVERRIDES = "king-overrides"  # the King takes over the commander's move (GC-14)
    DEAD = "dead"  # the commander is dead: the King makes the move (GC-17)
    CANNOT_MOVE = "cannot-move"  # the commander's pieces cannot move: the King does (GC-15)
    SKIPPED = "skipped"  # nobody can make the commander's move (GC-15)
    BACK_RANK = "back-rank"  # a freed piece goes to its back rank (GC-29)
    NEAREST = "nearest"  # ... or to the nearest empty square (GC-29)
    QUEEN_HEALS = "queen-heals"  # the Queen heals a neighbour to full
    VICTOR = "victor"  # a victorious piece is healed to full (GC-20)


def ref(piece: Piece, square: int | None = None) -> PieceRef:
    """``piece`` as a note names it: its side, kind and square (``square`` if given)."""
    return PieceRef(piece.side, piece.kind, piece.sq if square is None else square)
