"""D&D Battle Chess's part of campaign play (DD-40..DD-48), the ``CampaignSupport`` that
``DndRules.campaign_support()`` hands the campaign layer (``campaign/``, ``engine/campaign.py``).

It says what the campaign cannot know without the game: the classes and their starting squares,
the item catalogue (DD-42, DD-47), the options of a campaign game (the ``roster``, DD-40), what a
finished game did to each piece (falls, loot and promotions, DD-41, DD-42), and the magic item
shop (DD-44, DD-47): which items a piece may buy, at SRD 3.5 prices, and what each changes on its
numbers. It says them in facts (``Stat``, ``Change``, ``Versus``, ``ShopRefusal``); the D&D
presenter's ``shop_words`` (``present_shop``) write the sentences. It is read by the campaign,
never by the rules.
"""

from __future__ import annotations

from dataclasses import replace

from battlechess_tui.engine.campaign import (
    Change,
    Fallen,
    ItemOffer,
    Refused,
    Roster,
    ShopRefusal,
    Survivor,
    Tally,
    Versus,
    changed_numbers,
)
from battlechess_tui.engine.dice import Dice, DiceExpr
from battlechess_tui.engine.loading import shop_refusal_words
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import OptionValue
from battlechess_tui.rules.dnd import effects as fx
from battlechess_tui.rules.dnd import items as dnd_items
from battlechess_tui.rules.dnd import position
from battlechess_tui.rules.dnd.items import Catalogue
from battlechess_tui.rules.dnd.roster import roster_text
from battlechess_tui.rules.dnd.shop_facts import ARMOR_CLASSES, ITEMS_RULE, SAVES, SRD, Stat
from battlechess_tui.rules.dnd.state import DndState
from battlechess_tui.rules.dnd.stats import Tables

# The chess letter of each class, to set one piece alone on a board and read its numbers.
_LETTER = {"fighter": "P", "rogue": "R", "paladin": "N", "cleric": "B", "wizard": "Q", "bard": "K"}


class DndCampaign:
    """D&D's ``CampaignSupport[DndState]``, over the game's rules, tables and item catalogue."""

    def __init__(self, rules: Rules[DndState], tables: Tables, catalogue: Catalogue) -> None:
        self.rules = rules
        self.tables = tables
        self.catalogue = catalogue
        self._homes: tuple[dict[str, str], dict[str, str]] | None = None

    @property
    def items(self) -> Catalogue:
        return self.catalogue

    def class_names(self) -> dict[str, str]:
        return {key: cls.name for key, cls in self.tables.classes.items()}

    def starting_pieces(self, side: int) -> dict[str, str]:
        if self._homes is None:
            state, _ = self.rules.new_game(Dice.for_decision(0, -1))
            homes: tuple[dict[str, str], dict[str, str]] = ({}, {})
            for p in state.pieces:
                homes[p.side][self.rules.geo.name(p.square)] = p.cls
            self._homes = homes
        return dict(self._homes[side])

    # -- items ---------------------------------------------------------------------------------

    def canonical_item(self, text: str) -> str:
        return self.catalogue.parse(text).text

    def merge_items(self, have: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
        return dnd_items.merge(self.catalogue, have, new)

    # -- the games -----------------------------------------------------------------------------

    def game_options(self, roster: Roster) -> dict[str, OptionValue]:
        """Campaign rules on, every piece at level 1 but those the roster raises (DD-40)."""
        return {"level": 1, "campaign": True, "roster": roster_text(dict(roster))}

    def tally(self, start: DndState, end: DndState) -> Tally:
        """Falls with their loot (DD-41, DD-42) and survivors with their promotions (DD-40)."""
        home = {p.id: self.rules.geo.name(p.square) for p in start.pieces}
        falls = []
        for fall in end.falls:
            victim = end.pieces[fall.victim]
            killer = end.pieces[fall.killer] if fall.killer >= 0 else None
            falls.append(
                Fallen(
                    side=victim.side,
                    cls=victim.cls,
                    home=home[fall.victim],
                    level=fall.level,
                    items=victim.items,
                    looted=tuple(i for i in fall.items if i not in victim.items),
                    killer_side=killer.side if killer else None,
                    killer_home=home[killer.id] if killer else "",
                )
            )
        survivors = tuple(
            Survivor(p.side, home[p.id], p.level, p.items) for p in end.pieces if p.alive
        )
        return Tally(tuple(falls), survivors)

    # -- the shop (DD-44, DD-47) -----------------------------------------------------------------

    def numbers(self, cls: str, level: int, items: tuple[str, ...]) -> dict[str, str]:
        """The numbers of a piece with these items, alone on the board (no allies' auras), by
        ``Stat`` in the sheet's order."""
        t, geo = self.tables, self.rules.geo
        alone = position.read(f"8/8/8/8/3{_LETTER[cls]}4/8/8/8 w - - 0 1", t, geo, level)
        p = replace(alone.pieces[0], items=items)
        state = replace(alone, pieces=(p,))
        st = fx.stats_of(t, p)

        def total(stat: str, base: int, weapon: bool = False) -> str:
            bonuses = fx.modifiers(state, t, geo, 0, stat, weapon=weapon)
            return f"{base + sum(x for _, x in bonuses):+d}"

        out: dict[str, str] = {Stat.HP: str(fx.max_hp(t, p))}
        for stat, kind in ARMOR_CLASSES.items():
            out[stat] = str(fx.armor_class(state, t, 0, kind)[0])
        out[Stat.INIT] = total("init", st.init)
        out[Stat.MELEE] = total("attack", st.melee, weapon=True)
        extra = sum(x for _, x in fx.modifiers(state, t, geo, 0, "damage", weapon=True))
        out[Stat.DAMAGE] = str(DiceExpr(st.damage.terms, st.damage.bonus + extra))
        for stat, kind in SAVES.items():
            out[stat] = total(kind, st.save(kind))
        if st.spells or "fascinate" in st.abilities:
            out[Stat.SAVE_DCS] = f"{sum(x for _, x in fx.dc_bonus(t, p)):+d}"
        return out

    def refused(self, cls: str, items: tuple[str, ...], item: str) -> ShopRefusal | None:
        """Why a piece of ``cls`` with ``items`` may not have ``item``: an item of other
        classes (DD-47), a bane without a magic weapon (SRD), one it has or has better."""
        cat = self.catalogue
        try:
            parsed = cat.parse(item)
        except ValueError as exc:
            return ShopRefusal(Refused.UNKNOWN, item, cls, detail=str(exc))
        fam = cat.items[parsed.family]
        if fam.classes and cls not in fam.classes:
            return ShopRefusal(Refused.NOT_FOR_CLASS, parsed.text, cls, rule=ITEMS_RULE)
        have = [cat.parse(t) for t in items]
        if fam.requires and not any(h.family == fam.requires for h in have):
            return ShopRefusal(Refused.NEEDS, parsed.text, cls, fam.requires, SRD)
        if parsed.text in items:
            return ShopRefusal(Refused.HAS_IT, parsed.text, cls)
        same = [h for h in have if h.family == parsed.family and h.target == parsed.target]
        if same and same[0].bonus >= parsed.bonus:
            return ShopRefusal(Refused.HAS_BETTER, parsed.text, cls, same[0].text)
        return None

    def refusal(self, cls: str, items: tuple[str, ...], item: str) -> str:
        """``refused`` in the presenter's words (empty when the piece may have it), for older
        callers (warns: ask ``refused`` and word it with ``Presenter.shop_words``)."""
        why = self.refused(cls, items, item)
        if why is None:
            return ""
        return shop_refusal_words(self.rules, why)

    def price(self, items: tuple[str, ...], item: str) -> int:
        """The rise in the value of the piece's items (SRD: an upgrade costs the difference)."""
        after = self.merge_items(items, (self.canonical_item(item),))
        return self.catalogue.value(after) - self.catalogue.value(items)

    def offers(self, cls: str, level: int, items: tuple[str, ...]) -> list[ItemOffer]:
        cat = self.catalogue
        out = []
        for item in self._candidates(cls):
            if self.refused(cls, items, item) is not None:
                continue
            parsed = cat.parse(item)
            fam = cat.items[parsed.family]
            after = self.merge_items(items, (item,))
            effect: tuple[Change | Versus, ...] = changed_numbers(
                self.numbers(cls, level, items), self.numbers(cls, level, after)
            )
            if fam.bane:
                head = cat.catalogue
                effect = (Versus(parsed.target, head.bane_bonus, head.bane_dice),)
            out.append(ItemOffer(item, cat.name(item), self.price(items, item), effect, fam.help))
        return sorted(out, key=lambda o: (o.price, o.name))

    def _candidates(self, cls: str) -> list[str]:
        """Every item of the catalogue made for ``cls``, at each bonus (a bane per class)."""
        out: list[str] = []
        for key, fam in self.catalogue.items.items():
            if fam.classes and cls not in fam.classes:
                continue
            if fam.bane:
                out.extend(f"{key}:{c}" for c in dnd_items.CLASSES)
            else:
                out.extend(f"{key}+{n}" for n in fam.bonuses)
        return out
