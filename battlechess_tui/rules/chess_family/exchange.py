"""Static exchange evaluation on the searcher's ``FlatBoard`` (FIDE's sure captures).

``see(board, move)`` is the material the side making a capture wins once both sides have
recaptured on its square with their least valuable attackers for as long as it pays, each
side free to stop; pieces behind the ones that took (x-rays) join in. Pins and checks are not
seen.
"""

from __future__ import annotations

from battlechess_tui.engine.chessboard import BISHOP, KING, KNIGHT_, PAWN, QUEEN, ROOK
from battlechess_tui.rules.chess_family.flat import (
    DIAGONALS,
    EN_PASSANT,
    KING_STEPS,
    KNIGHT_STEPS,
    ORTHOGONALS,
    VALUE,
    FlatBoard,
    N,
    S,
)

#: What a king is worth in an exchange: more than anything it could win.
KING_WORTH = 20_000


def worth(piece: int) -> int:
    return KING_WORTH if piece & 7 == KING else VALUE[piece & 7]


def least_attacker(b: list[int], sq: int, by: int) -> int:
    """The square of the least valuable piece of side ``by`` attacking ``sq`` (-1: none)."""
    base = by << 3
    pawn = base | PAWN
    for s in (sq - 9, sq - 11) if by == 0 else (sq + 9, sq + 11):
        if b[s] == pawn:
            return s
    knight = base | KNIGHT_
    for d in KNIGHT_STEPS:
        if b[sq + d] == knight:
            return sq + d
    found = -1
    for slider, dirs in ((base | BISHOP, DIAGONALS), (base | ROOK, ORTHOGONALS)):
        queen = base | QUEEN
        for d in dirs:
            s = sq + d
            p = b[s]
            while not p:
                s += d
                p = b[s]
            if p == slider:
                return s
            if p == queen and found < 0:
                found = s
    if found >= 0:
        return found
    king = base | KING
    for d in KING_STEPS:
        if b[sq + d] == king:
            return sq + d
    return -1


def see(board: FlatBoard, move: int) -> int:
    """Material (centipawns) the capture ``move`` wins for its side once the exchange on its
    square is over (a negative number: it loses)."""
    b = board.b
    frm, to = move & 255, (move >> 8) & 255
    side = b[frm] >> 3
    removed: list[tuple[int, int]] = []
    gains = [VALUE[board.victim(move) & 7]]
    if move >> 20 == EN_PASSANT:  # the pawn taken leaves its square, which may open a line
        gone = to - (N if side == 0 else S)
        removed.append((gone, b[gone]))
        b[gone] = 0
    promo = (move >> 16) & 15
    on_square = VALUE[promo] if promo else worth(b[frm])
    if promo:
        gains[0] += VALUE[promo] - VALUE[PAWN]
    removed.append((frm, b[frm]))
    b[frm] = 0
    by = side ^ 1
    while True:
        sq = least_attacker(b, to, by)
        if sq < 0:
            break
        piece = b[sq]
        if piece & 7 == KING and least_attacker(b, to, by ^ 1) >= 0:
            break  # the king may not take a defended piece
        gains.append(on_square - gains[-1])
        removed.append((sq, piece))
        b[sq] = 0
        on_square = worth(piece)
        by ^= 1
    for sq, piece in reversed(removed):
        b[sq] = piece
    for i in range(len(gains) - 1, 0, -1):
        gains[i - 1] = -max(-gains[i - 1], gains[i])
    return gains[0]
