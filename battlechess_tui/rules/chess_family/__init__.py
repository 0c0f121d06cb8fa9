"""FIDE chess (``classic``) and the base of the games played with its pieces.

``rules`` holds ``ChessRules`` / ``ClassicRules``, ``present`` their presenter, ``state`` the
frozen ``ChessState``, ``position`` FEN as the games' position text, ``pieces`` the pieces'
names and values. ``ChessFamily`` is the old name of the rules base. ``Classic``, round 1's
rules and presenter in one object, is in ``rules.compat`` (asking for it here still works, with
a DeprecationWarning).
"""

from battlechess_tui.engine.loading import round_1_attribute
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


__all__ = [
    "LETTER_TO_TYPE",
    "PIECE_KEYS",
    "PROMO_LETTERS",
    "ChessFamily",
    "ChessPieces",
    "ChessPresenter",
    "ChessRules",
    "ChessState",
    "ClassicRules",
]


__getattr__ = round_1_attribute(__name__)
