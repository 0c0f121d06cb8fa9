"""The practice table shared by the puzzles and "learn from your mistakes": a position on
the game table with a step box above the panels, where a decision tried is judged, never
played or saved, and the table's undo, saving, draws, resigning and hints are off."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.widgets import Static

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import META_KINDS, Game
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.ui.screens.game import GAME_COMMANDS, GameScreen
from battlechess_tui.ui.table_policy import Decide, PracticeTable

#: The table's commands a practice table does without.
NOT_HERE = frozenset(
    c.action for c in GAME_COMMANDS if c.id in ("undo", "save", "load", "draw", "resign", "hint")
)


class PracticeScreen(GameScreen):
    """A practice position: ``STEP`` names the step box that says what to find."""

    TELLS_SINCE = False
    STEP: ClassVar[str] = "practice-step"

    def __init__(self, game: Game, save_dir: Path, judge: Decide) -> None:
        """``judge`` judges a decision tried here (nothing is played)."""
        super().__init__(game, save_dir, policy=PracticeTable(judge))

    def compose_panels_top(self) -> ComposeResult:
        yield Static(id=self.STEP, markup=False)

    def current_actions(self) -> list[Action]:
        """The rules' decisions only: no draw offers or resigning here."""
        return self.game.rule_actions()

    def step(self, title: str, text: str) -> None:
        """Write the step box."""
        box = self.query_one(f"#{self.STEP}", Static)
        box.border_title = title
        box.update(text)

    def show_position(self, game: Game, side: int) -> None:
        """Put ``game``'s position on the table, nothing selected, facing ``side``."""
        self.game = game
        self.selected = None
        self.aiming = None
        self.flipped = side == 1
        self.sync()

    def tried(self, action: Action | str) -> Action | None:
        """The rules' decision ``action`` names here; None (refused, with the reason) when it
        names none."""
        try:
            parsed = self.game.parse(action) if isinstance(action, str) else action
        except IllegalAction as exc:
            self.message = f"Refused: {exc}"
            self.app.bell()
            return None
        if parsed.kind in META_KINDS or parsed not in self.game.rule_actions():
            self.message = "Refused: choose one of the rules' decisions here."
            self.app.bell()
            return None
        return parsed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in NOT_HERE:
            return False
        return super().check_action(action, parameters)
