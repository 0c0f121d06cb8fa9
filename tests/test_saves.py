"""Saves: versioned JSON round trips, atomic writes, one-line errors that change nothing."""

import json
import os

import pytest

from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save import model
from battlechess_tui.save.store import (
    SaveError,
    autosave_path,
    latest_autosave,
    list_saves,
    load_game,
    read_record,
    save_game,
    user_save_dir,
    verify_file,
)
from battlechess_tui.simulation import random_game


def finished_classic():
    return random_game("classic", seed=5)


def test_round_trip_rebuilds_every_position(tmp_path):
    game = finished_classic()
    path = tmp_path / "g.json"
    save_game(game, path)
    loaded = load_game(path).game
    assert [p.notation for p in loaded.plies] == [p.notation for p in game.plies]
    assert loaded.variant.fen(loaded.state) == game.variant.fen(game.state)
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
        "reason": "Black resigned",
        "rule": "",
        "detail": "",
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
        (lambda text: text.replace('"format_version": 1', '"format_version": 99', 1), "newer"),
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
    doc["plies"][4]["events"] = [
        {"kind": "note", "tag": "capture", "text": "forged", "squares": []}
    ]
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
