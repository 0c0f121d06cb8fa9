"""What a decision may lead to: its possible next states, each with its probability.

A decision that throws no dice has one result. One that throws is tried with dice seeded from
the player's own stream (never the game's dice). Where the rules know the exact chance ``p``
that the action's fight is won and the samples show both the won result (the one
``AssumeWon`` dice give) and others, the won result is weighed ``p`` and the others share
``1 - p``: a few applications then give the action's exact expectation whenever a fight has
one way to be won and one to be lost. Dice that can fall only a few ways (a Dice Chess
reroll: six) are tried every way, each weighed equally, so that expectation is exact too.
Otherwise (an estimated chance, a winner who may be hurt, a battle that goes on over more
decisions, many rolls without a fight) the samples are weighed equally.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Generic

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import AssumeWon, Dice, DiceMismatch
from battlechess_tui.engine.rules import CERTAIN, Chance, Rules, S

#: Samples of an action that throws dice.
SAMPLES = 3
#: Most samples taken while looking for both a won and a lost result.
MAX_SAMPLES = 6
#: No sample equal to the won result, when that was this unlikely, shows that the decision's
#: won result is not ``AssumeWon``'s: the samples are then weighed equally.
UNLIKELY = 0.05
#: Dice that can fall at most this many ways are tried every way.
EVERY_WAY = 6

Throw = tuple[int, int]  # (count, sides)


@dataclass(frozen=True)
class Branch(Generic[S]):
    """One possible result of a decision and its probability."""

    state: S
    weight: float


@dataclass(frozen=True)
class Result(Generic[S]):
    """The possible results of a decision (weights sum to 1), the rules' chance of it
    succeeding (asked only of decisions that throw dice: others are certain), and how many
    applications of the rules finding them cost."""

    branches: tuple[Branch[S], ...]
    chance: Chance
    cost: int
    #: The sampled results whose equal shares make the weights (of ``1 - chance.p`` where
    #: ``won`` is the exact won result): more samples bring the weights nearer the true ones.
    drawn: tuple[S, ...] = ()
    won: S | None = None


class SamplingDice(Dice):
    """Dice from a seeded stream that remember what was thrown."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.throws: list[Throw] = []

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        self.throws.append((count, sides))
        return super().faces(count, sides)


class ChosenDice(Dice):
    """Dice that fall as chosen, for the throws expected; DiceMismatch if the rules throw
    otherwise (the throws depend on how the dice fell)."""

    def __init__(self, throws: Sequence[Throw], faces: Sequence[int]) -> None:
        super().__init__()
        self.throws, self.left = list(throws), list(faces)

    def faces(self, count: int, sides: int) -> tuple[int, ...]:
        if not self.throws or self.throws.pop(0) != (count, sides):
            raise DiceMismatch(f"an unexpected throw of {count}d{sides}")
        out, self.left = tuple(self.left[:count]), self.left[count:]
        return out


def results(rules: Rules[S], state: S, action: Action, rng: random.Random) -> Result[S]:
    """The results of ``action`` in ``state``; the dice thrown come from ``rng``."""
    dice = SamplingDice(random.Random(rng.getrandbits(64)))
    first, _ = rules.apply(state, action, dice)
    if not dice.throws:
        return Result((Branch(first, 1.0),), CERTAIN, 1)
    chance = rules.chance(state, action)
    p = float(chance.p)
    if chance.exact and 0 < p < 1:
        won, _ = rules.apply(state, action, AssumeWon())
        samples = [first, *_sample(rules, state, action, rng, SAMPLES - 1)]
        while len(samples) < MAX_SAMPLES and not _told_apart(samples, won, p):
            samples += _sample(rules, state, action, rng, 1)
        lost = [s for s in samples if s != won]
        cost = 1 + len(samples)
        if lost and len(lost) < len(samples):
            return Result(_won_and_lost(won, p, lost), chance, cost, tuple(lost), won)
        return Result(_equal(samples), chance, cost, tuple(samples))
    every = every_way(rules, state, action, dice.throws)
    if every is not None:
        return Result(_equal(every), chance, 1 + len(every))
    samples = [first, *_sample(rules, state, action, rng, SAMPLES - 1)]
    return Result(_equal(samples), chance, len(samples), tuple(samples))


def resampled(
    rules: Rules[S], state: S, action: Action, result: Result[S], rng: random.Random
) -> Result[S]:
    """``result`` with one more sample of its dice (a decision the search keeps coming back
    to is worth knowing better: three samples of a battle whose winner may be hurt leave its
    worth noisy, and a search that picks the best of many noisy worths picks lucky samples).
    A sample equal to the exact won result changes nothing but the cost."""
    (new,) = _sample(rules, state, action, rng, 1)
    cost = result.cost + 1
    if result.won is not None:
        if new == result.won:
            return replace(result, cost=cost)
        lost: tuple[S, ...] = (*result.drawn, new)
        branches = _won_and_lost(result.won, float(result.chance.p), list(lost))
        return replace(result, branches=branches, cost=cost, drawn=lost)
    drawn = (*result.drawn, new)
    return replace(result, branches=_equal(list(drawn)), cost=cost, drawn=drawn)


def _won_and_lost(won: S, p: float, lost: list[S]) -> tuple[Branch[S], ...]:
    share = (1 - p) / len(lost)
    return _merge([Branch(won, p), *(Branch(s, share) for s in lost)])


def every_way(rules: Rules[S], state: S, action: Action, throws: Sequence[Throw]) -> list[S] | None:
    """The result of each way the ``throws`` can fall, if they can fall at most
    ``EVERY_WAY`` ways and the rules make the same throws every time; else None."""
    if math.prod(sides**count for count, sides in throws) > EVERY_WAY:
        return None
    dies = [range(1, sides + 1) for count, sides in throws for _ in range(count)]
    out = []
    for faces in itertools.product(*dies):
        dice = ChosenDice(throws, faces)
        try:
            child, _ = rules.apply(state, action, dice)
        except DiceMismatch:
            return None
        if dice.throws:
            return None  # fewer throws this time
        out.append(child)
    return out


def _told_apart(samples: list[S], won: S, p: float) -> bool:
    """Enough samples: both a won and a lost result seen, or no won one although wins are
    so likely that the decision's won result must be another (a hurt winner, or a battle
    that goes on for more decisions)."""
    wins = sum(1 for s in samples if s == won)
    if wins == 0:
        return (1 - p) ** len(samples) <= UNLIKELY
    return wins < len(samples)


def _sample(rules: Rules[S], state: S, action: Action, rng: random.Random, count: int) -> list[S]:
    out = []
    for _ in range(count):
        child, _ = rules.apply(state, action, SamplingDice(random.Random(rng.getrandbits(64))))
        out.append(child)
    return out


def _equal(states: list[S]) -> tuple[Branch[S], ...]:
    return _merge([Branch(s, 1 / len(states)) for s in states])


def _merge(branches: list[Branch[S]]) -> tuple[Branch[S], ...]:
    """Equal states as one branch (their weights added), in first-seen order."""
    merged: list[Branch[S]] = []
    for branch in branches:
        for i, seen in enumerate(merged):
            if seen.state == branch.state:
                merged[i] = Branch(seen.state, seen.weight + branch.weight)
                break
        else:
            merged.append(branch)
    return tuple(merged)
