"""The save folder: every game in its own file (named once, created exclusively, so two windows
never write one game's file for two games), the autosave that names the game played last, the
games still in play (what Continue opens), the list of saves (unreadable files included, with
the reason), deleting and renaming, and tidying up after a killed write.

The autosave (``autosave.json``) is a pointer, not a copy: a decision writes the game's own
file, then points the autosave at it. A crash between the two writes leaves the autosave
pointing at the game played before, and the game whole in its own file; an autosave written by
an older version (a full copy of the game) is still read.
"""

from __future__ import annotations

import contextlib
import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath

from battlechess_tui.engine.game import Game
from battlechess_tui.save.files import (
    SaveError,
    create_numbered,
    remove_leftovers,
    write_document,
)
from battlechess_tui.save.model import AUTOSAVE_FORMAT, AutosaveFile, SaveFile
from battlechess_tui.save.records import (
    now,
    read_document_at,
    record_of,
    record_text,
    validate_pointer,
    validate_record,
)

AUTOSAVE_NAME = "autosave.json"
#: A new game's file is ``KEY-DATE-TIME.json``, or ``KEY-DATE-TIME-N.json`` if that is taken.
MAX_SAME_NAME = 1000
MAX_NAME_LENGTH = 80


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the saves list; ``problem`` says why a file cannot be opened."""

    path: Path
    variant: str = ""
    players: dict[str, str] | None = None
    plies: int = 0
    result: str = ""
    updated: str = ""
    problem: str | None = None
    latest: bool = False  # the game the autosave names: the one played last
    computers: dict[str, str] | None = None  # the seats a computer holds, and its level


def user_save_dir(override: Path | None = None) -> Path:
    """``override``, else $BATTLECHESS_SAVE_DIR, else the platform's data folder."""
    if override is not None:
        return Path(override)
    env = os.environ.get("BATTLECHESS_SAVE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("battlechess", appauthor=False) / "saves"


# -- the autosave --------------------------------------------------------------------------------


def autosave_path(save_dir: Path) -> Path:
    return Path(save_dir) / AUTOSAVE_NAME


def is_autosave(path: Path) -> bool:
    return Path(path).name == AUTOSAVE_NAME


def _target(save_dir: Path, pointer: AutosaveFile, source: Path) -> Path:
    """The file an autosave names: inside its save folder, or SaveError."""
    rel = PurePosixPath(pointer.file)
    if rel.is_absolute() or ".." in rel.parts or "\\" in pointer.file or not rel.name:
        raise SaveError(f"{source}: the autosave names a file outside the save folder")
    return Path(save_dir).joinpath(*rel.parts)


def read_save(path: Path) -> tuple[Path, SaveFile]:
    """The save in ``path`` and where it is: an autosave is followed to the game it names."""
    path = Path(path)
    doc = read_document_at(path)
    if doc.get("format") == AUTOSAVE_FORMAT:
        path = _target(path.parent, validate_pointer(doc, path), path)
        doc = read_document_at(path)
        if doc.get("format") == AUTOSAVE_FORMAT:
            raise SaveError(f"{path}: an autosave, not a game")
    return path, validate_record(doc, path)


def pointed_file(save_dir: Path) -> Path | None:
    """The game file the autosave names; None without a readable pointer."""
    auto = autosave_path(save_dir)
    try:
        doc = read_document_at(auto)
        if doc.get("format") != AUTOSAVE_FORMAT:
            return None
        return _target(auto.parent, validate_pointer(doc, auto), auto)
    except SaveError:
        return None


def latest_autosave(save_dir: Path) -> Path | None:
    """What Continue opens: the game file the autosave names (None if that file is gone), or
    the autosave itself (an older version's copy of a game, or a damaged pointer that
    ``load_game`` then explains)."""
    auto = autosave_path(save_dir)
    if not auto.is_file():
        return None
    target = pointed_file(save_dir)
    if target is None:
        return auto
    return target if target.is_file() else None


def unfinished_games(save_dir: Path) -> list[Path]:
    """The games still in play in the save folder, the most recently saved first: what
    Continue opens. Read cheaply (each file's JSON: neither validated nor re-played, which
    loading does); files that cannot be read, autosave pointers and finished games are left
    out."""
    found = []
    for path in _entries(save_dir):
        try:
            doc = read_document_at(path)
            saved = path.stat().st_mtime_ns
        except (SaveError, OSError):
            continue
        if doc.get("format") == AUTOSAVE_FORMAT or doc.get("result") is not None:
            continue
        found.append((str(doc.get("updated", "")), saved, path))
    return [path for *_, path in sorted(found, reverse=True)]


def own_file(path: Path) -> Path | None:
    """The file a game opened from ``path`` keeps saving to: the file itself; for the
    autosave, the game's file it names (None for an older version's copy: the game then
    starts a file of its own)."""
    path = Path(path)
    if not is_autosave(path):
        return path
    return pointed_file(path.parent)


def point_autosave(save_dir: Path, target: Path) -> None:
    """Name ``target`` in the autosave (only a file inside the save folder is named)."""
    save_dir = Path(save_dir)
    try:
        rel = Path(os.path.abspath(target)).relative_to(os.path.abspath(save_dir))
    except ValueError:
        return
    pointer = AutosaveFile(file=rel.as_posix(), updated=now())
    write_document(autosave_path(save_dir), pointer.model_dump_json(indent=1) + "\n")


def _forget(save_dir: Path, path: Path) -> None:
    """Remove the autosave if it names ``path`` (deleted or renamed)."""
    target = pointed_file(save_dir)
    if target is not None and os.path.abspath(target) == os.path.abspath(path):
        autosave_path(save_dir).unlink(missing_ok=True)


# -- new files -----------------------------------------------------------------------------------


def new_game_file(save_dir: Path, game: Game, when: datetime | None = None) -> Path:
    """Write ``game`` to a new file of its own, ``KEY-DATE-TIME.json`` (``-2``, ``-3``... when
    taken), created exclusively: another window starting a game in the same second gets
    another name. SaveError when the folder cannot be written."""
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    record = record_of(game)
    game.created = record.created
    text = record_text(record)
    base = f"{game.variant.rules.key}-{stamp}"
    try:
        path = create_numbered(Path(save_dir), base, ".json", text, MAX_SAME_NAME)
    except OSError as exc:
        raise SaveError(f"cannot write in {save_dir}: {exc.strerror or exc}") from None
    if path is None:
        raise SaveError(f"{save_dir}: too many games named {base}")
    return path


def tidy(save_dir: Path) -> list[Path]:
    """Remove what killed writes left (temporary files) in the save folder, its campaigns
    folder and each campaign's games folder; the paths removed."""
    save_dir = Path(save_dir)
    folders = [save_dir, save_dir / "campaigns"]
    with contextlib.suppress(OSError):
        folders += [p for p in (save_dir / "campaigns").glob("*-games") if p.is_dir()]
    return [p for folder in folders for p in remove_leftovers(folder)]


# -- the list ------------------------------------------------------------------------------------


def _entries(save_dir: Path) -> list[Path]:
    try:
        return sorted(p for p in Path(save_dir).glob("*.json") if not p.name.startswith("."))
    except OSError:
        return []


def list_saves(save_dir: Path) -> list[SaveInfo]:
    """Every save in a folder, newest first, then the files that cannot be opened (each with
    the reason). The autosave is not listed: it names one of the games."""
    latest = pointed_file(save_dir)
    good, bad = [], []
    for path in _entries(save_dir):
        if is_autosave(path) and latest is not None:
            continue
        try:
            _, rec = read_save(path)
        except SaveError as exc:
            bad.append(SaveInfo(path, problem=_reason(exc, path)))
            continue
        result = "in play"
        if rec.result:
            result = f"{rec.result.winner} won" if rec.result.winner else "draw"
        is_latest = latest is not None and os.path.abspath(path) == os.path.abspath(latest)
        good.append(
            SaveInfo(
                path,
                rec.variant,
                dict(rec.players),
                len(rec.plies),
                result,
                rec.updated,
                None,
                is_latest,
                dict(rec.computers),
            )
        )
    return sorted(good, key=lambda s: s.updated, reverse=True) + bad


def _reason(exc: SaveError, path: Path) -> str:
    text = str(exc)
    prefix = f"{path}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


# -- deleting and renaming -----------------------------------------------------------------------

_BAD_NAME = re.compile(r"[/\\:*?\"<>|]")


def check_name(name: str) -> str:
    """A save's new file name from what a player typed (``.json`` added); SaveError says why a
    name cannot be used."""
    name = name.strip()
    if name.lower().endswith(".json"):
        name = name[: -len(".json")].rstrip()
    if not name:
        raise SaveError("type a name for the save")
    if len(name) > MAX_NAME_LENGTH:
        raise SaveError(f"a name has at most {MAX_NAME_LENGTH} characters")
    if name.startswith(".") or _BAD_NAME.search(name):
        raise SaveError("a name cannot start with '.' or hold / \\ : * ? \" < > |")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise SaveError("a name cannot hold control characters")
    if f"{name}.json" == AUTOSAVE_NAME:
        raise SaveError("that name is kept for the autosave")
    return f"{name}.json"


def delete_save(path: Path) -> None:
    """Delete a save file (the autosave forgets it); SaveError in one line if it cannot be."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"{path}: is a folder, not a save")
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"cannot delete {path}: {exc.strerror or exc}") from None
    _forget(path.parent, path)


def rename_save(path: Path, new_name: str) -> Path:
    """Give a save file a new name in its folder (never over another file); the new path.
    The autosave follows the game when it named it."""
    path = Path(path)
    target = path.with_name(check_name(new_name))
    if target == path:
        return path
    if target.exists() or target.is_symlink():
        raise SaveError(f"{target.name} already exists")
    named = pointed_file(path.parent)
    try:
        move_exclusive(path, target)
    except FileExistsError:
        raise SaveError(f"{target.name} already exists") from None
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"cannot rename {path}: {exc.strerror or exc}") from None
    if named is not None and os.path.abspath(named) == os.path.abspath(path):
        point_autosave(path.parent, target)
    return target


def move_exclusive(path: Path, target: Path) -> None:
    """Rename without replacing: link under the new name (fails if it exists), then unlink."""
    try:
        os.link(path, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(path, target)
        return
    path.unlink()
