"""``Rules[S]``: the one interface every game implements, and the only one computer players
need: who decides, what they may choose, what happens, how it ends, and two numbers (the
chance an action succeeds, a static estimate of a position).

A ``Rules`` object is built from its spec (the variant file) and the chosen options. States
are the game's own frozen, hashable objects: ``apply`` returns a new state and never changes
the old one, so states can be shared between threads and used as dictionary keys. What people
see of a game (words, marks, cards) is the presenter's (``engine/present.py``).
"""

from __future__ import annotations

import warnings
from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any, ClassVar, Generic, Protocol

from pydantic import BaseModel, ValidationError
from typing_extensions import TypeVar

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.campaign import CampaignSupport
from battlechess_tui.engine.classes import class_names, load_class
from battlechess_tui.engine.dice import AssumeWon, Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.geometry import Geometry, geometry
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.spec import OptionValue, SpecError, VariantSpec
from battlechess_tui.engine.vocabulary import GENERIC, Ending, EventTag, Vocabulary

#: A game's state type; a bare ``Game`` (or ``Rules``) is one of any state.
S = TypeVar("S", default=Any)
S_contra = TypeVar("S_contra", contravariant=True)
SIDE_NAMES = ("White", "Black")


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as python-chess's ``Outcome`` says it with a ``Termination``:
    ``winner`` is a side index (0 White, 1 Black) or None for a draw, ``kind`` (also read as
    ``ending``) the ``Ending``, ``numbers`` its particulars (the two dice totals of a Dice
    Chess score, the quiet turns counted...) and ``rule`` the rule id that ended it.

    ``reason`` and ``detail`` are the words rules used to write; a presenter words an outcome
    without them (``Presenter.outcome_reason``), and rules are moving to leave them empty
    (issue #26, item 3). ``describe`` reads them, for the callers that still do."""

    winner: int | None
    reason: str = ""  # "checkmate", "White's king was killed"
    rule: str = ""
    detail: str = ""  # the particulars, e.g. "dice on the board total 54 to 57"
    kind: Ending = Ending.OTHER
    numbers: tuple[int, ...] = ()

    @property
    def ending(self) -> Ending:
        """How the game ended (``kind``, by its other name)."""
        return self.kind

    def describe(self, side_names: tuple[str, ...] = SIDE_NAMES) -> str:
        """The result line from the words given (an outcome without words names its ending:
        its presenter's ``describe_outcome`` words it properly)."""
        head = "Draw" if self.winner is None else f"{side_names[self.winner]} wins"
        reason = self.reason or self.kind.value.replace("-", " ")
        text = f"{head}: {reason}" + (f": {self.detail}" if self.detail else "")
        return text + (f" ({self.rule})" if self.rule else "")


#: The fact of a note that narrates a game's ending (``ending_note``).
ENDED = "ended"


def ending_note(outcome: Outcome, squares: tuple[int, ...] = ()) -> Note:
    """The note that narrates ``outcome`` as it happens (the presenter words it as the result
    line): its winner, ending, numbers and rule, as facts."""
    tag = EventTag.DRAW if outcome.winner is None else EventTag.WIN
    return Note(
        tag,
        squares=squares,
        fact=ENDED,
        side=outcome.winner,
        numbers=outcome.numbers,
        names=(outcome.kind.value,),
        rule=outcome.rule,
    )


def ending_of(note: Note) -> Outcome:
    """The outcome an ``ending_note`` narrates."""
    kind = Ending(note.names[0]) if note.names else Ending.OTHER
    return Outcome(note.side, rule=note.rule, kind=kind, numbers=note.numbers)


@dataclass(frozen=True)
class Seat:
    """A chair at the table: a side, or a commander of a team."""

    key: str
    label: str
    side: int


@dataclass(frozen=True)
class Chance:
    """The probability that an action succeeds (wins its fight or battle), and whether it is
    exact or an estimate. Actions without a fight succeed with certainty."""

    p: Fraction
    exact: bool = True

    @property
    def certain(self) -> bool:
        """Is it sure to succeed (no dice decide)?"""
        return self.p == 1


CERTAIN = Chance(Fraction(1))


class Limits(Protocol):
    """How much a searcher may do (``ai.budget.Budget`` is one): ``spent(nodes)`` is True
    once the work is used up or the time is over, and raises to abandon the search."""

    @property
    def nodes(self) -> int:
        """The work done so far, in nodes."""
        ...

    def spent(self, nodes: int) -> bool:
        """Is the budget used up after ``nodes`` of work (raising to abandon the search)?"""
        ...


@dataclass(frozen=True)
class Found:
    """A searcher's answer: the preferred ``action``, its ``value`` for the side to move (in
    the game's ``estimate_unit``), ``mate`` (plies to a forced end of the game: positive when
    the side to move wins it, negative when it loses it; 0 when none was found), the depth of
    the last full search, the nodes spent, and the expected change of material after the
    exchanges that the action starts (``gain``)."""

    action: Action
    value: float
    mate: int = 0
    depth: int = 0
    nodes: int = 0
    gain: float = 0.0


class Searcher(Protocol[S_contra]):
    """A game's own fast search (optional: ``Rules.searcher``)."""

    def search(self, state: S_contra, limits: Limits, rng: Random) -> Found:
        """The best decision for the side to move in ``state`` (which has one to make)."""
        ...


class IllegalAction(ValueError):
    """An action refused: ``refusal`` says why in facts (None for words alone, as a script or
    the app may raise it), and ``str()`` gives the words, citing the rule id where one applies.

    ``Game`` and ``Variant`` raise it with their presenter's words; rules raise it with the
    facts and themselves (``rules``), and its words are then written, when first read, by the
    game's own presenter (``refusal_words``)."""

    def __init__(
        self, refusal: Refusal | str, words: str = "", rules: Rules[Any] | None = None
    ) -> None:
        if isinstance(refusal, str):  # words alone (the old form)
            self.refusal: Refusal | None = None
            words = words or refusal
        else:
            self.refusal = refusal
        super().__init__(words)
        self.words = words
        self.rules = rules

    def __str__(self) -> str:
        if not self.words and self.refusal is not None:
            self.words = refusal_words(self.refusal, self.rules)
        return self.words


def refusal_words(refusal: Refusal, rules: Rules[Any] | None) -> str:
    """``refusal`` in the words of ``rules``' own presenter (its facts in one line without
    rules to ask, or when the game names no presenter)."""
    if rules is None:
        return refusal.plain()
    present = class_names(rules.spec)[1]
    if not present:
        return refusal.plain()
    presenter = load_class(rules.spec.key, "present", present, object)(rules)
    return str(presenter.refusal_text(refusal))


class Rules(ABC, Generic[S]):
    """A game's rules over its own state type ``S``."""

    #: The pydantic model of the spec's ``[data]`` table, if the game has one.
    Data: ClassVar[type[BaseModel] | None] = None
    side_names: tuple[str, ...] = SIDE_NAMES
    #: What one level of ``perft`` counts, for ``battlechess perft --help``.
    perft_unit: ClassVar[str] = "one decision (a move); fights are assumed won"
    #: Kinds of two-square actions that mean the same whichever square is named first (Dice
    #: Chess's ``swap``): the app lets a player pick their squares in either order.
    unordered: ClassVar[frozenset[str]] = frozenset()
    #: The game's own words (kinds of decision, of note and of roll) beside the engine's.
    vocabulary: ClassVar[Vocabulary] = GENERIC
    #: What ``evaluate`` counts, for words such as "+2.0" (pawns); empty where the estimate
    #: measures winning chances rather than material (a hint then speaks of chances only).
    estimate_unit: ClassVar[str] = "pawns"
    #: How far a computer player doubts that the other side finds its best reply: the share
    #: of the average reply in the worth it gives the other side's decisions (the rest is the
    #: best reply's). 0 (the default) trusts the best reply; a game where the best reply is
    #: nearly always an easy escape, so that every plan looks futile, sets a share.
    reply_doubt: ClassVar[float] = 0.0

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        self.spec = spec
        self.options = spec.resolve_options(options)
        self.geo: Geometry = geometry(spec.board.width, spec.board.height)
        self.data: Any = self.validate_data(spec)

    @classmethod
    def validate_data(cls, spec: VariantSpec) -> Any:
        """The spec's ``[data]`` table, checked by the game's ``Data`` model where it has
        one; SpecError naming each problem."""
        if cls.Data is None:
            return spec.data
        try:
            return cls.Data.model_validate(spec.data)
        except ValidationError as exc:
            problems = [f"data.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
            raise SpecError(spec.key, problems) from None

    @property
    def key(self) -> str:
        """The game's key (``classic``)."""
        return self.spec.key

    @property
    def name(self) -> str:
        """The game's name (``Classic Chess``)."""
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
        """Every choice open to that seat (empty once the game is over). A new list each
        call: callers may keep or change it."""

    @abstractmethod
    def apply(self, state: S, action: Action, dice: Dice) -> tuple[S, list[Event]]:
        """The state after ``action`` (assumed legal) and what happened, rolls included."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game has ended by its rules, else None."""

    def decider(self, state: S, action: Action) -> str:
        """The seat that makes ``action`` now: the seat to move, except where a game lets
        another seat act out of turn (Gladiator's King overriding a commander's move)."""
        return self.to_move(state)

    def side_of(self, seat: str) -> int:
        """The side (0 White, 1 Black) a seat plays for."""
        return next(s.side for s in self.seats() if s.key == seat)

    def side_to_move(self, state: S) -> int:
        """The side (0 White, 1 Black) of the seat to decide in ``state``."""
        return self.side_of(self.to_move(state))

    # -- numbers for computer players ----------------------------------------------------------

    def chance(self, state: S, action: Action) -> Chance:
        """The probability that ``action`` succeeds (games with fights say more)."""
        return CERTAIN

    def evaluate(self, state: S, side: int) -> float:
        """A static estimate of ``state`` for ``side``: positive is good, roughly in pawns
        (``estimate_unit``).
        The default counts nothing; games weigh material and what else matters to them."""
        return 0.0

    def material_lead(self, state: S, side: int) -> float:
        """``side``'s lead in material alone, in pawns: what a puzzle's theme counts as won
        (``puzzles/themes.py``). By default the estimate (``evaluate``); a game whose estimate
        weighs more than its pieces (a threat to kill a King) counts its pieces here."""
        return self.evaluate(state, side)

    def searcher(self) -> Searcher[S] | None:
        """The game's own fast search, if it has one (computer players then use it instead
        of the generic search); None by default."""
        return None

    def campaign_support(self) -> CampaignSupport[S] | None:
        """The game's part of campaign play (``engine/campaign.py``), if it has campaigns;
        None by default."""
        return None

    # -- positions as text ---------------------------------------------------------------------

    def position_text(self, state: S) -> str:
        """The position as one line of text (FEN for chess, extended by each game)."""
        raise NotImplementedError(f"{self.name} has no position notation")

    def parse_position(self, text: str) -> S:
        """The state ``position_text`` wrote; ValueError with the reason if it cannot be."""
        raise NotImplementedError(f"{self.name} has no position notation")

    # -- typed input and refusals ----------------------------------------------------------------

    def parse_action(self, state: S, text: str) -> Action:
        """The legal action the text names; IllegalAction with the reason otherwise."""
        action = self.read_action(text)
        legal = self.legal_actions(state)
        if action in legal:
            return action
        if action.kind == MOVE and not action.choice:
            options = [a for a in legal if a.kind == MOVE and a.squares == action.squares]
            if len(options) == 1:
                return options[0]
            if options:
                refusal = Refusal(
                    SharedReason.PROMOTION_UNSAID, action.squares, actions=tuple(options)
                )
                raise IllegalAction(refusal, rules=self)
        raise self.refused(state, action)

    def read_action(self, text: str) -> Action:
        """The action ``text`` names in canonical text, legal or not; IllegalAction (with
        the reader's reason) when it names none."""
        try:
            action = Action.parse(text, self.geo)
        except ValueError as exc:
            raise IllegalAction(
                Refusal(SharedReason.UNREADABLE, names=(str(exc),)), rules=self
            ) from None
        return action

    def refusal(self, state: S, action: Action) -> Refusal | None:
        """Why ``action`` is refused in ``state``, in facts (a presenter words them:
        ``Presenter.refusal_text``); None when it is legal."""
        if action in self.legal_actions(state):
            return None
        return self.refusal_reason(state, action)

    def refusal_reason(self, state: S, action: Action) -> Refusal:
        """Why ``action``, which is not legal in ``state``, is refused: games give their own
        rules' reasons (the game being over, then the generic: not a choice now)."""
        if self.outcome(state) is not None:
            return Refusal(SharedReason.GAME_OVER)
        return Refusal(SharedReason.NOT_LEGAL, actions=(action,))

    def refused(self, state: S, action: Action) -> IllegalAction:
        """The ``IllegalAction`` to raise for ``action`` (not legal in ``state``)."""
        return IllegalAction(self.refusal_reason(state, action), rules=self)

    def why_illegal(self, state: S, action: Action) -> str:
        """The old way to ask (scripts): the refusal in the words of the game's own presenter,
        "" when ``action`` is legal. Warns: new code asks ``refusal`` (the facts) and words
        them with ``Presenter.refusal_text``, or asks ``Game.why_illegal``."""
        warnings.warn(
            "Rules.why_illegal is the old way to ask: use Rules.refusal (facts) with "
            "Presenter.refusal_text (words), or Game.why_illegal / Variant.why_illegal",
            DeprecationWarning,
            stacklevel=2,
        )
        refusal = self.refusal(state, action)
        return "" if refusal is None else refusal_words(refusal, self)

    # -- counting ------------------------------------------------------------------------------

    def perft(self, state: S, depth: int) -> int:
        """Leaves of the decision tree ``depth`` levels deep, dice thrown with ``AssumeWon``'s
        faces (the mover's side high, the other low: its fights won)."""
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
