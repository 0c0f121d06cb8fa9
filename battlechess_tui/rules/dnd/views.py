"""What the UI shows of a D&D Battle Chess game: pieces, character sheets, tally, odds."""

from __future__ import annotations

import random
from fractions import Fraction

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.variant import (
    BattleView,
    Combatant,
    PieceView,
    TallyItem,
    TallySection,
)
from battlechess_tui.rules.dnd import battle, combat, spells, turn
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import SIDES, Work
from battlechess_tui.rules.dnd.state import (
    ACT,
    BATTLE,
    LOOT,
    MOVE_PHASE,
    SWAP,
    DndState,
    Effect,
    Piece,
)  # fmt: skip
from battlechess_tui.rules.dnd.stats import Tables

ORDINAL = ("1st", "2nd", "3rd")
SIMULATIONS = 400


def rounds_text(e: Effect) -> str:
    return "whole game" if e.rounds is None else f"{e.rounds} rounds left"


#: Conditions shown by name on the board; other effects show the spell's name.
CONDITIONS = ("paralyzed", "prone", "shaken", "charmed", "fascinated", "cursed", "blur")


def marks(s: DndState, p: Piece) -> tuple[str, ...]:
    out = [e.condition if e.condition in CONDITIONS else e.label.lower() for e in p.effects]
    if p.promoted:
        out.append("promoted")
    b = s.battle
    if b is not None and p.id in (b.attacker, b.defender):
        out.append("in battle")
    return tuple(dict.fromkeys(out))


def piece_view(
    s: DndState, t: Tables, glyphs: dict[str, tuple[str, str]], square: int
) -> PieceView | None:
    p = s.piece_at(square)
    if p is None:
        return None
    cls = t.classes[p.cls]
    letter = cls.letter if p.side == 0 else cls.letter.lower()
    glyph = glyphs.get(cls.piece, (letter, letter))[p.side] or letter
    return PieceView(p.cls, p.side, letter, glyph, cls.name, p.hp + fx.temp_hp(p),
                     fx.max_hp(t, p), f"L{p.level}", marks(s, p))  # fmt: skip


def _signed(v: int) -> str:
    return f"{v:+d}"


def piece_card(s: DndState, t: Tables, geo: Geometry, square: int) -> list[str]:
    p = s.piece_at(square)
    if p is None:
        return []
    st = fx.stats_of(t, p)
    piece = t.classes[p.cls].piece
    lines = [f"{SIDES[p.side]} {st.name} ({piece}) on {geo.name(square)}, level {p.level}"
             + (" (promoted)" if p.promoted else "")]  # fmt: skip
    temp = fx.temp_hp(p)
    lines.append(f"Hit points {p.hp}/{fx.max_hp(t, p)}" + (f" +{temp} temporary" if temp else ""))
    init = st.init + sum(v for _, v in fx.modifiers(s, t, geo, p.id, "init"))
    acs = "  ".join(f"{k} {fx.armor_class(s, t, p.id, k)[0]}" for k in ("AC", "FAC", "TAC"))
    lines.append(f"Init {_signed(init)}  {acs}")
    att = fx.modifiers(s, t, geo, p.id, "attack", weapon=True)
    dmg = fx.modifiers(s, t, geo, p.id, "damage", weapon=True)
    extra = "".join(f" {_signed(v)} {label}" for label, v in att)
    lines.append(f"Melee {_signed(st.melee)}{extra}  Damage {st.dmg_text}"
                 + "".join(f" {_signed(v)} {label}" for label, v in dmg))  # fmt: skip
    saves = "  ".join(
        f"{name} {_signed(sum(v for _, v in fx.save_bonus(s, t, geo, p.id, k)))}"
        for k, name in (("fort", "Fort"), ("ref", "Ref"), ("will", "Will"))
    )
    lines.append(f"Saves: {saves}")
    lines += _spell_lines(t, p)
    lines += _ability_lines(t, p)
    if p.effects:
        lines.append("Active: " + ", ".join(f"{e.label} ({rounds_text(e)})" for e in p.effects))
    lines.append("Items: " + (item_names(t, p.items) or "none"))
    return lines


def item_names(t: Tables, items: tuple[str, ...]) -> str:
    """``+1 weapon, Ring of Protection +2`` (the catalogue's names, DD-47)."""
    if t.catalogue is None:
        return ", ".join(items)
    return ", ".join(t.catalogue.name(i) for i in items)


def _spell_lines(t: Tables, p: Piece) -> list[str]:
    st = fx.stats_of(t, p)
    out = []
    for level, total in enumerate(st.slots, start=1):
        names = [t.spells[k].name for k in st.spells if t.spells[k].level == level]
        if level <= len(st.heal):
            names.append(f"or heal {st.heal[level - 1]}")
        left = spells.slots_left(st, p, level)
        out.append(f"{ORDINAL[level - 1]}-level spells {left}/{total} left: " + ", ".join(names))
    return out


#: What the piece card adds to an ability's name, from its numbers (``AbilityParams``).
ABILITY_DETAILS = {
    "sneak-attack": " +{dice}",
    "smite": " (+{hit} hit, +{damage} damage, once)",
    "lay-on-hands": " (heal {heal}, once)",
    "fascinate": " (Will DC {dc})",
    "inspire-courage": " (+{bonus} adjacent allies)",
    "aura-of-courage": " (+{will} Will adjacent allies)",
}


def _ability_lines(t: Tables, p: Piece) -> list[str]:
    st = fx.stats_of(t, p)
    parts = []
    for key, a in st.abilities.items():
        details = ABILITY_DETAILS.get(key, "").format_map(a.model_dump())
        text = key.replace("-", " ").title() + details
        if key in p.used:
            text += " - used"
        parts.append(text)
    return ["Abilities: " + ", ".join(parts)] if parts else []


def tally(s: DndState, t: Tables, geo: Geometry) -> list[TallySection]:
    out = []
    for side in (0, 1):
        items = []
        for p in s.pieces:
            if p.side != side:
                continue
            name = f"{t.classes[p.cls].name} L{p.level}"
            if p.alive:
                items.append(TallyItem(f"{name} {geo.name(p.square)}", p.hp, fx.max_hp(t, p),
                                       ", ".join(marks(s, p))))  # fmt: skip
            else:
                items.append(TallyItem(name, None, None, "killed"))
        out.append(TallySection(side, f"{SIDES[side]}'s pieces", tuple(items)))
    return out


def status(s: DndState, t: Tables, geo: Geometry, who: str) -> str:
    side = SIDES[s.side]
    if s.phase == BATTLE and s.battle is not None:
        b = s.battle
        actor = s.pieces[b.actor]
        # Short enough for an 80-column banner: hit points are on the battle panel.
        return (
            f"Battle on {geo.name(b.square)}, round {b.actions // 2 + 1}: "
            f"{SIDES[actor.side]}'s {t.classes[actor.cls].name} acts"
            + (" (first action: no melee)" if b.first else "")
        )
    if s.phase == LOOT and s.loot is not None:
        winner, loser = s.pieces[s.loot.winner], s.pieces[s.loot.loser]
        return (f"{SIDES[winner.side]}: the {t.classes[winner.cls].name} may loot the fallen "
                f"{t.classes[loser.cls].name}'s {item_names(t, loser.items)}: "
                "loot or leave (DD-42)")  # fmt: skip
    if s.phase == SWAP:
        king = SIDES[1 - s.side]
        return f"{king}: the King is attacked - swap with an adjacent Fighter or stay (DD-17)"
    if s.phase == ACT and s.actors:
        p = s.pieces[s.actors[0]]
        return f"{side}: the {t.classes[p.cls].name} on {geo.name(p.square)} may act (or none)"
    f = s.fascination
    if f is not None and s.pieces[f.king].side == s.side:
        return f"{side} to move: the King must move (Fascinate, DD-28)"
    return f"{side} to move"


# -- the battle panel ----------------------------------------------------------------------


def battle_view(v, s: DndState, key: tuple[int, ...] | None = None) -> BattleView | None:  # noqa: ANN001
    """The battle under way; with ``key`` (attacker, defender, square) the fighters of that
    battle as they stand in ``s`` (after it, one may have fallen)."""
    b = s.battle
    if key is None:
        if b is None:
            return None
        key = (b.attacker, b.defender, b.square)
    elif b is not None and (b.attacker, b.defender, b.square) != key:
        b = None
    attacker, defender, square = key
    w = Work(s, v.tables, v.geo, Dice(), [])
    status = ""
    if b is not None and (b.attacker, b.defender) == (attacker, defender):
        status = f"round {b.actions // 2 + 1}: {w.name(b.actor)} acts" + (
            " (first action: no melee, DD-11)" if b.first else ""
        )
    else:
        b = None
    fighters = (_combatant(w, attacker, b), _combatant(w, defender, b))
    return BattleView(key, square, *fighters, status)


def _combatant(w: Work, pid: int, b) -> Combatant:  # noqa: ANN001 - Battle | None
    """A fighter with the armour class an enemy's melee attack uses on it now (DD-11, DD-13)."""
    p = w.piece(pid)
    st = fx.stats_of(w.t, p)
    conditions = [m for m in marks(w.state, p) if m != "in battle"]
    defence = ""
    if p.alive:
        kind = "FAC" if b is not None and combat.flat_footed(w, pid) else "AC"
        ac, mods = fx.armor_class(w.state, w.t, pid, kind)
        defence = f"{kind} {ac}" + (" (flat-footed)" if kind == "FAC" else "")
        defence += "".join(f" {_signed(v)} {label}" for label, v in mods)
        if b is not None and combat.flanked(w, pid):
            conditions.append("flanked (+2 to hit it)")
    else:
        conditions.append("fallen")
    return Combatant(f"{SIDES[p.side]} {st.name}", p.side, w.state.standing(pid) if p.alive
                     else -1, p.hp + fx.temp_hp(p), fx.max_hp(w.t, p), defence,
                     tuple(conditions))  # fmt: skip


# -- odds --------------------------------------------------------------------------------------


def hit_chance(need: int) -> Fraction:
    """P(d20 hits) when the total must reach ``need``: natural 1 misses, 20 hits."""
    faces = sum(1 for f in range(2, 20) if f >= need) + 1
    return Fraction(faces, 20)


def odds(v, s: DndState, action: Action) -> str | None:  # noqa: ANN001 - the variant
    w = Work(s, v.tables, v.geo, Dice(), [])
    if s.phase == MOVE_PHASE and action.kind == MOVE and s.at[action.squares[1]] >= 0:
        return _simulate(v, s, action)
    if s.phase == BATTLE and s.battle is not None:
        b = s.battle
        me, foe = b.actor, b.other(b.actor)
        if action.kind in ("attack", "charge") or action.choice == "smite":
            extra = 2 if action.kind == "charge" else 0
            if action.choice == "smite":
                extra = fx.stats_of(v.tables, s.pieces[me]).abilities["smite"].hit or 0
            return _melee_odds(w, me, foe, extra)
        if action.kind == "auto":
            return _simulate(v, s, action)
        if action.kind == "cast":
            return _spell_odds(w, me, foe, action.choice)
    if s.phase == ACT and action.kind == "cast" and action.squares:
        pid = s.at[action.squares[0]]
        if pid >= 0:
            return _spell_odds(w, s.actors[0], pid, action.choice)
    return None


def _melee_odds(w: Work, me: int, foe: int, extra: int) -> str:
    st = fx.stats_of(w.t, w.piece(me))
    mods = fx.modifiers(w.state, w.t, w.geo, me, "attack", weapon=True, vs=foe)
    bonus = st.melee + sum(v for _, v in mods) + extra
    if combat.flanked(w, foe):
        bonus += 2
    kind = "FAC" if combat.flat_footed(w, foe) else "AC"
    ac, _ = fx.armor_class(w.state, w.t, foe, kind)
    p = hit_chance(ac - bonus)
    return f"Hits {float(p):.0%} (d20{bonus:+d} vs {kind} {ac}, exact)"


def _spell_odds(w: Work, me: int, foe: int, choice: str) -> str | None:
    d = spells.definition(w.t, choice)
    if d.use != "attack":
        return None
    if d.attack == "auto":
        return "Magic Missile always hits (DD-22)"
    if d.attack in ("touch", "ranged-touch"):
        bonus = fx.stats_of(w.t, w.piece(me)).melee + sum(
            v for _, v in fx.modifiers(w.state, w.t, w.geo, me, "attack")
        )
        tac, _ = fx.armor_class(w.state, w.t, foe, "TAC")
        chance = float(hit_chance(tac - bonus))
        return f"Touch attack hits {chance:.0%} (d20{bonus:+d} vs TAC {tac}, exact)"
    dc = spells.spell_dc(w.t, w.piece(me), choice)
    kind = "ref" if d.save == "reflex" else d.save
    bonus = sum(v for _, v in fx.save_bonus(w.state, w.t, w.geo, foe, kind))
    fail = 1 - hit_chance(dc - bonus)
    return f"Target fails its save {float(fail):.0%} (d20{bonus:+d} vs DC {dc}, exact)"


def _simulate(v, s: DndState, action: Action) -> str:  # noqa: ANN001
    """Chance that the attacker wins: auto battles played out with random.Random(0)."""
    rng = random.Random(0)
    wins = 0
    for _ in range(SIMULATIONS):
        w = Work(s.clone(), v.tables, v.geo, Dice(rng), [])
        if action.kind == MOVE:
            move = turn.find_move(w.state, action)
            if move is None:
                return "no battle"
            attacker, defender = (w.state.at[sq] for sq in action.squares)
            battle.start(w, attacker, defender, move)
        else:
            assert s.battle is not None
            attacker, defender = s.battle.attacker, s.battle.defender
        if w.state.battle is not None:
            battle.act(w, Action("auto"))
        wins += w.piece(attacker).alive and not w.piece(defender).alive
    return (
        f"Attacker wins about {wins / SIMULATIONS:.0%} (estimate: {SIMULATIONS} simulated battles)"
    )
