"""JSON documents on disk, for saves and campaign files alike: atomic writes, and reading with one
clear line for the player whatever is wrong (missing, unreadable, cut short, not JSON, another
kind of file, a field that does not validate)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError


class SaveError(Exception):
    """A save that cannot be read or written; the message is one line for the player."""


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, fsync, then ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_document(path: Path, text: str, error: type[SaveError] = SaveError) -> None:
    """``write_atomic``, with a failure reported as ``error`` in one line."""
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise error(f"cannot write {path}: {exc.strerror or exc}") from None


def read_document(
    path: Path, fmt: str, what: str, error: type[SaveError] = SaveError
) -> dict[str, Any]:
    """The JSON object in ``path`` whose ``format`` is ``fmt`` (``what`` names such a file in
    messages: "save", "campaign file"); ``error`` with one clear line otherwise."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {what}") from None
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror or exc})") from None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise error(f"{path}: not a battlechess {what} (not a text file)") from None
    except json.JSONDecodeError as exc:
        cut_short = exc.pos >= len(raw.rstrip()) - 1 or exc.msg.startswith("Unterminated")
        how = "truncated" if cut_short else "bad JSON"
        raise error(f"{path}: the {what} is corrupt ({how} at line {exc.lineno})") from None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise error(f"{path}: not a battlechess {what}")
    return doc


def first_problem(exc: ValidationError) -> str:
    """A validation failure in one line: where the first problem is, what it is, how many more."""
    err = exc.errors()[0]
    where = ".".join(map(str, err["loc"]))
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where}: {err['msg']}{more}"
