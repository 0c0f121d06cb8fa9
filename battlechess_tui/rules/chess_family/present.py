"""What people see of FIDE chess and the games built on it: standard algebraic notation, the
pieces with their marks (a king in check), the banner, the tally of lost pieces, piece cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.present import NoteWords, Presenter, RefusalWords
from battlechess_tui.engine.views import IN_CHECK, Mark, PieceView, TallyItem, TallySection
from battlechess_tui.engine.vocabulary import EventTag
from battlechess_tui.rules.chess_family import present_refusals
from battlechess_tui.rules.chess_family import san as fide_san
from battlechess_tui.rules.chess_family.pieces import ChessPieces
from battlechess_tui.rules.chess_family.rules import ChessRules
from battlechess_tui.rules.chess_family.state import ChessState


class ChessPresenter(ChessPieces, Presenter[ChessState]):
    """FIDE chess for people; games built on it override a few words."""

    rules: ChessRules

    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = {
        EventTag.PASS: "{side} cannot move and passes",
    }
    #: Why a decision is refused (``present_refusals.py``).
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = present_refusals.WORDS

    # -- the move log --------------------------------------------------------------------------

    def notation(self, state: ChessState, action: Action) -> str:
        move = self.rules.to_move_int(state, action)
        if move is None:
            return action.text(self.geo)
        after = state.board.copy()
        after.push(move)
        return self.san(state, move) + self.check_suffix(after)

    def check_suffix(self, board: ChessBoard) -> str:
        """``+`` or ``#`` after a move (games without check return "")."""
        if not board.in_check():
            return ""
        return "#" if not board.legal_moves() else "+"

    def san(self, state: ChessState, move: int) -> str:
        """Standard algebraic notation without the check mark."""
        return fide_san.write(self.san_move(state, move), self.san_moves(state), self.geo)

    def san_moves(self, state: ChessState) -> list[fide_san.SanMove]:
        """Every legal move of ``state`` as SAN sees it."""
        return [self.san_move(state, m) for m in state.moves]

    def san_move(self, state: ChessState, move: int) -> fide_san.SanMove:
        board, geo = state.board, self.geo
        frm, to, fl = cb.origin(move), cb.target(move), cb.flag(move)
        castle = ""
        if fl == cb.CASTLE:
            castle = fide_san.KINGSIDE if geo.file(to) > geo.file(frm) else fide_san.QUEENSIDE
        promo = cb.promotion(move)
        return fide_san.SanMove(
            self.rules.to_action(move),
            cb.LETTERS[board.board[frm] & 7],
            frm,
            to,
            capture=bool(board.board[to]) or fl == cb.EN_PASSANT,
            promotion=cb.LETTERS[promo] if promo else "",
            castle=castle,
        )

    def parse_notation(self, state: ChessState, text: str) -> Action:
        """The move typed in SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q``, a square alone)."""
        return fide_san.read(text, self.san_moves(state), self.geo)

    # -- the board and the panels --------------------------------------------------------------

    def piece_view(self, state: ChessState, square: int) -> PieceView | None:
        p = state.board.board[square]
        if not p:
            return None
        return self.view_of(p, self.marks_of(state, square))

    def marks_of(self, state: ChessState, square: int) -> tuple[Mark, ...]:
        """The marks of the piece on ``square`` (FIDE: a king in check)."""
        board = state.board
        if square == board.kings[board.side] and board.in_check():
            return (IN_CHECK,)
        return ()

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
            if view.marks:
                lines.append("Now: " + ", ".join(m.name for m in view.marks))
        return lines
