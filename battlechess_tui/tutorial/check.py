"""``battlechess check-lesson``: a lesson is played through, every step checked, and every
problem reported in one line naming its step.

Every alternative of a step (``expect = ["e2e4", "d2d4"]``) is played with the step's dice
and the other side's answers, and the steps after it from where it leads: whichever the
learner chooses, no scripted answer is illegal and no scripted die is too large for its throw
when the lesson is played. The app refuses a lesson that fails (``catalogue``), so a bad step
is found when lessons are loaded, never in play.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import DiceMismatch, ScriptedDice
from battlechess_tui.engine.echo import clip
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.puzzles.model import THEMES
from battlechess_tui.tutorial.lesson_file import LessonError, LessonRef, read_lesson
from battlechess_tui.tutorial.runner import new_game

#: Moves played in all while checking one lesson's alternatives (each line replayed from the
#: start); a lesson with more lines than this is refused rather than checked for long.
MAX_PLIES_CHECKED = 5_000
#: A problem line is cut to this many characters (a TOML error or a position can quote
#: whatever the file holds).
MAX_LINE_CHARS = 300


class TooManyLines(Exception):
    """The lesson's alternatives make more lines than are checked."""


def check_file(path: Path, game: str | None = None) -> list[str]:
    """Every problem of the lesson file (one line each); empty when it is good."""
    try:
        ref = read_lesson(path, game)
        problems = check_lesson(ref)
    except LessonError as exc:
        problems = [str(exc)]
    return [clip(line, MAX_LINE_CHARS) for line in problems]


def check_lesson(ref: LessonRef) -> list[str]:
    """The lesson's problems: rule ids its game's rules page does not name, then the first
    step that cannot be played (LessonError if the lesson cannot start)."""
    game = new_game(ref)
    page = game.presenter.rules_markdown()
    problems = [
        f"{ref.path}: rules: {r!r} is not on {ref.game}'s rules page"
        for r in ref.lesson.rules
        if not names_rule(page, r)
    ]
    if ref.lesson.practice and ref.lesson.practice not in THEMES:
        themes = ", ".join(THEMES)
        problems.append(f"{ref.path}: practice: {ref.lesson.practice!r} is not a puzzle theme "
                        f"({themes})")  # fmt: skip
    try:
        step_problem = _Lines(ref).first_problem(game, 0, "")
    except TooManyLines:
        step_problem = (
            f"{ref.path}: too many alternatives to check (more than "
            f"{MAX_PLIES_CHECKED:,} moves in all); offer fewer"
        )
    return problems if step_problem is None else [*problems, step_problem]


class _Lines:
    """The lesson's lines of play: its first alternatives (the lesson's own line) and every
    other alternative from where the line before it leads."""

    def __init__(self, ref: LessonRef) -> None:
        self.ref = ref
        self.budget = MAX_PLIES_CHECKED

    def first_problem(self, game: Game, index: int, via: str) -> str | None:
        """The first problem from step ``index`` on, in ``game`` (which it plays on); ``via``
        names the first alternative the line took that is not the lesson's own ("" on the
        lesson's own line)."""
        steps = self.ref.lesson.steps
        if index == len(steps):
            return None
        where = f"{self.ref.path}: step {index + 1}{via}"
        if game.over:
            return f"{where}: the game is already over"
        step = steps[index]
        playable = 0
        for number, text in enumerate(step.expect):
            self.budget -= 1 + len(step.answers)
            if self.budget < 0:
                raise TooManyLines
            line = game if number == len(step.expect) - 1 else fork(game)
            try:
                play(line, line.parse(text), step.dice, "its decision")
            except IllegalAction as exc:
                if not via:  # on the lesson's own line, every alternative is a decision
                    return f"{where}: {exc}"
                continue  # after another alternative, this one need not apply
            except DiceMismatch as exc:
                return f"{where}: {exc}"
            playable += 1
            try:
                for answer in step.answers:
                    play(line, line.parse(answer.action), answer.dice, f"answer {answer.action!r}")
            except (IllegalAction, DiceMismatch) as exc:
                return f"{where}: {exc}"
            after = via or ("" if number == 0 else f" (after step {index + 1}'s {text!r})")
            problem = self.first_problem(line, index + 1, after)
            if problem is not None:
                return problem
        return None if playable else f"{where}: none of its decisions can be made there"


def fork(game: Game) -> Game:
    """A copy of ``game`` to play on (states are never changed in place: the lists are
    copied)."""
    line = copy.copy(game)
    line.positions, line.plies = list(game.positions), list(game.plies)
    line.hints = list(game.hints)
    return line


def play(game: Game, action: Action, faces: list[int], what: str) -> None:
    """Make ``action`` with dice showing ``faces`` (the game's own dice when none); the dice
    must be thrown exactly: DiceMismatch if a face does not fit its throw or is left over."""
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
    return any(
        line.lstrip("#").strip() == rule for line in markdown.splitlines() if line.startswith("#")
    )
