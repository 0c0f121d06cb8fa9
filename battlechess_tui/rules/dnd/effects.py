"""Bonuses, penalties and conditions on pieces (DD-23, DD-24, DD-27, DD-26 aura).

Every number a roll uses comes from here as labelled modifiers, so the dice tray can spell
out ``d20=14 +4 melee +1 inspire = 19``. Bonuses of one type do not stack (SRD: only the
highest counts); penalties and untyped bonuses always add up.
"""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dnd.state import DndState, Effect, Piece
from battlechess_tui.rules.dnd.stats import Tables

Mods = list[tuple[str, int]]
SAVES = ("fort", "ref", "will")
#: Which armour classes a bonus type raises (SRD: armour and shield bonuses do not apply to
#: touch attacks; a flat-footed piece loses its Dexterity bonus).
AC_KINDS = {"armor": ("AC", "FAC"), "shield": ("AC", "FAC"), "dexterity": ("AC", "TAC")}
HELPLESS = ("paralyzed", "prone")


def stats_of(t: Tables, p: Piece):  # noqa: ANN201 - LevelStats
    return t.stats(p.cls, p.level)


def max_hp(t: Tables, p: Piece) -> int:
    """The level's hit points plus Bear's Endurance (+2 hp per level)."""
    return stats_of(t, p).hp + sum(e.amount for e in p.effects if e.key == "bears-endurance")


def temp_hp(p: Piece) -> int:
    return sum(e.amount for e in p.effects if e.key == "false-life")


def helpless(p: Piece) -> bool:
    """DD-23: paralyzed and prone pieces cannot move or act and are flat-footed."""
    return any(e.condition in HELPLESS for e in p.effects)


def charmed_by(p: Piece) -> tuple[int, ...]:
    return tuple(e.source for e in p.effects if e.condition == "charmed")


def immune_to_mind(p: Piece) -> bool:
    return any(e.condition == "immune-mind" for e in p.effects)


def _aura_items(
    state: DndState, t: Tables, geo: Geometry, p: Piece
) -> list[tuple[str, str, str, int]]:
    """Always-on auras of adjacent allies: Inspire Courage (DD-27), the Paladin's (DD-26)."""
    out: list[tuple[str, str, str, int]] = []
    here = state.standing(p.id)
    for q in state.pieces:
        if not q.alive or q.side != p.side or geo.distance(here, state.standing(q.id)) > 1:
            continue
        abilities = stats_of(t, q).abilities
        inspire = abilities.get("inspire-courage")
        if inspire is not None and not helpless(q):
            for stat in ("attack", "damage", "will"):
                out.append(("inspire", stat, "morale", inspire.bonus or 1))
        aura = abilities.get("aura-of-courage")
        if aura is not None:
            out.append(("courage", "will", "courage", aura.will or 4))
    return out


def modifiers(state: DndState, t: Tables, geo: Geometry, pid: int, stat: str) -> Mods:
    """The labelled bonuses and penalties to ``stat`` (attack, damage, init, fort, ref, will)."""
    p = state.pieces[pid]
    items: list[tuple[str, str, str, int]] = []
    for e in p.effects:
        for s, typ, value in e.bonuses:
            if s == stat or (s == "saves" and stat in SAVES):
                items.append((e.label.lower(), stat, typ, value))
    items += [i for i in _aura_items(state, t, geo, p) if i[1] == stat]
    return stack([(label, typ, value) for label, _, typ, value in items])


def stack(items: list[tuple[str, str, int]]) -> Mods:
    """SRD stacking: per type only the best bonus; untyped bonuses and all penalties add."""
    best: dict[str, tuple[str, int]] = {}
    out: Mods = []
    for label, typ, value in items:
        if value < 0 or typ == "untyped":
            out.append((label, value))
        elif typ not in best or value > best[typ][1]:
            best[typ] = (label, value)
    return [v for v in best.values()] + out


def armor_class(state: DndState, t: Tables, pid: int, kind: str) -> tuple[int, Mods]:
    """AC, FAC or TAC of a piece with its effects (Mage Armor, Shield of Faith, charge...)."""
    p = state.pieces[pid]
    s = stats_of(t, p)
    base = {"AC": s.ac, "FAC": s.fac, "TAC": s.tac}[kind]
    items = []
    for e in p.effects:
        for stat, typ, value in e.bonuses:
            if stat == "ac" and kind in AC_KINDS.get(typ, ("AC", "FAC", "TAC")):
                items.append((e.label.lower(), typ, value))
    b = state.battle
    if b is not None and b.charging and pid == b.attacker:
        items.append(("charge", "untyped", -2))
    mods = stack(items)
    return base + sum(v for _, v in mods), mods


def save_bonus(state: DndState, t: Tables, geo: Geometry, pid: int, kind: str) -> Mods:
    base = stats_of(t, state.pieces[pid]).save(kind)
    return [(kind, base), *modifiers(state, t, geo, pid, kind)]


def tick(state: DndState, t: Tables, events: list[Event], geo: Geometry) -> None:
    """One round passes for every effect on the board (DD-14); expired effects end."""
    for p in state.pieces:
        if not p.alive or not any(e.rounds is not None for e in p.effects):
            continue
        kept: list[Effect] = []
        hp = p.hp
        for e in p.effects:
            if e.rounds is None:
                kept.append(e)
                continue
            if e.rounds > 1:
                kept.append(replace(e, rounds=e.rounds - 1))
                continue
            where = geo.name(p.square)
            events.append(Note("expire", f"{e.label} ends on the {stats_of(t, p).name} on {where}",
                               (p.square,)))  # fmt: skip
            if e.key == "bears-endurance":
                hp = max(0, hp - e.amount)  # (Ruling) the end of the spell never kills
        state.set(replace(p, effects=tuple(kept), hp=hp))
