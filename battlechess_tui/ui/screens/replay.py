"""Watching a game again: step, jump, autoplay; every roll shown as it fell; fork to play on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import Input

from battlechess_tui.engine.game import Game
from battlechess_tui.ui import views
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.game_help import legend_markdown
from battlechess_tui.ui.navigation import BackToMenu, StartGame, navigate
from battlechess_tui.ui.screens.table import TABLE_COMMANDS, TableScreen
from battlechess_tui.ui.widgets.board import Board

SPEEDS = (2.0, 1.0, 0.5, 0.25)

_STEPPING = (
    Command("next", "right,n", "Next", "step(1)", "One decision forwards", priority=True),
    Command("back", "left,b", "Back", "step(-1)", "One decision backwards", priority=True),
    Command("start", "home", "Start", "jump_start", "Jump to the start", show=False),
    Command("end", "end", "End", "jump_end", "Jump to the end", show=False),
    # Priority: the box is open before the digits typed right after g arrive.
    Command("goto", "g", "Go to", "goto", "Jump to a ply by number", priority=True),
    Command("autoplay", "space", "Play", "autoplay", "Autoplay on or off", priority=True),
    Command("faster", "plus,equals_sign", "Faster", "speed(1)", "Autoplay faster", show=False),
    Command("slower", "minus", "Slower", "speed(-1)", "Autoplay slower", show=False),
    Command("fork", "c", "Play on", "fork", "Continue playing from this position (a new game)"),
)
_QUIT = Command("quit", "q,escape", "Menu", "quit_replay", "Back to the menu")
_TAKEN = {key for c in (*_STEPPING, _QUIT) for key in c.keys.split(",")}
# The table's commands whose keys the replay leaves free (`c` is "play on" here; the board
# colours are in the settings, F2). At 80 columns the footer has room for the stepping keys,
# help and the menu only: flip and rules stay in help and the command palette.
REPLAY_COMMANDS = (
    *_STEPPING,
    *(
        replace(c, show=c.show and c.id == "help")
        for c in TABLE_COMMANDS
        if not _TAKEN & set(c.keys.split(","))
    ),  # fmt: skip
    _QUIT,
)

REPLAY_HELP = """\
Step through the game with the left and right arrows (or `b` and `n`), jump with Home and End,
or press `g` and type a ply number. Space plays the game by itself; `+` and `-` change the
speed. `c` starts a new game from the position shown (the saved game is not changed). The
move log shows the game up to the position on the board. The cursor follows the mouse for
piece cards.
"""
REPLAY_DICE_HELP = "The dice tray shows each roll exactly as it fell."


class ReplayScreen(TableScreen):
    HELP = REPLAY_HELP
    SHOW_INPUT = False
    PLAYER_COMMANDS = REPLAY_COMMANDS
    BINDINGS = bindings(REPLAY_COMMANDS)

    ply: var[int] = var(0)
    speed: var[int] = var(1)

    def __init__(self, game: Game, save_dir: Path, path: Path | None = None,
                 start: int = 0) -> None:  # fmt: skip
        super().__init__(game)
        self.save_dir = save_dir
        self.path = path
        self.set_reactive(ReplayScreen.ply, max(0, min(start, len(game.plies))))
        self._timer: Timer | None = None

    def compose_under_board(self) -> ComposeResult:
        yield Input(placeholder="go to ply number, then Enter", id="goto-input", type="integer")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#goto-input").display = False
        self._describe()

    @property
    def index(self) -> int:
        return self.ply

    @property
    def help_title(self) -> str:
        return f"replaying {self.game.rules.name}"

    def help_text(self) -> str:
        ascii_only = self.query_one(Board).ascii_pieces
        dice = REPLAY_DICE_HELP if views.has_dice(self.game) else ""
        state = self.game.positions[self.index].state
        legend = legend_markdown(self.game.presenter, state, ascii_only)
        return "\n\n".join(part for part in (REPLAY_HELP, dice, legend) if part)

    def watch_ply(self) -> None:
        if self.is_mounted:
            self.log_current = self.ply or None
            self.sync()
            self._describe()

    def _describe(self) -> None:
        total = len(self.game.plies)
        playing = f" · autoplay {SPEEDS[self.speed]:g}s" if self._timer else ""
        if self.ply == 0:
            self.message = f"Replay: start of the game (0/{total}){playing}"
        else:
            ply = self.game.plies[self.ply - 1]
            self.message = f"Replay: ply {self.ply}/{total}: {ply.notation}{playing}"

    # -- commands ----------------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.ply = max(0, min(len(self.game.plies), self.ply + delta))
        if self._timer and self.ply == len(self.game.plies):
            self._stop()

    def action_jump_start(self) -> None:
        self.ply = 0

    def action_jump_end(self) -> None:
        self.ply = len(self.game.plies)

    def action_goto(self) -> None:
        box = self.query_one("#goto-input", Input)
        box.display = True
        self.set_focus(box)  # now: the digits typed right after g go into the box

    @on(Input.Submitted, "#goto-input")
    def _goto(self, event: Input.Submitted) -> None:
        event.input.display = False
        event.input.value = ""
        self.query_one(Board).focus()
        try:
            self.ply = max(0, min(len(self.game.plies), int(event.value)))
        except ValueError:
            self.message = "Type a ply number."

    def action_autoplay(self) -> None:
        if self._timer:
            self._stop()
        else:
            if self.ply == len(self.game.plies):
                self.ply = 0
            self._timer = self.set_interval(SPEEDS[self.speed], lambda: self.action_step(1))
        self._describe()

    def _stop(self) -> None:
        if self._timer:
            self._timer.stop()
            self._timer = None
        self._describe()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self._timer:
            self._stop()
            self.action_autoplay()
        self._describe()

    def action_fork(self) -> None:
        """A new game from the position shown, its decisions rebuilt with their own rolls."""
        game = self.game
        fork = Game.rebuild(
            game.variant, game.seed, dict(game.players), game.setup_events,
            [(p.action.text(game.rules.geo), p.events) for p in game.plies[: self.ply]],
        )  # fmt: skip
        self._stop()
        navigate(self, StartGame(fork))
        self.app.notify(f"Playing on from ply {self.ply} as a new game.", title="Replay")

    def action_quit_replay(self) -> None:
        box = self.query_one("#goto-input", Input)
        if box.display:
            box.display = False
            self.query_one(Board).focus()
            return
        self._stop()
        navigate(self, BackToMenu())
