"""The campaign file (DD-48): one versioned JSON document per campaign (pydantic).

It holds both sides (player, war chest, roster of sixteen pieces with level, items, kills and
history), the item catalogue version and the games. Each game is a normal save file beside the
campaign file, referenced by a path relative to it (``NAME-games/game-001.json``): ``battlechess
replay`` opens it like any game, the campaign file stays small, and a game in play is autosaved
by the ordinary game screen. The roster a game was played with is in that save's options, so it
replays exactly.

The model validates everything a campaign screen, ``campaign show`` or ``simulate`` relies on:
each side's sixteen pieces on their starting squares with their classes, items the catalogue
knows (one of a kind, as the game keeps them), the games numbered in order, two battle powers
and two bonuses a game, and game files inside the campaign's folder.

The file keeps facts only (issue 37, item 2): a piece's history is a list of typed facts (what
it bought and for how much, whom it killed, when it fell and at what level, what it looted or
was given), a game's result its winner, ending, numbers and rule, and the spoils of a surrender
the gold or the item taken. The words are written when they are shown (``campaign/words.py``),
so a rewording never changes a campaign file.

Version history:

1. first format: a piece's history, a game's result and its spoils as sentences.
2. facts only (``HistoryFact``, ``GameEntry.ending``/``numbers``/``rule``, ``SpoilsTaken``).
   A version-1 file is read into facts once, on loading (``campaign/upgrade.py``); a sentence
   no fact reads (a hand-edited one) is kept as it was written (kind ``words``, or a game's
   ``words``), never dropped.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from battlechess_tui.campaign.support import support
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.save.model import SEED_LIMIT, Timestamp

FORMAT: Final = "battlechess-campaign"
FORMAT_VERSION: Final = 2
SIDE_KEYS = ("white", "black")
#: Far beyond anything a campaign earns; bounds a hand-edited number.
MAX_GOLD = 10**12
Count = Annotated[int, Field(ge=0, le=10**6)]
Gold = Annotated[int, Field(ge=0, le=MAX_GOLD)]


def _check_items(items: list[str]) -> list[str]:
    """Items the catalogue knows, written as it writes them, one of each kind."""
    game = support()
    for text in items:
        canonical = game.canonical_item(text)  # ValueError names an unknown item
        if canonical != text:
            raise ValueError(f"item {text!r} is written {canonical!r}")
    if sorted(game.merge_items((), tuple(items))) != sorted(items):
        raise ValueError(f"items {items}: a piece carries one item of a kind, with what it needs")
    return items


def _check_known_items(items: list[str]) -> list[str]:
    """Items the catalogue knows, written as it writes them (any number, of any kind)."""
    game = support()
    for text in items:
        canonical = game.canonical_item(text)  # ValueError names an unknown item
        if canonical != text:
            raise ValueError(f"item {text!r} is written {canonical!r}")
    return items


def _game_file(text: str) -> str:
    """A game's save file: a ``.json`` path inside the campaign's folder."""
    rel = PurePosixPath(text)
    if rel.is_absolute() or ".." in rel.parts or "\\" in text or rel.suffix != ".json":
        raise ValueError(f"{text!r} is not a .json file inside the campaign's folder")
    return text


GameNumber = Annotated[int, Field(ge=1, le=10**6)]
Level = Annotated[int, Field(ge=1, le=5)]
#: What a fact of a piece's history records (the words: ``campaign/words.py``).
HistoryKind = Literal[
    "bought",  # items, gold: bought between games, for that much
    "killed",  # game, side, cls, square, level: killed that enemy piece
    "fell",  # game, level, items: killed at that level (items: those its killer looted)
    "promoted",  # game, level: rose to that level and kept it (DD-40)
    "looted",  # game, items: took them from a piece it killed (DD-42)
    "spoils-taken",  # game, items: taken from it as the spoils of a surrender (DD-45)
    "spoils-received",  # game, items: given to it as the spoils of a surrender (DD-45)
    "words",  # text: a line an older version wrote that no fact reads, kept as it was
]
#: The fields each kind of fact has (besides ``kind``); the others stay unset.
HISTORY_FIELDS: dict[str, frozenset[str]] = {
    "bought": frozenset({"items", "gold"}),
    "killed": frozenset({"game", "side", "cls", "square", "level"}),
    "fell": frozenset({"game", "level", "items"}),
    "promoted": frozenset({"game", "level"}),
    "looted": frozenset({"game", "items"}),
    "spoils-taken": frozenset({"game", "items"}),
    "spoils-received": frozenset({"game", "items"}),
    "words": frozenset({"text"}),
}
_NEEDED = {"game", "side", "cls", "square", "level", "gold", "text"}


class HistoryFact(BaseModel):
    """One thing that happened to a piece, as facts (no words)."""

    model_config = ConfigDict(extra="forbid")
    kind: HistoryKind
    game: GameNumber | None = Field(None, description="the game it happened in")
    side: Literal["white", "black"] | None = Field(None, description="the enemy's side")
    cls: str | None = Field(None, description="the enemy's class")
    square: str | None = Field(None, description="the enemy's starting square")
    level: Level | None = None
    items: list[str] = []
    gold: Gold | None = None
    text: str = Field("", max_length=1000)

    @field_validator("items")
    @classmethod
    def _known_items(cls, items: list[str]) -> list[str]:
        return _check_known_items(items)

    @model_serializer(mode="wrap")
    def _only_its_fields(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A fact is written with the fields of its kind only (the file stays small)."""
        data = handler(self)
        return {k: v for k, v in data.items() if k == "kind" or k in HISTORY_FIELDS[self.kind]}

    @model_validator(mode="after")
    def _its_fields(self) -> HistoryFact:
        fields = HISTORY_FIELDS[self.kind]
        given = {k for k in self.model_fields_set if k != "kind"}
        extra = sorted(given - fields)
        if extra:
            raise ValueError(f"a {self.kind!r} fact has no {', '.join(extra)}")
        missing = sorted(
            k for k in fields & _NEEDED if getattr(self, k) in (None, "") and k != "text"
        )
        if missing or (self.kind == "words" and not self.text):
            raise ValueError(f"a {self.kind!r} fact needs {', '.join(missing) or 'text'}")
        if self.kind in ("bought", "looted", "spoils-taken", "spoils-received") and not self.items:
            raise ValueError(f"a {self.kind!r} fact needs items")
        if self.cls is not None and self.cls not in support().class_names():
            raise ValueError(f"no class {self.cls!r}")
        if self.side is not None and self.square not in support().starting_pieces(
            SIDE_KEYS.index(self.side)
        ):
            raise ValueError(f"{self.square!r} is not a starting square of {self.side}")
        return self


class PieceRecord(BaseModel):
    """One piece of a roster; its starting square is its identity from game to game."""

    model_config = ConfigDict(extra="forbid")
    square: str = Field(description="the starting square, e.g. e1 (White) or e8 (Black)")
    cls: str = Field(description="its class: fighter, rogue, paladin, cleric, wizard, bard")
    level: int = Field(1, ge=1, le=5)
    items: list[str] = []
    kills: Count = 0
    history: list[HistoryFact] = []

    @field_validator("items")
    @classmethod
    def _known_items(cls, items: list[str]) -> list[str]:
        return _check_items(items)


class SideRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str
    chest: Gold = Field(0, description="the war chest, in gold")
    pieces: list[PieceRecord] = Field(min_length=16, max_length=16)

    def check_home(self, side: int) -> None:
        """ValueError unless the pieces stand on ``side``'s starting squares, with the class
        that starts on each."""
        home = support().starting_pieces(side)
        squares = [p.square for p in self.pieces]
        if sorted(squares) != sorted(home):
            wrong = sorted(set(squares) ^ set(home)) or sorted(squares)
            raise ValueError(
                f"pieces: {SIDE_KEYS[side]}'s pieces start on "
                f"{', '.join(sorted(home))} (not {', '.join(wrong)})"
            )
        for p in self.pieces:
            if p.cls != home[p.square]:
                raise ValueError(
                    f"pieces: the piece on {p.square} is a {home[p.square]}, not {p.cls!r}"
                )

    def piece(self, square: str) -> PieceRecord:
        for p in self.pieces:
            if p.square == square:
                return p
        raise KeyError(f"no piece of this side starts on {square}")


class SpoilsTaken(BaseModel):
    """DD-45: what the winner of a surrender took: ``gold`` from the loser's war chest, or
    ``item`` from the loser's piece on ``source`` for its own piece on ``target``; ``words``
    keeps an older file's line that no fact reads, as it was written."""

    model_config = ConfigDict(extra="forbid")
    gold: Gold = 0
    item: str = ""
    source: str = ""
    target: str = ""
    words: str = Field("", max_length=1000)

    @model_validator(mode="after")
    def _one_thing(self) -> SpoilsTaken:
        if self.item:
            _check_known_items([self.item])
        kinds = [bool(self.gold), bool(self.item), bool(self.words)]  # (the gold may be 0)
        if sum(kinds) > 1 or bool(self.item) != bool(self.source and self.target):
            raise ValueError("the spoils are gold, or an item with its two squares, or words")
        return self


class GameEntry(BaseModel):
    """One game of the campaign and what it paid (DD-43..DD-46)."""

    model_config = ConfigDict(extra="forbid")
    number: int = Field(ge=1, le=10**6)
    file: str = Field(description="the save file, relative to the campaign file")
    seed: int = Field(ge=-SEED_LIMIT, lt=SEED_LIMIT)
    power: list[Count] = Field(
        min_length=2, max_length=2, description="battle power of White and Black before the game"
    )
    winner: Literal["white", "black"] | None = None
    ending: Ending | None = Field(None, description="how it ended; null until it is settled")
    numbers: list[int] = Field([], description="the ending's particulars", max_length=8)
    rule: str = Field("", max_length=20, description="the rule that ended it")
    words: str = Field(
        "", max_length=1000, description="an older file's result line no fact reads, as written"
    )
    prize: Gold = 0
    bonus: list[Gold] = Field([0, 0], min_length=2, max_length=2)
    spoils: SpoilsTaken | None = None

    @field_validator("file")
    @classmethod
    def _inside(cls, text: str) -> str:
        return _game_file(text)


class SpoilsChoice(BaseModel):
    """DD-45: after a surrender the winner still chooses one enemy item or 20% of the chest."""

    model_config = ConfigDict(extra="forbid")
    winner: Literal["white", "black"]
    gold: Gold = Field(description="20% of the loser's war chest")


class CampaignFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["battlechess-campaign"] = FORMAT
    format_version: Literal[2] = FORMAT_VERSION
    app_version: str
    name: str
    created: Timestamp
    updated: Timestamp
    catalogue_version: int
    white: SideRecord
    black: SideRecord
    games: list[GameEntry] = []
    current: GameEntry | None = Field(None, description="the game being played, not yet settled")
    spoils: SpoilsChoice | None = None
    revision: int = Field(0, ge=0, description="how many times the file has been written")

    @model_validator(mode="after")
    def _consistent(self) -> CampaignFile:
        self.white.check_home(0)
        self.black.check_home(1)
        for index, game in enumerate(self.games, start=1):
            if game.number != index:
                raise ValueError(f"games: game {index} is numbered {game.number}")
        if self.current is not None and self.current.number != len(self.games) + 1:
            raise ValueError(
                f"current: the game being played is game {len(self.games) + 1}, "
                f"not {self.current.number}"
            )
        if self.spoils is not None and not self.games:
            raise ValueError("spoils: no game has been played")
        return self

    def side(self, key: str | int) -> SideRecord:
        if isinstance(key, int):
            key = SIDE_KEYS[key]
        return self.white if key == "white" else self.black
