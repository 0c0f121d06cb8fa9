"""Playing a lesson: the learner's decisions are checked against the step, the step's dice are
the lesson's, and the other side answers as the lesson says."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice, DiceMismatch, ScriptedDice
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.game import Game, Ply
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.engine.spec import SpecError
from battlechess_tui.tutorial.lesson_file import LessonError, LessonRef
from battlechess_tui.tutorial.model import MAX_DECISION_CHARS, Step


@dataclass(frozen=True)
class Feedback:
    """What a learner's attempt came to: ``done`` when it completed the step."""

    done: bool
    message: str
    plies: tuple[Ply, ...] = field(default=())  # the step's decision and the answers to it

    @property
    def events(self) -> list[Event]:
        """The events of the step's plies, with their words."""
        return [e for ply in self.plies for e in ply.said.events]


def new_game(ref: LessonRef) -> Game:
    """The lesson's game at its start position; LessonError if the lesson cannot start."""
    lesson = ref.lesson
    try:
        variant = make_variant(ref.game, dict(lesson.options))
    except KeyError:
        raise LessonError(f"{ref.path}: no game called {ref.game!r}") from None
    except (SpecError, ValueError) as exc:
        raise LessonError(f"{ref.path}: options: {exc}") from None
    start: Any = None
    if lesson.position:
        try:
            start = variant.rules.parse_position(lesson.position)
        except (ValueError, NotImplementedError) as exc:
            raise LessonError(f"{ref.path}: position: {exc}") from None
    return Game(variant, lesson.seed, start=start)


def sentence(reason: str) -> str:
    """A refusal as the lesson says it: a capital first letter and a full stop."""
    reason = reason.strip()
    if not reason:
        return reason
    return reason[0].upper() + reason[1:] + ("" if reason[-1] in ".!?)" else ".")


class LessonRun:
    """One learner going through one lesson."""

    def __init__(self, ref: LessonRef) -> None:
        self.ref = ref
        self.steps = ref.lesson.steps
        self.game = new_game(ref)
        self.index = 0

    @property
    def step(self) -> Step | None:
        """The step to do now; None once the lesson is finished."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None

    @property
    def progress(self) -> str:
        if self.finished:
            return f"done ({len(self.steps)} steps)"
        return f"step {self.index + 1} of {len(self.steps)}"

    def expected(self) -> list[Action]:
        """The decisions that complete the step, as actions of this position."""
        step = self.step
        found = []
        for text in [] if step is None else step.expect:
            try:  # an alternative of an earlier step may have led past this one's
                found.append(self.game.parse(text))
            except IllegalAction:
                continue
        legal = self.game.legal_actions()
        return [action for action in found if action in legal]

    def attempt(self, typed: str | Action) -> Feedback:
        """Make the learner's decision if it completes the step (then the other side's
        answers); otherwise nothing changes and the feedback says why."""
        step = self.step
        if step is None:
            return Feedback(False, "The lesson is finished.")
        if isinstance(typed, str) and len(typed) > MAX_DECISION_CHARS:
            return Feedback(False, f"That is too long for a decision ({len(typed):,} characters).")
        try:
            action = self.game.parse(typed) if isinstance(typed, str) else typed
        except IllegalAction as exc:
            return Feedback(False, sentence(str(exc)))
        if action not in self.game.legal_actions():
            return Feedback(False, sentence(self.game.why_illegal(action)))
        if action not in self.expected():
            return Feedback(False, step.hint or f"That is legal, but not this step. {step.say}")
        plies = [self._play(action, step.dice)]
        for answer in step.answers:
            plies.append(self._play(self.game.parse(answer.action), answer.dice))
        self.index += 1
        return Feedback(True, step.after, tuple(plies))

    def hint(self) -> str:
        """The step's hint, or one decision that completes it."""
        step = self.step
        if step is None:
            return self.ref.lesson.done or "The lesson is finished."
        if step.hint:
            return step.hint
        action = self.expected()[0]
        return f"Try {self.game.presenter.notation(self.game.state, action)} ({step.expect[0]})."

    def restart(self) -> None:
        """Back to the lesson's start (the same position and dice)."""
        self.game = new_game(self.ref)
        self.index = 0

    def _play(self, action: Action, faces: list[int]) -> Ply:
        fallback = Dice.for_decision(self.game.seed, len(self.game.plies))
        dice = ScriptedDice(faces, then=fallback)
        try:
            return self.game.play(action, dice)
        except DiceMismatch as exc:
            raise LessonError(f"{self.ref.path}: step {self.index + 1}: {exc}") from None
