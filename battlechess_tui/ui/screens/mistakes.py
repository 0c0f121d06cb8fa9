"""Learn from your mistakes: each ``?`` and ``??`` of one side, played again on the table.

The board, rolls and notices are the game's as they were before the mistake; the player
decides by typing or with the cursor as in play, and the decision is judged in a worker as
the analysis judged the one played (``analysis/mistakes.py``). Accepted: the next mistake
comes up. Refused: one more try; a second miss, or ``S``, shows the best decision with its
numbers. The last one is followed by a summary. Nothing is saved.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.worker import Worker, WorkerState

from battlechess_tui.analysis.mistakes import (
    MistakeRun,
    Verdict,
    best_words,
    judge,
    mistakes_of,
    position_before,
    preferred_action,
    tried_words,
)
from battlechess_tui.analysis.model import Analysis, chance_of
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.rules import IllegalAction
from battlechess_tui.engine.views import percent
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.screens.game import GAME_COMMANDS
from battlechess_tui.ui.screens.practice import NOT_HERE, PracticeScreen

#: The mistakes' own commands, then the game table's a practice keeps (``NOT_HERE``: no
#: hints, finding the decision is the point).
MISTAKE_COMMANDS: tuple[Command, ...] = (
    Command("show", "S", "Show", "show_best", "Show the best decision (counts as missed)"),
    Command("next", "N", "Next", "next_mistake", "On to the next mistake"),
    *(c for c in GAME_COMMANDS if c.action not in NOT_HERE and c.id != "quit"),
    Command("quit", "q", "Back", "quit_game", "Back to the replay"),
)


class MistakesScreen(PracticeScreen):
    """One side's mistakes played again, in order, then a summary."""

    PLAYER_COMMANDS = MISTAKE_COMMANDS
    BINDINGS = bindings(MISTAKE_COMMANDS)
    STEP = "mistake-step"

    def __init__(self, game: Game, analysis: Analysis, side: int, save_dir: Path) -> None:
        self.whole = game
        self.level = analysis.level
        self.side = side
        self.run = MistakeRun(mistakes_of(analysis, side))
        current = self.run.current
        start = position_before(game, current.ply if current else len(game.plies))
        super().__init__(start, save_dir, self.judge)
        self.judging = False

    def on_mount(self) -> None:
        super().on_mount()
        self.show_mistake()

    # -- what is shown -----------------------------------------------------------------------

    def say(self, text: str) -> None:
        count = len(self.run.mistakes)
        at = min(self.run.index + 1, count)
        self.step(f"Your mistakes: {at} of {count}" if count else "Your mistakes", text)

    def show_mistake(self, before: str = "") -> None:
        """The current mistake's position and what it asks, or the summary at the end."""
        current = self.run.current
        if current is None:
            self.show_summary(before)
            return
        self.show_position(position_before(self.whole, current.ply), self.side)
        chance = percent(chance_of(current.before, current.side))
        self.say(
            f"{before}\n\n".lstrip()
            + f"Here {current.notation}{current.symbol} was played (winning chance {chance} "
            "before it). Find a better decision: type it or choose it on the board. "
            "S shows the best."
        )
        self.message = (
            f"Mistake {self.run.index + 1}: find a better decision than {current.notation}."
        )

    def show_summary(self, before: str = "") -> None:
        summary = self.run.summary() if self.run.mistakes else "No mistakes (? or ??) to retry."
        self.say(f"{before}\n\n".lstrip() + f"{summary}\nq: back to the replay.")
        self.message = summary

    def show_best(self, said: str) -> None:
        """The best decision with its numbers, pointed at on the board."""
        current = self.run.current
        assert current is not None
        words = best_words(self.whole, current)
        action = preferred_action(self.whole, current)
        if action is not None:
            self.point_at(action)
        self.say(f"{said}\n{words}.\nN: the next mistake.")
        self.message = f"{said} {words}."

    # -- deciding ----------------------------------------------------------------------------

    def judge(self, action: Action | str) -> bool:
        """Judge a decision tried at the mistake (in a worker; nothing is played)."""
        current = self.run.current
        if current is None or self.run.settled:  # the box closes: nothing more to try here
            self.message = "N: the next mistake." if current else "q: back to the replay."
            return True
        if self.judging:
            self.message = "Still judging the last decision…"
            return False
        parsed = self.tried(action)
        if parsed is None:
            return False
        self.judging = True
        self.selected = None
        self.aiming = None
        self.message = f"Judging {self.game.presenter.notation(self.game.state, parsed)}…"
        whole, level = self.whole, self.level
        self.run_worker(
            lambda: judge(whole, current, parsed, level),
            thread=True,
            group="mistake-judge",
            exit_on_error=False,
        )
        return True

    @on(Worker.StateChanged)
    def _judged(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "mistake-judge":
            return
        event.stop()
        if event.state == WorkerState.ERROR:
            self.judging = False
            self.message = f"Could not judge that decision: {event.worker.error}"
        elif event.state == WorkerState.SUCCESS and isinstance(event.worker.result, Verdict):
            self.judging = False
            self.answer(event.worker.result)

    def answer(self, verdict: Verdict) -> None:
        """Accepted: on to the next; refused: one more try, or the best shown."""
        current = self.run.current
        assert current is not None
        tried = self._notation(verdict)
        outcome = self.run.tried(verdict)
        if outcome == "found":
            self.run.next()
            self.show_mistake(f"Accepted: {tried} ({tried_words(verdict, self.side, current)}).")
            return
        self.app.bell()
        numbers = tried_words(verdict, self.side, current)
        if outcome == "again":
            self.message = f"Not that one: {tried} ({numbers}). One more try."
            self.say(f"Not that one: {tried} ({numbers}). One more try, or S for the best.")
            return
        self.show_best(f"Not that one either: {tried} ({numbers}).")

    def _notation(self, verdict: Verdict) -> str:
        state = self.game.state
        try:
            return self.game.presenter.notation(
                state, self.game.rules.parse_action(state, verdict.action)
            )
        except IllegalAction:
            return verdict.action

    # -- commands ----------------------------------------------------------------------------

    def action_show_best(self) -> None:
        if self.run.current is None or self.judging:
            return
        if not self.run.settled:
            self.run.give_up()
        self.show_best("Shown:")

    def action_next_mistake(self) -> None:
        if self.run.current is None or self.judging:
            return
        if not self.run.settled:
            self.run.give_up()
        self.run.next()
        self.show_mistake()

    def action_quit_game(self, to: str = "") -> None:
        self.workers.cancel_group(self, "mistake-judge")
        super().action_quit_game(to)
