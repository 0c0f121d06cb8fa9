"""The state of a D&D Battle Chess game: the pieces as characters, the board, the phase.

Each piece is a character with a stable ``id`` (its index in the setup), its own ``level`` and
``items`` (campaign play, DD-40..DD-48, fills them), hit points, spells used and active effects.
A state is never changed once made: ``apply`` clones it, changes the clone and returns it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from battlechess_tui.engine.chessboard import ChessBoard
from battlechess_tui.engine.variant import Outcome

#: The phases of a turn: a chess move, the moved piece's action, the King's swap (DD-17),
#: a battle (DD-10..DD-18), the winner's choice to loot the fallen (campaign play, DD-42).
MOVE_PHASE, ACT, SWAP, BATTLE, LOOT = "move", "act", "swap", "battle", "loot"


@dataclass(frozen=True, slots=True)
class Effect:
    """A spell or condition on a piece; ``rounds`` None lasts the whole game (DD-24).

    ``bonuses`` are (stat, type, value): stat is attack, damage, ac, init, fort, ref, will or
    saves; bonuses of one type do not stack (SRD), penalties do.
    """

    key: str
    label: str
    source: int
    rounds: int | None
    bonuses: tuple[tuple[str, str, int], ...] = ()
    condition: str = ""
    amount: int = 0


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


@dataclass(frozen=True, slots=True)
class Pending:
    """What waits for the King's player's DD-17 decision: a battle or a ranged effect."""

    kind: str  # "battle" or "effect"
    actor: int
    move: int = 0
    origin: int = -1
    action: Any = None


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


@dataclass
class DndState:
    board: ChessBoard
    pieces: list[Piece]
    at: list[int]  # square -> piece id, -1 when empty
    phase: str = MOVE_PHASE
    side: int = 0  # whose turn it is
    actors: tuple[int, ...] = ()  # ACT: piece ids still to take their action (castling: two)
    battle: Battle | None = None
    pending: Pending | None = None
    fascination: Fascination | None = None
    used_squares: tuple[int, ...] = ()  # DD-31: back-rank squares that have promoted a piece
    killed: tuple[int, ...] = ()  # piece ids in the order they fell
    falls: tuple[Fall, ...] = ()  # the same, with killer and manner (campaign play)
    loot: Loot | None = None  # LOOT: the choice waiting (DD-42)
    quiet: int = 0  # turns in a row without damage (DD-4 ruling)
    turn: int = 1
    result: Outcome | None = None
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def clone(self) -> DndState:
        return replace(self, board=self.board.copy(), pieces=self.pieces[:], at=self.at[:],
                       _cache={})  # fmt: skip

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

    def set(self, piece: Piece) -> None:
        self.pieces[piece.id] = piece
