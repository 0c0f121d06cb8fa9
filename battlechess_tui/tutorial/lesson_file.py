"""Reading one lesson file: ``variants/lessons/<game>/<lesson-id>.toml``, bounded, into a
``LessonRef``; ``LessonError`` (one line) when it cannot be read."""

from __future__ import annotations

import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from battlechess_tui.engine.data_files import RefusedFile, read_limited, variants_dir
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
        raw = tomllib.loads(read_limited(path, MAX_LESSON_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise LessonError(f"{path}: no such lesson file") from None
    except RefusedFile as exc:
        raise LessonError(f"{path}: {refusal(path, exc)}") from None
    except OSError as exc:
        raise LessonError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise LessonError(f"{path}: not a text file") from None
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise LessonError(f"{path}: TOML syntax: {exc}") from None
    except ValueError as exc:  # a number of more digits than Python reads
        raise LessonError(f"{path}: not readable TOML: {exc}") from None
    try:
        lesson = Lesson.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(map(str, err["loc"])) or "(file)"
        raise LessonError(f"{path}: {where}: {err['msg']}") from None
    return LessonRef(game or path.parent.name, path.stem, path, lesson)


def refusal(path: Path, exc: RefusedFile) -> str:
    """Why ``path`` is not read as a lesson: what it is when it is not a file."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return str(exc)
    for test, what in _KINDS:
        if test(mode):
            return f"{what}, not a lesson file"
    return str(exc) if stat.S_ISREG(mode) else "not a regular file, not a lesson file"


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)
