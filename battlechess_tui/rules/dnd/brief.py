"""Each D&D choice's key numbers in a few words, for a list that shows every choice on a line:
``Fireball  5d6, Reflex DC 15 half`` (issue 25). The whole sentence is ``explain``'s; these
are the same numbers (the stat tables of ``dnd.toml``, DD-19..DD-30), shortened. Read by
``DndPresenter.brief``.
"""

from __future__ import annotations

from battlechess_tui.engine.actions import Action
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import spells
from battlechess_tui.rules.dnd.explain import DEFAULT_BONUS, SAVES
from battlechess_tui.rules.dnd.state import DndState, Piece
from battlechess_tui.rules.dnd.stats import Tables
from battlechess_tui.rules.dnd.vocabulary import DndAction

#: Each spell's effect in a few words, with the caster's numbers (``SpellParams``).
EFFECTS = {
    "shield-of-faith": "+{bonus} AC",
    "bless": "+{bonus} attack, damage",
    "inflict-wounds": "{damage}",
    "doom": "{bonus} attack, damage, saves",
    "protection-from-evil": "+{bonus} AC, saves",
    "hold-person": "paralyzed",
    "shield-other": "shares its damage",
    "bulls-strength": "+{bonus} attack, damage",
    "bears-endurance": "+{bonus} Fortitude, hit points",
    "prayer": "±{bonus} attack, damage, saves",
    "bestow-curse": "a curse",
    "searing-light": "{damage}",
    "mage-armor": "+{bonus} AC",
    "shield": "+{bonus} AC, no Magic Missile",
    "magic-missile": "{missiles}",
    "shocking-grasp": "{damage}",
    "cats-grace": "+{bonus} AC",
    "flaming-sphere": "{damage}",
    "false-life": "{damage} extra hit points",
    "fireball": "{damage}",
    "lightning-bolt": "{damage}",
    "cure-light-wounds": "heals {heal}",
    "tashas-laughter": "prone, helpless",
    "charm-person": "charmed",
    "heroism": "+{bonus} attack, damage, saves",
    "blur": "{miss}% miss chance",
    "bless-weapon": "+{bonus} weapon",
}
ATTACKS = {"touch": "touch attack", "ranged-touch": "ranged touch", "auto": "never misses"}


def brief(t: Tables, state: DndState, actor: Piece, action: Action) -> str | None:
    """``Fireball  5d6, Reflex DC 15 half``: the choice's name and key numbers, or None."""
    if action.kind == DndAction.CAST:
        return spell_brief(t, actor, action.choice)
    st = fx.stats_of(t, actor)
    if action.kind == DndAction.ABILITY:
        a = st.abilities[action.choice]
        if action.choice == "smite":
            return f"Smite  +{a.hit} to hit, +{a.damage} damage"
        if action.choice == "lay-on-hands":
            return f"Lay on Hands  heals {a.heal}"
        if action.choice == "fascinate":
            dc = (a.dc or 0) + sum(v for _, v in fx.dc_bonus(t, actor))
            return f"Fascinate  Will DC {dc} or the battle stops"
        return None
    if action.kind == DndAction.ATTACK:
        return f"Attack  d20{st.melee:+d}, {st.damage}"
    if action.kind == DndAction.CHARGE:
        return "Charge  +2 to hit, -2 AC"
    return None


def spell_brief(t: Tables, caster: Piece, choice: str) -> str:
    d = spells.definition(t, choice)
    st = fx.stats_of(t, caster)
    if choice.startswith(spells.HEAL_PREFIX):
        return f"Heal ({d.level}) heals {st.heal[d.level - 1]}"
    key = spells.base_key(choice)
    sp = spells.params(t, caster, choice)
    values = sp.model_dump()
    if values["bonus"] is None:
        values["bonus"] = DEFAULT_BONUS.get(key)
    if isinstance(values["bonus"], int) and key == "prayer":
        values["bonus"] = abs(values["bonus"])
    count = sp.targets or 1
    values["missiles"] = f"{count}×{sp.damage}" if count > 1 else f"{sp.damage}"
    parts = [EFFECTS[key].format_map(values)]
    if d.attack in ATTACKS:
        parts.append(ATTACKS[d.attack])
    if d.save:
        half = " half" if d.on_save == "half" else ""
        parts.append(f"{SAVES[d.save]} DC {spells.spell_dc(t, caster, choice)}{half}")
    return f"{d.name}  " + ", ".join(parts)
