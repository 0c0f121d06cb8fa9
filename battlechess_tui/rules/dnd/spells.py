"""Spells: slots per spell level (DD-19, DD-20), the Cleric's healing (DD-21), effects (DD-22..24).

``cast`` spends the slot and carries the spell out on the chosen target pieces; whether the
targets may be chosen (range, line, battle) is decided by the callers (``turn``, ``battle``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.rules.dnd import combat
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.combat import Work
from battlechess_tui.rules.dnd.facts import Fact
from battlechess_tui.rules.dnd.state import Effect, Piece
from battlechess_tui.rules.dnd.stats import LevelStats, SpellDef, SpellParams, Tables
from battlechess_tui.rules.dnd.vocabulary import DndPurpose, DndTag

#: ``Effect.bonuses``: (stat, type, value) each.
Bonuses = tuple[tuple[str, str, int], ...]

HEAL_PREFIX = "heal-"  # DD-21: "heal-2" spends a second-level slot on healing
#: Bestow Curse's cast choices, a curse each (their words: ``present_effects.CURSES``).
CURSES = ("bestow-curse-1", "bestow-curse-2", "bestow-curse-3")
#: Pieces Shocking Grasp gets +3 against (seed: "P, Kn, B", the metal-armoured classes).
METAL = ("fighter", "paladin", "cleric")


def base_key(choice: str) -> str:
    """The spell a cast choice names: ``bestow-curse-2`` -> ``bestow-curse``."""
    return "bestow-curse" if choice.startswith("bestow-curse") else choice


def definition(t: Tables, choice: str) -> SpellDef:
    """The spell's definition; the Cleric's healing counts as a Touch heal (DD-21)."""
    if choice.startswith(HEAL_PREFIX):
        return SpellDef(
            name=f"healing ({choice[-1]})", level=int(choice[-1]), range="touch", use="heal"
        )
    return t.spells[base_key(choice)]


def slots_left(st: LevelStats, p: Piece, level: int) -> int:
    if level > len(st.slots):
        return 0
    return st.slots[level - 1] - p.slots_used[level - 1]


def castable(t: Tables, p: Piece) -> list[str]:
    """Every cast choice the piece has a slot for, in the table's order."""
    st = fx.stats_of(t, p)
    out: list[str] = []
    for key in st.spells:
        d = t.spells[key]
        if slots_left(st, p, d.level) > 0:
            out.extend(CURSES if key == "bestow-curse" else [key])
    for level, _ in enumerate(st.heal, start=1):
        if slots_left(st, p, level) > 0:
            out.append(f"{HEAL_PREFIX}{level}")
    return out


def params(t: Tables, p: Piece, choice: str) -> SpellParams:
    return fx.stats_of(t, p).spells.get(base_key(choice), SpellParams())


def spell_dc(t: Tables, caster: Piece, choice: str) -> int:
    """The save DC of the caster's spell: the table's, raised by DC items (DD-47)."""
    return (params(t, caster, choice).dc or 10) + sum(v for _, v in fx.dc_bonus(t, caster))


def rounds_of(d: SpellDef, sp: SpellParams) -> int | None:
    return None if d.duration == "game" else sp.rounds


def cast(w: Work, caster: int, choice: str, targets: list[int]) -> None:
    """Spend the slot and resolve the spell on ``targets`` (piece ids, in order)."""
    p = w.piece(caster)
    d = definition(w.t, choice)
    used = list(p.slots_used)
    used[d.level - 1] += 1
    w.state.set(replace(p, slots_used=(used[0], used[1], used[2])))
    w.note(
        DndTag.CAST,
        *(w.state.standing(x) for x in targets),
        who=(caster, *targets),
        names=(choice,),
    )
    if choice.startswith(HEAL_PREFIX):
        _heal(w, caster, targets[0], DiceExpr.parse(fx.stats_of(w.t, p).heal[d.level - 1]), choice)
        return
    handler = _HANDLERS[base_key(choice)]
    handler(w, caster, choice, targets)


def _heal(w: Work, caster: int, target: int, expr: DiceExpr, choice: str) -> None:
    side = w.piece(caster).side
    amount = combat.damage_roll(w, side, expr, [], choice, floor=0, use=DndPurpose.HEALING)
    combat.heal(w, target, amount, choice)


def _buff(w: Work, target: int, effect: Effect) -> None:
    w.state.set(w.piece(target).with_effect(effect))


def _effect(
    w: Work,
    caster: int,
    key: str,
    bonuses: Bonuses = (),
    condition: str = "",
    amount: int = 0,
    rounds: int | None | str = "spell",
) -> Effect:
    d = w.t.spells[key]
    sp = params(w.t, w.piece(caster), key)
    r = rounds_of(d, sp) if rounds == "spell" else rounds
    return Effect(key, caster, r, bonuses, condition, amount)  # type: ignore[arg-type]


def _bonus(w: Work, caster: int, key: str, default: int) -> int:
    b = params(w.t, w.piece(caster), key).bonus
    return default if b is None else b


# -- buffs -------------------------------------------------------------------------------------


def _shield_of_faith(w: Work, c: int, key: str, targets: list[int]) -> None:
    _buff(w, targets[0], _effect(w, c, key, (("ac", "deflection", _bonus(w, c, key, 2)),)))


def _bless(w: Work, c: int, key: str, targets: list[int]) -> None:
    b = _bonus(w, c, key, 1)
    eff = _effect(
        w, c, key, (("attack", "morale", b), ("damage", "morale", b), ("will", "morale", b))
    )
    for x in targets:
        _buff(w, x, eff)


def _prayer(w: Work, c: int, key: str, targets: list[int]) -> None:
    b = _bonus(w, c, key, 1)
    side = w.piece(c).side
    for x in targets:
        sign = 1 if w.piece(x).side == side else -1
        stats = (
            ("attack", "luck", sign * b),
            ("damage", "luck", sign * b),
            ("saves", "luck", sign * b),
        )
        eff = _effect(w, c, key, stats)
        _buff(w, x, eff if sign > 0 else replace(eff, key="prayer-foe"))


def _protection(w: Work, c: int, key: str, targets: list[int]) -> None:
    b = _bonus(w, c, key, 2)
    bonuses = (("ac", "deflection", b), ("saves", "resistance", b))
    _buff(w, targets[0], _effect(w, c, key, bonuses, "immune-mind"))


def _shield_other(w: Work, c: int, key: str, targets: list[int]) -> None:
    _buff(w, targets[0], _effect(w, c, key, (), "shield-other"))


def _bulls_strength(w: Work, c: int, key: str, targets: list[int]) -> None:
    b = _bonus(w, c, key, 2)
    _buff(w, targets[0], _effect(w, c, key, (("attack", "strength", b), ("damage", "strength", b))))


def _bears_endurance(w: Work, c: int, key: str, targets: list[int]) -> None:
    """+4 Con: +2 Fortitude and +2 hit points per level, gained now and lost when it ends."""
    x = targets[0]
    p = w.piece(x)
    old = p.effect(key)
    extra = max(0, 2 * p.level - fx.item_hp(w.t, p))  # (Ruling) no stacking with items' Con
    gain = extra - (old.amount if old else 0)
    eff = _effect(w, c, key, (("fort", "constitution", _bonus(w, c, key, 2)),), amount=extra)
    w.state.set(replace(p.with_effect(eff), hp=p.hp + gain))


def _mage_armor(w: Work, c: int, key: str, targets: list[int]) -> None:
    _buff(w, c, _effect(w, c, key, (("ac", "armor", _bonus(w, c, key, 4)),)))


def _shield(w: Work, c: int, key: str, targets: list[int]) -> None:
    _buff(w, c, _effect(w, c, key, (("ac", "shield", _bonus(w, c, key, 4)),), "immune-mm"))


def _cats_grace(w: Work, c: int, key: str, targets: list[int]) -> None:
    b = _bonus(w, c, key, 2)
    _buff(w, targets[0], _effect(w, c, key, (("ac", "dexterity", b), ("init", "dexterity", b))))


def _false_life(w: Work, c: int, key: str, targets: list[int]) -> None:
    p = w.piece(c)
    expr = DiceExpr.parse(params(w.t, p, key).damage or "d10+4")
    amount = combat.damage_roll(w, p.side, expr, [], key, floor=0, use=DndPurpose.TEMP_HP)
    _buff(w, c, _effect(w, c, key, (), "temp-hp", amount))
    w.note(DndTag.BUFF, p.square, who=(c,), numbers=(amount,))


def _heroism(w: Work, c: int, key: str, targets: list[int]) -> None:
    b = _bonus(w, c, key, 2)
    bonuses = (("attack", "morale", b), ("damage", "morale", b), ("saves", "morale", b))
    _buff(w, targets[0], _effect(w, c, key, bonuses))


def _blur(w: Work, c: int, key: str, targets: list[int]) -> None:
    miss = params(w.t, w.piece(c), key).miss or 20
    _buff(w, targets[0], _effect(w, c, key, (), "blur", miss))


def _bless_weapon(w: Work, c: int, key: str, targets: list[int]) -> None:
    b = _bonus(w, c, key, 1)
    bonuses = (("attack", "weapon", b), ("damage", "weapon", b))
    _buff(w, targets[0], _effect(w, c, key, bonuses, "no-confirm"))


def _cure(w: Work, c: int, key: str, targets: list[int]) -> None:
    expr = DiceExpr.parse(params(w.t, w.piece(c), key).heal or "d8+2")
    _heal(w, c, targets[0], expr, key)


# -- attacks -----------------------------------------------------------------------------------


def _touch_damage(w: Work, c: int, key: str, targets: list[int]) -> None:
    """Inflict Wounds, Shocking Grasp, Searing Light: a touch attack vs TAC, then damage."""
    x = targets[0]
    sp = params(w.t, w.piece(c), key)
    extra: list[tuple[str, int]] = []
    if key == "shocking-grasp" and w.piece(x).cls in METAL:
        extra.append(("metal-armour", sp.bonus or 3))
    hit, crit = combat.attack_roll(w, c, x, touch=True, extra=extra, cause=key)
    if not hit:
        return
    mult = 2 if crit else 1
    dmg = combat.damage_roll(w, w.piece(c).side, DiceExpr.parse(sp.damage or "d8"), [], key, mult)
    combat.hurt(w, x, dmg, key, c)


def _bestow_curse(w: Work, c: int, choice: str, targets: list[int]) -> None:
    x = targets[0]
    key = "bestow-curse"
    hit, _ = combat.attack_roll(w, c, x, touch=True, cause=key)
    if not hit or _resists(w, c, x, key):
        return
    which = choice[-1]
    pen = _bonus(w, c, key, -4)
    if which == "1":
        bonuses = (("attack", "curse", pen), ("damage", "curse", pen), ("saves", "curse", pen))
        eff = _effect(w, c, key, bonuses, "cursed")
    elif which == "2":
        eff = _effect(w, c, key, (("attack", "curse", -3), ("damage", "curse", -3)), "cursed")
    else:
        eff = _effect(w, c, key, (), "cursed-actions")
    _buff(w, x, replace(eff, spell=choice))
    w.note(DndTag.CONDITION, w.state.standing(x), fact=Fact.CURSED, who=(x,), names=(choice,))


def _resists(w: Work, c: int, x: int, key: str) -> bool:
    """Saving throw (and mind immunity, DD-23) against a save spell; True when it has no effect."""
    d = w.t.spells[key]
    p = w.piece(x)
    if d.mind and fx.immune_to_mind(p):
        w.note(DndTag.IMMUNE, w.state.standing(x), fact=Fact.MIND_SPELLS, who=(x,))
        return True
    dc = spell_dc(w.t, w.piece(c), key)
    return combat.saving_throw(w, x, "ref" if d.save == "reflex" else d.save, dc, key)


def _magic_missile(w: Work, c: int, key: str, targets: list[int]) -> None:
    """Never misses (DD-22); Shield makes its caster immune (DD-29). One missile per target."""
    sp = params(w.t, w.piece(c), key)
    for x in targets:
        if not w.piece(x).alive:
            continue
        if w.piece(x).has("immune-mm"):
            w.note(DndTag.IMMUNE, w.state.standing(x), fact=Fact.SHIELD_STOPS, who=(x,))
            continue
        dmg = combat.damage_roll(w, w.piece(c).side, DiceExpr.parse(sp.damage or "1d4+1"), [], key)
        combat.hurt(w, x, dmg, key, c)


Handler = Callable[[Work, int, str, list[int]], None]


def _condition(condition: str) -> Handler:
    def handler(w: Work, c: int, key: str, targets: list[int]) -> None:
        x = targets[0]
        if _resists(w, c, x, key):
            return
        sp = params(w.t, w.piece(c), key)
        bonuses: Bonuses = ()
        if condition == "shaken":
            pen = sp.bonus if sp.bonus is not None else -2
            bonuses = (
                ("attack", "shaken", pen),
                ("damage", "shaken", pen),
                ("saves", "shaken", pen),
            )
        eff = _effect(w, c, key, bonuses, condition)
        if condition == "charmed":
            eff = replace(eff, key=f"charm-{c}", spell=key)
        _buff(w, x, eff)
        w.note(DndTag.CONDITION, w.state.standing(x), who=(x,), names=(key,))

    return handler


def _area_damage(w: Work, c: int, key: str, targets: list[int]) -> None:
    """Flaming Sphere, Fireball, Lightning Bolt: damage rolled once, a Reflex save each."""
    d = w.t.spells[key]
    sp = params(w.t, w.piece(c), key)
    dmg = combat.damage_roll(
        w, w.piece(c).side, DiceExpr.parse(sp.damage or "2d6"), [], key, floor=0
    )
    for x in targets:
        if not w.piece(x).alive:
            continue
        taken = dmg
        if _resists(w, c, x, key):
            evasion = "evasion" in fx.stats_of(w.t, w.piece(x)).abilities
            taken = 0 if d.on_save == "negates" or evasion else dmg // 2
            if evasion and d.on_save == "half":
                w.note(DndTag.EVASION, w.state.standing(x), who=(x,))
        combat.hurt(w, x, taken, key, c)


_HANDLERS: dict[str, Handler] = {
    "shield-of-faith": _shield_of_faith,
    "bless": _bless,
    "inflict-wounds": _touch_damage,
    "doom": _condition("shaken"),
    "protection-from-evil": _protection,
    "hold-person": _condition("paralyzed"),
    "shield-other": _shield_other,
    "bulls-strength": _bulls_strength,
    "bears-endurance": _bears_endurance,
    "prayer": _prayer,
    "bestow-curse": _bestow_curse,
    "searing-light": _touch_damage,
    "mage-armor": _mage_armor,
    "shield": _shield,
    "magic-missile": _magic_missile,
    "shocking-grasp": _touch_damage,
    "cats-grace": _cats_grace,
    "flaming-sphere": _area_damage,
    "false-life": _false_life,
    "fireball": _area_damage,
    "lightning-bolt": _area_damage,
    "cure-light-wounds": _cure,
    "tashas-laughter": _condition("prone"),
    "charm-person": _condition("charmed"),
    "heroism": _heroism,
    "blur": _blur,
    "bless-weapon": _bless_weapon,
}


def end_game_spells(w: Work, caster: int) -> None:
    """DD-32: a promoted caster's "lasts entire game" spells end (their slots are restored)."""
    for p in list(w.state.pieces):
        if not p.alive:
            continue
        gone = [e for e in p.effects if e.source == caster and e.rounds is None]
        for e in gone:
            w.state.set(w.piece(p.id).without(e.key))
            w.note(
                DndTag.EXPIRE,
                p.square,
                fact=Fact.PROMOTED_CASTER,
                who=(p.id,),
                names=(e.name_key,),
                rule="DD-32",
            )
