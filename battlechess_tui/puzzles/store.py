"""The shipped puzzles: ``variants/puzzles/GAME.json``, one file a game.

``catalogue(game)`` reads a game's file once: the puzzles that can be used, and the ones that
cannot (or the whole file, when it cannot be read) each with its reason in one line, as a
bad lesson is listed. ``listed(game)`` is the file read with each puzzle's fields checked but
not its position played: what a choice by rating needs, so that a game's puzzles open without
checking them all (``next_playable`` checks the one chosen). ``write`` writes a game's file
atomically, never over one without ``force``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from battlechess_tui.engine.data_files import RefusedFile, read_limited, variants_dir
from battlechess_tui.puzzles.model import (
    FORMAT,
    FORMAT_VERSION,
    Puzzle,
    PuzzleError,
    check,
    from_json,
)
from battlechess_tui.puzzles.progress import Progress

SUFFIX = ".json"
#: Larger than this, a puzzle file is not read.
MAX_BYTES = 4 * 1024 * 1024


def puzzles_dir() -> Path:
    return variants_dir() / "puzzles"


def puzzle_file(game: str, folder: Path | None = None) -> Path:
    return (folder or puzzles_dir()) / f"{game}{SUFFIX}"


@dataclass(frozen=True)
class Refused:
    """A puzzle (or a whole file, ``id`` empty) that cannot be used, and why."""

    game: str
    id: str
    reason: str

    def line(self) -> str:
        what = f"puzzle {self.id}" if self.id else "the puzzle file"
        return f"{self.game}: {what} cannot be used: {self.reason}"


@dataclass(frozen=True)
class Catalogue:
    game: str
    puzzles: tuple[Puzzle, ...] = ()
    refused: tuple[Refused, ...] = field(default_factory=tuple)


def games() -> list[str]:
    """The games with a puzzle file, in name order."""
    folder = puzzles_dir()
    return sorted(p.stem for p in folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


@cache
def catalogue(game: str) -> Catalogue:
    """The shipped puzzles of ``game`` that can be played (read and checked once)."""
    return checked(listed(game))


@cache
def listed(game: str) -> Catalogue:
    """The shipped puzzles of ``game`` as read, fields checked (read once)."""
    return read_fields(puzzle_file(game), game)


def read(path: Path, game: str) -> Catalogue:
    """The puzzles of the file ``path``, for ``game``; a damaged file or entry is refused."""
    return checked(read_fields(path, game))


def checked(found: Catalogue) -> Catalogue:
    """``found`` less the puzzles whose position or answers do not check, refused."""
    good: list[Puzzle] = []
    bad = list(found.refused)
    for puzzle in found.puzzles:
        try:
            good.append(check(puzzle))
        except PuzzleError as exc:
            bad.append(Refused(found.game, puzzle.id, str(exc)))
    return Catalogue(found.game, tuple(good), tuple(bad))


@cache
def playable(puzzle: Puzzle) -> bool:
    """Do ``puzzle``'s position and answers check (``model.check``)?"""
    try:
        check(puzzle)
    except PuzzleError:
        return False
    return True


def next_playable(progress: Progress, puzzles: Sequence[Puzzle]) -> Puzzle | None:
    """The puzzle ``progress`` chooses next among ``puzzles`` (``Progress.next_puzzle``),
    passing over any that does not check (the list of puzzles names it with its reason)."""
    left = list(puzzles)
    while (chosen := progress.next_puzzle(left)) is not None and not playable(chosen):
        left.remove(chosen)
    return chosen


def read_fields(path: Path, game: str) -> Catalogue:
    """The puzzles of the file ``path``, for ``game``, each with its fields checked (not its
    position: ``checked``); a damaged file or entry is refused."""
    try:
        doc = json.loads(read_limited(path, MAX_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return Catalogue(game)
    except (OSError, RefusedFile, UnicodeDecodeError, ValueError, RecursionError) as exc:
        return Catalogue(game, refused=(Refused(game, "", _one_line(exc)),))
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return Catalogue(game, refused=(Refused(game, "", f"not a {FORMAT} file"),))
    if doc.get("format_version") != FORMAT_VERSION or not isinstance(doc.get("puzzles"), list):
        return Catalogue(game, refused=(Refused(game, "", "a version this app does not read"),))
    good: list[Puzzle] = []
    bad: list[Refused] = []
    for index, entry in enumerate(doc["puzzles"]):
        name = str(entry.get("id", f"#{index + 1}")) if isinstance(entry, dict) else f"#{index + 1}"
        try:
            good.append(from_json(entry, game))
        except PuzzleError as exc:
            bad.append(Refused(game, name, str(exc)))
    return Catalogue(game, tuple(good), tuple(bad))


def _one_line(exc: Exception) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__


def document(puzzles: list[Puzzle]) -> str:
    """A puzzle file's text."""
    doc = {"format": FORMAT, "format_version": FORMAT_VERSION,
           "puzzles": [p.to_json() for p in puzzles]}  # fmt: skip
    return json.dumps(doc, indent=1) + "\n"


def write(path: Path, puzzles: list[Puzzle], force: bool = False) -> None:
    """Write ``puzzles`` to ``path`` atomically; FileExistsError without ``force`` if there
    is a file already."""
    from battlechess_tui.save.files import write_atomic

    if path.exists() and not force:
        raise FileExistsError(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, document(puzzles))
