"""FIDE chess as ``Rules``, and the base of the games played with FIDE's moves.

``ChessRules`` turns the fast ``ChessBoard`` into the decision interface: actions, the end of
the game, positions as FEN, refusals with reasons, a static estimate. Games built on it
override a few hooks (``move_list``, ``resolve``, ``outcome``), the way python-chess's variants
do. What people see (notation, marks, the tally) is ``present.ChessPresenter``'s.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import Outcome, Rules, Searcher
from battlechess_tui.engine.spec import OptionValue, VariantSpec
from battlechess_tui.engine.vocabulary import ActionKind, Ending, EventTag
from battlechess_tui.rules.chess_family.pieces import (
    LETTER_TO_TYPE,
    PROMO_LETTERS,
    ChessPieces,
    piece_ref,
    piece_values,
)
from battlechess_tui.rules.chess_family.position import (
    check_material,
    check_pawns,
    count_kings,
    join_position,
    read_board,
    split_position,
)
from battlechess_tui.rules.chess_family.state import ChessState, RepetitionKey

PASS = ActionKind.PASS
SEATS = ("white", "black")
#: ``evaluate`` of a game won (or lost): more than any material.
WON = 1000.0
#: ``evaluate``: pawns per move more than the opponent has (classic's mobility term).
MOBILITY = 0.05


class Reason(StrEnum):
    """Why the chess games refuse a decision (``Refusal.fact``, besides ``SharedReason``; the
    presenter words it)."""

    NOT_A_MOVE = "not-a-move"  # actions[0] is no move from a square to a square
    BAD_PROMOTION = "bad-promotion"  # names[0] is no piece to promote to
    NO_PROMOTION = "no-promotion"  # names[0] added to a move that promotes nothing
    CASTLE_OUT_OF_CHECK = "castle-out-of-check"
    CASTLE_THROUGH_ATTACK = "castle-through-attack"
    CHECK_UNANSWERED = "check-unanswered"  # in check, and the move does not end it
    SELF_CHECK = "self-check"  # the move leaves the mover's king attacked


class ChessRules(ChessPieces, Rules[ChessState]):
    """FIDE chess; games built on it override the hooks below."""

    #: The game's own fields after the FEN in its position text, with their defaults.
    position_fields: ClassVar[dict[str, int]] = {}

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        Rules.__init__(self, spec, options)  # by name: ``Classic`` is also its own presenter
        self.values = piece_values(spec)

    # -- hooks ---------------------------------------------------------------------------------

    def move_list(self, board: ChessBoard) -> list[int]:
        """The moves the rules allow (FIDE: legal moves). Must only read ``board``."""
        return board.legal_moves()

    def resolve(
        self, state: ChessState, board: ChessBoard, move: int, dice: Dice, events: list[Event]
    ) -> ChessState:
        """Carry out ``move`` on ``board`` (a private copy) and return the new state."""
        captured = board.push(move)
        return self.after_move(state, board, captured, events)

    def no_move_actions(self, state: ChessState) -> list[Action]:
        """What a player with no move may do (FIDE: nothing, the game is over)."""
        return []

    def check_position(self, board: ChessBoard, fields: dict[str, int]) -> None:
        """ValueError if the position cannot arise in this game (FIDE: one king a side, the
        side that has just moved not in check, no pawn on the first or last rank, no more
        pieces than the setup and its pawns' promotions give)."""
        check_pawns(board)
        self.check_material(board)
        kings = count_kings(board)
        for side, n in enumerate(kings):
            if n != 1:
                raise ValueError(f"{self.side_names[side]} has {n} kings; each side has one")
        if board.in_check(board.side ^ 1):
            mover = self.side_names[board.side ^ 1]
            raise ValueError(f"{mover}'s king is in check, but it is not {mover}'s move")

    def check_material(self, board: ChessBoard) -> None:
        """ValueError if a side has more pieces than the game's setup and promotions give."""
        setup = ChessBoard(self.geo, self.spec.setup or cb.STANDARD_FEN)
        check_material(board, setup, tuple(self.side_names))

    # -- states --------------------------------------------------------------------------------

    def make_state(
        self,
        board: ChessBoard,
        keys: tuple[RepetitionKey, ...],
        lost: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
        passes: int = 0,
    ) -> ChessState:
        """A state over ``board``'s position (a frozen copy: moving on ``board`` afterwards
        leaves the state as it is)."""
        return ChessState(board.freeze(), tuple(self.move_list(board)), keys, lost, passes)

    def new_game(self, dice: Dice) -> tuple[ChessState, list[Event]]:
        return self.parse_position(self.spec.setup or cb.STANDARD_FEN), []

    def position_text(self, state: ChessState) -> str:
        """FEN, then the game's own fields where they differ from their defaults."""
        values = self.field_values(state)
        fields = {k: v for k, v in values.items() if v != self.position_fields[k]}
        return join_position(state.board.fen(), fields)

    def field_values(self, state: ChessState) -> dict[str, int]:
        """The values of ``position_fields`` in ``state``."""
        return {}

    def parse_position(self, text: str) -> ChessState:
        """The position of a FEN (and the game's fields after it); ValueError with the reason.
        The past is not in the text: the position has stood once, no piece is counted lost."""
        fen, words = split_position(text, self.position_fields)
        fields = dict(self.position_fields)
        for name, value in words.items():
            if not value.isdigit():
                raise ValueError(f"field {name!r} takes a whole number, not {value!r}")
            fields[name] = int(value)
        board = read_board(self.geo, fen)
        self.check_position(board, fields)
        return self.make_state(board, (board.key(),), passes=fields.get("passes", 0))

    def from_fen(self, fen: str) -> ChessState:
        """The old name of ``parse_position``."""
        return self.parse_position(fen)

    def fen(self, state: ChessState) -> str:
        """The board's FEN alone (``position_text`` adds the game's fields)."""
        return state.board.fen()

    # -- the decision interface ----------------------------------------------------------------

    def to_move(self, state: ChessState) -> str:
        return SEATS[state.board.side]

    def side_to_move(self, state: ChessState) -> int:
        return state.board.side

    def moves(self, state: ChessState) -> tuple[int, ...]:
        """The moves the rules allow in ``state`` (ints of ``ChessBoard``)."""
        return state.moves

    def legal_actions(self, state: ChessState) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        if not state.moves:
            return self.no_move_actions(state)
        return [self.to_action(m) for m in state.moves]

    def to_action(self, move: int) -> Action:
        promo = cb.promotion(move)
        return Action(MOVE, (cb.origin(move), cb.target(move)), PROMO_LETTERS.get(promo, ""))

    def to_move_int(self, state: ChessState, action: Action) -> int | None:
        """The move ``action`` names among the state's moves, if it is one."""
        if action.kind != MOVE or len(action.squares) != 2:
            return None
        frm, to = action.squares
        promo = LETTER_TO_TYPE.get(action.choice, 0)
        for m in state.moves:
            if cb.origin(m) == frm and cb.target(m) == to and cb.promotion(m) == promo:
                return m
        return None

    def apply(
        self, state: ChessState, action: Action, dice: Dice
    ) -> tuple[ChessState, list[Event]]:
        events: list[Event] = []
        if action.kind == PASS and action in self.no_move_actions(state) and not state.moves:
            board = state.board.copy()
            board.pass_turn()
            events.append(Note(EventTag.PASS, side=state.board.side))
            keys = state.keys + (board.key(),)
            return self.make_state(board, keys, state.lost, state.passes + 1), events
        move = self.to_move_int(state, action)
        if move is None:
            raise self.refused(state, action)
        return self.resolve(state, state.board.copy(), move, dice, events), events

    def after_move(
        self, state: ChessState, board: ChessBoard, captured: int, events: list[Event]
    ) -> ChessState:
        """The new state once ``board`` holds the position after a move (or a lost fight)."""
        lost = state.lost
        if captured:
            side = cb.side_of(captured)
            lost = (
                (lost[0] + (captured,), lost[1]) if side == 0 else (lost[0], lost[1] + (captured,))
            )
        irreversible = board.halfmove == 0
        keys = (board.key(),) if irreversible else state.keys + (board.key(),)
        return self.make_state(board, keys, lost)

    # -- the end -------------------------------------------------------------------------------

    def outcome(self, state: ChessState) -> Outcome | None:
        board = state.board
        if not state.moves:
            if board.in_check():
                return Outcome(board.side ^ 1, kind=Ending.CHECKMATE)
            return Outcome(None, kind=Ending.STALEMATE)
        return self.draw_by_rule(state)

    def draw_by_rule(self, state: ChessState) -> Outcome | None:
        """FIDE's draws (its presenter words them: ``engine.present.ENDING_WORDS``)."""
        if state.board.halfmove >= 100:
            return Outcome(None, kind=Ending.FIFTY_MOVES)
        if state.repetitions() >= 3:
            return Outcome(None, kind=Ending.REPETITION)
        if self.insufficient_material(state.board):
            return Outcome(None, kind=Ending.DEAD_POSITION)
        return None

    def insufficient_material(self, board: ChessBoard) -> bool:
        minors: list[tuple[int, int]] = []
        for sq, p in enumerate(board.board):
            typ = p & 7
            if typ in (cb.PAWN, cb.ROOK, cb.QUEEN):
                return False
            if typ in (cb.KNIGHT_, cb.BISHOP):
                minors.append((typ, sq))
        if len(minors) <= 1:
            return True
        colours = {(self.geo.file(s) + self.geo.rank(s)) % 2 for _, s in minors}
        return all(t == cb.BISHOP for t, _ in minors) and len(colours) == 1

    # -- numbers for computer players ----------------------------------------------------------

    def evaluate(self, state: ChessState, side: int) -> float:
        """Material from the variant file's piece values, plus a little for mobility; a game
        that is over is worth ``WON`` (or nothing, drawn)."""
        outcome = self.outcome(state)
        if outcome is not None:
            return 0.0 if outcome.winner is None else (WON if outcome.winner == side else -WON)
        return self.material(state.board, side) + self.positional(state, side)

    def material_lead(self, state: ChessState, side: int) -> float:
        return self.material(state.board, side)

    def material(self, board: ChessBoard, side: int) -> float:
        """The value of ``side``'s pieces less the opponent's."""
        values, total = self.values, 0
        for p in board.board:
            if p:
                total += values[p] if p >> 3 == side else -values[p]
        return float(total)

    def positional(self, state: ChessState, side: int) -> float:
        """What counts besides material (FIDE: mobility, moves more than the opponent's)."""
        other = state.board.copy()
        other.side ^= 1
        other.ep = -1
        mine, theirs = len(state.moves), len(self.move_list(other))
        if state.board.side != side:
            mine, theirs = theirs, mine
        return MOBILITY * (mine - theirs)

    # -- refusals ------------------------------------------------------------------------------

    def refusal_reason(self, state: ChessState, action: Action) -> Refusal:
        if self.outcome(state) is not None:
            return Refusal(SharedReason.GAME_OVER)
        if action.kind != MOVE or len(action.squares) != 2:
            return Refusal(Reason.NOT_A_MOVE, actions=(action,))
        return self.move_refusal(state, *action.squares, action.choice)

    def move_refusal(self, state: ChessState, frm: int, to: int, choice: str) -> Refusal:
        board = state.board
        p = board.board[frm]
        if not p:
            return Refusal(SharedReason.NO_PIECE, (frm,))
        if cb.side_of(p) != board.side:
            return Refusal(SharedReason.NOT_YOURS, (frm,), (piece_ref(p, frm),))
        q = board.board[to]
        if frm == to:
            return Refusal(SharedReason.SAME_SQUARE, (frm,))
        if q and cb.side_of(q) == board.side:
            return Refusal(SharedReason.OWN_PIECE_THERE, (to,), (piece_ref(q, to),))
        if choice and choice not in PROMO_LETTERS.values():
            return Refusal(Reason.BAD_PROMOTION, names=(choice,))
        same = [m for m in state.moves if cb.origin(m) == frm and cb.target(m) == to]
        if same:
            return Refusal(Reason.NO_PROMOTION, (frm, to), names=(choice,))
        pseudo = board.pseudo_moves(castling_ignores_attacks=True)
        if any(cb.origin(m) == frm and cb.target(m) == to for m in pseudo):
            return Refusal(self.pseudo_refused(state, frm, to), (frm, to))
        return Refusal(SharedReason.CANNOT_REACH, (frm, to), (piece_ref(p, frm),))

    def pseudo_refused(self, state: ChessState, frm: int, to: int) -> Reason:
        """Why a move the pieces could make is refused: the king's safety."""
        board = state.board
        if board.board[frm] & 7 == cb.KING and abs(to - frm) == 2:
            if board.in_check():
                return Reason.CASTLE_OUT_OF_CHECK
            return Reason.CASTLE_THROUGH_ATTACK
        if board.in_check():
            return Reason.CHECK_UNANSWERED
        return Reason.SELF_CHECK


class ClassicRules(ChessRules):
    """FIDE chess."""

    perft_unit = "one move (the classical perft: legal moves, standard tables)"

    def searcher(self) -> Searcher[ChessState] | None:
        """Alpha-beta on the searcher's own board (8x8 boards)."""
        if (self.geo.width, self.geo.height) != (8, 8):
            return None
        from battlechess_tui.rules.chess_family.search import Rule
        from battlechess_tui.rules.chess_family.searcher import ChessSearcher

        return ChessSearcher(self, Rule(repeats=2), self.position_fields)  # FIDE's threefold

    def perft(self, state: ChessState, depth: int) -> int:
        return state.board.copy().perft(depth)
