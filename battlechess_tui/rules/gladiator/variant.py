"""Gladiator Chess as a ``Variant``: decisions in, new states and events out.

Decision flow of a team turn (GC-12..GC-17): the King's move; then, before each of the Queen's,
the Black Knight's and the King's Knight's moves, the King's player answers ``override`` or
``no-override`` (asked only when an override could move a piece the commander cannot); then
the move, made by the commander or, after ``override``, by the King's player. The Queen's
player may ``heal`` hurt neighbours one at a time before her move (GC-32). Choices that follow
a move (``place``, ``return``, ``promote``) go to the seat that owns the piece.
"""

from __future__ import annotations

from typing import Any, ClassVar

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.spec import SpecError, VariantSpec
from battlechess_tui.engine.variant import (
    Combined,
    Outcome,
    PieceView,
    Seat,
    SeatTurn,
    TallySection,
)

from . import pending, queen, views
from .execute import execute
from .moves import Move
from .state import (
    DECIDE,
    EMPTY,
    QUEEN,
    SIDES,
    GladiatorState,
    Piece,
    Work,
    find,
)
from .state import (
    MOVE as MOVE_PHASE,
)
from .tables import SIDE_NAMES, GladiatorData, Tables
from .turns import START, advance, commander, seat_to_move, step_moves

OVERRIDE, NO_OVERRIDE, HEAL = "override", "no-override", "heal"


class Gladiator(Combined[GladiatorState]):
    """Gladiator Chess, the 10x12 team game (rules GC-1..GC-36)."""

    Data: ClassVar[Any] = GladiatorData
    perft_unit: ClassVar[str] = (
        "one decision: a commander's move, the King's override or no-override, one Queen's "
        "heal, or a choice after a move (place, return, promote); fights are assumed won"
    )

    def __init__(self, spec: VariantSpec, options: dict[str, Any] | None = None) -> None:
        super().__init__(spec, options)
        self.t = Tables(spec, self.data, self.options, self.geo)

    @classmethod
    def validate_data(cls, spec: VariantSpec) -> Any:
        data = super().validate_data(spec)
        problems = data.problems(spec)
        if problems:
            raise SpecError(spec.key, problems)
        return data

    # -- the decision interface ------------------------------------------------------------------

    def seats(self) -> list[Seat]:
        """One seat per commander per team (GC-2): ``white.king``, ``white.queen``..."""
        return [
            Seat(f"{SIDES[side]}.{name}", f"{SIDE_NAMES[side]} {self.t.commander_name(name)}", side)
            for side in (0, 1)
            for name in self.t.commanders
        ]

    def new_game(self, dice: Dice) -> tuple[GladiatorState, list[Event]]:
        state = self.setup_state(self.spec.setup)
        w = Work(state)
        events: list[Event] = []
        advance(self.t, w, events)
        return w.freeze(), events

    def setup_state(self, text: str, side: int = 0) -> GladiatorState:
        """A position from a FEN-like board text (rank 12 first, upper case White), with
        ``side`` to begin its turn at the King's move. Tests and house rules use it."""
        geo = self.geo
        board = [EMPTY] * geo.size
        pieces: list[Piece] = []
        rows = text.split()[0].split("/")
        if len(rows) != geo.height:
            raise SpecError(self.key, [f"setup: {len(rows)} ranks, the board has {geo.height}"])
        for r, row in enumerate(rows):
            y, x, digits = geo.height - 1 - r, 0, ""
            for ch in row + " ":
                if ch.isdigit():
                    digits += ch
                    continue
                x += int(digits or 0)
                digits = ""
                if ch == " ":
                    break
                kind = self.t.by_letter.get(ch.upper())
                if kind is None or x >= geo.width:
                    raise SpecError(self.key, [f"setup: cannot read {ch!r} on rank {y + 1}"])
                sq = geo.square(x, y)
                owner = 0 if ch.isupper() else 1
                pieces.append(Piece(len(pieces), kind, owner, self.t.kinds[kind].hp, sq))
                board[sq] = pieces[-1].id
                x += 1
        return GladiatorState(tuple(board), tuple(pieces), side=side, phase=START)

    def begin(self, state: GladiatorState) -> GladiatorState:
        """Run a hand-made position on to its first decision."""
        w = Work(state)
        advance(self.t, w, [])
        return w.freeze()

    def to_move(self, state: GladiatorState) -> str:
        return seat_to_move(self.t, state)

    def outcome(self, state: GladiatorState) -> Outcome | None:
        return state.result

    def moves(self, state: GladiatorState) -> list[Move]:
        """The moves open now: the commander's own, or every unmoved piece's when overriding."""
        key = "every" if state.overriding else "own"
        if key not in state.cache:
            state.cache[key], state.cache["check"] = step_moves(self.t, state, state.overriding)
        return state.cache[key]

    def in_check(self, state: GladiatorState) -> bool:
        self.moves(state)
        return bool(state.cache["check"])

    def legal_actions(self, state: GladiatorState) -> list[Action]:
        if state.result is not None:
            return []
        if state.pending:
            head = state.pending[0]
            if head.kind == "promote":
                return [Action("promote", (), kind) for kind in head.options]
            return [Action(head.kind, (sq,)) for sq in head.options]
        if state.phase == DECIDE:
            return [Action(NO_OVERRIDE), Action(OVERRIDE)]
        if "actions" not in state.cache:
            state.cache["actions"] = [
                *self.heal_actions(state),
                *(Action(MOVE, (m.frm, m.to)) for m in self.moves(state)),
            ]
        return list(state.cache["actions"])

    def heal_actions(self, state: GladiatorState) -> list[Action]:
        """GC-32: before her own move the Queen may heal hurt neighbours, one per decision."""
        if state.overriding or commander(self.t, state) != QUEEN:
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

    def apply(
        self, state: GladiatorState, action: Action, dice: Dice
    ) -> tuple[GladiatorState, list[Event]]:
        w = Work(state)
        events: list[Event] = []
        kind = action.kind
        if kind in (OVERRIDE, NO_OVERRIDE, HEAL):
            w.cache = {k: state.cache[k] for k in ("own", "every", "check") if k in state.cache}
            w.phase = MOVE_PHASE
        if kind == OVERRIDE:
            w.overriding = True
            name = self.t.commander_name(commander(self.t, state))
            events.append(
                Note(
                    "override",
                    f"The {SIDE_NAMES[state.side]} King overrides the {name}'s move (GC-14)",
                )
            )
        elif kind == HEAL:
            target = state.at(action.target)
            if target is None:
                raise ValueError(f"{action.text(self.geo)}: nothing to heal there")
            queen.heal(self.t, w, target, events)
        elif state.pending and kind == state.pending[0].kind:
            head = state.pending[0]
            w.pending = state.pending[1:]
            answer = action.choice if kind == "promote" else action.target
            pending.resolve(self.t, w, head, answer, events)
        elif kind == MOVE:
            move = self.find_move(state, action)
            if move is None:
                raise ValueError(f"{action.text(self.geo)} is not legal here")
            execute(self.t, w, move, dice, events)
        elif kind != NO_OVERRIDE:
            raise ValueError(f"{action.text(self.geo)} is not a Gladiator Chess action")
        advance(self.t, w, events)
        return w.freeze(), events

    # -- words and views (views.py) ------------------------------------------------------------

    def notation(self, state: GladiatorState, action: Action) -> str:
        return views.notation(self, state, action)

    def why_illegal(self, state: GladiatorState, action: Action) -> str:
        return views.why_illegal(self, state, action)

    def piece_view(self, state: GladiatorState, square: int) -> PieceView | None:
        return views.piece_view(self, state, square)

    def square_marks(self, state: GladiatorState) -> dict[int, str]:
        return views.square_marks(self, state)

    def status(self, state: GladiatorState) -> str:
        return views.status(self, state)

    def tally(self, state: GladiatorState) -> list[TallySection]:
        return views.tally(self, state)

    def turn_order(self, state: GladiatorState) -> list[SeatTurn]:
        return views.turn_order(self, state)

    def odds(self, state: GladiatorState, action: Action) -> str | None:
        return views.odds(self, state, action)

    def piece_card(self, state: GladiatorState, square: int) -> list[str]:
        return views.piece_card(self, state, square)
