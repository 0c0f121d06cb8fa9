"""What each D&D choice does (issue 13): every spell and ability the data gives any class at any
level is explained with the caster's own numbers from the stat tables (DD-2, DD-19..DD-30),
its save and DC (DD-22), and whom it reaches as the game plays it (DD-7); games without such
words explain nothing."""

from __future__ import annotations

from typing import Any

import pytest

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.registry import make_variant, spec
from battlechess_tui.engine.variant import Variant
from battlechess_tui.rules.dnd import DndRules, spells
from battlechess_tui.rules.dnd.stats import LEVELS
from tests.typed import VariantOf, known, typed

#: Each class on a1 (id 0, the one to act after its move), the Black Bard on e8.
LONE = {"wizard": "Q3K3", "cleric": "B3K3", "paladin": "N3K3", "bard": "K7", "rogue": "R3K3",
        "fighter": "P3K3"}  # fmt: skip
ABILITY_CHOICES = ("smite", "lay-on-hands", "fascinate")


def dnd(level: int) -> VariantOf[DndRules]:
    return typed(make_variant(spec("dnd"), {"level": level}), DndRules)


def acting(v: Variant, cls: str, level: int) -> Any:
    """The class's piece about to take its action after a move (DD-5)."""
    return v.rules.parse_position(
        f"4k3/8/8/8/8/8/8/{LONE[cls]} w - - 0 1 level={level} phase=act actors=0"
    )


def choices_of(v: VariantOf[DndRules], cls: str, level: int) -> list[Action]:
    """Every spell and ability choice the data gives the class at ``level``."""
    st = v.rules.tables.stats(cls, level)
    out = []
    for key in st.spells:
        variants = [c for c in spells.CURSES] if key == "bestow-curse" else [key]
        out += [Action("cast", (), c) for c in variants]
    out += [Action("cast", (), f"{spells.HEAL_PREFIX}{n}") for n in range(1, len(st.heal) + 1)]
    out += [Action("ability", (), a) for a in ABILITY_CHOICES if a in st.abilities]
    return out


def numbers(v: VariantOf[DndRules], cls: str, level: int, choice: str) -> list[str]:
    """The numbers the data holds for a choice, as the text must show them."""
    st = v.rules.tables.stats(cls, level)
    if choice.startswith(spells.HEAL_PREFIX):
        return [st.heal[int(choice[-1]) - 1]]
    if choice in st.abilities:
        a = st.abilities[choice]
        return [str(x) for x in (a.hit, a.damage, a.heal, a.dc) if x is not None]
    sp = st.spells[spells.base_key(choice)]
    d = v.rules.tables.spells[spells.base_key(choice)]
    out = [x for x in (sp.damage, sp.heal) if x]
    out += [f"DC {sp.dc}"] if sp.dc is not None else []
    if sp.bonus is not None and choice in (key := spells.base_key(choice), f"{key}-1"):
        out.append(str(abs(sp.bonus)))  # Bestow Curse's penalty is curse 1's
    out += [f"{sp.miss}%"] if sp.miss is not None else []
    if d.duration != "game" and sp.rounds is not None:
        out.append(f"{sp.rounds} rounds")
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_dd_19_every_spell_and_ability_is_explained_with_its_numbers(level: int) -> None:
    v = dnd(level)
    for cls in LONE:
        state = acting(v, cls, level)
        texts = {}
        for action in choices_of(v, cls, level):
            text = v.presenter.explain(state, action)
            assert text, (cls, level, action.choice)
            d = spells.definition(v.rules.tables, action.choice) if action.kind == "cast" else None
            if d is not None and not action.choice.startswith(spells.HEAL_PREFIX):
                assert text.startswith(d.name), text
            for number in numbers(v, cls, level, action.choice):
                assert number in text, (action.choice, number, text)
            texts[action.choice] = text
        assert len(set(texts.values())) == len(texts)  # each says something of its own


def test_dd_22_saves_ranges_and_what_cannot_be_cast_in_battle() -> None:
    v = dnd(5)
    wizard = acting(v, "wizard", 5)
    fireball = v.presenter.explain(wizard, Action("cast", (), "fireball"))
    assert fireball == (
        "Fireball, 3rd level: 5d6 damage; a Reflex save DC 15 halves the damage "
        "(a Rogue with Evasion takes none); on an enemy up to 3 squares away along "
        "its lines (DD-7); not in a battle (DD-22)"
    )
    sphere = known(v.presenter.explain(wizard, Action("cast", (), "flaming-sphere")))
    assert "Reflex save DC 14 negates it" in sphere and "the piece beyond it" in sphere
    missile = known(v.presenter.explain(wizard, Action("cast", (), "magic-missile")))
    assert "2 missiles of 1d4+1 damage each" in missile and "never misses" in missile
    assert "one or two enemies up to 2 squares" in missile
    grasp = known(v.presenter.explain(wizard, Action("cast", (), "shocking-grasp")))
    assert "touch attack" in grasp and "in a battle only" in grasp  # DD-7: Touch is melee
    cleric = acting(v, "cleric", 5)
    hold = known(v.presenter.explain(cleric, Action("cast", (), "hold-person")))
    assert "Will save DC 15" in hold and "mind-affecting" in hold and "3 rounds" in hold
    heal = v.presenter.explain(cleric, Action("cast", (), "heal-3"))
    assert heal is not None and "3d8+5" in heal and "DD-21" in heal


def test_dd_13_choices_in_a_battle_reach_the_foe_or_the_caster() -> None:
    """In a battle attack spells reach the foe and buffs the caster; the melee attack and the
    Rogue's sneak attack dice are named."""
    v = dnd(5)
    start = v.rules.parse_position("4k3/8/8/8/8/8/1p6/B3K3 w - - 0 1 level=5")
    move = v.rules.parse_action(start, "a1b2")
    battle = next(
        s
        for seed in range(50)
        if (s := v.rules.apply(start, move, Dice.for_decision(seed, 0))[0]).battle
        and s.battle.actor == s.battle.attacker
    )
    texts: dict[tuple[str, str], str | None] = {
        (a.kind, a.choice): v.presenter.explain(battle, a) for a in v.rules.legal_actions(battle)
    }
    assert known(texts[("cast", "searing-light")]).endswith("on its foe in this battle")
    assert known(texts[("cast", "shield-of-faith")]).endswith("on itself, in this battle")
    assert known(texts[("attack", "")]).startswith("Melee attack (DD-13): d20 +5")
    rogue = v.rules.tables.stats("rogue", 5)
    assert rogue.abilities["sneak-attack"].dice == "3d6"


def test_games_without_words_for_their_choices_explain_nothing() -> None:
    v = make_variant("classic")
    state = v.rules.new_game(Dice.for_decision(0, -1))[0]
    assert all(v.presenter.explain(state, a) is None for a in v.rules.legal_actions(state))
