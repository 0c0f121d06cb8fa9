"""A puzzle: a position from a computer game where one decision is clearly best.

A puzzle keeps its position as the game's position text (what ``battlechess show
--position`` reads), the accepted decisions as a player types them (``e2e4``), the winning
line that follows (each decision with the chance of the result the line follows), its theme
(found from what the line does, ``puzzles/themes.py``) and its rating. ``check`` reads one
back and says in one line what is wrong with a damaged one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.rules import IllegalAction, Rules
from battlechess_tui.engine.variant import Variant

#: The file format of a game's puzzles (``variants/puzzles/GAME.json``).
FORMAT = "battlechess-puzzles"
FORMAT_VERSION = 1
#: The themes a puzzle may have (``puzzles/themes.py`` says which applies).
THEMES = (
    "mate in 1",
    "mate in 2",
    "override",
    "spell choice",
    "best fight",
    "when to wait",
    "fork",
    "hanging piece",
    "wins material",
    "only move",
)


@cache
def variant_of(game: str) -> Variant[Any]:
    """The variant of ``game``, made once: every puzzle checked and played shares its rules,
    and the tables they build as they find moves."""
    return make_variant(game)


def rules_of(game: str) -> Rules[Any]:
    return variant_of(game).rules


class PuzzleError(ValueError):
    """A puzzle (or a puzzle file) that cannot be used, with the reason in one line."""


@dataclass(frozen=True)
class Step:
    """One decision of a puzzle's line: its text, who made it (``side``), the chance of the
    result the line goes on from (1 without dice) and the game's notation of it."""

    action: str
    side: int
    chance: str = "1"
    notation: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "side": self.side, "chance": self.chance,
                "notation": self.notation}  # fmt: skip


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of ``game``: the side to move finds ``answers`` (the first is the best),
    worth ``best`` (its winning chance, 0 to 1) against ``second`` for the next decision."""

    id: str
    game: str
    position: str
    answers: tuple[str, ...]
    theme: str
    rating: int
    line: tuple[Step, ...]
    best: float
    second: float
    odds: str = ""  # the exact odds of the answer's fight ("5/12"), or ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "position": self.position,
            "answers": list(self.answers), "theme": self.theme, "rating": self.rating,
            "line": [s.to_json() for s in self.line], "best": self.best,
            "second": self.second, "odds": self.odds,
        }  # fmt: skip

    def listed(self) -> dict[str, Any]:
        """What ``puzzles GAME --list --json`` prints of it."""
        return {"id": self.id, "position": self.position, "answers": list(self.answers),
                "theme": self.theme, "rating": self.rating}  # fmt: skip

    def rules(self) -> Rules[Any]:
        return rules_of(self.game)

    def state(self) -> Any:
        return self.rules().parse_position(self.position)

    def answer_actions(self) -> list[Action]:
        rules = self.rules()
        state = rules.parse_position(self.position)
        return [rules.parse_action(state, text) for text in self.answers]


def from_json(d: Any, game: str) -> Puzzle:
    """A puzzle read from its JSON, its fields and theme checked (``check`` plays its position
    and answers); PuzzleError says what is wrong with it."""
    if not isinstance(d, dict):
        raise PuzzleError("not an object")
    try:
        line = tuple(
            Step(str(s["action"]), int(s["side"]), str(s["chance"]), str(s.get("notation", "")))
            for s in d["line"]
        )
        puzzle = Puzzle(
            str(d["id"]), game, str(d["position"]), tuple(str(a) for a in d["answers"]),
            str(d["theme"]), int(d["rating"]), line, float(d["best"]), float(d["second"]),
            str(d.get("odds", "")),
        )  # fmt: skip
    except KeyError as exc:
        raise PuzzleError(f"no {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise PuzzleError(f"a field of the wrong kind ({exc})") from None
    if not puzzle.answers:
        raise PuzzleError("no answers")
    if puzzle.theme not in THEMES:
        raise PuzzleError(f"unknown theme {puzzle.theme!r}")
    return puzzle


def check(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` (read by ``from_json``) if its position reads and its answers are decisions
    there; else PuzzleError with the reason."""
    rules = rules_of(puzzle.game)
    try:
        state = rules.parse_position(puzzle.position)
    except (ValueError, IndexError, KeyError, NotImplementedError) as exc:
        raise PuzzleError(f"bad position: {exc}") from None
    legal = rules.legal_actions(state)
    for text in puzzle.answers:
        try:
            action = rules.parse_action(state, text)
        except IllegalAction as exc:
            raise PuzzleError(f"answer {text!r} is not a decision there: {exc}") from None
        if action not in legal:
            raise PuzzleError(f"answer {text!r} is not a decision there")
    return puzzle
