"""How the app looks and how turns pass, kept between runs: dice animation, piece set, board
palette, theme, hand-over notices, free undo, the move log's notation and turning the board.

The settings live in ``settings.json`` in the user's config folder (``$BATTLECHESS_CONFIG_DIR``
overrides it, so tests never touch the real one) and are written atomically. Nothing here is
about a game: a game's rules and options are in its save. A file that cannot be read is
ignored (defaults are used) with a notice; it is never fatal.

The file's format is a pydantic model; pydantic takes about 0.15 s to import, a quarter of
the menu's start-up (see ``benchmarks/bench_ui.py``). So a file exactly as this version writes
it is read with ``json`` alone (through the save layer's bounded reader, which imports no
pydantic), and pydantic is imported only to write, or to read any other file (older or newer
fields, wrong values), where it gives the precise complaint.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from pydantic import BaseModel

SETTINGS_NAME = "settings.json"
#: Eight short fields: a larger file is not a settings file.
MAX_SETTINGS_BYTES = 64 * 1024
DEFAULT_THEME = "textual-dark"

Palette = Literal["theme", "high-contrast", "no-colour"]
PieceSet = Literal["figures", "ascii"]
HandOverMode = Literal["on", "off", "team"]
LogNotation = Literal["san", "coordinates"]
PALETTES: tuple[str, ...] = get_args(Palette)
PIECE_SETS: tuple[str, ...] = get_args(PieceSet)
HAND_OVERS: tuple[str, ...] = get_args(HandOverMode)
LOG_NOTATIONS: tuple[str, ...] = get_args(LogNotation)


@dataclass
class Settings:
    """Display and table settings; never anything about the game itself (its rules, options
    and players are in its save). ``handover``: the notice between players at one keyboard
    (``team``, the default: only when the keyboard passes to another person in a game of more
    than two seats; two-player games say it in a line above the board); ``free_undo``: undo
    without asking the other side (practice); ``notation``: the move log of the chess games
    in SAN or in coordinates; ``turn_board``: at one keyboard, the board turns to face
    whoever moves."""

    animate: bool = True
    pieces: PieceSet = "figures"
    palette: Palette = "theme"
    theme: str = DEFAULT_THEME
    handover: HandOverMode = "team"
    free_undo: bool = False
    notation: LogNotation = "san"
    turn_board: bool = False

    @property
    def ascii_pieces(self) -> bool:
        return self.pieces == "ascii"

    @ascii_pieces.setter
    def ascii_pieces(self, value: bool) -> None:
        self.pieces = "ascii" if value else "figures"


@dataclass
class Loaded:
    """Settings read from disk, and why the file was set aside if it was."""

    settings: Settings = field(default_factory=Settings)
    problem: str | None = None


def config_dir() -> Path:
    """$BATTLECHESS_CONFIG_DIR, else the platform's user config folder for battlechess."""
    env = os.environ.get("BATTLECHESS_CONFIG_DIR")
    if env:
        return Path(env)
    from platformdirs import user_config_path

    return user_config_path("battlechess", appauthor=False)


def settings_path(folder: Path | None = None) -> Path:
    return (folder or config_dir()) / SETTINGS_NAME


@cache
def _model() -> type[BaseModel]:
    """The file format: a pydantic model built on first use (pydantic is slow to import)."""
    from pydantic import BaseModel, ConfigDict

    class SettingsFile(BaseModel):
        model_config = ConfigDict(extra="ignore")  # a newer version's settings are kept out

        animate: bool = True
        pieces: PieceSet = "figures"
        palette: Palette = "theme"
        theme: str = DEFAULT_THEME
        handover: HandOverMode = "team"
        free_undo: bool = False
        notation: LogNotation = "san"
        turn_board: bool = False

    return SettingsFile


def load_settings(path: Path | None = None) -> Loaded:
    """The saved settings, or the defaults (with the problem, one line) when the file is
    missing or bad: unreadable, not a regular file, too large, binary, nested, wrong values."""
    from battlechess_tui.save.files import SaveError, read_json

    path = path or settings_path()
    if not path.exists():
        return Loaded()
    try:
        data = read_json(path, "settings file", limit=MAX_SETTINGS_BYTES)
    except SaveError as exc:
        return Loaded(problem=f"Settings file ignored: {exc}; defaults are used.")
    quick = _as_written(data)
    if quick is not None:
        return Loaded(quick)
    from pydantic import ValidationError

    try:
        model = _model().model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        return Loaded(
            problem=f"Settings file {path} ignored ({where}: {first['msg']}); defaults are used."
        )
    return Loaded(Settings(**model.model_dump()))


def _as_written(data: Any) -> Settings | None:
    """The settings if ``data`` (the file's JSON) is exactly what ``save_settings`` writes,
    else None."""
    valid: dict[str, Callable[[Any], bool]] = {
        "animate": lambda v: isinstance(v, bool),
        "pieces": lambda v: v in PIECE_SETS,
        "palette": lambda v: v in PALETTES,
        "theme": lambda v: isinstance(v, str),
        "handover": lambda v: v in HAND_OVERS,
        "free_undo": lambda v: isinstance(v, bool),
        "notation": lambda v: v in LOG_NOTATIONS,
        "turn_board": lambda v: isinstance(v, bool),
    }
    if not isinstance(data, dict) or data.keys() != valid.keys():
        return None
    if not all(check(data[name]) for name, check in valid.items()):
        return None
    return Settings(**data)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` atomically; OSError when the folder cannot be written."""
    from battlechess_tui.save.files import write_atomic

    model = _model()(
        animate=settings.animate,
        pieces=settings.pieces,
        palette=settings.palette,
        theme=settings.theme,
        handover=settings.handover,
        free_undo=settings.free_undo,
        notation=settings.notation,
        turn_board=settings.turn_board,
    )
    write_atomic(path or settings_path(), model.model_dump_json(indent=1) + "\n")
