"""Issue 37, item 7: a websocket frame with a lone surrogate is refused in validation; a
position no game reaches (no King, eight Kings, 31 queens, a pawn on its own first rank) is
refused in one line by D&D and classic as by the other games; temporary files of a killed
campaign write are removed when the campaign is next opened, and lock files do not pile up;
the mutation runs keep their temporary folders inside the copy that is deleted."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from battlechess_tui.cli import main
from battlechess_tui.cli.web_guard import read_message
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.save.lock import FileLock, lock_path, locked
from tests.benchmark_scripts import load


@pytest.mark.parametrize("frame", ['["stdin","\\ud800"]', '["ping","a\\udfff"]'])
def test_a_lone_surrogate_is_refused_in_validation(frame: str) -> None:
    assert read_message(frame) is None
    assert read_message('["stdin","\\ud83d\\ude00"]') == ("stdin", "\U0001f600")  # a pair


IMPOSSIBLE = {
    "8/8/8/8/8/8/8/8 w - - 0 1": "0 kings|have no King",
    "KKKKKKKK/8/8/8/8/8/8/kkkkkkkk w - - 0 1": "8 kings",
    "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQK/8/8/8/7k w - - 0 1": "pieces",
}


def test_classic_refuses_a_pawn_on_the_first_rank() -> None:
    with pytest.raises(ValueError, match="a1"):
        make_variant("classic").rules.parse_position("4k3/8/8/8/8/8/8/P3K3 w - - 0 1")


@pytest.mark.parametrize("game", ["classic", "dnd"])
@pytest.mark.parametrize("fen", IMPOSSIBLE)
def test_a_position_no_game_reaches_is_refused(game: str, fen: str) -> None:
    with pytest.raises(ValueError, match=IMPOSSIBLE[fen]):
        make_variant(game).rules.parse_position(fen)


def test_classic_refuses_more_queens_than_promotions_give() -> None:
    rules = make_variant("classic").rules
    rules.parse_position("4k3/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1")  # two pawns became queens
    with pytest.raises(ValueError, match="promotions"):
        rules.parse_position("4k3/8/8/8/8/8/PPPPPP2/QQQQK3 w - - 0 1")


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """A position accepted by mistake fails the test at once (the app never starts)."""
    from battlechess_tui.cli import games

    def started(*_args: object, **_kwargs: object) -> int:
        raise AssertionError("the position was accepted: the app would start")

    monkeypatch.setattr(games, "run_app", started)


@pytest.mark.parametrize(
    ("game", "fen", "reason"),
    [
        ("dnd", "8/8/8/8/8/8/8/8 w - - 0 1", "White and Black have no King"),
        ("dnd", "KKKKKKKK/8/8/8/8/8/8/kkkkkkkk w - - 0 1", "White has 8 kings"),
        (
            "classic",
            "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQK/qqqqqqqq/qqqqqqqq/qqqqqqqq/qqqqqqqk w - - 0 1",
            "pieces",
        ),  # fmt: skip
    ],
)
def test_play_with_a_position_no_game_reaches_is_one_line(
    game: str, fen: str, reason: str, capsys: pytest.CaptureFixture[str], no_app: None
) -> None:
    assert main(["play", game, "--fen", fen]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err


@pytest.mark.parametrize(
    ("fen", "missing"),
    [("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has"), ("8/8/8/8/8/8/8/4K3 b - - 0 1", "Black has")],
)
def test_dd_9_a_side_with_no_king_is_refused_in_one_line(
    fen: str, missing: str, capsys: pytest.CaptureFixture[str], no_app: None
) -> None:
    """DD-9: the game ends when a King falls, so a side with no King while the game is on is a
    position no game reaches: ``play --fen`` and ``show --position`` refuse it in one line."""
    for command in (["play", "dnd", "--fen", fen], ["show", "dnd", "--position", fen]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{missing} no King" in err and "DD-9" in err


def test_dd_9_a_lesson_or_puzzle_with_a_side_with_no_king_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    """The lesson and puzzle loaders read positions as ``play --fen`` does: a D&D side with no
    King is refused, with the reason, in one line."""
    from battlechess_tui.puzzles.model import THEMES, PuzzleError, check, from_json
    from battlechess_tui.tutorial.check import check_file

    lesson = tmp_path / "dnd" / "kingless.toml"
    lesson.parent.mkdir()
    lesson.write_text(
        'title = "No King"\nrules = ["DD-9"]\nintro = "x"\ndone = "x"\n'
        'position = "4k3/8/8/8/8/8/4P3/8 w - - 0 1"\n\n'
        '[[steps]]\nsay = "e2e3"\nexpect = ["e2e3"]\nhint = "e2e3"\nafter = "x"\n',
        encoding="utf-8",
    )
    problems = check_file(lesson)
    assert len(problems) == 1 and "position: White has no King" in problems[0]
    puzzle = {"id": "p1", "position": "4k3/8/8/8/8/8/4P3/8 w - - 0 1", "answers": ["e2e3"],
              "theme": THEMES[0], "rating": 1500, "line": [], "best": 0, "second": 0}  # fmt: skip
    with pytest.raises(PuzzleError, match="bad position: White has no King"):
        check(from_json(puzzle, "dnd"))


def test_dd_9_a_game_ended_by_a_king_falling_is_still_a_position() -> None:
    """The final position of a game won by killing a King (DD-9) has one King fewer and reads."""
    from battlechess_tui.save.store import load_game

    game = load_game(Path("saves/dnd-1-0000.json")).game
    rules = game.rules
    final = rules.position_text(game.positions[-1].state)
    assert "result=king-killed" in final
    assert rules.position_text(rules.parse_position(final)) == final


def test_dd_31_a_fighter_on_the_enemy_back_rank_is_a_position_the_game_reaches() -> None:
    """A D&D pawn (a Fighter) that reaches the enemy's back rank rises a level and stays there,
    a Fighter (DD-31): unlike classic, pawns on rank 8 are a position the game reaches."""
    rules = make_variant("dnd").rules
    state = rules.parse_position("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert rules.position_text(state).startswith("P3k3/")
    with pytest.raises(ValueError, match="h8"):
        make_variant("classic").rules.parse_position("4k2P/8/8/8/8/8/8/4K3 w - - 0 1")


def test_a_killed_campaign_write_is_cleaned_up_when_it_is_next_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["campaign", "new", "War", "--dir", str(tmp_path)]) == 0
    left = [
        tmp_path / ".war.json.abcd1234.tmp",
        tmp_path / "war-games" / ".game-001.json.x1y2z3w4.tmp",
    ]
    left[1].parent.mkdir()
    old = time.time() - 3600
    for path in left:
        path.write_text("{", encoding="utf-8")
        os.utime(path, (old, old))
    locks = [tmp_path / "war-games" / f".game-{n:03d}.json.lock" for n in range(1, 47)]
    for path in locks:  # an older version kept one per game
        path.write_text("pid 1\n", encoding="utf-8")
    assert main(["campaign", "show", "War", "--dir", str(tmp_path)]) == 0
    assert not any(path.exists() for path in left + locks)


def test_lock_files_do_not_pile_up(tmp_path: Path) -> None:
    for n in range(5):
        game = tmp_path / f"game-{n:03d}.json"
        lock = FileLock(game)
        lock.acquire(0)
        lock.release()
        with locked(game, 0):
            assert lock_path(game).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_lock_taken_after_its_file_was_removed_is_still_one_lock(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    first = FileLock(game)
    first.acquire(0)
    first.release()  # removes the lock file
    again = FileLock(game)
    again.acquire(0)
    from battlechess_tui.save.lock import Busy

    with pytest.raises(Busy):
        FileLock(game).acquire(0)
    again.release()


def test_the_mutation_runs_keep_their_temporary_files_in_the_copy(tmp_path: Path) -> None:
    mutants = load("mutants")
    env = mutants.environment(tmp_path)
    assert Path(env["TMPDIR"]).parent == tmp_path
    command = mutants.pytest_command(tmp_path, ["tests/test_dice.py"])
    basetemp = next(c for c in command if c.startswith("--basetemp="))
    assert Path(basetemp.removeprefix("--basetemp=")).is_relative_to(tmp_path)


def test_ctrl_c_during_a_mutation_run_leaves_no_pytest_folder_in_tmpdir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C while a mutant's tests run: the ``pytest-of-*`` folder the run made is inside the
    copy (its TMPDIR), and the copy is deleted; nothing is left in the machine's TMPDIR."""
    import tempfile

    mutants = load("mutants")
    system_tmp = tmp_path / "system-tmp"
    system_tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(system_tmp))
    monkeypatch.setattr(tempfile, "tempdir", str(system_tmp))  # where copies are made
    monkeypatch.setattr(mutants, "make_copy", lambda: Path(tempfile.mkdtemp(prefix="mutants-")))
    monkeypatch.setattr(mutants, "check_copy", lambda where: None)
    monkeypatch.setattr(mutants.signal, "signal", lambda *args: None)
    left: list[Path] = []

    def interrupted(name: str, args: object, copies: object) -> list[object]:
        where = copies.get()  # type: ignore[attr-defined]
        run_tmp = Path(mutants.environment(where)["TMPDIR"])
        left.append(run_tmp / f"pytest-of-{os.getpid()}")
        left[0].mkdir()  # as the mutant's pytest makes it
        raise KeyboardInterrupt

    monkeypatch.setattr(mutants, "run_game", interrupted)
    assert mutants.main(["--games", next(iter(mutants.GROUPS)), "--per-game", "1"]) == 130
    assert left and not left[0].exists()
    assert list(system_tmp.iterdir()) == []


def test_a_waiter_holding_a_removed_lock_file_takes_the_new_one(tmp_path: Path) -> None:
    """A waiter that opened the lock file before its holder removed it must not count the
    removed file as the lock (two holders at once): it sees the file is no longer named."""
    from battlechess_tui.save.lock import _still_named

    game = tmp_path / "game.json"
    holder = FileLock(game)
    holder.acquire(0)
    waiter = os.open(lock_path(game), os.O_RDWR)
    try:
        assert _still_named(waiter, lock_path(game))
        holder.release()
        assert not _still_named(waiter, lock_path(game))
        other = FileLock(game)
        other.acquire(0)
        assert not _still_named(waiter, lock_path(game))
        other.release()
    finally:
        os.close(waiter)
