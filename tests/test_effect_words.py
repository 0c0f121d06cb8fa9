"""D&D's effects are kept by their keys, the presenter names them (issue 26, item 3): the state
and the position text hold no label (``Effect.key``, and ``Effect.spell`` when the key does not
say which cast choice laid it), ``present_effects`` writes the name everywhere players read it,
and an older position's ``/LABEL`` still reads."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

import battlechess_tui.rules.dnd as dnd_root
from battlechess_tui.engine.events import Note
from battlechess_tui.rules.dnd import present_effects
from battlechess_tui.rules.dnd.state import Effect
from battlechess_tui.save.store import load_game
from tests.dnd_helpers import at, give, play, position, sq

DND_DIR = Path(dnd_root.__file__).parent
SAVES = Path(__file__).parent.parent / "saves"
CURSE_3 = "Curse: 50% chance to lose each action"


def cursed(choice: str = "bestow-curse-3"):
    """A Cleric curses the Fighter on d5 (touch hits, the Will save fails)."""
    v, s = position("4k3/8/8/3p4/8/1B6/8/4K3 w - - 0 1", level=5)
    s, _ = play(v, s, "b3d5", 20, 1)
    faces = (10, 1, 90) if choice == "bestow-curse-3" else (10, 1)  # 90: the action stays
    s, _ = play(v, s, f"cast {choice}", *faces)
    return v, s


def prayed():
    """A Cleric prays: an ally blessed, the adjacent Black Fighter on c3 hindered."""
    v, s = position("4k3/8/8/8/8/2p5/4P3/2B1K3 w - - 0 1", level=5)
    s, _ = play(v, s, "c1d2")
    s, _ = play(v, s, "cast prayer")
    return v, s


def charmed():
    v, s = position("4k3/8/8/8/8/3r4/4K3/8 w - - 0 1", level=3)
    s, _ = play(v, s, "e2e3")
    s, _ = play(v, s, "cast charm-person d3", 3)
    return v, s


def is_key(text: str) -> bool:
    return text == text.lower() and " " not in text


# -- the state holds keys ------------------------------------------------------------------------


def test_dd_24_an_effect_holds_keys_and_numbers_only():
    assert [f.name for f in dataclasses.fields(Effect)] == [
        "key",
        "source",
        "rounds",
        "bonuses",
        "condition",
        "amount",
        "spell",
    ]
    for v, s, square in (
        (*cursed(), "d5"),
        (*prayed(), "c3"),
        (*prayed(), "d2"),
        (*charmed(), "d3"),
    ):
        for e in at(v, s, square).effects:
            assert is_key(e.key) and is_key(e.spell) and is_key(e.condition), e


def test_dd_23_a_curse_and_a_charm_keep_the_choice_that_laid_them():
    v, s = cursed("bestow-curse-2")
    curse = at(v, s, "d5").effect("bestow-curse")
    assert curse is not None and (curse.spell, curse.name_key) == (
        "bestow-curse-2",
        "bestow-curse-2",
    )
    v, s = charmed()
    (charm,) = at(v, s, "d3").effects
    assert charm.key.startswith("charm-") and charm.spell == "charm-person"
    v, s = prayed()
    (foe,) = at(v, s, "c3").effects
    assert (foe.key, foe.spell, foe.name_key) == ("prayer-foe", "", "prayer-foe")


def test_no_rules_module_names_an_effect_in_words():
    """Outside the presenter's modules no ``Effect(...)`` or ``replace(effect, ...)`` passes a
    name in words (a capital letter or a space): the words are ``present_effects``'."""
    found = []
    for path in sorted(DND_DIR.glob("*.py")):
        if path.stem.startswith(("present", "explain")):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", "")  # dataclasses' replace, not str.replace
            if name not in ("Effect", "replace"):
                continue
            values = [*node.args, *(k.value for k in node.keywords)]
            texts = [v.value for v in values if isinstance(v, ast.Constant)]
            if any(isinstance(t, str) and not is_key(t) for t in texts):
                found.append(f"{path.name}:{node.lineno}")
            if name == "replace" and any(k.arg == "label" for k in node.keywords):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []


# -- the presenter names them --------------------------------------------------------------------


def test_dd_24_the_sheet_and_the_marks_name_effects_from_their_keys():
    v, s = prayed()
    assert v.presenter.piece_card(s, sq(v, "c3"))[-2] == "Active: Prayer (foe) (30 rounds left)"
    assert [m.name for m in v.piece_view(s, sq(v, "c3")).marks] == ["prayer (foe)"]
    v, s = cursed()
    assert f"Active: {CURSE_3} (whole game)" in v.presenter.piece_card(s, sq(v, "d5"))
    v, s = charmed()
    assert "Active: Charm Person (whole game)" in v.presenter.piece_card(s, sq(v, "d3"))


def test_dd_24_a_rolls_modifier_names_the_curse():
    v, s = cursed("bestow-curse-1")
    s, ev = play(v, s, "attack", 10)
    attack = next(e for e in ev if e.kind == "roll")
    assert ("bestow-curse-1", -4) in attack.modifiers  # the rules give the effect's key
    assert ("curse: -4 to attack, damage and saves", -4) in attack.labelled


def turn(v, s, move: str):
    """A side's turn: ``move``, then no action; the events of it."""
    s, events = play(v, s, move)
    while s.phase == "act":
        s, more = play(v, s, "none")
        events = [*events, *more]
    return s, events


@pytest.mark.parametrize(
    ("effect", "words"),
    [
        (Effect("prayer-foe", 0, 1, (("attack", "luck", -1),)), "Prayer (foe)"),
        (Effect("bestow-curse", 0, 1, (), "cursed-actions", spell="bestow-curse-3"), CURSE_3),
        (Effect("shield-of-faith", 0, 1, (("ac", "deflection", 2),)), "Shield of Faith"),
    ],
)
def test_dd_14_the_end_of_an_effect_is_noted_by_key_and_worded_by_name(
    effect: Effect, words: str
) -> None:
    """An effect's last round passes when its caster's side begins a turn (DD-14): the note
    names it by its key, the presenter words it."""
    v, s = position("4k3/8/8/8/8/2p5/8/B3K3 w - - 0 1")
    s = give(v, s, "c3", dataclasses.replace(effect, source=at(v, s, "a1").id))
    s, first = turn(v, s, "e1f1")
    s, second = turn(v, s, "e8d8")
    s, third = turn(v, s, "f1e1")
    ended = [e for e in (*first, *second, *third) if isinstance(e, Note) and e.tag == "expire"]
    assert [e.names for e in ended] == [(effect.name_key,)]
    assert v.presenter.note_text(ended[0]) == f"{words} ends on the Fighter on c3"
    assert not at(v, s, "c3").effects


def test_dd_24_a_rewording_of_an_effect_is_the_presenters_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    v, s = prayed()
    text = v.rules.position_text(s)
    monkeypatch.setitem(present_effects.EFFECT_NAMES, "prayer-foe", "Prière (ennemi)")
    assert "Active: Prière (ennemi) (30 rounds left)" in v.presenter.piece_card(s, sq(v, "c3"))
    assert v.rules.position_text(s) == text and at(v, s, "c3").effects[0].key == "prayer-foe"


# -- position text -------------------------------------------------------------------------------


def test_dd_24_position_text_writes_keys_and_the_spell_only_when_needed():
    v, s = prayed()
    text = v.rules.position_text(s)
    assert "e:prayer-foe/" in text and "%20" not in text and "Prayer" not in text
    assert "e:prayer/" in text
    v, s = charmed()
    text = v.rules.position_text(s)
    charm = next(part for part in re.split("[,;]", text) if part.startswith("e:charm-"))
    assert charm.endswith("/charm-person") and charm.count("/") == 6
    assert v.rules.position_text(v.rules.parse_position(text)) == text
    v, s = cursed("bestow-curse-2")
    text = v.rules.position_text(s)
    assert "/bestow-curse-2" in text
    assert v.rules.parse_position(text) == s


@pytest.mark.parametrize(
    ("old", "spell", "name"),
    [
        ("e:charm-9/1/*/charmed/0//Charm%20Person", "charm-person", "Charm Person"),
        (
            "e:bestow-curse/1/*/cursed-actions/0//Curse%3A%2050%25%20chance",
            "bestow-curse-3",
            CURSE_3,
        ),
        (
            "e:bestow-curse/1/*/cursed/0/attack:curse:-4&damage:curse:-4&saves:curse:-4/Curse",
            "bestow-curse-1",
            "Curse: -4 to attack, damage and saves",
        ),
        ("e:bestow-curse/1/*/cursed/0/attack:curse:-3&damage:curse:-3/Curse", "bestow-curse-2", ""),
        ("e:prayer-foe/1/30//0/attack:luck:-1/Prayer%20%28foe%29", "", "Prayer (foe)"),
        ("e:fascinated/1/*/fascinated/0//Fascinated", "", "Fascinated"),
        ("e:shield-of-faith/1/6//0/ac:deflection:2/", "", "Shield of Faith"),
        ("e:weak/-1/*//0/damage:curse:-5/Weak", "", "weak"),
    ],
)
def test_dd_24_an_older_positions_label_still_reads(old: str, spell: str, name: str) -> None:
    """The seventh field of an older text, the effect's label in words, is read and left: the
    effect is named by its keys (an older charm's or curse's cast choice from its facts)."""
    v, _ = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    text = f"4k3/8/8/8/8/8/8/4K3 w - - 0 1 pieces=Ke1,1,7,{old};ke8,1,7"
    s = v.rules.parse_position(text)
    (e,) = s.pieces[0].effects
    assert e.spell == spell
    if name:
        assert v.presenter.effect_name(e.name_key) == name
    written = v.rules.position_text(s)
    assert "%" not in written and v.rules.parse_position(written) == s


def test_dd_24_a_seventh_field_that_is_no_spell_is_an_older_label():
    v, _ = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pieces=Ke1,1,7,e:bless/0/3//0/attack:morale:1/{};ke8,1,7"
    assert v.rules.parse_position(text.format("bless")).pieces[0].effects[0].spell == "bless"
    assert v.rules.parse_position(text.format("blessing")).pieces[0].effects[0].spell == ""
    with pytest.raises(ValueError, match="6 or 7 fields"):
        v.rules.parse_position(text.format("x/y"))


# -- saves ---------------------------------------------------------------------------------------


def test_a_save_that_named_an_ended_effect_in_words_still_loads(tmp_path: Path) -> None:
    """The first format-5 saves named an effect that ended by its label (``Shield of Faith``):
    the save reader reads such a note by its words, tag and squares, and the game loads."""
    path = tmp_path / "dnd.json"
    shutil.copy(SAVES / "dnd-1-0000.json", path)
    doc = json.loads(path.read_text())
    doc["format_version"] = 6  # such saves are of format 5 and 6, with words
    old = 0
    for ply in doc["plies"]:
        for event in ply["events"]:
            if event.get("tag") == "expire":
                event["names"] = ["Shield of Faith"]
                event["text"] = "Shield of Faith ends"
                old += 1
    assert old
    path.write_text(json.dumps(doc))
    loaded = load_game(path)  # EditedSave if the replay differed
    assert loaded.edited is None
    expired = [
        e
        for p in loaded.record.plies
        for e in p.events
        if isinstance(e, Note) and e.tag == "expire"
    ]
    assert expired and all(e.names == () and e.partial and not e.text for e in expired)
