"""What the variant file says about Gladiator Chess, read once: pieces, dice, commanders, data.

House rules change numbers here (hit points, dice, who may capture a Queen, promotion lists)
without touching the rules code.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.engine.geometry import Geometry
from battlechess_tui.engine.movement import Bent, Movement, Pawn, parse_all
from battlechess_tui.engine.rules import SIDE_NAMES as SIDE_NAMES  # read from here too
from battlechess_tui.engine.spec import OptionValue, VariantSpec

from .state import KING, KINGS_KNIGHT, QUEEN

#: GC-31 Queen recovery from revision 2 (gladiator.toml's changes): killing the King who holds
#: the enemy Queen recovers her as the game ends. Before it she stayed abducted by the dead King.
GC31_QUEEN_RECOVERY = 2


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
    value: int  # material, roughly in Footmen (``evaluate``)

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
                p.value,
            )
            for key, p in spec.pieces.items()
        }
        self.by_letter = {k.letter: k.key for k in self.kinds.values()}
        self.commanders: tuple[str, ...] = tuple(data.commanders)
        self.attack_die = DiceExpr.parse(data.attack_die)
        self.queen_bonus = DiceExpr.parse(data.queen_bonus_die)
        self.king_without_queen = parse_all(data.king_without_queen)
        self.duel = options.get("combat", "duel") == "duel"
        self.quiet_turns = int(options.get("quiet_turns", 50))  # 0: no quiet-turn draw
        self.king_kill_recovers_queen = spec.revision >= GC31_QUEEN_RECOVERY
        self._reach: dict[str, list[list[list[frozenset[int]] | None]]] = {}
        self._lines: dict[tuple[int, int], frozenset[int]] = {}

    def movement(self, kind: str, queen_free: bool = True) -> tuple[Movement, ...]:
        """A kind's moves; the King moves as a chess queen while his Queen is captured (GC-26)."""
        return (
            self.king_without_queen
            if kind == KING and not queen_free
            else self.kinds[kind].movement
        )

    def reach(self, kind: str, side: int, queen_free: bool) -> list[frozenset[int]]:
        """For each square, where the piece could go on an empty board: a quick first test
        before the exact one (check is asked thousands of times a game)."""
        per_side = self._reach.get(kind)
        if per_side is None:
            per_side = self._reach[kind] = [[None, None], [None, None]]
        found = per_side[side][queen_free]
        if found is None:
            geo, moves = self.geo, self.movement(kind, queen_free)
            found = per_side[side][queen_free] = [
                frozenset(s for mv in moves for s in mv.attacks(geo, sq, side, _nobody))
                for sq in range(geo.size)
            ]
        return found

    def lines_to(self, target: int, attacker_side: int) -> frozenset[int]:
        """Squares where a piece could stand in the way of some attacker of ``target`` (a pinned
        piece must stand on one): the paths of sliders and bent movers reaching it."""
        key = (target, attacker_side)
        if key not in self._lines:
            geo, found = self.geo, set()
            kinds = [(k, True) for k in self.kinds] + [(KING, False)]
            for kind, free in kinds:
                reach = self.reach(kind, attacker_side, free)
                for frm in range(geo.size):
                    if target in reach[frm]:
                        for mv in self.movement(kind, free):
                            found.update(_paths(mv, geo, frm, target, attacker_side))
            self._lines[key] = frozenset(found)
        return self._lines[key]

    def commander_name(self, commander: str) -> str:
        return self.kinds[commander].name


def _nobody(sq: int) -> int | None:
    return None


def _paths(mv: Movement, geo: Geometry, frm: int, to: int, side: int) -> set[int]:
    if isinstance(mv, Bent):
        return {s for path in mv.routes(geo, frm).get(to, []) for s in path}
    return set(mv.path(geo, frm, to, side, _nobody))
