"""How soon a side could first capture, and how many enemy dice it has in reach, with the
board as it stands: for computer players.

Each die class moves its own way (DC-4..DC-6) around the dice in its path, so the moves a die
needs to reach an enemy die it may take (DC-8) are found by flooding outward from it over the
empty squares. The squares are the bits of an integer, so a whole flood step is a few shifts
and masks; the other dice are taken to stand still.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dice_chess.state import FACES, DiceChessState

#: Floods stop after this many moves: farther captures count as none in sight.
HORIZON = 12


@dataclass(frozen=True)
class Masks:
    """A board's squares as bits: all of them, and all but the first or the last file (a
    step east or west masks off the bits that would wrap round the edge)."""

    width: int
    full: int
    not_first: int
    not_last: int


@cache
def masks(geo: Geometry) -> Masks:
    full = (1 << geo.size) - 1
    files = [sum(1 << geo.square(x, y) for y in range(geo.height)) for x in range(geo.width)]
    return Masks(geo.width, full, full & ~files[0], full & ~files[-1])


def steps(face: int, at: int, empty: int, m: Masks) -> tuple[int, int]:
    """Where dice showing ``face`` on the squares ``at`` may go in one move: the empty
    squares they reach, and the squares they attack (a capture ends the move, DC-6)."""
    w, full = m.width, m.full
    east, west = (at & m.not_last) << 1, (at & m.not_first) >> 1
    north, south = (at << w) & full, at >> w
    attack = east | west | north | south
    if face == FACES:  # and the diagonals (DC-5)
        attack |= ((east | west) << w) & full | (east | west) >> w
    elif face == 1:  # and two squares on, over an empty one (DC-6)
        attack |= (
            (east & empty & m.not_last) << 1
            | (west & empty & m.not_first) >> 1
            | ((north & empty) << w) & full
            | (south & empty) >> w
        )
    return attack & empty, attack


@dataclass(frozen=True)
class Armies:
    """A position as bits, built once for the questions below: each side's dice by face
    (``dice[side][face]``), the empty squares, and the board's masks."""

    dice: tuple[tuple[int, ...], tuple[int, ...]]
    empty: int
    masks: Masks

    @classmethod
    def of(cls, geo: Geometry, state: DiceChessState) -> Armies:
        dice = [[0] * (FACES + 1), [0] * (FACES + 1)]
        empty = 0
        for sq, die in enumerate(state.board):
            if die is None:
                empty |= 1 << sq
            else:
                dice[die[0]][die[1]] |= 1 << sq
        return cls((tuple(dice[0]), tuple(dice[1])), empty, masks(geo))

    def moves_to_capture(self, limit: int) -> tuple[int, int]:
        """``moves_to_capture`` (below) for White and for Black."""
        return self.soonest(0, limit), self.soonest(1, limit)

    def soonest(self, side: int, limit: int) -> int:
        """``moves_to_capture`` for one side: its dice of every face flood out together, one
        move at a time, so the search stops at the first move that reaches any prey."""
        mine, theirs = self.dice[side], self.dice[side ^ 1]
        fronts: dict[int, tuple[int, int, int]] = {}  # face: (squares reached, seen, prey)
        prey = 0
        for face in range(1, FACES + 1):
            prey |= theirs[face]  # a die takes dice showing its face or less (DC-8)
            if mine[face] and prey:
                fronts[face] = (mine[face], mine[face], prey)
        for moves in range(1, min(limit, HORIZON + 1)):
            for face, (at, seen, targets) in list(fronts.items()):
                reach, attack = steps(face, at, self.empty, self.masks)
                if attack & targets:
                    return moves
                at = reach & ~seen
                if at:
                    fronts[face] = (at, seen | at, targets)
                else:
                    del fronts[face]
            if not fronts:
                break
        return limit

    def prey_in_reach(self, side: int, moves: int) -> int:
        """``prey_in_reach`` (below): each die class floods on its own for ``moves`` moves."""
        mine, theirs = self.dice[side], self.dice[side ^ 1]
        prey = caught = 0
        for face in range(1, FACES + 1):
            prey |= theirs[face]
            at = seen = mine[face]
            for _ in range(moves):
                if not at or not prey:
                    break
                reach, attack = steps(face, at, self.empty, self.masks)
                caught |= attack & prey
                at = reach & ~seen
                seen |= at
        return caught.bit_count()

    def hunters(self, side: int, moves: int) -> int:
        """How many of ``side``'s dice could capture an enemy die within ``moves`` moves:
        each class of prey floods backwards to the squares it can be taken from (every move
        of a die is its own reverse, DC-4..DC-6)."""
        mine, theirs = self.dice[side], self.dice[side ^ 1]
        prey = found = 0
        for face in range(1, FACES + 1):
            prey |= theirs[face]
            if not mine[face] or not prey:
                continue
            at = seen = prey
            for _ in range(moves):
                _, attack = steps(face, at, self.empty, self.masks)
                found |= attack & mine[face]
                at = attack & self.empty & ~seen
                if not at:
                    break
                seen |= at
        return found.bit_count()


def moves_to_capture(geo: Geometry, state: DiceChessState, limit: int) -> tuple[int, int]:
    """For White and for Black, the fewest moves (below ``limit``, at most ``HORIZON``) in
    which one of its dice could capture an enemy die, or ``limit`` if none can sooner."""
    return Armies.of(geo, state).moves_to_capture(limit)


def prey_in_reach(geo: Geometry, state: DiceChessState, side: int, moves: int) -> int:
    """How many enemy dice ``side`` could capture within ``moves`` moves of one of its dice."""
    return Armies.of(geo, state).prey_in_reach(side, moves)
