"""The race of hits that estimates a battle for the static estimate (DD-10..DD-12).

The exact odds (``odds``) cost far too much for every node of a search, so the chance here is
a race: each piece needs so many hits of its mean damage to bring the other below 0, and hits
with its chance against the other's AC, the two acting in turn from the one whose action is
next.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Protocol

from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.spec import VariantSpec
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.state import DndState, Piece
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
    @property
    def quiet_turns(self) -> int: ...


def chances(rules: DndNumbers, state: DndState, first: Piece, second: Piece) -> tuple[float, float]:
    """The chances that ``first`` (acting first) and that ``second`` win their battle."""
    a, b = striker(rules, state, first, second), striker(rules, state, second, first)
    return race(*a, *b, True), race(*b, *a, False)


def striker(rules: DndNumbers, state: DndState, me: Piece, foe: Piece) -> tuple[int, int]:
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
