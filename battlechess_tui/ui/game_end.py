"""The end of a game at the table: the result panel and what it offers (save, replay or
analyse, a new game, a rematch with colours swapped or kept); a part the game screen holds
(``GameScreen.ending``)."""

from __future__ import annotations

import random
from typing import Any, Protocol

from textual.app import App

from battlechess_tui.engine import numbering
from battlechess_tui.engine.game import Game
from battlechess_tui.ui import views
from battlechess_tui.ui.navigation import NewGame, StartGame, navigate
from battlechess_tui.ui.rematch import counterparts, rematch
from battlechess_tui.ui.screens.dialogs import ChoiceDialog, ResultPanel


class EndTable(Protocol):
    """What the end of a game needs of the table that holds it (the game screen)."""

    game: Game

    @property
    def app(self) -> App[Any]: ...

    def autosave(self) -> None: ...

    def action_save(self) -> None: ...

    def open_replay(self, analyse: bool = False, learn: bool = False) -> None: ...


class GameEnd:
    """The result of the table's game, and what the player does next."""

    def __init__(self, table: EndTable) -> None:
        self.table = table

    def show_result(self) -> None:
        """The result panel (nothing while the game goes on)."""
        game, table = self.table.game, self.table
        outcome = game.outcome
        if outcome is None:
            return

        def chosen(choice: str | None) -> None:
            if choice == "save":
                table.action_save()
            elif choice in ("replay", "analyse", "learn"):
                table.open_replay(analyse=choice == "analyse", learn=choice == "learn")
            elif choice == "new":
                navigate(table, NewGame())
            elif choice == "rematch":
                self.offer_rematch()

        moves = numbering.moves_played(game)
        table.app.push_screen(ResultPanel(views.result_text(game, outcome), moves), chosen)

    def offer_rematch(self) -> None:
        """Rematch: colours swapped or kept (a choice), in a new game with its own file."""
        game = self.table.game
        if counterparts(game) is None:
            self._start_rematch(False)
            return
        white = views.who(game, game.rules.seats()[0].key)
        options = [(True, f"Swap colours ({white} takes the other side)"), (False, "Keep colours")]

        def chosen(swap: bool | None) -> None:
            if swap is not None:
                self._start_rematch(swap)

        self.table.app.push_screen(ChoiceDialog("Rematch", options), chosen)

    def _start_rematch(self, swap: bool) -> None:
        self.table.autosave()
        game = rematch(self.table.game, swap, random.randrange(1, 10**9))
        navigate(self.table, StartGame(game))
