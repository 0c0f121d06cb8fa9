"""Finding and reading lesson files: ``variants/lessons/<game>/<lesson-id>.toml``."""

from __future__ import annotations

import stat
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from battlechess_tui.engine.data_files import RefusedFile, read_limited, variants_dir
from battlechess_tui.engine.echo import clip
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


@cache
def catalogue() -> Catalogue:
    """Every shipped lesson file, read and played through once (``check-lesson``'s checks):
    one that fails is refused with its reasons and the others are still offered. Lessons
    are by game (in menu order), then by their order and id."""
    from battlechess_tui.engine.registry import specs
    from battlechess_tui.tutorial.check import check_file

    good, refused = [], []
    for path in sorted(lessons_dir().glob("*/*.toml")):
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
