"""An analysis kept beside its save: ``GAME.json`` gets ``GAME.analysis`` (not ``.json``, so
no list of saves mistakes it for a game). It records the app's version, the level and a digest
of the game the save records (``digest``): an analysis of another version or level, or of a
game changed since, is not used (a fresh one is made). The save itself is only ever read.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from battlechess_tui import __version__
from battlechess_tui.analysis.model import FORMAT, Analysis
from battlechess_tui.save.files import SaveError, read_document, write_atomic

SUFFIX = ".analysis"


def analysis_path(save: Path) -> Path:
    """Where the analysis of ``save`` is kept."""
    save = Path(save)
    return save.with_name(save.stem + SUFFIX)


def digest(save: Path) -> str:
    """The SHA-256 of the game a save records: its facts (seed, options, players, every
    decision, roll and event, the result), not its time stamps (a save rewritten by a later
    version is the same game; one upgraded from an older format gets a digest anew).
    SaveError in one line if it cannot be read."""
    from battlechess_tui.save.records import game_json
    from battlechess_tui.save.store import read_record

    return hashlib.sha256(game_json(read_record(Path(save))).encode()).hexdigest()


def stored(save: Path, level: str) -> Analysis | None:
    """The kept analysis of ``save`` at ``level``, if there is one made by this version of
    the app from the save as it is now; else None (a damaged file counts as none)."""
    path = analysis_path(save)
    if not path.is_file():
        return None
    try:
        found = Analysis.from_json(read_document(path, FORMAT, "analysis"))
        current = digest(save)
    except (SaveError, ValueError, KeyError, TypeError):
        return None
    fresh = found.app_version == __version__ and found.save_digest == current
    return found if fresh and found.level == level and found.complete else None


def keep(save: Path, analysis: Analysis) -> Path:
    """Write ``analysis`` beside ``save`` (atomically); its path."""
    path = analysis_path(save)
    write_atomic(path, json.dumps(analysis.to_json(), indent=1) + "\n")
    return path
