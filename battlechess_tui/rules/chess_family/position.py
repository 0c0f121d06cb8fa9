"""Positions as text for the games played on a ``ChessBoard``: FEN, checked, followed by the
game's own fields as ``name=value`` words (``passes=1``). A field at its default is not
written, so a plain FEN is a position of every such game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.geometry import Geometry

FEN_FIELDS = ("placement", "side to move", "castling", "en passant", "halfmove clock",
              "move number")  # fmt: skip
#: A FEN may leave out its two clocks (as EPD does); they are then 0 and 1.
FEWEST_FIELDS = 4
CASTLE_LETTERS = {"K": cb.WK, "Q": cb.WQ, "k": cb.BK, "q": cb.BQ}


def split_position(text: str, known: Iterable[str] = ()) -> tuple[str, dict[str, str]]:
    """The FEN part of ``text`` and the game's fields after it; ValueError says what is wrong
    (empty text, too few FEN fields, trailing words, unknown or repeated fields)."""
    words = text.split()
    if not words:
        raise ValueError(f"the position is empty: give a FEN such as {cb.STANDARD_FEN!r}")
    fen = [w for w in words if "=" not in w]
    if words[: len(fen)] != fen:
        stray = next(w for w in words[len(fen) :] if "=" not in w)
        raise ValueError(f"cannot read {stray!r} after the game's fields")
    if len(fen) < FEWEST_FIELDS:
        raise ValueError(
            f"a FEN has {len(FEN_FIELDS)} fields ({', '.join(FEN_FIELDS)}); got {len(fen)}"
        )
    if len(fen) > len(FEN_FIELDS):
        raise ValueError(f"cannot read {' '.join(fen[len(FEN_FIELDS) :])!r} after the FEN")
    allowed = tuple(known)
    fields: dict[str, str] = {}
    for word in words[len(fen) :]:
        name, _, value = word.partition("=")
        if name not in allowed:
            what = f"this game's fields are {', '.join(allowed)}" if allowed else "no field here"
            raise ValueError(f"unknown field {word!r} ({what})")
        if name in fields:
            raise ValueError(f"field {name!r} is given twice")
        fields[name] = value
    return " ".join(fen), fields


def join_position(fen: str, fields: Mapping[str, object]) -> str:
    """``fen`` followed by the given fields (those at their default left out by the caller)."""
    return " ".join([fen, *(f"{k}={v}" for k, v in fields.items())])


def read_board(geo: Geometry, fen: str) -> ChessBoard:
    """The board of a FEN whose castling rights and en passant square are possible."""
    board = ChessBoard(geo, fen)
    words = fen.split()
    for letter in words[2] if len(words) > 2 and words[2] != "-" else "":
        if CASTLE_LETTERS.get(letter) not in board.routes:
            side = "White" if letter.isupper() else "Black"
            wing = "king" if letter in "Kk" else "queen"
            raise ValueError(
                f"castling right {letter!r}: {side}'s king and {wing}'s-side rook must stand on "
                "their first squares"
            )
    if board.ep >= 0 and not _double_step_made(board):
        raise ValueError(
            f"en passant square {geo.name(board.ep)} does not follow a pawn's double step"
        )
    if board.halfmove < 0 or board.fullmove < 1:
        raise ValueError("the halfmove clock is at least 0 and the move number at least 1")
    return board


def _double_step_made(board: ChessBoard) -> bool:
    """Does the en passant square lie behind a pawn of the side that just moved, with the
    square it came from empty?"""
    geo, ep, mover = board.geo, board.ep, board.side ^ 1
    step = board.pawn_dir[mover]
    rank = 2 if mover == 0 else geo.height - 3
    ahead, behind = ep + step, ep - step
    return (
        geo.rank(ep) == rank
        and not board.board[ep]
        and not board.board[behind]
        and board.board[ahead] == cb.PAWN | (mover << 3)
    )


def check_pawns(board: ChessBoard) -> None:
    """ValueError if a pawn stands on its side's first or last rank (it promotes there)."""
    geo = board.geo
    for sq, p in enumerate(board.board):
        if p & 7 == cb.PAWN and geo.rank(sq) in (0, geo.height - 1):
            raise ValueError(f"a pawn cannot stand on {geo.name(sq)} (first or last rank)")


def count_kings(board: ChessBoard) -> tuple[int, int]:
    """How many kings each side has on the board."""
    return board.board.count(cb.KING), board.board.count(cb.KING | cb.BLACK)


def check_material(board: ChessBoard, setup: ChessBoard, names: tuple[str, ...]) -> None:
    """ValueError if a side has more pieces than its setup's, or more of a kind than its
    setup's and its missing pawns' promotions give (FIDE: 31 queens are no position)."""
    for side in (0, 1):
        have = _kinds(board, side)
        start = _kinds(setup, side)
        if sum(have.values()) > sum(start.values()):
            raise ValueError(
                f"{names[side]} has {sum(have.values())} pieces besides the king; at most "
                f"{sum(start.values())}"
            )
        pawns_gone = start.get(cb.PAWN, 0) - have.get(cb.PAWN, 0)
        extra = sum(max(0, n - start.get(kind, 0)) for kind, n in have.items() if kind != cb.PAWN)
        if pawns_gone < 0 or extra > pawns_gone:
            raise ValueError(
                f"{names[side]} has more pieces of a kind than promotions of its "
                f"{start.get(cb.PAWN, 0)} pawns can give"
            )


def _kinds(board: ChessBoard, side: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for p in board.board:
        if p and p >> 3 == side and p & 7 != cb.KING:
            counts[p & 7] = counts.get(p & 7, 0) + 1
    return counts
