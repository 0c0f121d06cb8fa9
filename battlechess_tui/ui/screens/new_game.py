"""The new game screen: the game, its options, the players' names per seat, the seed."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.spec import OptionSpec, SpecError, VariantSpec
from battlechess_tui.ui.app import build_game
from battlechess_tui.ui.commands import Command, bindings

NEW_GAME_COMMANDS = (
    Command(
        "start", "ctrl+s,f5", "Start", "start", "Start the game with these settings", priority=True
    ),  # fmt: skip
    Command("rules", "ctrl+r", "Rules", "rules", "Read the chosen game's rules"),
    Command("help", "f1", "Help", "help", "About this screen"),
    Command("back", "escape", "Back", "back", "Back to the menu"),
)

NEW_GAME_HELP = """\
Choose the game, then its options (each has a line of help), the players' names for each
seat (in team games, one per commander; give several seats the same name to play them
yourself), and a seed (the same seed and moves give the same dice). Tab moves between fields;
**Start** (or `ctrl+s`) begins.
"""


def option_widget(key: str, spec: OptionSpec, index: int) -> Widget:
    wid = f"opt-{index}"
    if isinstance(spec.default, bool):
        return Switch(value=spec.default, id=wid, name=key)
    if spec.choices:
        return Select([(str(c), str(c)) for c in spec.choices], value=str(spec.default),
                      allow_blank=False, id=wid, name=key, compact=True)  # fmt: skip
    kind = "integer" if isinstance(spec.default, int) else "text"
    return Input(str(spec.default), type=kind, id=wid, name=key, compact=True)


class NewGameScreen(Screen[None]):
    PLAYER_COMMANDS = NEW_GAME_COMMANDS
    BINDINGS = bindings(NEW_GAME_COMMANDS)
    HELP = NEW_GAME_HELP

    variant_key: var[str] = var("")

    def __init__(self, variant: str | None = None) -> None:
        super().__init__()
        self._specs: dict[str, VariantSpec] = specs()
        self.set_reactive(NewGameScreen.variant_key, variant or next(iter(self._specs)))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game"):
            yield Label("New game", classes="screen-title")
            yield Select([(s.name, k) for k, s in self._specs.items()], value=self.variant_key,
                         allow_blank=False, id="game-select", compact=True)  # fmt: skip
            yield Static(id="game-description")
            yield Label("Options", classes="section-title")
            yield Vertical(id="options")
            yield Label("Players", classes="section-title")
            yield Vertical(id="players")
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input(
                    str(random.randrange(1, 10**6)), type="integer", id="seed", compact=True
                )
            yield Static(id="new-game-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start (ctrl+s)", variant="primary", id="start")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._fill_form()
        self.query_one("#game-select").focus()

    @on(Select.Changed, "#game-select")
    def _game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.variant_key:
            self.variant_key = event.value
            self._fill_form()

    def _fill_form(self) -> None:
        spec = self._specs[self.variant_key]
        self.query_one("#game-description", Static).update(spec.description)
        options = self.query_one("#options")
        options.remove_children()
        rows = []
        for i, (key, opt) in enumerate(spec.options.items()):
            choices = ", ".join(map(str, opt.choices)) if opt.choices else ""
            help_text = opt.help or (f"one of {choices}" if choices else "")
            rows.append(Horizontal(Label(opt.label, classes="field-label"),
                                   option_widget(key, opt, i), classes="field"))  # fmt: skip
            rows.append(Static(help_text, classes="field-help"))
        if not rows:
            rows.append(Static("This game has no options.", classes="field-help"))
        options.mount_all(rows)
        self._fill_players()

    def _fill_players(self) -> None:
        """One name per seat (each commander in team games), keeping names already typed.

        A seat starts with its side's name, so one player per side is the default and the
        hand-over notice only appears when the side changes.
        """
        typed = self.player_names()
        players = self.query_one("#players")
        players.remove_children()
        try:
            variant = make_variant(self.variant_key, self.option_values())
        except (SpecError, ValueError):
            variant = make_variant(self.variant_key)
        rows = []
        for i, seat in enumerate(variant.seats()):
            name = typed.get(seat.key, variant.side_names[seat.side])
            field = Input(name, id=f"player-{i}", name=seat.key, compact=True)
            rows.append(Horizontal(Label(seat.label, classes="field-label"), field,
                                   classes="field"))  # fmt: skip
        players.mount_all(rows)

    @on(Select.Changed, "#options Select")
    @on(Switch.Changed, "#options Switch")
    def _option_changed(self) -> None:
        self._fill_players()

    def option_values(self) -> dict[str, str]:
        values: dict[str, str] = {}
        for widget in self.query("#options Input, #options Select, #options Switch"):
            if widget.name is None:
                continue
            value = widget.value  # type: ignore[attr-defined]
            values[widget.name] = ("on" if value else "off") if isinstance(value, bool) \
                else str(value)  # fmt: skip
        return values

    def player_names(self) -> dict[str, str]:
        inputs = self.query("#players Input").results(Input)
        return {w.name: w.value.strip() or w.name for w in inputs if w.name}

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        error = self.query_one("#new-game-error", Static)
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
            game = build_game(self.variant_key, self.option_values(), seed, self.player_names())
        except (ValueError, KeyError) as exc:
            error.update(f"Cannot start: {exc}")
            return
        self.app.start_game(game)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        from battlechess_tui.ui.screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.variant_key))

    def action_help(self) -> None:
        from battlechess_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))
