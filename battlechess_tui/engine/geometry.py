"""Board geometry for any rectangular board up to 16 x 16.

Squares are small integers, ``y * width + x``, with a1 = 0 and White on the low ranks. Rays and
leaper tables are computed once per board size and direction set, then shared.
"""

from __future__ import annotations

import re
from functools import cache

FILES = "abcdefghijklmnop"
MAX_SIDE = 16

Offset = tuple[int, int]
ORTHOGONAL: tuple[Offset, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Offset, ...] = ((1, 1), (-1, 1), (1, -1), (-1, -1))
ALL_DIRECTIONS: tuple[Offset, ...] = ORTHOGONAL + DIAGONAL
KNIGHT: tuple[Offset, ...] = (
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
)  # fmt: skip

_SQUARE = re.compile(r"([a-p])(1[0-6]|[1-9])")


def symmetric(dx: int, dy: int) -> tuple[Offset, ...]:
    """All eight (or fewer, when they coincide) reflections of a leap, e.g. (1, 2) -> knight."""
    out: list[Offset] = []
    for a, b in ((dx, dy), (dy, dx)):
        for sx in (1, -1):
            for sy in (1, -1):
                off = (a * sx, b * sy)
                if off not in out:
                    out.append(off)
    return tuple(out)


class Geometry:
    """A board of ``width`` files by ``height`` ranks."""

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise ValueError(f"board {width}x{height} is outside 1x1..{MAX_SIDE}x{MAX_SIDE}")
        self.width = width
        self.height = height
        self.size = width * height
        self.names = [FILES[s % width] + str(s // width + 1) for s in range(self.size)]
        self._index = {n: s for s, n in enumerate(self.names)}

    def __repr__(self) -> str:
        return f"Geometry({self.width}, {self.height})"

    def square(self, x: int, y: int) -> int:
        """The square at file ``x`` and rank ``y`` (both from 0)."""
        return y * self.width + x

    def xy(self, sq: int) -> tuple[int, int]:
        """The file and rank of ``sq`` (both from 0)."""
        return sq % self.width, sq // self.width

    def file(self, sq: int) -> int:
        """The file of ``sq`` (0: a)."""
        return sq % self.width

    def rank(self, sq: int) -> int:
        """The rank of ``sq`` (0: the first)."""
        return sq // self.width

    def on_board(self, x: int, y: int) -> bool:
        """Whether file ``x`` and rank ``y`` are on the board."""
        return 0 <= x < self.width and 0 <= y < self.height

    def name(self, sq: int) -> str:
        """The square's name (``e4``; ``j12`` on the 10x12 board)."""
        return self.names[sq]

    def parse(self, name: str) -> int:
        """The square named ``name`` (``"e4"``); ValueError if it is not on this board."""
        try:
            return self._index[name.strip().lower()]
        except KeyError:
            raise ValueError(
                f"{name!r} is not a square of this {self.width}x{self.height} board"
            ) from None

    def split_squares(self, text: str) -> tuple[list[int], str]:
        """Parse leading square names run together (``"e7e8q"``) and return them with the rest."""
        squares: list[int] = []
        pos = 0
        text = text.strip().lower()
        while m := _SQUARE.match(text, pos):
            # "a1" followed by "0" could be "a10": the regex is greedy, so check it fits the board.
            token = m.group(0)
            if token not in self._index and len(token) == 3:
                token = token[:2]
            if token not in self._index:
                break
            squares.append(self._index[token])
            pos += len(token)
        return squares, text[pos:]

    def offset(self, sq: int, dx: int, dy: int) -> int | None:
        """The square ``dx`` files and ``dy`` ranks from ``sq``; None off the board."""
        x, y = sq % self.width + dx, sq // self.width + dy
        return y * self.width + x if self.on_board(x, y) else None

    def distance(self, a: int, b: int) -> int:
        """King-move (Chebyshev) distance."""
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        return max(abs(ax - bx), abs(ay - by))

    def rays(self, directions: tuple[Offset, ...]) -> list[tuple[tuple[int, ...], ...]]:
        """For each square, for each direction, the squares along it to the edge."""
        return _rays(self.width, self.height, directions)

    def leaps(self, offsets: tuple[Offset, ...]) -> list[tuple[int, ...]]:
        """For each square, the squares one leap away (off-board leaps dropped)."""
        return _leaps(self.width, self.height, offsets)


@cache
def geometry(width: int, height: int) -> Geometry:
    """The shared geometry of a board size."""
    return Geometry(width, height)


@cache
def _rays(
    width: int, height: int, directions: tuple[Offset, ...]
) -> list[tuple[tuple[int, ...], ...]]:
    out = []
    for sq in range(width * height):
        x0, y0 = sq % width, sq // width
        per_dir = []
        for dx, dy in directions:
            ray = []
            x, y = x0 + dx, y0 + dy
            while 0 <= x < width and 0 <= y < height:
                ray.append(y * width + x)
                x, y = x + dx, y + dy
            per_dir.append(tuple(ray))
        out.append(tuple(per_dir))
    return out


@cache
def _leaps(width: int, height: int, offsets: tuple[Offset, ...]) -> list[tuple[int, ...]]:
    out = []
    for sq in range(width * height):
        x0, y0 = sq % width, sq // width
        out.append(
            tuple(
                (y0 + dy) * width + x0 + dx
                for dx, dy in offsets
                if 0 <= x0 + dx < width and 0 <= y0 + dy < height
            )
        )
    return out
