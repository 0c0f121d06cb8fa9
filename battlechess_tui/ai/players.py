"""Computer players: each makes one decision for a seat, through the ``Rules`` interface only.

Every player has ``choose(rules, state, seat, rng, budget) -> Action``: ``seat`` is the seat
it decides for (or a side's name, to hold all of that side's seats: ``held``), ``rng`` the
player's own random stream (never the game's dice), ``budget`` bounds the work and carries the
app's deadline and cancel event (``ai/budget.py``). ``ai.levels.make_player(level)`` gives
the player of a level: ``random``, ``greedy`` (one decision deep), or the search player at
``easy``, ``medium`` or ``hard`` (``ai/search.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, Protocol

from battlechess_tui.ai.budget import Budget
from battlechess_tui.ai.outcomes import Result, results
from battlechess_tui.ai.scoring import worth
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.rules import Rules, S

#: Values closer than this are a tie, broken by the player's random stream.
TIE = 1e-9


class Player(Protocol):
    level: Level

    def choose(
        self, rules: Rules[S], state: S, seat: str, rng: random.Random, budget: Budget
    ) -> Action: ...


def held(rules: Rules[S], seat: str) -> tuple[int, frozenset[str]]:
    """The side a player plays for and the seats it holds: ``seat`` is a seat's key
    (``white``, ``white.queen``) or a side's name (``white``: all of that side's seats, a
    whole team in Gladiator, overrides and heals included)."""
    seats = rules.seats()
    for s in seats:
        if s.key == seat:
            return s.side, frozenset({seat})
    names = [n.lower() for n in rules.side_names]
    if seat in names:
        side = names.index(seat)
        return side, frozenset(s.key for s in seats if s.side == side)
    raise ValueError(f"no seat {seat!r}: seats are {', '.join(s.key for s in seats)}")


def decisions(rules: Rules[S], state: S, seat: str) -> list[Action]:
    """The choices open now to the player holding ``seat`` (see ``held``): those the rules
    give to one of its seats. ValueError when it has none."""
    _, seats = held(rules, seat)
    legal = [a for a in rules.legal_actions(state) if rules.decider(state, a) in seats]
    if not legal:
        raise ValueError(f"{seat} has no decision to make now")
    return legal


class RandomPlayer:
    """A uniformly random legal choice."""

    level = Level.RANDOM

    def choose(
        self, rules: Rules[S], state: S, seat: str, rng: random.Random, budget: Budget
    ) -> Action:
        budget.check()
        return rng.choice(decisions(rules, state, seat))


@dataclass(frozen=True)
class Scored(Generic[S]):
    """A choice, its possible results and their expected worth to the deciding side."""

    action: Action
    result: Result[S]
    value: float


def expected(rules: Rules[S], result: Result[S], side: int) -> float:
    return sum(b.weight * worth(rules, b.state, side) for b in result.branches)


def score_choices(
    rules: Rules[S],
    state: S,
    choices: list[Action],
    side: int,
    rng: random.Random,
    budget: Budget,
) -> list[Scored[S]]:
    """``choices`` scored one decision deep for ``side`` (fights weighed by their chance)."""
    out = []
    for action in choices:
        budget.check()
        result = results(rules, state, action, rng)
        out.append(Scored(action, result, expected(rules, result, side)))
    return out


def pick_best(scored: list[Scored[S]], rng: random.Random) -> Scored[S]:
    """The best-valued choice; ties broken at random."""
    top = max(s.value for s in scored)
    return rng.choice([s for s in scored if s.value >= top - TIE])


class GreedyPlayer:
    """The choice whose results are worth most on average, one decision deep."""

    level = Level.GREEDY

    def choose(
        self, rules: Rules[S], state: S, seat: str, rng: random.Random, budget: Budget
    ) -> Action:
        choices = decisions(rules, state, seat)
        if len(choices) == 1:
            return choices[0]
        side, _ = held(rules, seat)
        scored = score_choices(rules, state, choices, side, rng, budget)
        return pick_best(scored, rng).action
