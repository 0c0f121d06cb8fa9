"""Puzzles: the list of games with puzzles, and a puzzle solved on the game table.

The player gets the puzzle not yet tried nearest their rating (Glicko-2, kept in the user's
data folder: ``puzzles/progress.py``), decides by typing or with the cursor as in play, and
sees at once whether it was the answer, the whole winning line with the odds of its fights,
and their rating before and after. Nothing is saved but the rating and what was tried.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import specs
from battlechess_tui.engine.views import exact_odds, percent
from battlechess_tui.puzzles import progress as kept
from battlechess_tui.puzzles.model import Puzzle, variant_of
from battlechess_tui.puzzles.store import catalogue, games, listed, next_playable
from battlechess_tui.ui.commands import Command, bindings
from battlechess_tui.ui.navigation import OpenPuzzles, navigate
from battlechess_tui.ui.screens.base import close_screen
from battlechess_tui.ui.screens.game import GAME_COMMANDS
from battlechess_tui.ui.screens.practice import NOT_HERE, PracticeScreen
from battlechess_tui.ui.widgets.footer import Footer

LIST_COMMANDS = (Command("back", "escape,q", "Back", "back", "Back to the menu"),)

#: The puzzles' own commands, then the game table's a practice keeps (``NOT_HERE``: no
#: hints, finding the decision is the point).
PUZZLE_COMMANDS: tuple[Command, ...] = (
    Command("show", "S", "Show", "show_answer", "Show the answer (counts as not solved)"),
    Command("next", "N", "Next", "next_puzzle", "The next puzzle near your rating"),
    *(c for c in GAME_COMMANDS if c.action not in NOT_HERE and c.id != "quit"),
    Command("quit", "q", "Back", "quit_game", "Back to the list of puzzles"),
)


def rating_line(progress: kept.Progress) -> str:
    r = progress.rating
    solved = sum(progress.tried.values())
    return f"Your puzzle rating: {r.rating:.0f} ± {r.deviation:.0f} ({solved} of " \
        f"{len(progress.tried)} solved)"  # fmt: skip


def game_name(key: str) -> str:
    spec = specs().get(key)
    return spec.name if spec is not None else key


class PuzzleListScreen(Screen[None]):
    """Every game with puzzles, with how many; a damaged file or puzzle is listed with its
    reason and cannot be chosen."""

    BINDINGS = bindings(LIST_COMMANDS)
    PLAYER_COMMANDS = LIST_COMMANDS

    def compose(self) -> ComposeResult:
        with Vertical(id="learn"):
            yield Static("Puzzles: choose a game", id="learn-title")
            yield OptionList(id="puzzle-games")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        progress = kept.load()
        self.query_one("#learn-title", Static).update(f"Puzzles: choose a game. "
                                                      f"{rating_line(progress)}")  # fmt: skip
        options = self.query_one("#puzzle-games", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        refused: list[Option] = []
        for key in games():
            found = catalogue(key)
            done = sum(1 for p in found.puzzles if p.id in progress.tried)
            if found.puzzles:
                label = f"{game_name(key)}: {len(found.puzzles)} puzzles ({done} tried)"
                options.add_option(Option(label, id=key))
            refused += [Option(Text(f"✗ {bad.line()}", style="dim"), disabled=True)
                        for bad in found.refused]  # fmt: skip
        options.add_options(refused)
        options.highlighted = highlighted if highlighted is not None else 0
        options.focus()

    @on(OptionList.OptionSelected, "#puzzle-games")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            navigate(self, OpenPuzzles(event.option.id))

    def action_back(self) -> None:
        close_screen(self)


def puzzle_game(puzzle: Puzzle) -> Game:
    variant = variant_of(puzzle.game)
    return Game(variant, 1, start=variant.rules.parse_position(puzzle.position))


def line_text(puzzle: Puzzle) -> str:
    """The whole line in the game's notation, a fight's odds beside it: ``Nxe5 (5/12 =
    41.7%), dxe5, Qxd8#``."""
    parts = []
    for step in puzzle.line:
        chance = Fraction(step.chance)
        said = step.notation or step.action
        if chance != 1:
            said += f" ({exact_odds(chance)})"
        parts.append(said)
    return ", ".join(parts)


class PuzzleScreen(PracticeScreen):
    """One puzzle after another of a game (of one theme, a lesson's practice, where given),
    each the one nearest the player's rating."""

    PLAYER_COMMANDS = PUZZLE_COMMANDS
    BINDINGS = bindings(PUZZLE_COMMANDS)
    STEP = "puzzle-step"

    def __init__(self, game_key: str, save_dir: Path, theme: str | None = None) -> None:
        self.key = game_key
        self.progress = kept.load()
        every = listed(game_key).puzzles  # only the one chosen is checked (``next_playable``)
        self.puzzles = tuple(p for p in every if p.theme == theme) or every
        self.puzzle = next_playable(self.progress, self.puzzles)
        self.answered = False
        start = puzzle_game(self.puzzle) if self.puzzle else Game(variant_of(game_key), 1)
        super().__init__(start, save_dir, self.judge)

    def on_mount(self) -> None:
        super().on_mount()
        self.show_puzzle(self.game)  # the table's game is the first puzzle's already

    def say(self, text: str) -> None:
        self.step(f"Puzzle {self.puzzle.id}" if self.puzzle else "Puzzles", text)

    def show_puzzle(self, game: Game | None = None) -> None:
        """The current puzzle on the table (``game``: its game, where made already)."""
        puzzle = self.puzzle
        if puzzle is None:
            self.say(f"No puzzles of {game_name(self.key)}.")
            self.message = "q: back."
            return
        game = game or puzzle_game(puzzle)
        self.answered = False
        side = game.rules.side_to_move(game.state)
        self.show_position(game, side)
        who = self.game.rules.side_names[side]
        self.say(
            f"{who} to play: find the best decision (type it or choose it on the board).\n"
            f"Puzzle rating {puzzle.rating}. {rating_line(self.progress)}.\nS shows the answer."
        )
        self.message = f"{who} to play and win: find the best decision."

    def judge(self, action: Action | str) -> bool:
        """Answer the puzzle (nothing is played: the answer and its line are shown)."""
        if self.puzzle is None or self.answered:
            self.message = "N: the next puzzle." if self.puzzle else "q: back."
            return True
        parsed = self.tried(action)
        if parsed is None:
            return False
        tried = self.game.presenter.notation(self.game.state, parsed)
        solved = parsed.text(self.game.rules.geo) in self.puzzle.answers
        self.answer(solved, "Solved!" if solved else f"Not the answer: {tried}.")
        return True

    def answer(self, solved: bool, said: str) -> None:
        """Rate the answer and show the whole line."""
        puzzle = self.puzzle
        assert puzzle is not None
        before = self.progress.rating.rating
        self.progress = self.progress.answered(puzzle, solved)
        try:
            kept.save(self.progress)
        except OSError:
            self.notify("Could not keep your puzzle rating.", severity="warning")
        after = self.progress.rating.rating
        self.answered = True
        if not solved:
            self.app.bell()
        change = f"Rating {before:.0f} → {after:.0f} ({after - before:+.0f})."
        odds = f" The fight is won {exact_odds(Fraction(puzzle.odds))}." if puzzle.odds else ""
        best = f"winning chance {percent(puzzle.best)} against {percent(puzzle.second)}"
        self.say(
            f"{said} {change}\nThe line: {line_text(puzzle)}.{odds}\n"
            f"Theme: {puzzle.theme}; {best} for the next best.\nN: the next puzzle."
        )
        self.message = f"{said} {change}"
        actions = puzzle.answer_actions()
        if actions:
            self.point_at(actions[0])

    def action_show_answer(self) -> None:
        if self.puzzle is not None and not self.answered:
            self.answer(False, "Shown.")

    def action_next_puzzle(self) -> None:
        following = next_playable(
            self.progress,
            [p for p in self.puzzles if self.puzzle is None or p.id != self.puzzle.id],
        )
        if following is None:
            self.message = "No other puzzle."
            return
        self.puzzle = following
        self.show_puzzle()
