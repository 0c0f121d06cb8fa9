"""Lines and reach: ranged-effect targets (DD-7, DD-8) and flanking (DD-15).

A ranged effect may reach a piece standing on a square the caster could move to on its next
turn (an ally's square counts as if it were empty), within range, with nothing in between.
Distance is the number of squares moved along the line; a knight's line always counts 3
squares and is never blocked (DD-8).
"""

from __future__ import annotations

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.chessboard import ChessBoard

#: Squares of range (DD-7): attacks by Touch are melee only (0); buffs and heals by Touch reach 1.
ATTACK_RANGE = {"touch": 0, "close": 1, "medium": 2, "long": 3}
BUFF_RANGE = {"touch": 1, "close": 1, "medium": 2, "long": 3}
KNIGHT_DISTANCE = 3


def line_targets(board: ChessBoard, sq: int) -> list[tuple[int, int]]:
    """(square, distance) of every piece the piece on ``sq`` could reach along its lines.

    Enemies count where the piece could capture; allies where it could move if they were not
    there. The caller filters by side and range.
    """
    b, t, geo = board.board, board.t, board.geo
    piece = b[sq]
    typ, side = piece & 7, cb.side_of(piece)
    out: list[tuple[int, int]] = []
    if typ == cb.KNIGHT_:
        return [(s, KNIGHT_DISTANCE) for s in t.knight[sq] if b[s]]
    if typ == cb.PAWN:
        step = board.pawn_dir[side]
        for s in t.pawn_caps[side][sq]:
            if b[s] and cb.side_of(b[s]) != side:
                out.append((s, 1))
        one = sq + step
        if 0 <= one < geo.size:
            if b[one]:
                if cb.side_of(b[one]) == side:
                    out.append((one, 1))
            elif geo.rank(sq) == board.start_rank[side]:
                two = one + step
                if b[two] and cb.side_of(b[two]) == side:
                    out.append((two, 2))
        return out
    rays: list[tuple[int, ...]] = []
    if typ in (cb.ROOK, cb.QUEEN, cb.KING):
        rays += t.orth[sq]
    if typ in (cb.BISHOP, cb.QUEEN, cb.KING):
        rays += t.diag[sq]
    limit = 1 if typ == cb.KING else 99
    for ray in rays:
        for i, s in enumerate(ray[:limit]):
            if b[s]:
                out.append((s, i + 1))
                break
    return out


def beyond(board: ChessBoard, frm: int, to: int) -> int | None:
    """The next square past ``to`` on the straight line from ``frm`` (Flaming Sphere, DD-22)."""
    geo = board.geo
    fx, fy = geo.xy(frm)
    tx, ty = geo.xy(to)
    dx, dy = tx - fx, ty - fy
    if dx and dy and abs(dx) != abs(dy):
        return None
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return geo.offset(to, sx, sy)


def attacks_square(board: ChessBoard, frm: int, sq: int) -> bool:
    """Could the piece on ``frm`` move onto ``sq`` if an enemy stood there (DD-15)?"""
    b, t = board.board, board.t
    piece = b[frm]
    typ, side = piece & 7, cb.side_of(piece)
    if typ == cb.KNIGHT_:
        return sq in t.knight[frm]
    if typ == cb.PAWN:
        return sq in t.pawn_caps[side][frm]
    if typ == cb.KING:
        return sq in t.king[frm]
    geo = board.geo
    fx, fy = geo.xy(frm)
    tx, ty = geo.xy(sq)
    dx, dy = tx - fx, ty - fy
    if (dx, dy) == (0, 0):
        return False
    straight = dx == 0 or dy == 0
    diagonal = abs(dx) == abs(dy)
    if not (
        (straight and typ in (cb.ROOK, cb.QUEEN)) or (diagonal and typ in (cb.BISHOP, cb.QUEEN))
    ):
        return False
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    steps = max(abs(dx), abs(dy))
    return all(not b[geo.square(fx + sx * i, fy + sy * i)] for i in range(1, steps))
