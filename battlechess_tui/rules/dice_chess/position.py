"""Dice Chess positions as one line of text, FEN-like::

    d6d5d4d3d2d1d6d5/d4d3d2d1d6d5d4d3/8/8/8/8/D3D4D5D6D1D2D3D4/D1D2D3D4D5D6D1D2 w setup 0/0 -/- 0

Six fields: the board, top rank first, ranks split by ``/`` (``D3`` a White die showing 3,
``d5`` a Black die showing 5: a letter is always followed by its one-digit face; any other
number is a run of empty squares); the side that decides (``w`` or ``b``); the phase
(``setup`` while the dice are arranged, DC-2, else ``play``); the swaps White and Black have
made (DC-15); the faces of the dice White and Black have captured, in order (``-`` for none,
DC-9); the turns since the last capture, or since the setup if there has been none (DC-12,
DC-14).
"""

from __future__ import annotations

import re

from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.rules.dice_chess.state import FACES, DiceChessState, Die

SIDES = "wb"
LETTERS = "Dd"
PHASES = ("play", "setup")
FIELDS = "board side phase swaps captured turns"
_TOKEN = re.compile(r"([Dd])(.?)|(\d+)|(.)", re.ASCII)
_COUNT = re.compile(r"\d+", re.ASCII)
_FACES = re.compile(f"[1-{FACES}]+")


def write(state: DiceChessState, geo: Geometry) -> str:
    """The one-line text of ``state``."""
    ranks = (_write_rank(state, geo, y) for y in reversed(range(geo.height)))
    swaps = "/".join(map(str, state.swaps))
    captured = "/".join("".join(map(str, faces)) or "-" for faces in state.captured)
    phase = PHASES[state.setup]
    return f"{'/'.join(ranks)} {SIDES[state.side]} {phase} {swaps} {captured} {state.quiet}"


def _write_rank(state: DiceChessState, geo: Geometry, y: int) -> str:
    out, empty = [], 0
    for x in range(geo.width):
        die = state.board[geo.square(x, y)]
        if die is None:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(f"{LETTERS[die[0]]}{die[1]}")
    if empty:
        out.append(str(empty))
    return "".join(out)


def read(text: str, geo: Geometry, max_dice: int, max_swaps: int) -> DiceChessState:
    """The state ``write`` wrote; ValueError naming what is wrong. ``max_dice`` is a side's
    dice (on the board plus captured by the enemy), ``max_swaps`` the setup limit."""
    fields = text.split()
    if len(fields) != len(FIELDS.split()):
        raise ValueError(
            f"a Dice Chess position has {len(FIELDS.split())} fields ({FIELDS}), not {len(fields)}"
        )
    board_text, side_text, phase, swaps_text, captured_text, quiet_text = fields
    board = _read_board(board_text, geo)
    if side_text not in SIDES:
        raise ValueError(f"the side to decide is w or b, not {side_text!r}")
    if phase not in PHASES:
        raise ValueError(f"the phase is setup or play, not {phase!r}")
    swaps = _read_swaps(swaps_text, max_swaps)
    captured = _read_captured(captured_text)
    if not _COUNT.fullmatch(quiet_text):
        raise ValueError(f"the turns since the last capture are a count, not {quiet_text!r}")
    setup = phase == "setup"
    if setup and (captured != ((), ()) or int(quiet_text)):
        raise ValueError("nothing is captured and no turn is counted in the setup phase (DC-2)")
    state = DiceChessState(board, SIDES.index(side_text), setup, swaps, captured, int(quiet_text))
    for side, name in enumerate(("White", "Black")):
        count = len(state.dice_of(side)) + len(captured[side ^ 1])
        if count > max_dice:
            raise ValueError(
                f"{name} has {count} dice on the board and captured: at most {max_dice}"
            )
    return state


def _read_board(text: str, geo: Geometry) -> tuple[Die | None, ...]:
    ranks = text.split("/")
    if len(ranks) != geo.height:
        raise ValueError(f"the board has {geo.height} ranks split by '/', not {len(ranks)}")
    board: list[Die | None] = [None] * geo.size
    for i, rank_text in enumerate(ranks):
        y = geo.height - 1 - i
        cells = _read_rank(rank_text, y + 1)
        if len(cells) != geo.width:
            raise ValueError(f"rank {y + 1} has {len(cells)} squares, not {geo.width}")
        for x, die in enumerate(cells):
            board[geo.square(x, y)] = die
    return tuple(board)


#: No rank is longer than this: a longer run of empty squares is refused before it is made.
MAX_RUN = 64


def _read_rank(text: str, rank: int) -> list[Die | None]:
    cells: list[Die | None] = []
    for match in _TOKEN.finditer(text):
        letter, face, run, other = match.groups()
        if other is not None:
            raise ValueError(
                f"rank {rank}: cannot read {other!r}: use D1..D6 (White), d1..d6 (Black) "
                "or a count of empty squares"
            )
        if run is not None:
            count = int(run) if len(run) <= 3 else 0  # (never a list of 10**20 squares)
            if not 1 <= count <= MAX_RUN:
                bounds = f"at least 1, at most {MAX_RUN}"
                raise ValueError(f"rank {rank}: a run of empty squares is {bounds}")
            cells.extend([None] * count)
        elif _FACES.fullmatch(face):
            cells.append((LETTERS.index(letter), int(face)))
        else:
            raise ValueError(f"rank {rank}: {letter} must be followed by a face 1-{FACES}")
    return cells


def _read_swaps(text: str, max_swaps: int) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2 or not all(_COUNT.fullmatch(p) for p in parts):
        raise ValueError(f"the swaps made are two counts, White's/Black's, not {text!r}")
    white, black = int(parts[0]), int(parts[1])
    most = max(white, black)
    if most > max_swaps:
        raise ValueError(f"a player makes at most {max_swaps} swaps (DC-15), not {most}")
    return white, black


def _read_captured(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    parts = text.split("/")
    if len(parts) != 2:
        raise ValueError(f"the captured dice are two lists, White's/Black's, not {text!r}")
    for part in parts:
        if part != "-" and not _FACES.fullmatch(part):
            raise ValueError(
                f"captured dice are faces 1-{FACES} in a row (e.g. 352), or - for none, "
                f"not {part!r}"
            )
    white, black = (() if p == "-" else tuple(map(int, p)) for p in parts)
    return white, black
