"""Battles (GC-18..GC-20), deaths and their consequences, and the exact odds of an attack.

A battle is rounds of two pool rolls: the attacker's dice plus the attack die (and the Queen's
bonus die against a frozen piece, GC-30) against the defender's dice. The lower total loses the
difference in hit points; the defender wins ties, which deal no damage. A duel (the default)
goes on until one piece is at zero or less; an exchange is one round. The odds are exact
fractions.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from battlechess_tui.engine.dice import Dice, DiceExpr, difference_distribution
from battlechess_tui.engine.events import Event, Note, Roll
from battlechess_tui.engine.vocabulary import EventTag, Purpose, Target, Verdict
from battlechess_tui.rules.gladiator.vocabulary import (
    GladiatorPurpose,
    GladiatorTag,
    GladiatorVerdict,
)

from . import endings
from .facts import Fact, ref
from .queen import free
from .state import ABDUCTED, KILLED, KING, QUEEN, RETURNING, Piece, Work, find, seat_key
from .tables import Tables


def attack_pool(t: Tables, attacker: Piece, bonus: bool) -> DiceExpr:
    """The attacker's dice, the attack die, and the Queen's die when ``bonus`` (GC-18, GC-30)."""
    pool = (t.kinds[attacker.kind].dice or DiceExpr(())) + t.attack_die
    return pool + t.queen_bonus if bonus else pool


def defence_pool(t: Tables, defender: Piece) -> DiceExpr:
    return t.kinds[defender.kind].dice or DiceExpr(())


def fight(
    t: Tables,
    w: Work,
    attacker: Piece,
    defender: Piece,
    where: int,
    bonus: bool,
    dice: Dice,
    events: list[Event],
) -> tuple[bool, bool]:
    """Fight it out; hit points are updated in ``w``. Returns (attacker alive, defender alive)."""
    a_pool, d_pool = attack_pool(t, attacker, bonus), defence_pool(t, defender)
    a_hp, d_hp = attacker.hp, defender.hp
    added = (str(t.attack_die),) + ((str(t.queen_bonus),) if bonus else ())
    rounds = 0
    while a_hp > 0 and d_hp > 0 and (t.duel or rounds == 0):
        rounds += 1
        number = rounds if t.duel else 0
        a_roll = dice.roll(
            _seat(t, attacker),
            a_pool,
            use=Purpose.ATTACK,
            squares=(where,),
            pieces=(ref(attacker),),
            names=added,
            round_number=number,
        )
        d_roll = dice.roll(
            _seat(t, defender),
            d_pool,
            use=GladiatorPurpose.DEFENCE,
            squares=(where,),
            pieces=(ref(defender),),
            round_number=number,
        )
        diff = a_roll.total - d_roll.total
        if diff > 0:
            d_hp -= diff
        elif diff < 0:
            a_hp += diff
        events.extend(_settle(dice, a_roll, d_roll, diff, a_hp, d_hp))
    w.set_hp(attacker.id, a_hp)
    w.set_hp(defender.id, d_hp)
    return a_hp > 0, d_hp > 0


def _seat(t: Tables, p: Piece) -> str:
    return seat_key(p.side, t.kinds[p.kind].commander)


def _settle(dice: Dice, a_roll: Roll, d_roll: Roll, diff: int, a_hp: int, d_hp: int) -> list[Roll]:
    """Record what the round decided on both rolls: the winner's margin, the loser's hit
    points lost and left, or a tie."""
    a_res: str
    d_res: str
    a_num: tuple[int, ...]
    d_num: tuple[int, ...]
    if diff > 0:
        a_res, a_num = Verdict.WINS, (diff,)
        d_res, d_num = GladiatorVerdict.WOUNDED, (diff, max(d_hp, 0))
    elif diff < 0:
        a_res, a_num = GladiatorVerdict.WOUNDED, (-diff, max(a_hp, 0))
        d_res, d_num = Verdict.WINS, (-diff,)
    else:
        a_res, a_num, d_res, d_num = Verdict.TIE, (), Verdict.TIE, ()
    total = Target.TOTAL
    return [
        dice.settle(a_roll, verdict=a_res, numbers=a_num, target=d_roll.total, target_kind=total),
        dice.settle(d_roll, verdict=d_res, numbers=d_num, target=a_roll.total, target_kind=total),
    ]


def heal_if_victor(t: Tables, w: Work, winner: Piece, events: list[Event]) -> None:
    """GC-20: a victorious Footman, Warrior or Squire returns fully healed."""
    full = t.kinds[winner.kind].hp
    current = w.pieces[winner.id].hp
    if winner.kind in t.data.heal_on_victory and current < full:
        w.set_hp(winner.id, full)
        events.append(
            Note(
                EventTag.HEAL,
                fact=Fact.VICTOR,
                pieces=(ref(w.pieces[winner.id]),),
                numbers=(full,),
                rule="GC-20",
            )
        )


def kill(t: Tables, w: Work, victim: Piece, events: list[Event], where: int) -> None:
    """The piece dies: to the tally sheet. A dead King loses the game (GC-33); a dead abductor
    frees the Queen it held (GC-31)."""
    w.lift(victim.id, KILLED)
    w.not_quiet()
    events.append(Note(EventTag.KILL, squares=(where,), pieces=(ref(victim, where),)))
    queen = find(w, QUEEN, 1 - victim.side)
    held = queen is not None and queen.holder == victim.id and queen.status == ABDUCTED
    if victim.kind == KING:
        if held and t.king_kill_recovers_queen:  # recovered (GC-31), no placing: it is over
            assert queen is not None
            events.append(Note(GladiatorTag.RESCUE, pieces=(ref(queen, -1),)))
            w.lift(queen.id, RETURNING)
            w.set_held(queen.side, 0)
        w.result = endings.king_killed(t, 1 - victim.side, where)
        w.ended_on = where
    elif held:
        assert queen is not None
        free(t, w, queen, events)


# -- odds ----------------------------------------------------------------------------------------


@cache
def _steps(att: str, dfn: str) -> tuple[tuple[tuple[int, int], ...], int]:
    """One round that is not a tie, as whole numbers: ((attacker minus defender, count), ...)
    and the sum of the counts (a tie changes nothing, so a duel may leave it out)."""
    dist = difference_distribution(att, dfn)
    scale = math.lcm(*(p.denominator for p in dist.values()))
    counts = tuple(sorted((d, int(p * scale)) for d, p in dist.items() if d != 0))
    return counts, sum(c for _, c in counts)


@cache
def duel_chance(att: str, dfn: str, a_hp: int, d_hp: int) -> Fraction:
    """The exact chance that the attacker wins a duel fought to the death from these hit points.

    A Markov chain over (attacker hp, defender hp): every round that is not a tie goes to lower
    hit points, so the chances fill a table from (1, 1) up. Each entry is kept as a whole
    number over ``total ** (a + d - 1)`` (every path from there has at most that many rounds),
    which keeps the arithmetic exact and fast."""
    if d_hp <= 0:
        return Fraction(1)
    if a_hp <= 0:
        return Fraction(0)
    steps, total = _steps(att, dfn)
    power = [total**n for n in range(a_hp + d_hp)]
    table: dict[tuple[int, int], int] = {}
    for a in range(1, a_hp + 1):
        for d in range(1, d_hp + 1):
            depth = a + d - 2  # the entry is over total ** (depth + 1)
            value = 0
            for diff, count in steps:
                if diff >= d:
                    value += count * power[depth]
                elif diff > 0:
                    value += count * table[(a, d - diff)] * power[diff - 1]
                elif -diff < a:
                    value += count * table[(a + diff, d)] * power[-diff - 1]
            table[(a, d)] = value
    return Fraction(table[(a_hp, d_hp)], power[a_hp + d_hp - 1])


def round_chances(att: str, dfn: str, a_hp: int, d_hp: int) -> tuple[Fraction, Fraction, Fraction]:
    """One exchange: (defender killed, attacker wins the round, attacker killed)."""
    kill_it = win = die = Fraction(0)
    for diff, p in difference_distribution(att, dfn).items():
        if diff > 0:
            win += p
            kill_it += p if diff >= d_hp else 0
        elif -diff >= a_hp:
            die += p
    return kill_it, win, die
