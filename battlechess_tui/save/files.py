"""JSON documents on disk, for saves, campaign files and settings alike: atomic writes, new files
created exclusively, and reading with one clear line for the player whatever is wrong (missing,
unreadable, not a regular file, too large, nested too deeply, cut short, not JSON, another kind
of file, a field that does not validate).

Reading is bounded before any parsing: only a regular file (a FIFO would block, ``/dev/zero``
never ends), at most ``MAX_DOCUMENT_BYTES``, nested at most ``MAX_DEPTH`` levels, no number
longer than ``MAX_DIGITS`` digits. A file that breaks a bound is refused in one line, so the
JSON reader never meets input that makes it recurse or run out of memory.

This module imports no pydantic: the settings read through it at start-up.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from battlechess_tui.engine.data_files import RefusedFile, read_limited

if TYPE_CHECKING:
    from pydantic import ValidationError

#: Larger than any save a game can make (20,000 D&D decisions are about 10 MB).
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024
#: Deeper than any of our formats nests (a save is about 7 levels, with a house rule's data 12).
MAX_DEPTH = 64
#: Longer than any number we write (seeds are at most 19 digits).
MAX_DIGITS = 40
#: A temporary file older than this is a leftover of a killed write, never one being written.
LEFTOVER_AGE = 60.0

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(rb"[\[\]{}]")
_LONG_NUMBER = re.compile(rb"\d{%d}" % (MAX_DIGITS + 1))
#: The temporary files ``write_atomic`` makes: ``.NAME.xxxxxxxx.tmp`` (``tempfile.mkstemp``).
_TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")
#: How our documents begin: ``{"format": "battlechess-save", ...`` (in the first bytes).
_OUR_FORMAT = re.compile(rb'^\s*\{.*?"format"\s*:\s*"battlechess-', re.DOTALL)
_SNIFF_BYTES = 4096


class SaveError(Exception):
    """A save that cannot be read or written; the message is one line for the player."""


# -- writing -----------------------------------------------------------------------------------


def _write_temporary(path: Path, text: str) -> Path:
    """``text`` in a new temporary file beside ``path``, flushed to disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, fsync, then ``os.replace``."""
    path = Path(path)
    tmp = _write_temporary(path, text)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def create_exclusive(path: Path, text: str) -> bool:
    """Write a NEW file at ``path``, whole or not at all; False when the name is taken (by
    another window, say). A hard link of a finished temporary file claims the name atomically;
    where links are not supported the file is created with ``O_EXCL`` and then written."""
    path = Path(path)
    tmp = _write_temporary(path, text)
    try:
        os.link(tmp, path)
        return True
    except FileExistsError:
        return False
    except OSError:
        return _create_then_write(path, text)
    finally:
        tmp.unlink(missing_ok=True)


def _create_then_write(path: Path, text: str) -> bool:
    try:
        with open(path, "x", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    except FileExistsError:
        return False
    return True


def create_numbered(folder: Path, base: str, suffix: str, text: str, most: int) -> Path | None:
    """Write ``text`` to a new file ``BASE.SUFFIX`` in ``folder`` (``BASE-2.SUFFIX``...
    while a name is taken, at most ``most`` names), created exclusively; its path, or None
    when every name is taken. OSError when the folder cannot be written."""
    for n in range(1, most + 1):
        path = Path(folder) / (f"{base}{suffix}" if n == 1 else f"{base}-{n}{suffix}")
        if create_exclusive(path, text):
            return path
    return None


def taken(path: Path) -> str:
    """The one line that refuses to write over ``path``."""
    return f"{path} already exists; add --force to replace it"


def write_new(
    path: Path, text: str, force: bool = False, error: type[SaveError] = SaveError
) -> None:
    """Write ``text`` to ``path``: a new file (created exclusively), or over the file there
    only with ``force`` (atomically). ``error`` in one line naming the file otherwise."""
    path = Path(path)
    try:
        if force:
            write_atomic(path, text)
            return
        if create_exclusive(path, text):
            return
    except OSError as exc:
        raise error(f"cannot write {path}: {exc.strerror or exc}") from None
    raise error(taken(path))


def is_battlechess_file(path: Path) -> bool:
    """Whether ``path`` is a regular file that begins as one of our JSON documents does (a
    save, an autosave, a campaign, a kept analysis), even a damaged one: never the target of
    an export."""
    path = Path(path)
    try:
        if not path.is_file():
            return False
        with open(path, "rb") as fh:
            head = fh.read(_SNIFF_BYTES)
    except OSError:
        return False
    return _OUR_FORMAT.search(head) is not None


def write_document(path: Path, text: str, error: type[SaveError] = SaveError) -> None:
    """``write_atomic``, with a failure reported as ``error`` in one line."""
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise error(f"cannot write {path}: {exc.strerror or exc}") from None


def remove_leftovers(folder: Path, now: float | None = None) -> list[Path]:
    """Delete the temporary files a killed write left in ``folder`` (older than a minute, so a
    write under way in another window is never touched); the paths removed."""
    removed = []
    limit = (time.time() if now is None else now) - LEFTOVER_AGE
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return []
    for path in entries:
        if not _TEMPORARY.match(path.name):
            continue
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and info.st_mtime < limit:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


# -- reading -----------------------------------------------------------------------------------


def read_bounded(
    path: Path, what: str, error: type[SaveError] = SaveError, limit: int = MAX_DOCUMENT_BYTES
) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; ``error`` in
    one line otherwise. Opening never blocks (a FIFO is refused, not waited on)."""
    try:
        return read_limited(Path(path), limit)
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: not a {what} (is a folder)") from None
    except RefusedFile as exc:
        raise error(f"{path}: not a {what} ({exc})") from None
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror or exc})") from None


def shape_problem(raw: bytes, max_depth: int = MAX_DEPTH) -> str | None:
    """What makes JSON text unsafe to parse (too deep, a number too long), or None."""
    bare = _STRING.sub(b'""', raw)
    if _LONG_NUMBER.search(bare):
        return f"a number longer than {MAX_DIGITS} digits"
    depth = 0
    for match in _BRACKET.finditer(bare):
        if match[0] in b"[{":
            depth += 1
            if depth > max_depth:
                return f"nested more than {max_depth} levels deep"
        else:
            depth -= 1
    return None


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number a battlechess file holds")


def parse_json(raw: bytes, path: Path, what: str, error: type[SaveError] = SaveError) -> Any:
    """The JSON value in ``raw`` (read from ``path``), checked by ``shape_problem`` first."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{path}: not a battlechess {what} (not a text file)") from None
    problem = shape_problem(raw)
    if problem is not None:
        raise error(f"{path}: not a battlechess {what} ({problem})")
    try:
        return json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        cut_short = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated")
        how = "truncated" if cut_short else "bad JSON"
        raise error(f"{path}: the {what} is corrupt ({how} at line {exc.lineno})") from None
    except (ValueError, RecursionError) as exc:
        raise error(f"{path}: the {what} is corrupt ({exc})") from None


def read_json(
    path: Path, what: str, error: type[SaveError] = SaveError, limit: int = MAX_DOCUMENT_BYTES
) -> Any:
    """``read_bounded`` then ``parse_json``: any JSON value, or ``error`` in one line."""
    return parse_json(read_bounded(path, what, error, limit), path, what, error)


def read_document(
    path: Path, fmt: str, what: str, error: type[SaveError] = SaveError
) -> dict[str, Any]:
    """The JSON object in ``path`` whose ``format`` is ``fmt`` (``what`` names such a file in
    messages: "save", "campaign file"); ``error`` with one clear line otherwise."""
    doc = read_json(Path(path), what, error)
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise error(f"{path}: not a battlechess {what}")
    return doc


def first_problem(exc: ValidationError) -> str:
    """A validation failure in one line: where the first problem is, what it is, how many more."""
    err = exc.errors()[0]
    where = ".".join(map(str, err["loc"]))
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where}: {one_line(err['msg'])}{more}"


def one_line(text: str) -> str:
    """``text`` on one line (a validator's message may span several)."""
    return " ".join(str(text).split())
