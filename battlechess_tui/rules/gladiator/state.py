"""The state of a Gladiator Chess game: one record per piece, the turn's progress, open choices.

Pieces have identity (GC-20: damage lasts; GC-27: a frozen piece comes back to its square; the
tally sheet lists every piece), so the board maps squares to piece ids and each ``Piece`` record
says where that piece is and how hurt. States are frozen and hashable and never change:
``apply`` works on a ``Work`` copy and freezes it into a new state.

Ids are canonical: ``Work.freeze`` numbers the pieces in one fixed order (by square, each piece
followed by what it holds, then the pieces off the board by kind), so one position is one
state however it was reached, and the position text (``notation``) can name it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from battlechess_tui.engine.rules import Outcome

EMPTY = -1
SIDES = ("white", "black")


class Status(StrEnum):
    """Where a piece is (``Piece.status``); the value is what position text writes."""

    BOARD = "board"  # on ``Piece.sq``
    FROZEN = "frozen"  # held by the enemy Queen ``Piece.holder`` (GC-27)
    ABDUCTED = "abducted"  # a Queen in the Captured Queen box, held by ``Piece.holder`` (GC-29)
    RETURNING = "returning"  # freed, waiting to be put on a square (GC-29..GC-31)
    KILLED = "killed"  # on its team's tally sheet; may return by promotion (GC-11)
    RETIRED = "retired"  # a Footman or Squire replaced by a returning piece (GC-11)


BOARD, FROZEN, ABDUCTED = Status.BOARD, Status.FROZEN, Status.ABDUCTED
RETURNING, KILLED, RETIRED = Status.RETURNING, Status.KILLED, Status.RETIRED
ALIVE = (BOARD, FROZEN, ABDUCTED, RETURNING)
#: Off the board and holding no place: the order they are numbered and written in.
LOOSE = (KILLED, RETIRED, RETURNING)

# The roles the rules name; they are piece keys of the variant file.
KING, QUEEN, KINGS_KNIGHT = "king", "queen", "kings-knight"


class Phase(StrEnum):
    """How far the current commander's move has got (``GladiatorState.phase``)."""

    START = "start"  # not yet set up (seen only inside ``advance``, and in finished games)
    MOVE = "move"  # waiting for the move: the commander's, or the King's when ``overriding``
    DONE = "done"  # the move is made; open choices (pending) come first, then the next one


START, MOVE, DONE = Phase.START, Phase.MOVE, Phase.DONE


@dataclass(frozen=True, slots=True)
class Piece:
    id: int
    kind: str
    side: int
    hp: int  # 0 for a piece without hit points (the Queen), and for killed pieces
    sq: int = EMPTY
    status: Status = BOARD
    holder: int = EMPTY  # the Queen that froze it, or the abductor of this Queen

    @property
    def on_board(self) -> bool:
        return self.status == BOARD


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice the rules ask for after a move: where a piece goes, or which piece returns."""

    kind: str  # PLACE (a Queen next to her King), RETURN (a freed piece), PROMOTE
    seat: str
    piece: int
    options: tuple[Any, ...] = ()  # squares for place/return, piece kinds for promote
    near: int = EMPTY  # return: the square it was held on (GC-29, a full back rank)


@dataclass(frozen=True)
class GladiatorState:
    board: tuple[int, ...]  # square -> piece id or EMPTY
    pieces: tuple[Piece, ...]  # by id
    side: int = 0  # the team whose turn it is
    step: int = 0  # index of the commander whose move it is (GC-12)
    phase: Phase = MOVE
    overriding: bool = False  # the King's player makes this move (GC-14, GC-15)
    moved: frozenset[int] = frozenset()  # pieces on the board moved this turn (GC-13)
    pending: tuple[Pending, ...] = ()
    held: tuple[int, int] = (0, 0)  # turns each side's Queen has been held (GC-34)
    turn: int = 1  # full turns, White's and Black's
    moves_made: int = 0  # moves this team turn
    idle: int = 0  # team turns in a row without a move (GC-35)
    quiet: int = 0  # team turns since a kill, capture, promotion or pawn move (GC-37)
    result: Outcome | None = None
    ended_on: int = EMPTY  # the square where the King died (GC-33), for the position text
    loud: bool = False  # this team turn had a kill, capture, promotion or pawn move (GC-37)

    def __hash__(self) -> int:
        """Equal states hash equal: the hash reads the fields that tell positions apart
        quickly (the board and the hit points, the turn's progress), not every record."""
        hp = tuple([p.hp for p in self.pieces])
        return hash((self.board, hp, self.side, self.step, self.phase, self.moved, self.held))

    def at(self, sq: int) -> Piece | None:
        pid = self.board[sq]
        return None if pid == EMPTY else self.pieces[pid]


class Work:
    """A private, changeable copy of a state while one action is carried out."""

    board: list[int]
    pieces: list[Piece]
    side: int
    step: int
    phase: Phase
    overriding: bool
    moved: frozenset[int]
    pending: tuple[Pending, ...]
    held: tuple[int, int]
    turn: int
    moves_made: int
    idle: int
    quiet: int
    result: Outcome | None
    ended_on: int
    loud: bool

    def __init__(self, state: GladiatorState) -> None:
        for f in fields(GladiatorState):
            setattr(self, f.name, getattr(state, f.name))
        self.board = list(state.board)
        self.pieces = list(state.pieces)
        self.analysis: Any = None  # what ``turns.begin_step`` found out (the rules keep it)

    def not_quiet(self) -> None:
        """A kill, capture, promotion or pawn move: this team turn is not quiet, and the
        quiet team turns are counted again after it (GC-37)."""
        self.quiet = 0
        self.loud = True

    def freeze(self) -> GladiatorState:
        """The state, its pieces numbered in the canonical order."""
        new_id = {old: new for new, old in enumerate(canonical_order(self.board, self.pieces))}

        def ref(pid: int) -> int:
            return EMPTY if pid == EMPTY else new_id[pid]

        pieces = [EMPTY_PIECE] * len(self.pieces)
        for p in self.pieces:
            new = new_id[p.id]
            pieces[new] = Piece(new, p.kind, p.side, p.hp, p.sq, p.status, ref(p.holder))
        values = {f.name: getattr(self, f.name) for f in fields(GladiatorState)}
        values["board"] = tuple(ref(pid) for pid in self.board)
        values["pieces"] = tuple(pieces)
        values["moved"] = frozenset(new_id[pid] for pid in self.moved)
        values["pending"] = tuple(replace(item, piece=new_id[item.piece]) for item in self.pending)
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

    def lift(self, pid: int, status: Status, holder: int = EMPTY) -> None:
        """Take piece ``pid`` off the board into ``status``. A killed or retired piece keeps
        nothing: no hit points, no mark of having moved (it is one of its kind on the sheet)."""
        p = self.pieces[pid]
        if p.status == BOARD and self.board[p.sq] == pid:
            self.board[p.sq] = EMPTY
        hp = 0 if status in (KILLED, RETIRED) else p.hp
        if status in (KILLED, RETIRED):
            self.moved = self.moved - {pid}
        self.pieces[pid] = replace(p, sq=EMPTY, status=status, holder=holder, hp=hp)

    def set_hp(self, pid: int, hp: int) -> None:
        self.pieces[pid] = replace(self.pieces[pid], hp=hp)

    def set_held(self, side: int, turns: int) -> None:
        """How many turns ``side``'s Queen has been held (GC-34)."""
        self.held = (turns, self.held[1]) if side == 0 else (self.held[0], turns)


EMPTY_PIECE = Piece(EMPTY, "", 0, 0)
Position = GladiatorState | Work


def canonical_order(board: list[int] | tuple[int, ...], pieces: list[Piece]) -> list[int]:
    """Piece ids in canonical order: by square, each followed by the piece it holds frozen or
    the Queen it abducted; then the pieces off the board (killed, retired, returning) by
    status, side, kind and hit points."""
    held: dict[int, list[int]] = {}
    loose: list[Piece] = []
    for p in pieces:
        if p.status in (FROZEN, ABDUCTED) and pieces[p.holder].status == BOARD:
            held.setdefault(p.holder, []).append(p.id)
        elif p.status != BOARD:
            loose.append(p)
    order: list[int] = []
    for pid in board:
        if pid != EMPTY:
            order.append(pid)
            order.extend(held.get(pid, ()))
    loose.sort(
        key=lambda p: (LOOSE.index(p.status) if p.status in LOOSE else 3, p.side, p.kind, p.hp)
    )
    return order + [p.id for p in loose]


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
    """The side's Queen is not in the Captured Queen box (a frozen Queen is not captured,
    GC-27 ruling)."""
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
