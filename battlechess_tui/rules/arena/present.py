"""What people see of the arena games: the arena marked (AR-1), gladiators able to move
marked *empowered* (AR-6), which half of the turn comes next (AR-4), cards that say who lends
a gladiator its moves, and the counters of the draw rules (AR-12, AR-13)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import ClassVar

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import BLACK, PAWN
from battlechess_tui.engine.present import NoteWords, Presenter, RefusalWords
from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.views import Mark, PieceView, TallyItem, TallySection
from battlechess_tui.engine.vocabulary import Ending, EventTag, MarkKind
from battlechess_tui.rules.arena import present_refusals
from battlechess_tui.rules.arena.moves import first_piece
from battlechess_tui.rules.arena.rules import ArenaRules, Fact
from battlechess_tui.rules.arena.state import HALF_NAMES, SUPPORTER, ArenaState
from battlechess_tui.rules.chess_family import san
from battlechess_tui.rules.chess_family.pieces import PIECE_KEYS, ChessPieces

ARENA = Mark(MarkKind.AREA, "arena", "◇", "+")
#: A gladiator that has a move now: a friendly supporter sees it (AR-6).
EMPOWERED = Mark(MarkKind.STATUS, "empowered", "↑", "^")
#: Positions whose empowered gladiators are kept (the board asks for every square).
EMPOWERED_CACHE = 64

#: The words of the arena games' endings (AR-11..AR-13), read off an outcome's ending and
#: numbers: the result line, and the note that narrates the ending as it happens.
ENDING_REASONS: dict[Ending, str] = {
    Ending.ALL_CAPTURED: "all enemy gladiators captured",
    Ending.NO_MOVES: "no gladiator moves",
    Ending.QUIET: "no capture",
    Ending.REPETITION: "repetition",
}


def ending_reason(outcome: Outcome) -> str:
    return outcome.reason or ENDING_REASONS.get(outcome.kind, "")


def ending_detail(outcome: Outcome) -> str:
    if outcome.detail:
        return outcome.detail
    if outcome.kind == Ending.NO_MOVES:
        return "neither player could make a gladiator move for two turns each"
    if outcome.kind == Ending.QUIET and outcome.numbers:
        quiet = outcome.numbers[0]
        return f"{quiet} turn{'s' * (quiet != 1)} by each player without a capture"
    if outcome.kind == Ending.REPETITION and outcome.numbers:
        return f"the same position began a turn {outcome.numbers[0]} times"
    return ""


class ArenaPresenter(ChessPieces, Presenter[ArenaState]):
    """The arena games for people."""

    rules: ArenaRules

    NOTE_WORDS: ClassVar[Mapping[str, NoteWords]] = {
        EventTag.CAPTURE: "{side}'s gladiator from {sq[0]} captures {other}'s gladiator on "
        "{sq[1]} ({rule})",
        Fact.NO_GLADIATOR_MOVE: "{side} has no gladiator move: skipped ({rule})",
        Fact.NO_SUPPORTER_MOVE: "{side} has no supporter move: skipped ({rule})",
        Fact.NEITHER_MOVE: "{side} has no supporter move either: the turn passes ({rule})",
    }
    #: Why a decision is refused (``present_refusals.py``).
    REFUSAL_WORDS: ClassVar[Mapping[str, RefusalWords]] = present_refusals.WORDS

    def __init__(self, rules: ArenaRules) -> None:
        Presenter.__init__(self, rules)  # by name: ``Arena`` is also its own rules
        self.empowered = lru_cache(maxsize=EMPOWERED_CACHE)(self._empowered)

    # -- the move log --------------------------------------------------------------------------

    def notation(self, state: ArenaState, action: Action) -> str:
        """SAN, a gladiator's with its file and the supporters that grant its move:
        ``bc5 (as N a2)``, ``cxc5 (as R a6)``, ``de3 (as K e1, B c1)``; supporter moves
        ``Na3``."""
        moves = self.rules.moves(state)
        if (
            self.rules.outcome(state) is not None
            or action.kind != MOVE
            or action.squares not in moves
        ):
            return action.text(self.geo)
        board, name = state.board, self.geo.name
        all_moves = self.san_moves(state)
        move = next(m for m in all_moves if m.action == action)
        text = san.write(move, all_moves, self.geo, pawn_file=True)
        sources = moves[(action.origin, action.target)]
        if sources:
            text += " (as " + ", ".join(f"{cb.LETTERS[board[s] & 7]} {name(s)}" for s in sources)
            text += ")"
        return text

    def outcome_reason(self, outcome: Outcome) -> str:
        return ending_reason(outcome) or super().outcome_reason(outcome)

    def outcome_detail(self, outcome: Outcome) -> str:
        return ending_detail(outcome)

    def san_moves(self, state: ArenaState) -> list[san.SanMove]:
        """Every move of ``state`` as SAN sees it (gladiators are pawns, AR-3)."""
        board = state.board
        return [
            san.SanMove(
                Action(MOVE, (frm, to)),
                cb.LETTERS[board[frm] & 7],
                frm,
                to,
                capture=bool(board[to]),
            )
            for frm, to in self.rules.moves(state)
        ]

    def parse_notation(self, state: ArenaState, text: str) -> Action:
        """A move typed in SAN (``c5``, ``cxc5``, ``Na3``, a square alone); candidates named
        as the move log writes them (``ce4 (as N b1)``)."""
        return san.read(
            text, self.san_moves(state), self.geo, lambda m: self.notation(state, m.action)
        )

    # -- the board and the panels --------------------------------------------------------------

    def _empowered(self, state: ArenaState) -> frozenset[int]:
        """Gladiators of either side that have a gladiator move in this position."""
        board = state.board
        return frozenset(
            frm for side in (0, 1) for frm, _ in self.rules.gladiator_moves(board, side)
        )

    def piece_view(self, state: ArenaState, square: int) -> PieceView | None:
        p = state.board[square]
        if not p:
            return None
        return self.view_of(p, (EMPOWERED,) if square in self.empowered(state) else ())

    def square_marks(self, state: ArenaState) -> dict[int, Mark]:
        """The arena squares (AR-1), so the board can mark them with a symbol, not only colour."""
        return dict.fromkeys(sorted(self.rules.arena), ARENA)

    def status(self, state: ArenaState) -> str:
        result = self.rules.outcome(state)
        if result is not None:
            return self.describe_outcome(result)
        return f"{self.side_names[state.side]} — {HALF_NAMES[state.phase]}"

    def tally(self, state: ArenaState) -> list[TallySection]:
        lost = self.rules.lost(state)
        limit = 2 * self.rules.quiet_turns
        sections = []
        for side in (0, 1):
            alive = state.board.count(PAWN | (side << 3))
            items = (
                TallyItem("Gladiators in play", note=f"{alive} (lose them all and lose, AR-11)"),
                TallyItem("Gladiators lost", note=str(lost[side])),
                TallyItem(
                    "Turns in a row without a gladiator move",
                    note=f"{state.idle[side]} (both at 2: draw, AR-12)",
                ),
                TallyItem("Turns since the last capture", note=f"{state.quiet} of {limit} (AR-13)"),
            )
            sections.append(TallySection(side, self.side_names[side], items))
        return sections

    def piece_card(self, state: ArenaState, square: int) -> list[str]:
        p = state.board[square]
        if not p:
            return []
        side, role = p >> 3, "gladiator" if p & 7 == PAWN else "supporter"
        spec = self.spec.pieces[PIECE_KEYS[p & 7]]
        lines = [f"{self.side_names[side]} {spec.name} on {self.geo.name(square)}: a {role} (AR-3)"]
        if role == "gladiator":
            # Its moves are the supporters' it borrows here: the card lists them first.
            return lines + self._gladiator_card(state, square)
        lines += self._supporter_card(state, square)
        return lines + (["Moves: " + "; ".join(spec.moves)] if spec.moves else [])

    def _gladiator_card(self, state: ArenaState, square: int) -> list[str]:
        board, name = state.board, self.geo.name
        grants = self.rules.grants(board, square)
        if not grants:
            return [
                "Not empowered: no friendly supporter sees it along a diagonal, so it cannot "
                "move (AR-6)"
            ]
        lines = []
        for source, targets in grants:
            piece = self.piece_name(board[source])
            where = ", ".join(name(t) + (" (capture)" if board[t] else "") for t in targets)
            lines.append(
                f"seen by {piece.capitalize()} on {name(source)}: moves as a {piece} "
                f"to {where or 'no square now'}"
            )
        return lines

    def _supporter_card(self, state: ArenaState, square: int) -> list[str]:
        rules, board, name = self.rules, state.board, self.geo.name
        lines = ["Never captures and is never captured; moves only to empty squares (AR-9)"]
        if rules.data.arena:
            lines.append("Must end its move outside the arena (AR-10)")
        seen = [
            g
            for ray in rules.tables.diag[square]
            for g in first_piece(board, ray)
            if board[g] == PAWN | (board[square] & BLACK)
        ]
        lines.append(
            "Empowers the gladiators on " + ", ".join(map(name, seen))
            if seen
            else "Empowers no gladiator now"
        )
        side = board[square] >> 3
        now = state.phase == SUPPORTER and side == state.side and rules.outcome(state) is None
        pairs = list(rules.moves(state)) if now else rules.supporter_moves(board, side)
        own = [t for f, t in pairs if f == square]
        lines.append("Can move to " + ", ".join(map(name, own)) if own else "No free square")
        return lines
