"""Exact odds when a Shield Other caster's fall changes the battle (DD-15, DD-18).

The caster shares the damage of the piece it shields (``combat.hurt``) and, standing where it
could move onto the battle square, flanks the foe. Its fall then changes the shielded side's
attacks: the two chains are tied by that one moment. Before it, and after it, they are
independent, so the battle splits there: the race of ``odds_chain`` runs while the caster
stands (its fall leaves that race like a death), and the mass that leaves at each moment goes
on from there with the caster gone: from a slot of the timed part as a race of its own, from
the rounds that are all alike as a joint state of what is left (``odds_joint.backward``),
entered at the point of the round where the caster fell.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from battlechess_tui.rules.dnd.odds_battle import Planner, Reader
from battlechess_tui.rules.dnd.odds_chain import (
    Chain,
    Events,
    Plan,
    Result,
    State,
    Walk,
    chain,
    finish,
    race,
    run,
)
from battlechess_tui.rules.dnd.odds_joint import Joint, Move, Mover, Value, backward
from battlechess_tui.rules.dnd.state import Battle

#: Weights over joint states (x chain, other chain) where the caster fell.
Entry = dict[tuple[State, State], int]


def solve_switched(
    reader: Reader,
    battle: Battle,
    side: int,
    body: int,
    *,
    fresh: bool,
    opening: str = "auto",
    singer: int = -1,
) -> Result:
    """The automatic battle from ``battle`` on, where the fall of body ``body`` of side
    ``side``'s chain (a Shield Other caster) changes what the other actions do."""
    caster = reader.target_ids((battle.attacker, battle.defender)[side])[body]
    targets = (reader.target(battle.attacker), reader.target(battle.defender))
    gone = Reader(reader.t, reader.geo, reader.state, reader.battle, (caster,))
    before = Planner(reader, battle, fresh, opening, singer)
    after = Planner(gone, battle, fresh, opening, singer)
    ends = max(before.last_change(targets), after.last_change(targets))
    plan0, plan1 = before.plan(targets, ends), after.plan(targets, ends)
    assert len(plan0.slots) == len(plan1.slots)

    def fallen(s: State) -> bool:
        return isinstance(s, tuple) and s[2 * body] < 0

    chains = (chain(targets[0]), chain(targets[1]))
    x = chains[side]
    continued: list[Result] = []

    def step(k: int, rounds: int) -> None:
        if plan0.first ^ (k & 1) == side:
            return  # the shielded side acted: its chain did not move
        left = x.split(fallen)
        if left:
            parts = [chains[0], chains[1]]
            parts[side] = chain(targets[side], left, x.den)
            other = chains[1 - side]
            parts[1 - side] = chain(targets[1 - side], other.states(), other.den)
            if plan1.round_ends[k]:
                rounds += 1
                for c in parts:
                    c.age(rounds)
            continued.append(finish(plan1, (parts[0], parts[1]), k + 1, rounds))

    wins, stopped, rounds = run(plan0, chains, 0, 0, step)
    y1 = plan0.first ^ (len(plan0.slots) & 1)
    c1, c2 = chains[1 - y1], chains[y1]
    ev1 = c1.events(plan0.steady[0], rounds, fallen if c1 is x else None)
    ev2 = c2.events(plan0.steady[1], rounds, fallen if c2 is x else None)
    tail = race(ev1, ev2, plan0.steady, c1.den, c2.den)
    wins[y1] += tail[0]
    wins[1 - y1] += tail[1]
    total = Result((wins[0], wins[1]), stopped + tail[2])
    for part in continued:
        total = _plus(total, part)
    late = _after_steady_fall(reader, battle, plan0, (c1, c2), (ev1, ev2), c1 is x, rounds, singer)
    return _plus(total, late)


def _plus(a: Result, b: Result) -> Result:
    return Result((a.wins[0] + b.wins[0], a.wins[1] + b.wins[1]), a.stopped + b.stopped)


def _after_steady_fall(
    reader: Reader,
    battle: Battle,
    plan: Plan,
    chains: tuple[Chain, Chain],
    events: tuple[Events, Events],
    first_strikes: bool,
    rounds: int,
    singer: int,
) -> Result:
    """What the caster's falls in the rounds that are all alike lead to. Rounds start with i
    and j events done with chance R(i, j) (``Walk``); a fall at the first actor's event
    (``first_strikes``: the caster is on the side that acts second) goes on mid-round, one at
    the second actor's event from the next round's start."""
    ev1, ev2 = events
    n1 = sum(1 for w in ev1.alive if w)
    n2 = sum(1 for w in ev2.alive if w)
    walk = Walk.of(plan.steady, n1, n2) if n1 and n2 else None
    if walk is None:
        return Result((Fraction(0), Fraction(0)))
    y1 = plan.first ^ (len(plan.slots) & 1)
    c1, c2 = chains
    e1, e2 = ev1.e, ev2.e
    if first_strikes:  # chain 1 (the damage Y2 takes) loses its caster at Y1's event i + 1
        mid: Entry = {}
        for i in range(min(n1, len(ev1.switched))):
            fell = ev1.switched[i]
            if not fell:
                continue
            # sum over j of R(i, j) * (chain 2 after j events), over z**top * den2 * e2**(n2-1)
            g: dict[State, int] = {}
            for j in range(n2):
                scale = walk.rs[i][j] * e2 ** (n2 - 1 - j)
                for f, m in ev2.dists[j].items():
                    g[f] = g.get(f, 0) + scale * m
            weight = (walk.a + walk.c) * e1 ** (n1 - 1 - i)
            for s1, m1 in fell.items():
                for s2, m2 in g.items():
                    mid[s1, s2] = mid.get((s1, s2), 0) + weight * m1 * m2
        den = walk.z ** (walk.top + 1) * c1.den * e1**n1 * c2.den * e2 ** (n2 - 1)
        return _go_on(reader, battle, (y1, rounds, singer), {}, mid, den)
    start: Entry = {}  # chain 2 (the damage Y1 takes) loses its caster at Y2's event j + 1
    for j in range(min(n2, len(ev2.switched))):
        fell = ev2.switched[j]
        if not fell:
            continue
        h: dict[State, int] = {}
        for i in range(n1):
            r = walk.rs[i][j] * e1 ** (n1 - 1 - i)
            if not r:
                continue
            for f, m in ev1.dists[i].items():  # Y1 did nothing (B)
                h[f] = h.get(f, 0) + r * walk.b * e1 * m
            if i + 1 < len(ev1.dists):
                for f, m in ev1.dists[i + 1].items():  # Y1's event first (C)
                    h[f] = h.get(f, 0) + r * walk.c * m
        weight = e2 ** (n2 - 1 - j)
        for s2, m2 in fell.items():
            for s1, m1 in h.items():
                start[s1, s2] = start.get((s1, s2), 0) + weight * m1 * m2
    den = walk.z ** (walk.top + 1) * c1.den * e1**n1 * c2.den * e2**n2
    return _go_on(reader, battle, (y1, rounds, singer), start, {}, den)


def _go_on(
    reader: Reader,
    battle: Battle,
    when: tuple[int, int, int],
    start: Entry,
    mid: Entry,
    den: int,
) -> Result:
    """Joint states (chain 1, chain 2) entered at a round's start or mid-round, weights over
    ``den``, solved with the caster gone; ``when``: (Y1, rounds ended, the singer)."""
    if not start and not mid:
        return Result((Fraction(0), Fraction(0)))
    y1, rounds, singer = when
    mover = Mover(reader, battle, False, "auto", singer)
    cfg = reader.config(rounds)

    def joint(s1: State, s2: State) -> Joint:
        x0, x1 = (s2, s1) if y1 == 0 else (s1, s2)  # chain 1 is the damage Y2 takes
        return (-1, False, x0, x1)

    def steady(side: int) -> Callable[[Joint], list[Move]]:
        def moves(s: Joint) -> list[Move]:
            return mover.moves(s, side, cfg, rounds, through=True, first=False, opening="auto")

        return moves

    starts = {joint(*k): m for k, m in start.items()}
    mids = {joint(*k): m for k, m in mid.items()}
    v1, v2 = backward(list(starts), list(mids), steady(y1), steady(1 - y1))
    total = [Fraction(0), Fraction(0), Fraction(0)]
    for weights, values in ((starts, v1), (mids, v2)):
        for s, m in weights.items():
            v: Value = values[s]
            for n in range(3):
                total[n] += m * v[n]
    out = [t / den for t in total]
    return Result((out[0], out[1]), out[2])
