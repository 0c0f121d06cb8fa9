"""Battle power and the winner's prize (DD-43, DD-44).

Battle power of a side = its promotions (levels above 1, summed over its pieces) plus one per
full 10,000 gold of magic items it owns (market value, the catalogue's ``value``). The winner's
prize is 10,000 gold plus 1,000 per point the loser's power exceeds the winner's (minus 1,000 per
point it falls short), never below 0: beating a stronger side pays more.
"""

from __future__ import annotations

from battlechess_tui.campaign.model import SideRecord
from battlechess_tui.engine.campaign import ItemCatalogue

BASE_PRIZE = 10_000
PER_POINT = 1_000
GOLD_PER_POINT = 10_000
SPOILS_PERCENT = 20  # DD-45: the share of the loser's war chest a surrender's winner may take


def item_value(side: SideRecord, cat: ItemCatalogue) -> int:
    """Market value of every item the side's pieces carry."""
    return sum(cat.value(p.items) for p in side.pieces)


def battle_power(side: SideRecord, cat: ItemCatalogue) -> int:
    """DD-43: promotions plus one per full 10,000 gold of items."""
    promotions = sum(p.level - 1 for p in side.pieces)
    return promotions + item_value(side, cat) // GOLD_PER_POINT


def prize(winner_power: int, loser_power: int) -> int:
    """DD-44: 10,000 + 1,000 x (loser's power - winner's power), at least 0.

    >>> prize(3, 5)
    12000
    >>> prize(5, 3)
    8000
    """
    return max(0, BASE_PRIZE + PER_POINT * (loser_power - winner_power))
