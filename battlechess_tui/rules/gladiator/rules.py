"""Gladiator Chess as ``Rules``: decisions in, new states and events out.

Decision flow of a team turn (GC-12..GC-17): the King's move; then the Queen's, the Black
Knight's and the King's Knight's moves. At each of those three the commander's player moves,
or the King's player says ``override`` first (offered only when an override could move a piece
the commander cannot; ``decider`` names the King's seat for it) and then makes the move. The
Queen's player may ``heal`` hurt neighbours one at a time at the start of her slot, also when
the King moves for her (GC-32). Choices that follow a move (``place``, ``return``,
``promote``) go to the seat that owns the piece; a choice with one answer is made at once.

``no-override``, the answer of the old explicit question, is still read where an override
could be said (an old save replays), and changes nothing; it is never offered.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.refusal import Refusal
from battlechess_tui.engine.rules import CERTAIN, Chance, Outcome, Rules, Seat
from battlechess_tui.engine.spec import OptionValue, SpecError, VariantSpec
from battlechess_tui.rules.gladiator.vocabulary import VOCABULARY, GladiatorTag

from . import combat, notation, pending, queen
from .evaluation import evaluate
from .execute import execute
from .facts import Fact
from .moves import ATTACK, STRIKE, Move
from .refusals import refusal
from .state import (
    KING,
    QUEEN,
    SIDES,
    GladiatorState,
    Piece,
    Work,
    find,
    held_by,
    seat_key,
)
from .state import (
    MOVE as MOVE_PHASE,
)
from .tables import SIDE_NAMES, GladiatorData, Tables
from .turns import (
    HEAL,
    NO_OVERRIDE,
    OVERRIDE,
    Analysis,
    advance,
    analyse,
    commander,
    seat_to_move,
)

#: How many positions' move lists the rules keep (a search revisits recent positions).
CACHE_SIZE = 2048


class GladiatorRules(Rules[GladiatorState]):
    """Gladiator Chess, the 10x12 team game (rules GC-1..GC-37)."""

    Data: ClassVar[Any] = GladiatorData
    vocabulary = VOCABULARY
    estimate_unit = ""  # ``evaluate`` counts pawns of chance, not material (evaluation.py)
    perft_unit: ClassVar[str] = (
        "one decision: a commander's move; the King's 'override' (a level of its own, then his "
        "move is the next); one Queen's heal; or a choice after a move (place, return, "
        "promote). Choices with one answer are made by the rules and are no level; fights "
        "are fought with the attacker's dice at their highest and the defender's at their lowest "
        "(a duel is won unhurt; an exchange may leave the defender standing)"
    )

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(spec, options)
        self.t = Tables(spec, self.data, self.options, self.geo)
        self._analyses: dict[GladiatorState, Analysis] = {}
        self._last: tuple[GladiatorState | None, Analysis | None] = (None, None)
        self._lock = threading.Lock()

    @classmethod
    def validate_data(cls, spec: VariantSpec) -> Any:
        data = super().validate_data(spec)
        problems = data.problems(spec)
        if problems:
            raise SpecError(spec.key, problems)
        return data

    # -- seats, positions ---------------------------------------------------------------------

    def seats(self) -> list[Seat]:
        """One seat per commander per team (GC-2): ``white.king``, ``white.queen``..."""
        return [
            Seat(seat_key(side, name), f"{SIDE_NAMES[side]} {self.t.commander_name(name)}", side)
            for side in (0, 1)
            for name in self.t.commanders
        ]

    def new_game(self, dice: Dice) -> tuple[GladiatorState, list[Event]]:
        events: list[Event] = []
        return self._run_on(self.setup_state(self.spec.setup), events), events

    def position_text(self, state: GladiatorState) -> str:
        return notation.position_text(self.t, state)

    def parse_position(self, text: str) -> GladiatorState:
        state, fresh = notation.parse_position(self.t, text)
        return self.begin(state) if fresh else state

    def setup_state(self, text: str, side: int = 0) -> GladiatorState:
        """The board of a position text (rank 12 first, upper case White) with ``side`` about
        to begin its turn, not yet run on to its first decision (``begin`` does that). The old
        name, kept for scripts and house rules."""
        try:
            state, _ = notation.parse_position(self.t, f"{text.split()[0]} {SIDES[side][0]}")
        except ValueError as exc:
            raise SpecError(self.key, [f"setup: {exc}"]) from None
        return state

    def begin(self, state: GladiatorState) -> GladiatorState:
        """Run a hand-made position on to its first decision."""
        return self._run_on(state, [])

    def _run_on(self, state: GladiatorState, events: list[Event]) -> GladiatorState:
        w = Work(state)
        advance(self.t, w, events)
        return self._frozen(w)

    def _frozen(self, w: Work) -> GladiatorState:
        state = w.freeze()
        if w.analysis is not None and state.phase == MOVE_PHASE:
            self._remember(state, w.analysis)
        return state

    # -- what the position offers -------------------------------------------------------------

    def analysis(self, state: GladiatorState) -> Analysis:
        """The moves and check of ``state`` (kept for the most recent positions; the board asks
        for the same position once a square)."""
        last, found = self._last
        if last is not state or found is None:
            found = self._analyses.get(state)
            if found is None:
                found = analyse(self.t, state)
                self._remember(state, found)
            self._last = (state, found)
        return found

    def _remember(self, state: GladiatorState, found: Analysis) -> None:
        with self._lock:
            if len(self._analyses) >= CACHE_SIZE:
                del self._analyses[next(iter(self._analyses))]
            self._analyses[state] = found

    def moves(self, state: GladiatorState) -> tuple[Move, ...]:
        """The moves open now: the commander's own, or every unmoved piece's when the King
        makes the move."""
        return self.analysis(state).moves(state.overriding)

    def in_check(self, state: GladiatorState) -> bool:
        return self.analysis(state).check

    def can_override(self, state: GladiatorState) -> bool:
        """GC-14: the King's player may say ``override`` now."""
        return (
            state.result is None
            and not state.pending
            and state.phase == MOVE_PHASE
            and not state.overriding
            and self.analysis(state).can_override
        )

    def movable(self, state: GladiatorState) -> frozenset[int]:
        """Squares of the pieces that may make the move now (GC-13, GC-14); none while a
        choice is open."""
        if state.result is not None or state.pending or state.phase != MOVE_PHASE:
            return frozenset()
        return self.analysis(state).movable(state.overriding)

    def heal_actions(self, state: GladiatorState) -> list[Action]:
        """GC-32: at the start of her slot the Queen may heal hurt neighbours, one per
        decision, also when the King moves for her (ruling, round 2)."""
        if state.phase != MOVE_PHASE or state.pending or commander(self.t, state) != QUEEN:
            return []
        own_queen = find(state, QUEEN, state.side)
        if own_queen is None:
            return []
        return [Action(HEAL, (p.sq,)) for p in queen.heal_targets(self.t, state, own_queen)]

    def find_move(self, state: GladiatorState, action: Action) -> Move | None:
        if action.kind != MOVE or len(action.squares) != 2 or action.choice:
            return None
        frm, to = action.squares
        return next((m for m in self.moves(state) if m.frm == frm and m.to == to), None)

    # -- the decision interface ----------------------------------------------------------------

    def to_move(self, state: GladiatorState) -> str:
        return seat_to_move(self.t, state)

    def decider(self, state: GladiatorState, action: Action) -> str:
        """The King's seat says ``override``; the Queen's seat heals, also while the King
        makes her move."""
        if action.kind in (OVERRIDE, NO_OVERRIDE):
            return seat_key(state.side, KING)
        if action.kind == HEAL:
            return seat_key(state.side, QUEEN)
        return self.to_move(state)

    def outcome(self, state: GladiatorState) -> Outcome | None:
        return state.result

    def legal_actions(self, state: GladiatorState) -> list[Action]:
        if state.result is not None:
            return []
        if state.pending:
            head = state.pending[0]
            if head.kind == pending.PROMOTE:
                return [Action(head.kind, (), kind) for kind in head.options]
            return [Action(head.kind, (sq,)) for sq in head.options]
        if state.phase != MOVE_PHASE:
            return []
        out = self.heal_actions(state)
        out.extend(Action(MOVE, (m.frm, m.to)) for m in self.moves(state))
        if self.can_override(state):
            out.append(Action(OVERRIDE))
        return out

    def parse_action(self, state: GladiatorState, text: str) -> Action:
        """As every game, and the old ``no-override`` where an override could be said."""
        if text.strip().lower() == NO_OVERRIDE and self.can_override(state):
            return Action(NO_OVERRIDE)
        return super().parse_action(state, text)

    def refusal_reason(self, state: GladiatorState, action: Action) -> Refusal:
        return refusal(self.t, state, action, self.analysis(state), self.legal_actions(state))

    def apply(
        self, state: GladiatorState, action: Action, dice: Dice
    ) -> tuple[GladiatorState, list[Event]]:
        kind = action.kind
        if kind == NO_OVERRIDE and self.can_override(state):
            return state, []  # the old explicit answer: the commander moves, as without it
        w = Work(state)
        events: list[Event] = []
        if kind == OVERRIDE and self.can_override(state):
            w.overriding = True
            events.append(
                Note(
                    GladiatorTag.OVERRIDE,
                    fact=Fact.KING_OVERRIDES,
                    side=state.side,
                    names=(commander(self.t, state),),
                    rule="GC-14",
                )
            )
        elif kind == HEAL and action in self.heal_actions(state):
            target = state.at(action.target)
            assert target is not None
            queen.heal(self.t, w, target, events)
            w.analysis = self.analysis(state)  # healing changes no move
        elif state.pending and action in self.legal_actions(state):
            head = state.pending[0]
            w.pending = state.pending[1:]
            answer = action.choice if kind == pending.PROMOTE else action.target
            pending.resolve(self.t, w, head, answer, events)
        elif (move := self.find_move(state, action)) is not None and not state.pending:
            execute(self.t, w, move, dice, events)
        else:
            raise self.refused(state, action)
        advance(self.t, w, events)
        return self._frozen(w), events

    # -- numbers for computer players ----------------------------------------------------------

    def chance(self, state: GladiatorState, action: Action) -> Chance:
        """The exact chance that an attack wins: in a duel that the attacker kills the
        defender (GC-19); in an exchange that it kills in the one round. Moves without a
        battle (steps, instant kills, freezes, captures of a Queen) are certain."""
        fight = self.battle(state, action)
        if fight is None:
            return CERTAIN
        attacker, defender, bonus = fight
        att = str(combat.attack_pool(self.t, attacker, bonus))
        dfn = str(combat.defence_pool(self.t, defender))
        if self.t.duel:
            return Chance(combat.duel_chance(att, dfn, attacker.hp, defender.hp))
        return Chance(combat.round_chances(att, dfn, attacker.hp, defender.hp)[0])

    def battle(self, state: GladiatorState, action: Action) -> tuple[Piece, Piece, bool] | None:
        """(attacker, defender, with the Queen's die) when ``action`` starts a battle."""
        move = self.find_move(state, action)
        if move is None or move.how not in (ATTACK, STRIKE) or state.pending:
            return None
        attacker, target = state.at(move.frm), state.at(move.to)
        if attacker is None or target is None:
            return None
        defender = held_by(state, target) if move.how == STRIKE else target
        return None if defender is None else (attacker, defender, move.how == STRIKE)

    def evaluate(self, state: GladiatorState, side: int) -> float:
        return evaluate(self.t, state, side)
