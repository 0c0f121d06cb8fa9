"""Class abilities: melee attacks with sneak attack (DD-25), Smite and Lay on Hands (DD-26),
Fascinate (DD-28). Inspire Courage and the Paladin's aura are always on (``effects``)."""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.rules.dnd import combat
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import Mods, Work
from battlechess_tui.rules.dnd.facts import Fact
from battlechess_tui.rules.dnd.vocabulary import DndTag

ONCE_PER_GAME = ("smite", "lay-on-hands")


def has(w: Work, pid: int, ability: str) -> bool:
    return ability in fx.stats_of(w.t, w.piece(pid)).abilities


def unused(w: Work, pid: int, ability: str) -> bool:
    return has(w, pid, ability) and ability not in w.piece(pid).used


def spend(w: Work, pid: int, ability: str) -> None:
    p = w.piece(pid)
    w.state.set(replace(p, used=p.used + (ability,)))


def melee(
    w: Work,
    att: int,
    dfd: int,
    extra_hit: Mods | None = None,
    extra_dmg: Mods | None = None,
    cause: str = "melee",
) -> None:
    """A weapon attack: threat range and confirmed criticals, sneak attack dice (DD-13, DD-25).
    ``cause`` names the attack, its rolls and the damage's note (``melee``, ``smite``)."""
    a = w.piece(att)
    st = fx.stats_of(w.t, a)
    sneaky = has(w, att, "sneak-attack") and (combat.flat_footed(w, dfd) or combat.flanked(w, dfd))
    hit, crit = combat.attack_roll(
        w,
        att,
        dfd,
        touch=False,
        extra=extra_hit,
        cause=cause,
        threat=st.threat,
        no_confirm=a.has("no-confirm"),
    )
    if not hit:
        return
    mods = fx.modifiers(w.state, w.t, w.geo, att, "damage", weapon=True, vs=dfd)
    mods += extra_dmg or []
    dmg = combat.damage_roll(w, a.side, st.damage, mods, cause, st.crit if crit else 1, by=att)
    if sneaky:
        sneak = st.abilities["sneak-attack"].dice or "d6"
        dmg += combat.damage_roll(w, a.side, DiceExpr.parse(sneak), [], "sneak-attack", floor=0)
    bane = w.t.catalogue.bane_dice(a.items, w.piece(dfd).cls) if a.items and w.t.catalogue else None
    if bane is not None:
        dmg += combat.damage_roll(w, a.side, bane, [], "bane-weapon", floor=0)
    combat.hurt(w, dfd, dmg, cause, att)


def smite(w: Work, att: int, dfd: int) -> None:
    """DD-26: once per game, declared before the roll: the seed's bonus to hit and damage."""
    params = fx.stats_of(w.t, w.piece(att)).abilities["smite"]
    spend(w, att, "smite")
    w.note(DndTag.ABILITY, fact=Fact.SMITES, who=(att,))
    melee(w, att, dfd, [("smite", params.hit or 0)], [("smite", params.damage or 0)], "smite")


def lay_on_hands(w: Work, pal: int, target: int) -> None:
    """DD-26: once per game, heals a Touch target by the seed's amount."""
    amount = fx.stats_of(w.t, w.piece(pal)).abilities["lay-on-hands"].heal or 0
    spend(w, pal, "lay-on-hands")
    combat.heal(w, target, amount, "lay-on-hands", pal)


def fascinate(w: Work, bard: int, enemy: int) -> bool:
    """DD-28: the enemy saves (Will) or is fascinated; True when the battle stops."""
    dc = fx.stats_of(w.t, w.piece(bard)).abilities["fascinate"].dc or 13
    dc += sum(v for _, v in fx.dc_bonus(w.t, w.piece(bard)))
    w.note(DndTag.ABILITY, fact=Fact.SINGS, who=(bard,))
    if fx.immune_to_mind(w.piece(enemy)):
        w.note(DndTag.IMMUNE, fact=Fact.MIND_SONGS, who=(enemy,))
        return False
    return not combat.saving_throw(w, enemy, "will", dc, "fascinate")
