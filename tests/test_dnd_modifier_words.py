"""Modifiers in facts (issue 26, item 3): D&D's rules key each modifier of a roll (an effect by
its ``name_key``, an item by its text, a bane's bonus by ``bane_key``) and its presenter writes
the words players read (DD-13 rolls, DD-24 effects, DD-47 items). Older saves, whose labels are
words, read as they did."""

import ast
import json
from pathlib import Path

import pytest

from battlechess_tui.engine.events import Roll
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd.items import bane_key
from battlechess_tui.rules.dnd.state import Effect
from battlechess_tui.save.store import load_game, verify_file
from tests.dnd_helpers import at, edit, give, play, position, rolls, sq

P1 = "4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1"  # White Fighter e4 against Black Rogue d5
ROOT = Path(__file__).parent.parent
DND = ROOT / "battlechess_tui" / "rules" / "dnd"


def test_dd_47_an_items_bonus_is_keyed_by_the_items_text():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("weapon+2", "ring-of-protection+1"))
    pid = at(v, s, "e4").id
    attack = fx.modifiers(s, v.rules.tables, v.rules.geo, pid, "attack", weapon=True)
    assert attack == [("weapon+2", 2)]
    assert fx.armor_class(s, v.rules.tables, pid, "AC")[1] == [("ring-of-protection+1", 1)]


def test_dd_47_a_bane_weapons_bonus_against_its_foe_is_keyed_by_bane_key():
    v, s = position("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1")
    s = edit(v, s, "e4", items=("weapon+1", "bane:rogue"))
    me, foe = at(v, s, "e4").id, at(v, s, "d5").id
    t, geo = v.rules.tables, v.rules.geo
    assert bane_key("weapon+1") == "weapon+1/bane"
    assert fx.modifiers(s, t, geo, me, "attack", weapon=True, vs=foe) == [("weapon+1/bane", 3)]
    assert fx.modifiers(s, t, geo, me, "attack", weapon=True) == [("weapon+1", 1)]


def test_dd_24_an_effects_bonus_is_keyed_by_its_name_key():
    v, s = position(P1)
    s = give(v, s, "e4", Effect("prayer-foe", 5, 3, (("attack", "luck", -1),)))
    s = give(
        v, s, "e4", Effect("cursed", 5, None, (("attack", "untyped", -4),), spell="bestow-curse-1")
    )
    pid = at(v, s, "e4").id
    mods = fx.modifiers(s, v.rules.tables, v.rules.geo, pid, "attack")
    assert mods == [("prayer-foe", -1), ("bestow-curse-1", -4)]


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("melee", "melee"),
        ("flanking", "flanking"),
        ("will", "will"),
        ("shield-of-faith", "shield of faith"),
        ("bulls-strength", "bull's strength"),
        ("prayer-foe", "prayer (foe)"),
        ("bestow-curse-1", "curse: -4 to attack, damage and saves"),
        ("metal-armour", "metal armour"),
        ("weapon+2", "+2 weapon"),
        ("weapon+2/bane", "+2 weapon, bane"),
        ("ring-of-protection+1", "Ring of Protection +1"),
        ("weapon", "weapon"),  # no item's own text: read as it is
        ("a-position's-own", "a-position's-own"),
    ],
)
def test_dd_13_the_presenter_words_each_modifier_key(key, words):
    v, _ = position(P1)
    assert v.presenter.modifier_words(key) == words


def test_dd_47_a_played_roll_records_its_modifiers_words_beside_their_keys():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("weapon+1", "bane:rogue"))
    s, _ = play(v, s, "e4d5", 15, 5)
    s, ev = play(v, s, "attack", 6, 1, 1, 2, 2)  # 6+4+3 = 13 hits FAC 13
    attack = v.presenter.worded(rolls(ev))[0]
    assert attack.modifiers == (("melee", 4), ("weapon+1/bane", 3))
    assert attack.modifier_words == ("melee", "+1 weapon, bane")
    assert attack.describe() == "1d20 [6] +4 melee +3 +1 weapon, bane = 13 vs FAC 13: hit"


def test_dd_47_the_sheet_words_the_items_and_effects_it_adds():
    v, s = position(P1)
    s = edit(v, s, "e4", items=("weapon+2",))
    s = give(v, s, "e4", Effect("bless", 5, 3, (("attack", "morale", 1),)))
    card = v.presenter.piece_card(s, sq(v, "e4"))
    assert "Melee +4 +2 +2 weapon +1 bless  Damage" in card[3]


def test_a_roll_reads_its_words_where_given_else_its_labels():
    keyed = Roll("white", "1d20", (12,), modifiers=(("melee", 4), ("weapon+2", 2)))
    assert keyed.describe() == "1d20 [12] +4 melee +2 weapon+2 = 18"
    worded = Roll(
        "white", "1d20", (12,), modifiers=keyed.modifiers, modifier_words=("melee", "+2 weapon")
    )
    assert worded.describe() == "1d20 [12] +4 melee +2 +2 weapon = 18"
    assert worded.unworded() == keyed


def _old_form(doc: dict, game) -> dict:
    """A save as format 6 was first shipped: each modifier labelled by its words (those the
    presenter writes for ``game``'s rolls), none kept apart."""
    doc["format_version"] = 6
    worded = [e for e in game.setup_said() if isinstance(e, Roll)]
    worded += [r for p in game.plies for r in p.said.rolls]
    events = [*doc["setup_events"], *(e for p in doc["plies"] for e in p["events"])]
    rolls = [e for e in events if e["kind"] == "roll"]
    for e, said in zip(rolls, worded, strict=True):
        if said.modifier_words:
            pairs = zip(said.modifier_words, e["modifiers"], strict=True)
            e["modifiers"] = [[w, v] for w, (_, v) in pairs]
    return doc


def test_dd_47_an_older_save_keeps_its_modifiers_words(tmp_path):
    """The example campaign's last game (items, Bless, flanking) as shipped before modifiers
    had keys: it verifies (a replay compares values), its labels are read as they are, and
    the game shows the words today's presenter writes (the same as the shipped game's)."""
    shipped = ROOT / "saves" / "campaigns" / "campaign-example-games" / "game-003.json"
    game = load_game(shipped).game
    old = tmp_path / "old.json"
    old.write_text(json.dumps(_old_form(json.loads(shipped.read_text()), game)))
    assert verify_file(old) is None
    loaded = load_game(old)
    recorded = [e for p in loaded.record.plies for e in p.events if isinstance(e, Roll)]
    assert ("+1 weapon", 1) in {m for r in recorded for m in r.modifiers}  # words as labels
    assert not any(r.modifier_words for r in recorded)
    shown = [r.describe() for p in loaded.game.plies for r in p.said.rolls]
    assert shown == [r.describe() for p in game.plies for r in p.said.rolls]


#: Modules of the package that are not rules alone: the package's entry (it pairs the rules with
#: the presenter) and the explanations the presenter shows (``DndPresenter.explain``).
NOT_RULES = {"__init__.py", "explain.py"}


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth (in functions, under TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def test_no_dnd_rules_module_imports_a_presenter_module():
    """The rules speak in keys (issue 26): no rules module of D&D imports its words."""
    rules = [
        p
        for p in sorted(DND.glob("*.py"))
        if not p.name.startswith("present") and p.name not in {"roll_words.py", *NOT_RULES}
    ]
    assert {"effects.py", "items.py", "combat.py", "battle.py", "estimate.py"} <= {
        p.name for p in rules
    }
    wording = {
        (p.name, name)
        for p in rules
        for name in _imports(p)
        if name.rpartition(".")[2].startswith("present") or name.endswith(".roll_words")
    }
    assert wording == set()
