"""The state of a game played by FIDE's moves on a ``ChessBoard`` (classic, single combat)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlechess_tui.engine.chessboard import FrozenBoard

#: A position's identity for repetition (``ChessBoard.key``).
RepetitionKey = tuple[bytes, int, int, int]


@dataclass(frozen=True, eq=False)
class ChessState:
    """A position, the moves the rules allow in it, and what the draw rules and the tally need
    of its past. Never changed once made: ``board`` is a ``FrozenBoard`` (the rules move on
    its ``copy()``), and every other field is a tuple or a number.

    Two states are equal (and hash equal) when their positions are: everything the position
    text holds (the board, side to move, castling rights, en passant square, clocks, passes).
    The past (``keys``, ``lost``) travels beside the position but is not compared, as
    python-chess's ``Board`` ignores its move stack.
    """

    board: FrozenBoard
    #: The moves the rules allow (ints of ``ChessBoard``), found when the state is built.
    moves: tuple[int, ...]
    #: Position keys since the last capture or pawn move, oldest first (repetition draws).
    keys: tuple[RepetitionKey, ...] = ()
    #: Pieces each side has lost, by piece int, in the order lost.
    lost: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    passes: int = 0  # consecutive passes (games where a stuck player passes)

    def identity(self) -> tuple[Any, ...]:
        """What makes two states equal: the position, not how it was reached."""
        return self.board.snapshot(), self.passes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChessState):
            return NotImplemented
        return self.identity() == other.identity()

    def __hash__(self) -> int:
        return hash(self.identity())

    def repetitions(self) -> int:
        """How many times the current position has stood since the last irreversible move."""
        return self.keys.count(self.keys[-1]) if self.keys else 1
