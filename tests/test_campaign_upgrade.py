"""A campaign file keeps facts only (issue 37, item 2; DD-48): a piece's history, a game's result
and the spoils of a surrender are typed facts, worded when shown (``campaign/words.py``). An
older campaign file (version 1, sentences: the example campaign as shipped at three commits, in
``tests/data/old_campaigns``) opens, read into facts once on loading, and each branch of that
reading is tested here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.campaign import upgrade, words
from battlechess_tui.campaign.model import FORMAT_VERSION, GameEntry, HistoryFact
from battlechess_tui.campaign.store import CampaignError, load_campaign, save_campaign
from battlechess_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "tests" / "data" / "old_campaigns"
OLD_FILES = sorted(OLD.glob("*.json"))
SHIPPED = ROOT / "saves" / "campaigns" / "campaign-example.json"


def _doc(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _today(sentence: str) -> str:
    """A version-1 sentence as today's words write it: the first files said "; back to level
    1" of a piece killed at level 1, and listed an item looted from the fallen by its key."""
    if sentence.endswith("killed at level 1; back to level 1"):
        sentence = sentence.removesuffix("; back to level 1")
    if ", losing ring-of-protection+1, weapon+1" in sentence:
        sentence = sentence.replace(
            ", losing ring-of-protection+1, weapon+1",
            ", its Ring of Protection +1, +1 weapon looted",
        ).removesuffix("; back to level 1")
    return sentence


def test_the_old_campaign_files_are_version_1_and_today_writes_version_2():
    assert [_doc(p)["format_version"] for p in OLD_FILES] == [1, 1, 1] and FORMAT_VERSION == 2
    assert _doc(SHIPPED)["format_version"] == 2


@pytest.mark.parametrize("path", OLD_FILES, ids=lambda p: p.stem)
def test_dd_48_an_older_campaign_file_opens_with_every_sentence_read_as_facts(path, capsys):
    old = _doc(path)
    c = load_campaign(path)
    assert c.format_version == 2
    for side in ("white", "black"):
        for before, after in zip(old[side]["pieces"], c.side(side).pieces, strict=True):
            assert all(h.kind != "words" for h in after.history), after.history
            shown = [words.history_line(h) for h in after.history]
            assert shown == [_today(h) for h in before["history"]]
    names = words.side_names(c)
    assert [words.result_line(g, names) for g in c.games] == [g["result"] for g in old["games"]]
    assert all(g.ending is not None and not g.words for g in c.games)
    assert [words.spoils_line(g) for g in c.games] == [g["spoils"] for g in old["games"]]
    assert main(["campaign", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Black (Bob) wins: White's King surrendered (DD-45)" in out
    assert "spoils: 1,800 gold from the war chest" in out


@pytest.mark.parametrize("path", OLD_FILES, ids=lambda p: p.stem)
def test_dd_48_an_older_campaign_file_is_read_not_written_until_the_next_write(path, tmp_path):
    """Opening never writes; the next write (a purchase, a game) writes today's version, facts
    only, and it reads back the same."""
    copy = tmp_path / "war.json"
    copy.write_bytes(path.read_bytes())
    c = load_campaign(copy)
    assert copy.read_bytes() == path.read_bytes()
    save_campaign(c, copy)
    written = _doc(copy)
    assert written["format_version"] == 2
    text = copy.read_text(encoding="utf-8")
    for sentence in ("killed the", "bought ", "gold from the war chest", "wins:"):
        assert sentence not in text  # no words in the file
    again = load_campaign(copy)
    assert (again.white, again.black, again.games) == (c.white, c.black, c.games)


def test_a_rewording_changes_no_campaign_file(tmp_path, monkeypatch):
    """The words are the presenter's when shown: rewording a history line or a result changes
    what is shown and not one byte written."""
    copy = tmp_path / "war.json"
    copy.write_bytes(SHIPPED.read_bytes())
    c = load_campaign(copy)
    save_campaign(c, copy)
    before = copy.read_bytes()
    monkeypatch.setattr(words, "item_names", lambda items: "/".join(items).upper())
    c = load_campaign(copy)
    shown = [words.history_line(h) for h in c.white.piece("a1").history]
    assert shown[0] == "bought ARMOR+2 for 4,000 gold"
    save_campaign(c, copy)
    assert _drop_stamps(copy.read_bytes()) == _drop_stamps(before)


def _drop_stamps(text: bytes) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(text)
    return {k: v for k, v in doc.items() if k not in ("updated", "revision")}


# -- each branch of reading a version-1 sentence ------------------------------------------------


HISTORY = [
    ("bought +2 armour for 4,000 gold", {"kind": "bought", "items": ["armor+2"], "gold": 4000}),
    ("bought weapon+1 for 2,000 gold", {"kind": "bought", "items": ["weapon+1"], "gold": 2000}),
    (
        "game 3: killed the Black Cleric (f8, L1)",
        {"kind": "killed", "game": 3, "side": "black", "cls": "cleric", "square": "f8", "level": 1},
    ),
    ("game 2: killed at level 1", {"kind": "fell", "game": 2, "level": 1}),
    ("game 1: killed at level 2; back to level 1", {"kind": "fell", "game": 1, "level": 2}),
    ("game 1: killed at level 1; back to level 1", {"kind": "fell", "game": 1, "level": 1}),
    (
        "game 1: killed at level 2, its Ring of Protection +1 looted; back to level 1",
        {"kind": "fell", "game": 1, "level": 2, "items": ["ring-of-protection+1"]},
    ),
    (
        "game 3: killed at level 1, losing ring-of-protection+1, weapon+1; back to level 1",
        {"kind": "fell", "game": 3, "level": 1, "items": ["ring-of-protection+1", "weapon+1"]},
    ),
    ("game 4: promoted to level 3", {"kind": "promoted", "game": 4, "level": 3}),
    (
        "game 2: looted ring-of-protection+1, weapon+1",
        {"kind": "looted", "game": 2, "items": ["ring-of-protection+1", "weapon+1"]},
    ),
    (
        "game 5: Cloak of Charisma +2 taken as spoils",
        {"kind": "spoils-taken", "game": 5, "items": ["cloak-of-charisma+2"]},
    ),
    (
        "game 5: received Cloak of Charisma +2 as spoils",
        {"kind": "spoils-received", "game": 5, "items": ["cloak-of-charisma+2"]},
    ),
    # what no pattern reads, or names what the game does not know, is kept as written
    ("a line written by hand", {"kind": "words", "text": "a line written by hand"}),
    (
        "bought a flying carpet for 9,000 gold",
        {"kind": "words", "text": "bought a flying carpet for 9,000 gold"},
    ),
    (
        "game 1: killed the Black Dragon (f8, L1)",
        {"kind": "words", "text": "game 1: killed the Black Dragon (f8, L1)"},
    ),
    (
        "game 1: killed at level 2, its Vorpal Sword looted",
        {"kind": "words", "text": "game 1: killed at level 2, its Vorpal Sword looted"},
    ),
    (7, {"kind": "words", "text": "7"}),
]


@pytest.mark.parametrize(("sentence", "fact"), HISTORY, ids=[str(s)[:40] for s, _ in HISTORY])
def test_dd_48_each_version_1_history_sentence_is_read_as_its_fact(sentence, fact):
    assert upgrade.history_fact(sentence) == fact
    HistoryFact.model_validate(fact)  # a fact today's model takes


@pytest.mark.parametrize(
    ("line", "winner", "facts"),
    [
        (
            "White (Ann) wins: Black's King fell below 0 hit points (DD-9)",
            "white",
            {"ending": "king-killed", "numbers": [], "rule": "DD-9"},
        ),
        (
            "Black (Bob) wins: White's King surrendered (DD-45)",
            "black",
            {"ending": "surrender", "numbers": [], "rule": "DD-45"},
        ),
        ("Ann won it, by hand", "white", {"words": "Ann won it, by hand"}),
        ("", None, {}),
    ],
)
def test_dd_48_a_version_1_result_line_is_read_as_its_ending(line, winner, facts):
    found = upgrade.result_facts(line, winner, ("White (Ann)", "Black (Bob)"))
    assert found == facts
    entry = GameEntry.model_validate(
        {"number": 1, "file": "w-games/game-001.json", "seed": 1, "power": [0, 0]}
        | {"winner": winner}
        | found
    )
    if line:
        assert words.result_line(entry, ("White (Ann)", "Black (Bob)")) == line


@pytest.mark.parametrize(
    ("line", "facts", "shown"),
    [
        ("1,800 gold from the war chest", {"gold": 1800}, None),
        ("0 gold from the war chest", {"gold": 0}, None),
        (
            "Cloak of Charisma +2 from e8 to e1",
            {"item": "cloak-of-charisma+2", "source": "e8", "target": "e1"},
            None,
        ),
        ("a Vorpal Sword from e8 to e1", {"words": "a Vorpal Sword from e8 to e1"}, None),
        ("", None, ""),
    ],
)
def test_dd_45_a_version_1_spoils_line_is_read_as_what_was_taken(line, facts, shown):
    assert upgrade.spoils_facts(line) == facts
    entry = GameEntry.model_validate(
        {"number": 1, "file": "w-games/game-001.json", "seed": 1, "power": [0, 0]}
        | ({"spoils": facts} if facts is not None else {})
    )
    assert words.spoils_line(entry) == (line if shown is None else shown)


def test_dd_48_the_game_in_play_of_a_version_1_file_is_read_too(tmp_path):
    doc = _doc(OLD_FILES[-1])
    doc["current"] = {
        "number": 4,
        "file": "campaign-example-games/game-003.json",  # a file that is there
        "seed": 5,
        "power": [0, 0],
        "result": "",
        "spoils": "",
    }
    path = tmp_path / "campaign-example.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (tmp_path / "campaign-example-games").mkdir()
    (tmp_path / "campaign-example-games" / "game-003.json").write_text("{}", encoding="utf-8")
    current = load_campaign(path).current
    assert current is not None and (current.number, current.ending, current.spoils) == (
        4,
        None,
        None,
    )


def test_a_version_2_file_is_read_as_it_is_and_a_bad_fact_is_refused_in_one_line(tmp_path):
    doc = _doc(SHIPPED)
    assert upgrade.upgrade(doc) is doc  # today's version: no step
    doc["white"]["pieces"][0]["history"] = [{"kind": "bought", "items": ["armor+2"]}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CampaignError) as err:
        load_campaign(path)
    assert "needs gold" in str(err.value) and "\n" not in str(err.value)
    doc["white"]["pieces"][0]["history"] = [{"kind": "promoted", "game": 1, "level": 2, "gold": 5}]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CampaignError, match="has no gold"):
        load_campaign(path)


@pytest.mark.parametrize("seed", range(3))
def test_a_mutated_version_1_file_opens_or_is_refused_in_one_line(seed, tmp_path):
    """An older file is read into facts before it is checked: whatever its sentences hold, it
    opens or is refused in one line, never with a traceback."""
    import random

    from tests.fuzz_inputs import mutate_document

    rng = random.Random(seed)
    for n in range(40):
        path = tmp_path / f"old-{n}.json"
        doc = _doc(OLD_FILES[n % len(OLD_FILES)])
        path.write_bytes(mutate_document(doc, rng, lambda d: json.dumps(d, indent=1)))
        try:
            load_campaign(path)
        except CampaignError as exc:
            assert "\n" not in str(exc)
