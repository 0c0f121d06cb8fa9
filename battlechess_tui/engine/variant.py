"""The one interface every game implements: who decides, what they may choose, what happens.

The UI, the computer players, replays, perft and the tests all drive a game through these
methods only, so a rule written once works everywhere. A ``Variant`` is built from its spec
(the variant file) and the chosen options; game states are variant-specific objects that the
variant alone reads and writes (``apply`` returns a new state and never changes the old one).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import AssumeWon, Dice
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.geometry import Geometry, geometry
from battlechess_tui.engine.spec import OptionValue, SpecError, VariantSpec

S = TypeVar("S")
SIDE_NAMES = ("White", "Black")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a side index (0 White, 1 Black) or None for a draw."""

    winner: int | None
    reason: str  # the kind of ending, e.g. "checkmate"; simulations count games by it
    rule: str = ""
    detail: str = ""  # the particulars, e.g. "dice on the board total 54 to 57"

    def describe(self, side_names: tuple[str, ...] = SIDE_NAMES) -> str:
        head = "Draw" if self.winner is None else f"{side_names[self.winner]} wins"
        text = f"{head}: {self.reason}" + (f": {self.detail}" if self.detail else "")
        return text + (f" ({self.rule})" if self.rule else "")


@dataclass(frozen=True)
class Seat:
    """A chair at the table: a side, or a commander of a team."""

    key: str
    label: str
    side: int


@dataclass(frozen=True, slots=True)
class PieceView:
    """What the UI shows of a piece; never used to change the game."""

    kind: str
    side: int
    letter: str  # upper case for White, lower for Black: readable without colour
    glyph: str
    name: str
    hp: int | None = None
    max_hp: int | None = None
    label: str = ""  # a short extra mark drawn with the piece, e.g. a die's face
    marks: tuple[str, ...] = ()  # "frozen", "moved", "promoted", "shaken"...


@dataclass(frozen=True)
class TallyItem:
    label: str
    hp: int | None = None
    max_hp: int | None = None
    note: str = ""


@dataclass(frozen=True)
class TallySection:
    side: int
    title: str
    items: tuple[TallyItem, ...]


@dataclass(frozen=True)
class Combatant:
    """One side of a battle as the battle panel shows it."""

    name: str  # "White Fighter"
    side: int
    square: int  # where it stands; -1 once it has fallen
    hp: int
    max_hp: int
    defence: str = ""  # the armour class an attack on it uses now: "FAC 13 (flat-footed)"
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True)
class BattleView:
    """A battle under way (or, asked for by ``key``, how its combatants stand afterwards)."""

    key: tuple[int, ...]  # the same for every position of one battle
    square: int  # where it is fought
    attacker: Combatant
    defender: Combatant
    status: str = ""  # "round 2: Black Rogue acts"


@dataclass(frozen=True)
class SeatTurn:
    """Where one seat of the side to move stands in its team's turn (the commanders strip)."""

    seat: str  # the seat's key
    progress: str  # "done", "now" or "later"
    note: str = ""  # e.g. "moved", "dead: the King moves for it", "frozen"


class IllegalAction(ValueError):
    """An action refused, with the reason in words."""


class Variant(ABC, Generic[S]):
    """A game: its rules over its own state type ``S``."""

    #: The pydantic model of the spec's ``[data]`` table, if the game has one.
    Data: ClassVar[type[BaseModel] | None] = None
    side_names: tuple[str, ...] = SIDE_NAMES
    #: What one level of ``perft`` counts, for ``battlechess perft --help``.
    perft_unit: ClassVar[str] = "one decision (a move); fights are assumed won"

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        self.spec = spec
        self.options = spec.resolve_options(options)
        self.geo: Geometry = geometry(spec.board.width, spec.board.height)
        self.data: Any = self.validate_data(spec)

    @classmethod
    def validate_data(cls, spec: VariantSpec) -> Any:
        if cls.Data is None:
            return spec.data
        try:
            return cls.Data.model_validate(spec.data)
        except ValidationError as exc:
            problems = [f"data.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
            raise SpecError(spec.key, problems) from None

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def name(self) -> str:
        return self.spec.name

    # -- the decision interface -------------------------------------------------------------

    def seats(self) -> list[Seat]:
        """Every seat that makes decisions, in turn order."""
        return [Seat(n.lower(), n, i) for i, n in enumerate(self.side_names)]

    @abstractmethod
    def new_game(self, dice: Dice) -> tuple[S, list[Event]]:
        """The starting state (setup may throw dice, e.g. Dice Chess)."""

    @abstractmethod
    def to_move(self, state: S) -> str:
        """The seat that decides now."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every choice open to that seat (empty once the game is over)."""

    @abstractmethod
    def apply(self, state: S, action: Action, dice: Dice) -> tuple[S, list[Event]]:
        """The state after ``action`` (assumed legal) and what happened, rolls included."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game has ended by its rules, else None."""

    def side_of(self, seat: str) -> int:
        """The side (0 White, 1 Black) a seat plays for."""
        return next(s.side for s in self.seats() if s.key == seat)

    def side_to_move(self, state: S) -> int:
        return self.side_of(self.to_move(state))

    # -- words: notation, parsing, refusals ---------------------------------------------------

    def notation(self, state: S, action: Action) -> str:
        """How the move log writes ``action`` (before it is applied)."""
        return action.text(self.geo)

    def annotate(self, notation: str, events: list[Event]) -> str:
        """The log text once the action's events are known (e.g. a fight's result added)."""
        return notation

    def parse_action(self, state: S, text: str) -> Action:
        """The legal action the text names; IllegalAction with the reason otherwise."""
        try:
            action = Action.parse(text, self.geo)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        legal = self.legal_actions(state)
        if action in legal:
            return action
        if action.kind == MOVE and not action.choice:
            options = [a for a in legal if a.kind == MOVE and a.squares == action.squares]
            if len(options) == 1:
                return options[0]
            if options:
                choices = "/".join(sorted(a.choice for a in options))
                raise IllegalAction(f"say which piece to promote to: add one of {choices}")
        raise IllegalAction(self.why_illegal(state, action))

    def why_illegal(self, state: S, action: Action) -> str:
        """The reason ``action`` is refused, in words; games give their own rules' reasons."""
        return f"{action.text(self.geo)} is not a legal choice now"

    # -- counting ------------------------------------------------------------------------------

    def perft(self, state: S, depth: int) -> int:
        """Leaves of the decision tree ``depth`` levels deep; fights are assumed won."""
        if depth == 0 or self.outcome(state) is not None:
            return 1 if depth == 0 else 0
        actions = self.legal_actions(state)
        if depth == 1:
            return len(actions)
        total = 0
        for action in actions:
            child, _ = self.apply(state, action, AssumeWon())
            total += self.perft(child, depth - 1)
        return total

    def divide(self, state: S, depth: int) -> list[tuple[str, int]]:
        """``perft`` below each first-level choice (``perft --divide``), summing to the total."""
        out = []
        for action in self.legal_actions(state):
            child, _ = self.apply(state, action, AssumeWon())
            out.append((action.text(self.geo), self.perft(child, depth - 1)))
        return out

    # -- what the UI shows -------------------------------------------------------------------

    @abstractmethod
    def piece_view(self, state: S, square: int) -> PieceView | None:
        """The piece on ``square`` as the board draws it."""

    def square_marks(self, state: S) -> dict[int, str]:
        """Squares with a standing meaning (arena, used promotion squares): square -> mark."""
        return {}

    def status(self, state: S) -> str:
        """One line for the turn banner: whose decision and what kind."""
        return f"{self.side_names[self.side_to_move(state)]} to move"

    def tally(self, state: S) -> list[TallySection]:
        """The tally sheet: per side, sections of pieces (hit points, killed, frozen...)."""
        return []

    def turn_order(self, state: S) -> list[SeatTurn]:
        """Team games: the side to move's seats in turn order and how far the turn has got
        (empty for games with one seat a side)."""
        return []

    def odds(self, state: S, action: Action) -> str | None:
        """The exact (or labelled estimated) chance that ``action``'s fight succeeds."""
        return None

    def battle_view(self, state: S, key: tuple[int, ...] | None = None) -> BattleView | None:
        """The battle under way (games with multi-decision battles), else None. With ``key``
        (a ``BattleView.key`` seen earlier), that battle's combatants as they stand in
        ``state``: the summary shown once it is over."""
        return None

    def piece_card(self, state: S, square: int) -> list[str]:
        """Lines describing the piece on ``square``: name, moves, dice, hit points, effects."""
        view = self.piece_view(state, square)
        if view is None:
            return []
        lines = [f"{self.side_names[view.side]} {view.name} on {self.geo.name(square)}"]
        if view.hp is not None:
            lines.append(f"Hit points {view.hp}/{view.max_hp}")
        return lines

    def rules_markdown(self) -> str:
        from battlechess_tui.engine.registry import rules_text

        return rules_text(self.spec)
