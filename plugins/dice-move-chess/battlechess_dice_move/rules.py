"""Dice-move chess: FIDE chess where a six-sided die says which kind of piece must move.

Rules DM-1..DM-9 (the rules page, ``games/dice-move-chess.md``). The die for a turn is thrown
as the turn before it ends (for White's first turn, when the game is set up): a state holds the
face its mover must obey, so the roll is shown before the mover decides, and every decision
throws exactly one d6, for the next mover (none once the game is over). The FIDE-legal moves
of the rolled kind of piece are the choices (DM-2, DM-4); with none, the mover passes (DM-3).
A player left in check by a pass may lose the king to a capture (DM-5).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from battlechess_tui.plugin import (
    MOVE,
    PIECE_KEYS,
    Action,
    ActionKind,
    ChessBoard,
    ChessRules,
    ChessState,
    Dice,
    Ending,
    Event,
    EventTag,
    Note,
    Outcome,
    Purpose,
    Refusal,
    check_pawns,
    chessboard,
    count_kings,
    piece_ref,
    split_position,
)

PASS = ActionKind.PASS
SEATS = ("white", "black")
#: DM-2: the kind of piece each face of the die names.
FACE_TYPES: dict[int, int] = {
    1: chessboard.PAWN,
    2: chessboard.KNIGHT_,
    3: chessboard.BISHOP,
    4: chessboard.ROOK,
    5: chessboard.QUEEN,
    6: chessboard.KING,
}
FACES = tuple(FACE_TYPES)
#: The die thrown each turn (DM-1).
DIE = "1d6"
#: ``evaluate``: pawns a king left en prise costs, times the chance the opponent's die
#: lets a piece take it (DM-5).
KING_WEIGHT = 20.0
#: ``evaluate``: pawns per legal move more than the opponent has (any kind of piece).
MOBILITY = 0.05


class Fact(StrEnum):
    """Which statement a dice-move note makes (``Note.fact``; the presenter words it)."""

    NO_MOVE = "no-move"  # the die names a kind of piece with no legal move: a pass (DM-3)
    KING_TAKEN = "king-taken"  # a king captured (DM-5)


class Reason(StrEnum):
    """Why dice-move chess refuses a decision, besides the chess games' reasons."""

    NOT_ROLLED = "not-rolled"  # pieces[0] is not the kind the die names (numbers[0]) (DM-2)
    PASS_WITH_MOVES = "pass-with-moves"  # a pass while the rolled kind can move (DM-3)
    MUST_PASS = "must-pass"  # no piece of the rolled kind can move: pass (DM-3)


@dataclass(frozen=True, eq=False)
class DiceMoveState(ChessState):
    """A chess position with the face of its mover's die (``roll``; 0 when none was thrown:
    a position set up without one, DM-8). ``moves`` are the moves the die allows, ``legal``
    every FIDE-legal move whatever the die (they decide checkmate and stalemate, DM-5, DM-7)."""

    roll: int = 0
    legal: tuple[int, ...] = ()

    def identity(self) -> tuple[object, ...]:
        """The position and the face of the mover's die."""
        return (*super().identity(), self.roll)


def kind_of(board: ChessBoard, move: int) -> int:
    """The kind of piece a move moves (a pawn, a knight...)."""
    return board.board[chessboard.origin(move)] & 7


def obeys(board: ChessBoard, move: int, face: int) -> bool:
    """Whether ``move`` moves the kind of piece ``face`` names: castling is a king's move and
    a rook's, so a 6 or a 4 allows it (DM-4)."""
    wanted = FACE_TYPES[face]
    if chessboard.flag(move) == chessboard.CASTLE:
        return wanted in (chessboard.KING, chessboard.ROOK)
    return kind_of(board, move) == wanted


class DiceMoveRules(ChessRules):
    """DM-1..DM-9: FIDE chess, the piece to move named by a d6."""

    perft_unit = (
        "one decision: a move of the kind of piece the die names, or a pass; each decision "
        "throws the next mover's die, which perft throws as a 6 (a king's move or castling)"
    )
    #: After the FEN: ``roll=N``, the face of the mover's die (DM-1); absent: none (DM-8).
    position_fields: ClassVar[dict[str, int]] = {"roll": 0}

    # -- states ------------------------------------------------------------------------------

    def make_state(
        self,
        board: ChessBoard,
        keys: tuple[tuple[bytes, int, int, int], ...],
        lost: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
        passes: int = 0,
    ) -> DiceMoveState:
        """A state before its mover's die is thrown: every legal move allowed (``rolled``
        narrows it)."""
        legal = tuple(self.move_list(board))
        return DiceMoveState(board.freeze(), legal, keys, lost, passes, 0, legal)

    def rolled(self, state: DiceMoveState, face: int) -> DiceMoveState:
        """``state`` with its mover's die showing ``face`` (0: none thrown, every move)."""
        if not face:
            return replace(state, roll=0, moves=state.legal)
        board = state.board
        moves = tuple(m for m in state.legal if obeys(board, m, face))
        return replace(state, roll=face, moves=moves)

    def throw(self, state: DiceMoveState, dice: Dice, events: list[Event]) -> DiceMoveState:
        """Throw the mover's die (DM-1) unless the game is over; the roll names the kind of
        piece and says how many moves it has (0: the mover must pass, DM-3)."""
        if self.outcome(state) is not None:
            return state
        seat = SEATS[state.board.side]
        roll = dice.roll(seat, DIE, use=Purpose.OTHER, rule="DM-1")
        face = roll.faces[0]
        after = self.rolled(state, face)
        events.append(dice.settle(roll, numbers=(face, len(after.moves))))
        return after

    def new_game(self, dice: Dice) -> tuple[DiceMoveState, list[Event]]:
        """FIDE's setup, and White's die thrown (DM-1)."""
        events: list[Event] = []
        start = self.parse_position(self.spec.setup or chessboard.STANDARD_FEN)
        return self.throw(start, dice, events), events

    def field_values(self, state: ChessState) -> dict[str, int]:
        return {"roll": state.roll if isinstance(state, DiceMoveState) else 0}

    def parse_position(self, text: str) -> DiceMoveState:
        """A FEN, then ``roll=N`` (1-6) for the mover's die; without it, none was thrown."""
        state = super().parse_position(text)
        assert isinstance(state, DiceMoveState)
        _, words = split_position(text, self.position_fields)
        face = int(words.get("roll", "0") or 0)
        if face not in (0, *FACES):
            raise ValueError(f"roll={face}: a die shows 1 to 6")
        return self.rolled(state, face)

    def check_position(self, board: ChessBoard, fields: dict[str, int]) -> None:
        """FIDE's checks, except that the side that has just moved may be in check: it passed
        in check (DM-5); one king a side."""
        check_pawns(board)
        self.check_material(board)
        for side, n in enumerate(count_kings(board)):
            if n != 1:
                raise ValueError(f"{self.side_names[side]} has {n} kings; each side has one")
        if board.in_check(0) and board.in_check(1):
            raise ValueError("both kings are in check")

    # -- the decision interface --------------------------------------------------------------

    def no_move_actions(self, state: ChessState) -> list[Action]:
        """DM-3: a die naming a kind of piece that cannot move is a pass."""
        return [Action(PASS)]

    def apply(
        self, state: ChessState, action: Action, dice: Dice
    ) -> tuple[DiceMoveState, list[Event]]:
        assert isinstance(state, DiceMoveState)
        events: list[Event] = []
        if action.kind == PASS:
            if state.moves or self.outcome(state) is not None:
                raise self.refused(state, action)
            board = state.board.copy()
            side = board.side
            board.pass_turn()
            note = Note(EventTag.PASS, fact=Fact.NO_MOVE, side=side, numbers=(state.roll,))
            events.append(replace(note, rule="DM-3"))
            # DM-7: a position a pass brings back is not counted again for repetition.
            after = self.make_state(board, state.keys, state.lost)
        else:
            move = self.to_move_int(state, action)
            if move is None:
                raise self.refused(state, action)
            after_move = self.resolve(state, state.board.copy(), move, dice, events)
            assert isinstance(after_move, DiceMoveState)
            after = after_move
        return self.throw(after, dice, events), events

    def resolve(
        self, state: ChessState, board: ChessBoard, move: int, dice: Dice, events: list[Event]
    ) -> ChessState:
        """The move; a captured king ends the game (DM-5)."""
        side = board.side
        frm, to = chessboard.origin(move), chessboard.target(move)
        victim = board.board[to]
        captured = board.push(move)
        if victim & 7 == chessboard.KING:
            board.kings[side ^ 1] = -1
            pieces = (piece_ref(board.board[to], frm), piece_ref(victim, to))
            events.append(
                Note(
                    EventTag.CAPTURE,
                    squares=(frm, to),
                    fact=Fact.KING_TAKEN,
                    side=side,
                    pieces=pieces,
                    rule="DM-5",
                )
            )
        return self.after_move(state, board, captured, events)

    # -- the end -----------------------------------------------------------------------------

    def outcome(self, state: ChessState) -> Outcome | None:
        """DM-5 (a king captured; checkmate) and DM-7 (stalemate and FIDE's draws)."""
        board = state.board
        for side in (0, 1):
            if board.kings[side] < 0:
                return Outcome(side ^ 1, rule="DM-5", kind=Ending.KING_KILLED)
        legal = state.legal if isinstance(state, DiceMoveState) else state.moves
        if not legal:
            if board.in_check():
                return Outcome(board.side ^ 1, rule="DM-5", kind=Ending.CHECKMATE)
            return Outcome(None, rule="DM-7", kind=Ending.STALEMATE)
        return self.draw_by_rule(state)

    def draw_by_rule(self, state: ChessState) -> Outcome | None:
        """FIDE's draws as DM-7 counts them (its rule cited)."""
        found = super().draw_by_rule(state)
        return None if found is None else replace(found, rule="DM-7")

    def insufficient_material(self, board: ChessBoard) -> bool:
        """DM-7: only the bare kings. A lone minor piece can still win: a king checked by it
        must pass on every roll but a 6, and then the die may let the piece take it."""
        return all(p & 7 in (chessboard.EMPTY, chessboard.KING) for p in board.board)

    # -- odds --------------------------------------------------------------------------------

    def face_moves(self, state: DiceMoveState) -> dict[int, int]:
        """How many legal moves each face of the mover's die would allow."""
        board = state.board
        return {face: sum(1 for m in state.legal if obeys(board, m, face)) for face in FACES}

    def pass_chance(self, state: DiceMoveState) -> Fraction:
        """The chance that the mover's die names a kind of piece that cannot move (DM-3)."""
        faces = self.face_moves(state)
        return Fraction(sum(1 for n in faces.values() if not n), len(FACES))

    def king_capture_chance(self, state: DiceMoveState) -> Fraction:
        """The chance that the mover's die lets a piece capture the enemy king (DM-5)."""
        board = state.board
        king = board.kings[board.side ^ 1]
        if king < 0:
            return Fraction(0)
        takes = [m for m in state.legal if chessboard.target(m) == king]
        faces = [f for f in FACES if any(obeys(board, m, f) for m in takes)]
        return Fraction(len(faces), len(FACES))

    # -- numbers for computer players ----------------------------------------------------------

    def positional(self, state: ChessState, side: int) -> float:
        """Mobility over every legal move (the die aside), and a king left in check by a pass:
        the chance the mover's die takes it, weighed by ``KING_WEIGHT`` (DM-5)."""
        assert isinstance(state, DiceMoveState)
        board = state.board
        other = board.copy()
        other.side ^= 1
        other.ep = -1
        mine, theirs = len(state.legal), len(self.move_list(other))
        score = MOBILITY * (mine - theirs)
        score += KING_WEIGHT * float(self.king_capture_chance(state))
        if state.roll and not state.moves and board.in_check():
            # The mover must pass in check: the opponent's die may then take the king.
            passed = board.copy()
            passed.pass_turn()
            score -= KING_WEIGHT * float(self.king_capture_chance(self.make_state(passed, ())))
        return score if board.side == side else -score

    # -- refusals ----------------------------------------------------------------------------

    def refusal_reason(self, state: ChessState, action: Action) -> Refusal:
        assert isinstance(state, DiceMoveState)
        if self.outcome(state) is None:
            if action.kind == PASS and state.moves:
                return Refusal(Reason.PASS_WITH_MOVES, numbers=(state.roll,), rule="DM-3")
            if action.kind == MOVE and not state.moves:
                return Refusal(Reason.MUST_PASS, numbers=(state.roll,), rule="DM-3")
            if action.kind == MOVE and len(action.squares) == 2 and state.roll:
                frm, to = action.squares
                board = state.board
                same = [m for m in state.legal if chessboard.origin(m) == frm]
                other = [m for m in same if not obeys(board, m, state.roll)]
                if any(chessboard.target(m) == to for m in other):
                    return Refusal(
                        Reason.NOT_ROLLED,
                        (frm, to),
                        (piece_ref(board.board[frm], frm),),
                        numbers=(state.roll,),
                        names=(PIECE_KEYS[FACE_TYPES[state.roll]],),
                        rule="DM-2",
                    )
        return super().refusal_reason(state, action)
