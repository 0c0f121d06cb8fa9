"""The magic item shop (DD-44, DD-47): permanent items for named pieces, at SRD 3.5 prices.

An offer says what the item does to the piece's numbers before it is bought (``Melee +4 -> +5``).
Buying an item of a kind the piece already has is an upgrade and costs the difference in market
value (SRD); a bane needs a magic weapon. Either side may spend its own war chest.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from battlechess_tui.campaign.model import CampaignFile, PieceRecord
from battlechess_tui.campaign.store import GAME_KEY, CampaignError
from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.engine.registry import make_rules
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import items as dnd_items
from battlechess_tui.rules.dnd.items import Catalogue, load_catalogue
from battlechess_tui.rules.dnd.rules import DndRules, dnd_rules

# The chess letter of each class, to set one piece alone on a board and read its numbers.
_LETTER = {"fighter": "P", "rogue": "R", "paladin": "N", "cleric": "B", "wizard": "Q", "bard": "K"}


class ShopError(CampaignError):
    """A purchase refused: the reason in one line."""


@dataclass(frozen=True)
class Offer:
    item: str  # the canonical text, e.g. "weapon+2" or "bane:paladin"
    name: str
    price: int
    changes: tuple[str, ...]  # "Melee +4 -> +5", ...
    help: str = ""

    def line(self) -> str:
        effect = "; ".join(self.changes) or "no change to the numbers"
        return f"{self.name}: {self.price:,} gold ({effect})"


@cache
def _rules() -> DndRules:
    """The D&D game's rules, to compute a piece's numbers."""
    return dnd_rules(make_rules(GAME_KEY))


def numbers(cls: str, level: int, items: tuple[str, ...]) -> dict[str, str]:
    """The numbers of a piece with these items, alone on the board (no allies' auras)."""
    rules = _rules()
    alone = rules.parse_position(f"8/8/8/8/3{_LETTER[cls]}4/8/8/8 w - - 0 1", level)
    p = replace(alone.pieces[0], items=items)
    state = replace(alone, pieces=(p,))
    t, geo = rules.tables, rules.geo
    st = fx.stats_of(t, p)

    def total(stat: str, base: int, weapon: bool = False) -> str:
        return f"{base + sum(x for _, x in fx.modifiers(state, t, geo, 0, stat, weapon=weapon)):+d}"

    out = {"HP": str(fx.max_hp(t, p))}
    for kind in ("AC", "FAC", "TAC"):
        out[kind] = str(fx.armor_class(state, t, 0, kind)[0])
    out["Init"] = total("init", st.init)
    out["Melee"] = total("attack", st.melee, weapon=True)
    extra = sum(x for _, x in fx.modifiers(state, t, geo, 0, "damage", weapon=True))
    out["Damage"] = str(DiceExpr(st.damage.terms, st.damage.bonus + extra))
    for kind, name in (("fort", "Fort"), ("ref", "Ref"), ("will", "Will")):
        out[name] = total(kind, st.save(kind))
    if st.spells or "fascinate" in st.abilities:
        out["Save DCs"] = f"{sum(x for _, x in fx.dc_bonus(t, p)):+d}"
    return out


def changes(
    cls: str, level: int, before: tuple[str, ...], after: tuple[str, ...]
) -> tuple[str, ...]:
    a, b = numbers(cls, level, before), numbers(cls, level, after)
    return tuple(f"{k} {a[k]} -> {b[k]}" for k in a if a[k] != b[k])


def _candidates(cat: Catalogue, piece: PieceRecord) -> list[str]:
    out: list[str] = []
    for key, fam in cat.items.items():
        if fam.classes and piece.cls not in fam.classes:
            continue
        if fam.bane:
            out.extend(f"{key}:{cls}" for cls in dnd_items.CLASSES)
        else:
            out.extend(f"{key}+{n}" for n in fam.bonuses)
    return out


def refusal(cat: Catalogue, piece: PieceRecord, item: str) -> str:
    """Why the piece cannot have ``item`` (empty when it can)."""
    try:
        parsed = cat.parse(item)
    except ValueError as exc:
        return str(exc)
    fam = cat.items[parsed.family]
    if fam.classes and piece.cls not in fam.classes:
        return f"{cat.name(parsed.text)} is not for a {piece.cls} (DD-47)"
    have = [cat.parse(t) for t in piece.items]
    if fam.requires and not any(h.family == fam.requires for h in have):
        return f"{cat.name(parsed.text)} needs a magic weapon first (SRD)"
    if parsed.text in piece.items:
        return "the piece already has it"
    same = [h for h in have if h.family == parsed.family and h.target == parsed.target]
    if same and same[0].bonus >= parsed.bonus:
        return f"the piece already has {cat.name(same[0].text)}"
    return ""


def price(cat: Catalogue, piece: PieceRecord, item: str) -> int:
    """What the item costs this piece: the rise in the value of its items (SRD upgrades)."""
    after = dnd_items.merge(cat, tuple(piece.items), (cat.parse(item).text,))
    return cat.value(after) - cat.value(tuple(piece.items))


def offers(campaign: CampaignFile, side: int, square: str) -> list[Offer]:
    """Every item the piece may buy now, cheapest first, with its price and effect."""
    cat = load_catalogue()
    piece = campaign.side(side).piece(square)
    out = []
    for item in _candidates(cat, piece):
        if refusal(cat, piece, item):
            continue
        after = dnd_items.merge(cat, tuple(piece.items), (item,))
        parsed = cat.parse(item)
        fam = cat.items[parsed.family]
        effect = changes(piece.cls, piece.level, tuple(piece.items), after)
        if fam.bane:
            head = cat.catalogue
            effect = (
                f"against {parsed.target.title()}s: weapon +{head.bane_bonus} better, "
                f"+{head.bane_dice} damage",
            )
        out.append(Offer(item, cat.name(item), price(cat, piece, item), effect, fam.help))
    return sorted(out, key=lambda o: (o.price, o.name))


def buy(campaign: CampaignFile, side: int, square: str, item: str) -> CampaignFile:
    """The campaign after the side buys ``item`` for its piece on ``square`` (ShopError if not)."""
    cat = load_catalogue()
    c = campaign.model_copy(deep=True)
    chest = c.side(side)
    try:
        piece = chest.piece(square)
    except KeyError as exc:
        raise ShopError(str(exc.args[0])) from None
    why = refusal(cat, piece, item)
    if why:
        raise ShopError(why)
    cost = price(cat, piece, item)
    if cost > chest.chest:
        raise ShopError(
            f"{cat.name(item)} costs {cost:,} gold; the war chest holds {chest.chest:,}"
        )
    chest.chest -= cost
    piece.items = list(dnd_items.merge(cat, tuple(piece.items), (cat.parse(item).text,)))
    piece.history.append(f"bought {cat.name(item)} for {cost:,} gold")
    return c
