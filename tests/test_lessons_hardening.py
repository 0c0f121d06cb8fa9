"""Lessons that do not play (issue 28, items 11 and 13): one bad file among the lessons is
listed with its reason, exactly as ``check-lesson`` gives it, and every other lesson is still
offered (``lessons``, ``learn``, the app's list); a step whose scripted answer is illegal or
whose scripted die does not fit its throw is refused when lessons are loaded, whichever
alternative leads to it; ``check-lesson`` says what a path is when it is not a file, and never
echoes a long input whole."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlechess_tui.cli import main
from battlechess_tui.tutorial import catalogue
from battlechess_tui.tutorial.catalogue import find, read_lesson, refused, shipped
from battlechess_tui.tutorial.check import MAX_LINE_CHARS, check_file
from battlechess_tui.tutorial.runner import LessonRun

SHIPPED = catalogue.lessons_dir()

NO_TITLE = 'rules = ["How the pieces move"]\n[[steps]]\nsay = "Pawn."\nexpect = ["e2e4"]\n'

#: White's e2e4, then Black "answers" with a move of White's pawn that is no longer there.
ILLEGAL_ANSWER = """title = "Bad answer"
rules = ["How the pieces move"]
[[steps]]
say = "Pawn."
expect = ["e2e4"]
answers = [{ action = "e2e4" }]
"""

#: A knight's attack in Single Combat throws one eight-sided die: a 9 cannot be thrown.
FACE_TOO_LARGE = """title = "Bad die"
rules = ["SC-5"]
position = "4k3/3p4/2r5/4b3/8/5N2/3Q4/4K3 w - - 0 1"
[[steps]]
say = "Attack."
expect = ["f3e5"]
dice = [9]
"""

#: The lesson's own line (e2e4 d7d5 e4d5) plays; after step 1's other decision, d2d4, step 2's
#: only decision (e4d5) cannot be made: the learner who chose d2d4 would be stuck.
BAD_ALTERNATIVE = """title = "Bad alternative"
rules = ["How the pieces move"]
[[steps]]
say = "Pawn."
expect = ["e2e4", "d2d4"]
answers = [{ action = "d7d5" }]
[[steps]]
say = "Take."
expect = ["e4d5"]
"""


@pytest.fixture
def lessons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A lessons folder with two shipped classic lessons, read afresh by the catalogue."""
    folder = tmp_path / "lessons"
    (folder / "classic").mkdir(parents=True)
    for name in ("moves.toml", "check-and-mate.toml"):
        shutil.copyfile(SHIPPED / "classic" / name, folder / "classic" / name)
    (folder / "single-combat").mkdir()
    monkeypatch.setattr(catalogue, "lessons_dir", lambda: folder)
    monkeypatch.setattr(catalogue, "lesson_folders", lambda: [folder])  # no plugin's lessons
    catalogue.catalogue.cache_clear()
    yield folder
    catalogue.catalogue.cache_clear()


def add(folder: Path, game: str, name: str, text: str) -> Path:
    path = folder / game / f"{name}.toml"
    path.write_text(text)
    return path


def check_lesson_says(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["check-lesson", str(path)]) == 1
    return capsys.readouterr().out.splitlines()


def test_hc_28_11_lessons_lists_a_bad_file_with_check_lessons_reason_and_goes_on(lessons, capsys):
    bad = add(lessons, "classic", "aaa-no-title", NO_TITLE)
    reason = check_lesson_says(bad, capsys)
    assert reason == [f"{bad}: title: Field required"]
    assert main(["lessons"]) == 0
    out, err = capsys.readouterr()
    assert [line.split("\t")[1] for line in out.splitlines()] == ["moves", "check-and-mate"]
    assert err.splitlines() == reason


def test_hc_28_11_learn_refuses_the_bad_lesson_by_name_and_opens_the_others(
    lessons, capsys, monkeypatch
):
    bad = add(lessons, "classic", "aaa-no-title", NO_TITLE)
    opened: list[str | None] = []

    def run_app(args: object, start: object, lesson: str | None) -> int:
        opened.append(lesson)
        return 0

    monkeypatch.setattr("battlechess_tui.cli.learn.run_app", run_app)
    assert main(["learn", "classic", "aaa-no-title"]) == 2
    assert capsys.readouterr().err == f"battlechess: {bad}: title: Field required\n"
    assert main(["learn", "classic"]) == 0
    assert main(["learn", "classic", "check-and-mate"]) == 0
    assert main(["learn"]) == 0
    assert opened == ["classic/moves", "classic/check-and-mate", None]


@pytest.mark.parametrize(
    ("game", "text", "says"),
    [
        ("classic", ILLEGAL_ANSWER, "step 1: there is no piece on e2"),
        ("single-combat", FACE_TOO_LARGE, "step 1: scripted faces (9,) do not fit a throw of 1d8"),
        ("classic", BAD_ALTERNATIVE, "step 2 (after step 1's 'd2d4'): "),
    ],
    ids=["illegal-answer", "face-too-large", "after-an-alternative"],
)
def test_hc_28_11_a_step_that_cannot_be_played_is_refused_at_load(lessons, game, text, says):
    path = add(lessons, game, "bad", text)
    assert read_lesson(path).lesson.steps  # the file itself reads
    assert [r.key for r in shipped()] == ["classic/moves", "classic/check-and-mate"]
    (bad,) = refused()
    assert bad.key == f"{game}/bad" and bad.problems == tuple(check_file(path))
    assert bad.reason.startswith(f"{path}: {says}"), bad.reason


def test_hc_28_11_every_alternative_of_the_shipped_lessons_plays():
    """The shipped lessons all load: none is refused, alternatives included."""
    catalogue.catalogue.cache_clear()
    assert refused() == ()
    own = [r for r in shipped() if r.path.is_relative_to(SHIPPED)]  # a plugin's besides
    assert len(own) == len(list(SHIPPED.glob("*/*.toml")))


async def test_hc_28_11_the_apps_list_shows_a_bad_lesson_with_its_reason(lessons, tmp_path):
    from textual.widgets import OptionList

    from battlechess_tui.ui.app import BattleChessApp
    from battlechess_tui.ui.screens.lesson import LearnScreen, LessonScreen
    from battlechess_tui.ui.settings import Settings

    bad = add(lessons, "classic", "aaa-no-title", NO_TITLE)
    app = BattleChessApp("learn", save_dir=tmp_path, settings=Settings(animate=False))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LearnScreen)
        options = app.screen.query_one("#lesson-list", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        reason = f"{bad}: title: Field required"
        assert prompts[-1] == f"✗ classic: aaa-no-title cannot be played: {reason}"
        assert options.get_option_at_index(options.option_count - 1).disabled
        await pilot.press("enter")  # the first lesson still opens
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)


def test_hc_28_13_check_lesson_says_what_a_path_that_is_no_file_is(tmp_path, capsys):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert check_lesson_says(tmp_path, capsys) == [f"{tmp_path}: a folder, not a lesson file"]
    assert check_lesson_says(fifo, capsys) == [f"{fifo}: a named pipe (FIFO), not a lesson file"]
    zero = Path("/dev/zero")
    assert check_lesson_says(zero, capsys) == [f"{zero}: a character device, not a lesson file"]
    missing = tmp_path / "none.toml"
    assert check_lesson_says(missing, capsys) == [f"{missing}: no such lesson file"]


def test_hc_28_13_a_200_kb_move_is_not_echoed_whole(tmp_path, capsys):
    path = tmp_path / "classic" / "long.toml"
    path.parent.mkdir()
    move = "e2e4" * 50_000
    path.write_text(
        f'title = "T"\nrules = ["How the pieces move"]\n[[steps]]\nsay = "s"\nexpect = ["{move}"]\n'
    )
    (line,) = check_lesson_says(path, capsys)
    assert line == f"{path}: steps.0.expect.0: String should have at most 100 characters"
    position = tmp_path / "classic" / "position.toml"
    position.write_text(
        f'title = "T"\nrules = ["How the pieces move"]\nposition = "{move}"\n'
        f'[[steps]]\nsay = "s"\nexpect = ["e2e4"]\n'
    )
    (line,) = check_lesson_says(position, capsys)
    assert line.startswith(f"{position}: position: ") and len(line) <= MAX_LINE_CHARS


def test_hc_28_13_a_learner_typing_200_kb_is_answered_in_one_short_line():
    run = LessonRun(find("classic", "moves"))
    feedback = run.attempt("e2e4" * 50_000)
    assert not feedback.done
    assert feedback.message == "That is too long for a decision (200,000 characters)."


def test_hc_28_13_a_number_of_5000_digits_is_refused_in_one_line(tmp_path, capsys):
    """Found by the lesson fuzzer: tomllib refuses it with a ValueError of its own."""
    path = tmp_path / "classic" / "digits.toml"
    path.parent.mkdir()
    path.write_text(
        f'title = "T"\nrules = ["How the pieces move"]\nseed = {"9" * 5000}\n'
        '[[steps]]\nsay = "s"\nexpect = ["e2e4"]\n'
    )
    (line,) = check_lesson_says(path, capsys)
    assert line.startswith(f"{path}: not readable TOML: Exceeds the limit")
