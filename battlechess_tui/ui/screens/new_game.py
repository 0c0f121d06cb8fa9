"""The new game screen: the game, its options, the players per seat (each a person or the
computer at a level), the seed.

Besides the shipped games, a house-rule variant file (``.toml``) can be loaded by its path:
it joins the list of games, with its own options, and is played like any other.
"""

from __future__ import annotations

import random
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, Switch

from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import make_variant, resolve, specs
from battlechess_tui.engine.rules import Seat
from battlechess_tui.engine.spec import OptionSpec, OptionValue, SpecError, VariantSpec
from battlechess_tui.session import build_game
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.navigation import OpenHelp, OpenRules, StartGame, navigate
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.widgets.footer import Footer

NEW_GAME_COMMANDS = (
    Command(
        "start", "ctrl+s,f5", "Start", "start", "Start the game with these settings", priority=True
    ),
    Command("rules", "ctrl+r", "Rules", "rules", "Read the chosen game's rules"),
    Command("file", "ctrl+o", "Load file", "load_file", "Play a house-rule variant file (.toml)"),
    Command("help", "f1", "Help", "help", "About this screen"),
    Command("back", "escape", "Back", "back", "Back to the menu"),
)

NEW_GAME_HELP = """\
Choose the game, then its options (each has a line of help), the players, and a seed (the
same seed and moves give the same dice). Tab moves between fields, Enter opens a drop-down;
**Start** (or `ctrl+s`) begins.

**Computer players**: beside each player's name, choose **Person** or **Computer** at a level
(random, greedy, easy, medium, hard). Choose Computer for both sides to watch a game.

**House rules**: type the path of a variant file (a `.toml` that names a shipped game as its
`base` and changes what it wants) in **Variant file** and press Enter (or `ctrl+o`): the game
joins the list with its own options, and any problem in the file is listed.

**Team games** (Gladiator Chess): each side has up to four players. Type their names in the
side's row (leave a place blank when fewer play), then choose which player holds each
commander: one player may hold all four, or four players one each, and the computer may hold
any of them (**Whole team** gives all four to the computer). The turn banner names the
commander and the player, and the board is handed over whenever the next decision belongs to
another person.
"""

#: What a seat's drop-down offers: a person, or the computer at each level.
PERSON = "person"
PLAYS = [("Person", PERSON)] + [(f"Computer ({level})", level) for level in Level]
#: The name of a team's seat held by the computer.
COMPUTER_NAME = "Computer"


def level_held(value: object) -> Level | None:
    """The computer level a seat's drop-down value names (set by a person or by code); None
    for a person, or a team's player by place."""
    try:
        return Level(value) if isinstance(value, str) else None
    except ValueError:
        return None


def player_name(names: list[str], slot: int, side_name: str) -> str:
    """The name of the team's player in place ``slot``; a blank place falls back to the first
    named player, or to the side's name."""
    if slot < len(names) and names[slot]:
        return names[slot]
    return next((n for n in names if n), side_name)


def holder_options(names: list[str], side_name: str) -> list[tuple[str, str]]:
    """The choices for who holds a commander: every named player of the team, then the
    computer at each level."""
    named = [(n, str(i)) for i, n in enumerate(names) if n]
    return (named or [(side_name or "nobody", "0")]) + PLAYS[1:]


def plays_select(value: str, name: str, wid: str, classes: str) -> Select[str]:
    """A person or the computer at a level, for a seat (or a whole team)."""
    value = value if any(v == value for _, v in PLAYS) else PERSON
    return Select(
        PLAYS,
        value=value,
        allow_blank=False,
        name=name,
        id=wid,
        classes=f"seat-plays {classes}",
        compact=True,
    )


def team_choice(seats: list[Seat], held: dict[str, str]) -> str:
    """The team's own choice: the computer's level when it holds every commander at one
    level, else a person."""
    values = {held.get(seat.key, "0") for seat in seats}
    (only,) = values if len(values) == 1 else ("",)
    return only if level_held(only) else PERSON


def team_rows(
    side: int, side_name: str, seats: list[Seat], names: list[str], held: dict[str, str]
) -> list[Widget]:
    """A team's player names (one place per seat), the team's own person-or-computer choice,
    and per seat (commander) who holds it: one of the named players or the computer."""
    fields = [
        Input(
            name,
            placeholder=f"player {i + 1}",
            name=f"{side}:{i}",
            id=f"team-{side}-{i}",
            classes="team-name",
            compact=True,
        )
        for i, name in enumerate((names + [""] * len(seats))[: len(seats)])
    ]
    options = holder_options(names, side_name)
    values = [held.get(seat.key, "0") for seat in seats]
    rows: list[Widget] = [
        Horizontal(Label(f"{side_name} players", classes="field-label"), *fields, classes="field"),
        Horizontal(
            Label("  Whole team", classes="field-label"),
            plays_select(team_choice(seats, held), str(side), f"team-plays-{side}", "team-plays"),
            classes="field",
        ),
    ]
    for i, (seat, held_by) in enumerate(zip(seats, values, strict=True)):
        value = held_by if any(v == held_by for _, v in options) else options[0][1]
        label = seat.label.removeprefix(side_name + " ")
        select = Select(
            options,
            value=value,
            allow_blank=False,
            name=seat.key,
            id=f"holder-{side}-{i}",
            classes=f"holder holder-{side}",
            compact=True,
        )
        rows.append(Horizontal(Label(f"  {label}", classes="field-label"), select, classes="field"))
    return rows


def option_widget(key: str, spec: OptionSpec, index: int) -> Widget:
    wid = f"opt-{index}"
    if isinstance(spec.default, bool):
        return Switch(value=spec.default, id=wid, name=key)
    if spec.choices:
        return Select(
            [(str(c), str(c)) for c in spec.choices],
            value=str(spec.default),
            allow_blank=False,
            id=wid,
            name=key,
            compact=True,
        )
    if isinstance(spec.default, int):
        return Input(str(spec.default), type="integer", id=wid, name=key, compact=True)
    return Input(str(spec.default), type="text", id=wid, name=key, compact=True)


class NewGameScreen(Screen[None]):
    PLAYER_COMMANDS = NEW_GAME_COMMANDS
    BINDINGS = bindings(NEW_GAME_COMMANDS)
    HELP = NEW_GAME_HELP

    variant_key: var[str] = var("")

    def __init__(self, variant: str | None = None) -> None:
        super().__init__()
        self._specs: dict[str, VariantSpec] = dict(specs())
        self._files: dict[str, Path] = {}  # games loaded from variant files, by their key
        self._side_names: tuple[str, ...] = ()
        self._filled_with: dict[str, OptionValue] = {}
        #: Seat -> what was chosen for it: ``person`` or a computer level (a seat of its own
        #: side), or the place on its team of the player holding it (``"0"``) or a level.
        self._wanted: dict[str, str] = {}
        self._team_plays: dict[str, str] = {}  # side -> its team's choice, as last shown
        self.set_reactive(NewGameScreen.variant_key, variant or next(iter(self._specs)))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game"):
            yield Label("New game", classes="screen-title")
            yield Select(
                [(s.name, k) for k, s in self._specs.items()],
                value=self.variant_key,
                allow_blank=False,
                id="game-select",
                compact=True,
            )
            yield Static(id="game-description", markup=False)
            with Horizontal(classes="field"):
                yield Label("Variant file", classes="field-label")
                yield Input(
                    placeholder="path of a house-rule .toml, then Enter",
                    id="variant-file",
                    compact=True,
                )
            yield Label("Options", classes="section-title")
            yield Vertical(id="options")
            yield Label("Players", classes="section-title")
            yield Vertical(id="players")
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input(
                    str(random.randrange(1, 10**6)), type="integer", id="seed", compact=True
                )
            yield Static(id="new-game-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start (ctrl+s)", variant="primary", id="start")
                yield Button("Back (esc)", id="back")
        yield Footer()

    async def on_mount(self) -> None:
        await self._fill_form()
        self.query_one("#game-select").focus()

    @on(Select.Changed, "#game-select")
    async def _game_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.variant_key:
            self.variant_key = event.value
            await self._fill_form()

    async def _fill_form(self) -> None:
        """The chosen game's description, options and players (each mounted before the next
        is read, so the players' rows see the options' widgets)."""
        spec = self._specs[self.variant_key]
        self.query_one("#game-description", Static).update(spec.description)
        options = self.query_one("#options")
        await options.remove_children()
        rows: list[Widget] = []
        for i, (key, opt) in enumerate(spec.options.items()):
            if opt.internal:  # written by the app (the campaign's roster)
                continue
            choices = ", ".join(map(str, opt.choices)) if opt.choices else ""
            help_text = opt.help or (f"one of {choices}" if choices else "")
            rows.append(
                Horizontal(
                    Label(opt.label, classes="field-label"),
                    option_widget(key, opt, i),
                    classes="field",
                )
            )
            rows.append(Static(help_text, classes="field-help"))
        if not rows:
            rows.append(Static("This game has no options.", classes="field-help"))
        await options.mount_all(rows)
        await self._fill_players()

    async def _fill_players(self) -> None:
        """The players' rows, keeping what was already typed or chosen.

        One name per seat; in team games (several seats a side) up to one player per seat on
        each side, and for each seat (commander) a choice of which of them holds it. A side
        starts with one player named after it, so the hand-over notice only appears when the
        side changes until more players are named.
        """
        typed, teams = self.player_names(), self._team_names()
        players = self.query_one("#players")
        await players.remove_children()
        spec = self._specs[self.variant_key]
        try:
            variant = make_variant(spec, self.option_values())
        except (SpecError, ValueError):
            variant = make_variant(spec)
        self._side_names = variant.rules.side_names
        self._filled_with = self.option_values()
        by_side: dict[int, list[Seat]] = {}
        for seat in variant.rules.seats():
            by_side.setdefault(seat.side, []).append(seat)
        rows: list[Widget] = []
        if any(len(seats) > 1 for seats in by_side.values()):
            most = max(len(seats) for seats in by_side.values())
            rows.append(
                Static(
                    f"Up to {most} players a side: type their names, then choose "
                    "who holds each commander (one may hold them all; or the "
                    "computer).",
                    classes="field-help team-help",
                )
            )
        for side, seats in by_side.items():
            side_name = variant.rules.side_names[side]
            if len(seats) == 1:
                seat = seats[0]
                name = typed.get(seat.key, side_name)
                field = Input(name, name=seat.key, classes="seat-name", compact=True)
                plays = plays_select(
                    self._wanted.get(seat.key, PERSON), seat.key, f"plays-{side}", "seat"
                )
                rows.append(
                    Horizontal(
                        Label(seat.label, classes="field-label"), field, plays, classes="field"
                    )
                )
            else:
                names = teams.get(side) or [side_name] + [""] * (len(seats) - 1)
                self._team_plays[str(side)] = team_choice(seats, self._wanted)
                rows.extend(team_rows(side, side_name, seats, names, self._wanted))
        await players.mount_all(rows)

    @on(Input.Changed, "#players .team-name")
    def _team_name_changed(self, event: Input.Changed) -> None:
        """Offer the names just typed in the side's commander choices (a renamed player is
        shown renamed); a commander given to a place whose name is being retyped goes back to
        it once it has a name again."""
        side = int((event.input.name or "0:0").split(":")[0])
        options = holder_options(self._team_names().get(side, []), self._side_name(side))
        for select in self.query(f"#players .holder-{side}").results(Select):
            wanted = self._wanted.get(select.name or "", "0")
            target = wanted if any(value == wanted for _, value in options) else options[0][1]
            with select.prevent(Select.Changed):
                select.set_options(options)
                # Through another value, so an unchanged value shows its new label too.
                select.value = next(value for _, value in options if value != target)
                select.value = target

    @on(Select.Changed, "#players .holder")
    @on(Select.Changed, "#players .seat")
    def _seat_chosen(self, event: Select.Changed) -> None:
        if event.select.name and isinstance(event.value, str):
            self._wanted[event.select.name] = event.value

    @on(Select.Changed, "#players .team-plays")
    def _team_plays_chosen(self, event: Select.Changed) -> None:
        """The team's choice reaches its commanders: the computer at that level holds them
        all, or (Person) those the computer held go back to the team's first player. (Not
        when a new drop-down merely announces its first value.)"""
        side = event.select.name or "0"
        if not isinstance(event.value, str) or self._team_plays.get(side) == event.value:
            return
        self._team_plays[side] = event.value
        value = event.value if level_held(event.value) else "0"
        for select in self.query(f"#players .holder-{side}").results(Select):
            if level_held(select.value) or level_held(value):
                select.value = value

    def _side_name(self, side: int) -> str:
        return self._side_names[side] if side < len(self._side_names) else ""

    @on(Select.Changed, "#options Select")
    @on(Switch.Changed, "#options Switch")
    async def _option_changed(self) -> None:
        """Seats may depend on options: refill the players (not when a new option widget
        merely announces its first value)."""
        if self.option_values() != self._filled_with:
            await self._fill_players()

    def option_values(self) -> dict[str, OptionValue]:
        """The options as set on the form (switches as ``on``/``off``, the rest as typed)."""
        values: dict[str, OptionValue] = {}
        for widget in self.query("#options Input, #options Select, #options Switch"):
            if not isinstance(widget, Input | Select | Switch) or widget.name is None:
                continue
            value = widget.value
            values[widget.name] = (
                ("on" if value else "off") if isinstance(value, bool) else str(value)
            )
        return values

    def _team_names(self) -> dict[int, list[str]]:
        """Each team's player names as typed (blank for an unused place), by side."""
        out: dict[int, list[str]] = {}
        for field in self.query("#players .team-name").results(Input):
            side = int((field.name or "0:0").split(":")[0])
            out.setdefault(side, []).append(field.value.strip())
        return out

    def player_names(self) -> dict[str, str]:
        """Seat key -> the name of the player who holds it (a team's seat held by the
        computer: ``Computer``)."""
        out = {
            w.name: w.value.strip() or w.name
            for w in self.query("#players .seat-name").results(Input)
            if w.name
        }
        teams = self._team_names()
        for select in self.query("#players .holder").results(Select):
            side = int(select.id.split("-")[1]) if select.id else 0
            names = teams.get(side, [])
            value = select.value if isinstance(select.value, str) else "0"
            if select.name:
                out[select.name] = (
                    COMPUTER_NAME
                    if level_held(value)
                    else player_name(names, int(value), self._side_name(side))
                )
        return out

    def computers(self) -> dict[str, Level]:
        """Seat key -> the level of the computer that holds it (the other seats are people)."""
        chosen = self.query("#players .seat, #players .holder").results(Select)
        held = {s.name: level_held(s.value) for s in chosen if s.name}
        return {seat: level for seat, level in held.items() if level is not None}

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        error = self.query_one("#new-game-error", Static)
        seed_text = self.query_one("#seed", Input).value.strip()
        game_of = self._files.get(self.variant_key, self.variant_key)
        try:
            seed = int(seed_text) if seed_text else None
            game = build_game(
                game_of, self.option_values(), seed, self.player_names(), self.computers()
            )
        except (ValueError, KeyError) as exc:
            error.update(f"Cannot start: {exc.args[0] if exc.args else exc}")
            return
        navigate(self, StartGame(game))

    @on(Input.Submitted, "#variant-file")
    async def _file_typed(self) -> None:
        await self.action_load_file()

    async def action_load_file(self) -> None:
        """Load the variant file named in its box: the game joins the list, chosen."""
        box = self.query_one("#variant-file", Input)
        error = self.query_one("#new-game-error", Static)
        text = box.value.strip()
        if not text:
            box.focus()
            error.update("Type the path of a variant file (.toml), then Enter.")
            return
        path = Path(text).expanduser()
        try:
            spec = resolve(path).rules.spec
        except (ValueError, KeyError) as exc:
            error.update(f"Cannot load {path}: {exc.args[0] if exc.args else exc}")
            return
        error.update("")
        self._specs[spec.key] = spec
        self._files[spec.key] = path
        select = self.query_one("#game-select", Select)
        with select.prevent(Select.Changed):
            select.set_options([(self._game_label(k), k) for k in self._specs])
            select.value = spec.key
        self.variant_key = spec.key
        await self._fill_form()

    def _game_label(self, key: str) -> str:
        name = self._specs[key].name
        return f"{name} ({self._files[key].name})" if key in self._files else name

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        close_screen(self)

    def action_rules(self) -> None:
        navigate(self, OpenRules(self._specs[self.variant_key]))

    def action_help(self) -> None:
        navigate(self, OpenHelp(self))
