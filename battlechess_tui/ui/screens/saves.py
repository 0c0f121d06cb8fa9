"""Choosing a saved game to continue (load) or to watch (replay); deleting and renaming saves.

Every file in the save folder is listed: the games newest first, then the files that cannot be
opened, each with the reason. A save that does not replay from its seed (edited or damaged) is
refused, and opened read-only (as a replay) only if the player says so. Names are shown as
text, never read as markup.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from battlechess_tui.save.folder import (
    SaveInfo,
    check_name,
    delete_save,
    is_autosave,
    list_saves,
    own_file,
    rename_save,
)
from battlechess_tui.save.store import EditedSave, SaveError, load_game
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.navigation import OpenHelp, OpenReplay, StartGame, navigate, table_app
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.screens.dialogs import Confirm
from battlechess_tui.ui.widgets.footer import Footer

SAVES_COMMANDS = (
    Command("help", "f1", "Help", "help", "About this screen"),
    Command("delete", "d,delete", "Delete", "delete_save", "Delete the highlighted save"),
    Command("rename", "r", "Rename", "rename_save", "Rename the highlighted save"),
    Command("back", "escape", "Back", "back", "Back"),
)

SAVES_HELP = """\
Every game is saved in the save folder, in a file of its own, after each decision; Continue
opens the one played last. Choose a save with the arrows and Enter, or type the path of a save
file and press Enter. `d` deletes the highlighted save (after asking), `r` renames it. Files
that cannot be opened are listed with the reason. A save that does not replay from its seed
(edited by hand, or damaged) opens only read-only, if you choose so.
"""


def sides_text(players: dict[str, str], computers: dict[str, str] | None = None) -> str:
    """``Ann vs Bob``; a team game's seats (``white.king``) by side: ``Ann & Bo vs Cy & Di``
    (a player holding several seats of a side is named once); a computer with its level:
    ``Ann vs Black (computer, hard)``."""
    sides: dict[str, dict[str, None]] = {}
    for seat, name in players.items():
        level = (computers or {}).get(seat) or (computers or {}).get(seat.split(".")[0])
        if level:
            name = f"{name} (computer, {level})"
        sides.setdefault(seat.split(".")[0], {})[name] = None
    return " vs ".join(" & ".join(names) for names in sides.values())


def describe(info: SaveInfo) -> Text:
    """Two lines, so an entry fits 80 columns::

    classic-20260501-140000 · last played
       Ann vs Bob · 12 moves · in play · saved 2026-05-01 14:02

    A team game names each side's players together: ``Ann & Bo vs Cy & Di``.
    """
    if info.problem is not None:
        return Text(f"{info.path.name}\n   cannot be opened: {info.problem}")
    players = sides_text(info.players or {}, info.computers)
    name = f"autosave ({info.variant})" if is_autosave(info.path) else info.path.stem
    if info.latest:
        name += " · last played"
    plies = "1 move" if info.plies == 1 else f"{info.plies} moves"
    saved = info.updated[:16].replace("T", " ")
    return Text(f"{name}\n   {players} · {plies} · {info.result} · saved {saved}")


def listed_saves(save_dir: Path) -> list[SaveInfo]:
    """The saves to offer (the save layer's list: the autosave names one of them)."""
    return list_saves(save_dir)


class RenameDialog(ModalScreen[str | None]):
    """A new name for a save file; checked as it is submitted. Answers once."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="battlechess.rename-cancel")]

    def __init__(self, path: Path) -> None:
        super().__init__(classes="dialog-screen")
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(Text(f"Rename {self.path.name}"), classes="dialog-title")
            yield Input(value=self.path.stem, id="new-name")
            yield Static(id="rename-error", classes="dialog-note", markup=False)

    @on(Input.Submitted, "#new-name")
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            check_name(event.value)
        except SaveError as exc:
            self.query_one("#rename-error", Static).update(str(exc))
            return
        self.answer(event.value)

    def action_cancel(self) -> None:
        self.answer(None)

    def answer(self, name: str | None) -> None:
        if self.is_active:
            self.dismiss(name)


class SavesScreen(Screen[None]):
    PLAYER_COMMANDS = SAVES_COMMANDS
    BINDINGS = bindings(SAVES_COMMANDS)
    HELP = SAVES_HELP

    def __init__(self, mode: str, save_dir: Path) -> None:
        super().__init__()
        self.mode = mode
        self.save_dir = save_dir
        self.saves = listed_saves(save_dir)

    def compose(self) -> ComposeResult:
        verb = "Load a game" if self.mode == "load" else "Replay a game"
        with Vertical(id="saves"):
            yield Label(verb, classes="screen-title")
            yield Static(Text(f"Save folder: {self.save_dir}"), classes="field-help")
            yield OptionList(*self._options(), id="save-list")
            yield Static("No saved games yet.", id="save-list-empty")
            with Horizontal(classes="field"):
                yield Label("File", classes="field-label")
                yield Input(placeholder="or type the path of a save file", id="save-path")
            yield Static(id="saves-error", markup=False)
            yield Button("Back (esc)", id="back")
        yield Footer()

    def _options(self) -> list[Option]:
        return [Option(describe(s), id=str(i)) for i, s in enumerate(self.saves)]

    def on_mount(self) -> None:
        # The list takes the room left, so the file box below it stays on screen at 80x24
        # (app.tcss's ``max-height: 1fr`` does not bound an auto height in this layout).
        self.query_one("#save-list").styles.height = "1fr"
        self._show_list()
        target = "#save-list" if self.saves else "#save-path"
        self.query_one(target).focus()

    def _show_list(self) -> None:
        self.query_one("#save-list").display = bool(self.saves)
        self.query_one("#save-list-empty").display = not self.saves

    def refresh_list(self, keep: int = 0) -> None:
        """Read the folder again (after a delete or a rename); highlight entry ``keep``."""
        self.saves = listed_saves(self.save_dir)
        options = self.query_one("#save-list", OptionList)
        options.clear_options()
        options.add_options(self._options())
        if self.saves:
            options.highlighted = min(keep, len(self.saves) - 1)
        self._show_list()

    def _say(self, text: str) -> None:
        self.query_one("#saves-error", Static).update(text)

    def highlighted(self) -> SaveInfo | None:
        options = self.query_one("#save-list", OptionList)
        index = options.highlighted
        if not self.saves or index is None or index >= len(self.saves):
            return None
        return self.saves[index]

    # -- opening ---------------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#save-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        info = self.saves[int(event.option_id or 0)]
        if info.problem is not None:
            self._say(f"Cannot open {info.path.name}: {info.problem}")
            return
        self.open(info.path)

    @on(Input.Submitted, "#save-path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.open(Path(event.value.strip()).expanduser())

    def open(self, path: Path) -> None:
        try:
            loaded = load_game(path)
        except EditedSave as exc:
            self._offer_read_only(exc)
            return
        except SaveError as exc:
            self._say(f"Cannot open: {exc}")
            return
        own = own_file(loaded.path)
        if self.mode == "replay":
            navigate(self, OpenReplay(loaded.game, own))
        else:
            navigate(self, StartGame(loaded.game, own))
        table_app(self).tell_older_rules(loaded)

    def _offer_read_only(self, exc: EditedSave) -> None:
        """An edited save: say why it is refused, and open it read-only if the player asks."""
        self._say(f"Cannot open: {exc}")
        question = (
            f"{exc.path.name} does not replay from its seed (edited or damaged): "
            f"{exc.mismatch.describe()}. Open it read-only, as an edited save?"
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.open_edited(exc.path)

        self.app.push_screen(Confirm(question), answered)

    def open_edited(self, path: Path) -> None:
        """The edited save as a replay (read-only: it is never saved over)."""
        try:
            loaded = load_game(path, edited=True)
        except SaveError as exc:
            self._say(f"Cannot open: {exc}")
            return
        navigate(self, OpenReplay(loaded.game, None))
        self.app.notify(
            f"{path.name}: read-only, an edited save", title="Edited save", markup=False
        )

    # -- deleting and renaming -------------------------------------------------------------------

    def action_delete_save(self) -> None:
        info = self.highlighted()
        if info is None:
            self._say("Highlight a save in the list first.")
            return
        index = self.saves.index(info)

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                delete_save(info.path)
            except SaveError as exc:
                self._say(str(exc))
                return
            self._say(f"Deleted {info.path.name}.")
            self.refresh_list(index)

        self.app.push_screen(Confirm(f"Delete {info.path.name}? This cannot be undone."), answered)

    def action_rename_save(self) -> None:
        info = self.highlighted()
        if info is None:
            self._say("Highlight a save in the list first.")
            return

        def answered(name: str | None) -> None:
            if name is None:
                return
            try:
                target = rename_save(info.path, name)
            except SaveError as exc:
                self._say(str(exc))
                return
            self._say(f"Renamed to {target.name}.")
            self.refresh_list()
            paths = [s.path for s in self.saves]
            if target in paths:
                self.query_one("#save-list", OptionList).highlighted = paths.index(target)

        self.app.push_screen(RenameDialog(info.path), answered)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        close_screen(self)

    def action_help(self) -> None:
        navigate(self, OpenHelp(self))
