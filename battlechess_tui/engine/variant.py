"""``Variant``: one game, its rules and its presenter as a typed pair.

Code reaches the halves by name: computer players ``variant.rules``, the UI
``variant.presenter``. The few methods scripts have called on a variant
(``make_variant("classic").legal_actions(state)``, ``.piece_view(state, sq)``) stay as
aliases, and the module keeps the names that used to live here.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any, Generic

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.refusal import Refusal
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
    """A game's rules and presenter: a plain typed pair. The package reaches each half by
    name (``variant.rules``, ``variant.presenter``); the methods below are the aliases scripts
    have used (README, Public API), each forwarding to one half."""

    __slots__ = ("presenter", "rules")

    def __init__(self, rules: Rules[S], presenter: Presenter[S]) -> None:
        self.rules = rules
        self.presenter = presenter

    def __repr__(self) -> str:
        return f"<Variant {self.rules.key}>"

    # -- aliases for scripts: the rules' decision interface ------------------------------------

    def new_game(self, dice: Dice) -> tuple[S, list[Event]]:
        """The rules' setup, its notes worded by the presenter (as a game shows them)."""
        state, events = self.rules.new_game(dice)
        return state, self.presenter.worded(events)

    def to_move(self, state: S) -> str:
        """The rules' ``to_move``."""
        return self.rules.to_move(state)

    def legal_actions(self, state: S) -> list[Action]:
        """The rules' ``legal_actions``."""
        return self.rules.legal_actions(state)

    def apply(self, state: S, action: Action, dice: Dice) -> tuple[S, list[Event]]:
        """The rules' ``apply``, its notes (and a refusal) worded by the presenter."""
        try:
            state, events = self.rules.apply(state, action, dice)
        except IllegalAction as exc:
            raise self._worded(exc) from None
        return state, self.presenter.worded(events)

    def outcome(self, state: S) -> Outcome | None:
        """The rules' ``outcome``."""
        return self.rules.outcome(state)

    def parse_action(self, state: S, text: str) -> Action:
        """The rules' ``parse_action``, a refusal worded by the presenter."""
        try:
            return self.rules.parse_action(state, text)
        except IllegalAction as exc:
            raise self._worded(exc) from None

    def refusal(self, state: S, action: Action) -> Refusal | None:
        """The rules' ``refusal``: why ``action`` is refused, in facts (None when legal)."""
        return self.rules.refusal(state, action)

    def why_illegal(self, state: S, action: Action) -> str:
        """Why ``action`` is refused in ``state``, in the presenter's words; "" when legal."""
        refusal = self.rules.refusal(state, action)
        return "" if refusal is None else self.presenter.refusal_text(refusal)

    def _worded(self, exc: IllegalAction) -> IllegalAction:
        if exc.refusal is None:
            return exc
        return IllegalAction(exc.refusal, self.presenter.refusal_text(exc.refusal))

    def seats(self) -> list[Seat]:
        """The rules' ``seats``."""
        return self.rules.seats()

    def side_of(self, seat: str) -> int:
        """The rules' ``side_of``."""
        return self.rules.side_of(seat)

    @property
    def key(self) -> str:
        """The game's key."""
        return self.rules.key

    @property
    def name(self) -> str:
        """The game's name."""
        return self.rules.name

    @property
    def spec(self) -> VariantSpec:
        """The game's variant file, read."""
        return self.rules.spec

    @property
    def options(self) -> dict[str, OptionValue]:
        """The game's options, resolved."""
        return self.rules.options

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides' names (``White``, ``Black``)."""
        return self.rules.side_names

    # -- aliases for scripts: the presenter's views ----------------------------------------------

    def piece_view(self, state: S, square: int) -> PieceView | None:
        """The presenter's ``piece_view``."""
        return self.presenter.piece_view(state, square)

    def odds(self, state: S, action: Action) -> str | None:
        """The presenter's ``odds``."""
        return self.presenter.odds(state, action)

    # -- every other name of either half, as round 2's README promised (deprecated) ------------

    if not TYPE_CHECKING:  # typed code names the half; only old scripts reach this

        def __getattr__(self, name: str) -> Any:
            """A name of the rules or the presenter asked of the pair (``variant.geo``,
            ``variant.from_fen``): round 2's README said every method of either is reachable
            on a variant. Forwarded, with a DeprecationWarning naming the half to ask."""
            if name.startswith("__"):
                raise AttributeError(name)
            for half in ("rules", "presenter"):
                found = getattr(object.__getattribute__(self, half), name, _MISSING)
                if found is not _MISSING:
                    warnings.warn(
                        f"Variant.{name} is deprecated: use variant.{half}.{name}",
                        DeprecationWarning,
                        stacklevel=2,
                    )
                    return found
            raise AttributeError(f"'Variant' object has no attribute {name!r}")


_MISSING = object()
