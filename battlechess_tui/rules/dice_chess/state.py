"""The Dice Chess position: dice on squares, whose decision, the setup phase and the counts
the end of the game reads (DC-2, DC-9, DC-12, DC-14, DC-15)."""

from __future__ import annotations

from dataclasses import dataclass

#: Faces of a die (DC-1).
FACES = 6
#: Seats, White's first (DC-3).
SEATS = ("white", "black")

#: A die on the board: (side, face).
Die = tuple[int, int]


@dataclass(frozen=True)
class DiceChessState:
    """A position. Never changed once made: ``apply`` builds a new one. Hashable, so equal
    positions are one dictionary key."""

    board: tuple[Die | None, ...]
    side: int = 0  # who decides now
    setup: bool = False  # the arranging phase (DC-2) is running
    swaps: tuple[int, int] = (0, 0)  # swaps each side has made in the setup phase (DC-15)
    #: Faces of the enemy dice each side has captured, in order (DC-9).
    captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    #: Turns (moves or passes) since the last capture, or since setup if none yet (DC-12, DC-14).
    quiet: int = 0

    @property
    def any_capture(self) -> bool:
        """Whether a capture has been made: the stall count (DC-12) or the opening limit
        (DC-14) applies."""
        return bool(self.captured[0] or self.captured[1])

    def dice_of(self, side: int) -> list[tuple[int, int]]:
        """(square, face) of every die of ``side`` on the board, by square."""
        return [(sq, d[1]) for sq, d in enumerate(self.board) if d is not None and d[0] == side]

    def board_total(self, side: int) -> int:
        """The faces of ``side``'s dice on the board, added (DC-12's first count)."""
        return self.board_totals()[side]

    def board_totals(self) -> tuple[int, int]:
        """``board_total`` of White and of Black, in one pass over the board."""
        totals = [0, 0]
        for die in self.board:
            if die is not None:
                totals[die[0]] += die[1]
        return totals[0], totals[1]

    def captured_total(self, side: int) -> int:
        """The faces of the dice ``side`` has captured, added (DC-12's tie-break)."""
        return sum(self.captured[side])
