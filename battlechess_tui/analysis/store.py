"""An analysis kept beside its save: ``GAME.json`` gets ``GAME.analysis`` (not ``.json``, so
no list of saves mistakes it for a game). It records the app's version, the level and a digest
of the game the save records (``record_digest``): an analysis of another version or level, or
of a game changed since, is not used (a fresh one is made). The save itself is only ever read.

The file is read back as a save is (``kept_file.py``): a file that does not validate, or whose
content does not match its own digest, is damaged. It is set aside (``GAME.analysis.damaged``,
never deleted: it may be a file of the player's) with one line, and the analysis made again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from battlechess_tui import __version__
from battlechess_tui.analysis import kept_file
from battlechess_tui.analysis.model import FORMAT, Analysis
from battlechess_tui.save.files import (
    SaveError,
    first_problem,
    is_battlechess_file,
    read_json,
    write_atomic,
)

if TYPE_CHECKING:
    from battlechess_tui.save.model import SaveFile

SUFFIX = ".analysis"
#: How many damaged analyses of one save are kept aside (``.damaged``, ``.damaged-2``...).
MAX_SET_ASIDE = 100


class DamagedAnalysis(SaveError):
    """A kept analysis that cannot be trusted; the message is one line."""


def analysis_path(save: Path) -> Path:
    """Where the analysis of ``save`` is kept."""
    save = Path(save)
    return save.with_name(save.stem + SUFFIX)


def record_digest(record: SaveFile) -> str:
    """The SHA-256 of the game a save records: its facts (seed, options, players, every
    decision, roll and event, the result), not its time stamps (a save rewritten by a later
    version is the same game; one upgraded from an older format gets a digest anew)."""
    from battlechess_tui.save.records import game_json

    return hashlib.sha256(game_json(record).encode()).hexdigest()


def digest(save: Path) -> str:
    """``record_digest`` of the save at ``save``; SaveError in one line if it cannot be read."""
    from battlechess_tui.save.store import read_record

    return record_digest(read_record(Path(save)))


def read_kept(save: Path) -> Analysis | None:
    """The analysis kept beside ``save``, checked whole; None when there is none or it is of
    an older format (made again as any stale one is). DamagedAnalysis in one line when it
    cannot be trusted."""
    path = analysis_path(save)
    if not (path.exists() or path.is_symlink()):
        return None
    try:
        doc = read_json(path, "analysis", DamagedAnalysis)
    except DamagedAnalysis as exc:
        raise _damaged(path, str(exc).removeprefix(f"{path}: ")) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise _damaged(path, "not a battlechess analysis")
    version = doc.get("format_version")
    if type(version) is int and 1 <= version < kept_file.FORMAT_VERSION:
        return None
    try:
        problem = kept_file.check(doc)
    except ValidationError as exc:
        problem = first_problem(exc)
    except RecursionError:
        problem = "nested too deeply"
    if problem is not None:
        raise _damaged(path, problem)
    return Analysis.from_json(doc)


def _damaged(path: Path, why: str) -> DamagedAnalysis:
    return DamagedAnalysis(f"{path}: the kept analysis is damaged ({why}); analysing again")


def stored(
    save: Path,
    level: str,
    current: str | None = None,
    damaged: Callable[[str], Any] | None = None,
    confidence: float | None = None,
) -> Analysis | None:
    """The kept analysis of ``save`` at ``level``, if there is one made by this version of
    the app from the game whose digest is ``current`` (by default: the save as it is now),
    read under the game's ``confidence`` (by default: the save's game's today); else None. A
    damaged file is set aside and counts as none; ``damaged`` hears its line."""
    try:
        found = read_kept(save)
    except DamagedAnalysis as exc:
        set_aside(save)
        if damaged is not None:
            damaged(str(exc))
        return None
    if found is None or found.app_version != __version__ or found.level != level:
        return None
    if current is None or confidence is None:
        try:
            current, confidence = _read_from(Path(save), current, confidence)
        except SaveError:
            return None
    fresh = found.save_digest == current and found.confidence == confidence
    return found if fresh and found.complete else None


def _read_from(save: Path, current: str | None, reading: float | None) -> tuple[str, float]:
    """The game's digest and ``[search] confidence`` (its variant file's today), each read
    from the save (once) where not given. SaveError in one line if it cannot be read."""
    from battlechess_tui.ai.budget import confidence
    from battlechess_tui.save.store import read_record, variant_of

    record = read_record(save)
    if reading is None:
        reading = confidence(variant_of(record, save).rules)
    return record_digest(record) if current is None else current, reading


def set_aside(save: Path) -> Path | None:
    """Move the kept analysis of ``save`` to ``GAME.analysis.damaged`` (``-2``... when that
    name is taken): never written over, never deleted. Its new path, or None if it could not
    be moved (it is then left where it is)."""
    from battlechess_tui.save.folder import move_exclusive

    path = analysis_path(save)
    for n in range(1, MAX_SET_ASIDE + 1):
        target = path.with_name(f"{path.name}.damaged" + ("" if n == 1 else f"-{n}"))
        try:
            move_exclusive(path, target)
            return target
        except FileExistsError:
            continue
        except OSError:
            return None
    return None


def keep(save: Path, analysis: Analysis) -> Path:
    """Write ``analysis`` beside ``save`` (atomically, with its content digest); its path. A
    file there that is not a battlechess analysis is set aside first, never written over."""
    path = analysis_path(save)
    theirs = (path.exists() or path.is_symlink()) and not is_battlechess_file(path)
    if theirs and set_aside(save) is None:
        raise FileExistsError(f"{path}: a file that is not an analysis is in the way")
    doc = kept_file.sealed(analysis.to_json())
    write_atomic(path, json.dumps(doc, indent=1) + "\n")
    return path
