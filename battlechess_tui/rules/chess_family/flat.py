"""The searcher's own chess board: a flat 10x12 mailbox with make/unmake, Zobrist keys and an
incrementally kept piece-square estimate.

Built from a position's FEN (never from the rules' board, which it does not share or change).
Pieces are the ints of ``engine.chessboard`` (type 1..6, plus 8 for Black); squares off the
board hold ``OFF``. Moves are ints: from | to << 8 | promotion << 16 | flag << 20. Two rule
sets: FIDE (legal moves, check) and Single Combat (no check: the king may be taken, SC-2;
a lost fight removes the attacker, SC-6).
"""

from __future__ import annotations

import random

from battlechess_tui.engine.chessboard import (
    BISHOP,
    BLACK,
    KING,
    KNIGHT_,
    PAWN,
    QUEEN,
    ROOK,
    TYPE_OF_LETTER,
)

WIDTH = 10
OFF = 32  # ``OFF >> 3`` is neither side
NORMAL, DOUBLE, EN_PASSANT, CASTLE = range(4)
LOST = 1  # a stack entry of a lost fight (SC-6)
NULL = 2  # a stack entry of a pass or a null move
MOVE = 0

N, S, E, W = WIDTH, -WIDTH, 1, -1
KNIGHT_STEPS = (N + N + E, N + N + W, S + S + E, S + S + W, E + E + N, E + E + S, W + W + N,
                W + W + S)  # fmt: skip
KING_STEPS = (N, S, E, W, N + E, N + W, S + E, S + W)
DIAGONALS = (N + E, N + W, S + E, S + W)
ORTHOGONALS = (N, S, E, W)
SLIDES = {BISHOP: DIAGONALS, ROOK: ORTHOGONALS, QUEEN: DIAGONALS + ORTHOGONALS}

#: Centipawns of each piece type (the king's worth is the game's end).
VALUE = (0, 100, 320, 330, 500, 900, 0)
#: How much each piece type counts towards the middlegame (24 at the start).
PHASE = (0, 0, 1, 1, 2, 4, 0)
FULL_PHASE = 24

# Piece-square tables (Michniewski's "simplified evaluation function"), White's view, rank 8
# first; the endgame's king centralises and its pawns count more as they advance.
_PST_MG: dict[int, tuple[int, ...]] = {
    PAWN: (0, 0, 0, 0, 0, 0, 0, 0, 50, 50, 50, 50, 50, 50, 50, 50, 10, 10, 20, 30, 30, 20, 10, 10,
           5, 5, 10, 25, 25, 10, 5, 5, 0, 0, 0, 20, 20, 0, 0, 0, 5, -5, -10, 0, 0, -10, -5, 5,
           5, 10, 10, -20, -20, 10, 10, 5, 0, 0, 0, 0, 0, 0, 0, 0),
    KNIGHT_: (-50, -40, -30, -30, -30, -30, -40, -50, -40, -20, 0, 0, 0, 0, -20, -40,
              -30, 0, 10, 15, 15, 10, 0, -30, -30, 5, 15, 20, 20, 15, 5, -30,
              -30, 0, 15, 20, 20, 15, 0, -30, -30, 5, 10, 15, 15, 10, 5, -30,
              -40, -20, 0, 5, 5, 0, -20, -40, -50, -40, -30, -30, -30, -30, -40, -50),
    BISHOP: (-20, -10, -10, -10, -10, -10, -10, -20, -10, 0, 0, 0, 0, 0, 0, -10,
             -10, 0, 5, 10, 10, 5, 0, -10, -10, 5, 5, 10, 10, 5, 5, -10,
             -10, 0, 10, 10, 10, 10, 0, -10, -10, 10, 10, 10, 10, 10, 10, -10,
             -10, 5, 0, 0, 0, 0, 5, -10, -20, -10, -10, -10, -10, -10, -10, -20),
    ROOK: (0, 0, 0, 0, 0, 0, 0, 0, 5, 10, 10, 10, 10, 10, 10, 5, -5, 0, 0, 0, 0, 0, 0, -5,
           -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5, -5, 0, 0, 0, 0, 0, 0, -5,
           -5, 0, 0, 0, 0, 0, 0, -5, 0, 0, 0, 5, 5, 0, 0, 0),
    QUEEN: (-20, -10, -10, -5, -5, -10, -10, -20, -10, 0, 0, 0, 0, 0, 0, -10,
            -10, 0, 5, 5, 5, 5, 0, -10, -5, 0, 5, 5, 5, 5, 0, -5, 0, 0, 5, 5, 5, 5, 0, -5,
            -10, 5, 5, 5, 5, 5, 0, -10, -10, 0, 5, 0, 0, 0, 0, -10, -20, -10, -10, -5, -5, -10,
            -10, -20),
    KING: (-30, -40, -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30,
           -30, -40, -40, -50, -50, -40, -40, -30, -30, -40, -40, -50, -50, -40, -40, -30,
           -20, -30, -30, -40, -40, -30, -30, -20, -10, -20, -20, -20, -20, -20, -20, -10,
           20, 20, 0, 0, 0, 0, 20, 20, 20, 30, 10, 0, 0, 10, 30, 20),
}  # fmt: skip
_PST_EG = dict(_PST_MG)
_PST_EG[PAWN] = tuple([0] * 8 + [90] * 8 + [50] * 8 + [30] * 8 + [15] * 8 + [5] * 8 + [0] * 16)
_PST_EG[KING] = (-50, -40, -30, -20, -20, -30, -40, -50, -30, -20, -10, 0, 0, -10, -20, -30,
                 -30, -10, 20, 30, 30, 20, -10, -30, -30, -10, 30, 40, 40, 30, -10, -30,
                 -30, -10, 30, 40, 40, 30, -10, -30, -30, -10, 20, 30, 30, 20, -10, -30,
                 -30, -30, 0, 0, 0, 0, -30, -30,
                 -50, -30, -30, -30, -30, -30, -30, -50)  # fmt: skip

BOARD_SQUARES = tuple((y + 2) * WIDTH + x + 1 for y in range(8) for x in range(8))
RANK_OF = [-1] * 120
for _i, _m in enumerate(BOARD_SQUARES):
    RANK_OF[_m] = _i // 8


def mailbox(sq: int) -> int:
    """The mailbox index of an 8x8 square (a1 = 0)."""
    return (sq // 8 + 2) * WIDTH + sq % 8 + 1


def square(m: int) -> int:
    """The 8x8 square (a1 = 0) of a mailbox index."""
    return (m // WIDTH - 2) * 8 + m % WIDTH - 1


def _tables(pst: dict[int, tuple[int, ...]]) -> list[list[int]]:
    """Per piece int, per mailbox square: its worth to White (material plus table)."""
    out = [[0] * 120 for _ in range(16)]
    for typ, table in pst.items():
        for sq, m in enumerate(BOARD_SQUARES):
            x, y = sq % 8, sq // 8
            out[typ][m] = VALUE[typ] + table[(7 - y) * 8 + x]
            out[typ | BLACK][m] = -(VALUE[typ] + table[y * 8 + x])
    return out


MG = _tables(_PST_MG)
EG = _tables(_PST_EG)
MATERIAL = [[0] * 120 for _ in range(16)]
for _t in range(1, 7):
    for _m in BOARD_SQUARES:
        MATERIAL[_t][_m], MATERIAL[_t | BLACK][_m] = VALUE[_t], -VALUE[_t]

_ZR = random.Random(20261126)
ZOBRIST = [[_ZR.getrandbits(64) for _ in range(120)] for _ in range(16)]
Z_SIDE = _ZR.getrandbits(64)
Z_CASTLE = [_ZR.getrandbits(64) for _ in range(16)]
Z_EP = [_ZR.getrandbits(64) for _ in range(120)]
WK, WQ, BK, BQ = 1, 2, 4, 8


def encode(frm: int, to: int, promo: int = 0, flag: int = NORMAL) -> int:
    return frm | to << 8 | promo << 16 | flag << 20


Undo = tuple[int, int, int, int, int, int, int, int, int, int, int]
#: A castling route: king from, king to, rook from, rook to, squares that must be empty,
#: squares the king stands on or crosses.
Route = tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]


class FlatBoard:
    """A position for searching: make/unmake, pseudo-legal moves, attacks, keys, estimate.

    ``check`` is FIDE's rule set (a move may not leave the king attacked); without it the
    king is a piece that can be taken (Single Combat)."""

    def __init__(self, fen: str, *, check: bool = True, material_only: bool = False) -> None:
        self.check = check
        self.mg_table = MATERIAL if material_only else MG
        self.eg_table = MATERIAL if material_only else EG
        self.b = [OFF] * 120
        for m in BOARD_SQUARES:
            self.b[m] = 0
        self.kings = [-1, -1]
        self.stack: list[Undo] = []
        self._read(fen)

    def _read(self, fen: str) -> None:
        words = fen.split()
        rows = words[0].split("/")
        for i, row in enumerate(rows):
            y, x = 7 - i, 0
            for ch in row:
                if ch.isdigit():
                    x += int(ch)
                    continue
                piece = TYPE_OF_LETTER[ch.upper()] | (BLACK if ch.islower() else 0)
                m = mailbox(y * 8 + x)
                self.b[m] = piece
                if piece & 7 == KING:
                    self.kings[piece >> 3] = m
                x += 1
        self.side = 0 if words[1] == "w" else 1
        self.castle, self.routes = self._castling(words[2] if len(words) > 2 else "-")
        self.keep = [15] * 120
        for right, (kf, _, rf, _, _, _) in self.routes.items():
            self.keep[kf] &= ~right
            self.keep[rf] &= ~right
        ep = words[3] if len(words) > 3 else "-"
        self.ep = -1 if ep == "-" else mailbox((int(ep[1:]) - 1) * 8 + "abcdefgh".index(ep[0]))
        self.half = int(words[4]) if len(words) > 4 else 0
        self.mg, self.eg, self.phase = self._estimate()
        self.hash = self.full_hash()

    def _castling(self, text: str) -> tuple[int, dict[int, Route]]:
        """Rights and routes (per right)."""
        rights, routes = 0, dict[int, Route]()
        for ch in "" if text == "-" else text:
            side = 0 if ch.isupper() else 1
            kingside = ch.upper() == "K"
            ksq, rank = self.kings[side], 2 + 7 * side
            rook = rank * WIDTH + (8 if kingside else 1)
            if ksq < 0 or ksq // WIDTH != rank or self.b[rook] != ROOK | (side << 3):
                continue
            step = 1 if kingside else -1
            king_to, rook_to = ksq + 2 * step, ksq + step
            lo, hi = sorted((ksq, rook))
            span = set(range(lo, hi + 1)) | {king_to, rook_to}
            right = (WK if kingside else WQ) << (2 * side)
            empty = tuple(sorted(span - {ksq, rook}))
            routes[right] = (ksq, king_to, rook, rook_to, empty, (ksq, ksq + step, king_to))
            rights |= right
        return rights, routes

    def _estimate(self) -> tuple[int, int, int]:
        mg = eg = phase = 0
        for m in BOARD_SQUARES:
            p = self.b[m]
            if p:
                mg += self.mg_table[p][m]
                eg += self.eg_table[p][m]
                phase += PHASE[p & 7]
        return mg, eg, phase

    def full_hash(self) -> int:
        h = Z_SIDE if self.side else 0
        for m in BOARD_SQUARES:
            p = self.b[m]
            if p:
                h ^= ZOBRIST[p][m]
        h ^= Z_CASTLE[self.castle]
        if self.ep >= 0 and self.ep_capturable(self.ep, self.side):
            h ^= Z_EP[self.ep]
        return h

    def ep_capturable(self, ep: int, side: int) -> bool:
        """Can a pawn of ``side`` take en passant on ``ep``?"""
        pawn = PAWN | (side << 3)
        back = -N if side == 0 else N
        return self.b[ep + back + E] == pawn or self.b[ep + back + W] == pawn

    # -- the estimate ----------------------------------------------------------------------------

    def evaluate(self) -> int:
        """Centipawns for the side to move: material and piece squares, the king's table and
        the pawns' worth blended from middlegame to endgame by the pieces left."""
        phase = min(self.phase, FULL_PHASE)
        blend = self.mg * phase + self.eg * (FULL_PHASE - phase)
        score = abs(blend) // FULL_PHASE  # rounded toward 0: a colour's mirror reads the same
        return -score if (blend < 0) != bool(self.side) else score

    # -- attacks -----------------------------------------------------------------------------

    def attacked(self, sq: int, by: int) -> bool:
        """Is ``sq`` attacked by a piece of side ``by``?"""
        b = self.b
        base = by << 3
        pawn = base | PAWN
        if by == 0:
            if b[sq - 9] == pawn or b[sq - 11] == pawn:
                return True
        elif b[sq + 9] == pawn or b[sq + 11] == pawn:
            return True
        knight = base | KNIGHT_
        for d in KNIGHT_STEPS:
            if b[sq + d] == knight:
                return True
        king = base | KING
        for d in KING_STEPS:
            if b[sq + d] == king:
                return True
        queen = base | QUEEN
        for slider, dirs in ((base | BISHOP, DIAGONALS), (base | ROOK, ORTHOGONALS)):
            for d in dirs:
                s = sq + d
                p = b[s]
                while not p:
                    s += d
                    p = b[s]
                if p == slider or p == queen:
                    return True
        return False

    def in_check(self) -> bool:
        k = self.kings[self.side]
        return k >= 0 and self.attacked(k, self.side ^ 1)

    # -- moves -------------------------------------------------------------------------------

    def moves(self, captures_only: bool = False) -> list[int]:
        """Pseudo-legal moves of the side to move (captures and promotions only, if asked)."""
        b, side = self.b, self.side
        enemy = side ^ 1
        out: list[int] = []
        add = out.append
        for sq in BOARD_SQUARES:
            p = b[sq]
            if not p or p >> 3 != side:
                continue
            typ = p & 7
            if typ == PAWN:
                self._pawn_moves(sq, out, captures_only)
            elif typ == KNIGHT_ or typ == KING:
                for d in KNIGHT_STEPS if typ == KNIGHT_ else KING_STEPS:
                    q = b[sq + d]
                    if q == 0:
                        if not captures_only:
                            add(sq | (sq + d) << 8)
                    elif q >> 3 == enemy:
                        add(sq | (sq + d) << 8)
            else:
                for d in SLIDES[typ]:
                    to = sq + d
                    q = b[to]
                    while q == 0:
                        if not captures_only:
                            add(sq | to << 8)
                        to += d
                        q = b[to]
                    if q >> 3 == enemy:
                        add(sq | to << 8)
        if not captures_only and self.castle:
            self._castling_moves(out)
        return out

    def _pawn_moves(self, sq: int, out: list[int], captures_only: bool) -> None:
        b, side = self.b, self.side
        step = N if side == 0 else S
        last = 7 if side == 0 else 0
        enemy = side ^ 1
        one = sq + step
        promoting = RANK_OF[one] == last
        if b[one] == 0 and (promoting or not captures_only):
            if promoting:
                out.extend(sq | one << 8 | promo << 16 for promo in (QUEEN, KNIGHT_, ROOK, BISHOP))
            else:
                out.append(sq | one << 8)
                two = one + step
                if RANK_OF[sq] == (1 if side == 0 else 6) and b[two] == 0:
                    out.append(sq | two << 8 | DOUBLE << 20)
        for to in (one + E, one + W):
            q = b[to]
            if q and q >> 3 == enemy:
                if promoting:
                    out.extend(sq | to << 8 | pr << 16 for pr in (QUEEN, KNIGHT_, ROOK, BISHOP))
                else:
                    out.append(sq | to << 8)
            elif to == self.ep and q == 0:
                out.append(sq | to << 8 | EN_PASSANT << 20)

    def _castling_moves(self, out: list[int]) -> None:
        b, side = self.b, self.side
        mine = (WK | WQ) << (2 * side)
        if not self.castle & mine:
            return
        checked = self.check and self.in_check()
        for right, (kf, kt, _, _, empty, crossed) in self.routes.items():
            if not self.castle & right & mine or any(b[s] for s in empty):
                continue
            if self.check and (checked or any(self.attacked(s, side ^ 1) for s in crossed[1:])):
                continue
            out.append(kf | kt << 8 | CASTLE << 20)

    def victim(self, move: int) -> int:
        """The piece ``move`` attacks (en passant: the pawn beside), 0 for none."""
        flag = move >> 20
        if flag == CASTLE:
            return 0
        to = (move >> 8) & 255
        if flag == EN_PASSANT:
            return self.b[to - (N if self.side == 0 else S)]
        return self.b[to]

    # -- make / unmake -----------------------------------------------------------------------

    def make(self, move: int) -> bool:
        """Make ``move``; False (the move is already made: unmake it) when it leaves the
        mover's king attacked under FIDE's rules."""
        b = self.b
        frm, to, promo, flag = move & 255, (move >> 8) & 255, (move >> 16) & 15, move >> 20
        side = self.side
        piece, captured = b[frm], b[to]
        self.stack.append((MOVE, move, piece, captured, self.castle, self.ep, self.half,
                           self.hash, self.mg, self.eg, self.phase))  # fmt: skip
        mg_t, eg_t = self.mg_table, self.eg_table
        h = self.hash ^ Z_SIDE ^ ZOBRIST[piece][frm]
        mg = self.mg - mg_t[piece][frm]
        eg = self.eg - eg_t[piece][frm]
        b[frm] = 0
        if captured:
            h ^= ZOBRIST[captured][to]
            mg -= mg_t[captured][to]
            eg -= eg_t[captured][to]
            self.phase -= PHASE[captured & 7]
        placed = promo | (side << 3) if promo else piece
        b[to] = placed
        h ^= ZOBRIST[placed][to]
        mg += mg_t[placed][to]
        eg += eg_t[placed][to]
        if promo:
            self.phase += PHASE[promo]
        if flag == EN_PASSANT:
            gone = to - (N if side == 0 else S)
            taken = b[gone]
            b[gone] = 0
            h ^= ZOBRIST[taken][gone]
            mg -= mg_t[taken][gone]
            eg -= eg_t[taken][gone]
        elif flag == CASTLE:
            for kf, kt, rf, rt, _, _ in self.routes.values():
                if kf == frm and kt == to:
                    rook = b[rf] if b[rf] else ROOK | (side << 3)
                    b[rf] = 0
                    b[rt] = rook
                    h ^= ZOBRIST[rook][rf] ^ ZOBRIST[rook][rt]
                    mg += mg_t[rook][rt] - mg_t[rook][rf]
                    eg += eg_t[rook][rt] - eg_t[rook][rf]
                    b[to] = placed
                    break
        if piece & 7 == KING:
            self.kings[side] = to
        if captured & 7 == KING:
            self.kings[side ^ 1] = -1
        castle = self.castle & self.keep[frm] & self.keep[to]
        if castle != self.castle:
            h ^= Z_CASTLE[self.castle] ^ Z_CASTLE[castle]
            self.castle = castle
        if self.ep >= 0 and self.ep_capturable(self.ep, side):
            h ^= Z_EP[self.ep]
        self.ep = -1
        if flag == DOUBLE:
            ep = (frm + to) >> 1
            self.ep = ep
            if self.ep_capturable(ep, side ^ 1):
                h ^= Z_EP[ep]
        self.half = 0 if captured or piece & 7 == PAWN else self.half + 1
        self.side = side ^ 1
        self.hash, self.mg, self.eg = h, mg, eg
        if self.check:
            k = self.kings[side]
            return not self.attacked(k, side ^ 1)
        return True

    def make_lost(self, move: int) -> None:
        """SC-6: the attacker of ``move`` dies on its square; the turn passes."""
        b = self.b
        frm = move & 255
        piece = b[frm]
        self.stack.append((LOST, move, piece, 0, self.castle, self.ep, self.half,
                           self.hash, self.mg, self.eg, self.phase))  # fmt: skip
        b[frm] = 0
        h = self.hash ^ Z_SIDE ^ ZOBRIST[piece][frm]
        self.mg -= self.mg_table[piece][frm]
        self.eg -= self.eg_table[piece][frm]
        self.phase -= PHASE[piece & 7]
        if piece & 7 == KING:
            self.kings[self.side] = -1
        castle = self.castle & self.keep[frm]
        h ^= Z_CASTLE[self.castle] ^ Z_CASTLE[castle]
        self.castle = castle
        if self.ep >= 0 and self.ep_capturable(self.ep, self.side):
            h ^= Z_EP[self.ep]
        self.ep, self.half, self.hash = -1, 0, h
        self.side ^= 1

    def make_null(self) -> None:
        """The turn passes without a move (a null move, or a pass: the clock counts on)."""
        self.stack.append((NULL, 0, 0, 0, self.castle, self.ep, self.half,
                           self.hash, self.mg, self.eg, self.phase))  # fmt: skip
        h = self.hash ^ Z_SIDE
        if self.ep >= 0 and self.ep_capturable(self.ep, self.side):
            h ^= Z_EP[self.ep]
        self.ep, self.hash = -1, h
        self.half += 1
        self.side ^= 1

    def unmake(self) -> None:
        kind, move, piece, captured, castle, ep, half, h, mg, eg, phase = self.stack.pop()
        self.side ^= 1
        self.castle, self.ep, self.half, self.hash = castle, ep, half, h
        self.mg, self.eg, self.phase = mg, eg, phase
        if kind == NULL:
            return
        b, side = self.b, self.side
        frm, to, flag = move & 255, (move >> 8) & 255, move >> 20
        b[frm] = piece
        if piece & 7 == KING:
            self.kings[side] = frm
        if kind == LOST:
            return
        b[to] = captured
        if captured & 7 == KING:
            self.kings[side ^ 1] = to
        if flag == EN_PASSANT:
            b[to - (N if side == 0 else S)] = PAWN | ((side ^ 1) << 3)
        elif flag == CASTLE:
            for kf, kt, rf, rt, _, _ in self.routes.values():
                if kf == frm and kt == to:
                    b[rt] = 0
                    b[rf] = ROOK | (side << 3)
                    b[frm] = piece
                    break

    def has_pieces(self, side: int) -> bool:
        """Does ``side`` have a piece besides king and pawns (null moves are then safe)?"""
        b = self.b
        return any(b[m] >> 3 == side and b[m] & 7 not in (0, PAWN, KING) for m in BOARD_SQUARES)
