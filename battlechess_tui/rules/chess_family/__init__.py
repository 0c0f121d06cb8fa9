"""FIDE chess (``classic``) and the base of the games played with its pieces.

``rules`` holds ``ChessRules`` / ``ClassicRules``, ``present`` their presenter, ``state`` the
frozen ``ChessState``, ``position`` FEN as the games' position text, ``pieces`` the pieces'
names and values. The old names stay importable from here: ``ChessFamily`` and ``Classic``
are the rules classes (variant files of round 1 name ``chess_family:Classic``).
"""

from battlechess_tui.rules.chess_family.pieces import (
    LETTER_TO_TYPE,
    PIECE_KEYS,
    PROMO_LETTERS,
    ChessPieces,
)
from battlechess_tui.rules.chess_family.present import ChessPresenter
from battlechess_tui.rules.chess_family.rules import ChessRules, ClassicRules
from battlechess_tui.rules.chess_family.state import ChessState

ChessFamily = ChessRules
Classic = ClassicRules

__all__ = [
    "LETTER_TO_TYPE",
    "PIECE_KEYS",
    "PROMO_LETTERS",
    "ChessFamily",
    "ChessPieces",
    "ChessPresenter",
    "ChessRules",
    "ChessState",
    "Classic",
    "ClassicRules",
]
