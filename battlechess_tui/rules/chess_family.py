"""FIDE chess as a variant, and the base of every game played with chess pieces.

``ChessFamily`` turns the fast ``ChessBoard`` into the decision interface: actions, standard
algebraic notation, views for the board and tally sheet. Subclasses override a few hooks
(``move_list``, ``resolve``, ``outcome``) the way python-chess's variants do.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.spec import VariantSpec
from battlechess_tui.engine.variant import (
    Combined,
    Outcome,
    PieceView,
    TallyItem,
    TallySection,
)

PIECE_KEYS = {cb.PAWN: "pawn", cb.KNIGHT_: "knight", cb.BISHOP: "bishop", cb.ROOK: "rook",
              cb.QUEEN: "queen", cb.KING: "king"}  # fmt: skip
PROMO_LETTERS = {cb.QUEEN: "q", cb.ROOK: "r", cb.BISHOP: "b", cb.KNIGHT_: "n"}
LETTER_TO_TYPE = {v: k for k, v in PROMO_LETTERS.items()}


@dataclass(frozen=True)
class ChessState:
    """A position and what the draw rules need of its past. Never mutated once made."""

    board: ChessBoard
    #: Position keys since the last capture or pawn move, oldest first (repetition draws).
    keys: tuple[Any, ...] = ()
    #: Pieces each side has lost, by piece int, in the order lost.
    lost: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    passes: int = 0  # consecutive passes (games where a stuck player passes)
    extra: dict[str, Any] = field(default_factory=dict)
    _moves: list[int] | None = field(default=None, compare=False, repr=False)


class ChessPieces:
    """Names and board views of the FIDE pieces (piece ints of ``ChessBoard``), read from the
    variant file: shared by every game played with chess pieces, whatever its state."""

    spec: VariantSpec

    def piece_name(self, piece: int) -> str:
        return self.spec.pieces[PIECE_KEYS[piece & 7]].name.lower()

    def view_of(self, piece: int, marks: tuple[str, ...] = ()) -> PieceView:
        key = PIECE_KEYS[piece & 7]
        spec = self.spec.pieces[key]
        side = cb.side_of(piece)
        glyph = spec.black_glyph if side and spec.black_glyph else spec.glyph
        letter = spec.letter if side == 0 else spec.letter.lower()
        return PieceView(key, side, letter, glyph or letter, spec.name, marks=marks)


class ChessFamily(ChessPieces, Combined[ChessState]):
    """FIDE chess; games built on it override the hooks below."""

    # -- hooks ---------------------------------------------------------------------------------

    def move_list(self, board: ChessBoard) -> list[int]:
        """The moves the rules allow (FIDE: legal moves)."""
        return board.legal_moves()

    def resolve(
        self, state: ChessState, board: ChessBoard, move: int, dice: Dice, events: list[Event]
    ) -> ChessState:
        """Carry out ``move`` on ``board`` (a private copy) and return the new state."""
        captured = board.push(move)
        return self.after_move(state, board, captured, events)

    # -- shared machinery ----------------------------------------------------------------------

    def new_game(self, dice: Dice) -> tuple[ChessState, list[Event]]:
        board = ChessBoard(self.geo, self.spec.setup or cb.STANDARD_FEN)
        return ChessState(board, (board.key(),)), []

    def from_fen(self, fen: str) -> ChessState:
        board = ChessBoard(self.geo, fen)
        return ChessState(board, (board.key(),))

    def to_move(self, state: ChessState) -> str:
        return ("white", "black")[state.board.side]

    def side_to_move(self, state: ChessState) -> int:
        return state.board.side

    def moves(self, state: ChessState) -> list[int]:
        if state._moves is None:
            object.__setattr__(state, "_moves", self.move_list(state.board))
        assert state._moves is not None
        return state._moves

    def legal_actions(self, state: ChessState) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        moves = self.moves(state)
        if not moves:
            return self.no_move_actions(state)
        return [self.to_action(m) for m in moves]

    def no_move_actions(self, state: ChessState) -> list[Action]:
        """What a player with no move may do (FIDE: nothing, the game is over)."""
        return []

    def to_action(self, move: int) -> Action:
        promo = cb.promotion(move)
        return Action(MOVE, (cb.origin(move), cb.target(move)), PROMO_LETTERS.get(promo, ""))

    def to_move_int(self, state: ChessState, action: Action) -> int | None:
        if action.kind != MOVE or len(action.squares) != 2:
            return None
        frm, to = action.squares
        promo = LETTER_TO_TYPE.get(action.choice, 0)
        for m in self.moves(state):
            if cb.origin(m) == frm and cb.target(m) == to and cb.promotion(m) == promo:
                return m
        return None

    def apply(
        self, state: ChessState, action: Action, dice: Dice
    ) -> tuple[ChessState, list[Event]]:
        events: list[Event] = []
        if action.kind == "pass":
            board = state.board.copy()
            board.pass_turn()
            events.append(
                Note("pass", f"{self.side_names[state.board.side]} cannot move and passes")
            )
            return replace(state, board=board, passes=state.passes + 1, _moves=None,
                           keys=state.keys + (board.key(),)), events  # fmt: skip
        move = self.to_move_int(state, action)
        if move is None:
            raise ValueError(f"{action.text(self.geo)} is not legal here")
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
        return ChessState(board, keys, lost, 0, state.extra)

    def outcome(self, state: ChessState) -> Outcome | None:
        board = state.board
        if not self.moves(state):
            if board.in_check():
                return Outcome(board.side ^ 1, "checkmate")
            return Outcome(None, "stalemate")
        return self.draw_by_rule(state)

    def draw_by_rule(self, state: ChessState) -> Outcome | None:
        if state.board.halfmove >= 100:
            return Outcome(None, "fifty moves without a capture or pawn move")
        if state.keys.count(state.keys[-1]) >= 3:
            return Outcome(None, "the same position three times")
        if self.insufficient_material(state.board):
            return Outcome(None, "neither side can checkmate")
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

    # -- words ---------------------------------------------------------------------------------

    def notation(self, state: ChessState, action: Action) -> str:
        move = self.to_move_int(state, action)
        if move is None:
            return action.text(self.geo)
        san = self.san(state, move)
        after = state.board.copy()
        after.push(move)
        return san + self.check_suffix(after)

    def check_suffix(self, board: ChessBoard) -> str:
        """``+`` or ``#`` after a move (games without check return "")."""
        if not board.in_check():
            return ""
        return "#" if not board.legal_moves() else "+"

    def san(self, state: ChessState, move: int) -> str:
        """Standard algebraic notation without the check mark."""
        geo, board = self.geo, state.board
        frm, to, fl = cb.origin(move), cb.target(move), cb.flag(move)
        piece = board.board[frm] & 7
        if fl == cb.CASTLE:
            return "O-O" if geo.file(to) > geo.file(frm) else "O-O-O"
        capture = bool(board.board[to]) or fl == cb.EN_PASSANT
        promo = cb.promotion(move)
        if piece == cb.PAWN:
            text = (geo.name(frm)[0] + "x" if capture else "") + geo.name(to)
            return text + ("=" + cb.LETTERS[promo] if promo else "")
        rivals = [
            cb.origin(m) for m in self.moves(state)  # the position's cached moves
            if cb.target(m) == to and cb.origin(m) != frm and board.board[cb.origin(m)] & 7 == piece
        ]  # fmt: skip
        disamb = ""
        if rivals:
            if all(geo.file(r) != geo.file(frm) for r in rivals):
                disamb = geo.name(frm)[0]
            elif all(geo.rank(r) != geo.rank(frm) for r in rivals):
                disamb = geo.name(frm)[1:]
            else:
                disamb = geo.name(frm)
        return cb.LETTERS[piece] + disamb + ("x" if capture else "") + geo.name(to)

    def why_illegal(self, state: ChessState, action: Action) -> str:
        if self.outcome(state) is not None:
            return "the game is over"
        if action.kind != MOVE or len(action.squares) != 2:
            return (
                f"{action.text(self.geo)} is not a move in {self.name}: type from and to, e.g. e2e4"
            )
        return self.why_move_illegal(state, *action.squares, action.choice)

    def why_move_illegal(self, state: ChessState, frm: int, to: int, choice: str) -> str:
        board, geo = state.board, self.geo
        p = board.board[frm]
        f, t = geo.name(frm), geo.name(to)
        if not p:
            return f"there is no piece on {f}"
        if cb.side_of(p) != board.side:
            return f"the {self.piece_name(p)} on {f} is {self.side_names[cb.side_of(p)]}'s"
        q = board.board[to]
        if frm == to:
            return "a piece must move to another square"
        if q and cb.side_of(q) == board.side:
            return f"{t} holds your own {self.piece_name(q)}"
        if choice and choice not in PROMO_LETTERS.values():
            return f"{choice!r} is not a piece to promote to: use q, r, b or n"
        same = [m for m in self.moves(state) if cb.origin(m) == frm and cb.target(m) == to]
        if same:
            return f"only a pawn reaching the last rank promotes; drop the {choice!r}"
        pseudo = board.pseudo_moves(castling_ignores_attacks=True)
        if any(cb.origin(m) == frm and cb.target(m) == to for m in pseudo):
            return self.why_pseudo_refused(state, frm, to)
        return f"a {self.piece_name(p)} cannot move from {f} to {t}"

    def why_pseudo_refused(self, state: ChessState, frm: int, to: int) -> str:
        board = state.board
        if board.board[frm] & 7 == cb.KING and abs(to - frm) == 2:
            if board.in_check():
                return "you cannot castle out of check"
            return "the king cannot castle through or into an attacked square"
        if board.in_check():
            return "your king is in check: this move does not stop it"
        return "that move would leave your king in check"

    # -- views ---------------------------------------------------------------------------------

    def piece_view(self, state: ChessState, square: int) -> PieceView | None:
        p = state.board.board[square]
        if not p:
            return None
        return self.view_of(p)

    def status(self, state: ChessState) -> str:
        side = self.side_names[state.board.side]
        return f"{side} to move" + (" — check!" if state.board.in_check() else "")

    def tally(self, state: ChessState) -> list[TallySection]:
        sections = []
        for side in (0, 1):
            names = [self.view_of(p).name for p in state.lost[side]]
            items = tuple(TallyItem(n) for n in names) or (TallyItem("none"),)
            sections.append(TallySection(side, f"{self.side_names[side]} has lost", items))
        return sections

    def piece_card(self, state: ChessState, square: int) -> list[str]:
        lines = super().piece_card(state, square)
        view = self.piece_view(state, square)
        if view is not None:
            moves = self.spec.pieces[view.kind].moves
            if moves:
                lines.append("Moves: " + ", ".join(moves))
        return lines

    def fen(self, state: ChessState) -> str:
        return state.board.fen()


class Classic(ChessFamily):
    """FIDE chess."""

    perft_unit = "one move (the classical perft: legal moves, standard tables)"

    def perft(self, state: ChessState, depth: int) -> int:
        return state.board.copy().perft(depth)
