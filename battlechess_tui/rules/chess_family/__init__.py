"""FIDE chess (``classic``) and the base of the games played with its pieces.

``rules`` holds ``ChessRules`` / ``ClassicRules``, ``present`` their presenter, ``state`` the
frozen ``ChessState``, ``position`` FEN as the games' position text, ``pieces`` the pieces'
names and values. The old names stay importable from here: ``ChessFamily`` is the rules
base; ``Classic`` is FIDE chess's rules and presenter in one object, as round 1's variant files
(``rules = "chess_family:Classic"``, no ``present``) and scripts built it.
"""

from battlechess_tui.engine.spec import OptionValue, VariantSpec
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


class Classic(ClassicRules, ChessPresenter):
    """The old name: rules and presenter in one object. New code uses the two apart."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        ClassicRules.__init__(self, spec, options)
        ChessPresenter.__init__(self, self)


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
