"""Which lessons a player has finished, kept between runs in ``lessons.json`` beside the
settings. A file that cannot be read counts as no lesson finished; it is never fatal."""

from __future__ import annotations

import json
from pathlib import Path

from battlechess_tui.save.files import write_atomic

PROGRESS_NAME = "lessons.json"
FORMAT = "battlechess-lessons"
#: Larger than this, the file is not ours: it is ignored rather than read.
MAX_BYTES = 64 * 1024


def progress_path(folder: Path) -> Path:
    return Path(folder) / PROGRESS_NAME


def finished(folder: Path) -> set[str]:
    """Keys (``classic/moves``) of the lessons finished."""
    path = progress_path(folder)
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return set()
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return set()
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return set()
    done = doc.get("finished")
    return {k for k in done if isinstance(k, str)} if isinstance(done, list) else set()


def mark_finished(folder: Path, key: str) -> None:
    """Record ``key`` as finished (an unwritable folder loses only this mark: OSError)."""
    done = finished(folder) | {key}
    doc = {"format": FORMAT, "finished": sorted(done)}
    write_atomic(progress_path(folder), json.dumps(doc, indent=2) + "\n")
