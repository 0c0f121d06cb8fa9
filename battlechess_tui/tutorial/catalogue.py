"""The shipped lessons: every file under ``variants/lessons/``, checked once, the ones that
play and the ones refused with their reasons."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from battlechess_tui.engine.data_files import folders
from battlechess_tui.engine.echo import clip
from battlechess_tui.engine.registry import specs
from battlechess_tui.tutorial.check import check_file
from battlechess_tui.tutorial.lesson_file import (
    MAX_LESSON_BYTES,
    LessonError,
    LessonRef,
    lessons_dir,
    read_lesson,
    refusal,
)

__all__ = [
    "MAX_LESSON_BYTES",
    "Catalogue",
    "LessonError",
    "LessonRef",
    "RefusedLesson",
    "catalogue",
    "find",
    "lessons_dir",
    "read_lesson",
    "refusal",
    "refused",
    "shipped",
]


@dataclass(frozen=True)
class RefusedLesson:
    """A lesson file that cannot be played, and why: the lines ``check-lesson`` prints."""

    game: str
    id: str
    path: Path
    problems: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.game}/{self.id}"

    @property
    def reason(self) -> str:
        return self.problems[0]


@dataclass(frozen=True)
class Catalogue:
    """The shipped lessons that play, and the files refused (each with its reasons)."""

    lessons: tuple[LessonRef, ...]
    refused: tuple[RefusedLesson, ...]


def lesson_folders() -> list[Path]:
    """Where lessons are: the shipped lessons folder, then each plugin's game folder's."""
    return [lessons_dir(), *(folder / "lessons" for folder in folders()[1:])]


@cache
def catalogue() -> Catalogue:
    """Every shipped lesson file, read and played through once (``check-lesson``'s checks):
    one that fails is refused with its reasons and the others are still offered. Lessons
    are by game (in menu order), then by their order and id."""
    good, refused = [], []
    for path in (p for folder in lesson_folders() for p in sorted(folder.glob("*/*.toml"))):
        problems = check_file(path)
        if problems:
            refused.append(RefusedLesson(path.parent.name, path.stem, path, tuple(problems)))
        else:
            good.append(read_lesson(path))
    rank = {g: i for i, g in enumerate(specs())}
    last = len(rank)
    good.sort(key=lambda r: (rank.get(r.game, last), r.lesson.order, r.id))
    refused.sort(key=lambda r: (rank.get(r.game, last), r.id))
    return Catalogue(tuple(good), tuple(refused))


def shipped() -> tuple[LessonRef, ...]:
    """Every shipped lesson that plays (see ``catalogue``; refused files are left out)."""
    return catalogue().lessons


def refused() -> tuple[RefusedLesson, ...]:
    """The shipped lesson files that cannot be played, with their reasons."""
    return catalogue().refused


def find(game: str, lesson_id: str | None = None) -> LessonRef:
    """A shipped lesson by game and id (the game's first lesson when no id); LessonError,
    with its reason for a refused lesson file."""
    of_game = [r for r in shipped() if r.game == game]
    for ref in of_game:
        if lesson_id in (None, ref.id):
            return ref
    for bad in refused():
        if bad.game == game and lesson_id in (None, bad.id):
            raise LessonError(bad.reason)
    if not of_game:
        games = ", ".join(sorted({r.game for r in shipped()}))
        raise LessonError(f"no lessons for {clip(game)!r}; games with lessons: {games}")
    ids = ", ".join(r.id for r in of_game)
    raise LessonError(f"{game} has no lesson {clip(lesson_id or '')!r}; its lessons: {ids}")
