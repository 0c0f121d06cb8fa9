"""Where pieces may go, what landing there means, and check (GC-5..GC-10, GC-21..GC-29).

Targets come from the engine's movement primitives (``Slide``, ``Leap``, ``Pawn``, ``Bent``)
read from the variant file; ``classify`` then says what a landing is: a step, an attack, the
King's instant kill, the Queen's freeze, a Queen's abduction, or an attack on a frozen piece.
Legal moves are filtered so that no move leaves the team's own checkable King in check (GC-22),
judging every battle as won (GC-24).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from battlechess_tui.engine.movement import Bent, Leap, Movement, Pawn, Slide

from .state import (
    ALIVE,
    EMPTY,
    KING,
    KINGS_KNIGHT,
    QUEEN,
    Piece,
    Position,
    find,
    held_by,
    protected,
    queen_free,
)
from .tables import Tables

STEP = "step"  # to an empty square
ATTACK = "attack"  # a battle (GC-18)
KILL = "kill"  # the protected King's instant kill (GC-23)
FREEZE = "freeze"  # the Queen lands on an enemy (GC-27)
ABDUCT = "abduct"  # the enemy Queen is captured (GC-29)
STRIKE = "strike"  # a friendly piece attacks the piece its Queen holds frozen (GC-30)


@dataclass(frozen=True, slots=True)
class Move:
    """A move of the piece on ``frm`` (its id is ``board[frm]``) and what landing means."""

    frm: int
    to: int
    how: str


@dataclass(frozen=True, slots=True)
class Facts:
    """What the move rules need to know about both teams, read once per position."""

    protected: tuple[bool, bool]
    queen_free: tuple[bool, bool]
    holding: dict[int, int]  # queen id -> id of the piece she holds frozen
    abductor_of: dict[int, int]  # abductor id -> side of the Queen it holds
    kk_alive: tuple[int, int]  # living King's Knights per side


def facts(pos: Position) -> Facts:
    holding: dict[int, int] = {}
    abductor_of: dict[int, int] = {}
    for side in (0, 1):
        queen = find(pos, QUEEN, side)
        if queen is None:
            continue
        held = held_by(pos, queen)
        if held is not None:
            holding[queen.id] = held.id
        if not queen_free(pos, side):
            abductor_of[queen.holder] = side
    kk = [0, 0]
    for p in pos.pieces:
        if p.kind == KINGS_KNIGHT and p.status in ALIVE:
            kk[p.side] += 1
    return Facts(
        (protected(pos, 0), protected(pos, 1)),
        (queen_free(pos, 0), queen_free(pos, 1)),
        holding,
        abductor_of,
        (kk[0], kk[1]),
    )


def raw_targets(t: Tables, board: Sequence[int], p: Piece, queen_is_free: bool) -> list[int]:
    """Squares the piece's movement reaches, counting every occupied square as enterable."""

    def occupant(sq: int) -> int | None:
        return None if board[sq] == EMPTY else 1 - p.side

    out: list[int] = []
    for mv in t.movement(p.kind, queen_is_free):
        for sq in mv.targets(t.geo, p.sq, p.side, occupant):
            if sq not in out:
                out.append(sq)
    return out


def classify(t: Tables, pos: Position, f: Facts, p: Piece, to: int, in_check: bool) -> str | None:
    """What moving ``p`` onto ``to`` means, or None if the rules forbid landing there."""
    target = pos.at(to)
    if target is None:
        return STEP
    mine = target.side == p.side
    if p.kind == QUEEN:  # GC-27 (the enemy Queen too, ruling), GC-28
        if mine or (target.kind == KING and f.protected[target.side]):
            return None
        return FREEZE
    king_protected = p.kind == KING and f.protected[p.side]
    if target.kind == QUEEN:
        if king_protected:  # GC-23: never onto a square holding either Queen
            return None
        if not mine:  # GC-29
            return ABDUCT if p.kind in t.data.queen_captors or p.kind == KING else None
        prisoner = f.holding.get(target.id, EMPTY)  # GC-30; a frozen Queen is never attacked
        return STRIKE if prisoner != EMPTY and pos.pieces[prisoner].kind != QUEEN else None
    if mine:  # GC-23: the King's own pieces only to get out of check
        return KILL if king_protected and in_check else None
    if target.kind == KING and f.protected[target.side]:  # GC-21
        return None
    return KILL if king_protected else ATTACK


def reaches(t: Tables, mv: Movement, frm: int, to: int, side: int, board: Sequence[int]) -> bool:
    """Whether ``mv`` could take a piece from ``frm`` onto an occupied ``to`` (check, GC-22)."""
    geo = t.geo

    def occupant(sq: int) -> int | None:
        return None if board[sq] == EMPTY else 1 - side

    if isinstance(mv, Leap):
        return to in geo.leaps(mv.offsets)[frm]
    if isinstance(mv, Pawn):
        return to in mv.capture_squares(geo, frm, side)
    if isinstance(mv, Slide):
        (fx, fy), (tx, ty) = geo.xy(frm), geo.xy(to)
        dx, dy = tx - fx, ty - fy
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return False
        unit = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        if unit not in mv.directions or (mv.limit and max(abs(dx), abs(dy)) > mv.limit):
            return False
        return all(board[s] == EMPTY for s in mv.path(geo, frm, to, side, occupant))
    if isinstance(mv, Bent):
        paths = mv.routes(geo, frm).get(to, ())
        return any(all(board[s] == EMPTY for s in path) for path in paths)
    return to in mv.attacks(geo, frm, side, occupant)


def attacked(
    t: Tables,
    board: Sequence[int],
    enemies: Iterable[tuple[int, Piece]],
    king_sq: int,
    queen_is_free: Sequence[bool],
) -> bool:
    """GC-22: one of ``enemies`` (square, piece; never a Queen) could move onto ``king_sq``."""
    for sq, e in enemies:
        free = queen_is_free[e.side]
        if king_sq not in t.reach(e.kind, e.side, free)[sq]:
            continue
        for mv in t.movement(e.kind, free):
            if reaches(t, mv, sq, king_sq, e.side, board):
                return True
    return False


def checkers(pos: Position, side: int) -> list[tuple[int, Piece]]:
    """The pieces that could give check to ``side``'s King: enemies on the board but Queens."""
    return [(p.sq, p) for p in pos.pieces if p.side != side and p.on_board and p.kind != QUEEN]


class Generator:
    """Legal moves of one position, with the facts and check state computed once."""

    def __init__(self, t: Tables, pos: Position) -> None:
        self.t = t
        self.pos = pos
        self.f = facts(pos)
        self.side = pos.side
        self.enemies = checkers(pos, self.side)
        king = find(pos, KING, self.side)
        self.king_at = king.sq if king is not None and king.on_board else EMPTY
        self.check = (
            self.king_at != EMPTY
            and self.f.protected[self.side]
            and attacked(t, pos.board, self.enemies, self.king_at, self.f.queen_free)
        )
        self._exposed: dict[int, bool] = {}

    def moves_of(self, pids: Iterable[int]) -> list[Move]:
        out: list[Move] = []
        for pid in pids:
            out.extend(self._moves(self.pos.pieces[pid]))
        return out

    def can_move(self, p: Piece) -> bool:
        return next(self._moves(p), None) is not None

    def _moves(self, p: Piece) -> Iterator[Move]:
        t, pos, f = self.t, self.pos, self.f
        quick = self.quick(p)
        for to in raw_targets(t, pos.board, p, f.queen_free[p.side]):
            how = classify(t, pos, f, p, to, self.check)
            if how is None:
                continue
            move = Move(p.sq, to, how)
            if (quick and how in (STEP, ATTACK, FREEZE) and not self.frees_queen(move)) or (
                self.safe(move)
            ):
                yield move

    def quick(self, p: Piece) -> bool:
        """Whether the piece's plain moves need no check test: nothing to mind (GC-25, GC-26),
        or not in check and neither the King, nor a Queen freeing a prisoner, nor pinned.
        Landing where a piece stood, or on an empty square, never uncovers check."""
        if not self.f.protected[self.side]:
            return True
        return (
            not self.check
            and p.kind != KING
            and p.id not in self.f.holding
            and not (self.exposes(p))
        )

    def frees_queen(self, move: Move) -> bool:
        """The move gets the team's captured Queen back, so its King becomes checkable."""
        f, side = self.f, self.side
        if move.how == ABDUCT:
            return not f.queen_free[side]
        target = self.pos.at(move.to)
        return target is not None and f.abductor_of.get(target.id) == side

    def safe(self, move: Move) -> bool:
        """GC-22/GC-24: after the move (battle won) the own checkable King is not in check."""
        if not self.f.protected[self.side] and not self.frees_queen(move):
            return True
        return not self.leaves_check(move)

    def exposes(self, p: Piece) -> bool:
        """Lifting ``p`` off the board would put its own King in check (a pinned piece)."""
        king_sq = self.king_at
        if king_sq == EMPTY or p.sq not in self.t.lines_to(king_sq, 1 - self.side):
            return False
        if p.id not in self._exposed:
            self._exposed[p.id] = self.leaves_check(Move(p.sq, p.sq, "lift"))
        return self._exposed[p.id]

    def leaves_check(self, move: Move) -> bool:
        """Play ``move`` on a scratch board, every battle won, and look for check."""
        pos, f, side = self.pos, self.f, self.side
        board, pieces = list(pos.board), pos.pieces
        p = pieces[board[move.frm]]
        enemies = [(s, e) for s, e in self.enemies if s != move.to]
        prisoner = f.holding.get(p.id, EMPTY)  # a Queen leaving frees her prisoner
        board[move.frm] = prisoner
        if prisoner != EMPTY and pieces[prisoner].kind != QUEEN:  # a Queen never checks
            enemies.append((move.frm, pieces[prisoner]))
        if move.how != "lift":
            board[move.to] = p.id
        free = list(f.queen_free)
        kk = list(f.kk_alive)
        target = pos.at(move.to)
        if move.how == ABDUCT:
            if free[side]:
                free[1 - side] = False
            else:
                free = [True, True]  # the Queens are swapped (GC-31)
        elif move.how in (ATTACK, KILL) and target is not None:
            if f.abductor_of.get(target.id) == side:
                free[side] = True  # killing the abductor frees our Queen (GC-31)
            if target.kind == KINGS_KNIGHT:
                kk[target.side] -= 1
        if not (kk[side] and free[side]):
            return False  # the King cannot be checked any more (GC-25, GC-26)
        king_sq = move.to if p.kind == KING and move.how != "lift" else self.king_at
        if king_sq == EMPTY:
            return False
        return attacked(self.t, board, enemies, king_sq, free)
