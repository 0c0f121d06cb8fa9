"""Dice Chess rules: sixteen d6 a side; the face a die shows is the piece it is.

A die moves by its face (DC-4..DC-6), captures dice showing the same or less (DC-8), keeps the
captured die in its owner's tally (DC-9) and is rerolled after capturing (DC-10). The game is
won by clearing the board (DC-11) or scored when play stalls (DC-12, DC-14). Before play, a
setup phase lets each player swap their own dice (DC-2, DC-15).
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event, Note, PieceRef
from battlechess_tui.engine.geometry import ALL_DIRECTIONS, ORTHOGONAL
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import Outcome, Rules, Searcher
from battlechess_tui.engine.spec import OptionValue, SpecError, VariantSpec
from battlechess_tui.engine.vocabulary import ActionKind, Ending, EventTag
from battlechess_tui.rules.dice_chess import position, value
from battlechess_tui.rules.dice_chess.state import FACES, SEATS, DiceChessState, Die
from battlechess_tui.rules.dice_chess.vocabulary import (
    VOCABULARY,
    DiceChessAction,
    DiceChessPurpose,
    DiceChessTag,
    DiceChessVerdict,
)

SWAP, DONE, PASS = DiceChessAction.SWAP, DiceChessAction.DONE, ActionKind.PASS


class Fact(StrEnum):
    """Which statement a Dice Chess note makes (``Note.fact``; the presenter words it)."""

    ARRANGED = "arranged"  # a side has arranged its dice (DC-2)
    BEGINS = "begins"  # the second side has arranged its dice: play begins


class Reason(StrEnum):
    """Why Dice Chess refuses a decision (``Refusal.fact``, besides ``SharedReason``; the
    presenter words it)."""

    SETUP_OVER = "setup-over"  # a swap or done after the setup phase (DC-2)
    PASS_WITH_MOVES = "pass-with-moves"  # a pass while a die can move (DC-7)
    NOT_A_MOVE = "not-a-move"  # actions[0] is no move from a square to a square
    ARRANGE_FIRST = "arrange-first"  # in the setup phase, only swaps and done (DC-2)
    NAME_TWO_DICE = "name-two-dice"  # a swap that names no two squares
    SWAP_NOT_OWN = "swap-not-own"  # squares: not both the swapper's dice (DC-2)
    SWAP_SAME_FACE = "swap-same-face"  # numbers[0]: both dice show it (DC-15)
    SWAPS_SPENT = "swaps-spent"  # numbers[0]: the swaps allowed, all made (DC-15)
    SWAP_ORDER = "swap-order"  # actions[0]: the same swap as listed (squares in board order)
    MUST_PASS = "must-pass"  # no die can move (DC-7)
    CAPTURES_ONLY = "captures-only"  # numbers: the face and the higher face on squares[0] (DC-8)
    CANNOT_JUMP = "cannot-jump"  # a 1 blocked by the die on squares[0] (DC-6)
    WRONG_STEP = "wrong-step"  # numbers[0]: the face, which moves otherwise (DC-4..DC-6)


class Data(BaseModel):
    model_config = ConfigDict(extra="forbid")
    max_swaps: int = Field(32, ge=0, description="swaps each player may make in setup (DC-15)")


class DiceChessRules(Rules[DiceChessState]):
    """DC-1..DC-15."""

    Data = Data
    vocabulary = VOCABULARY
    unordered = frozenset({SWAP})
    estimate_unit = ""  # ``evaluate`` weighs the lead by how sure it is (value.py)
    #: A die chased can nearly always step away, so a search that trusts the best reply sees
    #: every chase fail and the side behind drifts; players do not step away every time.
    reply_doubt = 0.3
    perft_unit = (
        "one decision: a move or a pass, and in the setup phase one swap or 'done'; "
        "a capturing die shows its highest face (the reroll is not branched)"
    )

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        super().__init__(spec, options)
        if self.geo.height < 4:
            raise SpecError(spec.key, ["board: Dice Chess needs at least 4 ranks (DC-1)"])

    @property
    def stall_plies(self) -> int:
        """Turns (each player's move counts one) without a capture that end the game once a
        capture has been made (DC-12)."""
        return 2 * int(self.options["stall_turns"])

    @property
    def opening_turns(self) -> int:
        """Full turns before the first capture that end the game; 0 is no limit (DC-14)."""
        return int(self.options["opening_turns"])

    @property
    def opening_plies(self) -> int:
        return 2 * self.opening_turns

    @cached_property
    def _steps(self) -> list[tuple[tuple[int, ...], ...]]:
        """Orthogonal rays per square (1s and 2-5s use the first one or two squares)."""
        return self.geo.rays(ORTHOGONAL)

    @cached_property
    def _king_steps(self) -> list[tuple[tuple[int, ...], ...]]:
        return self.geo.rays(ALL_DIRECTIONS)

    # -- setup (DC-1, DC-2) ------------------------------------------------------------------

    def start_squares(self, side: int) -> list[int]:
        """Where ``side``'s dice go, in rolled order: a1..h1, a2..h2 (Black a8..h8, a7..h7)."""
        w, h = self.geo.width, self.geo.height
        ranks = (0, 1) if side == 0 else (h - 1, h - 2)
        return [self.geo.square(x, y) for y in ranks for x in range(w)]

    def new_game(self, dice: Dice) -> tuple[DiceChessState, list[Event]]:
        board: list[Die | None] = [None] * self.geo.size
        events: list[Event] = []
        for side in (0, 1):
            squares = self.start_squares(side)
            roll = dice.roll(
                SEATS[side],
                f"{len(squares)}d{FACES}",
                use=DiceChessPurpose.SETUP,
                squares=tuple(squares),
                rule="DC-1, DC-2",
            )
            events.append(roll)
            for sq, face in zip(squares, roll.faces, strict=True):
                board[sq] = (side, face)
        arrange = bool(self.options["arrange"])
        return DiceChessState(tuple(board), setup=arrange), events

    # -- positions as text -------------------------------------------------------------------

    def position_text(self, state: DiceChessState) -> str:
        """One line: board, side, phase, swaps, captured faces, quiet turns
        (``rules/dice_chess/position.py`` spells it out)."""
        return position.write(state, self.geo)

    def parse_position(self, text: str) -> DiceChessState:
        return position.read(text, self.geo, len(self.start_squares(0)), self.data.max_swaps)

    def from_text(self, text: str, side: int = 0, **fields: Any) -> DiceChessState:
        """A position from rows, top rank first, of tokens: ``W3`` (a White die showing 3),
        ``b5`` (a Black die showing 5) or ``.`` (empty); ``fields`` set the rest of the state.
        The older builder beside ``parse_position``."""
        rows = [r.split() for r in text.strip().splitlines()]
        if len(rows) != self.geo.height or any(len(r) != self.geo.width for r in rows):
            raise ValueError(f"give {self.geo.height} rows of {self.geo.width} tokens")
        board: list[Die | None] = [None] * self.geo.size
        for i, row in enumerate(rows):
            for x, token in enumerate(row):
                if token != ".":
                    owner = 0 if token[0] == "W" else 1 if token[0] == "b" else None
                    face = int(token[1:]) if token[1:].isdigit() else 0
                    if owner is None or not 1 <= face <= FACES:
                        raise ValueError(f"cannot read {token!r}: use W1..W6, b1..b6 or .")
                    board[self.geo.square(x, self.geo.height - 1 - i)] = (owner, face)
        return replace(DiceChessState(tuple(board), side), **fields)

    # -- whose decision ----------------------------------------------------------------------

    def to_move(self, state: DiceChessState) -> str:
        return SEATS[state.side]

    def side_to_move(self, state: DiceChessState) -> int:
        return state.side

    # -- moves (DC-3..DC-8) ------------------------------------------------------------------

    def targets(self, state: DiceChessState, sq: int) -> list[int]:
        """Squares the die on ``sq`` may move to, captures included (DC-4..DC-6, DC-8)."""
        die = state.board[sq]
        if die is None:
            return []
        side, face = die
        board = state.board
        rays = self._king_steps[sq] if face == FACES else self._steps[sq]
        reach = 2 if face == 1 else 1
        out = []
        for ray in rays:
            for s in ray[:reach]:
                other = board[s]
                if other is None:
                    out.append(s)
                    continue
                if other[0] != side and other[1] <= face:
                    out.append(s)
                break  # no jumping (DC-6)
        return out

    def moves(self, state: DiceChessState, side: int | None = None) -> list[Action]:
        side = state.side if side is None else side
        return [
            Action(MOVE, (sq, to))
            for sq, _ in state.dice_of(side)
            for to in self.targets(state, sq)
        ]

    def can_move(self, state: DiceChessState, side: int) -> bool:
        return any(self.targets(state, sq) for sq, _ in state.dice_of(side))

    def swaps(self, state: DiceChessState) -> list[Action]:
        """Pairs of own dice with different faces, while swaps remain (DC-2, DC-15); each
        pair once, its squares in board order."""
        if state.swaps[state.side] >= self.data.max_swaps:
            return []
        mine = state.dice_of(state.side)
        return [
            Action(SWAP, (a, b))
            for i, (a, fa) in enumerate(mine)
            for b, fb in mine[i + 1 :]
            if fa != fb
        ]

    def legal_actions(self, state: DiceChessState) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        if state.setup:
            return [*self.swaps(state), Action(DONE)]
        return self.moves(state) or [Action(PASS)]

    # -- applying ----------------------------------------------------------------------------

    def apply(
        self, state: DiceChessState, action: Action, dice: Dice
    ) -> tuple[DiceChessState, list[Event]]:
        if action.kind == SWAP:
            first, second = action.squares
            return self._swap(state, first, second)
        if action.kind == DONE:
            return self._done(state)
        if action.kind == PASS:
            note = Note(EventTag.PASS, side=state.side, rule="DC-7")
            return self._next_turn(state, state.board), [note]
        if action.kind == MOVE:
            frm, to = action.squares
            return self._move(state, frm, to, dice)
        raise ValueError(f"{action.text(self.geo)} is not an action of {self.name}")

    def _swap(self, state: DiceChessState, a: int, b: int) -> tuple[DiceChessState, list[Event]]:
        board = list(state.board)
        board[a], board[b] = board[b], board[a]
        swaps = list(state.swaps)
        swaps[state.side] += 1
        fa, fb = face_of(board[b]), face_of(board[a])
        new = replace(state, board=tuple(board), swaps=(swaps[0], swaps[1]))
        return new, [Note(DiceChessTag.SWAP, squares=(a, b), side=state.side, numbers=(fa, fb))]

    def _done(self, state: DiceChessState) -> tuple[DiceChessState, list[Event]]:
        if state.side == 0:
            return replace(state, side=1), [Note(DiceChessTag.SETUP, fact=Fact.ARRANGED, side=0)]
        note = Note(DiceChessTag.SETUP, fact=Fact.BEGINS, side=state.side)
        return replace(state, side=0, setup=False, quiet=0), [note]

    def _move(
        self, state: DiceChessState, frm: int, to: int, dice: Dice
    ) -> tuple[DiceChessState, list[Event]]:
        board = list(state.board)
        mover = board[frm]
        assert mover is not None
        side, face = mover
        victim = board[to]
        board[frm] = None
        if victim is None:
            board[to] = mover
            return self._next_turn(state, tuple(board)), []
        capture = Note(EventTag.CAPTURE, squares=(frm, to), side=side, numbers=(face, victim[1]))
        events: list[Event] = [capture]
        roll = dice.roll(
            SEATS[side], f"1d{FACES}", use=DiceChessPurpose.REROLL, squares=(to,), rule="DC-10"
        )
        new_face = roll.faces[0]
        events.append(dice.settle(roll, verdict=DiceChessVerdict.SHOWS, numbers=(new_face,)))
        board[to] = (side, new_face)
        captured = list(state.captured)
        captured[side] = captured[side] + (victim[1],)
        after = replace(
            self._next_turn(state, tuple(board)), captured=(captured[0], captured[1]), quiet=0
        )
        return after, events

    def _next_turn(self, state: DiceChessState, board: tuple[Die | None, ...]) -> DiceChessState:
        return replace(state, board=board, side=state.side ^ 1, quiet=state.quiet + 1)

    # -- the end (DC-11..DC-14) --------------------------------------------------------------

    def outcome(self, state: DiceChessState) -> Outcome | None:
        """DC-11, DC-12 and DC-14. DC-13 (neither player can move) never arises: some die can
        always move while both sides have dice (the proof is on the rules page)."""
        if state.setup:
            return None
        for side in (0, 1):
            if not state.dice_of(side):
                return Outcome(side ^ 1, rule="DC-11", kind=Ending.NO_DICE)
        if state.any_capture and state.quiet >= self.stall_plies:
            return self.score(state, int(self.options["stall_turns"]))
        if not state.any_capture and self.opening_turns and state.quiet >= self.opening_plies:
            return self.score(state, self.opening_turns, "DC-14")
        return None

    def score(self, state: DiceChessState, turns: int, rule: str = "DC-12") -> Outcome:
        """DC-12: higher board total wins; then higher captured total; else a draw. The
        numbers: the full turns played without a capture, the board totals, the captured
        totals (White's first)."""
        board = state.board_totals()
        taken = (state.captured_total(0), state.captured_total(1))
        winner: int | None = None
        if board[0] != board[1]:
            winner = 0 if board[0] > board[1] else 1
        elif taken[0] != taken[1]:
            winner = 0 if taken[0] > taken[1] else 1
        numbers = (turns, *board, *taken)
        return Outcome(winner, rule=rule, kind=Ending.SCORE, numbers=numbers)

    # -- numbers for computer players ----------------------------------------------------------

    def evaluate(self, state: DiceChessState, side: int) -> float:
        """``side``'s lead on the board, measured against how much it may still change before
        the game is scored (``rules/dice_chess/value.py``). Captures are never in doubt
        (DC-8), so ``chance`` is the base's certainty for every action."""
        return value.evaluate(self, state, side)

    def searcher(self) -> Searcher[DiceChessState] | None:
        """Expectimax alpha-beta with the rerolls weighed exactly (``search.py``)."""
        from battlechess_tui.rules.dice_chess.search import DiceChessSearcher

        return DiceChessSearcher(self)

    # -- typed input and refusals ------------------------------------------------------------

    def parse_action(self, state: DiceChessState, text: str) -> Action:
        """As the base, but ``swap e2 b1`` means the same as ``swap b1 e2`` (DC-15)."""
        action = self.read_action(text)
        if action.kind == SWAP and len(action.squares) == 2:
            text = board_order(action).text(self.geo)
        return super().parse_action(state, text)

    def refusal_reason(self, state: DiceChessState, action: Action) -> Refusal:
        if self.outcome(state) is not None:
            return Refusal(SharedReason.GAME_OVER)
        if state.setup:
            return self._setup_refusal(state, action)
        if action.kind in (SWAP, DONE):
            return Refusal(Reason.SETUP_OVER, rule="DC-2")
        if action.kind == PASS:
            return Refusal(Reason.PASS_WITH_MOVES, rule="DC-7")
        if action.kind != MOVE or len(action.squares) != 2:
            return Refusal(Reason.NOT_A_MOVE, actions=(action,))
        return self._move_refusal(state, *action.squares)

    def _setup_refusal(self, state: DiceChessState, action: Action) -> Refusal:
        if action.kind != SWAP:
            return Refusal(Reason.ARRANGE_FIRST, rule="DC-2")
        if len(action.squares) != 2:
            return Refusal(Reason.NAME_TWO_DICE)
        a, b = (state.board[s] for s in action.squares)
        if a is None or b is None or a[0] != state.side or b[0] != state.side:
            return Refusal(Reason.SWAP_NOT_OWN, action.squares, rule="DC-2")
        if a[1] == b[1]:
            return Refusal(Reason.SWAP_SAME_FACE, action.squares, numbers=(a[1],), rule="DC-15")
        if state.swaps[state.side] >= self.data.max_swaps:
            return Refusal(Reason.SWAPS_SPENT, numbers=(self.data.max_swaps,), rule="DC-15")
        return Refusal(Reason.SWAP_ORDER, action.squares, actions=(board_order(action),))

    def _move_refusal(self, state: DiceChessState, frm: int, to: int) -> Refusal:
        die, there = state.board[frm], state.board[to]
        if die is None:
            return Refusal(SharedReason.NO_PIECE, (frm,))
        if die[0] != state.side:
            return Refusal(SharedReason.NOT_YOURS, (frm,), (die_ref(die, frm),))
        if not self.can_move(state, state.side):
            return Refusal(Reason.MUST_PASS, rule="DC-7")
        face = die[1]
        if there is not None and there[0] == die[0]:
            return Refusal(SharedReason.OWN_PIECE_THERE, (to,), (die_ref(there, to),))
        if there is not None and there[1] > face and to in self._reach(frm, face):
            return Refusal(Reason.CAPTURES_ONLY, (to,), numbers=(face, there[1]), rule="DC-8")
        if to in self._reach(frm, face):
            return Refusal(Reason.CANNOT_JUMP, ((frm + to) // 2,), rule="DC-6")
        rule = "DC-6" if face == 1 else "DC-5" if face == FACES else "DC-4"
        return Refusal(Reason.WRONG_STEP, (frm, to), numbers=(face,), rule=rule)

    def _reach(self, frm: int, face: int) -> set[int]:
        """Squares the face could reach on an empty board."""
        rays = self._king_steps[frm] if face == FACES else self._steps[frm]
        return {s for ray in rays for s in ray[: 2 if face == 1 else 1]}


def board_order(action: Action) -> Action:
    """A swap with its two squares in board order, as ``legal_actions`` lists it."""
    return replace(action, squares=tuple(sorted(action.squares)))


def die_ref(die: Die, square: int) -> PieceRef:
    """The die ``die`` on ``square``, for a refusal (its kind: the face, as digits)."""
    return PieceRef(die[0], str(die[1]), square)


def face_of(die: Die | None) -> int:
    return 0 if die is None else die[1]
