"""Dice expressions (``3d6+1d6+2``): read, written and their exact distribution. A roll's
``dice`` is one (``Dice.roll`` writes it); ``engine.dice`` re-exports ``DiceExpr``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

_TERM = re.compile(r"\s*([+-])?\s*(?:(\d*)d(\d+)|(\d+))\s*")


@dataclass(frozen=True)
class DiceExpr:
    """A sum of dice and a constant, e.g. ``3d6+1d6+2``: terms are (count, sides)."""

    terms: tuple[tuple[int, int], ...]
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Parse ``"2d6+3"``, ``"d20"``, ``"4d6+1d6"`` (subtraction is allowed on constants)."""
        terms: list[tuple[int, int]] = []
        bonus = 0
        pos = 0
        text = text.strip()
        if not text:
            raise ValueError("empty dice expression")
        while pos < len(text):
            m = _TERM.match(text, pos)
            if not m or m.end() == pos:
                raise ValueError(f"cannot read dice expression {text!r}")
            sign, count, sides, const = m.groups()
            if const is not None:
                bonus += -int(const) if sign == "-" else int(const)
            else:
                if sign == "-":
                    raise ValueError(f"dice cannot be subtracted in {text!r}")
                n, s = int(count or 1), int(sides)
                if n < 1 or s < 2:
                    raise ValueError(f"bad dice {count}d{sides} in {text!r}")
                terms.append((n, s))
            pos = m.end()
        return cls(tuple(terms), bonus)

    def __str__(self) -> str:
        parts = [f"{n}d{s}" for n, s in self.terms]
        text = "+".join(parts)
        if self.bonus or not parts:
            text += f"{self.bonus:+d}" if parts else str(self.bonus)
        return text

    def __add__(self, other: DiceExpr) -> DiceExpr:
        return DiceExpr(self.terms + other.terms, self.bonus + other.bonus)

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each total (a copy: the caller may change it)."""
        return dict(_distribution(self.terms, self.bonus))


@cache
def _distribution(terms: tuple[tuple[int, int], ...], bonus: int) -> dict[int, Fraction]:
    """The distribution of a sum of ``terms`` and ``bonus``, worked out once: the searchers
    ask for the same few at every fight."""
    dist = {bonus: Fraction(1)}
    for n, s in terms:
        dist = _convolve(dist, _sum_dist(n, s))
    return dist


@cache
def _sum_dist(count: int, sides: int) -> dict[int, Fraction]:
    dist = {0: Fraction(1)}
    one = {f: Fraction(1, sides) for f in range(1, sides + 1)}
    for _ in range(count):
        dist = _convolve(dist, one)
    return dist


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out
