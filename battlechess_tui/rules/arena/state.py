"""The state of the arena games: a position between two decisions of a turn (AR-4)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum


class Half(IntEnum):
    """The two halves of a turn (AR-4), in order (``HALF_NAMES`` reads by them)."""

    GLADIATOR = 0
    SUPPORTER = 1


GLADIATOR, SUPPORTER = Half.GLADIATOR, Half.SUPPORTER
HALF_NAMES = ("gladiator move", "supporter move")


@dataclass(frozen=True)
class ArenaState:
    """A position between two decisions; never changed once made (``apply`` builds a new one).

    Equal states (equal hashes) hold the same position and counters: what the position text
    writes. ``keys``, the turn starts since the last capture, is the past the repetition draw
    reads (AR-13); it travels beside the position but is not compared.
    """

    board: tuple[int, ...]  # chessboard piece ints (type 1..6, +8 for Black), a1 = 0
    side: int  # whose turn it is (0 White, 1 Black)
    phase: Half  # GLADIATOR or SUPPORTER: which half of the turn is next
    fullmove: int = 1  # as FEN's move number: one more after each of Black's turns
    idle: tuple[int, int] = (0, 0)  # own turns in a row without a gladiator move (AR-12)
    quiet: int = 0  # gladiator halves, made or skipped, since the last capture (AR-13)
    keys: tuple[bytes, ...] = field(default=(), compare=False)  # turn starts (AR-13)

    @property
    def turn(self) -> int:
        """The turn's number: each player's turn counts one (White's first is 1)."""
        return 2 * (self.fullmove - 1) + self.side + 1

    def start_key(self) -> bytes:
        """The position as the repetition rule compares turn starts (AR-13)."""
        return bytes(self.board) + bytes((self.side,))
