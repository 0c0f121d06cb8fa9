"""Commands: one definition gives a key binding (with an id players can remap), its footer
label, its command-palette entry and its line on the help screen."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen


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


def commands_of(screen: Screen) -> tuple[Command, ...]:
    """The commands a screen offers (its ``PLAYER_COMMANDS``, each id once), without those its
    ``command_applies(command)`` says do not apply to what it shows (Gladiator's override key
    at another game's table)."""
    applies = getattr(screen, "command_applies", None)
    commands = unique(getattr(screen, "PLAYER_COMMANDS", ()))
    return tuple(c for c in commands if applies is None or applies(c))


def palette_entries(screen: Screen) -> Iterator[SystemCommand]:
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
