"""Issue 37, item 3: nothing overwrites a file the player did not ask to replace. Every file a
command writes is created exclusively, or written over only with ``--force``; a save is never
the target of an export; a refusal is one line naming the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from battlechess_tui.cli import main
from battlechess_tui.simulation import Run, Seats, simulate
from tests.analysis_games import blunder_game, saved

ROOT = Path(__file__).resolve().parent.parent
DND_SAVE = ROOT / "saves" / "dnd-1-0000.json"
PGN = '[White "Ann"]\n[Black "Bo"]\n\n1. e4 e5 2. Nf3 *\n'


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], name: Path) -> str:
    """The one line a refused command ends with (exit 2), which names ``name``."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("battlechess: ") and err.count("\n") == 1, err
    assert str(name) in err and "internal error" not in err
    return err


def test_import_never_writes_over_an_existing_save(tmp_path: Path, capsys) -> None:
    save = tmp_path / "game.json"
    shutil.copy(DND_SAVE, save)
    (tmp_path / "game.pgn").write_text(PGN, encoding="utf-8")
    before = save.read_bytes()
    err = _refused(capsys, ["import", str(tmp_path / "game.pgn")], save)
    assert "--force" in err
    assert save.read_bytes() == before


def test_import_never_writes_over_another_file_named_with_o(tmp_path: Path, capsys) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    (tmp_path / "game.pgn").write_text(PGN, encoding="utf-8")
    _refused(capsys, ["import", str(tmp_path / "game.pgn"), "-o", str(notes)], notes)
    assert notes.read_text(encoding="utf-8") == "my notes\n"


def test_import_with_force_replaces_the_file_it_was_asked_to(tmp_path: Path, capsys) -> None:
    save = tmp_path / "game.json"
    shutil.copy(DND_SAVE, save)
    (tmp_path / "game.pgn").write_text(PGN, encoding="utf-8")
    assert main(["import", str(tmp_path / "game.pgn"), "--force"]) == 0
    assert f"wrote {save}" in capsys.readouterr().out
    assert main(["replay", str(save), "--verify"]) == 0


def test_import_to_a_new_file_needs_no_force(tmp_path: Path, capsys) -> None:
    (tmp_path / "game.pgn").write_text(PGN, encoding="utf-8")
    assert main(["import", str(tmp_path / "game.pgn")]) == 0
    assert (tmp_path / "game.json").is_file()


def test_an_export_never_writes_over_the_save_it_exports(tmp_path: Path, capsys) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    before = path.read_bytes()
    for extra in ([], ["--force"]):
        err = _refused(capsys, ["analyse", str(path), "--pgn", str(path), *extra], path)
        assert "save" in err
        assert path.read_bytes() == before


def test_an_export_never_writes_over_another_save_even_with_force(tmp_path: Path, capsys) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    other = tmp_path / "other.json"
    shutil.copy(DND_SAVE, other)
    before = other.read_bytes()
    _refused(capsys, ["analyse", str(path), "--pgn", str(other), "--force"], other)
    assert other.read_bytes() == before


def test_an_export_writes_over_a_file_only_with_force(tmp_path: Path, capsys) -> None:
    path = saved(blunder_game(), tmp_path, "blunder")
    out = tmp_path / "game.pgn"
    out.write_text("keep me\n", encoding="utf-8")
    _refused(capsys, ["analyse", str(path), "--pgn", str(out)], out)
    assert out.read_text(encoding="utf-8") == "keep me\n"
    assert main(["analyse", str(path), "--pgn", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("[Event ")


def test_simulate_never_writes_over_a_file_in_its_save_folder(tmp_path: Path, capsys) -> None:
    taken = Run("classic", 1, Seats(), {}, tmp_path).save_path("classic", 0)
    assert taken is not None
    taken.write_text("not a game\n", encoding="utf-8")
    argv = ["simulate", "classic", "--games", "1", "--jobs", "1", "--save-dir", str(tmp_path)]
    _refused(capsys, argv, taken)
    assert taken.read_text(encoding="utf-8") == "not a game\n"
    assert main([*argv, "--force"]) == 0
    assert main(["replay", str(taken), "--verify"]) == 0


def test_simulate_into_a_fresh_folder_needs_no_force(tmp_path: Path) -> None:
    summary = simulate("classic", 1, 1, save_dir=tmp_path, jobs=1)
    assert [p.name for p in summary.saved] == ["classic-1-0000.json"]


def test_screenshots_never_write_over_a_file(tmp_path: Path, capsys) -> None:
    from battlechess_tui.ui.screenshots import scenes

    taken = tmp_path / f"{scenes()[0].name}.svg"
    taken.write_text("mine\n", encoding="utf-8")
    _refused(capsys, ["screenshots", "--out", str(tmp_path)], taken)
    assert taken.read_text(encoding="utf-8") == "mine\n"


def test_a_numbered_new_file_never_takes_a_name_in_use(tmp_path: Path) -> None:
    from battlechess_tui.save.files import create_numbered

    (tmp_path / "shot.svg").write_text("mine\n", encoding="utf-8")
    path = create_numbered(tmp_path, "shot", ".svg", "new\n", 3)
    assert path == tmp_path / "shot-2.svg"
    assert (tmp_path / "shot.svg").read_text(encoding="utf-8") == "mine\n"
    (tmp_path / "shot-3.svg").write_text("mine\n", encoding="utf-8")
    assert create_numbered(tmp_path, "shot", ".svg", "new\n", 3) is None


async def test_the_app_s_screenshots_never_write_over_one_another(tmp_path: Path) -> None:
    from battlechess_tui.ui.app import BattleChessApp, Settings

    app = BattleChessApp(save_dir=tmp_path, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(3):  # in one second: each takes a name of its own
            app.action_take_screenshot()
    shots = sorted((tmp_path / "screenshots").iterdir())
    assert len(shots) == 3 and all(p.read_text(encoding="utf-8").startswith("<svg") for p in shots)
