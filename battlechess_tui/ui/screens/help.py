"""Help for the screen the player came from: how it works and every key it offers. At a game's
table it is that game's help (its own choices, dice only where it has them) and its legend.
It scrolls by keyboard: the arrows, j and k, Page Up/Down, Home and End."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from battlechess_tui.ui.commands import APP_COMMANDS, Command, bindings, commands_of
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.widgets.footer import Footer

HELP_COMMANDS = (Command("back", "escape,q,question_mark", "Back", "back", "Close the help"),)

GENERAL = """\
## Everywhere
- `ctrl+p` opens the command palette: every command of the screen, and **Theme** to change
  the colours (the board follows the theme; `C` on the game board, `c` in a replay, cycles a
  high-contrast and a no-colour palette, `A` or `a` switches to ASCII letters; both are kept
  for the next run).
- `ctrl+q` quits at once; games are autosaved after every decision.
- Settings ({settings}) are kept for the next run:
"""


class HelpText(VerticalScroll, can_focus=True):
    """The help's text, scrolled by keyboard."""

    BINDINGS = [
        Binding("j", "scroll_down", "Down", show=False),
        Binding("k", "scroll_up", "Up", show=False),
    ]


def key_table(commands: tuple[Command, ...]) -> str:
    """The commands as one Markdown table (keys, command, what it does)."""
    rows = [f"| `{c.key_text}` | {c.label} | {c.help} |" for c in commands]
    return "\n".join(["| Keys | Command | What it does |", "| --- | --- | --- |", *rows])


def help_markdown(screen: Screen[Any]) -> str:
    """The help of ``screen``: its own words (``help_text()`` where the screen writes them
    for what it shows, else its ``HELP``), its keys, then the keys of every screen."""
    title = getattr(screen, "help_title", "") or type(screen).__name__.removesuffix("Screen")
    own = getattr(screen, "help_text", None)
    body = own() if callable(own) else getattr(screen, "HELP", "")
    parts = [f"# Help: {title or 'this screen'}", body or ""]
    commands = commands_of(screen)
    if commands:
        parts += ["## Keys", key_table(commands)]
    dice = getattr(screen, "uses_dice", True)  # a game without dice: no word of them
    settings = (
        "dice animation, pieces, board colours, theme" if dice else "pieces, board colours, theme"
    )
    everywhere = tuple(c for c in APP_COMMANDS if dice or c.id != "animation")
    parts += [GENERAL.format(settings=settings), key_table(everywhere)]
    return "\n\n".join(p for p in parts if p)


class HelpScreen(Screen[None]):
    PLAYER_COMMANDS = HELP_COMMANDS
    BINDINGS = bindings(HELP_COMMANDS)

    def __init__(self, about: Screen[Any]) -> None:
        super().__init__()
        self.text = help_markdown(about)

    def compose(self) -> ComposeResult:
        with HelpText(id="help"):
            yield Markdown(self.text, id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_back(self) -> None:
        close_screen(self)
