"""Commands: one definition gives a key binding (with an id players can remap), its footer
label, its command-palette entry and its line on the help screen."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

if TYPE_CHECKING:  # the engine is loaded when a game is opened, not at start-up
    from battlechess_tui.engine.present import GameCommand


@dataclass(frozen=True)
class Command:
    id: str
    keys: str  # Textual key names, comma separated: "u,ctrl+z"
    label: str  # the footer's word
    action: str  # the screen action it runs
    help: str  # the palette's and help screen's description
    show: bool = True  # in the footer (the palette and help always list it)
    priority: bool = False

    def binding(self) -> Binding:
        return Binding(
            self.keys,
            self.action,
            self.label,
            show=self.show,
            id=f"battlechess.{self.id}",
            tooltip=self.help,
            priority=self.priority,
        )

    @property
    def key_text(self) -> str:
        """Keys as a player reads them: ``u / ctrl+z``."""
        names = {"question_mark": "?", "escape": "esc", "space": "space", "enter": "enter",
                 "left_square_bracket": "[", "right_square_bracket": "]", "plus": "+",
                 "minus": "-", "colon": ":"}  # fmt: skip
        return " / ".join(names.get(k, k) for k in self.keys.split(","))


def bindings(commands: Iterable[Command]) -> list[BindingType]:
    """The commands' key bindings; of two commands with one id the first is kept (a screen
    that puts its own ``hint`` before the game's)."""
    return [c.binding() for c in unique(commands)]


def unique(commands: Iterable[Command]) -> tuple[Command, ...]:
    """``commands`` without a later one of an id already seen."""
    first: dict[str, Command] = {}
    for command in commands:
        first.setdefault(command.id, command)
    return tuple(first.values())


def of_the_game(commands: Iterable[GameCommand]) -> tuple[Command, ...]:
    """A game's own commands (its presenter's ``commands``) as the table lists them: each
    runs the screen's ``game_command`` with its id; in help and the palette, not the footer.
    Its key works where it is one of ``GAME_KEYS`` (the slots)."""
    return tuple(
        Command(c.id, c.keys, c.label, f"game_command({c.id!r})", c.help, show=False)
        for c in commands
    )


def with_commands(
    commands: Iterable[Command], added: Iterable[Command], after: str = "hint"
) -> tuple[Command, ...]:
    """``commands`` with ``added`` after the one whose id is ``after`` (else at the end)."""
    commands, added = tuple(commands), tuple(added)
    at = next((i + 1 for i, c in enumerate(commands) if c.id == after), len(commands))
    return (*commands[:at], *added, *commands[at:])


#: The keys the game table keeps for a game's own commands (its presenter's ``commands``):
#: fixed slots, bound on every game screen and enabled where the game has a command on that
#: key (``GameScreen.check_action``). A slot a game does not use types, as any free letter;
#: on a board of 14 files or more ``n`` is a file letter, which typing keeps.
GAME_KEYS = ("v", "n", "z", "y")

#: The slots' bindings: each runs the game's command on its key, if it has one.
GAME_KEY_SLOTS = tuple(
    Command(f"game-key-{key}", key, "", f"game_key({key!r})", "a game's own command", show=False)
    for key in GAME_KEYS
)


#: Commands of the app itself, offered on every screen (display settings that persist).
APP_COMMANDS = (
    Command(
        "animation",
        "m",
        "Dice animation",
        "toggle_animation",
        "Dice animation on or off (rolls are revealed one at a time when on)",
        show=False,
    ),
    Command(
        "settings",
        "f2",
        "Settings",
        "settings",
        "Pieces, board colours, theme, animation",
        show=False,
    ),
)


def commands_of(screen: Screen[Any]) -> tuple[Command, ...]:
    """The commands a screen offers: its ``PLAYER_COMMANDS`` (a game's table adds the game's
    own to them when it is made), each id once."""
    return unique(getattr(screen, "PLAYER_COMMANDS", ()))


def palette_entries(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """The screen's and the app's commands as command-palette entries, run exactly as their
    key would."""
    for command in commands_of(screen):

        async def run(action: str = command.action) -> None:
            await screen.run_action(action)

        yield SystemCommand(f"{command.label} ({command.key_text})", command.help, run)
    own = {c.action for c in commands_of(screen)}
    for command in APP_COMMANDS:
        if command.action in own:
            continue

        async def run_app(action: str = command.action) -> None:
            await screen.app.run_action(action)

        yield SystemCommand(f"{command.label} ({command.key_text})", command.help, run_app)
