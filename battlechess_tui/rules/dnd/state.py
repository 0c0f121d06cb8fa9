"""The state of a D&D Battle Chess game: the pieces as characters, the board, the phase.

Each piece is a character with a stable ``id`` (its index in the setup), its own ``level`` and
``items`` (campaign play, DD-40..DD-48, fills them), hit points, spells used and active effects.
A ``DndState`` is frozen and hashable: ``apply`` carries an action out on a ``Draft`` (a private,
changeable copy with a chess board for move generation) and freezes the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from functools import cache

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.rules import Outcome


class Phase(StrEnum):
    """The phases of a turn: a chess move, the moved piece's action, the King's swap (DD-17),
    a battle (DD-10..DD-18), the winner's choice to loot the fallen (campaign play, DD-42).
    The value is what position text writes."""

    MOVE = "move"
    ACT = "act"
    SWAP = "swap"
    BATTLE = "battle"
    LOOT = "loot"


MOVE_PHASE, ACT, SWAP, BATTLE, LOOT = Phase.MOVE, Phase.ACT, Phase.SWAP, Phase.BATTLE, Phase.LOOT
PHASES = tuple(Phase)


@dataclass(frozen=True, slots=True)
class Effect:
    """A spell or condition on a piece; ``rounds`` None lasts the whole game (DD-24).

    ``bonuses`` are (stat, type, value): stat is attack, damage, ac, init, fort, ref, will or
    saves; bonuses of one type do not stack (SRD), penalties do. ``source`` is the caster's id
    (-1: none), whose side's turns count the rounds down outside battles (DD-14). ``key``
    names the effect on its piece (the same key again refreshes it): a spell's key, or
    ``prayer-foe``, ``fascinated``, ``charm-3`` (a charm by the caster with id 3). ``spell`` is
    the cast choice that laid it when the key does not say which (``charm-person``, or the
    curse chosen: ``bestow-curse-2``). The state holds no words: the presenter names it.
    """

    key: str
    source: int
    rounds: int | None
    bonuses: tuple[tuple[str, str, int], ...] = ()
    condition: str = ""
    amount: int = 0
    spell: str = ""

    @property
    def name_key(self) -> str:
        """The key the effect's name is written from: its ``spell``, else its ``key``."""
        return self.spell or self.key


@dataclass(frozen=True, slots=True)
class Piece:
    id: int
    cls: str
    side: int
    level: int
    hp: int
    square: int  # -1 once killed
    items: tuple[str, ...] = ()
    promoted: bool = False
    slots_used: tuple[int, int, int] = (0, 0, 0)
    used: tuple[str, ...] = ()  # once-per-game abilities spent
    effects: tuple[Effect, ...] = ()
    no_fascinate: tuple[int, ...] = ()  # DD-28: enemies this Bard may not fascinate again

    @property
    def alive(self) -> bool:
        return self.square >= 0

    def effect(self, key: str) -> Effect | None:
        return next((e for e in self.effects if e.key == key), None)

    def has(self, condition: str) -> bool:
        return any(e.condition == condition for e in self.effects)

    def with_effect(self, effect: Effect) -> Piece:
        """The piece with ``effect`` added; the same spell again refreshes it (DD-24)."""
        kept = tuple(e for e in self.effects if e.key != effect.key)
        return replace(self, effects=kept + (effect,))

    def without(self, key: str) -> Piece:
        return replace(self, effects=tuple(e for e in self.effects if e.key != key))


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle in progress (DD-10..DD-18)."""

    attacker: int
    defender: int
    origin: int  # the attacker's own square
    square: int  # the battle square (the defender's)
    move: int  # the chess move that the attacker completes if it wins
    actor: int  # the piece id whose action is next
    first: bool = False  # the defender's first action after winning initiative (DD-11)
    flat_footed: int = -1  # the piece id flat-footed until it acts (DD-11)
    charge_ok: bool = False  # the attacker's first attack may be a charge
    charging: bool = False  # the attacker charged: -2 AC until its next action
    actions: int = 0  # actions taken (two make a combat round, DD-12, DD-14)
    auto: bool = False

    def other(self, pid: int) -> int:
        return self.defender if pid == self.attacker else self.attacker


class Waiting(StrEnum):
    """What a ``Pending`` decision holds back (the value is what position text writes)."""

    BATTLE = "battle"  # a battle against a piece next to the King
    EFFECT = "effect"  # a spell or ability reaching the King's square


@dataclass(frozen=True, slots=True)
class Pending:
    """What waits for the King's player's DD-17 decision: a battle or a ranged effect."""

    kind: Waiting
    actor: int
    move: int = 0
    origin: int = -1
    action: Action | None = None


@dataclass(frozen=True, slots=True)
class Fascination:
    """DD-28: the King fascinated ``enemy``; the stopped battle may resume."""

    king: int
    enemy: int
    battle: Battle
    turn: int  # the game turn it happened in


@dataclass(frozen=True, slots=True)
class Fall:
    """A piece killed: by whom (-1 unknown), in melee (a battle, DD-42), its level and items."""

    victim: int
    killer: int
    melee: bool
    level: int
    items: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Loot:
    """DD-42: the winner of a battle may take the fallen enemy's items (``loot``/``leave``)."""

    winner: int
    loser: int


class Lookups:
    """Questions a state and its draft both answer."""

    pieces: Sequence[Piece]
    at: Sequence[int]  # square -> piece id, -1 when empty
    battle: Battle | None
    falls: tuple[Fall, ...]

    def piece_at(self, square: int) -> Piece | None:
        pid = self.at[square]
        return self.pieces[pid] if pid >= 0 else None

    def living(self, side: int | None = None) -> list[Piece]:
        return [p for p in self.pieces if p.alive and (side is None or p.side == side)]

    def standing(self, pid: int) -> int:
        """Where a piece stands: a battle's attacker stands on the battle square."""
        b = self.battle
        if b is not None and pid == b.attacker:
            return b.square
        return self.pieces[pid].square

    @property
    def killed(self) -> tuple[int, ...]:
        """Piece ids in the order they fell."""
        return tuple(f.victim for f in self.falls)


@dataclass(frozen=True)
class DndState(Lookups):
    pieces: tuple[Piece, ...]
    at: tuple[int, ...]
    castling: int = 0  # the chess castling rights (cb.WK | cb.WQ | cb.BK | cb.BQ)
    phase: Phase = MOVE_PHASE
    side: int = 0  # whose turn it is
    actors: tuple[int, ...] = ()  # ACT: piece ids still to take their action (castling: two)
    battle: Battle | None = None
    pending: Pending | None = None
    fascination: Fascination | None = None
    used_squares: tuple[int, ...] = ()  # DD-31: back-rank squares that have promoted a piece
    falls: tuple[Fall, ...] = ()  # pieces killed, in order, with killer and manner
    loot: Loot | None = None  # LOOT: the choice waiting (DD-42)
    quiet: int = 0  # turns in a row without damage (DD-4 ruling)
    turn: int = 1  # turns played, each side's counted (White's first is 1)
    result: Outcome | None = None
    loud: bool = False  # a piece lost hit points this turn: it is not quiet (DD-4 ruling)


class Draft(Lookups):
    """A private, changeable copy of a state while one action is carried out (or a question
    that needs the chess board is answered); ``freeze`` makes the new state."""

    pieces: list[Piece]
    at: list[int]
    phase: Phase
    side: int
    actors: tuple[int, ...]
    pending: Pending | None
    fascination: Fascination | None
    used_squares: tuple[int, ...]
    loot: Loot | None
    quiet: int
    turn: int
    result: Outcome | None
    loud: bool

    def __init__(self, state: DndState, board: ChessBoard) -> None:
        for name in _FIELDS:
            if name != "castling":
                setattr(self, name, getattr(state, name))
        self.pieces = list(state.pieces)
        self.at = list(state.at)
        self.board = board

    @property
    def castling(self) -> int:
        return self.board.castling

    def freeze(self) -> DndState:
        values = {name: getattr(self, name) for name in _FIELDS}
        values.update(pieces=tuple(self.pieces), at=tuple(self.at))
        return DndState(**values)

    def set(self, piece: Piece) -> None:
        self.pieces[piece.id] = piece


_FIELDS = tuple(f.name for f in fields(DndState))


def chess_board(state: DndState, geo: Geometry, codes: dict[str, int]) -> ChessBoard:
    """The chess position of ``state`` (``codes``: a class's chess piece type) for moving."""
    cells = [cb.EMPTY] * geo.size
    kings = [-1, -1]
    for sq, pid in enumerate(state.at):
        if pid >= 0:
            p = state.pieces[pid]
            cells[sq] = codes[p.cls] | (p.side << 3)
            if codes[p.cls] == cb.KING:
                kings[p.side] = sq
    board = _empty_board(geo, state.castling, kings[0], kings[1]).copy()
    board.board = cells
    board.kings = kings
    board.side = state.side
    return board


@cache
def _empty_board(geo: Geometry, castling: int, white_king: int, black_king: int) -> ChessBoard:
    """A board with the castling routes of these rights (the Kings and Rooks on their squares
    then), and pawns that never change type (DD-31: a Fighter stays a Fighter)."""
    cells = [cb.EMPTY] * geo.size
    for side, king in enumerate((white_king, black_king)):
        if king >= 0:
            cells[king] = cb.KING | (side << 3)
    rights = ""
    for bit, letter, side, x in (
        (cb.WK, "K", 0, geo.width - 1),
        (cb.WQ, "Q", 0, 0),
        (cb.BK, "k", 1, geo.width - 1),
        (cb.BQ, "q", 1, 0),
    ):
        if castling & bit:
            cells[geo.square(x, 0 if side == 0 else geo.height - 1)] = cb.ROOK | (side << 3)
            rights += letter
    board = ChessBoard(geo, f"{placement(cells, geo)} w {rights or '-'} - 0 1")
    # The engine types this field for FIDE's four choices; D&D has one (DD-31).
    board.promo_types = (cb.PAWN,)  # type: ignore[assignment]
    return board


def placement(cells: Sequence[int], geo: Geometry) -> str:
    """The FEN board field of chess piece codes, top rank first."""
    rows = []
    for y in reversed(range(geo.height)):
        row, gap = "", 0
        for x in range(geo.width):
            code = cells[geo.square(x, y)]
            if code:
                row += (str(gap) if gap else "") + cb.letter(code)
                gap = 0
            else:
                gap += 1
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)
