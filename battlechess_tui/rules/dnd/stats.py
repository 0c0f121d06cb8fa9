"""The class stat tables of D&D Battle Chess (DD-2), read from ``variants/dnd.toml``.

The seed writes one table per level; a level entry may list only what changes (level 5 above
all). ``LevelStats`` is a complete, resolved row: everything the seed leaves out is kept from
the level below (DD-2), and durations written "N rounds" scale with the caster's level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from battlechess_tui.engine import chessboard as cb
from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.rules.dnd.items import Catalogue

LEVELS = (1, 2, 3, 4, 5)
_DMG = re.compile(r"^\s*([^()]+?)\s*\(\s*(?:(\d+)-)?(\d+)\s*x\s*(\d+)\s*\)\s*$")
_FRW = re.compile(r"^\s*(-?\d+)\s*/\s*(-?\d+)\s*/\s*(-?\d+)\s*$")


def parse_dmg(text: str) -> tuple[DiceExpr, int, int]:
    """``"2d6+3(19-20x2)"`` -> (2d6+3, threat 19, critical x2)."""
    m = _DMG.match(text)
    if not m:
        raise ValueError(f"damage {text!r} is not like '2d6+3(19-20x2)'")
    expr = DiceExpr.parse(m.group(1))
    low = int(m.group(2) or m.group(3))
    return expr, low, int(m.group(4))


def parse_frw(text: str) -> tuple[int, int, int]:
    """``"4/1/-1"`` -> Fortitude, Reflex, Will."""
    m = _FRW.match(text)
    if not m:
        raise ValueError(f"saves {text!r} are not like '4/1/1'")
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


class SpellDef(BaseModel):
    """What a spell is, whoever casts it (DD-20, DD-22)."""

    model_config = ConfigDict(extra="forbid")
    name: str
    level: int
    range: Literal["self", "touch", "close", "medium", "long", "burst"]
    use: Literal["buff", "heal", "attack"]
    attack: Literal["none", "touch", "ranged-touch", "auto"] = "none"
    save: Literal["", "will", "reflex"] = ""
    on_save: Literal["negates", "half"] = "negates"
    mind: bool = False
    in_battle: bool = True
    duration: Literal["instant", "rounds", "scaled", "game"] = "rounds"


class SpellParams(BaseModel):
    """A spell's numbers at one caster level, as the seed writes them."""

    model_config = ConfigDict(extra="forbid")
    rounds: int | None = None
    dc: int | None = None
    damage: str | None = None
    heal: str | None = None
    bonus: int | None = None
    targets: int | None = None
    miss: int | None = None

    @field_validator("damage", "heal")
    @classmethod
    def _dice(cls, v: str | None) -> str | None:
        if v is not None:
            DiceExpr.parse(v)
        return v


class AbilityParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dice: str | None = None
    damage: int | None = None
    hit: int | None = None
    heal: int | None = None
    dc: int | None = None
    bonus: int | None = None
    will: int | None = None


class LevelEntry(BaseModel):
    """One level of a class as the seed writes it; missing fields come from the level below."""

    model_config = ConfigDict(extra="forbid")
    hp: int | None = None
    init: int | None = None
    ac: int | None = None
    fac: int | None = None
    tac: int | None = None
    melee: int | None = None
    dmg: str | None = None
    frw: str | None = None
    slots: list[int] | None = None
    heal: list[str] | None = None
    spells: dict[str, SpellParams] = {}
    abilities: dict[str, AbilityParams] = {}

    @field_validator("dmg")
    @classmethod
    def _dmg(cls, v: str | None) -> str | None:
        if v is not None:
            parse_dmg(v)
        return v

    @field_validator("frw")
    @classmethod
    def _frw(cls, v: str | None) -> str | None:
        if v is not None:
            parse_frw(v)
        return v


ABILITIES = ("sneak-attack", "evasion", "uncanny-dodge", "smite", "lay-on-hands",
             "aura-of-courage", "inspire-courage", "fascinate")  # fmt: skip
PIECES = ("pawn", "rook", "knight", "bishop", "queen", "king")
#: The chess piece type each class moves as (its piece key in the variant file).
CHESS_TYPES = {"pawn": cb.PAWN, "rook": cb.ROOK, "knight": cb.KNIGHT_, "bishop": cb.BISHOP,
               "queen": cb.QUEEN, "king": cb.KING}  # fmt: skip


class ClassData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    piece: Literal["pawn", "rook", "knight", "bishop", "queen", "king"]
    letter: str
    levels: dict[int, LevelEntry]

    @model_validator(mode="after")
    def _complete(self) -> ClassData:
        missing = [n for n in LEVELS if n not in self.levels]
        if missing:
            raise ValueError(f"levels {missing} are missing (need 1..5)")
        first = self.levels[1]
        for name in ("hp", "init", "ac", "fac", "tac", "melee", "dmg", "frw"):
            if getattr(first, name) is None:
                raise ValueError(f"level 1 must give {name}")
        return self


class Data(BaseModel):
    """The ``[data]`` table of ``dnd.toml``."""

    model_config = ConfigDict(extra="forbid")
    rounds_per_level: int = 6
    spells: dict[str, SpellDef]
    classes: dict[str, ClassData]

    @model_validator(mode="after")
    def _known_names(self) -> Data:
        pieces = sorted(c.piece for c in self.classes.values())
        if pieces != sorted(PIECES):
            raise ValueError("every chess piece needs exactly one class")
        for key, cls in self.classes.items():
            for n, entry in cls.levels.items():
                for spell in entry.spells:
                    if spell not in self.spells:
                        raise ValueError(f"{key} level {n}: unknown spell {spell!r}")
                for ability in entry.abilities:
                    if ability not in ABILITIES:
                        raise ValueError(f"{key} level {n}: unknown ability {ability!r}")
        return self


@dataclass(frozen=True)
class LevelStats:
    """A class at one level, every number resolved (DD-2)."""

    cls: str
    name: str
    level: int
    hp: int
    init: int
    ac: int
    fac: int
    tac: int
    melee: int
    damage: DiceExpr
    threat: int
    crit: int
    fort: int
    ref: int
    will: int
    dmg_text: str
    frw_text: str
    slots: tuple[int, ...] = ()
    heal: tuple[str, ...] = ()
    spells: dict[str, SpellParams] = field(default_factory=dict)
    abilities: dict[str, AbilityParams] = field(default_factory=dict)

    def save(self, kind: str) -> int:
        return {"fort": self.fort, "ref": self.ref, "will": self.will}[kind]


def _merge_params(below: BaseModel | None, here: BaseModel) -> BaseModel:
    if below is None:
        return here
    given = here.model_dump(exclude_none=True)
    return below.model_copy(update=given)


def _whole(value: object) -> int:
    """A level table's number (validated as one by its model)."""
    assert isinstance(value, int)
    return value


def resolve_class(key: str, cls: ClassData, data: Data) -> dict[int, LevelStats]:
    """Every level of ``cls`` with the DD-2 inheritance applied."""
    out: dict[int, LevelStats] = {}
    fields: dict[str, object] = {}
    spells: dict[str, SpellParams] = {}
    abilities: dict[str, AbilityParams] = {}
    for level in LEVELS:
        entry = cls.levels[level]
        fields.update(entry.model_dump(exclude_none=True, exclude={"spells", "abilities"}))
        for name, params in entry.spells.items():
            spells[name] = _merge_params(spells.get(name), params)  # type: ignore[assignment]
        for name, ab in entry.abilities.items():
            abilities[name] = _merge_params(abilities.get(name), ab)  # type: ignore[assignment]
        scaled = {}
        for name, params in spells.items():
            fresh = name in entry.spells and params.rounds is not None
            if data.spells[name].duration == "scaled" and not fresh:
                params = params.model_copy(update={"rounds": data.rounds_per_level * level})
            scaled[name] = params
        spells = scaled
        expr, threat, crit = parse_dmg(str(fields["dmg"]))
        fort, ref, will = parse_frw(str(fields["frw"]))
        out[level] = LevelStats(
            cls=key,
            name=cls.name,
            level=level,
            hp=_whole(fields["hp"]),
            init=_whole(fields["init"]),
            ac=_whole(fields["ac"]),
            fac=_whole(fields["fac"]),
            tac=_whole(fields["tac"]),
            melee=_whole(fields["melee"]),
            damage=expr,
            threat=threat,
            crit=crit,
            fort=fort,
            ref=ref,
            will=will,
            dmg_text=str(fields["dmg"]),
            frw_text=str(fields["frw"]),
            slots=tuple(fields.get("slots", ())),  # type: ignore[arg-type]
            heal=tuple(fields.get("heal", ())),  # type: ignore[arg-type]
            spells=dict(spells),
            abilities=dict(abilities),
        )
    return out


#: The revision from which outside battles a round is counted off an effect when its caster's
#: side begins a turn (DD-14, Ruling round 2).
DD14_CASTER_TURNS = 2
#: The revision from which the Bard's Inspire Courage is for his allies only (DD-27, Ruling
#: round 2).
DD27_ALLIES_ONLY = 2


class Tables:
    """Resolved stats of every class and level, looked up by class key or chess piece."""

    def __init__(
        self, data: Data, catalogue: Catalogue | None = None, revision: int | None = None
    ) -> None:
        self.data = data
        #: DD-14 rounds on the caster's turns from revision 2 (dnd.toml's changes; None: the
        #: newest rules). Before it every turn counted a round off every effect on the board.
        self.rounds_on_caster_turns = revision is None or revision >= DD14_CASTER_TURNS
        #: DD-27 Inspire Courage for allies only from revision 2; before it the Bard too.
        self.bard_inspires_himself = revision is not None and revision < DD27_ALLIES_ONLY
        self.catalogue = catalogue  # magic items of campaign play (DD-47)
        self.spells = data.spells
        self.levels = {key: resolve_class(key, cls, data) for key, cls in data.classes.items()}
        self.class_of_piece: dict[str, str] = {c.piece: key for key, c in data.classes.items()}
        self.classes = data.classes
        #: Each class's chess piece type (``chessboard.PAWN``...).
        self.codes = {key: CHESS_TYPES[cls.piece] for key, cls in data.classes.items()}
        #: The class that plays the King (DD-1: the Bard): its fall ends the game (DD-9).
        self.king = self.class_of_piece["king"]

    def stats(self, cls: str, level: int) -> LevelStats:
        return self.levels[cls][level]
