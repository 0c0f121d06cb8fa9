"""Lessons (issue 15): every shipped lesson checks and plays to its end through the runner; a
wrong move gets the hint or the engine's reason; check-lesson names the bad step."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlechess_tui.cli import main
from battlechess_tui.tutorial.catalogue import find, shipped
from battlechess_tui.tutorial.check import check_lesson
from battlechess_tui.tutorial.progress import finished, mark_finished
from battlechess_tui.tutorial.runner import LessonRun

LESSONS = shipped()


@pytest.mark.parametrize("ref", LESSONS, ids=lambda r: r.key)
def test_shipped_lesson_checks_and_plays_to_its_end(ref):
    assert check_lesson(ref) == []
    run = LessonRun(ref)
    for number, step in enumerate(ref.lesson.steps, start=1):
        assert run.progress == f"step {number} of {len(ref.lesson.steps)}"
        feedback = run.attempt(step.expect[-1])
        assert feedback.done, (number, feedback.message)
        assert feedback.message == step.after
    assert run.finished


@pytest.mark.parametrize("ref", LESSONS, ids=lambda r: r.key)
def test_a_wrong_move_in_the_first_step_gets_the_hint_and_changes_nothing(ref):
    run = LessonRun(ref)
    step = run.step
    assert step is not None
    expected = run.expected()
    other = next((a for a in run.game.rule_actions() if a not in expected), None)
    if other is None:
        pytest.skip("the first step's position has no other legal decision")
    before = run.game.state
    feedback = run.attempt(other)
    assert not feedback.done
    assert feedback.message == (step.hint or f"That is legal, but not this step. {step.say}")
    assert run.game.state is before and run.index == 0


def test_an_illegal_move_gets_the_engines_reason():
    run = LessonRun(find("classic", "moves"))
    feedback = run.attempt("e2e5")
    assert not feedback.done and "pawn cannot move from e2 to e5" in feedback.message
    assert feedback.message[0].isupper()


def test_restart_goes_back_to_the_first_step():
    run = LessonRun(find("classic", "moves"))
    assert run.attempt("e2e4").done
    run.restart()
    assert run.index == 0 and not run.game.plies


def test_check_lesson_refuses_an_illegal_step_with_its_number(tmp_path, capsys):
    lesson = tmp_path / "classic" / "bad.toml"
    lesson.parent.mkdir()
    lesson.write_text(
        'title = "Bad"\nrules = ["Special moves"]\n'
        '[[steps]]\nsay = "Pawn."\nexpect = ["e2e4"]\nanswers = [{ action = "e7e5" }]\n'
        '[[steps]]\nsay = "Knight."\nexpect = ["g1g3"]\n'
    )
    assert main(["check-lesson", str(lesson)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "step 2" in out and "knight cannot move" in out


def test_check_lesson_refuses_a_rule_not_on_the_rules_page(tmp_path, capsys):
    lesson = tmp_path / "classic" / "rules.toml"
    lesson.parent.mkdir()
    lesson.write_text('title = "T"\nrules = ["XX-9"]\n[[steps]]\nsay = "s"\nexpect = ["e2e4"]\n')
    assert main(["check-lesson", str(lesson)]) == 1
    assert "'XX-9' is not on classic's rules page" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text",
    ["title = 1", 'title = "T"\nrules = []\n', "= broken toml", "\x00\x01"],
)
def test_check_lesson_reports_a_bad_file_in_one_line(tmp_path, capsys, text):
    lesson = tmp_path / "classic" / "x.toml"
    lesson.parent.mkdir()
    lesson.write_text(text)
    assert main(["check-lesson", str(lesson)]) == 1
    out, err = capsys.readouterr()
    assert out.count("\n") == 1 and not err


def test_lessons_lists_game_id_title_and_rule_ids(capsys):
    assert main(["lessons"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(LESSONS)
    game, lesson_id, title, rules = lines[0].split("\t")
    ref = find(game, lesson_id)
    assert title == ref.lesson.title and rules.split(", ") == ref.lesson.rules


def test_progress_is_kept_and_a_bad_file_counts_as_none(tmp_path: Path):
    assert finished(tmp_path) == set()
    mark_finished(tmp_path, "classic/moves")
    mark_finished(tmp_path, "dnd/a-battle")
    assert finished(tmp_path) == {"classic/moves", "dnd/a-battle"}
    (tmp_path / "lessons.json").write_text("[[[[")
    assert finished(tmp_path) == set()
