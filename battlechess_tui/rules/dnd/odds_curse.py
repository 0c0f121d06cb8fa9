"""Exact odds when a cursed defender lost initiative (DD-11, Bestow Curse): the battle split at
the action that ends the defender's being flat-footed.

The coupling ``odds_joint`` follows in general is simple here. While the defender is
flat-footed it has not acted: each of its actions is either lost to the curse or is the one
that ends the flag. Until then the attacker takes no damage, so the battle is one chain, the
defender's, struck by the attacker's attacks on its flat-footed AC; from the action that ends
the flag on, the two chains are independent again and ``odds_chain`` finishes the race.

While timed effects run, each of the defender's actions that may end the flag is finished on
its own (the plan of the same battle without the flag gives every later slot). Once every
round is alike, the defender's states at all the later actions add up in closed form: the
states met at the attacker's actions are ``X = x0 + q S(X)`` (``S`` one flat-footed attack,
``q`` the chance the defender loses its action), solved state by state from the most hit
points down, and one race finishes them all. The results are the joint solver's Fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from fractions import Fraction
from math import lcm

from battlechess_tui.rules.dnd.odds_battle import Coupled, Planner, Reader
from battlechess_tui.rules.dnd.odds_chain import (
    IDLE,
    Chain,
    Entry,
    Plan,
    Result,
    State,
    Strike,
    Target,
    chain,
    finish,
)
from battlechess_tui.rules.dnd.odds_joint import potential
from battlechess_tui.rules.dnd.state import Battle

Dist = dict[State, Fraction]
ZERO = Fraction(0)


class _Tally:
    """What is settled so far: P(attacker wins), P(defender wins), P(halted)."""

    def __init__(self) -> None:
        self.wins = [ZERO, ZERO]
        self.stopped = ZERO

    def add(self, result: Result) -> None:
        self.wins = [self.wins[i] + result.wins[i] for i in (0, 1)]
        self.stopped += result.stopped

    def result(self) -> Result:
        return Result((self.wins[0], self.wins[1]), self.stopped)


def applies(battle: Battle, reader: Reader, opening: str, singer: int) -> bool:
    """The case this module solves: the defender flat-footed and about to be attacked, no
    charge, no song, and no Shield Other caster on either side."""
    b = battle
    if singer >= 0 or opening == "charge" or b.first or b.charging:
        return False
    if b.actor != b.attacker or b.flat_footed != b.defender:
        return False
    return all(len(reader.target_ids(pid)) == 1 for pid in (b.attacker, b.defender))


def solve_cursed(
    reader: Reader, battle: Battle, *, fresh: bool, opening: str = "auto", singer: int = -1
) -> Result | None:
    """The exact result of the automatic battle from ``battle`` on, or None where this split
    does not apply (``odds_joint`` then solves it)."""
    if not applies(battle, reader, opening, singer):
        return None
    b = battle
    targets = (reader.target(b.attacker), reader.target(b.defender))
    flagged = Planner(reader, b, fresh, opening, singer)
    cleared = Planner(reader, replace(b, flat_footed=-1), fresh, opening, singer)
    try:
        plan = cleared.plan(targets, reader.points[-1])
    except Coupled:
        return None
    if reader.helpless(reader.config(reader.points[-1]), b.defender):
        return None  # flat-footed for good: nothing ends the flag
    tally = _Tally()
    a_state, d_dist, rounds = targets[0].start, {targets[1].start: Fraction(1)}, 0
    for k in range(len(plan.slots)):
        cfg = reader.config(rounds)
        if k % 2 == 0:  # the attacker, on the flat-footed defender
            op = opening if k == 0 else "auto"
            strike = _flagged_strike(flagged, cfg, fresh or k > 0, op)
            d_dist = _attack(tally, targets[1], strike, rounds, d_dist)
        elif not reader.helpless(cfg, b.defender):
            lose = Fraction(1, 2) if reader.cursed(cfg, b.defender) else ZERO
            acts = _scaled(d_dist, 1 - lose)
            d_dist = _scaled(d_dist, lose)
            if acts:
                chains = _clearing(tally, flagged, targets, cfg, rounds, a_state, acts)
                after = rounds + plan.round_ends[k]
                for c in chains:
                    c.age(after)
                tally.add(finish(plan, chains, k + 1, after))
        if plan.round_ends[k]:
            rounds += 1
            a_state = targets[0].age(a_state, rounds)
            d_dist = _aged(targets[1], d_dist, rounds)
    cfg = reader.config(rounds)
    _steady_tail(tally, flagged, cleared, plan, targets, cfg, rounds, a_state, d_dist)
    return tally.result()


def _flagged_strike(flagged: Planner, cfg: int, through: bool, opening: str) -> Strike:
    """The attacker's action while the defender is flat-footed; ``through``: it still goes
    through ``battle.advance`` (helpless, or a curse of its own)."""
    r, b = flagged.r, flagged.battle
    if through and r.helpless(cfg, b.attacker):
        return IDLE
    if through:
        return flagged.action(cfg, b.attacker, b.defender, False, opening)
    return flagged.act(cfg, b.attacker, b.defender, False, opening)


def _clearing(
    tally: _Tally,
    flagged: Planner,
    targets: tuple[Target, Target],
    cfg: int,
    rounds: int,
    a_state: State,
    acts: Dist,
) -> tuple[Chain, Chain]:
    """The defender's action that ends its flag (the curse spared it): it strikes the unhurt
    attacker. Returns the two independent chains from there."""
    strike = flagged.act(cfg, flagged.battle.defender, -1, False, "auto")
    ints, den = _integers(acts)
    chains = (chain(targets[0], {a_state: 1}, 1), chain(targets[1], ints, den))
    dead, halt = chains[0].step(strike, rounds)
    standing = Fraction(chains[1].alive, chains[0].den * chains[1].den)
    tally.add(Result((ZERO, dead * standing), halt * standing))
    return chains


def _steady_tail(
    tally: _Tally,
    flagged: Planner,
    cleared: Planner,
    plan: Plan,
    targets: tuple[Target, Target],
    cfg: int,
    rounds: int,
    a_state: State,
    d_dist: Dist,
) -> None:
    """Every round alike from slot ``len(plan.slots)`` on: the defender's states at all its
    later actions that end the flag, in closed form, then one race."""
    if not d_dist:
        return
    b = flagged.battle
    r = flagged.r
    strike = _flagged_strike(flagged, cfg, True, "auto")
    q = Fraction(1, 2) if r.cursed(cfg, b.defender) else ZERO
    attacker_first = len(plan.slots) % 2 == 0
    x0 = d_dist if attacker_first else _scaled(d_dist, q)
    x, struck, dead, halt = _flat_footed_run(targets[1], strike, rounds, x0, q)
    tally.add(Result((dead, ZERO), halt))
    acts = _scaled(struck, 1 - q) if attacker_first else _scaled(_plus(d_dist, struck), 1 - q)
    if not acts:
        return
    chains = _clearing(tally, flagged, targets, cfg, rounds, a_state, acts)
    steady = (cleared.steady(cfg, b.attacker), cleared.steady(cfg, b.defender))
    tail = Plan(0, (), (), steady, targets)
    tally.add(finish(tail, chains, 0, rounds))


def _flat_footed_run(
    target: Target, strike: Strike, rounds: int, x0: Dist, q: Fraction
) -> tuple[Dist, Dist, Fraction, Fraction]:
    """Solve ``X = x0 + q S(X)``: (X, the states ``S(X)`` leaves standing, the weight ``S(X)``
    kills, the weight it halts). Every hit lowers what is left to lose, so the states are
    solved from the most down; a miss keeps the state, in closed form."""
    entry = target.table(strike, rounds)
    total, none = strike.total, strike.none
    keep = 1 - q * Fraction(none, total)
    inflow: Dist = dict(x0)
    x: Dist = {}
    struck: Dist = {}
    dead = halt = ZERO
    for s in sorted(_reachable(entry, x0), key=potential, reverse=True):
        m = inflow.get(s, ZERO) / keep
        if not m:
            continue
        x[s] = m
        struck[s] = struck.get(s, ZERO) + m * Fraction(none, total)
        moves, dw, hw = entry(s)
        dead += m * Fraction(dw, total)
        halt += m * Fraction(hw, total)
        for s2, w in moves:
            part = m * Fraction(w, total)
            struck[s2] = struck.get(s2, ZERO) + part
            inflow[s2] = inflow.get(s2, ZERO) + q * part
    return x, struck, dead, halt


def _reachable(entry: Callable[[State], Entry], starts: Iterable[State]) -> set[State]:
    seen: set[State] = set()
    todo = list(starts)
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        moves, _, _ = entry(s)
        todo += [s2 for s2, _ in moves if s2 not in seen]
    return seen


def _attack(tally: _Tally, target: Target, strike: Strike, rounds: int, dist: Dist) -> Dist:
    """One attack on every state of ``dist``; kills and halts go to ``tally``."""
    entry = target.table(strike, rounds)
    total = strike.total
    new: Dist = {}
    dead = halt = ZERO
    for s, m in dist.items():
        if strike.none:
            new[s] = new.get(s, ZERO) + m * Fraction(strike.none, total)
        moves, dw, hw = entry(s)
        for s2, w in moves:
            new[s2] = new.get(s2, ZERO) + m * Fraction(w, total)
        dead += m * Fraction(dw, total)
        halt += m * Fraction(hw, total)
    tally.add(Result((dead, ZERO), halt))
    return new


def _aged(target: Target, dist: Dist, rounds: int) -> Dist:
    if rounds not in target.ages:
        return dist
    new: Dist = {}
    for s, m in dist.items():
        s2 = target.age(s, rounds)
        new[s2] = new.get(s2, ZERO) + m
    return new


def _scaled(dist: Dist, p: Fraction) -> Dist:
    return {s: m * p for s, m in dist.items() if m and p}


def _plus(a: Dist, b: Dist) -> Dist:
    out = dict(a)
    for s, m in b.items():
        out[s] = out.get(s, ZERO) + m
    return out


def _integers(dist: Dist) -> tuple[dict[State, int], int]:
    """``dist`` as integer weights over one denominator (a chain's form)."""
    den = lcm(*(m.denominator for m in dist.values()))
    return {s: int(m * den) for s, m in dist.items()}, den
