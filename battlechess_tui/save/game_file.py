"""The file of a game being played in the app: what the game screen calls after each decision.

A new game gets a file of its own on its first write, created exclusively (two windows never
share one). The file is rewritten only when the game changed (opening a finished game and
leaving writes nothing), and never over another window's writes: if the file changed on disk
since this game last wrote or read it, the game goes on in a new file of its own and the
player is told. After each write the autosave is pointed at the file.
"""

from __future__ import annotations

import os
from pathlib import Path

from battlechess_tui.engine.game import Game
from battlechess_tui.save.files import SaveError, write_document
from battlechess_tui.save.folder import new_game_file, point_autosave, read_save
from battlechess_tui.save.model import SaveFile
from battlechess_tui.save.records import record_of, record_text, same_game

Stamp = tuple[int, int, int]


def _stamp(path: Path) -> Stamp | None:
    """What changes when any program writes the file: its inode, size and modification time."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


class GameFile:
    """Where one game in the app is saved: ``path`` (None until a new game's first write)."""

    def __init__(self, save_dir: Path, path: Path | None = None) -> None:
        self.save_dir = Path(save_dir)
        self.path = None if path is None else Path(path)
        self._stamp: Stamp | None = None
        self._saved: SaveFile | None = None
        if self.path is not None:
            self._stamp = _stamp(self.path)
            try:
                self._saved = read_save(self.path)[1]
            except SaveError:
                self._saved = None

    def write(self, game: Game) -> str | None:
        """Save ``game`` if it changed (see the module's docstring); a one-line notice for the
        player when it had to move to a new file, else None. SaveError if it cannot be saved."""
        record = record_of(game)
        if self.path is None:
            self._start(game)
            return None
        if self._saved is not None and same_game(record, self._saved):
            return None
        stamp = _stamp(self.path)
        if stamp != self._stamp:
            old = self.path
            self._start(game)
            assert self.path is not None
            what = "was deleted" if stamp is None else "was changed by another window"
            return f"{old.name} {what}: this game goes on in {self.path.name}"
        game.created = record.created
        write_document(self.path, record_text(record))
        self._wrote(record)
        return None

    def _start(self, game: Game) -> None:
        self.path = new_game_file(self.save_dir, game)
        self._wrote(record_of(game))

    def _wrote(self, saved: SaveFile) -> None:
        assert self.path is not None
        self._saved = saved
        self._stamp = _stamp(self.path)
        point_autosave(self.save_dir, self.path)
