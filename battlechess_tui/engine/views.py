"""View models: what presenters hand the UI. Frozen dataclasses of numbers, enums and short
labels; never used to change a game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from battlechess_tui.engine.vocabulary import MarkKind

#: Symbols the board draws for a mark of each kind when the mark names none (Unicode, ASCII).
KIND_SYMBOLS: dict[MarkKind, tuple[str, str]] = {
    MarkKind.BUFF: ("✦", "b"),
    MarkKind.DEBUFF: ("↓", "v"),
    MarkKind.CONDITION: ("~", "~"),
    MarkKind.STATUS: ("•", "."),
    MarkKind.AREA: ("◇", "+"),
}


@dataclass(frozen=True, slots=True)
class Mark:
    """A mark on a piece or a square: its kind, its name for people, and optionally its own
    symbol (``❄`` for frozen). ``shown`` False keeps it to the piece card."""

    kind: MarkKind
    name: str
    symbol: str = ""
    ascii: str = ""
    shown: bool = True

    def glyph(self, ascii_only: bool = False) -> str:
        """The one character the board draws for this mark."""
        own = self.ascii if ascii_only else self.symbol
        if own:
            return own
        pair = KIND_SYMBOLS[self.kind]
        return pair[1] if ascii_only else pair[0]

    def __str__(self) -> str:
        return self.name


#: The mark of a king in check (the games with check: classic, Gladiator). Presenters give it
#: to the king; the board then also highlights his square (``checked_square``).
IN_CHECK = Mark(MarkKind.STATUS, "in check", "‼", "!")


@dataclass(frozen=True, slots=True)
class PieceView:
    """What the UI shows of a piece; never used to change the game."""

    kind: str
    side: int
    letter: str  # upper case for White, lower for Black: readable without colour
    glyph: str
    name: str
    hp: int | None = None
    max_hp: int | None = None
    label: str = ""  # a short extra mark drawn with the piece, e.g. a die's face or "L3"
    marks: tuple[Mark, ...] = ()

    @property
    def mark_names(self) -> tuple[str, ...]:
        """The names of the piece's marks."""
        return tuple(m.name for m in self.marks)

    @property
    def hurt(self) -> bool:
        """Has the piece lost hit points?"""
        return self.hp is not None and self.max_hp is not None and self.hp < self.max_hp


def checked_square(pieces: Sequence[PieceView | None]) -> int | None:
    """The square of the king in check among a board's pieces (by the ``IN_CHECK`` mark)."""
    return next((sq for sq, p in enumerate(pieces) if p is not None and IN_CHECK in p.marks), None)


@dataclass(frozen=True)
class TallyItem:
    """One line of a tally section: a piece or a count, with its hit points and a note."""

    label: str
    hp: int | None = None
    max_hp: int | None = None
    note: str = ""


@dataclass(frozen=True)
class TallySection:
    """A side's section of the tally sheet (hit points, killed, frozen...): its title and lines."""

    side: int
    title: str
    items: tuple[TallyItem, ...]


@dataclass(frozen=True)
class Combatant:
    """One side of a battle as the battle panel shows it."""

    name: str  # "White Fighter"
    side: int
    square: int  # where it stands; -1 once it has fallen
    hp: int
    max_hp: int
    defence: str = ""  # the armour class an attack on it uses now: "FAC 13 (flat-footed)"
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True)
class BattleView:
    """A battle under way (or, asked for by ``key``, how its combatants stand afterwards)."""

    key: tuple[int, ...]  # the same for every position of one battle
    square: int  # where it is fought
    attacker: Combatant
    defender: Combatant
    status: str = ""  # "round 2: Black Rogue acts"


@dataclass(frozen=True)
class SeatTurn:
    """Where one seat of the side to move stands in its team's turn (the commanders strip)."""

    seat: str  # the seat's key
    progress: str  # "done", "now" or "later"
    note: str = ""  # e.g. "moved", "dead: the King moves for it", "frozen"


def percent(p: Fraction | float) -> str:
    """A chance for people: ``12.5%``, ``50%``; a chance that is neither nil nor certain never
    reads as 0% or 100% (``under 0.1%``, ``over 99.9%``)."""
    if 0 < p < 0.0005:  # compared as given: a Fraction a hair below 1 is no float's 1.0
        return "under 0.1%"
    if 0.9995 < p < 1:
        return "over 99.9%"
    text = f"{float(p) * 100:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


#: An exact chance is written as its fraction while the denominator is under this (5/12,
#: 1225/1296); a longer one (a battle of many dice: 40 digits) reads as its percentage.
READABLE_DENOMINATOR = 10_000


def exact_odds(p: Fraction) -> str:
    """An exact chance for people: ``5/12 = 41.7%``; one whose fraction is too long to read
    (``READABLE_DENOMINATOR``) is its percentage alone, ``88.4%``."""
    if p.denominator < READABLE_DENOMINATOR:
        return f"{p.numerator}/{p.denominator} = {percent(p)}"
    return percent(p)


def signed(number: float) -> str:
    """An estimate for people: ``+5.0``, ``−6.3`` (a true minus sign, as chess books print
    it), ``0.0``."""
    tenths = round(number, 1)
    if tenths == 0:
        return "0.0"
    return f"{tenths:+.1f}".replace("-", "\N{MINUS SIGN}")


_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def ordinal(n: int) -> str:
    """``fifth`` for 5 (in words up to seven, then ``8th``, ``21st``...)."""
    if 0 <= n < len(_ORDINALS):
        return _ORDINALS[n]
    teen = n % 100 in (11, 12, 13)
    return f"{n}{'th' if teen else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
