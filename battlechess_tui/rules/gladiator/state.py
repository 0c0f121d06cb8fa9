"""The state of a Gladiator Chess game: one record per piece, the turn's progress, open choices.

Pieces have identity (GC-20: damage lasts; GC-27: a frozen piece comes back to its square; the
tally sheet lists every piece), so the board maps squares to piece ids and each ``Piece`` record
says where that piece is and how hurt. States are never changed: ``apply`` works on a ``Work``
copy and freezes it into a new state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from battlechess_tui.engine.variant import Outcome

EMPTY = -1
SIDES = ("white", "black")

# Where a piece is (``Piece.status``).
BOARD = "board"  # on ``Piece.sq``
FROZEN = "frozen"  # held by the enemy Queen ``Piece.holder`` (GC-27)
KILLED = "killed"  # on its team's tally sheet; may return by promotion (GC-11)
ABDUCTED = "abducted"  # a Queen in the Captured Queen box, held by ``Piece.holder`` (GC-29)
RETURNING = "returning"  # a Queen freed, waiting to be placed next to her King (GC-30, GC-31)
RETIRED = "retired"  # a Footman or Squire replaced by a returning piece (GC-11)
ALIVE = (BOARD, FROZEN, ABDUCTED, RETURNING)

# The roles the rules name; they are piece keys of the variant file.
KING, QUEEN, KINGS_KNIGHT = "king", "queen", "kings-knight"

# What the current commander's move is waiting for (``GladiatorState.phase``).
DECIDE = "decide"  # the King's player: override or not (GC-14)
MOVE = "move"  # a move by the commander, or by the King when ``overriding``
DONE = "done"  # the move is made; open choices (pending) come first, then the next commander


@dataclass(frozen=True, slots=True)
class Piece:
    id: int
    kind: str
    side: int
    hp: int  # 0 for a piece without hit points (the Queen)
    sq: int = EMPTY
    status: str = BOARD
    holder: int = EMPTY  # the Queen that froze it, or the abductor of this Queen

    @property
    def on_board(self) -> bool:
        return self.status == BOARD


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice the rules ask for after a move: where a piece goes, or which piece returns."""

    kind: str  # "place" (a Queen next to her King), "return" (a freed piece), "promote"
    seat: str
    piece: int
    options: tuple[Any, ...]  # squares for place/return, piece kinds for promote


@dataclass(frozen=True)
class GladiatorState:
    board: tuple[int, ...]  # square -> piece id or EMPTY
    pieces: tuple[Piece, ...]  # by id
    side: int = 0  # the team whose turn it is
    step: int = 0  # index of the commander whose move it is (GC-12)
    phase: str = MOVE
    overriding: bool = False  # the King's player makes this move (GC-14, GC-15)
    moved: frozenset[int] = frozenset()  # pieces moved this turn (GC-13)
    pending: tuple[Pending, ...] = ()
    held: tuple[int, int] = (0, 0)  # turns each side's Queen has been held (GC-34)
    turn: int = 1  # full turns, White's and Black's
    moves_made: int = 0  # moves this team turn
    idle: int = 0  # team turns in a row without a move (GC-35)
    quiet: int = 0  # team turns since a kill, promotion or pawn move (GC-35 ruling)
    result: Outcome | None = None
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def at(self, sq: int) -> Piece | None:
        pid = self.board[sq]
        return None if pid == EMPTY else self.pieces[pid]


class Work:
    """A private, changeable copy of a state while one action is carried out."""

    board: list[int]
    pieces: list[Piece]

    def __init__(self, state: GladiatorState) -> None:
        for f in fields(GladiatorState):
            if f.name != "cache":
                setattr(self, f.name, getattr(state, f.name))
        self.board = list(state.board)
        self.pieces = list(state.pieces)
        self.cache: dict[str, Any] = {}

    def freeze(self) -> GladiatorState:
        values = {f.name: getattr(self, f.name) for f in fields(GladiatorState)}
        values["board"] = tuple(self.board)
        values["pieces"] = tuple(self.pieces)
        return GladiatorState(**values)

    def at(self, sq: int) -> Piece | None:
        pid = self.board[sq]
        return None if pid == EMPTY else self.pieces[pid]

    def put(self, pid: int, sq: int) -> None:
        """Stand piece ``pid`` on ``sq`` (from wherever it was), over nothing."""
        p = self.pieces[pid]
        if p.status == BOARD and self.board[p.sq] == pid:
            self.board[p.sq] = EMPTY
        self.board[sq] = pid
        self.pieces[pid] = replace(p, sq=sq, status=BOARD, holder=EMPTY)

    def lift(self, pid: int, status: str, holder: int = EMPTY) -> None:
        """Take piece ``pid`` off the board into ``status``."""
        p = self.pieces[pid]
        if p.status == BOARD and self.board[p.sq] == pid:
            self.board[p.sq] = EMPTY
        self.pieces[pid] = replace(p, sq=EMPTY, status=status, holder=holder)

    def set_hp(self, pid: int, hp: int) -> None:
        self.pieces[pid] = replace(self.pieces[pid], hp=hp)

    def set_held(self, side: int, turns: int) -> None:
        """How many turns ``side``'s Queen has been held (GC-34)."""
        self.held = (turns, self.held[1]) if side == 0 else (self.held[0], turns)


Position = GladiatorState | Work


def seat_key(side: int, commander: str) -> str:
    """``white.queen``: the seat of a commander of a team (GC-2)."""
    return f"{SIDES[side]}.{commander}"


def find(pos: Position, kind: str, side: int) -> Piece | None:
    """The first living piece of ``kind`` on ``side`` (the King, the Queen)."""
    for p in pos.pieces:
        if p.kind == kind and p.side == side and p.status in ALIVE:
            return p
    return None


def queen_free(pos: Position, side: int) -> bool:
    queen = find(pos, QUEEN, side)
    return queen is None or queen.status != ABDUCTED


def protected(pos: Position, side: int) -> bool:
    """GC-21/GC-23: the King's Knight lives and the Queen is free: no attacks on the King, he
    kills instantly, and he can be checked. Otherwise GC-25/GC-26 apply."""
    return find(pos, KINGS_KNIGHT, side) is not None and queen_free(pos, side)


def held_by(pos: Position, queen: Piece) -> Piece | None:
    """The piece ``queen`` holds frozen, if any (GC-27)."""
    for p in pos.pieces:
        if p.status == FROZEN and p.holder == queen.id:
            return p
    return None


def king_square(pos: Position, side: int) -> int:
    """Where the King stands, or (frozen) the square of the Queen that holds him; else EMPTY."""
    king = find(pos, KING, side)
    if king is None:
        return EMPTY
    if king.status == FROZEN:
        return pos.pieces[king.holder].sq
    return king.sq
