"""The main menu: new game, continue, load, replay, campaigns, lessons, puzzles, rules,
settings, quit."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.navigation import (
    NewCampaign,
    NewGame,
    OpenHelp,
    OpenLessons,
    OpenPuzzles,
    OpenRules,
    OpenSaves,
    navigate,
)
from battlechess_tui.ui.screens.base import battle_app
from battlechess_tui.ui.widgets.footer import Footer

TITLE_ART = """\
♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜
B A T T L E C H E S S
♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"""

# The list shows each command's key; the footer keeps to help, quit and the palette.
MENU_COMMANDS = (
    Command("new", "n", "New", "new_game", "Start a new game", show=False),
    Command(
        "continue",
        "c",
        "Continue",
        "continue_game",
        "Resume the latest unfinished game",
        show=False,
    ),
    Command("load", "l,o", "Load", "load", "Open a saved game", show=False),
    Command("replay", "p", "Replay", "replay", "Watch a saved game move by move", show=False),
    Command(
        "new-campaign",
        "a",
        "New campaign",
        "new_campaign",
        "Start a D&D Battle Chess campaign (a series of games)",
        show=False,
    ),
    Command(
        "continue-campaign",
        "k",
        "Campaign",
        "continue_campaign",
        "Continue a D&D Battle Chess campaign",
        show=False,
    ),
    Command("learn", "t", "Learn", "learn", "Learn a game by playing its lessons", show=False),
    Command(
        "puzzles",
        "z",
        "Puzzles",
        "puzzles",
        "Solve puzzles: find the one good decision",
        show=False,
    ),
    Command("rules", "r", "Rules", "rules", "Read the rules of every game", show=False),
    Command(
        "settings",
        "s",
        "Settings",
        "settings",
        "Pieces, board colours, theme, animation",
        show=False,
    ),
    Command("help", "question_mark", "Help", "help", "How this app works"),
    Command("quit", "q", "Quit", "quit", "Leave battlechess (games are autosaved)"),
)

#: The menu's list: every command but help.
MENU_LIST = tuple(c for c in MENU_COMMANDS if c.id != "help")
_LABEL_WIDTH = max(len(c.label) for c in MENU_LIST)


def menu_line(command: Command) -> str:
    """``New campaign   a``: the label, then the command's first key in a column."""
    return f"{command.label:<{_LABEL_WIDTH}}  {command.key_text.split(' / ')[0]}"


MENU_HELP = """\
Choose with the arrow keys and Enter, a click, or the letter beside each entry.
**Continue** opens the latest game still in play (every decision is autosaved); finished
games are opened from **Load** or **Replay**.
Press `ctrl+p` anywhere for the command palette, where themes can be changed too.
"""


class MenuScreen(Screen[None]):
    PLAYER_COMMANDS = MENU_COMMANDS
    BINDINGS = bindings(MENU_COMMANDS)
    HELP = MENU_HELP

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(TITLE_ART, id="title")
            yield Label("Dice-and-battle chess for two at one keyboard", id="subtitle")
            with Center():
                yield OptionList(
                    *(Option(menu_line(c), id=c.id) for c in MENU_LIST), id="menu-options"
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu-options").focus()

    @on(OptionList.OptionSelected, "#menu-options")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self.app.screen is not self:
            return  # an Enter or click queued for the menu, arriving after a key opened a screen
        command = next(c for c in MENU_COMMANDS if c.id == event.option_id)
        await self.run_action(command.action)

    def action_new_game(self) -> None:
        navigate(self, NewGame())

    def action_continue_game(self) -> None:
        battle_app(self).continue_latest()

    def action_load(self) -> None:
        navigate(self, OpenSaves("load"))

    def action_replay(self) -> None:
        navigate(self, OpenSaves("replay"))

    def action_new_campaign(self) -> None:
        navigate(self, NewCampaign())

    def action_continue_campaign(self) -> None:
        from battlechess_tui.ui.screens.campaign import open_latest_campaign

        open_latest_campaign(self)

    def action_rules(self) -> None:
        navigate(self, OpenRules())

    def action_settings(self) -> None:
        battle_app(self).action_settings()

    def action_help(self) -> None:
        navigate(self, OpenHelp(self))

    def action_quit(self) -> None:
        self.app.exit(0)

    def action_learn(self) -> None:
        navigate(self, OpenLessons())

    def action_puzzles(self) -> None:
        navigate(self, OpenPuzzles())
