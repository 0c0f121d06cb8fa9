"""Learning by playing: the list of lessons, and a lesson played on the game table.

A lesson is played through ``tutorial.runner.LessonRun``: the learner's decision completes the
step or is refused with the lesson's hint (or the rules' reason), the other side's answers
follow at once (no hand-over), and nothing is saved. Finished lessons are kept beside the
settings.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from battlechess_tui.engine.actions import Action
from battlechess_tui.tutorial.catalogue import LessonRef, RefusedLesson, refused, shipped
from battlechess_tui.tutorial.progress import finished, mark_finished
from battlechess_tui.tutorial.runner import LessonRun
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.navigation import OpenLesson, OpenPuzzles, navigate
from battlechess_tui.ui.rule_links import link_rules, rule_ids
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.screens.game import GAME_COMMANDS, GameScreen
from battlechess_tui.ui.settings import config_dir
from battlechess_tui.ui.table_policy import PracticeTable
from battlechess_tui.ui.widgets.footer import Footer

#: The game table's commands a lesson leaves out (inherited with the game screen's bindings).
NOT_IN_LESSONS = frozenset(
    c.action for c in GAME_COMMANDS if c.id in ("undo", "save", "load", "draw", "resign")
)

LESSON_COMMANDS: tuple[Command, ...] = (
    Command(
        "hint", "H,f1,ctrl+h", "Hint", "hint", "What to do now (a decision that completes the step)"
    ),
    Command("retry", "R", "Retry", "retry", "Start the lesson again from its first step"),
    Command("next", "N", "Next", "next_lesson", "Go on to the next lesson"),
    Command(
        "practice",
        "P",
        "Puzzles",
        "practice",
        "Practise with puzzles (at a lesson's end)",
        show=False,
    ),
    *(c for c in GAME_COMMANDS if c.action not in NOT_IN_LESSONS and c.id != "quit"),
    Command("quit", "q", "Lessons", "quit_game", "Back to the list of lessons"),
)

LEARN_COMMANDS = (Command("back", "escape,q", "Back", "back", "Back to the menu"),)


def next_lesson(ref: LessonRef) -> LessonRef | None:
    """The lesson after ``ref``: the next of its game, else the first of the next game's."""
    refs = shipped()
    keys = [r.key for r in refs]
    at = keys.index(ref.key) if ref.key in keys else len(refs)
    return refs[at + 1] if at + 1 < len(refs) else None


def practice_offer(ref: LessonRef) -> str:
    """What a lesson's end offers of its game's puzzles: those of its practice theme, or at
    the end of the game's last lesson all of them ("" when there are none to offer)."""
    from battlechess_tui.puzzles.store import catalogue

    following = next_lesson(ref)
    last = following is None or following.game != ref.game
    theme = ref.lesson.practice
    puzzles = catalogue(ref.game).puzzles
    if theme and any(p.theme == theme for p in puzzles):
        return f"Practice: puzzles of the theme {theme!r}, P to start them."
    if last and puzzles:
        return f"Practice: {len(puzzles)} puzzles of this game, P to start them."
    return ""


def lesson_label(ref: LessonRef, done: set[str]) -> str:
    mark = "✓" if ref.key in done else "·"
    return f"{mark} {ref.game}: {ref.lesson.title}  ({', '.join(ref.lesson.rules)})"


def refused_label(bad: RefusedLesson) -> Text:
    """A lesson file that cannot be played, listed (not chosen) with its reason as
    ``check-lesson`` gives it (plain text: a reason may quote ``[brackets]``)."""
    return Text(f"✗ {bad.game}: {bad.id} cannot be played: {bad.reason}", style="dim")


class LearnScreen(Screen[None]):
    """Every lesson, by game; finished ones are ticked. A lesson file that cannot be played
    is listed after them with its reason, and cannot be chosen."""

    BINDINGS = bindings(LEARN_COMMANDS)
    PLAYER_COMMANDS = LEARN_COMMANDS

    def compose(self) -> ComposeResult:
        with Vertical(id="learn"):
            yield Static("Learn by playing: choose a lesson (✓ finished)", id="learn-title")
            yield OptionList(id="lesson-list")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        done = finished(config_dir())
        options = self.query_one("#lesson-list", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        options.add_options(
            [Option(lesson_label(ref, done), id=ref.key) for ref in shipped()]  # markup-free
            + [Option(refused_label(bad), disabled=True) for bad in refused()]
        )
        options.highlighted = highlighted if highlighted is not None else 0
        options.focus()

    @on(OptionList.OptionSelected, "#lesson-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        ref = next(r for r in shipped() if r.key == key)
        navigate(self, OpenLesson(ref))

    def action_back(self) -> None:
        close_screen(self)


class LessonScreen(GameScreen):
    """A lesson on the game table: the step to do above the move box, hint and retry keys."""

    PLAYER_COMMANDS = LESSON_COMMANDS
    BINDINGS = bindings(LESSON_COMMANDS)
    TELLS_SINCE = False

    def __init__(self, run: LessonRun, save_dir: Path) -> None:
        super().__init__(run.game, save_dir, policy=PracticeTable(self.attempt))
        self.run = run

    def compose_panels_top(self) -> ComposeResult:
        """The step beside the board, first of the panels: the board is never covered."""
        yield Static(link_rules(self.lesson_text()), id="lesson-step", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.show_step()

    def lesson_text(self, after: str = "") -> str:
        """What the step asks (after what the last decision did), then the rules it teaches;
        once the lesson is done, what it taught and the lesson that follows."""
        lesson = self.run.ref.lesson
        rules = f"Rules: {', '.join(lesson.rules)}"
        step = self.run.step
        if step is None:
            following = next_lesson(self.run.ref)
            offer = (
                f"Next: {following.lesson.title} ({following.game}), N to start it; q for the list."
                if following
                else "That was the last lesson."
            )
            practice = practice_offer(self.run.ref)
            offer += f"\n{practice}" if practice else ""
            return f"{after} {lesson.done}".strip() + f"\n{offer}\n{rules}"
        # The introduction stays until the first step is done.
        intro = lesson.intro.replace("\n", " ") + "\n\n" if self.run.index == 0 else ""
        return f"{intro}{after + ' ' if after else ''}{step.say}\n{rules}"

    def show_step(self, after: str = "") -> None:
        """The step's text under the lesson's title (a line of its own, wrapped, never cut);
        its rule ids are links to the rules page (``w`` opens the first)."""
        box = self.query_one("#lesson-step", Static)
        progress = self.run.progress
        box.border_title = f"{progress[0].upper()}{progress[1:]}"
        title = (self.run.ref.lesson.title + "\n", "bold")
        box.update(link_rules(Text.assemble(title, self.lesson_text(after))))

    def attempt(self, action: Action | str) -> bool:
        """The step's decision tried: played by the lesson's run when it does the step."""
        feedback = self.run.attempt(action)
        if not feedback.done:
            self.message = feedback.message
            self.app.bell()
            return False
        self.selected = None
        self.aiming = None
        self.sync()
        self.message = ""  # what the step's decision did is told above the next step
        self.show_step(feedback.message)
        if self.run.finished:
            try:
                mark_finished(config_dir(), self.run.ref.key)
            except OSError:
                self.notify("Could not record the finished lesson.", severity="warning")
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No undo, saving, loading, draw offers or resigning in a lesson (retry starts over)."""
        if action in NOT_IN_LESSONS:
            return False
        return super().check_action(action, parameters)

    def cited_rule(self) -> str:
        """The rule in the message line, else the first rule the lesson teaches."""
        found = rule_ids(self.message) or list(self.run.ref.lesson.rules)
        return found[0] if found else super().cited_rule()

    def action_hint(self) -> None:
        self.message = self.run.hint()

    def action_retry(self) -> None:
        self.run.restart()
        self.game = self.run.game
        self.selected = None
        self.sync()
        self.show_step()
        self.message = "The lesson starts again."

    def action_next_lesson(self) -> None:
        """The next lesson in this one's place (back from it goes to the list)."""
        following = next_lesson(self.run.ref)
        if following is None:
            self.notify("That was the last lesson.", timeout=3)
            return
        navigate(self, OpenLesson(following, instead=True))

    def action_practice(self) -> None:
        """The puzzles the lesson's end offers (its practice theme first), over the lesson."""
        if not self.run.finished or not practice_offer(self.run.ref):
            self.message = "Puzzles are offered at the end of a game's last lesson."
            return
        theme = self.run.ref.lesson.practice or None
        navigate(self, OpenPuzzles(self.run.ref.game, theme))
