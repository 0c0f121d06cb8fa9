"""A game in progress: a variant, its history of decisions, undo, resignation and draw offers.

``Game`` is the loop the UI, the computer players, replays and tests share. It keeps every
position, so undo and replay navigation are instant and never reroll: each decision's dice come
from the seed and the decision's index, and rebuilding from a save serves the recorded rolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Generic

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.dice import Dice, RecordedDice
from battlechess_tui.engine.events import Event, Note, Roll
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.loading import variant_of
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import IllegalAction, Outcome, Rules, S
from battlechess_tui.engine.variant import Variant
from battlechess_tui.engine.vocabulary import ActionKind, Ending, EventTag

RESIGN, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW = (
    ActionKind.RESIGN,
    ActionKind.OFFER_DRAW,
    ActionKind.ACCEPT_DRAW,
    ActionKind.DECLINE_DRAW,
)
META_KINDS = (RESIGN, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW)
#: The note each of the table's decisions records.
META_TAGS: dict[str, EventTag] = {
    RESIGN: EventTag.RESIGN,
    OFFER_DRAW: EventTag.OFFER,
    ACCEPT_DRAW: EventTag.DRAW,
    DECLINE_DRAW: EventTag.DECLINE,
}


@dataclass(frozen=True)
class Position(Generic[S]):
    """A variant state plus what the table agreed outside the rules (offers, resignations)."""

    state: S
    draw_offer_by: str | None = None
    agreed: Outcome | None = None


@dataclass(frozen=True)
class HintTaken:
    """A hint shown to a player: at position ``ply`` (decisions made before it), the decision
    suggested (its text) and why. Kept with the game so a save says where help was had."""

    ply: int
    action: str
    reason: str


@dataclass(frozen=True)
class Said:
    """A ply's words, written by the game's presenter from its facts when it is shown: how the
    move log writes it (``notation``) and its ``events`` with their words."""

    notation: str
    events: tuple[Event, ...] = ()

    @property
    def rolls(self) -> list[Roll]:
        """The rolls among the events, in order."""
        return [e for e in self.events if isinstance(e, Roll)]


@dataclass(frozen=True)
class Ply:
    """One decision made: by whom, what, and what happened, in facts. Its words (``said``:
    the move log's notation, the events' sentences) are written by the game's ``presenter``
    from those facts and the state ``before`` the decision the first time they are shown,
    and kept with the ply; a save records the facts alone."""

    seat: str
    action: Action
    events: tuple[Event, ...] = field(default=())
    presenter: Presenter[Any] | None = field(default=None, compare=False, repr=False)
    before: Any = field(default=None, compare=False, repr=False)

    @property
    def rolls(self) -> list[Roll]:
        """The rolls the decision threw, in order."""
        return [e for e in self.events if isinstance(e, Roll)]

    @cached_property
    def said(self) -> Said:
        """The ply's words (written once, when first shown)."""
        presenter = self.presenter
        if presenter is None:  # a ply made outside a game: its kind of decision alone
            return Said(self.action.kind, self.events)
        events = presenter.worded(self.events)
        if self.action.kind in META_KINDS:
            return Said(presenter.table_notation(self.action), tuple(events))
        return Said(presenter.logged(self.before, self.action, events), tuple(events))

    @property
    def notation(self) -> str:
        """How the move log writes the ply (``said``)."""
        return self.said.notation


class Game(Generic[S]):
    """A game being played or replayed: the rules and presenter of its variant, its seed (every die
    thrown comes from it), its players, and each position and decision so far. ``play`` makes a
    decision; the UI, the computer players, replays and scripts all drive a game this way."""

    def __init__(
        self,
        variant: Variant[S] | Rules[S],
        seed: int,
        players: dict[str, str] | None = None,
        setup_dice: Dice | None = None,
        start: S | None = None,
    ) -> None:
        """A new game from the variant's setup, or from the state ``start`` (a lesson's
        position; nothing is thrown for setup then)."""
        if isinstance(variant, Rules):
            variant = variant_of(variant)
        self.variant = variant
        self.rules: Rules[S] = variant.rules
        self.presenter: Presenter[S] = variant.presenter
        self.seed = seed
        self.players = players or {s.key: s.label for s in variant.rules.seats()}
        #: Seats held by a computer player and its level (``black``: ``medium``); the rest
        #: are people. The engine plays none of them: the app and ``simulate`` do.
        self.computers: dict[str, Level] = {}
        self.hints: list[HintTaken] = []
        if start is None:
            state, events = variant.rules.new_game(setup_dice or Dice.for_decision(seed, -1))
        else:
            state, events = start, []
        self.setup_events: tuple[Event, ...] = tuple(events)
        self.positions: list[Position[S]] = [Position(state)]
        self.plies: list[Ply] = []
        self.created: str | None = None  # when the game began (set by the save layer)
        #: The position the game began from in the game's notation, when it is not the
        #: setup (``play --position``); saved, so the game re-plays from it.
        self.start_position: str | None = None

    # -- reading -------------------------------------------------------------------------------

    @property
    def position(self) -> Position[S]:
        """The position now (the last one)."""
        return self.positions[-1]

    @property
    def state(self) -> S:
        """The rules' state now."""
        return self.positions[-1].state

    @property
    def to_move(self) -> str:
        """The seat to decide now (the other side's while a draw offer waits for its answer)."""
        pos = self.position
        if pos.draw_offer_by is not None:
            return self.opponent_seat(pos.draw_offer_by)
        return self.rules.to_move(pos.state)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (by the rules or by agreement), or None while it goes on."""
        pos = self.position
        return pos.agreed or self.rules.outcome(pos.state)

    @property
    def over(self) -> bool:
        """Has the game ended?"""
        return self.outcome is not None

    def player_of(self, seat: str) -> str:
        """The name of the player in ``seat`` (the seat's key when none was given)."""
        return self.players.get(seat, seat)

    def legal_actions(self) -> list[Action]:
        """The rules' choices plus resign and offer draw; only accept/decline after an offer."""
        if self.over:
            return []
        if self.position.draw_offer_by is not None:
            return [Action(ACCEPT_DRAW), Action(DECLINE_DRAW)]
        return [*self.rules.legal_actions(self.state), Action(OFFER_DRAW), Action(RESIGN)]

    def rule_actions(self) -> list[Action]:
        """The rules' choices only (what computer players and perft consider)."""
        if self.over or self.position.draw_offer_by is not None:
            return []
        return self.rules.legal_actions(self.state)

    # -- deciding ------------------------------------------------------------------------------

    def parse(self, text: str) -> Action:
        """The action a player typed, or IllegalAction with the reason (in the presenter's
        words)."""
        word = text.strip().lower()
        if word in META_KINDS:
            action = Action(word)
            refusal = self.refusal(action)
            if refusal is not None:
                raise self.refused(refusal)
            return action
        if self.over:
            raise self.refused(Refusal(SharedReason.GAME_OVER))
        if self.position.draw_offer_by is not None:
            raise self.refused(Refusal(SharedReason.ANSWER_DRAW_OFFER))
        try:
            return self.rules.parse_action(self.state, text)
        except IllegalAction as exc:
            if exc.refusal is None:
                raise
            raise self.refused(exc.refusal) from None

    def play(self, action: Action | str, dice: Dice | None = None) -> Ply:
        """Make a decision; IllegalAction (with the reason) leaves the game unchanged."""
        if isinstance(action, str):
            action = self.parse(action)
        elif action not in self.legal_actions():
            raise self.refused(self._refusal_reason(action))
        seat = self.to_move
        if action.kind not in META_KINDS:
            seat = self.rules.decider(self.state, action)
        dice = dice or Dice.for_decision(self.seed, len(self.plies))
        if action.kind in META_KINDS:
            position, events = self._meta(seat, action)
        else:
            state, events = self.rules.apply(self.state, action, dice)
            position = Position(state)
        ply = Ply(seat, action, tuple(events), self.presenter, self.state)
        self.plies.append(ply)
        self.positions.append(position)
        return ply

    def undo(self) -> Ply | None:
        """Take back the last decision (the position before it is kept, nothing is rerolled)."""
        if not self.plies:
            return None
        self.positions.pop()
        return self.plies.pop()

    def truncate(self, ply_count: int) -> None:
        """Drop every decision after the first ``ply_count`` (continue a replay from there)."""
        del self.plies[ply_count:]
        del self.positions[ply_count + 1 :]
        self.hints = [h for h in self.hints if h.ply <= ply_count]

    def take_hint(self, action: Action, reason: str) -> HintTaken:
        """Record that a hint suggested ``action`` at the current position."""
        taken = HintTaken(len(self.plies), action.text(self.rules.geo), reason)
        self.hints.append(taken)
        return taken

    # -- words -------------------------------------------------------------------------------

    def said(self, index: int) -> Said:
        """The words of ply ``index`` (0 the first): ``Ply.said``."""
        return self.plies[index].said

    def notation(self, index: int) -> str:
        """How the move log writes ply ``index`` (``Ply.notation``)."""
        return self.plies[index].notation

    def setup_said(self) -> tuple[Event, ...]:
        """The setup's events with their words."""
        return tuple(self.presenter.worded(self.setup_events))

    # -- refusals ------------------------------------------------------------------------------

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is refused now, in facts (the table's, else the rules'); None when
        it is legal."""
        if action in self.legal_actions():
            return None
        return self._refusal_reason(action)

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is refused now, in the presenter's words; "" when it is legal."""
        refusal = self.refusal(action)
        return "" if refusal is None else self.presenter.refusal_text(refusal)

    def refused(self, refusal: Refusal) -> IllegalAction:
        """The ``IllegalAction`` for ``refusal``, in the presenter's words."""
        return IllegalAction(refusal, self.presenter.refusal_text(refusal))

    def _refusal_reason(self, action: Action) -> Refusal:
        if self.over:
            return Refusal(SharedReason.GAME_OVER)
        if action.kind in (ACCEPT_DRAW, DECLINE_DRAW) and self.position.draw_offer_by is None:
            return Refusal(SharedReason.NO_DRAW_OFFERED)
        if self.position.draw_offer_by is not None:
            return Refusal(SharedReason.ANSWER_DRAW_OFFER)
        return self.rules.refusal_reason(self.state, action)

    def opponent_seat(self, seat: str) -> str:
        """The seat that answers for the other side (its first seat: the King in team games)."""
        side = self.rules.side_of(seat)
        return next(s.key for s in self.rules.seats() if s.side != side)

    def _meta(self, seat: str, action: Action) -> tuple[Position, list[Event]]:
        """The position after a decision of the table, and its note."""
        pos = self.position
        side = self.rules.side_of(seat)
        said: list[Event] = [Note(META_TAGS[action.kind], side=side)]
        if action.kind == RESIGN:
            return replace(pos, agreed=Outcome(1 - side, kind=Ending.RESIGNATION)), said
        if action.kind == OFFER_DRAW:
            return replace(pos, draw_offer_by=seat), said
        if action.kind == ACCEPT_DRAW:
            return Position(pos.state, None, Outcome(None, kind=Ending.AGREEMENT)), said
        return Position(pos.state), said

    # -- rebuilding ----------------------------------------------------------------------------

    @classmethod
    def rebuild(
        cls,
        variant: Variant[Any] | Rules[Any],
        seed: int,
        players: dict[str, str] | None,
        setup_events: Sequence[Event],
        moves: Iterable[tuple[str, Sequence[Event]]],
        start: Any = None,
    ) -> Game:
        """The game a save describes (from the state ``start`` if given), applying each action
        with its recorded rolls."""
        game = cls(variant, seed, players, RecordedDice(_rolls(setup_events)), start)
        for index, (text, events) in enumerate(moves):
            try:
                game.play(text, RecordedDice(_rolls(events)))
            except IllegalAction as exc:  # where the save goes wrong, then why
                where = game.presenter.refused_at(index + 1, text, str(exc))
                raise IllegalAction(exc.refusal or str(exc), where) from None
        return game


def _rolls(events: Iterable[Event]) -> list[Roll]:
    return [e for e in events if isinstance(e, Roll)]
