"""Saves that last (issue 37, item 1): every example save of every earlier format and game
(``tests/data/old_saves``, from git history) and every shipped save replays as it was recorded,
under its own rules revision; a change to rules code that alters any of them without bumping the
game's revision fails here. Each opens in ``load``, ``replay --verify`` and ``analyse --quick``
(analysed whole) with the revision line where it applies, and an edited copy is still refused."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.analysis import run
from battlechess_tui.analysis.run import Work
from battlechess_tui.analysis.store import analysis_path, record_digest, stored
from battlechess_tui.cli import analyse as analyse_cli
from battlechess_tui.cli import games as games_cli
from battlechess_tui.cli import main
from battlechess_tui.engine.events import Note
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import QUICK
from battlechess_tui.engine.registry import specs
from battlechess_tui.engine.revisions import revision_line
from battlechess_tui.rules.gladiator.vocabulary import GladiatorTag
from battlechess_tui.save import store
from battlechess_tui.save.store import (
    EditedSave,
    Loaded,
    load_game,
    read_record,
    save_game,
    verify_file,
)
from tests.old_saves import CORPUS, ROOT, Replay, read_manifest, shipped_saves
from tests.shipped import shipped_specs

MANIFEST = read_manifest()
ENTRIES = {e["file"]: e for e in MANIFEST["saves"] + MANIFEST["shipped"]}
CORPUS_FILES = sorted(e["file"] for e in MANIFEST["saves"])
ALL_FILES = sorted(ENTRIES)


def path_of(name: str) -> Path:
    return CORPUS / name if "/" not in name else ROOT / name


@cache
def loaded(name: str) -> Loaded:
    """The save replayed once for every test that reads it (the corpus replays in seconds)."""
    return load_game(path_of(name))


def bump_advice(name: str, what: str) -> str:
    game = ENTRIES[name]["game"]
    return (
        f"{name} ({game}, rules revision {ENTRIES[name]['revision']}) {what}. A change to rules "
        f"code that alters what a recorded game replays to must bump the game's revision "
        f"(variants/{game}.toml: revision, and a [[changes]] entry naming the rule) and keep the "
        f"older behaviour behind a switch named by the rule and revision (README, Save format)."
    )


def test_the_manifest_lists_every_file_of_the_corpus_and_every_shipped_save():
    files = sorted(p.name for p in CORPUS.glob("*.json") if p.name != "manifest.json")
    assert files == CORPUS_FILES
    shipped = sorted(str(p.relative_to(ROOT)) for p in shipped_saves())
    assert sorted(e["file"] for e in MANIFEST["shipped"]) == shipped


def test_the_corpus_has_every_format_and_every_game():
    formats = {e["format"] for e in MANIFEST["saves"]}
    assert formats == set(range(1, 7))
    assert {e["game"] for e in MANIFEST["saves"]} == set(shipped_specs())


def test_every_revision_of_every_game_has_a_save_in_the_corpus():
    """One save per revision from now on: a game whose revision went up needs a save played
    under the new rules in the corpus (``python tests/old_saves.py add``)."""
    assert MANIFEST["revisions"] == {k: s.revision for k, s in shipped_specs().items()}, (
        "a game's rules revision changed: add a save played under the new revision to "
        "tests/data/old_saves (python tests/old_saves.py add FILE SOURCE COMMIT)"
    )
    for key, spec in shipped_specs().items():
        held = {e["revision"] for e in MANIFEST["saves"] if e["game"] == key}
        assert held == set(range(1, spec.revision + 1)), key


@pytest.mark.parametrize("name", ALL_FILES)
def test_a_save_replays_to_what_it_was_recorded_as(name):
    """Issue 37 item 1: the save verifies decision by decision under the revision recorded for
    it, and reaches the same positions and final position."""
    try:
        found = Replay.of(loaded(name))
    except EditedSave as exc:
        pytest.fail(bump_advice(name, f"no longer replays: {exc.mismatch.describe()}"))
    recorded = {k: ENTRIES[name][k] for k in found.entry()}
    if found.entry() != recorded:
        differ = sorted(k for k in recorded if recorded[k] != found.entry()[k])
        pytest.fail(bump_advice(name, f"replays differently today ({', '.join(differ)})"))


@pytest.mark.parametrize("name", ALL_FILES)
def test_a_save_of_an_older_revision_says_so_in_one_line(name):
    entry, spec = ENTRIES[name], specs()[ENTRIES[name]["game"]]
    line = loaded(name).revision_line
    assert line == revision_line(spec, entry["revision"])
    if entry["revision"] < spec.revision:
        assert line is not None and line.startswith(f"played under {spec.name} rules revision ")


def test_the_gladiator_saves_before_gc_31_name_it():
    old = [
        n for n in CORPUS_FILES if ENTRIES[n]["game"] == "gladiator" and ENTRIES[n]["revision"] < 2
    ]
    assert sorted(old) == [
        "gladiator-3-0000-f2-e94e683.json",
        "gladiator-3-0000-f3-0909296.json",
        "gladiator-3-0000-f4-98d7478.json",
        "gladiator-3-0000-f4-e6398b2.json",
        "gladiator-3-0000-f5-fb91c76.json",
    ]
    for name in old:
        assert loaded(name).revision_line == (
            "played under Gladiator Chess rules revision 1; GC-31 has changed since"
        )


# -- the commands -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_FILES)
def test_replay_verify_opens_every_save_with_its_revision_line(name, capsys):
    path = path_of(name)
    assert main(["replay", "--verify", str(path)]) == 0, capsys.readouterr()
    lines = capsys.readouterr().out.splitlines()
    said = [f"{path}: {loaded(name).revision_line}"] if loaded(name).revision_line else []
    assert lines == [*said, f"{path}: verified {ENTRIES[name]['decisions']} decisions ("
                     f"{ENTRIES[name]['result']})"]  # fmt: skip


def replayed_once(monkeypatch: pytest.MonkeyPatch, name: str, path: Path) -> None:
    """The commands below load the save through ``load_game``, as ``replay --verify`` does
    (tested above, save by save): they are handed the one replay of the save (at ``path``)."""
    monkeypatch.setattr(store, "load_game", lambda *_a, **_k: replace(loaded(name), path=path))


@pytest.mark.parametrize("name", ALL_FILES)
def test_load_opens_every_save_with_its_revision_line(name, capsys, monkeypatch):
    replayed_once(monkeypatch, name, path_of(name))
    started: list[dict[str, Any]] = []

    def run_app(_args: Any, start: str, **kwargs: Any) -> int:
        started.append(kwargs)
        return 0

    monkeypatch.setattr(games_cli, "run_app", run_app)
    path = path_of(name)
    assert main(["load", str(path)]) == 0, capsys.readouterr()
    assert started == [{"path": path}]
    line = loaded(name).revision_line
    assert capsys.readouterr().out == (f"{path}: {line}\n" if line else "")


#: The work of each position already analysed, by the game it is a position of (its kind, rules
#: revision, the digest of its positions and its decisions: copies of one game in different
#: formats are one game), its index and the level. A position's work depends on the game, the
#: index and the level only (``analysis/run.py``: seeded by the index; the same with any
#: number of jobs), so a copy's analysis is the same whole analysis, each position's work done
#: once for the corpus.
_WORK: dict[tuple[Any, ...], Work] = {}


def _one_worker_a_game(name: str) -> object:
    """``name``, grouped with the other saves of its game as played (one xdist worker each:
    ``--dist loadgroup``), so each position's work is done once for them all (``_WORK``)."""
    entry = ENTRIES[name]
    group = f"quick-{entry['game']}-{entry['revision']}-{entry['positions'][:12]}"
    return pytest.param(name, marks=pytest.mark.xdist_group(group))


@pytest.mark.parametrize("name", [_one_worker_a_game(name) for name in ALL_FILES])
def test_analyse_quick_analyses_every_save_whole_with_its_revision_line(
    name, tmp_path, capsys, monkeypatch
):
    """Issue 37, done when: every save of the corpus and every shipped save goes through the
    real ``battlechess analyse --quick``, fresh (no kept analysis beside it), every position
    and decision analysed, the report printed and the analysis kept (the full medium analysis
    of a game costs about 40 s; it is tested on its own in test_analysis.py)."""
    path = tmp_path / Path(name).name
    shutil.copyfile(path_of(name), path)
    replayed_once(monkeypatch, name, path)
    entry, record = ENTRIES[name], loaded(name).record
    game_key = (entry["game"], entry["revision"], entry["positions"],
                tuple(p.action for p in record.plies))  # fmt: skip
    real = run.position_work

    def work(game: Game, index: int, level: str) -> Work:
        key = (*game_key, index, str(level))
        if key not in _WORK:
            _WORK[key] = real(game, index, level)
        return _WORK[key]

    monkeypatch.setattr(run, "position_work", work)
    assert not analysis_path(path).exists()
    assert main(["analyse", "--quick", str(path)]) == 0
    out = capsys.readouterr().out
    line = loaded(name).revision_line
    assert out.startswith(f"{path}: {line}\n") == bool(line)
    assert "a quick analysis" in out and "Turning points" in out
    kept = stored(path, QUICK, record_digest(record))
    assert kept is not None and kept.complete and kept.total == entry["decisions"]
    assert len(kept.worths) == len(loaded(name).game.positions)
    assert all(worth is not None for worth in kept.worths)


# -- edited copies ------------------------------------------------------------------------------


def _edited_roll(doc: dict[str, Any]) -> int:
    """The last roll's first face changed (to another face of its die): the ply it is in."""
    number, roll = [(n, e) for n, p in enumerate(doc["plies"], 1) for e in p["events"]
                    if e.get("kind") == "roll"][-1]  # fmt: skip
    roll["faces"][0] = 2 if roll["faces"][0] == 1 else 1
    return number


def _edited_move(doc: dict[str, Any]) -> int:
    """The first decision replaced by the second: ply 1."""
    doc["plies"][0]["action"] = doc["plies"][1]["action"]
    return 1


def _edited(name: str, tmp_path: Path, edit: Any) -> tuple[Path, int]:
    doc = json.loads(path_of(name).read_text(encoding="utf-8"))
    ply = edit(doc)
    path = tmp_path / f"edited-{Path(name).name}"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path, ply


ROLLED = [n for n in ALL_FILES if '"kind": "roll"' in path_of(n).read_text(encoding="utf-8")]
ONE_A_GAME_AND_FORMAT = set(
    {(ENTRIES[n]["game"], ENTRIES[n]["format"]): n for n in reversed(ROLLED)}.values()
)


@pytest.mark.parametrize("name", ROLLED)
def test_a_copy_with_its_last_roll_edited_is_still_refused(name, tmp_path, capsys, monkeypatch):
    """A tampered roll in an old save is detected exactly as in a current one, whatever revision
    the save replays under: the last roll, after any older rule has made its difference. One
    save of each game and format (a replay each): ``load`` refuses the copy in one line, and
    ``analyse`` says in one line that it analyses it as recorded, not as the seed gives it (or
    refuses it in one line when the edited roll does not fit its throw)."""
    path, ply = _edited(name, tmp_path, _edited_roll)
    assert main(["replay", "--verify", str(path)]) == 1
    assert capsys.readouterr().out.startswith(f"{path}: replay differs at ply {ply} ")
    if name not in ONE_A_GAME_AND_FORMAT:
        return
    assert main(["load", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"replay differs at ply {ply} " in err
    with monkeypatch.context() as patched:  # the analysis itself is tested above
        patched.setattr(analyse_cli, "analysis_of", lambda game, *_a, **_k: game)
        patched.setattr(analyse_cli, "report", lambda *_a: None)
        code = main(["analyse", "--quick", str(path)])
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1
    if code == 0:  # rebuilt from its recorded rolls, as the app opens it read-only
        assert said[0].startswith(f"{path}: the save does not match its seed (edited or "
                                  f"damaged): replay differs at ply {ply} ")  # fmt: skip
        assert said[0].endswith("; analysed as recorded")
    else:  # the edited roll does not fit its throw: the record cannot be rebuilt either
        assert code == 2 and "the save is corrupt" in said[0]


@pytest.mark.parametrize("name", ALL_FILES)
def test_a_copy_with_a_move_edited_is_still_refused(name, tmp_path):
    path, ply = _edited(name, tmp_path, _edited_move)
    with pytest.raises(EditedSave) as refused:
        load_game(path)
    assert refused.value.mismatch.ply == ply


# -- continuing -----------------------------------------------------------------------------------


def test_continuing_a_game_of_an_older_revision_keeps_its_rules(tmp_path):
    """A game played under Gladiator revision 1 and saved in today's format records revision 1;
    loaded and continued, its last move is played under GC-31 as it was (the Queen is not
    recovered by the King's death) and the save still records revision 1."""
    old = loaded("gladiator-3-0000-f5-fb91c76.json")
    game = Game(old.game.variant, old.record.seed, dict(old.record.players))
    for ply in old.record.plies[:-1]:
        game.play(ply.action)
    path = tmp_path / "unfinished.json"
    save_game(game, path)
    assert read_record(path).rules_revision == 1
    again = load_game(path)
    assert again.revision_line == (
        "played under Gladiator Chess rules revision 1; GC-31 has changed since"
    )
    last = again.game.play(old.record.plies[-1].action)
    assert list(last.events) == list(old.game.plies[-1].events)
    assert GladiatorTag.RESCUE not in {e.tag for e in last.events if isinstance(e, Note)}
    save_game(again.game, path)
    assert read_record(path).rules_revision == 1 and verify_file(path) is None
