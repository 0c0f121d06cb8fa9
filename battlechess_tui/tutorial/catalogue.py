"""Finding and reading lesson files: ``variants/lessons/<game>/<lesson-id>.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from battlechess_tui.engine.data_files import variants_dir
from battlechess_tui.tutorial.model import Lesson

#: A lesson file larger than this is not a lesson (and is not read into memory).
MAX_LESSON_BYTES = 256 * 1024


class LessonError(ValueError):
    """A lesson that cannot be read or played; the message is one line."""


@dataclass(frozen=True)
class LessonRef:
    """A lesson and where it comes from: its game, its id (the file's name) and its path."""

    game: str
    id: str
    path: Path
    lesson: Lesson

    @property
    def key(self) -> str:
        """``classic/moves``: how progress and the command line name it."""
        return f"{self.game}/{self.id}"


def lessons_dir() -> Path:
    return variants_dir() / "lessons"


def read_lesson(path: Path, game: str | None = None) -> LessonRef:
    """The lesson in ``path`` (its game is the folder's name unless given); LessonError."""
    path = Path(path)
    try:
        if not path.is_file():
            raise LessonError(f"{path}: no such lesson file")
        if path.stat().st_size > MAX_LESSON_BYTES:
            raise LessonError(f"{path}: too large for a lesson file")
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LessonError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise LessonError(f"{path}: not a text file") from None
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise LessonError(f"{path}: TOML syntax: {exc}") from None
    try:
        lesson = Lesson.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(map(str, err["loc"])) or "(file)"
        raise LessonError(f"{path}: {where}: {err['msg']}") from None
    return LessonRef(game or path.parent.name, path.stem, path, lesson)


@cache
def shipped() -> tuple[LessonRef, ...]:
    """Every shipped lesson, by game (in menu order), then by its order and id."""
    from battlechess_tui.engine.registry import specs

    games = list(specs())
    found = [read_lesson(p) for p in sorted(lessons_dir().glob("*/*.toml"))]
    rank = {g: i for i, g in enumerate(games)}
    return tuple(sorted(found, key=lambda r: (rank.get(r.game, len(games)), r.lesson.order, r.id)))


def find(game: str, lesson_id: str | None = None) -> LessonRef:
    """A shipped lesson by game and id (the game's first lesson when no id); LessonError."""
    of_game = [r for r in shipped() if r.game == game]
    if not of_game:
        games = sorted({r.game for r in shipped()})
        raise LessonError(f"no lessons for {game!r}; games with lessons: {', '.join(games)}")
    if lesson_id is None:
        return of_game[0]
    for ref in of_game:
        if ref.id == lesson_id:
            return ref
    ids = ", ".join(r.id for r in of_game)
    raise LessonError(f"{game} has no lesson {lesson_id!r}; its lessons: {ids}")
