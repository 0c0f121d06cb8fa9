"""The numbers behind the odds: the exact chance of one d20 roll (an attack, a save), and the
attacker's chance to win a whole battle, estimated by playing it out automatically (DD-18).

The battle estimate plays ``SIMULATIONS`` automatic battles with ``random.Random(0)``, so the
same position always gives the same figure.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.rules.dnd import battle, combat, spells, turn
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import Work
from battlechess_tui.rules.dnd.state import ACT, BATTLE, MOVE_PHASE, DndState
from battlechess_tui.rules.dnd.vocabulary import DndAction

SIMULATIONS = 400
#: What builds a ``Work`` on a draft of a state with these dice (the rules' ``work``).
WorkMaker = Callable[[DndState, Dice], Work]


@dataclass(frozen=True)
class D20:
    """The chance that one d20 roll succeeds: an attack that hits, a save that fails, or a
    spell that needs no roll (``auto``: Magic Missile)."""

    kind: Literal["melee", "touch", "save", "auto"]
    p: Fraction
    bonus: int = 0
    against: str = ""  # "FAC 13", "TAC 11", "DC 14"


def hit_chance(need: int) -> Fraction:
    """P(d20 hits) when the total must reach ``need``: natural 1 misses, 20 hits."""
    faces = sum(1 for f in range(2, 20) if f >= need) + 1
    return Fraction(faces, 20)


def roll_for(w: Work, action: Action) -> D20 | None:
    """The d20 roll that decides ``action`` (an attack or an attack spell), if it has one."""
    s = w.state
    if s.phase == BATTLE and s.battle is not None:
        b = s.battle
        me, foe = b.actor, b.other(b.actor)
        if action.kind in (DndAction.ATTACK, DndAction.CHARGE) or action.choice == "smite":
            extra = 2 if action.kind == DndAction.CHARGE else 0
            if action.choice == "smite":
                extra = fx.stats_of(w.t, w.piece(me)).abilities["smite"].hit or 0
            return melee(w, me, foe, extra)
        if action.kind == DndAction.CAST:
            return spell(w, me, foe, action.choice)
    if s.phase == ACT and action.kind == DndAction.CAST and action.squares:
        pid = s.at[action.squares[0]]
        if pid >= 0:
            return spell(w, s.actors[0], pid, action.choice)
    return None


def melee(w: Work, me: int, foe: int, extra: int) -> D20:
    """A weapon attack of ``me`` on ``foe`` with ``extra`` to hit (DD-13, DD-15)."""
    st = fx.stats_of(w.t, w.piece(me))
    mods = fx.modifiers(w.state, w.t, w.geo, me, "attack", weapon=True, vs=foe)
    bonus = st.melee + sum(v for _, v in mods) + extra
    if combat.flanked(w, foe):
        bonus += 2
    kind = "FAC" if combat.flat_footed(w, foe) else "AC"
    ac, _ = fx.armor_class(w.state, w.t, foe, kind)
    return D20("melee", hit_chance(ac - bonus), bonus, f"{kind} {ac}")


def spell(w: Work, me: int, foe: int, choice: str) -> D20 | None:
    """An attack spell: its touch attack, or the target's failed save (DD-13, DD-22)."""
    d = spells.definition(w.t, choice)
    if d.use != "attack":
        return None
    if d.attack == "auto":
        return D20("auto", Fraction(1))
    if d.attack in ("touch", "ranged-touch"):
        bonus = fx.stats_of(w.t, w.piece(me)).melee + sum(
            v for _, v in fx.modifiers(w.state, w.t, w.geo, me, "attack")
        )
        tac, _ = fx.armor_class(w.state, w.t, foe, "TAC")
        return D20("touch", hit_chance(tac - bonus), bonus, f"TAC {tac}")
    dc = spells.spell_dc(w.t, w.piece(me), choice)
    kind = "ref" if d.save == "reflex" else d.save
    bonus = sum(v for _, v in fx.save_bonus(w.state, w.t, w.geo, foe, kind))
    return D20("save", 1 - hit_chance(dc - bonus), bonus, f"DC {dc}")


def starts_battle(state: DndState, action: Action) -> bool:
    """A move onto an enemy (DD-10), or ``auto`` in a battle: the action decides a battle."""
    if state.phase == MOVE_PHASE:
        return action.kind == MOVE and len(action.squares) == 2 and state.at[action.squares[1]] >= 0
    return state.phase == BATTLE and action.kind == DndAction.AUTO


def battle_win(make_work: WorkMaker, state: DndState, action: Action) -> Fraction | None:
    """The attacker's chance to win the battle ``action`` starts or finishes, estimated from
    ``SIMULATIONS`` automatic battles; None if it starts none."""
    rng = random.Random(0)
    wins = 0
    for _ in range(SIMULATIONS):
        w = make_work(state, Dice(rng))
        if action.kind == MOVE:
            move = turn.find_move(w.state, action)
            if move is None:
                return None
            attacker, defender = (w.state.at[sq] for sq in action.squares)
            battle.start(w, attacker, defender, move)
        else:
            assert state.battle is not None
            attacker, defender = state.battle.attacker, state.battle.defender
        if w.state.battle is not None:
            battle.act(w, Action(DndAction.AUTO))
        wins += w.piece(attacker).alive and not w.piece(defender).alive
    return Fraction(wins, SIMULATIONS)
