"""Fisher's Gladiator Chess (``arena``) and Brawl Chess (``brawl``): rules AR-1..AR-13, BR-1.

Pawns are *gladiators* and fight; the other pieces are *supporters*: they never capture and are
never captured, and they lend their FIDE move to every friendly gladiator they see along a
diagonal. A turn is two decisions by the same side, a gladiator move then a supporter move.
A part that is impossible is skipped automatically and narrated with a ``Note`` (tag "pass"),
so every decision a player is asked for is a real choice. ``brawl`` is the same class with
``data.arena = false`` (no arena, FIDE setup).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import BLACK, EMPTY, KING, KNIGHT_, PAWN, ChessBoard
from battlechess_tui.engine.dice import AssumeWon, Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.variant import (
    Combined,
    IllegalAction,
    Outcome,
    PieceView,
    TallyItem,
    TallySection,
)
from battlechess_tui.rules.chess_family import PIECE_KEYS, ChessPieces

GLADIATOR, SUPPORTER = 0, 1  # the two halves of a turn (AR-4)
HALF_NAMES = ("gladiator move", "supporter move")
#: A gladiator move: (from, to) -> the squares of the supporters that grant it (AR-6).
Grants = dict[tuple[int, int], tuple[int, ...]]


class ArenaData(BaseModel):
    """The ``[data]`` table of ``arena.toml`` / ``brawl.toml``."""

    model_config = ConfigDict(extra="forbid")
    arena: bool = Field(True, description="AR-1: keep gladiators in, supporters out (BR-1: off)")
    quiet_turns: int = Field(50, ge=1, description="AR-13: turns each without a capture -> draw")
    repetitions: int = Field(3, ge=2, description="AR-13: same turn start this often -> draw")


@dataclass(frozen=True)
class ArenaState:
    """A position between two decisions. Never changed once made (``apply`` builds a new one)."""

    board: tuple[int, ...]  # chessboard piece ints (type 1..6, +8 for Black), a1 = 0
    side: int  # whose turn it is (0 White, 1 Black)
    phase: int  # GLADIATOR or SUPPORTER: which half of the turn is next
    turn: int = 1  # turns begun so far, passed ones included (White's first is 1)
    idle: tuple[int, int] = (0, 0)  # own turns in a row without a gladiator move (AR-12)
    capture_turn: int = 0  # the turn of the last capture, 0 before any (AR-13)
    keys: tuple[bytes, ...] = ()  # turn-start positions since the last capture (AR-13)
    lost: tuple[int, int] = (0, 0)  # gladiators each side has lost
    result: Outcome | None = None
    _memo: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)


def reach(tables: cb.Tables, board: Sequence[int], frm: int, typ: int) -> list[int]:
    """Squares a FIDE piece of type ``typ`` on ``frm`` could move to if captures were allowed:
    a slider stops on the first occupied square, leapers ignore what they jump over."""
    if typ == KNIGHT_:
        return list(tables.knight[frm])
    if typ == KING:
        return list(tables.king[frm])
    rays = (tables.orth[frm] if typ != cb.BISHOP else ()) + (
        tables.diag[frm] if typ != cb.ROOK else ()
    )
    out = []
    for ray in rays:
        for s in ray:
            out.append(s)
            if board[s]:
                break
    return out


def supporters_seeing(tables: cb.Tables, board: Sequence[int], sq: int) -> list[int]:
    """Friendly supporters a bishop's move away from the gladiator on ``sq`` (AR-6)."""
    own = board[sq] & BLACK
    out = []
    for ray in tables.diag[sq]:
        for s in ray:
            p = board[s]
            if p:
                if p & BLACK == own and p & 7 != PAWN:
                    out.append(s)
                break
    return out


class Arena(ChessPieces, Combined[ArenaState]):
    """The arena games; ``data.arena`` switches between ``arena`` and ``brawl``."""

    Data = ArenaData
    perft_unit: ClassVar[str] = (
        "one whole turn of one player: its gladiator move then its supporter move, counted as "
        "one sequence (a part skipped because it is impossible adds nothing; a turn that passes "
        "entirely counts once; a gladiator move that wins the game ends its sequence)"
    )

    def __init__(self, spec: Any, options: Any = None) -> None:
        super().__init__(spec, options)
        self.tables = cb.tables(self.geo.width, self.geo.height)
        geo = self.geo
        inner = [
            0 < geo.file(s) < geo.width - 1 and 0 < geo.rank(s) < geo.height - 1
            for s in range(geo.size)
        ]
        self.arena: frozenset[int] = frozenset(
            s for s in range(geo.size) if inner[s] and self.data.arena
        )
        #: Where a gladiator may end a move (AR-8) and where a supporter may (AR-10).
        self.gladiator_ok = [inner[s] or not self.data.arena for s in range(geo.size)]
        self.supporter_ok = [not inner[s] or not self.data.arena for s in range(geo.size)]
        self.empty_board = (EMPTY,) * geo.size

    # -- setting up ----------------------------------------------------------------------------

    def new_game(self, dice: Dice) -> tuple[ArenaState, list[Event]]:
        events: list[Event] = []
        return self.from_fen(self.spec.setup or cb.STANDARD_FEN, events), events

    def from_fen(self, fen: str, events: list[Event] | None = None) -> ArenaState:
        """The position of ``fen`` at the start of the side to move's turn (skips applied)."""
        board = ChessBoard(self.geo, fen)
        state = ArenaState(tuple(board.board), board.side, GLADIATOR)
        return self._start_turn(state, [] if events is None else events)

    # -- move generation -----------------------------------------------------------------------

    def gladiator_moves(self, board: Sequence[int], side: int) -> Grants:
        """Every gladiator move of ``side`` with the supporters granting it (AR-6..AR-8)."""
        out: Grants = {}
        own = side << 3
        for sq, p in enumerate(board):
            if p != PAWN | own:
                continue
            for source, targets in self.grants(board, sq):
                for to in targets:
                    out[(sq, to)] = out.get((sq, to), ()) + (source,)
        return out

    def grants(self, board: Sequence[int], sq: int) -> list[tuple[int, list[int]]]:
        """For the gladiator on ``sq``: each supporter that sees it, with the moves it grants."""
        out = []
        enemy_pawn = PAWN | ((board[sq] & BLACK) ^ BLACK)
        for source in supporters_seeing(self.tables, board, sq):
            targets = [
                t
                for t in reach(self.tables, board, sq, board[source] & 7)
                if self.gladiator_ok[t] and board[t] in (EMPTY, enemy_pawn)
            ]
            out.append((source, targets))
        return out

    def supporter_moves(self, board: Sequence[int], side: int) -> list[tuple[int, int]]:
        """Every supporter move of ``side``: to empty squares only (AR-9), outside (AR-10)."""
        out = []
        for sq, p in enumerate(board):
            if not p or p >> 3 != side or p & 7 == PAWN:
                continue
            out.extend(
                (sq, t)
                for t in reach(self.tables, board, sq, p & 7)
                if not board[t] and self.supporter_ok[t]
            )
        return out

    def moves(self, state: ArenaState) -> Grants:
        """The moves of the decision now: (from, to) -> granting supporters (none for those)."""
        found = state._memo.get("moves")
        if found is None:
            if state.phase == GLADIATOR:
                found = self.gladiator_moves(state.board, state.side)
            else:
                found = dict.fromkeys(self.supporter_choices(state), ())
            state._memo["moves"] = found
        return found

    def supporter_choices(self, state: ArenaState) -> list[tuple[int, int]]:
        """The supporter moves open now. With the option ``freeing_move`` (the seed's wording
        of AR-5), a player whose gladiator half was skipped must free a gladiator if they can."""
        moves = self.supporter_moves(state.board, state.side)
        if not (self.options.get("freeing_move") and state.idle[state.side]):
            return moves
        freeing = [m for m in moves if self._frees(state.board, m, state.side)]
        return freeing or moves

    def _frees(self, board: Sequence[int], move: tuple[int, int], side: int) -> bool:
        after = list(board)
        after[move[1]], after[move[0]] = after[move[0]], EMPTY
        return bool(self.gladiator_moves(after, side))

    # -- the decision interface ----------------------------------------------------------------

    def to_move(self, state: ArenaState) -> str:
        return ("white", "black")[state.side]

    def side_to_move(self, state: ArenaState) -> int:
        return state.side

    def legal_actions(self, state: ArenaState) -> list[Action]:
        if state.result is not None:
            return []
        return [Action(MOVE, squares) for squares in self.moves(state)]

    def outcome(self, state: ArenaState) -> Outcome | None:
        return state.result

    def apply(
        self, state: ArenaState, action: Action, dice: Dice
    ) -> tuple[ArenaState, list[Event]]:
        if action not in self.legal_actions(state):
            raise IllegalAction(self.why_illegal(state, action))
        frm, to = action.squares
        board = list(state.board)
        victim = board[to]
        board[to], board[frm] = board[frm], EMPTY
        moved = replace(state, board=tuple(board))
        events: list[Event] = []
        if state.phase == SUPPORTER:
            return self._end_turn(moved, events), events
        return self._after_gladiator(moved, frm, to, victim, events), events

    def _after_gladiator(
        self, state: ArenaState, frm: int, to: int, victim: int, events: list[Event]
    ) -> ArenaState:
        """Score a gladiator move (AR-7, AR-11), then go on to the supporter half (AR-5)."""
        side, names = state.side, self.side_names
        idle = (0, state.idle[1]) if side == 0 else (state.idle[0], 0)
        state = replace(state, idle=idle, phase=SUPPORTER)
        if victim:
            lost = (state.lost[0] + side, state.lost[1] + 1 - side)
            state = replace(state, lost=lost, capture_turn=state.turn, keys=())
            events.append(Note(
                "capture",
                f"{names[side]}'s gladiator from {self.geo.name(frm)} captures "
                f"{names[1 - side]}'s gladiator on {self.geo.name(to)} (AR-7)",
                (frm, to),
            ))  # fmt: skip
            if PAWN | ((1 - side) << 3) not in state.board:
                result = Outcome(side, "all enemy gladiators captured", "AR-11")
                events.append(Note("win", result.describe(names), (to,)))
                return replace(state, result=result)
        if self.moves(state):
            return state
        events.append(Note("pass", f"{names[side]} has no supporter move: skipped (AR-5)"))
        return self._end_turn(state, events)

    def _end_turn(self, state: ArenaState, events: list[Event]) -> ArenaState:
        return self._start_turn(replace(state, side=1 - state.side, turn=state.turn + 1), events)

    def _start_turn(self, state: ArenaState, events: list[Event]) -> ArenaState:
        """``state`` begins ``state.side``'s turn: apply the draw rules (AR-12, AR-13) and skip
        the halves that are impossible (AR-5), passing whole turns while nobody can move."""
        while True:
            name = self.side_names[state.side]
            key = bytes(state.board) + bytes((state.side,))
            state = replace(state, phase=GLADIATOR, keys=state.keys + (key,))
            draw = self._quiet_draw(state, key)
            if draw is not None:
                events.append(Note("draw", draw.describe(self.side_names)))
                return replace(state, result=draw)
            if self.moves(state):
                return state
            idle = (state.idle[0] + (state.side == 0), state.idle[1] + (state.side == 1))
            state = replace(state, phase=SUPPORTER, idle=idle)
            events.append(Note("pass", f"{name} has no gladiator move: skipped (AR-5)"))
            if min(state.idle) >= 2:
                detail = "neither player could make a gladiator move for two turns each"
                result = Outcome(None, "no gladiator moves", "AR-12", detail)
                events.append(Note("draw", result.describe(self.side_names)))
                return replace(state, result=result)
            if self.moves(state):
                return state
            events.append(Note("pass", f"{name} has no supporter move either: the turn passes"
                                       " (AR-5)"))  # fmt: skip
            state = replace(state, side=1 - state.side, turn=state.turn + 1)

    def _quiet_draw(self, state: ArenaState, key: bytes) -> Outcome | None:
        """AR-13 (Ruling): no capture for ``quiet_turns`` turns each, or a repeated turn start."""
        quiet = self.data.quiet_turns
        if state.turn - state.capture_turn > 2 * quiet:
            detail = f"{quiet} turn{'s' * (quiet != 1)} by each player without a capture"
            return Outcome(None, "no capture", "AR-13", detail)
        if state.keys.count(key) >= self.data.repetitions:
            times = self.data.repetitions
            detail = f"the same position began a turn {times} times"
            return Outcome(None, "repetition", "AR-13", detail)
        return None

    # -- counting ------------------------------------------------------------------------------

    def perft(self, state: ArenaState, depth: int) -> int:
        """Leaves of the tree of whole turns ``depth`` turns deep (see ``perft_unit``)."""
        if depth == 0:
            return 1
        if state.result is not None:
            return 0
        return self._perft_turn(state, depth, state.turn)

    def _perft_turn(self, state: ArenaState, depth: int, turn: int) -> int:
        """Count the sequences that finish the turn ``turn`` begun in ``state``."""
        actions = self.legal_actions(state)
        if depth == 1 and state.phase == SUPPORTER:
            return len(actions)  # each supporter move ends the turn: bulk count
        total = 0
        for action in actions:
            child, _ = self.apply(state, action, AssumeWon())
            if child.turn == turn and child.result is None:
                total += self._perft_turn(child, depth, turn)
            else:
                total += self.perft(child, depth - max(1, child.turn - turn))
        return total

    def divide(self, state: ArenaState, depth: int) -> list[tuple[str, int]]:
        """``perft`` below each first whole turn, written as its decisions (``b3c5 h1g1``)."""
        out: list[tuple[str, int]] = []
        if state.result is not None:
            return out

        def walk(s: ArenaState, prefix: str) -> None:
            for action in self.legal_actions(s):
                child, _ = self.apply(s, action, AssumeWon())
                text = f"{prefix} {action.text(self.geo)}".strip()
                if child.turn == state.turn and child.result is None:
                    walk(child, text)
                else:
                    out.append((text, self.perft(child, depth - max(1, child.turn - state.turn))))

        walk(state, "")
        return out

    # -- words ---------------------------------------------------------------------------------

    def notation(self, state: ArenaState, action: Action) -> str:
        """``Pb3-c5 (as N a2)``, ``Pb3xc5 (as N a2, Q d1)``, ``Nb1-a3``."""
        if (
            state.result is not None
            or action.kind != MOVE
            or action.squares not in self.moves(state)
        ):
            return action.text(self.geo)
        frm, to = action.squares
        board, name = state.board, self.geo.name
        text = f"{cb.LETTERS[board[frm] & 7]}{name(frm)}{'x' if board[to] else '-'}{name(to)}"
        sources = self.moves(state)[action.squares]
        if sources:
            text += " (as " + ", ".join(f"{cb.LETTERS[board[s] & 7]} {name(s)}" for s in sources)
            text += ")"
        return text

    def why_illegal(self, state: ArenaState, action: Action) -> str:
        if state.result is not None:
            return "the game is over"
        if action.kind != MOVE or len(action.squares) != 2:
            return (f"{action.text(self.geo)} is not a move: a turn is a gladiator move then a "
                    "supporter move, each typed from and to, e.g. b3c5 (AR-4)")  # fmt: skip
        if action.choice:
            return f"gladiators never promote (AR-8): drop the {action.choice!r}"
        frm, to = action.squares
        board, name, side = state.board, self.geo.name, state.side
        p = board[frm]
        if not p:
            return f"there is no piece on {name(frm)}"
        if p >> 3 != side:
            return f"the {self.piece_name(p)} on {name(frm)} is {self.side_names[1 - side]}'s"
        if frm == to:
            return "a piece must move to another square"
        if board[to] and board[to] >> 3 == side:
            return f"{name(to)} holds your own {self.piece_name(board[to])}"
        gladiator = p & 7 == PAWN
        if state.phase == SUPPORTER and gladiator:
            return "you have made this turn's gladiator move: now move a supporter (AR-4)"
        if state.phase == GLADIATOR and not gladiator:
            return ("first a gladiator move, then a supporter move (AR-4): move one of your "
                    "pawns now")  # fmt: skip
        if gladiator:
            return self._why_gladiator_refused(state, frm, to)
        return self._why_supporter_refused(state, frm, to)

    def _why_gladiator_refused(self, state: ArenaState, frm: int, to: int) -> str:
        board, name = state.board, self.geo.name
        sources = supporters_seeing(self.tables, board, frm)
        if not sources:
            return (f"no friendly supporter sees the gladiator on {name(frm)} along a diagonal "
                    "with nothing between, so it cannot move (AR-6)")  # fmt: skip
        if board[to]:
            return "a gladiator never captures a supporter (AR-7)"
        if not self.gladiator_ok[to]:
            return "a gladiator may not end its move outside the arena (AR-8)"
        if any(to in reach(self.tables, self.empty_board, frm, board[s] & 7) for s in sources):
            return f"the way from {name(frm)} to {name(to)} is blocked (AR-6)"
        ways = ", ".join(f"a {self.piece_name(board[s])} ({name(s)})" for s in sources)
        return f"the gladiator on {name(frm)} moves only as {ways}: none goes to {name(to)} (AR-6)"

    def _why_supporter_refused(self, state: ArenaState, frm: int, to: int) -> str:
        board, geo = state.board, self.geo
        typ = board[frm] & 7
        if self._frees_refused(state, frm, to):
            return ("you had no gladiator move, so this supporter move must give one of your "
                    "gladiators a move, and this one does not (AR-5, seed option)")  # fmt: skip
        if typ == KING and geo.rank(frm) == geo.rank(to) and abs(geo.file(frm) - geo.file(to)) == 2:
            return "there is no castling: a king is just a supporter (AR-9)"
        if board[to]:
            return "a supporter never captures: it moves only to an empty square (AR-9)"
        if not self.supporter_ok[to]:
            return "a supporter may not end its move in the arena (AR-10)"
        if to in reach(self.tables, self.empty_board, frm, typ):
            return f"the way from {geo.name(frm)} to {geo.name(to)} is blocked"
        return f"a {self.piece_name(board[frm])} cannot move from {geo.name(frm)} to {geo.name(to)}"

    def _frees_refused(self, state: ArenaState, frm: int, to: int) -> bool:
        """Is (frm, to) a supporter move refused only by the ``freeing_move`` option?"""
        plain = self.supporter_moves(state.board, state.side)
        return (frm, to) in plain and (frm, to) not in self.moves(state)

    # -- what the UI shows ---------------------------------------------------------------------

    def empowered(self, state: ArenaState) -> frozenset[int]:
        """Gladiators of either side that have a gladiator move in this position."""
        found = state._memo.get("empowered")
        if found is None:
            found = frozenset(
                frm for side in (0, 1) for frm, _ in self.gladiator_moves(state.board, side)
            )
            state._memo["empowered"] = found
        return found

    def piece_view(self, state: ArenaState, square: int) -> PieceView | None:
        p = state.board[square]
        if not p:
            return None
        return self.view_of(p, ("empowered",) if square in self.empowered(state) else ())

    def square_marks(self, state: ArenaState) -> dict[int, str]:
        """The arena squares (AR-1), so the board can mark them with a symbol, not only colour."""
        return dict.fromkeys(sorted(self.arena), "arena")

    def status(self, state: ArenaState) -> str:
        if state.result is not None:
            return state.result.describe(self.side_names)
        return f"{self.side_names[state.side]} — {HALF_NAMES[state.phase]}"

    def tally(self, state: ArenaState) -> list[TallySection]:
        quiet = max(0, state.turn - state.capture_turn - 1)
        sections = []
        for side in (0, 1):
            alive = state.board.count(PAWN | (side << 3))
            items = (
                TallyItem("Gladiators in play", note=f"{alive} (lose them all and lose, AR-11)"),
                TallyItem("Gladiators lost", note=str(state.lost[side])),
                TallyItem(
                    "Turns in a row without a gladiator move",
                    note=f"{state.idle[side]} (both at 2: draw, AR-12)",
                ),
                TallyItem(
                    "Turns since the last capture",
                    note=f"{quiet} of {2 * self.data.quiet_turns} (AR-13)",
                ),
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
        grants = self.grants(board, square)
        if not grants:
            return ["Not empowered: no friendly supporter sees it along a diagonal, so it cannot "
                    "move (AR-6)"]  # fmt: skip
        lines = []
        for source, targets in grants:
            piece = self.piece_name(board[source])
            where = ", ".join(name(t) + (" (capture)" if board[t] else "") for t in targets)
            lines.append(f"seen by {piece.capitalize()} on {name(source)}: moves as a {piece} "
                         f"to {where or 'no square now'}")  # fmt: skip
        return lines

    def _supporter_card(self, state: ArenaState, square: int) -> list[str]:
        board, name = state.board, self.geo.name
        lines = ["Never captures and is never captured; moves only to empty squares (AR-9)"]
        if self.data.arena:
            lines.append("Must end its move outside the arena (AR-10)")
        seen = [
            g for ray in self.tables.diag[square] for g in _first_piece(board, ray)
            if board[g] == PAWN | (board[square] & BLACK)
        ]  # fmt: skip
        lines.append("Empowers the gladiators on " + ", ".join(map(name, seen)) if seen
                     else "Empowers no gladiator now")  # fmt: skip
        side = board[square] >> 3
        now = state.phase == SUPPORTER and side == state.side and state.result is None
        pairs = self.moves(state) if now else self.supporter_moves(board, side)
        own = [t for f, t in pairs if f == square]
        lines.append("Can move to " + ", ".join(map(name, own)) if own else "No free square")
        return lines


def _first_piece(board: Sequence[int], ray: Sequence[int]) -> list[int]:
    """The first occupied square along ``ray``, as a list of zero or one square."""
    return next(([s] for s in ray if board[s]), [])
