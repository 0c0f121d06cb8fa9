"""Watching a game again: step, jump, autoplay; every roll shown as it fell; fork to play on."""

from __future__ import annotations

import contextlib
import threading
from dataclasses import replace
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.reactive import var
from textual.timer import Timer
from textual.widgets import Input
from textual.worker import Worker, WorkerState

from battlechess_tui.analysis import Analysis, AnalysisCancelled, DecisionReport
from battlechess_tui.engine import numbering
from battlechess_tui.engine.game import Game
from battlechess_tui.save.files import SaveError
from battlechess_tui.ui import views
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.game_help import legend_markdown
from battlechess_tui.ui.navigation import BackToMenu, RetryMistakes, StartGame, navigate
from battlechess_tui.ui.screens.table import TABLE_COMMANDS, TableScreen
from battlechess_tui.ui.widgets.analysis_panel import AnalysisPanel, PanelModel, marked_log
from battlechess_tui.ui.widgets.board import Board

SPEEDS = (2.0, 1.0, 0.5, 0.25)
#: Games longer than this many decisions are analysed in two processes.
PARALLEL_FROM = 40

_STEPPING = (
    Command("next", "right,n", "Next", "step(1)", "One decision forwards", priority=True),
    Command("back", "left,b", "Back", "step(-1)", "One decision backwards", priority=True),
    Command("start", "home", "Start", "jump_start", "Jump to the start", show=False),
    Command("end", "end", "End", "jump_end", "Jump to the end", show=False),
    # Priority: the box is open before the digits typed right after g arrive.
    Command("goto", "g", "Go to", "goto", "Jump to a move by its number", priority=True),
    Command("autoplay", "space", "Play", "autoplay", "Autoplay on or off", priority=True),
    Command("faster", "plus,equals_sign", "Faster", "speed(1)", "Autoplay faster", show=False),
    Command("slower", "minus", "Slower", "speed(-1)", "Autoplay slower", show=False),
    Command("fork", "c", "Play on", "fork", "Continue playing from this position (a new game)"),
    Command(
        "analyse",
        "y",
        "Analyse",
        "analyse",
        "Analyse the game: mistakes, luck and the estimate graph (again: show or hide the graph)",
        show=False,  # at 80 columns the footer holds the stepping keys, help and the menu only
    ),
    Command(
        "next-mistake",
        "m",
        "Mistake",
        "next_mark('mistake')",
        "Jump to the next mistake or blunder the analysis found",
        show=False,
    ),
    Command(
        "learn",
        "L,l",
        "Learn",
        "learn",
        "Learn from your mistakes: play each ? and ?? again and find a better decision",
        show=False,
    ),
    Command(
        "next-roll",
        "d",
        "Big roll",
        "next_mark('roll')",
        "Jump to the next big roll (a lucky or unlucky one)",
        show=False,
    ),
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
    ),
    _QUIT,
)

REPLAY_HELP = """\
Step through the game with the left and right arrows (or `b` and `n`), jump with Home and End,
or press `g` and type a move number (the position after White's move). Space plays the game
by itself; `+` and `-` change the speed. `c` starts a new game from the position shown (the
saved game is not changed). The move log shows the game up to the position on the board. The
cursor follows the mouse for piece cards.

`y` analyses the game (in the background: keep stepping meanwhile) and shows the graph of
White's winning chance, the position shown marked ▲, mistakes `?` and big rolls `*` under it;
`y` again hides or shows it. The move log marks inaccuracies `?!`, mistakes `?` and blunders
`??`, and the luck of each roll. `m` jumps to the next mistake, `d` to the next big roll
(dice). The analysis is kept beside the save (`GAME.analysis`) and shown at once next time.
`L` goes through your mistakes (`?` and `??`) one by one: find a better decision in each.
"""
REPLAY_DICE_HELP = "The dice tray shows each roll exactly as it fell."


class ReplayScreen(TableScreen):
    HELP = REPLAY_HELP
    SHOW_INPUT = False
    PLAYER_COMMANDS = REPLAY_COMMANDS
    BINDINGS = bindings(REPLAY_COMMANDS)

    ply: var[int] = var(0)
    speed: var[int] = var(1)

    def __init__(
        self,
        game: Game,
        save_dir: Path,
        path: Path | None = None,
        start: int = 0,
        analyse: bool = False,
        learn: bool = False,
    ) -> None:
        super().__init__(game)
        self.save_dir = save_dir
        self.path = path
        self.set_reactive(ReplayScreen.ply, max(0, min(start, len(game.plies))))
        self._timer: Timer | None = None
        self.analysis: Analysis | None = None
        self._analyse_at_once = analyse or learn
        self._learn_when_done = learn
        self._status = ""
        self._cancel = threading.Event()
        self._digest = ""  # of the save's game, read when the screen opens

    def compose_under_board(self) -> ComposeResult:
        yield Input(placeholder="go to move number, then Enter", id="goto-input", type="integer")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#goto-input").display = False
        panel = AnalysisPanel(id="analysis")
        panel.border_title = "Analysis"
        panel.display = False
        self.query_one("#panels").mount(panel, before=0)
        self._describe()
        kept = self._kept()
        if kept is not None:
            self.call_after_refresh(self._show_analysis, kept, "")
            if self._learn_when_done:
                self.call_after_refresh(self.action_learn)
        elif self._analyse_at_once:
            self.action_analyse()

    def on_unmount(self) -> None:
        self._cancel.set()

    def sync(self) -> None:
        super().sync()
        self.log_entries = marked_log(self.log_entries, self.analysis)
        self._update_panel()

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
        game = self.game
        moves = numbering.moves_played(game)
        playing = f" · autoplay {SPEEDS[self.speed]:g}s" if self._timer else ""
        if self.ply == 0:
            self.message = f"Replay: start of the game ({moves} moves){playing}"
        else:
            move = numbering.move_label(game, self.ply - 1)
            deed = views.deed(game, game.plies[self.ply - 1])
            self.message = f"Replay: move {move} of {moves}: {deed}{playing}"

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
            self.ply = numbering.after_move(self.game, max(0, int(event.value)))
        except ValueError:
            self.message = "Type a move number."

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

    # -- analysis ----------------------------------------------------------------------------

    def _kept(self) -> Analysis | None:
        """The analysis kept beside the save, if it is up to date (a damaged one is set aside,
        and said so). The save's digest is read once, here: the analysis made later is of
        the game shown, and is kept under that digest."""
        if self.path is None:
            return None
        from battlechess_tui.ai.budget import confidence
        from battlechess_tui.analysis.engine import ANALYSIS_LEVELS
        from battlechess_tui.analysis.store import digest, stored

        try:
            self._digest = digest(self.path)
        except SaveError:
            return None
        reading = confidence(self.game.rules)
        return stored(self.path, ANALYSIS_LEVELS[0], self._digest, self._damaged, reading)

    def _damaged(self, line: str) -> None:
        self.message = "The kept analysis is damaged (set aside); y analyses the game again."
        self.notify(line, title="Analysis", severity="warning")

    def action_analyse(self) -> None:
        """Start the analysis, or show or hide its panel once there is one."""
        panel = self.query_one(AnalysisPanel)
        if self.analysis is not None or self._status:
            panel.display = not panel.display
            return
        self._status = "Analysing: estimating the first positions…"
        panel.display = True
        self._update_panel()
        self.run_worker(
            self._analyse, thread=True, group="analysis", exclusive=True, exit_on_error=False
        )

    def _analyse(self) -> Analysis:
        """The analysis (a worker thread): the part done is shown as it arrives, the whole
        kept beside the save."""
        from battlechess_tui.analysis.engine import ANALYSIS_LEVELS
        from battlechess_tui.analysis.run import analyse
        from battlechess_tui.analysis.store import keep

        level, path, sign = ANALYSIS_LEVELS[0], self.path, self._digest
        jobs = 2 if len(self.game.plies) > PARALLEL_FROM else 1

        def arrived(part: Analysis) -> None:
            copy = replace(part, decisions=list(part.decisions), worths=list(part.worths))
            done, total = sum(w is not None for w in copy.worths), len(copy.worths)
            self.app.call_from_thread(
                self._show_analysis, copy, f"Analysing: {done} of {total} positions"
            )

        found = analyse(self.game, level, jobs, path, arrived, self._cancel, sign)
        if path is not None and sign:
            with contextlib.suppress(OSError):  # shown all the same; made again next time
                keep(path, found)
        return found

    @on(Worker.StateChanged)
    def _analysis_state(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "analysis":
            return
        if event.state == WorkerState.SUCCESS and isinstance(event.worker.result, Analysis):
            self._show_analysis(event.worker.result, "")
            marked = sum(1 for d in event.worker.result.decisions if d.mark)
            self.message = f"Analysis done: {marked} marked decisions (m: next mistake)."
            if self._learn_when_done:
                self.action_learn()
        elif event.state == WorkerState.ERROR and not isinstance(
            event.worker.error, AnalysisCancelled
        ):
            self._status = ""
            self.message = f"The analysis failed: {event.worker.error}"

    def _show_analysis(self, analysis: Analysis, status: str) -> None:
        if not self.is_mounted:
            return
        self.analysis, self._status = analysis, status
        self.query_one(AnalysisPanel).display = True
        self.log_entries = marked_log(self.shown_log(views.log(self.game, self.index)), analysis)
        self._update_panel()

    def _update_panel(self) -> None:
        if self.is_mounted and self.query(AnalysisPanel):
            moves = tuple(numbering.move_numbers(self.game))
            panel = PanelModel(self.analysis, self.ply, self._status, moves)
            self.query_one(AnalysisPanel).model = panel

    def action_next_mark(self, kind: str) -> None:
        """Jump to the next mistake (or blunder), or the next big roll."""
        what = "mistake" if kind == "mistake" else "big roll"
        if self.analysis is None:
            self.message = f"Analyse the game first (y) to find its {what}s."
            return
        wanted = _is_mistake if kind == "mistake" else _is_big_roll
        found = next(
            (d for d in self.analysis.decisions if d.ply + 1 > self.ply and wanted(d)), None
        )
        if found is None:
            self.message = f"No {what} after {self._move_shown()}" + (
                "." if self.analysis.complete else " yet (the analysis goes on)."
            )
            return
        self._stop()
        self.ply = found.ply + 1

    def action_learn(self) -> None:
        """Learn from your mistakes (``ui/screens/mistakes.py``), once the analysis is done:
        the person's side against the computer, else the side the board faces."""
        from battlechess_tui.ui.computer import people_side

        self._learn_when_done = False
        if self.analysis is None or not self.analysis.complete:
            self._learn_when_done = True
            if self.analysis is None and not self._status:
                self.action_analyse()
            self.message = "Analysing first: your mistakes come up when it is done."
            return
        self._stop()
        side = people_side(self.game)  # else the side the board faces
        side = int(self.flipped) if side is None else side
        navigate(self, RetryMistakes(self.game, self.analysis, side, self.save_dir))

    def action_fork(self) -> None:
        """A new game from the position shown, its decisions rebuilt with their own rolls."""
        game = self.game
        fork = Game.rebuild(
            game.variant,
            game.seed,
            dict(game.players),
            game.setup_events,
            [(p.action.text(game.rules.geo), p.events) for p in game.plies[: self.ply]],
        )
        self._stop()
        navigate(self, StartGame(fork))
        self.app.notify(f"Playing on from {self._move_shown()} as a new game.", title="Replay")

    def _move_shown(self) -> str:
        """``move 16…`` (the move on the board), or ``the start``."""
        if self.ply == 0:
            return "the start"
        return f"move {numbering.move_label(self.game, self.ply - 1)}"

    def action_quit_replay(self) -> None:
        box = self.query_one("#goto-input", Input)
        if box.display:
            box.display = False
            self.query_one(Board).focus()
            return
        self._stop()
        navigate(self, BackToMenu())


def _is_mistake(decision: DecisionReport) -> bool:
    return decision.mark in ("mistake", "blunder")


def _is_big_roll(decision: DecisionReport) -> bool:
    return decision.big_roll
