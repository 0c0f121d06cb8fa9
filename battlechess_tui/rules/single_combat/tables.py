"""The to-beat tables of Single Combat Chess (SC-7), as the variant file's ``[data]`` holds
them: one per die, a row per attacker class, columns Q, R, B/N/K, P (the defender)."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator

from battlechess_tui.engine import chessboard as cb

#: Table rows and columns: the king fights in the bishop and knight's class (SC-7).
CLASS_OF = {cb.QUEEN: "Q", cb.ROOK: "R", cb.BISHOP: "BNK", cb.KNIGHT_: "BNK", cb.KING: "BNK",
            cb.PAWN: "P"}  # fmt: skip
COLUMNS = ("Q", "R", "BNK", "P")
COLUMN_NAMES = {"Q": "Q", "R": "R", "BNK": "B/N/K", "P": "P"}
_DIE = re.compile(r"^d(\d+)$")


def die_sides(die: str) -> int:
    """``"d8"`` -> 8."""
    m = _DIE.match(die)
    if not m:
        raise ValueError(f"{die!r} is not a die such as d8")
    return int(m.group(1))


class Table(BaseModel):
    """One die's to-beat table: a row per attacker class, columns Q, R, BNK, P (defender)."""

    model_config = ConfigDict(extra="forbid")
    Q: list[int] = Field(min_length=4, max_length=4)
    R: list[int] = Field(min_length=4, max_length=4)
    BNK: list[int] = Field(min_length=4, max_length=4)
    P: list[int] = Field(min_length=4, max_length=4)

    def needs(self, attacker: str, defender: str) -> int:
        row: list[int] = getattr(self, attacker)
        return row[COLUMNS.index(defender)]


class Data(BaseModel):
    """The ``[data]`` table of ``single-combat.toml``: a to-beat table per die."""

    model_config = ConfigDict(extra="forbid")
    tables: dict[str, Table]

    @field_validator("tables")
    @classmethod
    def _numbers_on_the_die(cls, tables: dict[str, Table]) -> dict[str, Table]:
        for die, table in tables.items():
            sides = die_sides(die)
            for row in COLUMNS:
                for value in getattr(table, row):
                    if not 1 <= value <= sides:
                        raise ValueError(f"{die} row {row}: {value} is not a face of a {die}")
        return tables
