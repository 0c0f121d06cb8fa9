"""What the variant file says about Gladiator Chess, read once: pieces, dice, commanders, data.

House rules change numbers here (hit points, dice, who may capture a Queen, promotion lists)
without touching the rules code.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.movement import Movement, Pawn, parse_all
from battlechess_tui.engine.spec import OptionValue, VariantSpec

from .state import KING, KINGS_KNIGHT, QUEEN


class GladiatorData(BaseModel):
    """The ``[data]`` table of a Gladiator Chess variant file."""

    model_config = ConfigDict(extra="forbid")
    commanders: list[str] = Field(min_length=1, description="commanders in turn order (GC-12)")
    attack_die: str = "1d6"
    queen_bonus_die: str = "1d6"
    heal_on_victory: list[str] = []
    queen_captors: list[str] = []
    king_without_queen: list[str] = ["slide all"]
    hold_turns: int = Field(5, ge=1)
    promotion: dict[str, list[str]] = {}

    def problems(self, spec: VariantSpec) -> list[str]:
        """Names that are not pieces of the file, and the roles the rules need."""
        known = set(spec.pieces)
        out = [
            f"data: the rules need a piece called {k!r}"
            for k in (KING, QUEEN, KINGS_KNIGHT)
            if k not in known
        ]
        named = [*self.commanders, *self.heal_on_victory, *self.queen_captors, *self.promotion]
        named += [k for kinds in self.promotion.values() for k in kinds]
        out += [f"data: {k!r} is not a piece of this game" for k in named if k not in known]
        if self.commanders and self.commanders[0] != KING:
            out.append("data.commanders: the King moves first (GC-12)")
        for key, piece in spec.pieces.items():
            if piece.commander not in self.commanders:
                out.append(f"pieces.{key}.commander: must be one of {', '.join(self.commanders)}")
        for text in (self.attack_die, self.queen_bonus_die):
            try:
                DiceExpr.parse(text)
            except ValueError as exc:
                out.append(f"data: {exc}")
        try:
            parse_all(self.king_without_queen)
        except ValueError as exc:
            out.append(f"data.king_without_queen: {exc}")
        return out


@dataclass(frozen=True)
class Kind:
    """One kind of piece as the rules use it."""

    key: str
    name: str
    letter: str
    glyphs: tuple[str, str]
    moves: tuple[str, ...]
    movement: tuple[Movement, ...]
    dice: DiceExpr | None
    hp: int
    commander: str

    @property
    def pawn(self) -> bool:
        """Moves like a pawn (Footman, Squire): its forward moves count as progress."""
        return any(isinstance(m, Pawn) for m in self.movement)


class Tables:
    """The game's data and options, ready for the rules modules."""

    def __init__(
        self,
        spec: VariantSpec,
        data: GladiatorData,
        options: dict[str, OptionValue],
        geo: Geometry,
    ) -> None:
        self.geo = geo
        self.data = data
        self.kinds: dict[str, Kind] = {
            key: Kind(
                key,
                p.name,
                p.letter,
                (p.glyph or p.letter, p.black_glyph or p.glyph or p.letter),
                tuple(p.moves),
                parse_all(p.movement),
                DiceExpr.parse(p.dice) if p.dice else None,
                p.hp or 0,
                p.commander or KING,
            )
            for key, p in spec.pieces.items()
        }
        self.by_letter = {k.letter: k.key for k in self.kinds.values()}
        self.commanders: tuple[str, ...] = tuple(data.commanders)
        self.attack_die = DiceExpr.parse(data.attack_die)
        self.queen_bonus = DiceExpr.parse(data.queen_bonus_die)
        self.king_without_queen = parse_all(data.king_without_queen)
        self.duel = options.get("combat", "duel") == "duel"
        self.quiet_turns = int(options.get("quiet_turns", 50))

    def commander_name(self, commander: str) -> str:
        return self.kinds[commander].name


SIDE_NAMES = ("White", "Black")


def piece_name(t: Tables, kind: str, side: int) -> str:
    """``White Scout``."""
    return f"{SIDE_NAMES[side]} {t.kinds[kind].name}"
