"""``CampaignSupport[S]``: what a game gives campaign play, the one way the campaign layer
(``campaign/``) and through it the UI and the CLI reach a game's campaign knowledge.

A campaign is a series of games between two armies whose pieces keep their levels and items.
The campaign layer keeps the file, the war chests, the prizes and the shop's bookkeeping; the
game says what its pieces and items are, which options play a campaign game, what a finished
game did to each piece, and what an item costs and changes. ``Rules.campaign_support()`` hands
it out (None for a game without campaigns); D&D Battle Chess implements it in
``rules/dnd/campaign.py``. The campaign layer imports no game: it asks the registry. The shop
speaks in facts (``Change``, ``Versus``, ``ShopRefusal``); the game's ``ShopWords`` write them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, TypeVar

from battlechess_tui.engine.spec import OptionValue

S_contra = TypeVar("S_contra", contravariant=True)

#: A roster: each piece that differs from a fresh one, by its starting square: (level, items).
Roster = Mapping[str, tuple[int, tuple[str, ...]]]


class ItemCatalogue(Protocol):
    """A game's magic items, as the campaign reads them; an item is a short canonical text."""

    @property
    def version(self) -> int:
        """The catalogue's version, recorded with a campaign's items."""
        ...

    def name(self, text: str) -> str:
        """The item's name as players read it (``+2 weapon``)."""
        ...

    def value(self, texts: tuple[str, ...] | list[str]) -> int:
        """The market value, in gold, of one piece's items."""
        ...


@dataclass(frozen=True)
class Fallen:
    """A piece killed in a game: its side, class, starting square (``home``, its identity from
    game to game) and level when it fell; the items it still carries and those its killer
    looted; the killer's side and starting square (None and "" when no piece killed it)."""

    side: int
    cls: str
    home: str
    level: int
    items: tuple[str, ...]
    looted: tuple[str, ...]
    killer_side: int | None
    killer_home: str


@dataclass(frozen=True)
class Survivor:
    """A piece alive at the end of a game, with the level and items it ends with."""

    side: int
    home: str
    level: int
    items: tuple[str, ...]


@dataclass(frozen=True)
class Tally:
    """What a finished game did to the pieces: the falls in the order they happened, and the
    survivors."""

    falls: tuple[Fallen, ...]
    survivors: tuple[Survivor, ...]


@dataclass(frozen=True)
class Change:
    """One of a piece's numbers an item changes: ``stat`` (the game's key for it: ``melee``)
    from ``before`` to ``after`` (as the numbers are written: ``+4``, ``2d6+3``)."""

    stat: str
    before: str
    after: str


@dataclass(frozen=True)
class Versus:
    """What an item adds against pieces of one class only (a bane): ``bonus`` more to the
    weapon, ``dice`` more damage, against pieces of class ``target``."""

    target: str
    bonus: int
    dice: str


@dataclass(frozen=True)
class ItemOffer:
    """An item a piece may buy: its canonical text, name, price (what the piece's items gain in
    value) and what it changes (facts: ``Change`` and ``Versus``), with the catalogue's help
    text. ``text`` holds the offer in words once the campaign's shop has written them
    (``ShopWords.offer_line``), as a recorded note holds its sentence."""

    item: str
    name: str
    price: int
    changes: tuple[Change | Versus, ...]
    help: str = ""
    text: str = ""

    def line(self) -> str:
        """The offer in words (``+1 weapon: 2,000 gold (Melee +4 -> +5; ...)``), as the
        campaign's shop wrote them; empty for an offer no shop has worded."""
        return self.text


class Refused(StrEnum):
    """Why a piece may not have an item (``ShopRefusal.reason``)."""

    UNKNOWN = "unknown"  # the text names no item (``detail``: what is wrong with it)
    NOT_FOR_CLASS = "not-for-class"  # the item is made for other classes
    NEEDS = "needs"  # it needs another item first (``other``: the kind of item it needs)
    HAS_IT = "has-it"  # the piece has this very item
    HAS_BETTER = "has-better"  # the piece has one as good or better (``other``)


@dataclass(frozen=True)
class ShopRefusal:
    """A piece may not have ``item``: the ``reason``, the piece's class ``cls``, the ``other``
    item concerned, the ``rule`` that decides and, for an unreadable item, the catalogue's
    ``detail``. The game's ``ShopWords`` write the sentence."""

    reason: Refused
    item: str
    cls: str = ""
    other: str = ""
    rule: str = ""
    detail: str = ""


def changed_numbers(before: Mapping[str, str], after: Mapping[str, str]) -> tuple[Change, ...]:
    """Each of a piece's numbers that differs, as a ``Change`` (``melee``, ``+4``, ``+5``)."""
    return tuple(Change(k, before[k], after[k]) for k in before if before[k] != after.get(k))


class ShopWords(Protocol):
    """A game's words for its shop: every sentence a player reads of offers and refusals."""

    def change(self, change: Change | Versus) -> str:
        """``Melee +4 -> +5``; ``against Paladins: weapon +2 better, +2d6 damage``."""
        ...

    def offer_line(self, offer: ItemOffer) -> str:
        """``+1 weapon: 2,000 gold (Melee +4 -> +5; Damage 2d6+3 -> 2d6+4)``."""
        ...

    def refusal(self, refusal: ShopRefusal) -> str:
        """Why the piece may not have the item, in one line."""
        ...


class CampaignSupport(Protocol[S_contra]):
    """A game's part of campaign play, over its own state type ``S``."""

    @property
    def items(self) -> ItemCatalogue:
        """The catalogue of items pieces may carry and buy."""
        ...

    def class_names(self) -> dict[str, str]:
        """Each piece class's key -> its name (``fighter`` -> ``Fighter``)."""
        ...

    def starting_pieces(self, side: int) -> dict[str, str]:
        """``side``'s starting squares -> the class that starts there, in setup order."""
        ...

    def canonical_item(self, text: str) -> str:
        """The item ``text`` names, written as the catalogue writes it; ValueError naming the
        problem when it names none."""
        ...

    def merge_items(self, have: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
        """A piece's items after it receives ``new`` (loot, spoils, a purchase): one of a kind,
        the more valuable kept, each with what it needs."""
        ...

    def game_options(self, roster: Roster) -> dict[str, OptionValue]:
        """The options of a campaign game whose pieces start as ``roster`` says."""
        ...

    def tally(self, start: S_contra, end: S_contra) -> Tally:
        """What the game from ``start`` to ``end`` did to each piece."""
        ...

    def numbers(self, cls: str, level: int, items: tuple[str, ...]) -> dict[str, str]:
        """A piece's numbers with these items, alone on the board, by the game's keys for
        them (``{"melee": "+5", ...}``)."""
        ...

    def refused(self, cls: str, items: tuple[str, ...], item: str) -> ShopRefusal | None:
        """Why a piece of ``cls`` carrying ``items`` cannot have ``item``; None when it can."""
        ...

    def price(self, items: tuple[str, ...], item: str) -> int:
        """What ``item`` costs a piece carrying ``items``: the rise in their value."""
        ...

    def offers(self, cls: str, level: int, items: tuple[str, ...]) -> list[ItemOffer]:
        """Every item such a piece may buy, cheapest first (in facts: ``text`` empty)."""
        ...
