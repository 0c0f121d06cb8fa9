"""A game's own file at the table: written after every decision (the autosave) and when the
player saves; a part the game screen holds (``GameScreen.saving``). A failed write is a
notice, never a crash, and the game goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from textual.notifications import SeverityLevel

from battlechess_tui.engine.game import Game
from battlechess_tui.save.files import SaveError
from battlechess_tui.save.game_file import GameFile


class SavingTable(Protocol):
    """What saving needs of the table that holds it: the game, and notices."""

    game: Game

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
    ) -> None: ...


class GameSaving:
    """Writes the table's game to its own file in ``save_dir`` (made on the first write)."""

    def __init__(self, table: SavingTable, save_dir: Path, path: Path | None = None) -> None:
        self.table = table
        self.save_dir = Path(save_dir)
        self.file = GameFile(self.save_dir, path)

    @property
    def path(self) -> Path | None:
        """The game's file (None until a new game is first saved)."""
        return self.file.path

    def autosave(self) -> None:
        """Write the game's own file after a decision (and point the autosave at it)."""
        self._write("Autosave failed")

    def save(self) -> None:
        """The player's save: written, and said where."""
        if self._write("Not saved"):
            self.table.notify(f"Saved to {self.path}", title="Saved", timeout=4)

    def _write(self, failure: str) -> bool:
        try:
            moved = self.file.write(self.table.game)
        except SaveError as exc:
            self.table.notify(str(exc), title=failure, severity="error")
            return False
        if moved:
            self.table.notify(moved, title="Saved to a new file", severity="warning", timeout=8)
        return True
