"""A fast FIDE-chess position for any board size: make/unmake and pin-aware legal moves.

Shared by every chess-based game (classic, single combat, D&D Battle Chess, the arena games).
Pieces are small ints (type 1..6, plus 8 for Black); moves are ints packing origin, target,
promotion and a flag, so the hot loops allocate nothing but the move list. A ``FrozenBoard``
(``ChessBoard.freeze``) is a position that cannot change, for states to hold; its ``copy`` is a
``ChessBoard`` to move on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, NoReturn

from battlechess_tui.engine.geometry import DIAGONAL, KNIGHT, ORTHOGONAL, Geometry, geometry

EMPTY, PAWN, KNIGHT_, BISHOP, ROOK, QUEEN, KING = range(7)
BLACK = 8
LETTERS = ".PNBRQK"
TYPE_OF_LETTER = {c: i for i, c in enumerate(LETTERS) if i}

NORMAL, DOUBLE, EN_PASSANT, CASTLE = range(4)
WK, WQ, BK, BQ = 1, 2, 4, 8
STANDARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def encode(frm: int, to: int, promo: int = 0, flag: int = NORMAL) -> int:
    """A move as one int: from, to, promotion piece and flag in their bit fields."""
    return frm | to << 8 | promo << 16 | flag << 19


def origin(move: int) -> int:
    """The from-square of an encoded move."""
    return move & 255


def target(move: int) -> int:
    """The to-square of an encoded move."""
    return (move >> 8) & 255


def promotion(move: int) -> int:
    """The piece type an encoded move promotes to (0: none)."""
    return (move >> 16) & 7


def flag(move: int) -> int:
    """An encoded move's kind: NORMAL, DOUBLE, EN_PASSANT or CASTLE."""
    return move >> 19


def side_of(piece: int) -> int:
    """The side (0 White, 1 Black) of a piece code."""
    return piece >> 3


def letter(piece: int) -> str:
    """A piece code's FEN letter (upper case for White)."""
    ch = LETTERS[piece & 7]
    return ch.lower() if piece & BLACK else ch


def placement(geo: Geometry, board: Sequence[int]) -> str:
    """FEN's first field: the pieces rank by rank from the top, runs of empty squares counted."""
    rows = []
    for y in range(geo.height - 1, -1, -1):
        row, gap = "", 0
        for x in range(geo.width):
            p = board[geo.square(x, y)]
            if p:
                row += (str(gap) if gap else "") + letter(p)
                gap = 0
            else:
                gap += 1
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


@dataclass(frozen=True)
class Tables:
    """Precomputed moves per board size."""

    knight: list[tuple[int, ...]]
    king: list[tuple[int, ...]]
    orth: list[tuple[tuple[int, ...], ...]]
    diag: list[tuple[tuple[int, ...], ...]]
    pawn_caps: tuple[list[tuple[int, ...]], list[tuple[int, ...]]]  # per side, per square
    #: Per slider type (bishop, rook, queen), per square: its rays.
    slides: dict[int, list[tuple[tuple[int, ...], ...]]]


@cache
def tables(width: int, height: int) -> Tables:
    """The leaps and rays of every piece on a board of this size, built once per size."""
    geo = geometry(width, height)
    orth, diag = geo.rays(ORTHOGONAL), geo.rays(DIAGONAL)
    return Tables(
        knight=geo.leaps(KNIGHT),
        king=geo.leaps(ORTHOGONAL + DIAGONAL),
        orth=orth,
        diag=diag,
        pawn_caps=(geo.leaps(((-1, 1), (1, 1))), geo.leaps(((-1, -1), (1, -1)))),
        slides={BISHOP: diag, ROOK: orth, QUEEN: [o + d for o, d in zip(orth, diag, strict=True)]},
    )


def attacked_on(b: list[int], t: Tables, sq: int, by: int) -> bool:
    """Is ``sq`` attacked by a piece of side ``by`` on the board list ``b``? (Reads only.)"""
    base = by << 3
    knight = base | KNIGHT_
    for s in t.knight[sq]:
        if b[s] == knight:
            return True
    pawn = base | PAWN
    for s in t.pawn_caps[by ^ 1][sq]:
        if b[s] == pawn:
            return True
    king = base | KING
    for s in t.king[sq]:
        if b[s] == king:
            return True
    queen, rook, bishop = base | QUEEN, base | ROOK, base | BISHOP
    for ray in t.orth[sq]:
        for s in ray:
            p = b[s]
            if p:
                if p == rook or p == queen:
                    return True
                break
    for ray in t.diag[sq]:
        for s in ray:
            p = b[s]
            if p:
                if p == bishop or p == queen:
                    return True
                break
    return False


@dataclass(frozen=True)
class CastleRoute:
    """One castling: the right it needs, where king and rook go, and the squares it needs
    empty and unattacked."""

    right: int
    king_from: int
    king_to: int
    rook_from: int
    rook_to: int
    empty: frozenset[int]  # squares that must be empty (besides king and rook)
    safe: tuple[int, ...]  # squares the king stands on or crosses (FIDE: none attacked)


class FenError(ValueError):
    """A position text that is not a valid FEN for the board, in one line."""


class ChessBoard:
    """A mutable chess position; ``push``/``pop`` make and unmake moves."""

    __slots__ = (
        "geo", "t", "board", "side", "castling", "ep", "halfmove", "fullmove",
        "kings", "routes", "keep", "pawn_dir", "start_rank", "promo_rank",
        "promo_types", "_stack",
    )  # fmt: skip

    board: list[int]  # piece ints, a1 = 0
    kings: list[int]  # each side's king square, -1 if it has none
    routes: Mapping[int, CastleRoute]  # castling right -> its route
    keep: tuple[int, ...]  # per square, the castling rights a move from or to it keeps
    _stack: list[tuple[int, int, int, int, int]]

    def __init__(self, geo: Geometry, fen: str = STANDARD_FEN) -> None:
        self.geo = geo
        self.t = tables(geo.width, geo.height)
        w, h = geo.width, geo.height
        self.pawn_dir = (w, -w)
        self.start_rank = (1, h - 2)
        self.promo_rank = (h - 1, 0)
        self.promo_types = (QUEEN, ROOK, BISHOP, KNIGHT_)
        self._stack: list[tuple[int, int, int, int, int]] = []
        self.set_fen(fen)

    # -- FEN -----------------------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set the position from ``fen`` (missing trailing fields take their defaults); FenError."""
        geo = self.geo
        fields = fen.split()
        if len(fields) < 2:
            fields = (fields or ["8/8/8/8/8/8/8/8"]) + ["w"]
        fields += ["-", "-", "0", "1"][len(fields) - 2 :]
        placement, side, castling, ep, half, full = fields[:6]
        rows = placement.split("/")
        if len(rows) != geo.height:
            raise FenError(f"FEN has {len(rows)} ranks; this board has {geo.height}")
        board = [EMPTY] * geo.size
        kings = [-1, -1]
        for i, row in enumerate(rows):
            y = geo.height - 1 - i
            x = 0
            num = ""
            for ch in row + " ":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    x += int(num)
                    num = ""
                if ch == " ":
                    break
                typ = TYPE_OF_LETTER.get(ch.upper())
                if typ is None:
                    raise FenError(f"FEN: unknown piece {ch!r}")
                if x >= geo.width:
                    raise FenError(f"FEN rank {geo.height - i} is too long")
                piece = typ | (BLACK if ch.islower() else 0)
                board[geo.square(x, y)] = piece
                if typ == KING:
                    kings[side_of(piece)] = geo.square(x, y)
                x += 1
            if x != geo.width:
                raise FenError(
                    f"FEN rank {geo.height - i} has {x} files; the board has {geo.width}"
                )
        if side not in ("w", "b"):
            raise FenError("FEN: side to move must be w or b")
        self.board = board
        self.kings = kings
        self.side = 0 if side == "w" else 1
        self.routes = self._castle_routes(castling)
        self.castling = sum(r.right for r in self.routes.values())
        keep = [~0] * geo.size
        for r in self.routes.values():
            for sq in (r.king_from, r.rook_from):
                keep[sq] &= ~r.right
        self.keep = tuple(keep)
        try:
            self.ep = -1 if ep == "-" else geo.parse(ep)
            self.halfmove = int(half)
            self.fullmove = int(full)
        except ValueError as exc:
            raise FenError(f"FEN: {exc}") from None
        self._stack.clear()

    def _castle_routes(self, text: str) -> dict[int, CastleRoute]:
        routes: dict[int, CastleRoute] = {}
        if text == "-":
            return routes
        geo = self.geo
        for ch in text:
            if ch not in "KQkq":
                raise FenError(f"FEN: castling field {text!r} is not of KQkq")
            side = 0 if ch.isupper() else 1
            ksq = self.kings[side]
            rank = 0 if side == 0 else geo.height - 1
            if ksq < 0 or geo.rank(ksq) != rank:
                continue
            kingside = ch.upper() == "K"
            step = 1 if kingside else -1
            rook_x = geo.width - 1 if kingside else 0
            rook = geo.square(rook_x, rank)
            if self.board[rook] != ROOK | (BLACK * side):
                continue
            kx = geo.file(ksq)
            king_to = ksq + 2 * step
            rook_to = ksq + step
            lo, hi = sorted((kx, rook_x))
            span = {geo.square(x, rank) for x in range(lo, hi + 1)}
            span |= {king_to, rook_to}
            right = (WK if kingside else WQ) << (2 * side)
            routes[right] = CastleRoute(
                right,
                ksq,
                king_to,
                rook,
                rook_to,
                frozenset(span - {ksq, rook}),
                (ksq, ksq + step, king_to),
            )
        return routes

    def fen(self) -> str:
        """The position as FEN."""
        geo = self.geo
        rights = "".join(
            c for bit, c in ((WK, "K"), (WQ, "Q"), (BK, "k"), (BQ, "q")) if self.castling & bit
        )
        ep = geo.name(self.ep) if self.ep >= 0 else "-"
        side = "wb"[self.side]
        rows = placement(geo, self.board)
        return f"{rows} {side} {rights or '-'} {ep} {self.halfmove} {self.fullmove}"

    def copy(self) -> ChessBoard:
        """A board to move on, in this position (a frozen board's copy too)."""
        new = object.__new__(ChessBoard)
        for name in _SHARED:
            setattr(new, name, getattr(self, name))
        new.board = list(self.board)
        new.kings = list(self.kings)
        new._stack = []
        return new

    def freeze(self) -> FrozenBoard:
        """This position as a board that cannot change (what a state holds)."""
        new = object.__new__(FrozenBoard)
        put = object.__setattr__
        for name in _SHARED:
            put(new, name, getattr(self, name))
        put(new, "board", tuple(self.board))
        put(new, "kings", tuple(self.kings))
        routes = self.routes  # read-only once frozen, and shared by the copies made since
        if not isinstance(routes, MappingProxyType):
            routes = MappingProxyType(dict(routes))
        put(new, "routes", routes)
        put(new, "_stack", ())
        return new

    def snapshot(self) -> tuple[bytes, int, int, int, int, int]:
        """Everything FEN holds as one hashable value: equal positions, equal snapshots."""
        return bytes(self.board), self.side, self.castling, self.ep, self.halfmove, self.fullmove

    def key(self) -> tuple[bytes, int, int, int]:
        """What makes positions 'the same' for repetition (FIDE 9.2)."""
        ep = self.ep if self.ep >= 0 and self._ep_capturable() else -1
        return bytes(self.board), self.side, self.castling, ep

    def _ep_capturable(self) -> bool:
        pawn = PAWN | (BLACK * self.side)
        return any(self.board[s] == pawn for s in self.t.pawn_caps[self.side ^ 1][self.ep])

    # -- make / unmake -------------------------------------------------------------------------

    def push(self, move: int) -> int:
        """Make ``move``; returns the piece it removed (0 if none)."""
        b = self.board
        frm, to, promo, fl = move & 255, (move >> 8) & 255, (move >> 16) & 7, move >> 19
        side = self.side
        piece = b[frm]
        captured = b[to]
        self._stack.append((move, captured, self.castling, self.ep, self.halfmove))
        b[frm] = EMPTY
        b[to] = promo | (side << 3) if promo else piece
        if fl == EN_PASSANT:
            cap_sq = to - self.pawn_dir[side]
            captured = b[cap_sq]
            b[cap_sq] = EMPTY
        elif fl == CASTLE:
            for r in self.routes.values():
                if r.king_from == frm and r.king_to == to:
                    b[r.rook_from] = EMPTY
                    b[r.rook_to] = ROOK | (side << 3)
                    break
        if piece & 7 == KING:
            self.kings[side] = to
        self.ep = (frm + to) >> 1 if fl == DOUBLE else -1
        self.castling &= self.keep[frm] & self.keep[to]
        self.halfmove = 0 if (captured or piece & 7 == PAWN) else self.halfmove + 1
        if side:
            self.fullmove += 1
        self.side = side ^ 1
        return captured

    def pop(self) -> None:
        """Unmake the last move ``push`` made."""
        move, captured, castling, ep, halfmove = self._stack.pop()
        b = self.board
        frm, to, promo, fl = move & 255, (move >> 8) & 255, (move >> 16) & 7, move >> 19
        side = self.side ^ 1
        self.side = side
        piece = PAWN | (side << 3) if promo else b[to]
        b[frm] = piece
        b[to] = captured
        if fl == EN_PASSANT:
            b[to] = EMPTY
            b[to - self.pawn_dir[side]] = PAWN | ((side ^ 1) << 3)
        elif fl == CASTLE:
            for r in self.routes.values():
                if r.king_from == frm and r.king_to == to:
                    b[r.rook_to] = EMPTY
                    b[r.rook_from] = ROOK | (side << 3)
                    break
        if piece & 7 == KING:
            self.kings[side] = frm
        self.castling, self.ep, self.halfmove = castling, ep, halfmove
        if side:
            self.fullmove -= 1

    def remove(self, square: int) -> None:
        """Take a piece off without a move (a lost fight); the change is not undoable."""
        if self.board[square] & 7 == KING:
            self.kings[side_of(self.board[square])] = -1
        self.board[square] = EMPTY
        self.castling &= self.keep[square]

    def pass_turn(self) -> None:
        """Hand the move to the other side without a move (a pass, a fight lost at home): no
        en passant; the halfmove clock counts on. Not undoable by ``pop``."""
        if self.side:
            self.fullmove += 1
        self.side ^= 1
        self.ep = -1
        self.halfmove += 1

    # -- attacks -------------------------------------------------------------------------------

    def attacked(self, sq: int, by: int) -> bool:
        """Is ``sq`` attacked by a piece of side ``by``?"""
        return attacked_on(self.board, self.t, sq, by)

    def in_check(self, side: int | None = None) -> bool:
        """Whether ``side`` (the side to move by default) has its king attacked."""
        side = self.side if side is None else side
        ksq = self.kings[side]
        return ksq >= 0 and self.attacked(ksq, side ^ 1)

    # -- move generation -----------------------------------------------------------------------

    def pseudo_moves(
        self, *, castling_ignores_attacks: bool = True, en_passant: bool = True
    ) -> list[int]:
        """Every move by the movement rules alone (no check): single combat, D&D, perft helpers."""
        moves: list[int] = []
        self._gen(moves, None, None, en_passant)
        self._gen_castling(moves, safe=not castling_ignores_attacks)
        for s in self.t.king[self.kings[self.side]] if self.kings[self.side] >= 0 else ():
            p = self.board[s]
            if not p or side_of(p) != self.side:
                moves.append(encode(self.kings[self.side], s))
        return moves

    def legal_moves(self) -> list[int]:
        """FIDE legal moves, generated with pins and checks. Reads the board only (no
        make/unmake), so a board held by a state may be read from several threads."""
        b, t, side = self.board, self.t, self.side
        ksq = self.kings[side]
        if ksq < 0:
            return self.pseudo_moves()
        enemy = side ^ 1
        eb = enemy << 3
        pins: dict[int, frozenset[int]] = {}
        checkers = 0
        block: frozenset[int] | None = None
        for rays, slider in ((t.orth[ksq], eb | ROOK), (t.diag[ksq], eb | BISHOP)):
            queen = eb | QUEEN
            for ray in rays:
                own = -1
                for i, s in enumerate(ray):
                    p = b[s]
                    if not p:
                        continue
                    if side_of(p) == side:
                        if own >= 0:
                            break
                        own = s
                        continue
                    if p == slider or p == queen:
                        line = frozenset(ray[: i + 1])
                        if own >= 0:
                            pins[own] = line
                        else:
                            checkers += 1
                            block = line
                    break
        knight = eb | KNIGHT_
        for s in t.knight[ksq]:
            if b[s] == knight:
                checkers += 1
                block = frozenset((s,))
        pawn = eb | PAWN
        for s in t.pawn_caps[side][ksq]:
            if b[s] == pawn:
                checkers += 1
                block = frozenset((s,))
        moves: list[int] = []
        if checkers < 2:
            self._gen(moves, block, pins, True)
        kingless: list[int] | None = None  # the board without the king, made when needed:
        for s in t.king[ksq]:  # the king must not hide behind himself from a slider
            p = b[s]
            if p and side_of(p) == side:
                continue
            if kingless is None:
                kingless = list(b)
                kingless[ksq] = EMPTY
            if not attacked_on(kingless, t, s, enemy):
                moves.append(ksq | s << 8)
        if not checkers:
            self._gen_castling(moves, safe=True)
        return moves

    def _gen(
        self,
        moves: list[int],
        block: frozenset[int] | None,
        pins: dict[int, frozenset[int]] | None,
        en_passant: bool,
    ) -> None:
        """Non-king moves of the side to move, restricted to ``block`` and pin lines."""
        b, t, side = self.board, self.t, self.side
        own = side << 3
        pawn_dir = self.pawn_dir[side]
        start_rank, promo_rank = self.start_rank[side], self.promo_rank[side]
        width, size = self.geo.width, self.geo.size
        for sq in range(size):
            p = b[sq]
            if not p or (p & BLACK) != own:
                continue
            typ = p & 7
            if typ == KING:
                continue
            allowed = block
            if pins is not None and sq in pins:
                allowed = pins[sq] if block is None else pins[sq] & block
            if typ == KNIGHT_:
                for s in t.knight[sq]:
                    q = b[s]
                    if (not q or (q & BLACK) != own) and (allowed is None or s in allowed):
                        moves.append(sq | s << 8)
            elif typ == PAWN:
                self._gen_pawn(
                    moves, sq, allowed, own, pawn_dir, start_rank, promo_rank, width, en_passant
                )
            else:
                rays = t.slides[typ][sq]
                for ray in rays:
                    for s in ray:
                        q = b[s]
                        if q and (q & BLACK) == own:
                            break
                        if allowed is None or s in allowed:
                            moves.append(sq | s << 8)
                        if q:
                            break

    def _gen_pawn(
        self,
        moves: list[int],
        sq: int,
        allowed: frozenset[int] | None,
        own: int,
        pawn_dir: int,
        start_rank: int,
        promo_rank: int,
        width: int,
        en_passant: bool,
    ) -> None:
        b = self.board
        targets: list[int] = []
        one = sq + pawn_dir
        if 0 <= one < len(b) and not b[one]:
            targets.append(one)
            two = one + pawn_dir
            if sq // width == start_rank and not b[two] and (allowed is None or two in allowed):
                moves.append(sq | two << 8 | DOUBLE << 19)
        for s in self.t.pawn_caps[self.side][sq]:
            q = b[s]
            if q and (q & BLACK) != own:
                targets.append(s)
            elif en_passant and s == self.ep and not q:
                self._gen_en_passant(moves, sq, s, allowed)
        for s in targets:
            if allowed is not None and s not in allowed:
                continue
            if s // width == promo_rank:
                for promo in self.promo_types:
                    moves.append(sq | s << 8 | promo << 16)
            else:
                moves.append(sq | s << 8)

    def _gen_en_passant(
        self, moves: list[int], sq: int, to: int, allowed: frozenset[int] | None
    ) -> None:
        move = sq | to << 8 | EN_PASSANT << 19
        if allowed is None and self.kings[self.side] < 0:
            moves.append(move)
            return
        captured_sq = to - self.pawn_dir[self.side]
        if allowed is not None and to not in allowed and captured_sq not in allowed:
            return
        after = list(self.board)  # the capture made on a copy: generation never writes
        after[to], after[sq], after[captured_sq] = after[sq], EMPTY, EMPTY
        king = self.kings[self.side]
        if king < 0 or not attacked_on(after, self.t, king, self.side ^ 1):
            moves.append(move)

    def _gen_castling(self, moves: list[int], *, safe: bool) -> None:
        side_rights = (WK | WQ) << (2 * self.side)
        if not self.castling & side_rights:
            return
        b = self.board
        for r in self.routes.values():
            if not (self.castling & r.right & side_rights):
                continue
            if any(b[s] for s in r.empty):
                continue
            if safe and any(self.attacked(s, self.side ^ 1) for s in r.safe):
                continue
            moves.append(encode(r.king_from, r.king_to, 0, CASTLE))

    def perft(self, depth: int) -> int:
        """FIDE perft: leaves of the legal move tree (bulk-counted at the last level)."""
        moves = self.legal_moves()
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for m in moves:
            self.push(m)
            total += self.perft(depth - 1)
            self.pop()
        return total


#: The slots a copy shares with its board as they are (numbers, tuples, read-only tables).
_SHARED = tuple(n for n in ChessBoard.__slots__ if n not in ("board", "kings", "_stack"))


def _refuse(what: str) -> NoReturn:
    raise AttributeError(f"a frozen board cannot change ({what}); copy() it to move on")


class FrozenBoard(ChessBoard):
    """A chess position that cannot change: its squares and kings are tuples, its castling
    routes read-only, and setting any field raises. Every reading method is ``ChessBoard``'s
    (legal moves, attacks, FEN); ``copy()`` gives a ``ChessBoard`` to move on."""

    __slots__ = ()

    board: tuple[int, ...]  # type: ignore[assignment]
    kings: tuple[int, ...]  # type: ignore[assignment]

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        _refuse(name)

    def __delattr__(self, name: str) -> NoReturn:
        _refuse(name)

    def set_fen(self, fen: str) -> NoReturn:
        """Refused: a frozen board is never changed."""
        _refuse("set_fen")

    def push(self, move: int) -> NoReturn:
        """Refused: a frozen board is never changed."""
        _refuse("push")

    def pop(self) -> NoReturn:
        """Refused: a frozen board is never changed."""
        _refuse("pop")

    def remove(self, square: int) -> NoReturn:
        """Refused: a frozen board is never changed."""
        _refuse("remove")

    def pass_turn(self) -> NoReturn:
        """Refused: a frozen board is never changed."""
        _refuse("pass_turn")

    def freeze(self) -> FrozenBoard:
        """Itself: it is frozen already."""
        return self
