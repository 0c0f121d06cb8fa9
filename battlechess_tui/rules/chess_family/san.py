"""Standard algebraic notation (SAN) for the chess games: a move written as chess players write
it (``e4``, ``Nf3``, ``exd5``, ``O-O``, ``e8=Q``), and what a player types read back.

A game lists its moves as ``SanMove`` (the piece's letter, squares, capture, promotion); this
module writes one with the least disambiguation among them (FIDE: the origin's file, else its
rank, else both) and reads typed text against them:

- ``e4``, ``Nf3``, ``Nbd2``, ``R1e2``, ``Qh4e1``, ``exd5``, ``e8=Q`` (or ``e8Q``, ``e8(Q)``),
  ``O-O``, ``O-O-O`` (or with zeros); ``+``, ``#``, ``!`` and ``?`` are ignored;
- piece letters in either case (``nf3``); ``bc4`` is the b-pawn's capture when it is a move,
  else the Bishop's;
- a square alone names the pawn that goes there (SAN); when no pawn can, the text is refused
  naming the pieces that can (``no pawn can go to a3; Ba3?``).

Text that matches several moves is refused with the candidates (``Nd2`` could be ``Nbd2`` or
``Nfd2``); text that matches none says so. The game's rules check nothing here: the moves
given are the legal ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.geometry import Geometry

PAWN = "P"
KINGSIDE, QUEENSIDE = "O-O", "O-O-O"
#: The target square, then a promotion (``=Q``, ``Q``, ``(Q)``) at the end of the text.
TAIL = re.compile(r"(?P<target>[a-z]\d+)(?:=?\(?(?P<promo>[A-Za-z])\)?)?$")
#: What may stand before the target: a piece letter, the origin's file and rank, a capture.
HEAD = re.compile(r"(?P<piece>[A-Z])?(?P<file>[a-w])?(?P<rank>\d+)?(?P<sep>[x:-])?$")
DECORATION = re.compile(r"(?:[+#!?]|e\.?p\.?)+$")


class SanError(ValueError):
    """Typed text that names no move, or more than one (the message says which)."""


@dataclass(frozen=True)
class SanMove:
    """A legal move as notation sees it: the piece's upper-case letter (``P`` for a pawn),
    its squares, whether it captures, the promotion's letter, and castling's SAN."""

    action: Action
    piece: str
    origin: int
    target: int
    capture: bool = False
    promotion: str = ""
    castle: str = ""


@dataclass(frozen=True)
class Pattern:
    """One reading of typed text: what the move must match (None: anything)."""

    piece: str | None
    file: str | None
    rank: str | None
    capture: bool
    target: str
    promotion: str | None


# -- writing ------------------------------------------------------------------------------------


def write(move: SanMove, moves: Sequence[SanMove], geo: Geometry, pawn_file: bool = False) -> str:
    """``move`` in SAN among the legal ``moves`` (without ``+`` or ``#``). ``pawn_file``: a
    pawn's move always names its file (the arena's gladiators do not move as pawns)."""
    if move.castle:
        return move.castle
    rivals = [
        m.origin
        for m in moves
        if m.piece == move.piece
        and m.target == move.target
        and m.origin != move.origin
        and not m.castle
    ]
    origin = geo.name(move.origin)
    file, rank = origin[0], origin[1:]
    if move.piece == PAWN and (move.capture or pawn_file):  # a capture names its file
        head = origin if any(geo.name(r)[0] == file for r in rivals) else file
    else:
        head = "" if move.piece == PAWN else move.piece
        head += _disambiguation(rivals, file, rank, geo) if rivals else ""
    text = head + ("x" if move.capture else "") + geo.name(move.target)
    return text + (f"={move.promotion}" if move.promotion else "")


def _disambiguation(rivals: list[int], file: str, rank: str, geo: Geometry) -> str:
    """FIDE: the origin's file if no rival shares it, else its rank if none shares that, else
    the whole square."""
    if all(geo.name(r)[0] != file for r in rivals):
        return file
    if all(geo.name(r)[1:] != rank for r in rivals):
        return rank
    return file + rank


# -- reading ------------------------------------------------------------------------------------


def read(
    text: str,
    moves: Sequence[SanMove],
    geo: Geometry,
    name: Callable[[SanMove], str] | None = None,
) -> Action:
    """The one move of ``moves`` that ``text`` names; SanError saying why not, naming the
    candidates as ``name`` writes them (the move log's way; SAN by default)."""
    named = name or (lambda m: write(m, moves, geo))
    typed = text.strip()
    clean = DECORATION.sub("", typed.replace(" ", ""))
    castle = _castle(clean)
    if castle:
        castles = [m for m in moves if m.castle == castle]
        if not castles:
            raise SanError(f"{typed!r}: castling that way is not a legal move now")
        return castles[0].action
    patterns = _patterns(clean, geo)
    if not patterns:
        raise SanError(f"cannot read {typed!r}: type a move such as e4, Nf3, exd5, O-O or e2e4")
    found: list[SanMove] = []
    for pattern in patterns:  # as typed first; a lower-case piece letter only if in vain
        found = found or _matches(pattern, moves, geo)
    if not found and all(p.piece == PAWN and not p.file and not p.rank for p in patterns):
        # A square alone is a pawn's move (SAN): when no pawn can go there, say which can.
        target = patterns[0].target
        others = [m for m in moves if geo.name(m.target) == target and not m.castle]
        if others:
            listed = ", ".join(dict.fromkeys(named(m) for m in others))
            raise SanError(f"no pawn can go to {target}; {listed}?")
    if not found:
        raise SanError(
            f"{typed!r} names no legal move: nothing of yours can play that to {patterns[0].target}"
        )
    actions = list(dict.fromkeys(m.action for m in found))
    if len(actions) > 1:
        listed = ", ".join(dict.fromkeys(named(m) for m in found))
        raise SanError(f"{typed!r} could be {listed}: say which")
    return actions[0]


def _castle(text: str) -> str:
    word = text.upper().replace("0", "O").replace("-", "")
    return {"OO": KINGSIDE, "OOO": QUEENSIDE}.get(word, "")


def _patterns(text: str, geo: Geometry) -> list[Pattern]:
    """Every reading of ``text``, in order: a lower-case first letter that is no file of the
    board is a piece letter; one that is both is read as the file first."""
    tail = TAIL.search(text)
    if tail is None:
        return []
    head_text = text[: tail.start()]
    files = {geo.name(x)[0] for x in range(geo.width)}
    heads = [head_text]
    if head_text[:1].islower() and head_text[:1].isalpha():
        upper = head_text[0].upper() + head_text[1:]
        heads = [upper] if head_text[0] not in files else [head_text, upper]
    out = []
    for head in heads:
        match = HEAD.match(head)
        if match is None:
            continue
        promo = tail["promo"]
        out.append(
            Pattern(
                piece=match["piece"] or PAWN,
                file=match["file"],
                rank=match["rank"],
                capture=match["sep"] in ("x", ":"),
                target=tail["target"],
                promotion=promo.upper() if promo else None,
            )
        )
    return out


def _matches(p: Pattern, moves: Sequence[SanMove], geo: Geometry) -> list[SanMove]:
    """The moves (not castling) that pattern ``p`` names."""
    return [
        m
        for m in moves
        if not m.castle
        and m.piece == p.piece
        and geo.name(m.target) == p.target
        and (p.file is None or geo.name(m.origin)[0] == p.file)
        and (p.rank is None or geo.name(m.origin)[1:] == p.rank)
        and (not p.capture or m.capture)
        and (p.promotion is None or m.promotion == p.promotion)
    ]
