"""The position text of Gladiator Chess: one line that names a state exactly.

    BOARD SIDE SLOT OFF PENDING HELD TURN MADE IDLE QUIET [RESULT]

- BOARD: ranks 12 to 1 as in FEN, upper case White, digits for empty squares (``10``). A piece
  is its letter, then ``(hp)`` when hurt, then ``'`` when it has moved this turn (GC-13). A
  Queen holding a frozen piece writes it in brackets (``Q[s(5)]``, GC-27); a piece that has
  captured a Queen writes her in braces (``S{q}``, GC-29).
- SIDE: ``w`` or ``b``, the team whose turn it is.
- SLOT: the letter of the commander whose move it is (``K``, ``Q``, ``B``, ``N``; ``-`` once
  the turn is over), then ``+`` when the King overrides it (GC-14, GC-15), ``*`` when the move
  is made and choices are open, ``?`` when it is not yet set up (a finished game).
- OFF: ``killed/retired/returning`` pieces (``-`` for none): killed ones are on the tally
  sheet, retired ones are pawns replaced by promotion (GC-11), returning ones wait for a square.
- PENDING: ``-`` or the open choices in order: ``place:Q`` (a returning Queen, GC-30),
  ``return:s@d5`` (a released piece, held on d5, GC-29), ``promote:c12`` (the pawn, GC-11).
- HELD: turns White's and Black's Queen have been held (``0/2``, GC-34). TURN: the full turn.
  MADE: moves made this team turn. IDLE: team turns in a row without a move (GC-35). QUIET:
  team turns without a kill, capture, promotion or pawn move (GC-37); ``-`` when the team turn
  under way has had one (it is not quiet: the count starts again after it).
- RESULT (finished games): ``checkmate:b``, ``king-killed:w@f10``, ``queen-held:w``,
  ``no-moves`` or ``quiet``.

The setup is ``wmscqkbsnw/fpfpfpfpfp/10/10/10/10/10/10/10/10/PFPFPFPFPF/WMSCQKBSNW w K -/-/- -
0/0 1 0 0 0``. A text of the board alone, or the board and a side, is the start of that side's
team turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from battlechess_tui.engine.rules import Outcome
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.rules.gladiator.vocabulary import GladiatorAction

from . import endings, pending
from .state import (
    ABDUCTED,
    BOARD,
    DONE,
    EMPTY,
    FROZEN,
    KILLED,
    MOVE,
    QUEEN,
    RETIRED,
    RETURNING,
    START,
    GladiatorState,
    Pending,
    Phase,
    Piece,
    Status,
    Work,
    seat_key,
)
from .tables import Tables

SIDE_LETTERS = "wb"
PHASE_FLAGS = {DONE: "*", START: "?"}
TOKEN = re.compile(r"([A-Za-z])(?:\((-?\d+)\))?('?)")
FIELDS = 10


# -- writing ------------------------------------------------------------------------------------


def position_text(t: Tables, state: GladiatorState) -> str:
    held = {p.holder: p for p in state.pieces if p.status in (FROZEN, ABDUCTED)}
    loose = {status: "" for status in (KILLED, RETIRED, RETURNING)}
    for p in state.pieces:
        if p.status in loose:
            loose[p.status] += token(t, state, p)
    slot = "-" if state.step >= len(t.commanders) else t.kinds[t.commanders[state.step]].letter
    slot += "+" if state.overriding else ""
    slot += PHASE_FLAGS.get(state.phase, "")
    fields = [
        board_text(t, state, held),
        SIDE_LETTERS[state.side],
        slot,
        "/".join(text or "-" for text in loose.values()),
        ",".join(pending_text(t, state, item) for item in state.pending) or "-",
        f"{state.held[0]}/{state.held[1]}",
        str(state.turn),
        str(state.moves_made),
        str(state.idle),
        "-" if state.loud else str(state.quiet),
    ]
    if state.result is not None:
        fields.append(result_text(t, state))
    return " ".join(fields)


def board_text(t: Tables, state: GladiatorState, held: dict[int, Piece]) -> str:
    geo, rows = t.geo, []
    for y in range(geo.height - 1, -1, -1):
        row, gap = "", 0
        for x in range(geo.width):
            p = state.at(geo.square(x, y))
            if p is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + token(t, state, p)
            inner = held.get(p.id)
            if inner is not None:
                wrap = "[]" if inner.status == FROZEN else "{}"
                row += wrap[0] + token(t, state, inner) + wrap[1]
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def letter(t: Tables, p: Piece) -> str:
    """Upper case for White, lower for Black."""
    text = t.kinds[p.kind].letter
    return text if p.side == 0 else text.lower()


def token(t: Tables, state: GladiatorState, p: Piece) -> str:
    kind = t.kinds[p.kind]
    text = letter(t, p)
    if p.status in (KILLED, RETIRED):
        return text
    if p.hp != kind.hp:
        text += f"({p.hp})"
    return text + ("'" if p.id in state.moved else "")


def pending_text(t: Tables, state: GladiatorState, item: Pending) -> str:
    p = state.pieces[item.piece]
    if item.kind == pending.PROMOTE:
        return f"{item.kind}:{t.geo.name(p.sq)}"
    text = f"{item.kind}:{letter(t, p)}"
    return text + (f"@{t.geo.name(item.near)}" if item.near != EMPTY else "")


def result_text(t: Tables, state: GladiatorState) -> str:
    result = state.result
    assert result is not None
    text = str(result.kind)
    if result.winner is not None:
        text += ":" + SIDE_LETTERS[result.winner]
    if state.ended_on != EMPTY:
        text += "@" + t.geo.name(state.ended_on)
    return text


# -- reading ------------------------------------------------------------------------------------


class Reader:
    """Reads one position text into a state (ValueError naming the first problem)."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.by_letter = t.by_letter
        self.pieces: list[Piece] = []
        self.moved: set[int] = set()

    def piece(self, text: str, status: Status, sq: int = EMPTY, holder: int = EMPTY) -> Piece:
        """A piece from its token (``W``, ``s(5)'``), numbered in reading order."""
        m = TOKEN.fullmatch(text)
        kind = self.by_letter.get(text[:1].upper()) if m else None
        if m is None or kind is None:
            raise ValueError(f"cannot read the piece {text!r}")
        full = self.t.kinds[kind].hp
        hp = full if m.group(2) is None else int(m.group(2))
        if status in (KILLED, RETIRED):
            if m.group(2) is not None or m.group(3):
                raise ValueError(f"{text!r}: a killed or retired piece is written by its letter")
            hp = 0
        elif not (full == hp == 0 or 0 < hp <= full):
            raise ValueError(f"{text!r}: a {self.t.kinds[kind].name} has 1..{full} hit points")
        p = Piece(len(self.pieces), kind, 0 if m.group(1).isupper() else 1, hp, sq, status, holder)
        self.pieces.append(p)
        if m.group(3):
            self.moved.add(p.id)
        return p

    def board(self, text: str) -> list[int]:
        geo = self.t.geo
        rows = text.split("/")
        if len(rows) != geo.height:
            raise ValueError(f"the board has {geo.height} ranks, not {len(rows)}")
        board = [EMPTY] * geo.size
        for r, row in enumerate(rows):
            y = geo.height - 1 - r
            x = 0
            for part in re.findall(
                r"\d+|[A-Za-z](?:\(-?\d+\))?'?(?:\[[^\]]*\])?(?:\{[^}]*\})?|.", row
            ):
                if part.isdigit():
                    x += int(part)
                    continue
                if x >= geo.width:
                    raise ValueError(f"rank {y + 1} has more than {geo.width} squares")
                board[geo.square(x, y)] = self.square(part, geo.square(x, y))
                x += 1
            if x != geo.width:
                raise ValueError(f"rank {y + 1} has {x} squares, not {geo.width}")
        return board

    def square(self, text: str, sq: int) -> int:
        """The piece on ``sq`` and what it holds: ``Q[s(5)]``, ``S{q}``."""
        m = re.fullmatch(r"([^\[{]+)(?:\[([^\]]+)\])?(?:\{([^}]+)\})?", text)
        if m is None:
            raise ValueError(f"cannot read {text!r} on {self.t.geo.name(sq)}")
        p = self.piece(m.group(1), BOARD, sq)
        for inner, status in ((m.group(2), FROZEN), (m.group(3), ABDUCTED)):
            if inner is None:
                continue
            q = self.piece(inner, status, holder=p.id)
            queen = p if status == FROZEN else q
            if q.side == p.side or queen.kind != QUEEN:
                rule = (
                    "a Queen holds an enemy frozen"
                    if status == FROZEN
                    else ("a piece holds the enemy Queen captured")
                )
                raise ValueError(f"{text!r} on {self.t.geo.name(sq)}: only {rule}")
        return p.id

    def loose(self, text: str) -> None:
        parts = text.split("/")
        if len(parts) != 3:
            raise ValueError(f"off-board pieces are killed/retired/returning, not {text!r}")
        for part, status in zip(parts, (KILLED, RETIRED, RETURNING), strict=True):
            if part != "-":
                for tok in re.findall(r"[A-Za-z](?:\(-?\d+\))?'?|.", part):
                    self.piece(tok, status)

    def pending(self, text: str, board: list[int]) -> tuple[Pending, ...]:
        if text == "-":
            return ()
        out: list[Pending] = []
        used: set[int] = set()
        for item in text.split(","):
            kind, _, ref = item.partition(":")
            if kind == pending.PROMOTE:
                sq = self.square_name(ref)
                if board[sq] == EMPTY or not self.t.kinds[self.pieces[board[sq]].kind].pawn:
                    raise ValueError(f"{item!r}: no Footman or Squire on {ref}")
                p = self.pieces[board[sq]]
                commander, near = self.t.kinds[p.kind].commander, EMPTY
            elif kind in (pending.PLACE, pending.RETURN):
                name, _, where = ref.partition("@")
                found = self.returning(name, used)
                if found is None or (kind == pending.PLACE) != (found.kind == QUEEN and not where):
                    raise ValueError(f"{item!r}: no such returning piece")
                p, commander = found, self.t.kinds[found.kind].commander
                near = self.square_name(where) if where else EMPTY
            else:
                raise ValueError(f"cannot read the choice {item!r}")
            used.add(p.id)
            out.append(Pending(GladiatorAction(kind), seat_key(p.side, commander), p.id, (), near))
        return tuple(out)

    def returning(self, name: str, used: set[int]) -> Piece | None:
        """The first returning piece written ``name`` not yet named by a choice."""
        for q in self.pieces:
            if q.status == RETURNING and q.id not in used and letter(self.t, q) == name:
                return q
        return None

    def square_name(self, name: str) -> int:
        try:
            return self.t.geo.parse(name)
        except ValueError:
            raise ValueError(f"{name!r} is not a square of this board") from None


def number(text: str, what: str, low: int = 0) -> int:
    if not text.isdigit() or int(text) < low:
        raise ValueError(f"{what} is a whole number from {low}, not {text!r}")
    return int(text)


def parse_slot(t: Tables, text: str) -> tuple[int, bool, Phase]:
    """(step, overriding, phase) from ``Q+``, ``B*``, ``-?``."""
    m = re.fullmatch(r"([A-Za-z-])(\+?)([*?]?)", text)
    letters = [t.kinds[c].letter for c in t.commanders]
    if m is None or (m.group(1) != "-" and m.group(1) not in letters):
        raise ValueError(f"the slot is a commander's letter ({', '.join(letters)}), not {text!r}")
    step = len(letters) if m.group(1) == "-" else letters.index(m.group(1))
    phase = {"*": DONE, "?": START}.get(m.group(3), MOVE)
    return step, bool(m.group(2)), phase


def parse_result(t: Tables, text: str) -> tuple[Outcome, int]:
    m = re.fullmatch(r"([a-z-]+)(?::([wb]))?(?:@([a-p]\d+))?", text)
    builders: dict[str, Callable[[int | None, int], Outcome]] = {
        Ending.CHECKMATE: lambda w, at: endings.checkmate(t, need(w)),
        Ending.KING_KILLED: lambda w, at: endings.king_killed(t, need(w), at),
        Ending.QUEEN_HELD: lambda w, at: endings.queen_held(t, need(w)),
        Ending.NO_MOVES: lambda w, at: endings.no_moves(t),
        Ending.QUIET: lambda w, at: endings.quiet(t),
    }
    if m is None or m.group(1) not in builders:
        raise ValueError(f"cannot read the result {text!r}: one of {', '.join(builders)}")
    winner = None if m.group(2) is None else SIDE_LETTERS.index(m.group(2))
    at = t.geo.parse(m.group(3)) if m.group(3) else EMPTY
    if (m.group(1) == Ending.KING_KILLED) != (at != EMPTY):
        raise ValueError(f"{text!r}: only king-killed names a square (where he died)")
    outcome = builders[m.group(1)](winner, at)
    if outcome.winner != winner:
        raise ValueError(f"{text!r}: that ending " + ("is a draw" if winner else "has a winner"))
    return outcome, at


def need(winner: int | None) -> int:
    if winner is None:
        raise ValueError("that ending names its winner (:w or :b)")
    return winner


def parse_position(t: Tables, text: str) -> tuple[GladiatorState, bool]:
    """The state a position text names, and whether it still has to be run on to its first
    decision (a text of the board alone, or the board and the side)."""
    words = text.split()
    if len(words) not in (1, 2, FIELDS, FIELDS + 1):
        raise ValueError(
            f"a position is {FIELDS} fields (or {FIELDS + 1} with the result), or the board "
            f"alone, or the board and the side; this text has {len(words)}"
        )
    reader = Reader(t)
    board = reader.board(words[0])
    side = 0
    if len(words) > 1:
        if words[1] not in ("w", "b"):
            raise ValueError(f"the side is w or b, not {words[1]!r}")
        side = SIDE_LETTERS.index(words[1])
    if len(words) <= 2:
        state = GladiatorState(tuple(board), tuple(reader.pieces), side=side, phase=START)
        return Work(state).freeze(), True
    step, overriding, phase = parse_slot(t, words[2])
    reader.loose(words[3])
    items = reader.pending(words[4], board)
    held = words[5].split("/")
    if len(held) != 2:
        raise ValueError(f"the held Queens' turns are two numbers, as 0/0, not {words[5]!r}")
    result, ended_on = parse_result(t, words[10]) if len(words) > FIELDS else (None, EMPTY)
    state = GladiatorState(
        tuple(board),
        tuple(reader.pieces),
        side,
        step,
        phase,
        overriding,
        frozenset(reader.moved),
        items,
        (number(held[0], "a held count"), number(held[1], "a held count")),
        number(words[6], "the turn", 1),
        number(words[7], "the moves made"),
        number(words[8], "the idle turns"),
        0 if words[9] == "-" else number(words[9], "the quiet turns"),
        result,
        ended_on,
        words[9] == "-",
    )
    if items and result is None:  # the first open choice has been offered: its options
        state = replace(state, pending=(with_options(t, state, items[0]), *items[1:]))
    return Work(state).freeze(), False


def with_options(t: Tables, state: GladiatorState, item: Pending) -> Pending:
    """The choice offered now, with its answers (the rules make a choice of one at once)."""
    found = pending.options(t, state, item)
    if len(found) < 2:
        raise ValueError(f"the open {item.kind} choice has {len(found)} answers: it is not open")
    return replace(item, options=found)
