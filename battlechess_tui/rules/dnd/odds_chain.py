"""Exact odds of an automatic battle (DD-18): the arithmetic, free of the game's types.

A battle is a run of *slots*, actions taken in turn by the piece that acts first and the other.
What one action does to its target is a ``Strike``: nothing (a miss, a wait, a lost action),
damage of some amount (at least 1), or a halt (Fascinate stops the battle). What damage does to
a piece is its ``Target``: hit points, temporary hit points, and Shield Other links to casters
who take half and may fall.

Nothing in a strike depends on hit points, so the damage each piece takes is a chain of its
own, driven by the other's actions, and the battle is a race between two independent chains:
the attacker wins at one of its slots when the defender's chain dies there while its own is
still alive. While timed effects run (``Plan.slots``) both chains step slot by slot. After them
every round is alike, and the race is counted in *events* (actions that do something): the
number of events a chain takes to die has a finite distribution (each event costs at least one
hit point), and the order of the two sides' events is a lattice walk whose rounds of two misses
drop out in closed form. Every weight is an integer over a known denominator.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import gcd

State = Hashable
#: What a strike does to a target's state: (state after, dead weight, halt weight) per state.
Entry = tuple[tuple[tuple[State, int], ...], int, int]
ALIVE, DEAD, HALT = 0, 1, 2


#: A strike's damage as dice: parts (weight, shift, the sides of each die), then extra dice
#: added to every part; the weight of damage d is the sum over parts of weight times the ways
#: the part's dice and the extra dice make d - shift (each die counts 1..sides).
Shape = tuple[tuple[tuple[int, int, tuple[int, ...]], ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Strike:
    """One action's effect on its target, as integer weights out of ``total``. ``shape``, when
    known, is ``hits`` as dice (a lone piece's chain convolves with it faster)."""

    total: int
    none: int
    hits: tuple[tuple[int, int], ...] = ()  # (damage dealt, weight), damage >= 1
    halt: int = 0
    shape: Shape | None = field(default=None, compare=False)

    @property
    def events(self) -> int:
        return self.total - self.none

    @staticmethod
    def make(none: int, hits: dict[int, int], halt: int = 0, shape: Shape | None = None) -> Strike:
        """A strike from weights, reduced by their common divisor."""
        total = none + halt + sum(hits.values())
        parts = shape[0] if shape is not None else ()
        g = gcd(total, none, halt, *hits.values(), *(w for w, _, _ in parts))
        if shape is not None:
            shape = (tuple((w // g, c, dice) for w, c, dice in parts), shape[1])
        return Strike(
            total // g,
            none // g,
            tuple(sorted((a, w // g) for a, w in hits.items() if w)),
            halt // g,
            shape,
        )


IDLE = Strike(1, 1)


@dataclass(frozen=True, slots=True)
class Body:
    """A piece that takes damage: the target itself (index 0) or a Shield Other caster."""

    hp: int
    temp: int = 0  # False Life's temporary hit points, spent first
    king: bool = False  # its fall ends the game (DD-9), and so the battle
    link: int = -1  # the index of its Shield Other caster, who takes half (-1: none)
    link_ends: int | None = None  # after this many rounds the link is gone (None: never)
    endurance: tuple[tuple[int, int], ...] = ()  # (round, hp lost): Bear's Endurance ends
    temp_ends: int | None = None  # the round False Life ends (None: never)


@lru_cache(maxsize=256)
def target(bodies: tuple[Body, ...]) -> Target:
    """The ``Target`` of these bodies, shared so its tables serve every battle asked about."""
    return Target(bodies)


class Target:
    """The damage one piece takes (``bodies[0]``) with its Shield Other casters.

    A state is ``hp + temp`` when the piece stands alone and nothing ends during the battle
    (temporary hit points go first, so only the sum matters), else a tuple (hp, temp, ...) per
    body. ``ages`` are the rounds after which ``age`` may change a state.
    """

    def __init__(self, bodies: tuple[Body, ...]) -> None:
        self.bodies = bodies
        b = bodies[0]
        self.simple = len(bodies) == 1 and not b.endurance and b.temp_ends is None
        self.ages = frozenset(
            r for x in bodies for r in (*(t for t, _ in x.endurance), x.temp_ends) if r
        )
        self.start: State = (
            b.hp + b.temp if self.simple else tuple(v for x in bodies for v in (x.hp, x.temp))
        )
        self._tables: dict[tuple[Strike, tuple[bool, ...]], dict[State, Entry]] = {}

    def table(self, strike: Strike, rounds: int) -> Callable[[State], Entry]:
        """Where ``strike`` takes each state after ``rounds`` rounds (entries made on demand)."""
        linked = tuple(x.link_ends is None or rounds < x.link_ends for x in self.bodies)
        key = (strike, linked)
        cache = self._tables.setdefault(key, {})

        def entry(s: State) -> Entry:
            e = cache.get(s)
            if e is None:
                e = cache[s] = self._entry(strike, s, linked)
            return e

        return entry

    def _entry(self, strike: Strike, s: State, linked: tuple[bool, ...]) -> Entry:
        moves: dict[State, int] = {}
        dead = 0
        halt = strike.halt
        for amount, w in strike.hits:
            kind, after = self.land(s, amount, linked)
            if kind == DEAD:
                dead += w
            elif kind == HALT:
                halt += w
            else:
                moves[after] = moves.get(after, 0) + w
        return tuple(moves.items()), dead, halt

    def land(self, s: State, amount: int, linked: tuple[bool, ...]) -> tuple[int, State]:
        """Damage ``amount`` dealt to the piece, as ``combat.hurt`` shares and spends it."""
        if self.simple:
            assert isinstance(s, int)
            return (DEAD, None) if s - amount < 0 else (ALIVE, s - amount)
        assert isinstance(s, tuple)
        v = list(s)
        before = [hp >= 0 for hp in v[::2]]
        self._hurt(v, 0, amount, linked, (0,))
        if v[0] < 0:
            return DEAD, None
        fell_king = False
        for i, (x, was) in enumerate(zip(self.bodies, before, strict=True)):
            if v[2 * i] < 0:
                fell_king = fell_king or (x.king and was)
                v[2 * i], v[2 * i + 1] = -1, 0  # a fallen caster is only fallen
        return (HALT, None) if fell_king else (ALIVE, tuple(v))

    def _hurt(
        self, v: list[int], i: int, amount: int, linked: tuple[bool, ...], path: tuple[int, ...]
    ) -> None:
        if amount <= 0 or v[2 * i] < 0:
            return
        link = self.bodies[i].link
        # A ring of links (two casters shielding each other) would pass damage round forever;
        # the share stops at a body already on the way.
        if link >= 0 and linked[i] and v[2 * link] >= 0 and link not in path:
            shared = amount - amount // 2
            amount //= 2
            self._hurt(v, link, shared, linked, (*path, link))
        temp = v[2 * i + 1]
        if temp and amount:
            used = min(temp, amount)
            amount -= used
            v[2 * i + 1] = temp - used
        v[2 * i] -= amount

    def age(self, s: State, rounds: int) -> State:
        """The state when round ``rounds`` ends: Bear's Endurance's hit points go, and False
        Life's (the end of a spell never kills: ``effects.tick``)."""
        if rounds not in self.ages:
            return s
        assert isinstance(s, tuple)
        v = list(s)
        for i, x in enumerate(self.bodies):
            if v[2 * i] < 0:
                continue
            for r, lost in x.endurance:
                if r == rounds:
                    v[2 * i] = max(0, v[2 * i] - lost)
            if x.temp_ends == rounds:
                v[2 * i + 1] = 0
        return tuple(v)


@dataclass(frozen=True)
class Plan:
    """An automatic battle: who acts at slot 0, the strikes of slots 0..K-1 (and whether a
    round ends after each), then the strikes of every later round (its first actor's, then the
    other's). ``targets[side]`` is the damage that side's piece takes (side 0 the attacker)."""

    first: int
    slots: tuple[Strike, ...]
    round_ends: tuple[bool, ...]
    steady: tuple[Strike, Strike]
    targets: tuple[Target, Target] = field(compare=False)


@dataclass(frozen=True)
class Result:
    """P(side 0 wins), P(side 1 wins), P(the battle stops with both standing)."""

    wins: tuple[Fraction, Fraction]
    stopped: Fraction = Fraction(0)

    @property
    def endless(self) -> Fraction:
        """P(the battle never ends: neither side can ever do anything to the other)."""
        return 1 - self.wins[0] - self.wins[1] - self.stopped

    def mix(self, p: Fraction, other: Result) -> Result:
        """This result with chance ``p``, ``other`` with chance 1 - ``p``."""
        q = 1 - p
        return Result(
            (p * self.wins[0] + q * other.wins[0], p * self.wins[1] + q * other.wins[1]),
            p * self.stopped + q * other.stopped,
        )


@dataclass
class Events:
    """A chain counted in events (actions that do something): the weights of dying, of
    halting and of leaving the race (``switched``: a Shield Other caster fell, see
    ``odds_switch``) at event h (index h - 1), of standing after h events (index h, with the
    distribution ``dists[h]``), all over ``den * e**h``."""

    dead: list[int]
    halt: list[int]
    alive: list[int]
    e: int
    dists: list[dict[State, int]]
    switched: list[dict[State, int]]


class _Chain:
    """The damage one side takes: its distribution over states (weights over ``den``)."""

    def __init__(self, target: Target, dist: dict[State, int] | None = None, den: int = 1) -> None:
        self.target = target
        self.dist: dict[State, int] = {target.start: 1} if dist is None else dict(dist)
        self.den = den
        self.alive = sum(self.dist.values())

    def states(self) -> dict[State, int]:
        return self.dist

    def step(self, strike: Strike, rounds: int) -> tuple[int, int]:
        """One action on this side; returns the (dead, halt) weights, over the new ``den``."""
        self.dist, dead, halt = _spread(self.dist, self.target.table(strike, rounds), strike.none)
        self.den *= strike.total
        self.alive = self.alive * strike.total - dead - halt
        return dead, halt

    def split(self, leaves: Callable[[State], bool]) -> dict[State, int]:
        """Take the states that leave this race out of the distribution."""
        out = {s: m for s, m in self.dist.items() if leaves(s)}
        for s in out:
            del self.dist[s]
        self.alive -= sum(out.values())
        return out

    def age(self, rounds: int) -> None:
        if rounds in self.target.ages:
            new: dict[State, int] = {}
            for s, m in self.dist.items():
                s2 = self.target.age(s, rounds)
                new[s2] = new.get(s2, 0) + m
            self.dist = new

    def events(
        self, strike: Strike, rounds: int, leaves: Callable[[State], bool] | None = None
    ) -> Events:
        """The chain counted in events from here (``leaves``: states that leave the race)."""
        ev = Events([], [], [self.alive], 1, [self.dist], [])
        e = strike.events
        if e == 0 or not self.dist:
            return ev
        ev.e = e
        entry = self.target.table(Strike(e, 0, strike.hits, strike.halt), rounds)
        dist = self.dist
        while dist:
            dist, dead, halt = _spread(dist, entry, 0)
            gone = {s: m for s, m in dist.items() if leaves(s)} if leaves else {}
            for s in gone:
                del dist[s]
            ev.dead.append(dead)
            ev.halt.append(halt)
            ev.switched.append(gone)
            ev.alive.append(ev.alive[-1] * e - dead - halt - sum(gone.values()))
            ev.dists.append(dist)
        return ev


def _spread(
    dist: dict[State, int], entry: Callable[[State], Entry], none: int
) -> tuple[dict[State, int], int, int]:
    new: dict[State, int] = {}
    get = new.get
    dead = halt = 0
    for s, m in dist.items():
        moves, dw, hw = entry(s)
        if none:
            new[s] = get(s, 0) + m * none
        for s2, w in moves:
            new[s2] = get(s2, 0) + m * w
        if dw:
            dead += m * dw
        if hw:
            halt += m * hw
    return new, dead, halt


class _Line:
    """``_Chain`` for a piece standing alone: ``dist[t]`` is the weight of t hit points left
    (temporary ones included), and a strike is a sum of shifted copies."""

    def __init__(self, target: Target, dist: dict[State, int] | None = None, den: int = 1) -> None:
        assert isinstance(target.start, int)
        self.target = target
        self.dist = [0] * (target.start + 1)
        for t, m in ({target.start: 1} if dist is None else dist).items():
            assert isinstance(t, int)
            self.dist[t] += m
        self.den = den
        self.alive = sum(self.dist)

    def states(self) -> dict[State, int]:
        return {t: m for t, m in enumerate(self.dist) if m}

    def step(self, strike: Strike, rounds: int) -> tuple[int, int]:
        none = strike.none
        dist = self.dist
        new = [m * none for m in dist] if none else [0] * len(dist)
        _damage(new, dist, strike)
        halt = self.alive * strike.halt
        alive = self.alive * strike.total
        self.alive = sum(new)
        self.dist = new
        self.den *= strike.total
        return alive - self.alive - halt, halt

    def split(self, leaves: Callable[[State], bool]) -> dict[State, int]:
        """Nothing leaves a lone piece's race (it has no Shield Other caster)."""
        return {}

    def age(self, rounds: int) -> None:
        """Nothing ends for a piece standing alone (``Target.simple``)."""

    def events(
        self, strike: Strike, rounds: int, leaves: Callable[[State], bool] | None = None
    ) -> Events:
        """As ``_Chain.events`` (nothing leaves a lone piece's race)."""
        ev = Events([], [], [self.alive], 1, [self.states()], [])
        e = strike.events
        if e == 0 or not self.alive:
            return ev
        ev.e = e
        dist = self.dist
        while ev.alive[-1]:
            top = max(i for i, m in enumerate(dist) if m)
            new = [0] * (top + 1)
            _damage(new, dist[: top + 1], strike)
            halt = ev.alive[-1] * strike.halt
            left = sum(new)
            ev.dead.append(ev.alive[-1] * e - left - halt)
            ev.halt.append(halt)
            ev.switched.append({})
            ev.alive.append(left)
            ev.dists.append({t: m for t, m in enumerate(new) if m})
            dist = new
        return ev


Chain = _Chain | _Line


def chain(target: Target, dist: dict[State, int] | None = None, den: int = 1) -> Chain:
    """The damage ``target`` takes, from ``dist`` (weights over ``den``; None: unhurt)."""
    return _Line(target, dist, den) if target.simple else _Chain(target, dist, den)


def _damage(new: list[int], dist: list[int], strike: Strike) -> None:
    """new[t - d] += dist[t] * (the weight of damage d), for every t - d >= 0."""
    if strike.shape is None:
        _shift_add(new, dist, strike.hits)
        return
    parts, extras = strike.shape
    n = len(dist)
    acc = [0] * n if extras else new
    done: tuple[int, ...] = ()
    v = dist  # a critical's dice begin with the normal hit's: go on from them
    for w, c, dice in parts:
        if dice[: len(done)] != done:
            v, done = dist, ()
        for sides in dice[len(done) :]:
            v = _box(v, sides)
        done = dice
        if c >= 0:
            if c < n:
                acc[: n - c] = [x + w * y for x, y in zip(acc[: n - c], v[c:], strict=True)]
        else:
            acc[-c:] = [x + w * y for x, y in zip(acc[-c:], v[: n + c], strict=True)]
    if extras:
        for sides in extras:
            acc = _box(acc, sides)
        new[:] = [x + y for x, y in zip(new, acc, strict=True)]


def _box(v: list[int], sides: int) -> list[int]:
    """One die of ``sides``: out[t] = v[t + 1] + ... + v[t + sides] (prefix sums)."""
    n = len(v)
    p = list(accumulate(v, initial=0))
    p += [p[-1]] * sides
    return [hi - lo for hi, lo in zip(p[sides + 1 : sides + 1 + n], p[1 : 1 + n], strict=True)]


def _shift_add(new: list[int], dist: list[int], hits: tuple[tuple[int, int], ...]) -> None:
    """new[t - a] += dist[t] * w for every hit (a, w) that leaves t - a >= 0."""
    n = len(dist)
    for a, w in hits:
        if a >= n:
            break
        new[: n - a] = [x + w * y for x, y in zip(new[: n - a], dist[a:], strict=True)]


def solve(plan: Plan) -> Result:
    """The exact result of the automatic battle ``plan`` describes."""
    return finish(plan, (chain(plan.targets[0]), chain(plan.targets[1])))


def finish(plan: Plan, chains: tuple[Chain, Chain], start: int = 0, rounds: int = 0) -> Result:
    """The battle from slot ``start`` on (``rounds`` ended before it), the damage so far in
    ``chains``: its results weighted by the chains' standing weights."""
    wins, stopped, rounds = run(plan, chains, start, rounds)
    y1 = plan.first ^ (len(plan.slots) & 1)
    c1, c2 = chains[1 - y1], chains[y1]
    ev1 = c1.events(plan.steady[0], rounds)
    ev2 = c2.events(plan.steady[1], rounds)
    tail = race(ev1, ev2, plan.steady, c1.den, c2.den)
    wins[y1] += tail[0]
    wins[1 - y1] += tail[1]
    return Result((wins[0], wins[1]), stopped + tail[2])


def run(
    plan: Plan,
    chains: tuple[Chain, Chain],
    start: int = 0,
    rounds: int = 0,
    step: Callable[[int, int], None] | None = None,
) -> tuple[list[Fraction], Fraction, int]:
    """The slots of ``plan`` from ``start``: (wins, stopped, rounds ended); ``step(k, rounds)``
    is called after each slot's action, before its round ends."""
    wins = [Fraction(0), Fraction(0)]
    stopped = Fraction(0)
    for k in range(start, len(plan.slots)):
        actor = plan.first ^ (k & 1)
        victim, own = chains[1 - actor], chains[actor]
        dead, halt = victim.step(plan.slots[k], rounds)
        if dead or halt:
            standing = Fraction(own.alive, own.den * victim.den)
            wins[actor] += dead * standing
            stopped += halt * standing
        if step is not None:
            step(k, rounds)
        if plan.round_ends[k]:
            rounds += 1
            for c in chains:
                c.age(rounds)
    return wins, stopped, rounds


@dataclass(frozen=True)
class Walk:
    """Rounds alike from a round's start: Y1 acts first and drives chain 1 (the damage Y2
    takes), Y2 drives chain 2. Rounds where neither has an event drop out; the others are Y1's
    event alone (``a``), Y2's alone (``b``) or both (``c``), out of ``z``. ``rs[i][j]`` is
    R(i, j) * z**top, R the chance that a round starts with i and j events done."""

    a: int
    b: int
    c: int
    z: int
    top: int
    rs: list[list[int]]

    @staticmethod
    def of(steady: tuple[Strike, Strike], n1: int, n2: int) -> Walk | None:
        """The walk over 0..n1-1 and 0..n2-1 events; None if no round can ever change
        anything."""
        s1, s2 = steady
        z = s1.total * s2.total - s1.none * s2.none
        if z == 0:
            return None
        a, b, c = s1.events * s2.none, s1.none * s2.events, s1.events * s2.events
        top = n1 + n2 - 2
        rs = [[0] * n2 for _ in range(n1)]
        rs[0][0] = z**top
        for i in range(n1):
            row, up = rs[i], rs[i - 1] if i else None
            for j in range(n2):
                if i == 0 and j == 0:
                    continue
                v = 0
                if up is not None:
                    v += a * up[j]
                    if j:
                        v += c * up[j - 1]
                if j:
                    v += b * row[j - 1]
                row[j] = v // z
        return Walk(a, b, c, z, top, rs)


def race(
    ev1: Events, ev2: Events, steady: tuple[Strike, Strike], den1: int, den2: int
) -> tuple[Fraction, Fraction, Fraction]:
    """From a round's start on, every round alike: (P(Y1 wins), P(Y2 wins), P(halt)), chain 1
    (``ev1``, weights over ``den1``) the damage Y2 takes, chain 2 the damage Y1 takes."""
    n1 = sum(1 for w in ev1.alive if w)  # rounds may start with 0..n1-1 events of Y1 done
    n2 = sum(1 for w in ev2.alive if w)
    walk = Walk.of(steady, n1, n2) if n1 and n2 else None
    if walk is None:
        return Fraction(0), Fraction(0), Fraction(0)  # nobody standing, or endless
    a, b, c, z, top, rs = walk.a, walk.b, walk.c, walk.z, walk.top, walk.rs
    e1, e2 = ev1.e, ev2.e
    alive1 = ev1.alive + [0] * 2
    d1, h1 = ev1.dead + [0] * (n1 + 1), ev1.halt + [0] * (n1 + 1)
    d2, h2 = ev2.dead + [0] * (n2 + 1), ev2.halt + [0] * (n2 + 1)
    # Y1's event ends it (it acts first in the round): weights over z * den1 * e1**n1.
    p1 = [(a + c) * e1 ** (n1 - 1 - i) for i in range(n1)]
    kill1 = [p1[i] * d1[i] for i in range(n1)]
    stop1 = [p1[i] * h1[i] for i in range(n1)]
    # Y2's event ends it, if Y1 (alone: B, or first: C) left it standing.
    left1 = [(b * e1 * alive1[i] + c * alive1[i + 1]) * e1 ** (n1 - 1 - i) for i in range(n1)]
    stand2 = [ev2.alive[j] * e2 ** (n2 - 1 - j) for j in range(n2)]  # over den2 * e2**(n2-1)
    kill2 = [d2[j] * e2 ** (n2 - 1 - j) for j in range(n2)]  # over den2 * e2**n2
    stop2 = [h2[j] * e2 ** (n2 - 1 - j) for j in range(n2)]
    y1 = y2 = halt1 = halt2 = 0
    for i in range(n1):
        row = rs[i]
        sa = sum(r * w for r, w in zip(row, stand2, strict=True))
        y1 += kill1[i] * sa
        halt1 += stop1[i] * sa
        if left1[i]:
            y2 += left1[i] * sum(r * w for r, w in zip(row, kill2, strict=True))
            halt2 += left1[i] * sum(r * w for r, w in zip(row, stop2, strict=True))
    den = z ** (top + 1) * den1 * e1**n1 * den2
    den_y1 = den * e2 ** (n2 - 1)
    den_y2 = den * e2**n2
    return (
        Fraction(y1, den_y1),
        Fraction(y2, den_y2),
        Fraction(halt1, den_y1) + Fraction(halt2, den_y2),
    )
