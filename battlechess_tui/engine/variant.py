"""``Variant``: one game as players' scripts know it, its rules and its presenter under one
name (``make_variant("classic").legal_actions(state)``, ``.piece_view(state, sq)``).

New code reaches the parts directly: computer players ``variant.rules``, the UI
``variant.presenter``. This module also keeps the names that used to live here.
"""

from __future__ import annotations

from typing import Any, Generic

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.rules import (
    SIDE_NAMES,
    Chance,
    IllegalAction,
    Outcome,
    Rules,
    S,
    Seat,
)
from battlechess_tui.engine.spec import OptionValue, VariantSpec
from battlechess_tui.engine.views import (
    BattleView,
    Combatant,
    Mark,
    PieceView,
    SeatTurn,
    TallyItem,
    TallySection,
)

__all__ = [
    "SIDE_NAMES",
    "BattleView",
    "Chance",
    "Combatant",
    "Combined",
    "IllegalAction",
    "Mark",
    "Outcome",
    "PieceView",
    "Rules",
    "Seat",
    "SeatTurn",
    "TallyItem",
    "TallySection",
    "Variant",
]


class Variant(Generic[S]):
    """A game's rules and presenter together. The decision interface is forwarded by name;
    any other attribute is looked up on the rules, then on the presenter."""

    __slots__ = ("presenter", "rules")

    def __init__(self, rules: Rules[S], presenter: Presenter[S]) -> None:
        self.rules = rules
        self.presenter = presenter

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return getattr(self.rules, name)
        except AttributeError:
            return getattr(self.presenter, name)

    def __repr__(self) -> str:
        return f"<Variant {self.rules.key}>"

    # The decision interface, forwarded explicitly (typed, and no lookup in hot loops).
    def new_game(self, dice: Dice) -> tuple[S, list[Event]]:
        return self.rules.new_game(dice)

    def to_move(self, state: S) -> str:
        return self.rules.to_move(state)

    def legal_actions(self, state: S) -> list[Action]:
        return self.rules.legal_actions(state)

    def apply(self, state: S, action: Action, dice: Dice) -> tuple[S, list[Event]]:
        return self.rules.apply(state, action, dice)

    def outcome(self, state: S) -> Outcome | None:
        return self.rules.outcome(state)

    def seats(self) -> list[Seat]:
        return self.rules.seats()

    def side_of(self, seat: str) -> int:
        return self.rules.side_of(seat)

    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def spec(self) -> VariantSpec:
        return self.rules.spec

    @property
    def options(self) -> dict[str, OptionValue]:
        return self.rules.options

    @property
    def side_names(self) -> tuple[str, ...]:
        return self.rules.side_names


class Combined(Rules[S], Presenter[S]):
    """A game whose rules and words are still one class (being moved apart, one game at a
    time): it is its own presenter."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        Rules.__init__(self, spec, options)
        self.rules = self
