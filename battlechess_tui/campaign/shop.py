"""The magic item shop (DD-44, DD-47): permanent items for named pieces, at SRD 3.5 prices.

An offer says what the item does to the piece's numbers before it is bought (``Melee +4 -> +5``).
Buying an item of a kind the piece already has is an upgrade and costs the difference in market
value (SRD); a bane needs a magic weapon. Either side may spend its own war chest.
"""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.campaign.model import CampaignFile, HistoryFact, PieceRecord
from battlechess_tui.campaign.store import CampaignError
from battlechess_tui.campaign.support import shop_words, support
from battlechess_tui.engine.campaign import (
    Change,
    ItemCatalogue,
    ItemOffer,
    Versus,
    changed_numbers,
)

#: An item a piece may buy (``engine.campaign.ItemOffer``: item, name, price, changes, help).
Offer = ItemOffer


class ShopError(CampaignError):
    """A purchase refused: the reason in one line."""


def numbers(cls: str, level: int, items: tuple[str, ...]) -> dict[str, str]:
    """The numbers of a piece with these items, alone on the board (no allies' auras)."""
    return support().numbers(cls, level, items)


def changes(
    cls: str, level: int, before: tuple[str, ...], after: tuple[str, ...]
) -> tuple[Change, ...]:
    """What going from items ``before`` to ``after`` changes (``Change``: stat, before, after;
    ``change_text`` words one: ``Melee +4 -> +5``)."""
    return changed_numbers(numbers(cls, level, before), numbers(cls, level, after))


def change_text(change: Change | Versus) -> str:
    """A change in the game's words: ``Melee +4 -> +5``."""
    return shop_words().change(change)


def refusal(cat: ItemCatalogue, piece: PieceRecord, item: str) -> str:
    """Why the piece cannot have ``item``, in the game's words (empty when it can). ``cat``,
    which old callers pass, is the campaign game's own catalogue: its support reads that."""
    game = support()
    why = game.refused(piece.cls, tuple(piece.items), item)
    return shop_words().refusal(why) if why is not None else ""


def price(cat: ItemCatalogue, piece: PieceRecord, item: str) -> int:
    """What the item costs this piece: the rise in the value of its items (SRD upgrades);
    ``cat`` as for ``refusal``."""
    return support().price(tuple(piece.items), item)


def offers(campaign: CampaignFile, side: int, square: str) -> list[Offer]:
    """Every item the piece may buy now, cheapest first, with its price and effect, each with
    its line in the game's words (``Offer.line()``)."""
    piece = campaign.side(side).piece(square)
    game = support()
    found = game.offers(piece.cls, piece.level, tuple(piece.items))
    return [replace(o, text=shop_words().offer_line(o)) for o in found]


def buy(campaign: CampaignFile, side: int, square: str, item: str) -> CampaignFile:
    """The campaign after the side buys ``item`` for its piece on ``square`` (ShopError if not)."""
    game = support()
    c = campaign.model_copy(deep=True)
    chest = c.side(side)
    try:
        piece = chest.piece(square)
    except KeyError as exc:
        raise ShopError(str(exc.args[0])) from None
    why = game.refused(piece.cls, tuple(piece.items), item)
    if why is not None:
        raise ShopError(shop_words().refusal(why))
    cost = game.price(tuple(piece.items), item)
    name = game.items.name(item)
    if cost > chest.chest:
        raise ShopError(f"{name} costs {cost:,} gold; the war chest holds {chest.chest:,}")
    chest.chest -= cost
    bought = game.canonical_item(item)
    piece.items = list(game.merge_items(tuple(piece.items), (bought,)))
    piece.history.append(HistoryFact(kind="bought", items=[bought], gold=cost))
    return c
