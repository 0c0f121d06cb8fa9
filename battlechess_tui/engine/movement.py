"""Movement primitives read from variant data: sliders, leapers, pawn kinds and bent paths.

A piece's ``movement`` list in a variant file holds descriptors such as ``"slide orth"``,
``"slide all 2"``, ``"leap 1 2"``, ``"step all"``, ``"pawn"``, ``"pawn any-double"`` or
``"bent 3 5"``. Each parses into a ``Movement`` that lists target squares given who stands
where. ``occupant(square)`` returns None for an empty square, else the side standing there.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from battlechess_tui.engine.geometry import (
    ALL_DIRECTIONS,
    DIAGONAL,
    ORTHOGONAL,
    Geometry,
    Offset,
    symmetric,
)

Occupant = Callable[[int], "int | None"]
DIRECTION_SETS: dict[str, tuple[Offset, ...]] = {
    "orth": ORTHOGONAL,
    "diag": DIAGONAL,
    "all": ALL_DIRECTIONS,
}


def forward(side: int) -> int:
    """+1 rank for White (side 0), -1 for Black: towards the enemy's back rank."""
    return 1 if side == 0 else -1


class Movement(ABC):
    """One way a piece may move."""

    @abstractmethod
    def targets(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        """Squares it may move to: empty ones, and enemy ones where it may capture."""

    def attacks(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        """Squares it could capture on if an enemy stood there (check, flanking, threats)."""
        return [t for t in self.targets(geo, sq, side, _as_enemy_if_occupied(occupant, side))]

    def path(self, geo: Geometry, frm: int, to: int, side: int, occupant: Occupant) -> list[int]:
        """The squares crossed on the way from ``frm`` to ``to`` (both excluded)."""
        fx, fy = geo.xy(frm)
        tx, ty = geo.xy(to)
        dx, dy = tx - fx, ty - fy
        n = max(abs(dx), abs(dy))
        if n <= 1 or (dx and dy and abs(dx) != abs(dy)):
            return []
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        return [geo.square(fx + sx * i, fy + sy * i) for i in range(1, n)]


def _as_enemy_if_occupied(occupant: Occupant, side: int) -> Occupant:
    def enemy_everywhere(sq: int) -> int | None:
        return None if occupant(sq) is None else 1 - side

    return enemy_everywhere


@dataclass(frozen=True)
class Slide(Movement):
    """Any distance (up to ``limit``) along directions, blocked by pieces."""

    directions: tuple[Offset, ...]
    limit: int = 0  # 0: no limit

    def targets(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        """The empty squares along each direction up to a piece, and that piece's square if
        it is an enemy's."""
        out = []
        for ray in geo.rays(self.directions)[sq]:
            for i, s in enumerate(ray):
                if self.limit and i >= self.limit:
                    break
                who = occupant(s)
                if who is None:
                    out.append(s)
                    continue
                if who != side:
                    out.append(s)
                break
        return out


@dataclass(frozen=True)
class Leap(Movement):
    """A jump by fixed offsets, over anything in between."""

    offsets: tuple[Offset, ...]

    def targets(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        """The squares its offsets reach that are empty or hold an enemy."""
        return [s for s in geo.leaps(self.offsets)[sq] if occupant(s) in (None, 1 - side)]

    def path(self, geo: Geometry, frm: int, to: int, side: int, occupant: Occupant) -> list[int]:
        """None: a leap crosses no square."""
        return []


@dataclass(frozen=True)
class Pawn(Movement):
    """Forward to empty squares, diagonally forward to capture.

    ``double``: "start" (two squares from the second rank only) or "always" (a Footman).
    """

    double: str = "start"

    def _forward(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        out: list[int] = []
        step = forward(side)
        one = geo.offset(sq, 0, step)
        if one is None or occupant(one) is not None:
            return out
        out.append(one)
        start_rank = 1 if side == 0 else geo.height - 2
        if self.double == "always" or (self.double == "start" and geo.rank(sq) == start_rank):
            two = geo.offset(one, 0, step)
            if two is not None and occupant(two) is None:
                out.append(two)
        return out

    def capture_squares(self, geo: Geometry, sq: int, side: int) -> list[int]:
        """The two squares diagonally forward, where the pawn may capture (on the board)."""
        step = forward(side)
        return [s for dx in (-1, 1) if (s := geo.offset(sq, dx, step)) is not None]

    def targets(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        """The squares forward it may step to, and the diagonal squares holding an enemy."""
        caps = [s for s in self.capture_squares(geo, sq, side) if occupant(s) == 1 - side]
        return self._forward(geo, sq, side, occupant) + caps

    def attacks(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        """The squares the pawn attacks: diagonally forward, occupied or not."""
        return self.capture_squares(geo, sq, side)


@dataclass(frozen=True)
class Bent(Movement):
    """Exactly one of ``lengths`` squares orthogonally, turning at a right angle at most once.

    Every square passed must be empty; the last may hold an enemy (the Champion, GC-9).
    """

    lengths: tuple[int, ...]

    def routes(self, geo: Geometry, sq: int) -> dict[int, list[list[int]]]:
        """Every target square with the paths (squares crossed) that reach it."""
        return _bent_routes(geo.width, geo.height, sq, self.lengths)

    def targets(self, geo: Geometry, sq: int, side: int, occupant: Occupant) -> list[int]:
        """The squares a path with every square passed empty reaches, not holding a friend."""
        out = []
        for to, paths in self.routes(geo, sq).items():
            if occupant(to) == side:
                continue
            if any(all(occupant(s) is None for s in p) for p in paths):
                out.append(to)
        return out

    def path(self, geo: Geometry, frm: int, to: int, side: int, occupant: Occupant) -> list[int]:
        """The squares crossed from ``frm`` to ``to``: a path with every square empty."""
        for p in self.routes(geo, frm).get(to, []):
            if all(occupant(s) is None for s in p):
                return p
        return []


@cache
def _bent_routes(
    width: int, height: int, sq: int, lengths: tuple[int, ...]
) -> dict[int, list[list[int]]]:
    out: dict[int, list[list[int]]] = {}
    x0, y0 = sq % width, sq // width
    for n in lengths:
        for dx, dy in ORTHOGONAL:
            for first in range(1, n + 1):  # squares on the first leg
                turns = [(0, 0)] if first == n else [(-dy, dx), (dy, -dx)]
                for tx, ty in turns:
                    cells = [(x0 + dx * i, y0 + dy * i) for i in range(1, first + 1)]
                    cx, cy = cells[-1]
                    cells += [(cx + tx * i, cy + ty * i) for i in range(1, n - first + 1)]
                    if not all(0 <= x < width and 0 <= y < height for x, y in cells):
                        continue
                    squares = [y * width + x for x, y in cells]
                    out.setdefault(squares[-1], [])
                    if squares[:-1] not in out[squares[-1]]:
                        out[squares[-1]].append(squares[:-1])
    return out


def parse_movement(text: str) -> Movement:
    """Read a descriptor; ValueError explains what is wrong."""
    words = text.split()
    if not words:
        raise ValueError("empty movement")
    kind, args = words[0], words[1:]
    try:
        if kind in ("slide", "step"):
            if not args or args[0] not in DIRECTION_SETS:
                raise ValueError(f"{kind} needs a direction set: {', '.join(DIRECTION_SETS)}")
            limit = 1 if kind == "step" else int(args[1]) if len(args) > 1 else 0
            return Slide(DIRECTION_SETS[args[0]], limit)
        if kind == "leap":
            dx, dy = (int(a) for a in args)
            return Leap(symmetric(dx, dy))
        if kind == "pawn":
            double = {"": "start", "any-double": "always", "single": "never"}[" ".join(args)]
            return Pawn(double)
        if kind == "bent":
            if not args:
                raise ValueError("bent needs path lengths, e.g. bent 3 5")
            return Bent(tuple(int(a) for a in args))
    except (ValueError, KeyError) as exc:
        raise ValueError(f"cannot read movement {text!r}: {exc}") from None
    raise ValueError(f"unknown movement {text!r} (slide, step, leap, pawn, bent)")


def parse_all(texts: Iterable[str]) -> tuple[Movement, ...]:
    """Each movement text of a piece read (``slide orthogonal``); ValueError naming a bad
    one."""
    return tuple(parse_movement(t) for t in texts)
