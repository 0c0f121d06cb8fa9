"""What each D&D choice does, in the game's own terms (issue 13): a spell's or ability's damage or
effect with the acting piece's own numbers (the stat tables of ``dnd.toml``: DD-2, DD-19..DD-30),
how it is resisted (an attack roll against which armour class; a saving throw and its DC), how
long it lasts, and whom it reaches as the game plays it (DD-7 ranges along the piece's lines;
in a battle, its foe or itself). Read by ``DndPresenter.explain``; the odds are told apart.
"""

from __future__ import annotations

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import spells
from battlechess_tui.rules.dnd.present_effects import CURSES
from battlechess_tui.rules.dnd.reach import ATTACK_RANGE, BUFF_RANGE
from battlechess_tui.rules.dnd.state import DndState, Piece
from battlechess_tui.rules.dnd.stats import LevelStats, SpellDef, SpellParams, Tables
from battlechess_tui.rules.dnd.vocabulary import DndAction

ORDINALS = ("1st", "2nd", "3rd")
#: What each spell does, filled with the caster's numbers (``SpellParams``: bonus, damage,
#: heal, miss, targets; the data holds every number but the stat a bonus goes to).
EFFECTS = {
    "shield-of-faith": "+{bonus} deflection bonus to AC",
    "bless": "+{bonus} morale bonus to attack, damage and Will saves",
    "inflict-wounds": "{damage} damage",
    "doom": "shaken: {bonus} to attack, damage and saves",
    "protection-from-evil": "+{bonus} deflection bonus to AC, +{bonus} to saves and immunity to "
    "mind-affecting spells and songs",
    "hold-person": "paralyzed: cannot move or act, and flat-footed (DD-23)",
    "shield-other": "the target takes half the damage dealt to it; the caster takes the other "
    "half (rounded up)",
    "bulls-strength": "+4 Strength: +{bonus} to attack and damage",
    "bears-endurance": "+4 Constitution: +{bonus} Fortitude and +2 hit points per level",
    "prayer": "+{bonus} luck bonus to attack, damage and saves for allies, -{bonus} for enemies "
    "(no save)",
    "bestow-curse": "cursed: {curse}",
    "searing-light": "{damage} damage",
    "mage-armor": "+{bonus} armour bonus to the caster's AC",
    "shield": "+{bonus} shield bonus to AC and immunity to Magic Missile (DD-29)",
    "magic-missile": "{missiles}",
    "shocking-grasp": "{damage} damage; +{bonus} to hit a Fighter, Paladin or Cleric (metal "
    "armour)",
    "cats-grace": "+4 Dexterity: +{bonus} to AC and initiative",
    "flaming-sphere": "{damage} damage",
    "false-life": "{damage} temporary hit points, lost before real ones",
    "fireball": "{damage} damage",
    "lightning-bolt": "{damage} damage",
    "cure-light-wounds": "heals {heal} hit points",
    "tashas-laughter": "prone with laughter: cannot move or act, and flat-footed (DD-23)",
    "charm-person": "charmed: it may not attack or target the caster",
    "heroism": "+{bonus} morale bonus to attack, damage and saves",
    "blur": "attacks that hit it miss on 1-{miss} of a d100 ({miss}% miss chance)",
    "bless-weapon": "+{bonus} to attack and damage with its weapon, and its critical threats "
    "need no confirmation",
}
#: Spell numbers the data leaves out because the seed states them once (Bless Weapon: "+1hit,
#: dmg"); the same defaults ``spells`` plays with.
DEFAULT_BONUS = {"bless-weapon": 1}
ATTACK_ROLLS = {
    "touch": "a touch attack (d20 + melee vs TAC{crit})",
    "ranged-touch": "a ranged touch attack (d20 + melee vs TAC{crit})",
    "auto": "never misses (DD-22)",
}
#: Spells whose area reaches past their target after a move (DD-22): the piece beyond it.
BEYOND = ("flaming-sphere",)
SAVES = {"will": "Will", "reflex": "Reflex"}


def explain(t: Tables, geo: Geometry, state: DndState, actor: Piece, action: Action) -> str | None:
    """What ``action`` by ``actor`` (the piece acting now) does, or None for a plain move."""
    in_battle = state.battle is not None and actor.id in (
        state.battle.attacker,
        state.battle.defender,
    )
    st = fx.stats_of(t, actor)
    if action.kind == DndAction.CAST:
        return spell_text(t, actor, action.choice, in_battle)
    if action.kind == DndAction.ABILITY:
        return ability_text(t, actor, st, action.choice, in_battle)
    return choice_text(st, action, state, geo)


# -- spells --------------------------------------------------------------------------------------


def spell_text(t: Tables, caster: Piece, choice: str, in_battle: bool) -> str:
    """``Fireball, 3rd level: 5d6 damage; Reflex DC 15 halves it (...); on an enemy up to 3
    squares away along its lines (DD-7); not in a battle``."""
    d = spells.definition(t, choice)
    st = fx.stats_of(t, caster)
    level = ORDINALS[d.level - 1]
    if choice.startswith(spells.HEAL_PREFIX):
        what = f"heals {st.heal[d.level - 1]} hit points"
        return f"Healing with a {level}-level spell slot (DD-21): {what}; {reach(d, in_battle)}"
    key = spells.base_key(choice)
    sp = spells.params(t, caster, choice)
    parts = [_effect(key, choice, sp)]
    if duration := _duration(d, sp):
        parts.append(duration)
    if d.attack in ATTACK_ROLLS:
        crit = "; a critical doubles the damage" if sp.damage else ""
        parts.append(ATTACK_ROLLS[d.attack].format(crit=crit))
    if d.save:
        parts.append(_save(d, spells.spell_dc(t, caster, choice)))
    parts.append(
        reach(d, in_battle, sp.targets or 1, hostile=key == "prayer", beyond=key in BEYOND)
    )
    if not d.in_battle:
        parts.append("not in a battle (DD-22)")
    return f"{d.name}, {level} level: " + "; ".join(parts)


def _effect(key: str, choice: str, sp: SpellParams) -> str:
    values = sp.model_dump()
    if values["bonus"] is None:
        values["bonus"] = DEFAULT_BONUS.get(key)
    if isinstance(values["bonus"], int) and key == "prayer":
        values["bonus"] = abs(values["bonus"])
    count = sp.targets or 1
    each = f"{count} missiles of {sp.damage} damage each" if count > 1 else ""
    values["missiles"] = each or f"a missile of {sp.damage} damage"
    # Curse 1 plays the table's penalty; the others are fixed by the seed (``CURSES``).
    first = f"{values['bonus']} to attack, damage and saves"
    values["curse"] = first if choice == "bestow-curse-1" else CURSES.get(choice, "")
    return EFFECTS[key].format_map(values)


def _duration(d: SpellDef, sp: SpellParams) -> str:
    rounds = spells.rounds_of(d, sp)
    if d.duration == "game" or (rounds is None and d.duration == "scaled"):
        return "lasts the rest of the game"
    return f"lasts {rounds} rounds (DD-14)" if rounds else ""


def _save(d: SpellDef, dc: int) -> str:
    if d.on_save == "half":
        result = "halves the damage (a Rogue with Evasion takes none)"
    else:
        result = "negates it"
    mind = " (mind-affecting: none against Protection from Evil)" if d.mind else ""
    return f"a {SAVES[d.save]} save DC {dc} {result}{mind}"


def reach(
    d: SpellDef, in_battle: bool, targets: int = 1, *, hostile: bool = False, beyond: bool = False
) -> str:
    """Whom the spell reaches as the game plays it: in a battle its foe (attacks) or the caster
    (buffs, heals; Bless the caster and its neighbours, Prayer (``hostile``) enemies too);
    after a move, DD-7's ranges along the piece's lines (Flaming Sphere, ``beyond``, also the
    piece behind its target)."""
    if d.range == "burst":
        return "on the caster and the " + ("pieces" if hostile else "allies") + " next to it"
    if d.range == "self":
        return "on the caster itself"
    if in_battle:
        return "on its foe in this battle" if d.use == "attack" else "on itself, in this battle"
    if d.use == "attack":
        squares = ATTACK_RANGE[d.range]
        if squares == 0:
            return "in a battle only, on its foe (Touch: melee)"
        whom = "one or two enemies" if targets > 1 else "an enemy"
        behind = " and the piece beyond it on that line" if beyond else ""
        return f"on {whom} up to {_squares(squares)} away along its lines{behind} (DD-7)"
    squares = BUFF_RANGE[d.range]
    itself = "itself or " if d.range == "touch" else ""
    return f"on {itself}an ally up to {_squares(squares)} away along its lines (DD-7)"


def _squares(n: int) -> str:
    return f"{n} square" + ("s" if n > 1 else "")


# -- abilities and the other choices ---------------------------------------------------------------


def ability_text(t: Tables, p: Piece, st: LevelStats, choice: str, in_battle: bool) -> str:
    a = st.abilities[choice]
    if choice == "smite":
        return (
            f"Smite, once a game (DD-26): a melee attack at +{a.hit} to hit and +{a.damage} damage"
        )
    if choice == "lay-on-hands":
        whom = (
            "the Paladin itself"
            if in_battle
            else ("itself or an ally up to 1 square away along its lines (DD-7)")
        )
        return f"Lay on Hands, once a game (DD-26): heals {a.heal} hit points of {whom}"
    if choice == "fascinate":
        dc = (a.dc or 0) + sum(v for _, v in fx.dc_bonus(t, p))
        return (
            f"Fascinate, a song instead of an attack (DD-28): the foe makes a Will save DC "
            f"{dc} (mind-affecting) or the battle stops, both pieces stand where they stood, "
            "and the Bard must move away on his next turn"
        )
    raise KeyError(choice)


def choice_text(st: LevelStats, action: Action, state: DndState, geo: Geometry) -> str | None:
    """The battle's and the turn's other choices (DD-11..DD-18)."""
    kind = action.kind
    if kind == DndAction.ATTACK:
        threat = "a natural 20" if st.threat == 20 else f"{st.threat}-20"
        sneak = st.abilities.get("sneak-attack")
        extra = f", +{sneak.dice} sneak attack on a flat-footed or flanked foe" if sneak else ""
        return (
            f"Melee attack (DD-13): d20 {st.melee:+d} and bonuses vs AC; {st.damage} damage"
            f"{extra}; a critical on {threat}, x{st.crit} once confirmed"
        )
    if kind == DndAction.CHARGE:
        return "Charge (DD-11): +2 to hit on this attack, -2 AC until its next action"
    if kind == DndAction.WITHDRAW and state.battle is not None:
        return (
            f"Withdraw (DD-16): back to {geo.name(state.battle.origin)}; the battle ends, "
            "damage stays"
        )
    if kind == DndAction.AUTO:
        return "Fight the rest of the battle automatically: each piece makes its best melee attack"
    if kind == DndAction.WAIT:
        return "Wait: no action this time"
    if kind == DndAction.SWAP:
        return (
            f"Swap (DD-17): the King changes places with the Fighter on "
            f"{geo.name(action.squares[0])}, which becomes the target"
        )
    return None
