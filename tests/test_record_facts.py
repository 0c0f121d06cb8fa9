"""Issue 37, item 2: a record keeps facts; the words are written when shown.

A ply and a save hold the action, the rolls with their typed fields and the notes with their
tags, squares and numbers, never words: the presenter writes the move log's notation and each
event's sentence when the game is shown. A rewording therefore changes no save, and a save of
an older format loses its words once, on loading.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.analysis.pgn import export
from battlechess_tui.analysis.store import digest
from battlechess_tui.engine import roll_words
from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.vocabulary import EventTag, Verdict
from battlechess_tui.rules.gladiator.present import GladiatorPresenter
from battlechess_tui.save import model, records
from battlechess_tui.save.files import SaveError
from battlechess_tui.save.store import load_game, read_record, save_game, verify_file
from battlechess_tui.simulation import random_game
from battlechess_tui.ui import handover, views
from tests.test_example_saves import SHIPPED, rewritten

DATA = Path(__file__).parent / "data" / "saves"
#: The words of an event, which no record holds.
WORDS = {"notation", "text", "purpose", "against", "result", "label", "modifier_words", "reason"}


def _keys(value: Any) -> set[str]:
    """Every key of every object in a JSON document."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _words_in(doc: dict[str, Any]) -> set[str]:
    """The keys of a document's plies, events and result that are words."""
    keys = _keys(doc.get("plies")) | _keys(doc.get("setup_events")) | set(doc.get("result") or ())
    return keys & WORDS


def _log_text(path: Path) -> str:
    game = load_game(path).game
    return "\n".join(" ".join((e.notation, *e.details)) for e in views.log(game))


def test_a_rewording_changes_no_shipped_save_and_every_save_still_verifies(monkeypatch):
    """Gladiator's kill note and the shared word of a fight won are reworded: the log shows
    the new words, and every shipped save is still, byte for byte, the record of its game
    re-played, verifies, and keeps its digest (so its kept analysis stays)."""
    gladiator = next(p for p in SHIPPED if p.name == "gladiator-3-0000.json")
    fight = next(p for p in SHIPPED if p.name == "single-combat-2-0000.json")
    digests = {p: digest(p) for p in SHIPPED}
    assert "is killed on" in _log_text(gladiator) and "wins" in _log_text(fight)
    words = {**GladiatorPresenter.NOTE_WORDS, EventTag.KILL: "{name[0]} falls on {sq[0]}"}
    monkeypatch.setattr(GladiatorPresenter, "NOTE_WORDS", words)
    monkeypatch.setitem(roll_words.VERDICT_WORDS, Verdict.WINS, "prevails")
    assert "falls on" in _log_text(gladiator) and "is killed on" not in _log_text(gladiator)
    assert "prevails" in _log_text(fight)
    for path in SHIPPED:
        assert path.read_text(encoding="utf-8") == rewritten(path), path.name
        assert verify_file(path) is None, path.name
        assert digest(path) == digests[path], path.name


def test_a_save_records_facts_and_no_words(tmp_path):
    game = random_game("single-combat", seed=2)
    path = tmp_path / "g.json"
    save_game(game, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format_version"] == 8 == model.FORMAT_VERSION
    assert not _words_in(doc)
    fights = [e for p in doc["plies"] for e in p["events"] if e["kind"] == "roll"]
    assert fights and all("verdict" in e and "partial" not in e for e in fights)
    assert set(doc["result"]) == {"winner", "ending", "numbers", "rule"}
    outcome = game.outcome
    assert outcome is not None and doc["result"]["ending"] == outcome.kind.value


def test_a_ply_keeps_facts_and_its_words_are_written_when_shown():
    """The events a game keeps have no words; the log, the tray and the hand-over word them
    (the same words as the presenter's, written from the facts and the position before)."""
    game = random_game("single-combat", seed=2)
    fought = next(i for i, p in enumerate(game.plies) if p.rolls)
    ply = game.plies[fought]
    assert all(not (r.purpose or r.against or r.result) for r in ply.rolls)
    assert all(not e.text for e in ply.events if isinstance(e, Note))
    said = game.said(fought)
    before = game.positions[fought].state
    assert said.notation == game.presenter.logged(before, ply.action, list(said.events))
    assert said.rolls[0].result == game.presenter.roll_words(ply.rolls[0]).result != ""
    assert said.notation in views.log(game)[fought].notation
    told = f"{views.who(game, said.rolls[0].seat)} rolled {said.rolls[0].describe()}"
    assert told in handover.rolls(game, fought)


def test_a_ply_is_worded_once_however_often_the_log_is_shown(monkeypatch):
    """The move log after every decision words only the new ply (``Ply.said`` is kept)."""
    calls: list[int] = []
    presenter = type(make_variant("classic").presenter)
    logged = presenter.logged

    def counting(self: Any, *args: Any) -> str:
        calls.append(1)
        return logged(self, *args)

    monkeypatch.setattr(presenter, "logged", counting)
    game = Game(make_variant("classic"), 1)
    for move in ("e2e4", "e7e5", "g1f3", "b8c6"):
        game.play(move)
        views.log(game)
        views.log(game)
    assert len(calls) == 4
    assert [e.notation for e in views.log(game)] == ["e4", "e5", "Nf3", "Nc6"]


def test_the_pgn_export_writes_the_words_of_the_facts():
    game = random_game("single-combat", seed=2)
    text = export(game)
    fought = next(i for i, p in enumerate(game.plies) if p.rolls)
    roll = game.said(fought).rolls[0]
    assert roll.describe() in text and roll.result in roll.describe()


def test_the_save_schema_names_no_words():
    schema = model.save_schema()
    for name in ("Roll", "Note"):
        properties = schema["$defs"][name]["properties"]
        assert not set(properties) & WORDS and "partial" in properties
    assert not set(schema["$defs"]["PlyRecord"]["properties"]) & WORDS
    assert not set(schema["$defs"]["ResultRecord"]["properties"]) & WORDS


def test_format_8_refuses_words_in_an_event(tmp_path):
    path = tmp_path / "g.json"
    save_game(random_game("classic", seed=3), path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["plies"][0]["events"] = [{"kind": "note", "tag": "capture", "text": "a sentence"}]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError, match="records facts, not words"):
        read_record(path)


def _older(doc: dict[str, Any], version: int) -> dict[str, Any]:
    return {**doc, "format_version": version}


def test_an_older_roll_with_only_words_is_kept_partial_and_its_dice_still_checked(tmp_path):
    """A format-5 roll has words where its facts now are: on loading the words go, the roll
    is ``partial``, and a replay compares its dice, faces and modifiers (a changed face is
    still caught; its words, gone, are not compared)."""
    doc = json.loads((DATA / "v5-single-combat-fight.json").read_text(encoding="utf-8"))
    upgraded = model.upgrade(json.loads(json.dumps(doc)))
    rolls = [e for p in upgraded["plies"] for e in p["events"] if e["kind"] == "roll"]
    assert rolls and all(r["partial"] for r in rolls)
    assert not _words_in(upgraded)
    roll = next(e for p in doc["plies"] for e in p["events"] if e["kind"] == "roll")
    roll["result"] = "something else"  # words: dropped, never compared
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert verify_file(path) is None
    roll["faces"] = [roll["faces"][0] % 8 + 1]
    path.write_text(json.dumps(doc), encoding="utf-8")
    mismatch = verify_file(path)
    assert mismatch is not None and "was 'fight: 1d8" in mismatch.describe()


def test_a_typed_older_roll_loses_its_words_and_stays_whole():
    """A format-6 roll has its facts beside its words: the words go and it is compared by
    every fact (not ``partial``); the words of its modifiers go too."""
    doc = json.loads((DATA / "v6-single-combat-fight.json").read_text(encoding="utf-8"))
    upgraded = model.upgrade(doc)
    rolls = [e for p in upgraded["plies"] for e in p["events"] if e["kind"] == "roll"]
    assert rolls and not any(r.get("partial") for r in rolls)
    assert all(r["verdict"] != "none" for r in rolls)
    assert not _words_in(upgraded)


def test_an_older_note_with_only_words_is_partial_and_counts_by_tag_and_squares(tmp_path):
    """A format-4 note has words beside its tag and squares: it is kept ``partial``, and a
    replay compares the two (a wrong square is caught, the sentence is not read)."""
    path = tmp_path / "g.json"
    save_game(random_game("arena", seed=3), path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    index, note = next(
        (i, e)
        for i, p in enumerate(doc["plies"])
        for e in p["events"]
        if e["kind"] == "note" and e["tag"] == "capture"
    )
    for key in ("fact", "side", "pieces", "numbers", "names", "rule"):
        note.pop(key, None)
    note["text"] = "an old sentence"
    old = _older(doc, 4)
    old["result"]["reason"] = "checkmate"
    upgraded = model.upgrade(json.loads(json.dumps(old)))
    kept = upgraded["plies"][index]["events"][doc["plies"][index]["events"].index(note)]
    assert kept["partial"] is True and "text" not in kept
    path.write_text(json.dumps(old), encoding="utf-8")
    assert verify_file(path) is None
    note["squares"] = [note["squares"][0] ^ 1]
    path.write_text(json.dumps(old), encoding="utf-8")
    mismatch = verify_file(path)
    assert mismatch is not None and mismatch.ply == index + 1
    assert "was 'capture " in mismatch.describe()


def test_an_older_result_loses_its_words_and_its_ending_is_unknown():
    doc = json.loads((DATA / "v6-single-combat-fight.json").read_text(encoding="utf-8"))
    assert doc["result"]["reason"]
    result = model.upgrade(doc)["result"]
    assert "reason" not in result and "detail" not in result
    assert model.ResultRecord.model_validate(result).ending is None


def test_an_upgraded_save_and_a_game_are_compared_by_their_fact_records(tmp_path):
    """``substance`` is gone: two records are the same game when their facts are equal
    (time stamps and the app's version aside)."""
    assert not hasattr(records, "substance")
    game = random_game("classic", seed=5)
    path = tmp_path / "g.json"
    save_game(game, path)
    record = read_record(path)
    again = records.record_of(game).model_copy(update={"created": "2020-01-01T00:00:00+00:00"})
    assert records.same_game(record, again)
    other = records.record_of(random_game("classic", seed=6))
    assert not records.same_game(record, other)


def test_the_events_of_a_lesson_step_have_their_words():
    game = random_game("single-combat", seed=2)
    fought = next(p for p in game.plies if p.rolls)
    from battlechess_tui.tutorial.runner import Feedback

    events = Feedback(True, "", (fought,)).events
    assert any(isinstance(e, Roll) and e.result for e in events)
