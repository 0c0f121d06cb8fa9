"""Every branch of every save migration (issue 37, item 6): ``save/model.upgrade`` and the steps
of ``MIGRATIONS``, each read from a document made for it, and the stored file of each format
(``tests/data/saves``) upgraded to today's and validated. The format-5 names check is tested
with one-word effect names (``Bless``, ``Blur``) as well as ``Shield of Faith``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.engine.vocabulary import Purpose
from battlechess_tui.rules.dice_chess.vocabulary import DiceChessPurpose
from battlechess_tui.rules.dnd.vocabulary import DndPurpose
from battlechess_tui.rules.gladiator.vocabulary import GladiatorPurpose
from battlechess_tui.save import model
from battlechess_tui.save.model import FORMAT_VERSION, MIGRATIONS, SaveFile, upgrade
from battlechess_tui.save.store import load_game
from tests.old_saves import CORPUS

STORED = Path(__file__).parent / "data" / "saves"


#: The last format whose records kept words: the steps before it are read up to it, where
#: what each made of an older document can be seen (7 to 8 drops the words, ``_facts_only``).
LAST_WITH_WORDS = 7


def upgrade_with_words(doc: dict[str, Any]) -> dict[str, Any]:
    """``upgrade``'s steps up to format ``LAST_WITH_WORDS``."""
    version = doc["format_version"]
    while version < LAST_WITH_WORDS:
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["format_version"] = version
    return doc


def _stored(version: int) -> dict[str, Any]:
    (path,) = STORED.glob(f"v{version}-*.json")
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


# -- upgrade ------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", [None, "6", 6.0, True])
def test_a_document_without_a_whole_format_version_is_refused(version):
    doc = {} if version is None else {"format_version": version}
    with pytest.raises(ValueError, match="it has no format version"):
        upgrade(doc)


def test_a_newer_format_is_refused_naming_both_versions():
    with pytest.raises(ValueError) as info:
        upgrade({"format_version": FORMAT_VERSION + 1})
    assert str(info.value) == (
        f"it was made by a newer battlechess (format {FORMAT_VERSION + 1}; this one reads up "
        f"to {FORMAT_VERSION})"
    )


@pytest.mark.parametrize("version", [0, -3])
def test_a_format_with_no_migration_can_no_longer_be_read(version):
    with pytest.raises(ValueError, match=f"format version {version} can no longer be read"):
        upgrade({"format_version": version})


def test_each_format_has_a_migration_to_the_next_and_the_chain_ends_at_todays():
    assert sorted(MIGRATIONS) == list(range(1, FORMAT_VERSION))


@pytest.mark.parametrize("version", range(1, FORMAT_VERSION + 1))
def test_the_stored_file_of_each_format_upgrades_to_todays_and_validates(version):
    doc = upgrade(_stored(version))
    assert doc["format_version"] == FORMAT_VERSION
    record = SaveFile.model_validate(doc)
    assert record.plies


def test_a_current_document_is_read_as_it_is():
    doc = _stored(FORMAT_VERSION)
    assert upgrade(json.loads(json.dumps(doc))) == doc


# -- the steps: 1, 2, 4, 5 and 6 add defaulted fields ------------------------------------------


@pytest.mark.parametrize(
    ("version", "field", "default"),
    [
        (1, "computers", {}),
        (1, "hints", []),
        (2, "start", None),
        (6, "rules_revision", None),
    ],
)
def test_a_field_a_format_added_reads_as_its_default(version, field, default):
    doc = _stored(version)
    doc.pop(field, None)
    assert getattr(SaveFile.model_validate(upgrade(doc)), field) == default


@pytest.mark.parametrize("version", [1, 2, 4, 5, 6])
def test_the_defaulting_steps_change_nothing_they_are_given(version):
    doc = {"format_version": version, "plies": [{"events": [{"kind": "note", "tag": "x"}]}]}
    assert MIGRATIONS[version](json.loads(json.dumps(doc))) == doc


def test_a_format_4_note_keeps_its_words_and_gets_no_facts():
    note = {"kind": "note", "tag": "capture", "squares": [3], "text": "Pawn takes"}
    doc = upgrade_with_words({"format_version": 4, "plies": [{"events": [dict(note)]}]})
    assert doc["plies"][0]["events"] == [note]


def test_a_format_6_save_records_no_revision_and_replays_under_the_newest_that_fits():
    """Format 7 records the rules revision; an older save has none and is read under the newest
    revision of its game that reproduces it (the Gladiator save before GC-31: revision 1)."""
    before, after = (CORPUS / n for n in ("gladiator-3-0000-f5-fb91c76.json",
                                           "gladiator-3-0000-f6-c300c62.json"))  # fmt: skip
    for path, revision in ((before, 1), (after, 2)):
        loaded = load_game(path)
        assert loaded.record.rules_revision is None
        assert loaded.game.rules.spec.revision == revision


# -- 3 to 4: a roll's typed fields from its words ---------------------------------------------


def _roll(words: Any, **fields: Any) -> dict[str, Any]:
    return {"kind": "roll", "seat": "white", "dice": "1d6", "faces": [3], "purpose": words,
            **fields}  # fmt: skip


def _read_roll(roll: dict[str, Any], where: str = "plies") -> dict[str, Any]:
    doc: dict[str, Any] = {"format_version": 3, "setup_events": [], "plies": []}
    if where == "plies":
        doc["plies"] = [{"events": [roll]}]
    else:
        doc["setup_events"] = [roll]
    read = upgrade_with_words(doc)
    events = read["plies"][0]["events"] if where == "plies" else read["setup_events"]
    return dict(events[0])


@pytest.mark.parametrize(
    ("words", "use"),
    [
        ("reroll: the d6 again", DiceChessPurpose.REROLL),
        ("fight: pawn d4 attacks bishop e5", Purpose.FIGHT),
        ("White's dice, placed on the first rank", DiceChessPurpose.SETUP),
        ("initiative: White Fighter", DndPurpose.INITIATIVE),
        ("confirm critical: White Rogue on c3", DndPurpose.CONFIRM),
        ("curse: Black Cleric", DndPurpose.CURSE),
        ("Blur miss chance", DndPurpose.MISS_CHANCE),
        ("Black Fighter's Will save", DndPurpose.SAVE),
        ("White Wizard attacks e5", Purpose.ATTACK),
        ("Footman vs Squire", Purpose.ATTACK),
        ("King defends g8, round 6", GladiatorPurpose.DEFENCE),
        ("False Life: temporary hit points", DndPurpose.TEMP_HP),
        ("healing (2): healing", DndPurpose.HEALING),
        ("damage: White Fighter on e4", Purpose.DAMAGE),
        ("sneak attack", Purpose.DAMAGE),
        ("bane weapon", Purpose.DAMAGE),
        ("something no version wrote", Purpose.OTHER),
    ],
)
def test_a_format_3_roll_gets_the_use_its_words_name(words, use):
    assert _read_roll(_roll(words))["use"] == use


def test_the_first_purpose_that_fits_wins():
    """ "reroll: fight: ..." is a reroll, though it also begins as a fight would."""
    assert _read_roll(_roll("reroll: fight: a attacks b"))["use"] == DiceChessPurpose.REROLL


def test_a_setup_roll_is_read_as_a_plys():
    assert _read_roll(_roll("initiative: White"), "setup")["use"] == DndPurpose.INITIATIVE


def test_a_roll_without_words_is_left_as_it_is():
    roll = {"kind": "roll", "seat": "white", "dice": "1d6", "faces": [3], "purpose": 7}
    assert _read_roll(dict(roll)) == roll


def test_a_use_already_given_is_kept():
    assert _read_roll(_roll("fight: a attacks b", use="other"))["use"] == "other"


def test_the_label_is_the_words_before_a_colon_and_none_without_one():
    assert _read_roll(_roll("confirm critical: White Rogue"))["label"] == "confirm critical"
    assert "label" not in _read_roll(_roll("sneak attack"))
    assert _read_roll(_roll("damage: x", label="kept"))["label"] == "kept"


@pytest.mark.parametrize(
    ("modifiers", "critical", "labels"),
    [
        ([["damage x2", 6]], 2, ["damage"]),
        ([["damage x3", 6], ["strength x3", 3]], 3, ["damage", "strength"]),
        ([["damage x2", 6], ["strength x3", 3]], None, ["damage x2", "strength x3"]),
        ([["damage x1", 6]], None, ["damage x1"]),
        ([["damage xx", 6]], None, ["damage xx"]),
        ([["damage", 6]], None, ["damage"]),
        ([[6, "damage x2"]], None, [6]),
        ([], None, []),
    ],
)
def test_a_critical_is_read_from_modifiers_that_all_end_in_the_same_times_n(
    modifiers, critical, labels
):
    read = _read_roll(_roll("damage: White Fighter", modifiers=modifiers))
    assert read.get("critical") == critical
    assert [m[0] for m in read["modifiers"]] == labels


def test_modifiers_that_are_not_a_list_or_a_critical_already_given_are_left():
    assert _read_roll(_roll("damage: a", modifiers="x2"))["modifiers"] == "x2"
    read = _read_roll(_roll("damage: a", modifiers=[["damage x2", 6]], critical=1))
    assert (read["critical"], read["modifiers"]) == (1, [["damage x2", 6]])


def test_only_rolls_are_read_by_their_words():
    note = {"kind": "note", "tag": "capture", "text": "fight: a attacks b"}
    assert _read_roll(dict(note)) == note


# -- every format: a note naming a thing in words (the first format-5 saves) ---------------------


def _note(names: Any) -> dict[str, Any]:
    return {"kind": "note", "tag": "expire", "squares": [12], "text": "ends", "fact": "f",
            "side": 0, "pieces": [{"side": 0, "kind": "fighter", "square": 12}],
            "numbers": [2], "names": names, "rule": "DD-14"}  # fmt: skip


def _read_note(event: dict[str, Any], version: int = 5) -> dict[str, Any]:
    """``event`` of a document of ``version`` brought to today's format (the names check is
    the last step's, which drops the words too)."""
    doc = {"format_version": version, "setup_events": [], "plies": [{"events": [event]}]}
    return dict(upgrade(doc)["plies"][0]["events"][0])


@pytest.mark.parametrize("names", [["Shield of Faith"], ["Bless"], ["Blur"], ["bless", "Blur"]])
def test_a_note_naming_a_thing_in_words_is_read_by_its_words_tag_and_squares(names):
    read = _read_note(_note(names))
    assert (read["fact"], read["side"], read["pieces"], read["numbers"]) == ("", None, [], [])
    assert (read["names"], read["rule"], read["tag"], read["squares"]) == ([], "", "expire", [12])


@pytest.mark.parametrize("names", [["bless"], ["shield-of-faith"], [], [3], "Bless"])
def test_a_note_naming_things_by_their_keys_keeps_its_facts(names):
    words_dropped = {k: v for k, v in _note(names).items() if k != "text"}
    assert _read_note(_note(names)) == words_dropped


def test_a_roll_naming_a_thing_in_words_keeps_its_facts():
    roll = {**_roll("damage: a"), "use": "damage", "names": ["Bless"]}
    words_dropped = {k: v for k, v in roll.items() if k != "purpose"}
    assert _read_note(dict(roll), LAST_WITH_WORDS) == words_dropped


def test_names_in_words_are_read_in_every_format_and_in_the_setup():
    assert _read_note(_note(["Bless"]), 6)["names"] == []
    doc = {"format_version": 5, "setup_events": [_note(["Blur"])], "plies": None}
    assert upgrade(doc)["setup_events"][0]["names"] == []


def test_plies_and_events_of_the_wrong_shape_are_passed_over_for_validation_to_refuse():
    doc = {"format_version": 5, "setup_events": "x", "plies": ["x", {"events": "y"}, {}]}
    assert upgrade(json.loads(json.dumps(doc))) == {**doc, "format_version": FORMAT_VERSION}


def test_a_format_5_campaign_save_whose_spell_is_named_by_one_word_loads_unedited():
    """The hand mutation of issue 37 (the names check at save/model.py recognising only names
    with a space) made this save, whose notes name ``Bless``, read as edited."""
    path = CORPUS / "campaign-game-003-f5-fb91c76.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    named = {n for p in doc["plies"] for e in p["events"] for n in e.get("names") or ()}
    assert "Bless" in named and not any(" " in n for n in named if isinstance(n, str))
    assert load_game(path).edited is None


def test_the_model_module_names_each_migration_in_its_history():
    for version in range(2, FORMAT_VERSION + 1):
        assert f"\n{version}. " in (model.__doc__ or "")
