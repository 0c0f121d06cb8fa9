"""Bonuses, penalties and conditions on pieces (DD-23, DD-24, DD-27, DD-26 aura).

Every number a roll uses comes from here as modifiers keyed by what gives them (``melee``, an
effect's ``Effect.name_key``, an item's text), so the dice tray can spell out ``d20=14 +4
melee +1 inspire = 19`` (the presenter's words for the keys). Bonuses of one type do not
stack (SRD: only the highest counts); penalties and untyped bonuses always add up.
"""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.events import Event, Note, PieceRef
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dnd.state import Draft, Effect, Lookups, Piece
from battlechess_tui.rules.dnd.stats import LevelStats, Tables
from battlechess_tui.rules.dnd.vocabulary import DndTag

Mods = list[tuple[str, int]]
SAVES = ("fort", "ref", "will")
#: Which armour classes a bonus type raises (SRD: armour and shield bonuses do not apply to
#: touch attacks; a flat-footed piece loses its Dexterity bonus).
AC_KINDS = {"armor": ("AC", "FAC"), "shield": ("AC", "FAC"), "dexterity": ("AC", "TAC"),
            "armor-enhancement": ("AC", "FAC"), "natural": ("AC", "FAC")}  # fmt: skip
HELPLESS = ("paralyzed", "prone")
#: Conditions that hinder the piece that has them (DD-23, DD-28; Bestow Curse, Doom).
HARMFUL = (*HELPLESS, "charmed", "fascinated", "cursed", "cursed-actions", "shaken")


def stats_of(t: Tables, p: Piece) -> LevelStats:
    return t.stats(p.cls, p.level)


def max_hp(t: Tables, p: Piece) -> int:
    """The level's hit points, an Amulet of Health's, plus Bear's Endurance (+2 hp per level)."""
    bears = sum(e.amount for e in p.effects if e.key == "bears-endurance")
    return stats_of(t, p).hp + item_hp(t, p) + bears


def item_bonuses(
    t: Tables, p: Piece, stat: str, *, weapon: bool = False, vs: Piece | None = None
) -> list[tuple[str, str, int]]:
    """(key, type, value) of ``stat`` from the piece's magic items (DD-47)."""
    if not p.items or t.catalogue is None:
        return []
    foe = vs.cls if vs is not None else ""
    return t.catalogue.bonuses(p.items, p.cls, p.level, stat, weapon=weapon, vs=foe)


def item_hp(t: Tables, p: Piece) -> int:
    """Hit points from Constitution items (not stacked with Bear's Endurance, see there)."""
    return max((v for _, _, v in item_bonuses(t, p, "hp")), default=0)


def dc_bonus(t: Tables, p: Piece) -> Mods:
    """Items that raise the save DCs of the piece's spells and songs (DD-47)."""
    return stack(item_bonuses(t, p, "dc"))


def temp_hp(p: Piece) -> int:
    return sum(e.amount for e in p.effects if e.key == "false-life")


def helps(e: Effect) -> bool:
    """Does the effect help the piece it is on (a buff), rather than hinder it?"""
    return e.condition not in HARMFUL and all(value >= 0 for _, _, value in e.bonuses)


def helpless(p: Piece) -> bool:
    """DD-23: paralyzed and prone pieces cannot move or act and are flat-footed."""
    return any(e.condition in HELPLESS for e in p.effects)


def charmed_by(p: Piece) -> tuple[int, ...]:
    return tuple(e.source for e in p.effects if e.condition == "charmed")


def immune_to_mind(p: Piece) -> bool:
    return any(e.condition == "immune-mind" for e in p.effects)


def _aura_items(
    state: Lookups, t: Tables, geo: Geometry, p: Piece
) -> list[tuple[str, str, str, int]]:
    """Always-on auras of adjacent allies: Inspire Courage (DD-27: allies only, not the Bard
    himself), the Paladin's aura of courage (DD-26: the Paladin too)."""
    out: list[tuple[str, str, str, int]] = []
    here = state.standing(p.id)
    for q in state.pieces:
        if not q.alive or q.side != p.side:
            continue
        abilities = stats_of(t, q).abilities
        inspire = abilities.get("inspire-courage")
        aura = abilities.get("aura-of-courage")
        if (inspire is None and aura is None) or geo.distance(here, state.standing(q.id)) > 1:
            continue
        himself = q.id == p.id and not t.bard_inspires_himself  # DD-27 before revision 2
        if inspire is not None and not himself and not helpless(q):
            for stat in ("attack", "damage", "will"):
                out.append(("inspire", stat, "morale", inspire.bonus or 1))
        if aura is not None:
            out.append(("courage", "will", "courage", aura.will or 4))
    return out


def modifiers(
    state: Lookups,
    t: Tables,
    geo: Geometry,
    pid: int,
    stat: str,
    *,
    weapon: bool = False,
    vs: int = -1,
) -> Mods:
    """The labelled bonuses and penalties to ``stat`` (attack, damage, init, fort, ref, will).

    ``weapon``: a weapon attack or its damage, so weapon items count (against piece ``vs``:
    a bane weapon's bonus).
    """
    p = state.pieces[pid]
    foe = state.pieces[vs] if vs >= 0 else None
    items: list[tuple[str, str, str, int]] = [
        (label, stat, typ, value)
        for label, typ, value in item_bonuses(t, p, stat, weapon=weapon, vs=foe)
    ]
    for e in p.effects:
        for s, typ, value in e.bonuses:
            if s == stat or (s == "saves" and stat in SAVES):
                items.append((e.name_key, stat, typ, value))
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


def armor_class(state: Lookups, t: Tables, pid: int, kind: str) -> tuple[int, Mods]:
    """AC, FAC or TAC of a piece with its effects (Mage Armor, Shield of Faith, charge...)."""
    p = state.pieces[pid]
    s = stats_of(t, p)
    base = {"AC": s.ac, "FAC": s.fac, "TAC": s.tac}[kind]
    bonuses = [
        (e.name_key, typ, value)
        for e in p.effects
        for stat, typ, value in e.bonuses
        if stat == "ac"
    ]
    bonuses += item_bonuses(t, p, "ac")
    items = [b for b in bonuses if kind in AC_KINDS.get(b[1], ("AC", "FAC", "TAC"))]
    b = state.battle
    if b is not None and b.charging and pid == b.attacker:
        items.append(("charge", "untyped", -2))
    mods = stack(items)
    return base + sum(v for _, v in mods), mods


def save_bonus(state: Lookups, t: Tables, geo: Geometry, pid: int, kind: str) -> Mods:
    base = stats_of(t, state.pieces[pid]).save(kind)
    return [(kind, base), *modifiers(state, t, geo, pid, kind)]


def caster_side(state: Lookups, p: Piece, e: Effect) -> int:
    """The side whose turns count ``e`` down outside battles (DD-14): its caster's (an effect
    with no caster counts on its bearer's side)."""
    return state.pieces[e.source].side if e.source >= 0 else p.side


def tick(
    state: Draft, t: Tables, events: list[Event], geo: Geometry, side: int | None = None
) -> None:
    """One round passes (DD-14): for every effect on the board (a combat round), or for the
    effects cast by ``side`` (that side begins a turn, Ruling round 2); expired effects end."""
    for p in state.pieces:
        if not p.alive or not any(e.rounds is not None for e in p.effects):
            continue
        kept: list[Effect] = []
        hp = p.hp
        for e in p.effects:
            if e.rounds is None or (side is not None and caster_side(state, p, e) != side):
                kept.append(e)
            elif e.rounds > 1:
                kept.append(replace(e, rounds=e.rounds - 1))
            else:
                who = (PieceRef(p.side, p.cls, p.square),)
                events.append(
                    Note(DndTag.EXPIRE, squares=(p.square,), pieces=who, names=(e.name_key,))
                )
                if e.key == "bears-endurance":
                    hp = max(0, hp - e.amount)  # (Ruling) the end of the spell never kills
        if tuple(kept) != p.effects:
            state.set(replace(p, effects=tuple(kept), hp=hp))
