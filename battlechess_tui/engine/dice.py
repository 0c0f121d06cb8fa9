"""Dice: seeded rolling that records every throw, and exact odds without rolling.

Each decision of a game gets its own random stream derived from the game's seed and the
decision's index, so undoing a move and making it again throws the same dice (history is never
rerolled) and a replay from the seed reproduces every throw.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache

from battlechess_tui.engine.dice_expr import DiceExpr as DiceExpr  # re-exported: the public name
from battlechess_tui.engine.events import PieceRef, Roll
from battlechess_tui.engine.vocabulary import Purpose, Target


def as_expr(dice: DiceExpr | str) -> DiceExpr:
    """``dice`` as an expression (``"2d6"`` parsed)."""
    return dice if isinstance(dice, DiceExpr) else DiceExpr.parse(dice)


@cache
def chance_at_least(dice: DiceExpr | str, target: int) -> Fraction:
    """P(total >= target): a to-beat table entry."""
    return sum((p for v, p in as_expr(dice).distribution().items() if v >= target), Fraction(0))


def chance_greater(a: DiceExpr | str, b: DiceExpr | str) -> Fraction:
    """P(a > b), e.g. ``chance_greater("3d6+1d6", "2d6")``: the attacker must beat the defender."""
    da, db = as_expr(a).distribution(), as_expr(b).distribution()
    return sum((pa * pb for va, pa in da.items() for vb, pb in db.items() if va > vb), Fraction(0))


def difference_distribution(a: DiceExpr | str, b: DiceExpr | str) -> dict[int, Fraction]:
    """Distribution of a - b (one round of an opposed roll)."""
    out: dict[int, Fraction] = {}
    for va, pa in as_expr(a).distribution().items():
        for vb, pb in as_expr(b).distribution().items():
            out[va - vb] = out.get(va - vb, Fraction(0)) + pa * pb
    return out


class DiceMismatch(Exception):
    """A recorded roll does not fit the throw being made (a save from other rules)."""


class Dice:
    """The random source of one decision. Every throw is returned and kept in ``rolls``."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng
        self.rolls: list[Roll] = []

    @classmethod
    def for_decision(cls, seed: int, index: int) -> Dice:
        """The stream of decision ``index`` (-1 for setup) of the game with ``seed``."""
        return _LazySeeded(seed, index)

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        """The next ``count`` faces of ``sides``-sided dice from the seeded stream."""
        rng = self._source()
        return tuple(rng.randint(1, sides) for _ in range(count))

    def _source(self) -> random.Random:
        if self._rng is None:
            raise RuntimeError("these dice have no random source")
        return self._rng

    def roll(
        self,
        seat: str,
        dice: DiceExpr | str,
        purpose: str = "",
        *,
        modifiers: Sequence[tuple[str, int]] = (),
        against: str = "",
        result: str = "",
        use: str = Purpose.OTHER,
        squares: tuple[int, ...] = (),
        critical: int = 1,
        label: str = "",
        pieces: tuple[PieceRef, ...] = (),
        target: int | None = None,
        target_kind: str = Target.NONE,
        names: tuple[str, ...] = (),
        numbers: tuple[int, ...] = (),
        rule: str = "",
        round_number: int = 0,
    ) -> Roll:
        """Throw ``dice`` (its constant goes in as a modifier) and record the throw, with the
        ``Roll``'s facts (``use``, ``squares``, ``critical``, ``pieces``, ``target`` and its
        kind, ``names``, ``numbers``, ``rule``, ``round_number``). The rules give no words: a
        game's presenter writes them. ``purpose``, ``against``, ``result`` and ``label`` are
        kept for scripts that write their own words (the roll keeps them as given)."""
        self._throwing(seat)
        expr = as_expr(dice)
        faces: list[int] = []
        for n, s in expr.terms:
            faces.extend(self.faces(n, s))
        mods = tuple(modifiers) + ((("bonus", expr.bonus),) if expr.bonus else ())
        roll = Roll(
            seat,
            "+".join(f"{n}d{s}" for n, s in expr.terms),
            tuple(faces),
            purpose,
            mods,
            against,
            result,
            use,
            squares,
            critical,
            label,
            target,
            target_kind,
            names=names,
            numbers=numbers,
            pieces=pieces,
            rule=rule,
            round_number=round_number,
        )
        self.rolls.append(roll)
        return roll

    def _throwing(self, seat: str) -> None:
        """Called before each throw with the thrower's seat (dice that favour a side use it)."""

    def settle(
        self,
        roll: Roll,
        *,
        verdict: str | None = None,
        details: tuple[str, ...] = (),
        numbers: tuple[int, ...] = (),
        target: int | None = None,
        target_kind: str | None = None,
        against: str = "",
        result: str = "",
    ) -> Roll:
        """Fill in what a recorded roll decided, once the rules know (replaces it in
        ``rolls``): its ``verdict`` and ``details``, the ``numbers`` it speaks of, and the
        ``target`` (of ``target_kind``) when only now known. ``against`` and ``result`` are
        words, for scripts that write their own (what is not given stays as it was)."""
        done = replace(
            roll,
            verdict=roll.verdict if verdict is None else verdict,
            details=details or roll.details,
            numbers=numbers or roll.numbers,
            target=roll.target if target is None else target,
            target_kind=roll.target_kind if target_kind is None else target_kind,
            against=against or roll.against,
            result=result or roll.result,
        )
        for i in range(len(self.rolls) - 1, -1, -1):
            if self.rolls[i] is roll:
                self.rolls[i] = done
                break
        return done


class _LazySeeded(Dice):
    """Seeded from (seed, index) only when first thrown: most decisions roll nothing."""

    def __init__(self, seed: int, index: int) -> None:
        super().__init__()
        self._key = f"battlechess:{seed}:{index}"

    def _source(self) -> random.Random:
        if self._rng is None:
            self._rng = random.Random(self._key)
        return self._rng


class RecordedDice(Dice):
    """Serves the faces of recorded rolls, in order: rebuilds a saved position exactly."""

    def __init__(self, recorded: Iterable[Roll]) -> None:
        super().__init__()
        self._faces = [f for r in recorded for f in r.faces]
        self._pos = 0

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        """The next ``count`` recorded faces; DiceMismatch when they do not fit the throw."""
        out = tuple(self._faces[self._pos : self._pos + count])
        if len(out) != count or any(not 1 <= f <= sides for f in out):
            raise DiceMismatch(f"the recorded rolls do not fit a throw of {count}d{sides}")
        self._pos += count
        return out


class ScriptedDice(Dice):
    """Throws the given faces in order, then (if given) dice from ``then``: lessons and tests
    that need a known result (a fight that is lost, a critical hit)."""

    def __init__(self, faces: Iterable[int], then: Dice | None = None) -> None:
        super().__init__()
        self.queue = list(faces)
        self._then = then

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        """The next ``count`` scripted faces (then the fallback dice, if any); DiceMismatch
        when they do not fit."""
        if len(self.queue) < count:
            if self._then is None or self.queue:
                raise DiceMismatch(f"{len(self.queue)} scripted faces left for {count}d{sides}")
            return self._then.faces(count, sides)
        out = tuple(self.queue[:count])
        if any(not 1 <= f <= sides for f in out):
            raise DiceMismatch(f"scripted faces {out} do not fit a throw of {count}d{sides}")
        del self.queue[:count]
        return out


class AssumeWon(Dice):
    """Faces that win the fight for one side (perft, and a search's "what if it is won"):
    every die that side throws shows its highest face, every die the other side throws its
    lowest. The side is that of ``seat`` (``"white"``, or a team seat ``"white.queen"``) when
    given, else the side of the first throw of the decision: in every game the attacker throws
    first. Rules read these dice like any others."""

    def __init__(self, seat: str | None = None) -> None:
        super().__init__()
        self.side = _side(seat) if seat is not None else None
        self._high = True

    def _throwing(self, seat: str) -> None:
        if self.side is None:
            self.side = _side(seat)
        self._high = _side(seat) == self.side

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        """Every face the highest (the favoured side throws) or the lowest."""
        return (sides if self._high else 1,) * count


def _side(seat: str) -> str:
    """The side a seat belongs to: ``white.queen`` plays for ``white``."""
    return seat.split(".", 1)[0]
