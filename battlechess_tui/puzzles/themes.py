"""A puzzle's theme, found from what its answer and winning line do (never written by hand).

In order: a fight's choice (the answer takes the best fight); the game's own decisions (an
override, a spell, waiting); a forced win (mate in 1 or 2); then what the line does to
material (the game's ``material_lead``, not its estimate, which may weigh threats): a piece
taken that is not taken back (hanging), a quiet move after which the same piece takes (a
fork), material won; else declining every fight on offer (when to wait), or
the only good move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.vocabulary import ActionKind

#: Gaining this much material (pawns) counts as winning it.
GAIN = 0.8
#: The theme of a puzzle whose answer is a decision of a kind (beside a game's own:
#: ``Vocabulary.themes``).
OWN_THEMES: dict[str, str] = {ActionKind.PASS: "when to wait"}


@dataclass(frozen=True)
class Line:
    """The winning line: each decision with the state before it, and the state at its end."""

    actions: tuple[Action, ...]
    states: tuple[Any, ...]  # one more than actions: the last is where the line ends

    @property
    def end(self) -> Any:
        return self.states[-1]


def has_fight(rules: Rules[Any], state: Any, action: Action) -> bool:
    return not rules.chance(state, action).certain


def theme_of(rules: Rules[Any], state: Any, line: Line, side: int) -> str:
    """The theme of the puzzle at ``state`` whose answer starts ``line`` (``side`` solves)."""
    answer = line.actions[0]
    offered = rules.legal_actions(state)
    if has_fight(rules, state, answer):
        return "best fight"
    own = rules.vocabulary.themes.get(answer.kind, OWN_THEMES.get(answer.kind))
    if own is not None:
        return own
    mate = _mate(rules, line, side)
    if mate:
        return mate
    material = _material(rules, line, side)
    if material == "only move" and any(has_fight(rules, state, a) for a in offered):
        return "when to wait"
    return material


def _mate(rules: Rules[Any], line: Line, side: int) -> str:
    outcome = rules.outcome(line.end)
    if outcome is None or outcome.winner != side:
        return ""
    moves = sum(1 for s in line.states[:-1] if rules.side_to_move(s) == side)
    return {1: "mate in 1", 2: "mate in 2"}.get(moves, "")


def _material(rules: Rules[Any], line: Line, side: int) -> str:
    start = rules.material_lead(line.states[0], side)
    after = rules.material_lead(line.states[1], side)
    end = rules.material_lead(line.end, side)
    answer = line.actions[0]
    if after - start >= GAIN:
        if not answer.squares:  # a decision of no square (a set-up's end): no piece hung
            return "wins material"
        reply = line.actions[1] if len(line.actions) > 1 else None
        taken_back = reply is not None and reply.squares and reply.target == answer.target
        return "wins material" if taken_back else "hanging piece"
    if len(line.actions) > 2 and end - start >= GAIN:
        again = line.actions[2]
        if again.squares and answer.squares and again.origin == answer.target:
            return "fork"
        return "wins material"
    return "only move"
