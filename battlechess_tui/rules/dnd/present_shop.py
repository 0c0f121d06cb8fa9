"""The words of D&D's magic item shop (DD-44, DD-47): the names of a piece's numbers, what an
offer changes, an offer's line and why a piece may not have an item. The shop
(``rules/dnd/campaign.py``) says them in facts; a rewording touches this module only."""

from __future__ import annotations

from battlechess_tui.engine.campaign import Change, ItemOffer, Refused, ShopRefusal, Versus
from battlechess_tui.rules.dnd.items import Catalogue
from battlechess_tui.rules.dnd.shop_facts import Stat

#: Each number of a piece's sheet as the shop names it.
STAT_NAMES: dict[str, str] = {
    Stat.HP: "HP",
    Stat.AC: "AC",
    Stat.FAC: "FAC",
    Stat.TAC: "TAC",
    Stat.INIT: "Init",
    Stat.MELEE: "Melee",
    Stat.DAMAGE: "Damage",
    Stat.FORT: "Fort",
    Stat.REF: "Ref",
    Stat.WILL: "Will",
    Stat.SAVE_DCS: "Save DCs",
}
#: Why a piece may not have an item: ``{item}`` (its name), ``{cls}``, ``{other}`` (the name of
#: the item it has, or the kind of item it needs), ``{rule}``, ``{detail}``.
REFUSALS = {
    Refused.UNKNOWN: "{detail}",
    Refused.NOT_FOR_CLASS: "{item} is not for a {cls} ({rule})",
    Refused.NEEDS: "{item} needs a magic {other} first ({rule})",
    Refused.HAS_IT: "the piece already has it",
    Refused.HAS_BETTER: "the piece already has {other}",
}
NO_CHANGE = "no change to the numbers"


class DndShopWords:
    """D&D's ``ShopWords``, naming items by the catalogue."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def stat_name(self, key: str) -> str:
        """``melee`` -> ``Melee`` (a key the shop does not know, as it is)."""
        return STAT_NAMES.get(key, key)

    def change(self, change: Change | Versus) -> str:
        if isinstance(change, Versus):
            return (
                f"against {change.target.title()}s: weapon +{change.bonus} better, "
                f"+{change.dice} damage"
            )
        return f"{self.stat_name(change.stat)} {change.before} -> {change.after}"

    def offer_line(self, offer: ItemOffer) -> str:
        effect = "; ".join(self.change(c) for c in offer.changes) or NO_CHANGE
        return f"{offer.name}: {offer.price:,} gold ({effect})"

    def refusal(self, refusal: ShopRefusal) -> str:
        r = refusal
        other = r.other
        if r.reason == Refused.HAS_BETTER:
            other = self.catalogue.name(r.other)
        item = r.item if r.reason == Refused.UNKNOWN else self.catalogue.name(r.item)
        return REFUSALS[r.reason].format(
            item=item, cls=r.cls, other=other, rule=r.rule, detail=r.detail
        )
