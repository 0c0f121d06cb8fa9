"""The file of a kept analysis (``GAME.analysis``), checked as a save is: a pydantic model with
``extra="forbid"`` and a literal format version; every number finite and in its range, every
chance a fraction with a positive denominator, one entry per decision, one result of each roll
that came and chances that add up to one; and a digest of its own content, so a file changed
by hand (one cost) or damaged is never read as an analysis.

What ``Analysis.to_json`` writes besides the facts (the summary, the thresholds, the chance of
each estimate) follows from them: it is read only through the digest.
"""

from __future__ import annotations

import hashlib
import json
import math
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from battlechess_tui.analysis.model import FORMAT_VERSION as FORMAT_VERSION  # the one read
from battlechess_tui.analysis.model import LEAD_CAP
from battlechess_tui.engine.spec import MAX_CONFIDENCE

#: The most sides a game has, and the longest text a kept analysis holds in one field.
MAX_SIDES = 8
MAX_TEXT = 2_000


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("not a finite number")
    return value


def _chance(text: str) -> str:
    """A chance written as an exact fraction (``"1/6"``): a positive denominator, 0 to 1."""
    numerator, _, denominator = text.partition("/")
    try:
        value = Fraction(int(numerator), int(denominator or "1"))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{text[:40]!r} is not a fraction with a positive denominator") from None
    if (denominator and int(denominator) <= 0) or not 0 <= value <= 1:
        raise ValueError(f"{text[:40]!r} is not a chance from 0 to 1")
    return text


def _fraction(text: str) -> str:
    try:
        Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{text[:40]!r} is not a fraction") from None
    return text


Finite = Annotated[float, AfterValidator(_finite)]
Worth = Annotated[float, Field(ge=-1, le=1), AfterValidator(_finite)]
Chance = Annotated[str, Field(max_length=MAX_TEXT), AfterValidator(_chance)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class ResultRecord(_Strict):
    chance: Chance
    chance_float: Finite
    worth: Worth
    came: bool


class RollRecord(_Strict):
    outcomes: list[ResultRecord] = Field(min_length=1, max_length=10_000)
    exact: bool
    fight: Chance | None
    won: bool | None
    expected: Finite
    actual: Finite
    luck: Finite
    luck_exact: Annotated[str, Field(max_length=2 * MAX_TEXT), AfterValidator(_fraction)]

    @model_validator(mode="after")
    def _one_came(self) -> RollRecord:
        if sum(o.came for o in self.outcomes) != 1:
            raise ValueError("exactly one result of a roll came")
        if sum((Fraction(o.chance) for o in self.outcomes), Fraction(0)) != 1:
            raise ValueError("the chances of a roll's results do not add up to 1")
        return self


class DecisionRecord(_Strict):
    ply: int = Field(ge=0)
    seat: Text
    side: int = Field(ge=0, lt=MAX_SIDES)
    notation: Text
    before: Worth
    after: Worth
    pawns: Finite | None
    chance_before: Finite
    preferred: Text | None
    preferred_notation: Text
    preferred_reason: Text
    played_reason: Text
    cost: float = Field(ge=0, le=2)
    pawns_lost: float | None = Field(default=None, ge=0, le=2 * LEAD_CAP)  # not in older files
    mark: Text
    roll: RollRecord | None


class AnalysisFile(_Strict):
    format: Literal["battlechess-analysis"]
    format_version: Literal[3]
    content_digest: str = Field(pattern=r"^[0-9a-f]{64}$")
    app_version: Text
    variant: Text
    level: Literal["quick", "medium", "hard"]
    save_digest: str = Field(pattern=r"^([0-9a-f]{64})?$")
    side_names: list[Text] = Field(min_length=1, max_length=MAX_SIDES)
    total: int = Field(ge=0, le=1_000_000)
    pawns_unit: bool
    confidence: float = Field(gt=0, le=MAX_CONFIDENCE)
    thresholds: dict[str, Finite]
    pawn_thresholds: dict[str, Finite] | None = None  # not in older files
    big_roll: Finite
    worths: list[Worth | None]
    decisions: list[DecisionRecord]
    summary: list[dict[str, Any]]

    @model_validator(mode="after")
    def _one_entry_per_decision(self) -> AnalysisFile:
        if len(self.worths) != self.total + 1:
            raise ValueError(f"{len(self.worths)} worths for {self.total} decisions")
        plies = [d.ply for d in self.decisions]
        if plies != sorted(set(plies)):
            raise ValueError("decisions: one entry per decision, in order")
        if plies and plies[-1] >= self.total:
            raise ValueError(f"a decision at {plies[-1]}, but the game has {self.total}")
        if any(d.side >= len(self.side_names) for d in self.decisions):
            raise ValueError("a decision by a side the game does not have")
        return self


def content_digest(doc: dict[str, Any]) -> str:
    """The SHA-256 of a kept analysis's content: every field but the digest itself."""
    rest = {k: v for k, v in doc.items() if k != "content_digest"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode()).hexdigest()


def sealed(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (``Analysis.to_json``) with its content digest, as it is written."""
    return {**doc, "content_digest": content_digest(doc)}


def check(doc: Any) -> str | None:
    """Why ``doc`` is not a kept analysis this version reads whole, or None. Raises
    ValidationError for a field out of bounds (the caller words it)."""
    AnalysisFile.model_validate(doc)
    if content_digest(doc) != doc["content_digest"]:
        return "its content does not match its digest (changed since it was made)"
    return None
