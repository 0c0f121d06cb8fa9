"""The campaign file (DD-48): one versioned JSON document per campaign (pydantic).

It holds both sides (player, war chest, roster of sixteen pieces with level, items, kills and
history), the item catalogue version and the games. Each game is a normal save file beside the
campaign file, referenced by a path relative to it (``NAME-games/game-001.json``): ``battlechess
replay`` opens it like any game, the campaign file stays small, and a game in play is autosaved
by the ordinary game screen. The roster a game was played with is in that save's options, so it
replays exactly.

Version history: 1. first format.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

FORMAT = "battlechess-campaign"
FORMAT_VERSION = 1
SIDE_KEYS = ("white", "black")


class PieceRecord(BaseModel):
    """One piece of a roster; its starting square is its identity from game to game."""

    model_config = ConfigDict(extra="forbid")
    square: str = Field(description="the starting square, e.g. e1 (White) or e8 (Black)")
    cls: str = Field(description="its class: fighter, rogue, paladin, cleric, wizard, bard")
    level: int = Field(1, ge=1, le=5)
    items: list[str] = []
    kills: int = 0
    history: list[str] = []


class SideRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str
    chest: int = Field(0, ge=0, description="the war chest, in gold")
    pieces: list[PieceRecord] = Field(min_length=16, max_length=16)

    def piece(self, square: str) -> PieceRecord:
        for p in self.pieces:
            if p.square == square:
                return p
        raise KeyError(f"no piece of this side starts on {square}")


class GameEntry(BaseModel):
    """One game of the campaign and what it paid (DD-43..DD-46)."""

    model_config = ConfigDict(extra="forbid")
    number: int
    file: str = Field(description="the save file, relative to the campaign file")
    seed: int
    power: list[int] = Field(description="battle power of White and Black before the game")
    winner: Literal["white", "black"] | None = None
    result: str = ""
    prize: int = 0
    bonus: list[int] = [0, 0]
    spoils: str = ""


class SpoilsChoice(BaseModel):
    """DD-45: after a surrender the winner still chooses one enemy item or 20% of the chest."""

    model_config = ConfigDict(extra="forbid")
    winner: Literal["white", "black"]
    gold: int = Field(description="20% of the loser's war chest")


class CampaignFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["battlechess-campaign"] = FORMAT
    format_version: Literal[1] = FORMAT_VERSION
    app_version: str
    name: str
    created: str
    updated: str
    catalogue_version: int
    white: SideRecord
    black: SideRecord
    games: list[GameEntry] = []
    current: GameEntry | None = Field(None, description="the game being played, not yet settled")
    spoils: SpoilsChoice | None = None

    def side(self, key: str | int) -> SideRecord:
        if isinstance(key, int):
            key = SIDE_KEYS[key]
        return self.white if key == "white" else self.black
