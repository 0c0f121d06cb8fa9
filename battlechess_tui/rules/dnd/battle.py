"""Battles (DD-10..DD-18): initiative, the defender's first action, combat rounds to the death.

A battle is a run of decisions: each action (``attack``, ``charge``, ``cast <spell>``,
``ability <name>``, ``withdraw``, ``wait``) is chosen by the player of the piece acting now;
``auto`` plays the rest with each piece making its best melee attack (DD-18). Two actions make
a combat round, and every round counts one round off every effect on the board (DD-14).
"""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.vocabulary import (
    EventTag,
    RollDetail,
    Target,
    Verdict,
)
from battlechess_tui.rules.dnd import abilities, combat, spells, spoils
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import Work
from battlechess_tui.rules.dnd.facts import Fact
from battlechess_tui.rules.dnd.promotion import promote_if_due
from battlechess_tui.rules.dnd.state import BATTLE, Battle, Effect, Fascination
from battlechess_tui.rules.dnd.vocabulary import (
    DndAction,
    DndDetail,
    DndPurpose,
    DndTag,
    DndVerdict,
)

WITHDRAWERS = ("cleric", "wizard", "rogue")  # DD-16
RANGED = ("close", "medium", "long")


def start(w: Work, attacker: int, defender: int, move: int) -> None:
    """DD-10, DD-11: the battle begins with initiative (perft: the attacker simply wins)."""
    s = w.state
    a, d = w.piece(attacker), w.piece(defender)
    b = Battle(attacker, defender, a.square, d.square, move, attacker)
    s.battle, s.phase = b, BATTLE
    w.note(DndTag.BATTLE, d.square, a.square, who=(attacker, defender))
    if w.settled:
        combat.kill(w, defender, attacker)
        finish(w)
        return
    if initiative(w, attacker, defender):
        s.battle = replace(b, actor=attacker, flat_footed=defender, charge_ok=True)
        w.note(DndTag.INITIATIVE, fact=Fact.ATTACKER_FIRST, who=(attacker,))
    else:
        s.battle = replace(b, actor=defender, first=True)
        w.note(DndTag.INITIATIVE, fact=Fact.DEFENDER_FIRST, who=(defender,))
    advance(w)


def initiative(w: Work, attacker: int, defender: int) -> bool:
    """d20 + Init each; a tie goes to the higher modifier, then both roll again (DD-11)."""
    while True:
        rolls = []
        for pid in (attacker, defender):
            p = w.piece(pid)
            mods = [
                ("init", fx.stats_of(w.t, p).init),
                *fx.modifiers(w.state, w.t, w.geo, pid, "init"),
            ]
            roll = w.throw(
                p.side,
                "1d20",
                mods,
                use=DndPurpose.INITIATIVE,
                who=(pid,),
                squares=(w.state.standing(pid),),
            )
            rolls.append((roll, mods))
        (ra, ma), (rd, md) = rolls
        mod_a, mod_d = sum(v for _, v in ma), sum(v for _, v in md)
        if ra.total != rd.total:
            att_wins = ra.total > rd.total
        elif mod_a != mod_d:
            att_wins = mod_a > mod_d
        else:
            again = (RollDetail.AGAIN,)
            w.settle(ra, Verdict.TIE, details=again, target=rd.total)
            w.settle(rd, Verdict.TIE, details=again, target=ra.total)
            continue
        tie = (DndDetail.TIE_BREAK,) if ra.total == rd.total else ()
        won, lost = Verdict.WINS, Verdict.LOSES
        w.settle(ra, won if att_wins else lost, details=tie, target=rd.total)
        w.settle(rd, lost if att_wins else won, details=tie, target=ra.total)
        return att_wins


# -- the choices -------------------------------------------------------------------------------


def options(w: Work) -> list[Action]:
    """Every action open to the piece acting now."""
    b = w.state.battle
    assert b is not None
    me, foe = b.actor, b.other(b.actor)
    charmed = foe in fx.charmed_by(w.piece(me))
    out: list[Action] = []
    if not b.first and not charmed:
        out.append(Action(DndAction.ATTACK))
        if b.charge_ok and me == b.attacker:
            out.append(Action(DndAction.CHARGE))
        if abilities.unused(w, me, "smite"):
            out.append(Action(DndAction.ABILITY, (), "smite"))
        if abilities.has(w, me, "fascinate") and foe not in w.piece(me).no_fascinate:
            out.append(Action(DndAction.ABILITY, (), "fascinate"))
    if abilities.unused(w, me, "lay-on-hands"):
        out.append(Action(DndAction.ABILITY, (), "lay-on-hands"))
    for choice in spells.castable(w.t, w.piece(me)):
        d = spells.definition(w.t, choice)
        if not d.in_battle:
            continue
        if d.use == "attack":
            if charmed or (b.first and d.range not in RANGED):
                continue
        elif d.range not in ("self", "touch", "burst"):
            continue
        out.append(Action(DndAction.CAST, (), choice))
    if me == b.attacker and w.piece(me).cls in WITHDRAWERS:
        out.append(Action(DndAction.WITHDRAW))
    if b.first or charmed or not out:
        out.insert(0, Action(DndAction.WAIT))
    out.append(Action(DndAction.AUTO))
    return out


def act(w: Work, action: Action) -> None:
    """Carry out the acting piece's decision, then pass the turn in the battle."""
    if action.kind == DndAction.AUTO:
        w.note(DndTag.AUTO)
        while w.state.battle is not None and w.state.result is None:
            b = w.state.battle
            charmed = b.other(b.actor) in fx.charmed_by(w.piece(b.actor))
            step(w, Action(DndAction.WAIT if b.first or charmed else DndAction.ATTACK))
        return
    step(w, action)


def step(w: Work, action: Action) -> None:
    b = w.state.battle
    assert b is not None
    me, foe = b.actor, b.other(b.actor)
    b = replace(
        b,
        flat_footed=-1 if b.flat_footed == me else b.flat_footed,
        charging=b.charging and me != b.attacker,
    )
    w.state.battle = b
    kind, choice = action.kind, action.choice
    if kind in (DndAction.ATTACK, DndAction.CHARGE):
        if kind == DndAction.CHARGE:
            w.state.battle = replace(b, charging=True)
            w.note(DndTag.CHARGE, who=(me,))
        abilities.melee(w, me, foe, [("charge", 2)] if kind == DndAction.CHARGE else [])
    elif kind == DndAction.WAIT:
        w.note(DndTag.WAIT, who=(me,))
    elif kind == DndAction.WITHDRAW:
        w.note(DndTag.WITHDRAW, b.origin, who=(me,), rule="DD-16")
        w.state.battle = None
        return
    elif kind == DndAction.ABILITY and choice == "smite":
        abilities.smite(w, me, foe)
    elif kind == DndAction.ABILITY and choice == "lay-on-hands":
        abilities.lay_on_hands(w, me, me)
    elif kind == DndAction.ABILITY and choice == "fascinate":
        if abilities.fascinate(w, me, foe):
            _fascinated(w, me, foe)
            return
    elif kind == DndAction.CAST:
        d = spells.definition(w.t, choice)
        targets = [foe] if d.use == "attack" else [me]
        if d.range == "burst":
            targets = burst(w, me, hostile=choice == "prayer")
        elif choice == "magic-missile":
            count = spells.params(w.t, w.piece(me), choice).targets or 1
            targets = [foe] * count
        spells.cast(w, me, choice, targets)
    after_action(w)


def burst(w: Work, caster: int, hostile: bool) -> list[int]:
    """Bless and Prayer: the caster and adjacent allies (Prayer: adjacent foes too)."""
    s = w.state
    here = s.standing(caster)
    side = w.piece(caster).side
    out = [caster]
    for p in s.pieces:
        if p.id == caster or not p.alive or (p.side != side and not hostile):
            continue
        if w.geo.distance(here, s.standing(p.id)) <= 1:
            out.append(p.id)
    return out


def _fascinated(w: Work, bard: int, enemy: int) -> None:
    """DD-28: the battle stops; both stand where they stood; the King must move next turn."""
    s = w.state
    b = s.battle
    assert b is not None
    stopped = replace(b, actor=enemy, actions=b.actions + 1, first=False, charge_ok=False)
    s.fascination = Fascination(bard, enemy, stopped, s.turn)
    p = w.piece(enemy)
    s.set(p.with_effect(Effect("fascinated", bard, None, (), "fascinated")))
    w.note(DndTag.FASCINATE, b.square, b.origin, fact=Fact.FASCINATED, who=(enemy,), rule="DD-28")
    s.battle = None


def after_action(w: Work) -> None:
    """Deaths end the battle; otherwise the other piece acts, and each pair is a round."""
    s = w.state
    b = s.battle
    if b is None:
        return
    if not w.piece(b.attacker).alive or not w.piece(b.defender).alive:
        finish(w)
        return
    b = replace(b, actor=b.other(b.actor), first=False, charge_ok=False, actions=b.actions + 1)
    s.battle = b
    if b.actions % 2 == 0:
        w.note(DndTag.ROUND, numbers=(b.actions // 2,), rule="DD-14")
        fx.tick(s, w.t, w.events, w.geo)
    advance(w)


def advance(w: Work) -> None:
    """Skip the actions a piece loses: paralyzed or prone (DD-23), or to a curse's 50%."""
    b = w.state.battle
    if b is None or w.state.result is not None:
        return
    p = w.piece(b.actor)
    if fx.helpless(p):
        w.note(DndTag.HELPLESS, who=(b.actor,))
        after_action(w)
    elif p.has("cursed-actions") and loses_action(w, b.actor):
        after_action(w)


#: Bestow Curse (3): the d100 rolls at or below which a cursed piece loses its action.
CURSED_ACTION_LOST = 50


def loses_action(w: Work, pid: int) -> bool:
    """Bestow Curse (3): a 50% chance to lose each action."""
    p = w.piece(pid)
    roll = w.throw(
        p.side,
        "1d100",
        use=DndPurpose.CURSE,
        names=("bestow-curse-3",),
        who=(pid,),
        squares=(w.state.standing(pid),),
        target=CURSED_ACTION_LOST,
        target_kind=Target.AT_MOST,
    )
    if w.settled:
        return False
    lost = roll.total <= CURSED_ACTION_LOST
    w.settle(roll, DndVerdict.LOSES_ACTION if lost else DndVerdict.ACTS)
    return lost


def finish(w: Work) -> None:
    """The battle ends: the winner keeps or takes the square (DD-12)."""
    s = w.state
    b = s.battle
    assert b is not None
    s.battle = None
    a = w.piece(b.attacker)
    if a.alive and not w.piece(b.defender).alive:
        side = s.board.side
        s.board.push(b.move)
        s.board.side = side
        s.at[b.origin] = -1
        s.at[b.square] = a.id
        s.set(replace(a, square=b.square))
        w.note(EventTag.CAPTURE, b.square, who=(a.id,))
        promote_if_due(w, a.id)
    if w.campaign:
        spoils.offer_loot(w, b)
