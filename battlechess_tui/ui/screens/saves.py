"""Choosing a saved game to continue (load) or to watch (replay)."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from battlechess_tui.save.store import SaveError, SaveInfo, autosave_path, list_saves, load_game
from battlechess_tui.ui.app import own_file
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.widgets.footer import Footer

SAVES_COMMANDS = (
    Command("help", "f1", "Help", "help", "About this screen"),
    Command("back", "escape", "Back", "back", "Back"),
)

SAVES_HELP = """\
Every game is saved in the save folder after each decision (the autosave is the game played
last). Choose one with the arrows and Enter, or type the path of a save file and press Enter.
"""


def describe(info: SaveInfo) -> str:
    """Two lines, so an entry fits 80 columns::

    classic-20260501-140000
       Ann vs Bob · 12 plies · in play · saved 2026-05-01 14:02
    """
    players = " vs ".join(dict.fromkeys(info.players.values()))
    autosave = info.path.name == autosave_path(info.path.parent).name
    name = f"autosave ({info.variant})" if autosave else info.path.stem
    plies = "1 ply" if info.plies == 1 else f"{info.plies} plies"
    saved = info.updated[:16].replace("T", " ")
    return f"{name}\n   {players} · {plies} · {info.result} · saved {saved}"


def listed_saves(save_dir: Path) -> list[SaveInfo]:
    """The saves to offer: the autosave only when it is not a copy of a game's own file."""
    saves = list_saves(save_dir)
    auto = autosave_path(save_dir)
    return [s for s in saves if s.path.name != auto.name or own_file(s.path) is None]


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
            yield Static(f"Save folder: {self.save_dir}", classes="field-help")
            if self.saves:
                yield OptionList(*(Option(describe(s), id=str(i))
                                   for i, s in enumerate(self.saves)), id="save-list")  # fmt: skip
            else:
                yield Static("No saved games yet.", id="save-list-empty")
            with Horizontal(classes="field"):
                yield Label("File", classes="field-label")
                yield Input(placeholder="or type the path of a save file", id="save-path")
            yield Static(id="saves-error")
            yield Button("Back (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        target = "#save-list" if self.saves else "#save-path"
        self.query_one(target).focus()

    @on(OptionList.OptionSelected, "#save-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.open(self.saves[int(event.option_id or 0)].path)

    @on(Input.Submitted, "#save-path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.open(Path(event.value.strip()).expanduser())

    def open(self, path: Path) -> None:
        try:
            loaded = load_game(path)
        except SaveError as exc:
            self.query_one("#saves-error", Static).update(f"Cannot open: {exc}")
            return
        own = own_file(path)
        if self.mode == "replay":
            self.app.open_replay(loaded.game, own)
        else:
            self.app.start_game(loaded.game, own)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        from battlechess_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))
