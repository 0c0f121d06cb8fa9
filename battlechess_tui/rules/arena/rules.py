"""Fisher's Gladiator Chess (``arena``) and Brawl Chess (``brawl``): rules AR-1..AR-13, BR-1.

Pawns are *gladiators* and fight; the other pieces are *supporters*: they never capture and are
never captured, and they lend their FIDE move to every friendly gladiator they see along a
diagonal. A turn is two decisions by the same side, a gladiator move then a supporter move.
A part that is impossible is skipped automatically and narrated with a ``Note`` (tag PASS),
so every decision a player is asked for is a real choice. ``brawl`` is the same class with
``data.arena = false`` (no arena, FIDE setup).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.chessboard import EMPTY, KING, PAWN, ChessBoard
from battlechess_tui.engine.dice import AssumeWon, Dice
from battlechess_tui.engine.events import Event, Note
from battlechess_tui.engine.refusal import Refusal, SharedReason
from battlechess_tui.engine.rules import Outcome, Rules, Searcher, ending_note
from battlechess_tui.engine.vocabulary import Ending, EventTag
from battlechess_tui.rules.arena.moves import ArenaMoves, Grants, reach, supporters_seeing
from battlechess_tui.rules.arena.state import GLADIATOR, SUPPORTER, ArenaState, Half
from battlechess_tui.rules.chess_family.pieces import ChessPieces, piece_ref, piece_values
from battlechess_tui.rules.chess_family.position import join_position, split_position

HALF_WORDS = ("gladiator", "supporter")  # the ``half=`` field of the position text
SEATS = ("white", "black")


class Fact(StrEnum):
    """Which statement an arena note makes (``Note.fact``; the presenter words it)."""

    NO_GLADIATOR_MOVE = "no-gladiator-move"  # the gladiator half is skipped (AR-5)
    NO_SUPPORTER_MOVE = "no-supporter-move"  # the supporter half is skipped (AR-5)
    NEITHER_MOVE = "neither-move"  # no supporter move either: the turn passes (AR-5)


class Reason(StrEnum):
    """Why the arena games refuse a decision (``Refusal.fact``, besides ``SharedReason``; the
    presenter words it)."""

    NOT_A_MOVE = "not-a-move"  # actions[0] is no move from a square to a square (AR-4)
    NO_PROMOTION = "no-promotion"  # names[0] added to a move: gladiators never promote (AR-8)
    HALF_SKIPPED = "half-skipped"  # a gladiator moved after its skipped half (AR-5)
    GLADIATOR_MOVED = "gladiator-moved"  # a second gladiator move in the turn (AR-4)
    GLADIATOR_FIRST = "gladiator-first"  # a supporter moved before the gladiator (AR-4)
    UNSUPPORTED = "unsupported"  # no supporter sees the gladiator on squares[0] (AR-6)
    GLADIATOR_NO_CAPTURE = "gladiator-no-capture"  # a gladiator onto a supporter (AR-7)
    GLADIATOR_OUTSIDE = "gladiator-outside"  # a gladiator ending outside the arena (AR-8)
    GLADIATOR_BLOCKED = "gladiator-blocked"  # squares: the way between is blocked (AR-6)
    GLADIATOR_WAYS = "gladiator-ways"  # pieces: the supporters it moves as; none reaches (AR-6)
    SUPPORTER_MUST_FREE = "supporter-must-free"  # must give a gladiator a move (AR-5)
    NO_CASTLING = "no-castling"  # a king is just a supporter (AR-9)
    SUPPORTER_NO_CAPTURE = "supporter-no-capture"  # supporters move to empty squares (AR-9)
    SUPPORTER_IN_ARENA = "supporter-in-arena"  # a supporter ending in the arena (AR-10)
    SUPPORTER_BLOCKED = "supporter-blocked"  # squares: the way between is blocked


#: Moves of recent states kept by the rules (each state's are asked for several times).
MOVES_CACHE = 4096
#: ``evaluate``: a game won is worth more than any lead; the tempo counts for each ``FULL``
#: gladiators on the board. The other weights are the ``[data]`` table's.
WON = 1000.0
FULL = 16


class ArenaData(BaseModel):
    """The ``[data]`` table of ``arena.toml`` / ``brawl.toml``."""

    model_config = ConfigDict(extra="forbid")
    arena: bool = Field(True, description="AR-1: keep gladiators in, supporters out (BR-1: off)")
    # Where house-rule files written before round 3 set AR-13's counts; options now, and
    # these only change their defaults.
    quiet_turns: int | None = Field(None, ge=1, le=1000, description="old name: an option")
    repetitions: int | None = Field(None, ge=2, le=10, description="old name: an option")
    # The estimate's weights in pawns, fitted to how 200 games of medium against medium went
    # on (issue 40; docs/analysis.md, Calibration). Arena's are the defaults.
    lead: float = Field(
        7.0,
        gt=0,
        le=100,
        description="a lead: this for each factor of e between the gladiators left (a lead of "
        "one is 4.9 with two against one, 0.9 with eight against seven: the nearer the last "
        "capture, the more it weighs, AR-11)",
    )
    empowered: float = Field(
        0.4, ge=0, le=10, description="each gladiator able to move, against the other side's (AR-6)"
    )
    tempo: float = Field(
        1.5,
        ge=0,
        le=10,
        description="to the side whose gladiator move comes next (the first to capture, AR-4), "
        f"for each {FULL} gladiators on the board",
    )
    turn_ahead: float = Field(
        0.9,
        ge=0,
        le=10,
        description="to the player who has had one turn more (White, while Black's turn is on): "
        "the first player wins more often than the tempo says",
    )


class ArenaRules(ChessPieces, Rules[ArenaState]):
    """The arena games; ``data.arena`` switches between ``arena`` and ``brawl``."""

    Data = ArenaData
    perft_unit: ClassVar[str] = (
        "one whole turn of one player: its gladiator move then its supporter move, counted as "
        "one sequence (a part skipped because it is impossible adds nothing; a turn that passes "
        "entirely counts once; a gladiator move that wins the game ends its sequence)"
    )

    def __init__(self, spec: Any, options: Any = None) -> None:
        Rules.__init__(self, spec, options)  # by name: ``Arena`` is also its own presenter
        self.movers = ArenaMoves(self.geo, self.data.arena)
        self.tables = self.movers.tables
        self.arena = self.movers.arena
        self.values = piece_values(spec)
        setup = ChessBoard(self.geo, self.spec.setup or cb.STANDARD_FEN).board
        #: Gladiators each side starts with (the tally counts the others as lost).
        self.starting = (setup.count(PAWN), setup.count(PAWN | cb.BLACK))
        self._moves = lru_cache(maxsize=MOVES_CACHE)(self._find_moves)
        #: AR-13's options: turns each without a capture, and turn starts repeated, to a draw.
        given = options or {}
        old = self.data
        self.quiet_turns = int(
            old.quiet_turns
            if old.quiet_turns is not None and "quiet_turns" not in given
            else self.options.get("quiet_turns", 50)
        )
        self.repetitions = int(
            old.repetitions
            if old.repetitions is not None and "repetitions" not in given
            else self.options.get("repetitions", 3)
        )

    # -- positions as text ---------------------------------------------------------------------

    def new_game(self, dice: Dice) -> tuple[ArenaState, list[Event]]:
        events: list[Event] = []
        return self.from_fen(self.spec.setup or cb.STANDARD_FEN, events), events

    def position_text(self, state: ArenaState) -> str:
        """FEN (no castling, no en passant; the halfmove clock counts gladiator halves since
        the last capture, AR-13), then ``half=supporter`` in a turn's second half and
        ``idle=W/B`` while a player has turns without a gladiator move (AR-12)."""
        side = "wb"[state.side]
        fen = f"{cb.placement(self.geo, state.board)} {side} - - {state.quiet} {state.fullmove}"
        fields: dict[str, str] = {}
        if state.phase == SUPPORTER:
            fields["half"] = HALF_WORDS[SUPPORTER]
        if state.idle != (0, 0):
            fields["idle"] = f"{state.idle[0]}/{state.idle[1]}"
        return join_position(fen, fields)

    def parse_position(self, text: str) -> ArenaState:
        """The state ``position_text`` wrote. A position from which play would skip a half
        (no move in it) is taken on to where play would stand, as at the start of a turn."""
        return self.from_fen(text)

    def from_fen(self, fen: str, events: list[Event] | None = None) -> ArenaState:
        """The position of ``fen`` (with the fields ``position_text`` adds), skips applied;
        the notes of skipped halves go into ``events``."""
        text, fields = split_position(fen, ("half", "idle"))
        if text.split()[2:4] != ["-", "-"]:
            raise ValueError("no castling and no en passant in this game (AR-9): use - for both")
        board = ChessBoard(self.geo, text)
        phase = self._read_half(fields.get("half", HALF_WORDS[GLADIATOR]))
        idle = self._read_idle(fields.get("idle", "0/0"))
        squares = tuple(board.board)
        self._check_position(squares)
        state = ArenaState(squares, board.side, phase, board.fullmove, idle, board.halfmove)
        return self._settle(state, [] if events is None else events)

    @staticmethod
    def _read_half(word: str) -> Half:
        if word not in HALF_WORDS:
            raise ValueError(f"half={word}: the half of the turn is gladiator or supporter")
        return Half(HALF_WORDS.index(word))

    @staticmethod
    def _read_idle(text: str) -> tuple[int, int]:
        white, _, black = text.partition("/")
        if not (white.isdigit() and black.isdigit()):
            raise ValueError(f"idle={text}: give White's and Black's counts as W/B, e.g. 1/0")
        return int(white), int(black)

    def _check_position(self, board: tuple[int, ...]) -> None:
        """ValueError if the position cannot arise: one king a side, gladiators left to at
        least one side, and (with the arena) gladiators in it and supporters out (AR-8, AR-10)."""
        for side in (0, 1):
            kings = board.count(KING | side << 3)
            if kings != 1:
                raise ValueError(f"{self.side_names[side]} has {kings} kings; each side has one")
        if PAWN not in board and PAWN | cb.BLACK not in board:
            raise ValueError("neither side has a gladiator: the game ends with the last capture")
        for sq, p in enumerate(board):
            if not p:
                continue
            if p & 7 == PAWN and not self.movers.gladiator_ok[sq]:
                raise ValueError(f"a gladiator on {self.geo.name(sq)} is outside the arena (AR-8)")
            if p & 7 != PAWN and not self.movers.supporter_ok[sq]:
                raise ValueError(f"a supporter on {self.geo.name(sq)} is in the arena (AR-10)")

    def _settle(self, state: ArenaState, events: list[Event]) -> ArenaState:
        """Where play stands from ``state``: a turn's start is begun (AR-5, AR-12, AR-13); a
        supporter half with no move ends the turn."""
        if state.phase == GLADIATOR:
            return self._start_turn(state, events)
        if self.outcome(state) is None and not self.moves(state):
            return self._end_turn(state, events)
        return state

    # -- move generation -----------------------------------------------------------------------

    def gladiator_moves(self, board: tuple[int, ...], side: int) -> Grants:
        return self.movers.gladiator_moves(board, side)

    def grants(self, board: tuple[int, ...], sq: int) -> list[tuple[int, list[int]]]:
        return self.movers.grants(board, sq)

    def supporter_moves(self, board: tuple[int, ...], side: int) -> list[tuple[int, int]]:
        return self.movers.supporter_moves(board, side)

    def moves(self, state: ArenaState) -> Mapping[tuple[int, int], tuple[int, ...]]:
        """The moves of the decision now: (from, to) -> granting supporters (none for those).
        Read-only, and kept for recent states (a state's moves never change)."""
        return self._moves(state)

    def _find_moves(self, state: ArenaState) -> Mapping[tuple[int, int], tuple[int, ...]]:
        if state.phase == GLADIATOR:
            return MappingProxyType(self.gladiator_moves(state.board, state.side))
        return MappingProxyType(dict.fromkeys(self.supporter_choices(state), ()))

    def supporter_choices(self, state: ArenaState) -> list[tuple[int, int]]:
        """The supporter moves open now. With the option ``freeing_move`` (AR-5, on by
        default), a player whose gladiator half was skipped must free a gladiator if they can."""
        moves = self.supporter_moves(state.board, state.side)
        if not (self.options.get("freeing_move") and state.idle[state.side]):
            return moves
        freeing = [m for m in moves if self.movers.frees(state.board, m, state.side)]
        return freeing or moves

    # -- the decision interface ----------------------------------------------------------------

    def to_move(self, state: ArenaState) -> str:
        return SEATS[state.side]

    def side_to_move(self, state: ArenaState) -> int:
        return state.side

    def legal_actions(self, state: ArenaState) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        return [Action(MOVE, squares) for squares in self.moves(state)]

    def apply(
        self, state: ArenaState, action: Action, dice: Dice
    ) -> tuple[ArenaState, list[Event]]:
        legal = action.kind == MOVE and not action.choice and action.squares in self.moves(state)
        if not legal or self.outcome(state) is not None:
            raise self.refused(state, action)
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
        side = state.side
        idle = (0, state.idle[1]) if side == 0 else (state.idle[0], 0)
        state = replace(state, idle=idle, phase=SUPPORTER, quiet=state.quiet + 1)
        if victim:
            state = replace(state, quiet=0, keys=())
            events.append(Note(EventTag.CAPTURE, squares=(frm, to), side=side, rule="AR-7"))
            result = self.outcome(state)
            if result is not None:
                events.append(ending_note(result, (to,)))
                return state
        if self.moves(state):
            return state
        events.append(Note(EventTag.PASS, fact=Fact.NO_SUPPORTER_MOVE, side=side, rule="AR-5"))
        return self._end_turn(state, events)

    def _end_turn(self, state: ArenaState, events: list[Event]) -> ArenaState:
        return self._start_turn(self._next_side(state), events)

    @staticmethod
    def _next_side(state: ArenaState) -> ArenaState:
        return replace(state, side=1 - state.side, fullmove=state.fullmove + state.side)

    def _start_turn(self, state: ArenaState, events: list[Event]) -> ArenaState:
        """``state`` begins ``state.side``'s turn: apply the draw rules (AR-12, AR-13) and skip
        the halves that are impossible (AR-5), passing whole turns while nobody can move."""
        while True:
            state = replace(state, phase=GLADIATOR, keys=state.keys + (state.start_key(),))
            if self._ended(state, events) or self.moves(state):
                return state
            idle = (state.idle[0] + (state.side == 0), state.idle[1] + (state.side == 1))
            state = replace(state, phase=SUPPORTER, idle=idle, quiet=state.quiet + 1)
            side = state.side
            events.append(Note(EventTag.PASS, fact=Fact.NO_GLADIATOR_MOVE, side=side, rule="AR-5"))
            if self._ended(state, events) or self.moves(state):
                return state
            events.append(Note(EventTag.PASS, fact=Fact.NEITHER_MOVE, side=side, rule="AR-5"))
            state = self._next_side(state)

    def _ended(self, state: ArenaState, events: list[Event]) -> bool:
        """Has the game ended in ``state``? If so, the result is narrated in ``events``."""
        result = self.outcome(state)
        if result is None:
            return False
        events.append(ending_note(result))
        return True

    # -- the end (AR-11, AR-12, AR-13) -----------------------------------------------------------

    def outcome(self, state: ArenaState) -> Outcome | None:
        board = state.board
        for side in (0, 1):
            if PAWN | side << 3 not in board:
                return Outcome(1 - side, rule="AR-11", kind=Ending.ALL_CAPTURED)
        if min(state.idle) >= 2:
            return Outcome(None, rule="AR-12", kind=Ending.NO_MOVES)
        if state.phase == GLADIATOR:
            return self._quiet_draw(state)
        return None

    def _quiet_draw(self, state: ArenaState) -> Outcome | None:
        """AR-13 (Ruling, round 2), at the start of a turn: no capture for ``quiet_turns``
        turns each, or the same position beginning a turn ``repetitions`` times."""
        quiet = self.quiet_turns
        if state.quiet >= 2 * quiet:
            return Outcome(None, rule="AR-13", kind=Ending.QUIET, numbers=(quiet,))
        times = self.repetitions
        if state.keys and state.keys.count(state.keys[-1]) >= times:
            return Outcome(None, rule="AR-13", kind=Ending.REPETITION, numbers=(times,))
        return None

    def lost(self, state: ArenaState) -> tuple[int, int]:
        """Gladiators each side has lost (of those it started with)."""
        board = state.board
        return (
            max(0, self.starting[0] - board.count(PAWN)),
            max(0, self.starting[1] - board.count(PAWN | cb.BLACK)),
        )

    # -- numbers for computer players ----------------------------------------------------------

    def evaluate(self, state: ArenaState, side: int) -> float:
        """The lead in gladiators as a share of those left, each gladiator able to move, the
        tempo of the side whose gladiator move comes next, and White's turn in hand while
        Black's is on, in the variant file's pawns (supporters are never captured, so they
        count for nothing)."""
        outcome = self.outcome(state)
        if outcome is not None:
            return 0.0 if outcome.winner is None else (WON if outcome.winner == side else -WON)
        board = state.board
        own, enemy = board.count(PAWN | side << 3), board.count(PAWN | (1 - side) << 3)
        mine = {frm for frm, _ in self.gladiator_moves(board, side)}
        theirs = {frm for frm, _ in self.gladiator_moves(board, 1 - side)}
        first = state.side if state.phase == GLADIATOR else 1 - state.side
        weights: ArenaData = self.data
        tempo = weights.tempo * (own + enemy) / FULL
        ahead = weights.turn_ahead if state.side == 1 else 0.0
        return (
            self.values[PAWN] * weights.lead * math.log(own / enemy)
            + weights.empowered * (len(mine) - len(theirs))
            + (tempo if first == side else -tempo)
            + (ahead if side == 0 else -ahead)
        )

    def searcher(self) -> Searcher[ArenaState] | None:
        """Alpha-beta over the decisions (no dice in these games)."""
        from battlechess_tui.rules.arena.search import ArenaSearcher

        return ArenaSearcher(self)

    # -- counting ------------------------------------------------------------------------------

    def perft(self, state: ArenaState, depth: int) -> int:
        """Leaves of the tree of whole turns ``depth`` turns deep (see ``perft_unit``)."""
        if depth == 0:
            return 1
        if self.outcome(state) is not None:
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
            if child.turn == turn and self.outcome(child) is None:
                total += self._perft_turn(child, depth, turn)
            else:
                total += self.perft(child, self._levels_left(depth, turn, child))
        return total

    @staticmethod
    def _levels_left(depth: int, turn: int, child: ArenaState) -> int:
        """Levels left below ``child`` once turn ``turn`` is done: one per turn ended, passed
        turns included (a turn the game ended counts one); none once the horizon is passed."""
        return max(0, depth - max(1, child.turn - turn))

    def divide(self, state: ArenaState, depth: int) -> list[tuple[str, int]]:
        """``perft`` below each first whole turn, written as its decisions (``b3c5 h1g1``)."""
        out: list[tuple[str, int]] = []
        if self.outcome(state) is not None:
            return out

        def walk(s: ArenaState, prefix: str) -> None:
            for action in self.legal_actions(s):
                child, _ = self.apply(s, action, AssumeWon())
                text = f"{prefix} {action.text(self.geo)}".strip()
                if child.turn == state.turn and self.outcome(child) is None:
                    walk(child, text)
                else:
                    left = self._levels_left(depth, state.turn, child)
                    out.append((text, self.perft(child, left)))

        walk(state, "")
        return out

    # -- refusals ------------------------------------------------------------------------------

    def refusal_reason(self, state: ArenaState, action: Action) -> Refusal:
        if self.outcome(state) is not None:
            return Refusal(SharedReason.GAME_OVER)
        if action.kind != MOVE or len(action.squares) != 2:
            return Refusal(Reason.NOT_A_MOVE, actions=(action,), rule="AR-4")
        if action.choice:
            return Refusal(Reason.NO_PROMOTION, names=(action.choice,), rule="AR-8")
        frm, to = action.squares
        board, side = state.board, state.side
        p = board[frm]
        if not p:
            return Refusal(SharedReason.NO_PIECE, (frm,))
        if p >> 3 != side:
            return Refusal(SharedReason.NOT_YOURS, (frm,), (piece_ref(p, frm),))
        if frm == to:
            return Refusal(SharedReason.SAME_SQUARE, (frm,))
        if board[to] and board[to] >> 3 == side:
            return Refusal(SharedReason.OWN_PIECE_THERE, (to,), (piece_ref(board[to], to),))
        gladiator = p & 7 == PAWN
        if state.phase == SUPPORTER and gladiator:
            if state.idle[side]:  # the gladiator half was skipped, not made (AR-5)
                return Refusal(Reason.HALF_SKIPPED, rule="AR-5")
            return Refusal(Reason.GLADIATOR_MOVED, rule="AR-4")
        if state.phase == GLADIATOR and not gladiator:
            return Refusal(Reason.GLADIATOR_FIRST, rule="AR-4")
        if gladiator:
            return self._gladiator_refusal(state, frm, to)
        return self._supporter_refusal(state, frm, to)

    def _gladiator_refusal(self, state: ArenaState, frm: int, to: int) -> Refusal:
        board = state.board
        sources = supporters_seeing(self.tables, board, frm)
        if not sources:
            return Refusal(Reason.UNSUPPORTED, (frm,), rule="AR-6")
        if board[to]:
            return Refusal(Reason.GLADIATOR_NO_CAPTURE, (to,), rule="AR-7")
        if not self.movers.gladiator_ok[to]:
            return Refusal(Reason.GLADIATOR_OUTSIDE, (to,), rule="AR-8")
        empty = self.movers.empty_board
        if any(to in reach(self.tables, empty, frm, board[s] & 7) for s in sources):
            return Refusal(Reason.GLADIATOR_BLOCKED, (frm, to), rule="AR-6")
        ways = tuple(piece_ref(board[s], s) for s in sources)
        return Refusal(Reason.GLADIATOR_WAYS, (frm, to), ways, rule="AR-6")

    def _supporter_refusal(self, state: ArenaState, frm: int, to: int) -> Refusal:
        board, geo = state.board, self.geo
        typ = board[frm] & 7
        if self.frees_refused(state, frm, to):
            return Refusal(Reason.SUPPORTER_MUST_FREE, rule="AR-5")
        if typ == KING and geo.rank(frm) == geo.rank(to) and abs(geo.file(frm) - geo.file(to)) == 2:
            return Refusal(Reason.NO_CASTLING, rule="AR-9")
        if board[to]:
            return Refusal(Reason.SUPPORTER_NO_CAPTURE, (to,), rule="AR-9")
        if not self.movers.supporter_ok[to]:
            return Refusal(Reason.SUPPORTER_IN_ARENA, (to,), rule="AR-10")
        if to in reach(self.tables, self.movers.empty_board, frm, typ):
            return Refusal(Reason.SUPPORTER_BLOCKED, (frm, to))
        return Refusal(SharedReason.CANNOT_REACH, (frm, to), (piece_ref(board[frm], frm),))

    def frees_refused(self, state: ArenaState, frm: int, to: int) -> bool:
        """Is (frm, to) a supporter move refused only by the ``freeing_move`` option?"""
        plain = self.supporter_moves(state.board, state.side)
        return (frm, to) in plain and (frm, to) not in self.moves(state)
