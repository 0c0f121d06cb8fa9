"""The settings screen: dice animation, piece set, board colours, theme, hand-over notices,
free undo, the move log's notation and turning the board, saved at once."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, Select, Static, Switch

from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.navigation import OpenHelp, navigate
from battlechess_tui.ui.screens.base import battle_app, close_screen
from battlechess_tui.ui.settings import HAND_OVERS, LOG_NOTATIONS, PALETTES, settings_path
from battlechess_tui.ui.widgets.footer import Footer

SETTINGS_COMMANDS = (
    Command("help", "question_mark", "Help", "help", "About this screen"),
    Command("back", "escape,q", "Back", "back", "Back"),
)

SETTINGS_HELP = """\
How the app looks and how turns pass on this computer; games are not changed. Every change
is saved at once and kept for the next run. Some settings have keys of their own: `m` switches
the dice animation anywhere, `A` (letters) and `C` (colours) on the game board, and `ctrl+p`
→ Theme.

**Hand-over notice**: between people at one keyboard the board is hidden until the next
player is ready, and the notice says what happened since they last decided, with the dice.
Never between two seats of one player, nor before or after the computer's turn. "Team games
only" (the default) shows it when the keyboard passes to another person in a game of more
than two seats; in a two-player game a line above the board says what happened since your
last move instead. "Between players" shows it in two-player games too; "Never" not at all.

**Turn the board**: at one keyboard, the board turns round to face whoever moves. Against the
computer the board always faces the person playing.

**Move log**: the chess games (classic, single combat, arena, brawl) write moves as chess
players do (SAN: `e4`, `Nf3`, `exd5`, `O-O`), or as the squares from and to (`e2e4`). You
may type either way.

**Free undo**: undo takes a decision back at once. Off, undo asks the other side to accept
the takeback (the dice of a decision are fixed, so a free undo would let a player try again on
a roll already seen). Against the computer undo is always free.
"""

PIECE_LABELS = (("Chess figures (♔ ♟)", "figures"), ("Letters (K p)", "ascii"))
PALETTE_LABELS = {"theme": "The theme's colours", "high-contrast": "High contrast",
                  "no-colour": "No colour (letters only)"}  # fmt: skip
HAND_OVER_LABELS = {"on": "Between players", "off": "Never", "team": "Team games only"}
NOTATION_LABELS = {"san": "Chess notation (Nf3)", "coordinates": "Squares (g1f3)"}


class SettingsScreen(Screen[None]):
    PLAYER_COMMANDS = SETTINGS_COMMANDS
    BINDINGS = bindings(SETTINGS_COMMANDS)
    HELP = SETTINGS_HELP

    def compose(self) -> ComposeResult:
        settings = battle_app(self).settings
        themes = [(name, name) for name in sorted(self.app.available_themes)]
        with VerticalScroll(id="settings"):  # 80x24 shows most fields: it scrolls to the rest
            yield Label("Settings", classes="screen-title")
            yield field("Dice animation", Switch(settings.animate, id="animate"))
            yield field("Pieces", choice(PIECE_LABELS, settings.pieces, "pieces"))
            yield field(
                "Board colours",
                choice([(PALETTE_LABELS[p], p) for p in PALETTES], settings.palette, "palette"),
            )
            yield field("Theme", choice(themes, self.app.theme, "theme"))
            yield field(
                "Hand-over",
                choice(
                    [(HAND_OVER_LABELS[h], h) for h in HAND_OVERS], settings.handover, "handover"
                ),
            )
            yield field("Free undo", Switch(settings.free_undo, id="free_undo"))
            yield field("Turn the board", Switch(settings.turn_board, id="turn_board"))
            yield field(
                "Move log",
                choice(
                    [(NOTATION_LABELS[n], n) for n in LOG_NOTATIONS], settings.notation, "notation"
                ),
            )
            where = settings_path() if battle_app(self).persist_settings else "not saved (test run)"
            yield Static(f"Saved in {where}", classes="field-help")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#animate").focus()

    @on(Switch.Changed)
    def _switched(self, event: Switch.Changed) -> None:
        name = event.switch.id
        if name and event.value != getattr(battle_app(self).settings, name):
            battle_app(self).update_settings(**{name: event.value})

    @on(Select.Changed)
    def _chosen(self, event: Select.Changed) -> None:
        name = event.select.id
        if name and isinstance(event.value, str):
            settings = battle_app(self).settings
            current = self.app.theme if name == "theme" else getattr(settings, name)
            if event.value != current:
                battle_app(self).update_settings(**{name: event.value})

    def action_back(self) -> None:
        close_screen(self)

    def action_help(self) -> None:
        navigate(self, OpenHelp(self))


def field(label: str, widget: Widget) -> Horizontal:
    """One line of the form: its label, then the widget that sets it."""
    return Horizontal(Label(label, classes="field-label"), widget, classes="field")


def choice(options: Sequence[tuple[str, str]], value: str, id: str) -> Select[str]:
    """A drop-down of ``options`` (label, value) showing ``value``; never blank."""
    return Select(options, value=value, allow_blank=False, id=id)
