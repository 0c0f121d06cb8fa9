"""Where the games' data lives (the game folders), the rules pages beside it, and reading a
data file safely.

A game folder holds variant files (``*.toml``), their rules pages (``*.md``) and lessons
(``lessons/<game>/*.toml``). The shipped folder is ``variants/`` beside the package in a source
checkout and ``battlechess_tui/variants`` inside an installed wheel; a plugin adds its own
through the entry point group ``battlechess.games`` (its value names a function that returns
the folder: the shipped games register ``variants_dir`` the same way). A rules page is named by
its bare file name (``rules_text = "classic.md"``): only pages in the game folders are ever read
by name, so a variant (a house-rule file, or one embedded in a save) cannot make the app print
any other file. A house-rule file's own page beside it is read when the file is loaded, and
kept in its text.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Protocol

_PACKAGE = Path(__file__).resolve().parent.parent
#: The entry point group through which games (the shipped ones too) name their folder.
GAMES_GROUP = "battlechess.games"
#: A rules page is text for people: a megabyte is far more than any.
MAX_PAGE_BYTES = 1024 * 1024


class NamesAPage(Protocol):
    """What a rules page is read for: a variant's spec (its page's file name, or the text)."""

    @property
    def rules_text(self) -> str:
        """The rules page's file name (``classic.md``) or the rules text itself."""
        ...


class RefusedFile(ValueError):
    """A file that is not read: not a regular file, or larger than the limit (one line)."""


def variants_dir() -> Path:
    """The folder of the shipped variant files (installed, or beside the package in a clone)."""
    for candidate in (_PACKAGE / "variants", _PACKAGE.parent / "variants"):
        if (candidate / "classic.toml").is_file():
            return candidate
    raise FileNotFoundError("the variants data folder is missing from this installation")


@dataclass(frozen=True)
class GameFolder:
    """A folder of games: its entry point's name, the folder, and the top-level package its
    classes live in (``battlechess_tui`` for the shipped games)."""

    name: str
    path: Path
    package: str


@dataclass(frozen=True)
class FolderProblem:
    """An installed plugin whose games cannot be offered, and why (one line)."""

    name: str
    reason: str


@cache
def game_folders() -> tuple[tuple[GameFolder, ...], tuple[FolderProblem, ...]]:
    """Every game folder (the shipped one first, then each plugin's in the order of its
    entry point's name) and the plugins refused, each with its reason. Reading a plugin's
    entry point imports only the module that names its folder."""
    shipped = GameFolder("battlechess", variants_dir(), "battlechess_tui")
    folders, problems = [shipped], []
    for point in sorted(entry_points(group=GAMES_GROUP), key=lambda p: p.name):
        try:
            path = Path(point.load()()).resolve()
        except Exception as exc:  # a plugin's own code: whatever it raises, it is refused
            problems.append(FolderProblem(point.name, f"cannot load {point.value}: {exc}"))
            continue
        if any(f.path == path for f in folders):
            continue  # the shipped games, registered the same way
        if not path.is_dir():
            problems.append(FolderProblem(point.name, f"{path} is not a folder"))
            continue
        folders.append(GameFolder(point.name, path, point.value.split(".")[0].split(":")[0]))
    return tuple(folders), tuple(problems)


def folders() -> tuple[Path, ...]:
    """The game folders' paths, the shipped one first."""
    return tuple(f.path for f in game_folders()[0])


def read_limited(path: Path, limit: int, *, links: bool = True) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes. Never blocks
    (a FIFO is refused, not waited on) and never reads past the limit (``/dev/zero``); with
    ``links=False`` a symbolic link is refused, not followed. RefusedFile says why a file is
    not read; OSError is the system's reason."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not links:
        if Path(path).is_symlink():
            raise RefusedFile("is a symbolic link")
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise RefusedFile("is a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file")
    if info.st_size > limit:
        os.close(fd)
        raise RefusedFile(f"too large: {size_text(info.st_size)}; at most {size_text(limit)}")
    with os.fdopen(fd, "rb") as fh:
        raw = fh.read(limit + 1)
    if len(raw) > limit:
        raise RefusedFile(f"too large: more than {size_text(limit)}")
    return raw


def size_text(n: int) -> str:
    """A file size as a person reads it (``1.2 MB``, ``2,048 bytes``)."""
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n:,} bytes"


def page_name(text: str) -> bool:
    """Whether ``rules_text`` names a page (``classic.md``) rather than holding the rules."""
    return text.endswith(".md") and "\n" not in text


def shipped_page(name: str) -> Path | None:
    """The rules page ``name`` of a game folder (a bare file name; the first folder that has
    it), else None."""
    if Path(name).name != name or name.startswith(".") or "\\" in name:
        return None
    return next((f / name for f in folders() if (f / name).is_file()), None)


def rules_page_problem(spec: NamesAPage) -> str | None:
    """Why ``spec``'s rules page cannot be shown, or None."""
    text = spec.rules_text
    if page_name(text) and shipped_page(text) is None:
        return f"rules_text: {text!r} is not a shipped rules page"
    return None


def rules_text(spec: NamesAPage) -> str:
    """The Markdown rules shown in the app (a shipped page, or the variant's own text)."""
    text = spec.rules_text
    if not page_name(text):
        return text
    path = shipped_page(text)
    if path is None:
        return f"(no rules page {text!r})"
    try:
        return read_limited(path, MAX_PAGE_BYTES).decode("utf-8", errors="replace")
    except (OSError, RefusedFile) as exc:
        return f"(rules page {text!r} cannot be read: {exc})"
