"""Saves: versioned JSON round trips, atomic writes, one-line errors that change nothing."""

import json
import os
from datetime import datetime
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.vocabulary import Purpose
from battlechess_tui.rules.chess_family import ChessRules
from battlechess_tui.save import model, store
from battlechess_tui.save.files import create_exclusive
from battlechess_tui.save.folder import delete_save, new_game_file, rename_save, tidy
from battlechess_tui.save.game_file import GameFile
from battlechess_tui.save.records import record_of, write_record
from battlechess_tui.save.store import (
    EditedSave,
    SaveError,
    autosave_path,
    latest_autosave,
    list_saves,
    load_game,
    own_file,
    read_record,
    save_game,
    user_save_dir,
    verify_file,
)
from battlechess_tui.simulation import random_game
from tests.fuzz_inputs import make_fifo
from tests.typed import known, rules_of


def finished_classic():
    return random_game("classic", seed=5)


def test_round_trip_rebuilds_every_position(tmp_path):
    game = finished_classic()
    path = tmp_path / "g.json"
    save_game(game, path)
    loaded = load_game(path).game
    assert [p.notation for p in loaded.plies] == [p.notation for p in game.plies]
    rules = rules_of(loaded.variant, ChessRules)
    assert rules.fen(loaded.state) == game.variant.rules.fen(game.state)
    assert loaded.outcome == game.outcome
    assert len(loaded.positions) == len(game.positions)
    assert verify_file(path) is None


def test_save_records_version_variant_players_seed_and_result(tmp_path):
    game = Game(make_variant("classic"), seed=42, players={"white": "Ann", "black": "Bo"})
    game.play("e2e4")
    game.play("resign")
    path = tmp_path / "g.json"
    save_game(game, path)
    doc = json.loads(path.read_text())
    assert doc["format"] == "battlechess-save" and doc["format_version"] == model.FORMAT_VERSION
    assert doc["variant"] == "classic" and doc["seed"] == 42
    assert doc["players"] == {"white": "Ann", "black": "Bo"}
    assert [p["action"] for p in doc["plies"]] == ["e2e4", "resign"]
    assert doc["result"] == {
        "winner": "White",
        "ending": "resignation",
        "numbers": [],
        "rule": "",
    }
    assert doc["created"] and doc["updated"]


def test_resaving_keeps_the_creation_time(tmp_path):
    path = tmp_path / "g.json"
    game = Game(make_variant("classic"), seed=1)
    save_game(game, path, created="2026-01-01T00:00:00+00:00")
    loaded = load_game(path).game
    loaded.play("e2e4")
    save_game(loaded, path)
    assert read_record(path).created == "2026-01-01T00:00:00+00:00"


def _good_save(tmp_path):
    path = tmp_path / "good.json"
    save_game(finished_classic(), path)
    return path


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda text: text[: len(text) // 2], "truncated"),
        (lambda text: text.replace('"plies"', '"plys"', 1), "corrupt"),
        (lambda text: "just some notes\n", "corrupt|not a battlechess save"),
        (lambda text: json.dumps({"hello": "world"}), "not a battlechess save"),
        (
            lambda text: text.replace(
                f'"format_version": {model.FORMAT_VERSION}', '"format_version": 99', 1
            ),
            "newer",
        ),
        (lambda text: text.replace('"variant": "classic"', '"variant": "nope"', 1), "no game"),
        (lambda text: text.replace('"action": "', '"action": "z9', 1), "ply 1 .*not legal"),
    ],
)
def test_bad_files_give_one_line_and_are_left_untouched(tmp_path, mangle, message):
    path = _good_save(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(mangle(path.read_text()))
    before = bad.read_bytes(), os.stat(bad).st_mtime_ns
    with pytest.raises(SaveError, match=message) as info:
        load_game(bad)
    assert "\n" not in str(info.value)
    assert (bad.read_bytes(), os.stat(bad).st_mtime_ns) == before


def test_binary_and_missing_files(tmp_path):
    (tmp_path / "bin.json").write_bytes(b"\x89PNG\x00\xff")
    with pytest.raises(SaveError, match="not"):
        load_game(tmp_path / "bin.json")
    with pytest.raises(SaveError, match="no such file"):
        load_game(tmp_path / "missing.json")


def test_a_tampered_roll_is_caught_by_verification(tmp_path):
    game = random_game("classic", seed=3)
    path = tmp_path / "g.json"
    save_game(game, path)
    doc = json.loads(path.read_text())
    doc["plies"][4]["events"] = [{"kind": "note", "tag": "capture", "squares": []}]
    path.write_text(json.dumps(doc))
    mismatch = verify_file(path)
    assert mismatch is not None and mismatch.ply == 5
    assert "ply 5" in mismatch.describe()


def test_atomic_write_leaves_no_temporary_files_and_replaces(tmp_path):
    path = tmp_path / "g.json"
    game = Game(make_variant("classic"), seed=1)
    save_game(game, path)
    game.play("e2e4")
    save_game(game, path)
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    assert len(read_record(path).plies) == 1


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    game = Game(make_variant("classic"), seed=1)
    save_game(game, path)
    before = path.read_bytes()

    def boom(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    game.play("e2e4")
    with pytest.raises(SaveError, match="No space"):
        save_game(game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_migration_path_upgrades_old_versions(tmp_path, monkeypatch):
    path = _good_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["format_version"] = 0
    doc["moves"] = doc.pop("plies")  # pretend version 0 called them "moves"

    def zero_to_one(old):
        old["plies"] = old.pop("moves")
        return old

    monkeypatch.setitem(model.MIGRATIONS, 0, zero_to_one)
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    assert len(load_game(old).game.plies) == len(doc["moves"])


def test_user_save_dir_honours_override_and_environment(tmp_path, monkeypatch):
    assert user_save_dir(tmp_path) == tmp_path
    monkeypatch.setenv("BATTLECHESS_SAVE_DIR", str(tmp_path / "env"))
    assert user_save_dir() == tmp_path / "env"
    monkeypatch.delenv("BATTLECHESS_SAVE_DIR")
    assert user_save_dir().name == "saves"


def test_autosave_names_the_game_file_and_continue_opens_it(tmp_path):
    assert latest_autosave(tmp_path) is None
    game = Game(make_variant("classic"), seed=1)
    game.play("e2e4")
    own = tmp_path / "classic-1.json"
    save_game(game, autosave_path(tmp_path), own)
    pointer = json.loads(autosave_path(tmp_path).read_text())
    assert pointer["format"] == "battlechess-autosave" and pointer["file"] == "classic-1.json"
    assert latest_autosave(tmp_path) == own
    assert load_game(autosave_path(tmp_path)).path == own  # the autosave is followed
    (tmp_path / "junk.json").write_text("{")
    infos = list_saves(tmp_path)
    assert [(i.path.name, i.plies, i.result, i.latest) for i in infos if i.problem is None] == [
        ("classic-1.json", 1, "in play", True)
    ]
    assert [(i.path.name, "truncated" in (i.problem or "")) for i in infos if i.problem] == [
        ("junk.json", True)
    ]


# -- load verifies the file against its seed (issue 17, item 2) ---------------------------------


def _saved(tmp_path, game, name="g.json"):
    path = tmp_path / name
    save_game(game, path)
    return path, json.loads(path.read_text())


def _first_roll(doc):
    for index, ply in enumerate(doc["plies"]):
        for event in ply["events"]:
            if event["kind"] == "roll":
                return index, event
    raise AssertionError("no roll in this game")


def test_an_edited_roll_is_refused_on_load_naming_the_first_ply(tmp_path):
    path, doc = _saved(tmp_path, random_game("gladiator", seed=2))
    index, roll = _first_roll(doc)
    roll["faces"] = [1 if f != 1 else 2 for f in roll["faces"]]
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    with pytest.raises(EditedSave, match=f"ply {index + 1} ") as info:
        load_game(path)
    assert "\n" not in str(info.value) and "edited or damaged" in str(info.value)
    assert info.value.mismatch.ply == index + 1
    assert path.read_bytes() == before


def test_an_edited_save_opens_read_only_only_when_asked(tmp_path):
    path, doc = _saved(tmp_path, random_game("classic", seed=11))
    doc["plies"][2]["events"].append({"kind": "note", "tag": "capture"})
    path.write_text(json.dumps(doc))
    with pytest.raises(EditedSave):
        load_game(path)
    loaded = load_game(path, edited=True)
    assert loaded.edited is not None and loaded.edited.ply == 3
    assert len(loaded.game.plies) == len(doc["plies"])  # rebuilt from the recorded rolls
    assert load_game(_saved(tmp_path, random_game("classic", 5), "ok.json")[0]).edited is None


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda d: d["plies"][0].update(seat="black"), "recorded for seat 'black'"),
        (lambda d: d.update(result=None), "the file says the game is in play"),
        (
            lambda d: d["result"].update(
                winner="Black" if d["result"]["winner"] == "White" else "White"
            ),
            "re-playing gives",
        ),
        (
            lambda d: d["plies"][3].update(events=[{"kind": "note", "tag": "capture"}]),
            "ply 4",
        ),
        (
            lambda d: d["setup_events"].append({"kind": "note", "tag": "capture"}),
            "setup",
        ),
    ],
    ids=["seat", "result-removed", "winner", "event", "setup"],
)
def test_a_save_contradicting_its_rebuilt_game_is_refused(tmp_path, edit, problem):
    path, doc = _saved(tmp_path, random_game("classic", seed=11))
    assert doc["result"]["winner"] == "White"
    edit(doc)
    path.write_text(json.dumps(doc))
    with pytest.raises(EditedSave, match=problem):
        load_game(path)
    assert verify_file(path) is not None


def test_players_must_sit_in_the_games_seats(tmp_path):
    path, doc = _saved(tmp_path, random_game("classic", seed=5))
    doc["players"] = {"white": "Ann", "nobody": "Bo"}
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="no seat 'nobody' .*seats: white, black"):
        load_game(path)


def test_an_older_formats_notation_and_sentences_are_dropped_not_refused(tmp_path):
    game = random_game("gladiator", seed=2)
    path, doc = _saved(tmp_path, game)
    doc["format_version"] = 6  # words were recorded up to format 7
    for ply in doc["plies"]:
        ply["notation"] = "written by an old version"
        for event in ply["events"]:
            if event["kind"] == "note":
                event["text"] = "an old sentence"
    path.write_text(json.dumps(doc))
    loaded = load_game(path).game
    assert [p.notation for p in loaded.plies] == [p.notation for p in game.plies]
    assert verify_file(path) is None


def test_a_stored_file_of_every_version_still_loads():
    """Each format version keeps a file in tests/data/saves (save/model.py's history)."""
    stored = sorted((Path(__file__).parent / "data" / "saves").glob("v*.json"))
    versions = range(1, model.FORMAT_VERSION + 1)
    assert [p.name.split("-")[0] for p in stored] == [f"v{n}" for n in versions]
    for path in stored:
        assert load_game(path).game.outcome is not None
        assert verify_file(path) is None
    version_2 = load_game(stored[1]).game
    assert version_2.computers == {"black": "medium"}
    assert [(h.ply, h.action) for h in version_2.hints] == [(2, "g2g4")]


def test_computer_seats_and_hints_are_saved_and_loaded(tmp_path):
    """Issue 11: a save says which seats the computer held and where a hint was shown."""
    game = Game(make_variant("classic"), seed=3)
    game.computers = {"black": Level.HARD}
    game.play("e2e4")
    game.take_hint(game.parse("e7e5"), "keeps the balance")
    game.play("e7e5")
    path = tmp_path / "g.json"
    save_game(game, path)
    loaded = load_game(path).game
    assert loaded.computers == {"black": "hard"}
    assert [(h.ply, h.action, h.reason) for h in loaded.hints] == [(1, "e7e5", "keeps the balance")]
    loaded.truncate(0)  # playing on from an earlier ply forgets the later hints
    assert loaded.hints == []


# -- one file a game; the autosave names it (issue 17, item 1; issue 10, item 7) ----------------


def test_a_crash_between_the_two_writes_leaves_one_file_for_the_game(tmp_path, monkeypatch):
    first = Game(make_variant("classic"), seed=1)
    first.play("e2e4")
    old = tmp_path / "old.json"
    save_game(first, autosave_path(tmp_path), old)
    game = Game(make_variant("classic"), seed=2)
    game.play("d2d4")
    own = tmp_path / "new.json"

    def killed(*args, **kwargs):
        raise KeyboardInterrupt  # the process dies before the autosave is written

    monkeypatch.setattr(store, "point_autosave", killed)
    with pytest.raises(KeyboardInterrupt):
        save_game(game, autosave_path(tmp_path), own)
    monkeypatch.undo()
    assert load_game(own).game.plies[0].action.text(game.variant.rules.geo) == "d2d4"
    assert latest_autosave(tmp_path) == old  # the game before, whole; nothing split
    assert own_file(autosave_path(tmp_path)) == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json", "new.json", "old.json"]


def test_an_older_versions_autosave_copy_still_continues(tmp_path):
    game = Game(make_variant("classic"), seed=1)
    game.play("e2e4")
    write_record(record_of(game), autosave_path(tmp_path))  # a full copy, as before
    assert latest_autosave(tmp_path) == autosave_path(tmp_path)
    assert len(load_game(autosave_path(tmp_path)).game.plies) == 1
    assert own_file(autosave_path(tmp_path)) is None  # it goes on in a file of its own


def test_an_autosave_naming_a_file_outside_the_folder_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.json"
    save_game(Game(make_variant("classic"), seed=1), outside)
    folder = tmp_path / "saves"
    folder.mkdir()
    autosave_path(folder).write_text(
        json.dumps(
            {
                "format": "battlechess-autosave",
                "format_version": 1,
                "file": "../elsewhere.json",
                "updated": "x",
            }
        )
    )
    with pytest.raises(SaveError, match="outside the save folder"):
        load_game(autosave_path(folder))
    assert own_file(autosave_path(folder)) is None


def test_two_windows_starting_games_in_the_same_second_get_two_files(tmp_path):
    when = datetime(2026, 5, 1, 14, 0, 0)
    a, b = Game(make_variant("classic"), seed=1), Game(make_variant("dice-chess"), seed=2)
    c = Game(make_variant("classic"), seed=3)
    paths = [new_game_file(tmp_path, g, when) for g in (a, b, c)]
    assert [p.name for p in paths] == [
        "classic-20260501-140000.json",
        "dice-chess-20260501-140000.json",
        "classic-20260501-140000-2.json",
    ]
    assert [read_record(p).seed for p in paths] == [1, 2, 3]


def test_a_name_is_claimed_whole_or_not_at_all(tmp_path):
    path = tmp_path / "taken.json"
    assert create_exclusive(path, "first\n") is True
    assert create_exclusive(path, "second\n") is False
    assert path.read_text() == "first\n"
    assert [p.name for p in tmp_path.iterdir()] == ["taken.json"]  # no temporary file left


def test_without_hard_links_a_name_is_still_claimed_exclusively(tmp_path, monkeypatch):
    """A file system without hard links (some network and FAT drives): the file is created
    with O_EXCL and then written; a taken name is still refused."""

    def no_links(source: object, target: object) -> None:
        raise PermissionError("hard links are not supported here")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "taken.json"
    assert create_exclusive(path, "first\n") is True
    assert create_exclusive(path, "second\n") is False
    assert path.read_text() == "first\n"
    assert [p.name for p in tmp_path.iterdir()] == ["taken.json"]


def test_two_windows_in_one_folder_keep_their_games_apart(tmp_path):
    one, two = GameFile(tmp_path), GameFile(tmp_path)
    a, b = Game(make_variant("classic"), seed=1), Game(make_variant("classic"), seed=2)
    for move_a, move_b in (("e2e4", "d2d4"), ("e7e5", "d7d5")):
        a.play(move_a)
        assert one.write(a) is None
        b.play(move_b)
        assert two.write(b) is None
    assert one.path != two.path
    assert [p.action for p in read_record(known(one.path)).plies] == ["e2e4", "e7e5"]
    assert [p.action for p in read_record(known(two.path)).plies] == ["d2d4", "d7d5"]
    assert latest_autosave(tmp_path) == two.path  # Continue: the game that moved last


def test_a_game_file_changed_by_another_window_is_never_overwritten(tmp_path):
    game = Game(make_variant("classic"), seed=1)
    mine = GameFile(tmp_path)
    game.play("e2e4")
    mine.write(game)
    first = mine.path
    assert first is not None
    other = load_game(first).game  # another window opens the same save and plays on
    other.play("e7e5")
    GameFile(tmp_path, first).write(other)
    theirs = first.read_bytes()
    game.play("c7c5")
    note = mine.write(game)
    assert note is not None and "changed by another window" in note and mine.path != first
    assert first.read_bytes() == theirs
    assert [p.action for p in read_record(known(mine.path)).plies] == ["e2e4", "c7c5"]


def test_opening_a_finished_game_and_leaving_does_not_rewrite_it(tmp_path):
    path, _ = _saved(tmp_path, random_game("classic", seed=5))
    before = path.read_bytes(), os.stat(path).st_mtime_ns
    loaded = load_game(path)
    assert GameFile(tmp_path, path).write(loaded.game) is None
    save_game(loaded.game, autosave_path(tmp_path), path)  # what leaving a game screen does
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before
    assert not autosave_path(tmp_path).exists()


# -- the saves list: every file, delete, rename (issue 13, item 8) ------------------------------


def test_the_list_shows_unreadable_files_with_the_reason(tmp_path):
    save_game(random_game("classic", seed=5), tmp_path / "good.json")
    (tmp_path / "cut.json").write_text('{"format": "battlechess-save", "plies": [')
    (tmp_path / "notes.json").write_text('{"hello": 1}')
    make_fifo(tmp_path / "pipe.json")
    infos = list_saves(tmp_path)
    assert [i.path.name for i in infos][0] == "good.json"
    problems = {i.path.name: known(i.problem) for i in infos[1:]}
    assert "truncated" in problems["cut.json"]
    assert "not a battlechess save" in problems["notes.json"]
    assert "not a regular file" in problems["pipe.json"]


def test_delete_and_rename_a_save_and_the_autosave_follows(tmp_path):
    game = Game(make_variant("classic"), seed=1)
    game.play("e2e4")
    path = tmp_path / "classic-1.json"
    save_game(game, autosave_path(tmp_path), path)
    renamed = rename_save(path, "  Opening with Ann ")
    assert renamed == tmp_path / "Opening with Ann.json" and not path.exists()
    assert latest_autosave(tmp_path) == renamed
    other = tmp_path / "other.json"
    save_game(game, other)
    with pytest.raises(SaveError, match="already exists"):
        rename_save(other, "Opening with Ann.json")
    for bad in ("", "../up", ".hidden", "a/b", "autosave", "x\x1b]0;t\x07"):
        with pytest.raises(SaveError):
            rename_save(other, bad)
    delete_save(renamed)
    assert not renamed.exists() and latest_autosave(tmp_path) is None
    assert not autosave_path(tmp_path).exists()
    with pytest.raises(SaveError, match="no such file"):
        delete_save(renamed)


def test_leftovers_of_a_killed_write_are_removed_at_start(tmp_path):
    save_game(Game(make_variant("classic"), seed=1), tmp_path / "g.json")
    old = tmp_path / ".g.json.abcd1234.tmp"
    fresh = tmp_path / ".g.json.zzzz9999.tmp"
    for p in (old, fresh):
        p.write_text("{")
    os.utime(old, (1_000_000, 1_000_000))
    campaign_games = tmp_path / "campaigns" / "war-games"
    campaign_games.mkdir(parents=True)
    stale = campaign_games / ".game-001.json.qwer5678.tmp"
    stale.write_text("")
    os.utime(stale, (1_000_000, 1_000_000))
    removed = tidy(tmp_path)
    assert sorted(p.name for p in removed) == sorted([old.name, stale.name])
    assert fresh.exists()  # perhaps another window's write under way
    assert (tmp_path / "g.json").exists()


def test_a_version_3_roll_gets_its_typed_fields_from_its_words_once_on_loading():
    """Format 4 (issue #26 item 3): rolls carry ``use``, ``squares``, ``critical`` and ``label``;
    the save reader reads an older roll's words once. Format 8 then drops the words: the
    roll keeps what was read from them and is ``partial`` (its dice are what a replay
    compares)."""
    old = {
        "kind": "roll", "seat": "white", "dice": "4d6", "faces": [1, 1, 1, 1],
        "purpose": "damage: White Fighter on e4 (critical x2)",
        "modifiers": [["damage x2", 6]], "result": "10 damage",
    }  # fmt: skip
    fight = {"kind": "roll", "seat": "black", "dice": "1d8", "faces": [5],
             "purpose": "fight: pawn d4 attacks bishop e5", "against": "needs 6"}  # fmt: skip
    doc = {"format_version": 3, "setup_events": [], "plies": [{"events": [old, fight]}]}
    typed, fought = model.upgrade(doc)["plies"][0]["events"]
    damage = TypeAdapter(model.EventRecord).validate_python(typed)
    assert isinstance(damage, Roll)
    assert (damage.use, damage.critical, damage.partial) == (Purpose.DAMAGE, 2, True)
    assert damage.modifiers == (("damage", 6),) and not damage.label
    assert damage.describe() == "(2d6 [1 1] +3 damage) + (2d6 [1 1] +3 damage) = 10"
    assert (fought["use"], fought["partial"]) == (Purpose.FIGHT, True) and "label" not in fought
