"""A static estimate of a D&D Battle Chess position for computer players: cheap, in pawns.

A piece is worth its chess value (the variant file's ``value``), more for each level above the
game's starting level (DD-3: a lead weighs the same at level 1 and level 5, so a search's
squashed worths do not saturate at a level-5 rook) and less as it loses hit points; the King,
worth nothing as material, is worth his hit points because his fall ends the game (DD-9).
Helpful effects add a little, harmful ones and conditions that stop a piece (paralyzed,
prone) take away.

A battle in progress (DD-10..DD-12) puts both pieces at stake: each side gains the foe's worth
times its chance of winning. The exact odds (``odds``) cost far too much for every node of a
search, so the chance here is a race of hits: each piece needs so many hits of its mean damage
to bring the other below 0, and hits with its chance against the other's AC, the two acting in
turn from the one whose action is next.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Protocol
from weakref import WeakKeyDictionary

from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.spec import VariantSpec
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.state import BATTLE, DndState, Effect, Piece
from battlechess_tui.rules.dnd.stats import Tables


class DndNumbers(Protocol):
    """What the estimate reads of D&D's rules (``DndRules``, which imports this module)."""

    @property
    def tables(self) -> Tables: ...
    @property
    def geo(self) -> Geometry: ...
    @property
    def spec(self) -> VariantSpec: ...
    @property
    def level(self) -> int: ...


LEVEL_WORTH = 0.5  # each level above 1 adds half the piece's value
KING_WORTH = 6.0  # the King at full hit points
KING_STAKE = 12.0  # what a battle the King may lose puts at stake (DD-9: the game)
BUFF, DEBUFF, HELPLESS = 0.2, 0.3, 1.0
WIN = 1000.0
#: Most pieces whose worth is kept per rules object (a piece is often in many states).
KEPT = 50_000
_kept: WeakKeyDictionary[DndNumbers, dict[Piece, float]] = WeakKeyDictionary()


def evaluate(rules: DndNumbers, state: DndState, side: int) -> float:
    """``side``'s estimate of ``state``: its pieces' worth less the enemy's."""
    result = state.result
    if result is not None:
        return 0.0 if result.winner is None else (WIN if result.winner == side else -WIN)
    total = 0.0
    for p in state.pieces:
        if p.alive:
            total += worth(rules, p) if p.side == side else -worth(rules, p)
    if state.phase == BATTLE and state.battle is not None:
        total += battle_stake(rules, state, side)
    return total


def battle_stake(rules: DndNumbers, state: DndState, side: int) -> float:
    """What the battle in progress is expected to bring ``side`` (see the module's text)."""
    b = state.battle
    assert b is not None
    att, dfd = state.pieces[b.attacker], state.pieces[b.defender]
    first = b.actor == b.attacker or b.first  # auto: the defender's first action waits
    won = race(*_striker(rules, state, att, dfd), *_striker(rules, state, dfd, att), first)
    lost = race(*_striker(rules, state, dfd, att), *_striker(rules, state, att, dfd), not first)
    gain = won * stake(rules, dfd) - lost * stake(rules, att)
    return gain if att.side == side else -gain


def _striker(rules: DndNumbers, state: DndState, me: Piece, foe: Piece) -> tuple[int, int]:
    """``me``'s chance to hit ``foe`` (in twentieths) and the hits it needs to fell it."""
    if fx.helpless(me):
        return 0, 1
    t, geo = rules.tables, rules.geo
    st = fx.stats_of(t, me)
    bonus = st.melee + sum(
        v for _, v in fx.modifiers(state, t, geo, me.id, "attack", weapon=True, vs=foe.id)
    )
    ac, _ = fx.armor_class(state, t, foe.id, "FAC" if fx.helpless(foe) else "AC")
    faces = max(1, min(19, 21 - (ac - bonus)))  # natural 1 misses, 20 hits
    extra = sum(v for _, v in fx.modifiers(state, t, geo, me.id, "damage", weapon=True, vs=foe.id))
    mean = sum(n * (s + 1) / 2 for n, s in st.damage.terms) + st.damage.bonus + extra
    threats = min(faces, 21 - st.threat)
    mean *= 1 + (st.crit - 1) * threats / 20 * faces / 20  # confirmed criticals
    need = foe.hp + fx.temp_hp(foe) + 1
    return faces, max(1, math.ceil(need / max(1.0, mean)))


@cache
def race(faces_a: int, hits_a: int, faces_b: int, hits_b: int, a_first: bool) -> float:
    """P(A lands ``hits_a`` hits before B lands ``hits_b``), acting in turn (A first if
    ``a_first``), each hitting with ``faces`` in 20."""
    pa, pb = faces_a / 20, faces_b / 20
    if pa == 0:
        return 0.0
    # a[i][j]: A to act, A needs i, B needs j; b[i][j]: B to act.
    a = [[0.0] * (hits_b + 1) for _ in range(hits_a + 1)]
    b = [[0.0] * (hits_b + 1) for _ in range(hits_a + 1)]
    stay = (1 - pa) * (1 - pb)
    for i in range(1, hits_a + 1):
        for j in range(1, hits_b + 1):
            x = 1.0 if i == 1 else b[i - 1][j]
            y = 0.0 if j == 1 else a[i][j - 1]
            a[i][j] = (pa * x + (1 - pa) * pb * y) / (1 - stay)
            b[i][j] = pb * y + (1 - pb) * a[i][j]
    return a[hits_a][hits_b] if a_first else b[hits_a][hits_b]


def stake(rules: DndNumbers, p: Piece) -> float:
    """What losing ``p`` costs its side."""
    if rules.tables.classes[p.cls].piece == "king":
        return KING_STAKE
    return worth(rules, p)


def worth(rules: DndNumbers, p: Piece) -> float:
    """What ``p`` is worth to its side, kept for the next state that holds the same piece."""
    kept = _kept.get(rules)
    if kept is None:
        kept = _kept[rules] = {}
    known = kept.get(p)
    if known is None:
        if len(kept) >= KEPT:
            kept.clear()
        known = kept[p] = _worth(rules, p)
    return known


def _worth(rules: DndNumbers, p: Piece) -> float:
    t = rules.tables
    temp = fx.temp_hp(p)
    health = max(0, p.hp + temp) / (fx.max_hp(t, p) + temp)
    piece = t.classes[p.cls].piece
    if piece == "king":
        base = KING_WORTH * health
    else:
        value = rules.spec.pieces[piece].value * _rise(p.level) / _rise(rules.level)
        base = value * (0.5 + 0.5 * health)
    return base + sum(_effect_worth(e) for e in p.effects)


def _rise(level: int) -> float:
    return 1 + LEVEL_WORTH * (level - 1)


def _effect_worth(e: Effect) -> float:
    if e.condition in fx.HELPLESS:
        return -HELPLESS
    return BUFF if fx.helps(e) else -DEBUFF
