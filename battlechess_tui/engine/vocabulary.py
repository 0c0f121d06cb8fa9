"""The engine's typed words: kinds of decisions, events, rolls, endings and marks.

Rules speak to presenters, the UI and the computer players in these enums, never in sentences
that a reader must parse. Each is a ``StrEnum``, so its value is also what saves record. The
engine lists only the words every game may use (a move, a capture, a fight, a draw offer...);
a game declares its own in a ``Vocabulary`` of StrEnums (its rules' ``vocabulary``), as
python-chess's ``Termination`` leaves a variant's endings to the variant. A word is a ``str``
wherever it travels, so a game's words and the engine's mix freely.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import EnumType, StrEnum
from typing import TYPE_CHECKING, Any


class _Open(EnumType):
    """The engine's enums: a member that moved to a game's own words (round 4) is still
    found by its old name, with a ``DeprecationWarning`` that names its new place."""

    if not TYPE_CHECKING:  # mypy sees only the members that are here

        def __getattr__(cls, name: str) -> Any:
            if name.startswith("_"):
                raise AttributeError(name)
            from battlechess_tui.engine.classes import moved_word

            found, where = moved_word(cls.__name__, name)
            if found is None:
                raise AttributeError(f"{cls.__name__} has no word {name!r}")
            warnings.warn(
                f"{cls.__name__}.{name} is its game's own word now: use {where}",
                DeprecationWarning,
                stacklevel=2,
            )
            return found


class EventTag(StrEnum, metaclass=_Open):
    """What a narrated change (``Note``) is about."""

    CAPTURE = "capture"
    KILL = "kill"
    DAMAGE = "damage"
    HEAL = "heal"
    MISS = "miss"
    PROMOTE = "promote"
    PASS = "pass"
    KING = "king"  # a king (or the side's royal piece) is lost or endangered
    WIN = "win"
    DRAW = "draw"
    RESIGN = "resign"
    OFFER = "offer"
    DECLINE = "decline"
    TURN = "turn"  # a new turn or round begins
    CASTLE = "castle"
    INFO = "info"


class Ending(StrEnum, metaclass=_Open):
    """How a game ended; ``Outcome.reason`` keeps the words for people beside it."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    FIFTY_MOVES = "fifty-moves"
    REPETITION = "repetition"
    DEAD_POSITION = "dead-position"
    KING_KILLED = "king-killed"
    QUEEN_HELD = "queen-held"
    ALL_CAPTURED = "all-captured"
    NO_DICE = "no-dice"
    SCORE = "score"
    NO_MOVES = "no-moves"
    QUIET = "quiet"  # too many turns without a capture, damage or progress
    PASSES = "passes"
    SURRENDER = "surrender"
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"
    OTHER = "other"


class Purpose(StrEnum, metaclass=_Open):
    """What a throw of dice is for (``Roll.use``): presenters and the UI read this, never the
    roll's words."""

    FIGHT = "fight"  # a capture decided by dice
    ATTACK = "attack"  # an attack roll, or an attacker's pool
    DAMAGE = "damage"
    OTHER = "other"


class MarkKind(StrEnum, metaclass=_Open):
    """What a mark on a piece or a square means to a player; the board draws each kind with
    its own symbol unless the mark names one."""

    BUFF = "buff"  # a helpful effect
    DEBUFF = "debuff"  # a harmful effect (a curse)
    CONDITION = "condition"  # a state that limits the piece (frozen, paralyzed, prone)
    STATUS = "status"  # a fact worth seeing (in check, moved, promoted, commander)
    AREA = "area"  # a square with a standing meaning (a used promotion square)


class ActionKind(StrEnum, metaclass=_Open):
    """What a player's decision is (``Action.kind``): the kinds every game may use. The value
    is the word a player types and a save records (``resign``; a move is written by its
    squares alone); a game's own kinds (``swap a1 b1``) are in its ``Vocabulary``."""

    MOVE = "move"
    PASS = "pass"  # no move: the turn passes
    RESIGN = "resign"  # the table's decisions, in every game
    OFFER_DRAW = "offer-draw"
    ACCEPT_DRAW = "accept-draw"
    DECLINE_DRAW = "decline-draw"


class Target(StrEnum, metaclass=_Open):
    """What a roll's ``target`` number is (``Roll.target_kind``): the presenter words it
    (``AC 16``, ``needs 5``, ``miss on 1-20``)."""

    NONE = "none"
    AT_LEAST = "at-least"  # the total needed
    AT_MOST = "at-most"  # the roll fails (or loses) on this number or less
    TOTAL = "total"  # the other side's total, in an opposed roll


class Verdict(StrEnum, metaclass=_Open):
    """What a roll decided (``Roll.verdict``): the presenter words it."""

    NONE = "none"
    HIT = "hit"
    MISS = "miss"
    WINS = "wins"  # the fight, the initiative, or the round (by ``numbers[0]``)
    LOSES = "loses"
    TIE = "tie"  # no one wins: a round with no damage, or a throw made again
    AMOUNT = "amount"  # damage or healing, ``numbers[0]``


class RollDetail(StrEnum, metaclass=_Open):
    """A particular of a roll's verdict (``Roll.details``)."""

    AGAIN = "again"  # a tie: both throw again
    MINIMUM = "minimum"  # the amount raised to its minimum


#: The roles of a game's words, in the order ``Vocabulary`` holds them, with the engine's
#: generic enum of each.
ROLES: dict[str, type[StrEnum]] = {
    "actions": ActionKind,
    "tags": EventTag,
    "purposes": Purpose,
    "targets": Target,
    "verdicts": Verdict,
    "details": RollDetail,
}


@dataclass(frozen=True)
class Vocabulary:
    """A game's own words beside the engine's: a StrEnum (or None) for each role of
    ``ROLES``, and the puzzle themes its kinds of decision teach. ``words(role)`` is every
    word the game may use in that role."""

    actions: type[StrEnum] | None = None
    tags: type[StrEnum] | None = None
    purposes: type[StrEnum] | None = None
    targets: type[StrEnum] | None = None
    verdicts: type[StrEnum] | None = None
    details: type[StrEnum] | None = None
    #: What a decision of one of the game's kinds teaches: a puzzle's theme when its answer
    #: is one (``cast``: "spell choice").
    themes: Mapping[str, str] = field(default_factory=dict)

    def own(self, role: str) -> tuple[str, ...]:
        """The game's own words in ``role``."""
        enum: type[StrEnum] | None = getattr(self, role)
        return tuple(enum) if enum is not None else ()

    def words(self, role: str) -> frozenset[str]:
        """Every word of ``role`` the game may use: the engine's and its own."""
        return frozenset((*ROLES[role], *self.own(role)))


#: The vocabulary of a game with no words of its own.
GENERIC = Vocabulary()


#: What a word looks like: lower case, its parts joined by hyphens (``no-override``); a kind
#: of action has no digit (``e2`` is a square, ``zz9`` nothing a player means).
WORD = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
KIND = re.compile(r"[a-z]+(-[a-z]+)*")


def as_word(value: str, role: str) -> str:
    """``value`` as a word of ``role`` (a key of ``ROLES``): the engine's member when it is
    one, else the word itself (a game's own: its rules know it); ValueError in one line when
    it is no word at all."""
    if isinstance(value, StrEnum):
        return value
    generic = ROLES[role]
    if value in generic._value2member_map_:
        return generic(value)
    shape = KIND if role == "actions" else WORD
    if not isinstance(value, str) or not shape.fullmatch(value):
        raise ValueError(f"{value!r} is not a word of {role} (such as {next(iter(generic))!r})")
    return value
