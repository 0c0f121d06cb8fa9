"""Magic items of campaign play (DD-42, DD-47): the catalogue, what an item does, what it costs.

The catalogue is data (``variants/dnd-items.toml``). A piece carries its items as short texts:
``weapon+2``, ``ring-of-protection+1``, ``bane:paladin`` (a bane against Paladins). Each item
gives typed bonuses that join the piece's effects in every roll (``effects.modifiers``), keyed
by the item's text (``weapon+2``; its bane's bonus by ``bane_key``), so the dice tray shows
them by name: ``d20 [14] +4 melee +2 +2 weapon = 20``.

Prices follow the SRD 3.5: ``price x bonus^2`` per *group* of items priced together (a weapon
and its bane ability), so an upgrade costs the difference. Battle power (DD-43) counts the
value of a side's items.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.engine.spec import SpecError, read_toml

CATALOGUE_FILE = "dnd-items.toml"
STATS = ("attack", "damage", "ac", "init", "fort", "ref", "will", "saves", "hp", "dc")
CLASSES = ("fighter", "rogue", "paladin", "cleric", "wizard", "bard")
#: What marks a weapon's modifier that counts its bane's bonus (``bane_key``).
BANE_MARK = "/bane"


class ItemEffect(BaseModel):
    model_config = ConfigDict(extra="forbid")
    stat: Literal["attack", "damage", "ac", "init", "fort", "ref", "will", "saves", "hp", "dc"]
    type: str
    value: Literal["bonus", "ability", "per-level"] = "bonus"
    weapon: bool = False
    classes: list[str] = []


class ItemFamily(BaseModel):
    """One kind of item at several bonuses: ``+{n} weapon`` at +1..+5."""

    model_config = ConfigDict(extra="forbid")
    name: str
    help: str = ""
    bonuses: list[int] = Field(min_length=1)
    price: int = Field(ge=0, description="market price = price x bonus^2 (per group)")
    group: str = ""
    requires: str = ""
    bane: bool = False
    classes: list[str] = []
    effects: list[ItemEffect] = []


class CatalogueHead(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["dnd"]
    version: int = Field(ge=1)
    bane_bonus: int = 2
    bane_dice: str = "2d6"


class Catalogue(BaseModel):
    """The ``dnd-items.toml`` file."""

    model_config = ConfigDict(extra="forbid")
    catalogue: CatalogueHead
    items: dict[str, ItemFamily]

    @model_validator(mode="after")
    def _consistent(self) -> Catalogue:
        for key, fam in self.items.items():
            if fam.requires and fam.requires not in self.items:
                raise ValueError(f"items.{key}: requires unknown item {fam.requires!r}")
            for cls in fam.classes + [c for e in fam.effects for c in e.classes]:
                if cls not in CLASSES:
                    raise ValueError(f"items.{key}: unknown class {cls!r}")
        DiceExpr.parse(self.catalogue.bane_dice)
        return self

    @property
    def version(self) -> int:
        return self.catalogue.version

    def group(self, family: str) -> str:
        return self.items[family].group or family

    # -- reading item texts ------------------------------------------------------------------

    def parse(self, text: str) -> Item:
        """``weapon+2`` / ``bane:paladin`` -> an Item; ValueError naming the problem."""
        return _parse(self, text)

    def name(self, text: str) -> str:
        item = self.parse(text)
        fam = self.items[item.family]
        return fam.name.format(n=item.bonus, target=_plural(item.target))

    # -- what items do -----------------------------------------------------------------------

    def bonuses(
        self,
        texts: tuple[str, ...],
        cls: str,
        level: int,
        stat: str,
        *,
        weapon: bool = False,
        vs: str = "",
    ) -> list[tuple[str, str, int]]:
        """(key, type, value) of ``stat`` from these items for a piece of ``cls``/``level``,
        each keyed by the item's text (``weapon+2``).

        Weapon bonuses count only for weapon attacks (``weapon``); against a piece of class
        ``vs`` a bane weapon's enhancement is ``bane_bonus`` better (SRD), keyed by
        ``bane_key``.
        """
        out: list[tuple[str, str, int]] = []
        items = [self.parse(t) for t in texts]
        banes = {i.target for i in items if self.items[i.family].bane}
        for item in items:
            fam = self.items[item.family]
            if fam.classes and cls not in fam.classes:
                continue  # (Ruling) an item not made for the class does nothing for it
            for e in fam.effects:
                if e.stat != stat and not (e.stat == "saves" and stat in ("fort", "ref", "will")):
                    continue
                if (e.weapon and not weapon) or (e.classes and cls not in e.classes):
                    continue
                value = _value(e.value, item.bonus, level)
                key = item.text
                if e.weapon and vs and vs in banes:
                    value += self.catalogue.bane_bonus
                    key = bane_key(key)
                out.append((key, e.type, value))
        return out

    def bane_dice(self, texts: tuple[str, ...], vs: str) -> DiceExpr | None:
        """Extra damage dice of a bane weapon against a piece of class ``vs``."""
        for t in texts:
            item = self.parse(t)
            if self.items[item.family].bane and item.target == vs:
                return DiceExpr.parse(self.catalogue.bane_dice)
        return None

    # -- value -------------------------------------------------------------------------------

    def value(self, texts: tuple[str, ...] | list[str]) -> int:
        """Market value of one piece's items (SRD: groups priced on their summed bonus)."""
        totals: dict[str, tuple[int, int]] = {}
        for t in texts:
            item = self.parse(t)
            fam = self.items[item.family]
            g = self.group(item.family)
            bonus, price = totals.get(g, (0, 0))
            totals[g] = (bonus + item.bonus, max(price, fam.price))
        return sum(price * bonus * bonus for bonus, price in totals.values())


@dataclass(frozen=True)
class Item:
    text: str
    family: str
    bonus: int
    target: str = ""


@cache
def _parse(cat: Catalogue, text: str) -> Item:
    family, sep, target = text.partition(":")
    bonus = 0
    if "+" in family:
        family, _, num = family.partition("+")
        if not num.isdigit():
            raise ValueError(f"item {text!r}: the bonus is a number, e.g. weapon+2")
        bonus = int(num)
    fam = cat.items.get(family)
    if fam is None:
        raise ValueError(f"no item {family!r} in the catalogue ({', '.join(cat.items)})")
    if not bonus:
        bonus = fam.bonuses[0]
    if bonus not in fam.bonuses:
        raise ValueError(f"item {text!r}: {family} comes as +{', +'.join(map(str, fam.bonuses))}")
    if fam.bane != bool(sep):
        why = "name the piece type, e.g. bane:paladin" if fam.bane else "only a bane names a target"
        raise ValueError(f"item {text!r}: {why}")
    if fam.bane and target not in CLASSES:
        raise ValueError(f"item {text!r}: a bane names a class: {', '.join(CLASSES)}")
    canonical = f"{family}:{target}" if fam.bane else f"{family}+{bonus}"
    return Item(canonical, family, bonus, target)


def bane_key(text: str) -> str:
    """The modifier key of item ``text``'s bonus with its bane's against the foe the bane
    names (``weapon+2/bane``): the presenter words it as the item's name and the bane."""
    return text + BANE_MARK


def _value(kind: str, bonus: int, level: int) -> int:
    if kind == "ability":
        return bonus // 2
    if kind == "per-level":
        return bonus // 2 * level
    return bonus


def _plural(cls: str) -> str:
    return f"{cls.title()}s" if cls else ""


# Catalogue is hashable for the parse cache: one instance per file, never changed.
Catalogue.__hash__ = object.__hash__  # type: ignore[method-assign]


@cache
def load_catalogue(path: Path | None = None) -> Catalogue:
    """The catalogue file (default: the shipped ``variants/dnd-items.toml``)."""
    if path is None:
        from battlechess_tui.engine.registry import variants_dir

        path = variants_dir() / CATALOGUE_FILE
    try:
        return Catalogue.model_validate(read_toml(path))
    except ValidationError as exc:
        problems = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
        raise SpecError(str(path), problems) from None


def merge(cat: Catalogue, items: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    """Items after receiving ``new`` (loot, spoils): one item per kind, the more valuable kept.

    (Ruling) A piece carries one item of each kind (one weapon enhancement, one ring...); of two
    of a kind it keeps the more valuable. Banes are kinds per target piece type.
    """
    out: dict[str, str] = {}
    for text in items + new:
        item = cat.parse(text)
        kind = f"{item.family}:{item.target}"
        old = out.get(kind)
        if old is None or cat.value((text,)) > cat.value((old,)):
            out[kind] = item.text
    kept = tuple(out.values())
    return tuple(t for t in kept if _requirement_met(cat, t, kept))


def _requirement_met(cat: Catalogue, text: str, kept: tuple[str, ...]) -> bool:
    need = cat.items[cat.parse(text).family].requires
    return not need or any(cat.parse(t).family == need for t in kept)
