"""The lesson file format (``variants/lessons/<game>/<id>.toml``), as pydantic models."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from battlechess_tui.engine.spec import OptionValue

#: Longer than this, a decision is not one (its text is never echoed back whole).
MAX_DECISION_CHARS = 100
#: Bounds that keep checking a lesson (every alternative of every step) quick; a step's faces
#: allow a Gladiator fight to the end against a King of 30 hit points (90 faces in the lesson).
MAX_STEPS, MAX_ALTERNATIVES, MAX_FACES = 100, 8, 128

Decision = Annotated[str, Field(max_length=MAX_DECISION_CHARS)]
Faces = Annotated[list[int], Field(max_length=MAX_FACES)]


class Answer(BaseModel):
    """A decision the lesson makes for the other side, with the faces its dice show."""

    model_config = ConfigDict(extra="forbid")
    action: Decision = Field(description="the decision as typed, e.g. e7e5")
    dice: Faces = Field([], description="faces its dice show, in order")


class Step(BaseModel):
    """One thing for the learner to do."""

    model_config = ConfigDict(extra="forbid")
    say: str = Field(description="what to do, in one or two sentences")
    expect: list[Decision] = Field(
        min_length=1,
        max_length=MAX_ALTERNATIVES,
        description="the decisions that complete the step (any one of them)",
    )
    dice: Faces = Field([], description="faces the step's dice show, in order")
    hint: str = Field("", description="said after a legal decision that is not expected")
    after: str = Field("", description="said once the step is done")
    answers: list[Answer] = Field(
        [], max_length=MAX_STEPS, description="what the other side does next"
    )


class Lesson(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    rules: list[str] = Field(
        min_length=1, description="rule ids (GC-12) or sections of the rules page it teaches"
    )
    intro: str = ""
    position: str = Field("", description="the start, in the game's position notation")
    options: dict[str, OptionValue] = {}
    seed: int = 1
    order: int = 100
    steps: list[Step] = Field(min_length=1, max_length=MAX_STEPS)
    done: str = Field("", description="said when the lesson is finished")
    practice: str = Field("", description="a puzzle theme offered as practice at the end")
