"""The FIDE pieces of every game played with chess pieces: their keys in the variant file,
names, values and how the board draws them (piece ints of ``ChessBoard``)."""

from __future__ import annotations

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.events import PieceRef
from battlechess_tui.engine.spec import VariantSpec
from battlechess_tui.engine.views import Mark, PieceView

PIECE_KEYS = {cb.PAWN: "pawn", cb.KNIGHT_: "knight", cb.BISHOP: "bishop", cb.ROOK: "rook",
              cb.QUEEN: "queen", cb.KING: "king"}  # fmt: skip
PROMO_LETTERS = {cb.QUEEN: "q", cb.ROOK: "r", cb.BISHOP: "b", cb.KNIGHT_: "n"}
LETTER_TO_TYPE = {v: k for k, v in PROMO_LETTERS.items()}


def piece_ref(piece: int, square: int) -> PieceRef:
    """The chess piece int ``piece`` standing on ``square``, for a note or a refusal."""
    return PieceRef(cb.side_of(piece), PIECE_KEYS[piece & 7], square)


def piece_values(spec: VariantSpec) -> tuple[int, ...]:
    """Each piece int's value from the variant file (``values[piece]``), sign-free."""
    values = [0] * 16
    for typ, key in PIECE_KEYS.items():
        value = spec.pieces[key].value
        values[typ] = values[typ | cb.BLACK] = value
    return tuple(values)


class ChessPieces:
    """Names and board views of the FIDE pieces, read from the variant file."""

    spec: VariantSpec

    def piece_name(self, piece: int) -> str:
        return self.spec.pieces[PIECE_KEYS[piece & 7]].name.lower()

    def view_of(self, piece: int, marks: tuple[Mark, ...] = ()) -> PieceView:
        key = PIECE_KEYS[piece & 7]
        spec = self.spec.pieces[key]
        side = cb.side_of(piece)
        glyph = spec.black_glyph if side and spec.black_glyph else spec.glyph
        letter = spec.letter if side == 0 else spec.letter.lower()
        return PieceView(key, side, letter, glyph or letter, spec.name, marks=marks)
