"""Exact odds when the two pieces' damage chains depend on each other (DD-18): the joint chain.

Two rare cases tie them. A cursed piece may lose the action that would end its being
flat-footed (or its charge's -2 AC), so its foe's hits depend on its coin (DD-11, Bestow
Curse). A Shield Other caster whose fall takes away the flanking its side enjoyed changes the
shielded piece's hits with the caster's hit points (DD-15). Then the battle is followed over
joint states, (flat-footed piece, charging, the attacker's chain, the defender's chain): slot by
slot while timed effects run, then solved backward, state by state in order of what is left
to lose, with the round where nothing changes in closed form. Exact, and slower than
``odds_chain`` by the size of the product of the two chains' states.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from battlechess_tui.rules.dnd.odds_battle import Planner, Reader
from battlechess_tui.rules.dnd.odds_chain import IDLE, Result, State, Strike, Target
from battlechess_tui.rules.dnd.state import Battle

Joint = tuple[int, bool, State, State]
#: Where one action takes a joint state: (chance, who won (-1: nobody yet; 2: halted), state).
Move = tuple[Fraction, int, Joint | None]
HALTED = 2
Value = tuple[Fraction, Fraction, Fraction]
ZERO: Value = (Fraction(0), Fraction(0), Fraction(0))


class Mover:
    def __init__(
        self, reader: Reader, battle: Battle, fresh: bool, opening: str, singer: int
    ) -> None:
        self.reader, self.battle = reader, battle
        self.fresh, self.opening, self.singer = fresh, opening, singer
        self.sides = (battle.attacker, battle.defender)
        self.targets = (reader.target(battle.attacker), reader.target(battle.defender))
        self.chains = (reader.target_ids(battle.attacker), reader.target_ids(battle.defender))
        self._planners: dict[tuple[int, ...], Planner] = {}

    def planner(self, state: Joint) -> Planner:
        """The planner of the board as it stands: Shield Other casters that fell are gone."""
        gone = tuple(
            pid
            for side in (0, 1)
            for n, pid in enumerate(self.chains[side][1:], start=1)
            if _fallen(state[2 + side], n)
        )
        p = self._planners.get(gone)
        if p is None:
            r = self.reader
            reader = Reader(r.t, r.geo, r.state, r.battle, gone) if gone else r
            p = self._planners[gone] = Planner(
                reader, self.battle, self.fresh, self.opening, self.singer
            )
        return p

    def moves(
        self,
        state: Joint,
        actor_side: int,
        cfg: int,
        rounds: int,
        *,
        through: bool,
        first: bool,
        opening: str,
    ) -> list[Move]:
        """One action of side ``actor_side`` (``battle.advance`` then ``battle.step``)."""
        r = self.reader
        actor = self.sides[actor_side]
        ff, charging = state[0], state[1]
        if through and r.helpless(cfg, actor):
            return [(Fraction(1), -1, state)]
        out: list[Move] = []
        act = Fraction(1)
        if through and r.cursed(cfg, actor):
            out.append((Fraction(1, 2), -1, state))
            act = Fraction(1, 2)
        ff2 = -1 if ff == actor else ff
        charging2 = charging and actor != self.battle.attacker
        if first:
            strike: Strike = IDLE
        else:
            charging2 = charging2 or opening == "charge"
            strike = self.planner(state).act(cfg, actor, ff2, charging2, opening)
        victim = 1 - actor_side
        target: Target = self.targets[victim]
        moves, dead, halt = target.table(strike, rounds)(state[2 + victim])
        total = strike.total

        def joint(s: State) -> Joint:
            return (ff2, charging2, s, state[3]) if victim == 0 else (ff2, charging2, state[2], s)

        if strike.none:
            out.append((act * Fraction(strike.none, total), -1, joint(state[2 + victim])))
        out += [(act * Fraction(w, total), -1, joint(s)) for s, w in moves]
        if dead:
            out.append((act * Fraction(dead, total), actor_side, None))
        if halt:
            out.append((act * Fraction(halt, total), HALTED, None))
        return out


def _fallen(s: State, body: int) -> bool:
    return isinstance(s, tuple) and s[2 * body] < 0


def potential(s: State) -> int:
    """What a chain has left to lose: every hit takes some of it."""
    if isinstance(s, int):
        return s + 1
    assert isinstance(s, tuple)
    return sum(hp + temp + 1 for hp, temp in zip(s[::2], s[1::2], strict=True) if hp >= 0)


def solve_joint(
    reader: Reader, battle: Battle, *, fresh: bool, opening: str = "auto", singer: int = -1
) -> Result:
    """The exact result of the automatic battle from ``battle`` on, over joint states."""
    j = Mover(reader, battle, fresh, opening, singer)
    first_side = 0 if battle.actor == battle.attacker else 1
    ends = max((reader.points[-1], *j.targets[0].ages, *j.targets[1].ages))
    start: Joint = (battle.flat_footed, battle.charging, j.targets[0].start, j.targets[1].start)
    dist: dict[Joint, Fraction] = {start: Fraction(1)}
    won = [Fraction(0), Fraction(0), Fraction(0)]
    rounds, k, first = 0, 0, battle.first
    while not (k and not first and rounds >= ends):
        cfg = reader.config(rounds)
        side = first_side ^ (k & 1)
        new: dict[Joint, Fraction] = {}
        for state, m in dist.items():
            for p, who, after in j.moves(
                state,
                side,
                cfg,
                rounds,
                through=fresh or k > 0,
                first=first,
                opening=opening if k == 0 else "auto",
            ):
                if after is None:
                    won[who] += m * p
                else:
                    new[after] = new.get(after, Fraction(0)) + m * p
        dist = new
        first = False
        if (battle.actions + k + 1) % 2 == 0:
            rounds += 1
            dist = _age(j, dist, rounds)
        k += 1
    side1 = first_side ^ (k & 1)
    cfg = reader.config(rounds)

    def steady(side: int) -> Callable[[Joint], list[Move]]:
        return lambda s: j.moves(s, side, cfg, rounds, through=True, first=False, opening="auto")

    values, _ = backward(list(dist), [], steady(side1), steady(1 - side1))
    for state, m in dist.items():
        v = values[state]
        won = [won[i] + m * v[i] for i in range(3)]
    return Result((won[0], won[1]), won[2])


def _age(j: Mover, dist: dict[Joint, Fraction], rounds: int) -> dict[Joint, Fraction]:
    """The end of a round: Bear's Endurance and False Life that run out (``Target.age``)."""
    t0, t1 = j.targets
    if rounds not in t0.ages and rounds not in t1.ages:
        return dist
    new: dict[Joint, Fraction] = {}
    for (ff, ch, s0, s1), m in dist.items():
        key = (ff, ch, t0.age(s0, rounds), t1.age(s1, rounds))
        new[key] = new.get(key, Fraction(0)) + m
    return new


def backward(
    starts: list[Joint],
    mids: list[Joint],
    first: Callable[[Joint], list[Move]],
    second: Callable[[Joint], list[Move]],
) -> tuple[dict[Joint, Value], dict[Joint, Value]]:
    """Values (P attacker wins, P defender wins, P halted) of every state reachable from
    ``starts`` at the start of a round and from ``mids`` in the middle of one, every round
    alike: ``first`` then ``second`` acts. (Values at round starts, values mid-round.)"""
    moves1: dict[Joint, list[Move]] = {}
    moves2: dict[Joint, list[Move]] = {}
    todo1, todo2 = list(starts), list(mids)
    while todo1 or todo2:
        while todo1:
            s = todo1.pop()
            if s not in moves1:
                moves1[s] = first(s)
                todo2 += [a for _, _, a in moves1[s] if a is not None and a not in moves2]
        while todo2:
            s = todo2.pop()
            if s not in moves2:
                moves2[s] = second(s)
                todo1 += [a for _, _, a in moves2[s] if a is not None and a not in moves1]
    order = sorted(set(moves1) | set(moves2), key=_rank)
    v1: dict[Joint, Value] = {}
    v2: dict[Joint, Value] = {}
    for s in order:
        r1, p1 = _rest(moves1.get(s, []), s, v2)
        r2, p2 = _rest(moves2.get(s, []), s, v1)
        loop = 1 - p1 * p2
        if loop == 0:
            v1[s] = v2[s] = ZERO  # neither can ever act again: the battle never ends
            continue
        start = _value(*((x + p1 * y) / loop for x, y in zip(r1, r2, strict=True)))
        v1[s] = start
        v2[s] = _value(*(y + p2 * x for x, y in zip(start, r2, strict=True)))
    return v1, v2


def _value(a: Fraction, b: Fraction, c: Fraction) -> Value:
    return a, b, c


def _rank(s: Joint) -> tuple[int, int]:
    return potential(s[2]) + potential(s[3]), (s[0] >= 0) + s[1]


def _rest(moves: list[Move], s: Joint, after: dict[Joint, Value]) -> tuple[Value, Fraction]:
    """The value of one action from ``s`` but for what leaves ``s`` as it was, and the
    chance of that."""
    stay = Fraction(0)
    total = [Fraction(0), Fraction(0), Fraction(0)]
    for p, who, a in moves:
        if a is None:
            total[who] += p
        elif a == s:
            stay += p
        else:
            v = after[a]
            for i in range(3):
                total[i] += p * v[i]
    return (total[0], total[1], total[2]), stay
