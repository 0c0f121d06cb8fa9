"""``battlechess check-lesson``: a lesson is played through, every step checked, and every
problem reported in one line naming its step."""

from __future__ import annotations

import re
from pathlib import Path

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import DiceMismatch, ScriptedDice
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.tutorial.catalogue import LessonError, LessonRef, read_lesson
from battlechess_tui.tutorial.runner import new_game


def check_file(path: Path, game: str | None = None) -> list[str]:
    """Every problem of the lesson file (one line each); empty when it is good."""
    try:
        ref = read_lesson(path, game)
        return check_lesson(ref)
    except LessonError as exc:
        return [str(exc)]


def check_lesson(ref: LessonRef) -> list[str]:
    game = new_game(ref)
    page = game.presenter.rules_markdown()
    problems = [
        f"{ref.path}: rules: {r!r} is not on {ref.game}'s rules page"
        for r in ref.lesson.rules
        if not names_rule(page, r)
    ]
    for number, step in enumerate(ref.lesson.steps, start=1):
        where = f"{ref.path}: step {number}"
        if game.over:
            return [*problems, f"{where}: the game is already over"]
        try:
            expected = [game.parse(text) for text in step.expect]
            _play(game, expected[0], step.dice, "its decision")
            for answer in step.answers:
                _play(game, game.parse(answer.action), answer.dice, f"answer {answer.action!r}")
        except IllegalAction as exc:
            return [*problems, f"{where}: {exc}"]
        except DiceMismatch as exc:
            return [*problems, f"{where}: {exc}"]
    return problems


def _play(game: Game, action: Action, faces: list[int], what: str) -> None:
    dice = ScriptedDice(faces)
    if not faces:
        game.play(action)
        return
    game.play(action, dice)
    if dice.queue:
        raise DiceMismatch(f"{what} throws fewer dice than the {len(faces)} faces given")


def names_rule(markdown: str, rule: str) -> bool:
    """Is ``rule`` a rule id the page names (``GC-12``, as a word) or a section heading?"""
    if re.fullmatch(r"[A-Z]{2}-\d+", rule):
        return re.search(rf"(?<![A-Za-z0-9-]){rule}(?!\d)", markdown) is not None
    return any(line.lstrip("#").strip() == rule for line in markdown.splitlines()
               if line.startswith("#"))  # fmt: skip
