"""The battlechess Textual app: menu, new game, play, load, replay, rules and help.

``run_app`` is what the command line calls. The app drives every game through the engine's
``Game`` and variant views only, so a new variant appears here without new screen code.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.dom import NoScreen
from textual.screen import Screen
from textual.widget import Widget

from battlechess_tui.ui.commands import APP_COMMANDS, bindings, palette_entries
from battlechess_tui.ui.navigation import (
    BackToMenu,
    NewGame,
    OpenLessons,
    OpenReplay,
    OpenSaves,
    RetryMistakes,
    StartGame,
)
from battlechess_tui.ui.screen_changes import ScreenChanges
from battlechess_tui.ui.settings import Settings, load_settings, save_settings
from battlechess_tui.ui.textual_fixes import mend

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.theme import Theme

    from battlechess_tui.engine.game import Game
    from battlechess_tui.save.store import Loaded

# The engine and the save layer are imported where first needed, so the menu's first frame
# does not wait for them (see benchmarks/bench_ui.py).

START_SCREENS = ("menu", "play", "load", "replay", "learn", "puzzles")

mend()  # where Textual itself fails under fast keys (ui/textual_fixes.py)

__all__ = ["BattleChessApp", "Settings", "run_app"]


def __getattr__(name: str) -> Any:
    """``build_game`` lives in ``battlechess_tui.session`` and ``own_file`` in the save layer;
    the old names here keep working for scripts (imported when asked for, so the menu does not
    wait for them)."""
    if name == "build_game":
        from battlechess_tui.session import build_game

        return build_game
    if name == "own_file":
        from battlechess_tui.save.folder import own_file

        return own_file
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def keep_start_up() -> None:
    """Set what start-up made (modules, styles, the menu) aside from the garbage collector,
    once the first frame is drawn: collected once, then frozen (``gc.freeze``), so that a
    later full collection walks only what was made since. The first opening of Gladiator's
    puzzles set one off that walked everything (0.30 s, against 0.24 s so; ``bench_ui``).
    A headless app (a test's) does not: a test process makes hundreds of apps."""
    gc.collect()
    gc.freeze()


class BattleChessApp(ScreenChanges):
    TITLE = "battlechess"
    CSS_PATH = Path(__file__).with_name("app.tcss")
    BINDINGS = bindings(APP_COMMANDS)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    def __init__(
        self,
        start: str = "menu",
        *,
        game: Game | None = None,
        loaded: Loaded | None = None,
        save_dir: Path | None = None,
        settings: Settings | None = None,
    ) -> None:
        """``settings`` given (tests, screenshots) are used as they are and never saved;
        otherwise the user's saved settings are read, and every change is saved."""
        super().__init__()
        self.start = start
        self.start_game_obj = game
        self.start_loaded = loaded
        self.start_lesson: str | None = None  # ``classic/moves``: the lesson to open at start
        self.start_puzzles: str | None = None  # a game's key: its puzzles opened at start
        self._save_dir_override = save_dir
        self._save_dir: Path | None = None
        self.persist_settings = settings is None
        self._settings_problem: str | None = None
        if settings is None:
            loaded_settings = load_settings()
            settings, self._settings_problem = loaded_settings.settings, loaded_settings.problem
        self.settings = settings
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        elif settings.theme:
            self._settings_problem = f"Unknown theme {settings.theme!r}: using {self.theme}."

    @property
    def save_dir(self) -> Path:
        if self._save_dir is None:
            from battlechess_tui.save.store import user_save_dir

            self._save_dir = user_save_dir(self._save_dir_override)
        return self._save_dir

    def get_default_screen(self) -> Screen[Any]:
        """The menu is the bottom of the stack: every other screen returns to it."""
        from battlechess_tui.ui.screens.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        if not self.is_headless:
            self.call_after_refresh(keep_start_up)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        if self._settings_problem:
            self.notify(self._settings_problem, title="Settings", severity="warning", timeout=8)
        if self.start == "play" and self.start_game_obj is not None:
            self.start_game(self.start_game_obj)
        elif self.start == "load" and self.start_loaded is not None:
            self.start_game(self.start_loaded.game, self.start_loaded.path)
            self.tell_older_rules(self.start_loaded)
        elif self.start == "replay" and self.start_loaded is not None:
            self.open_replay(self.start_loaded.game, self.start_loaded.path)
            self.tell_older_rules(self.start_loaded)
        elif self.start == "learn":
            self.open_lessons(self.start_lesson)
        elif self.start == "puzzles":
            self.open_puzzles(self.start_puzzles)

    # -- navigation: what screens ask for (ui/navigation.py), and the methods doing it -----------

    def on_start_game(self, message: StartGame) -> None:
        self.when_drawn(partial(self.start_game, message.game, message.path))

    def on_open_replay(self, message: OpenReplay) -> None:
        self.when_drawn(partial(self.open_replay, message.game, message.path))

    def on_back_to_menu(self, message: BackToMenu) -> None:
        self.when_drawn(self.pop_to_menu)

    def on_new_game(self, message: NewGame) -> None:
        self.when_drawn(self.switch_to_new_game)

    def on_open_lessons(self, message: OpenLessons) -> None:
        self.when_drawn(partial(self.open_lessons, message.key))

    def on_retry_mistakes(self, message: RetryMistakes) -> None:
        from battlechess_tui.ui.screens.mistakes import MistakesScreen

        screen = MistakesScreen(message.game, message.analysis, message.side, message.save_dir)
        self.when_drawn(partial(self.push_screen, screen))

    def on_open_saves(self, message: OpenSaves) -> None:
        self.open_saves(message.mode)

    def tell_older_rules(self, loaded: Loaded) -> None:
        """One line when a saved game was played under an older rules revision of its game."""
        if loaded.revision_line:
            self.notify(loaded.revision_line, title="Older rules", markup=False, timeout=8)

    def start_game(self, game: Game, path: Path | None = None) -> None:
        from battlechess_tui.ui.screens.game import GameScreen

        self.pop_to_menu()
        self.push_screen(GameScreen(game, self.save_dir, path))

    def open_replay(self, game: Game, path: Path | None = None) -> None:
        from battlechess_tui.ui.screens.replay import ReplayScreen

        self.pop_to_menu()
        self.push_screen(ReplayScreen(game, self.save_dir, path))

    def pop_to_menu(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def open_lessons(self, key: str | None = None) -> None:
        """The list of lessons; with ``key`` (``classic/moves``), that lesson over it."""
        from battlechess_tui.tutorial.catalogue import shipped
        from battlechess_tui.tutorial.runner import LessonRun
        from battlechess_tui.ui.screens.lesson import LearnScreen, LessonScreen

        self.pop_to_menu()
        self.push_screen(LearnScreen())
        ref = next((r for r in shipped() if r.key == key), None)
        if ref is not None:
            self.push_screen(LessonScreen(LessonRun(ref), self.save_dir))

    def open_puzzles(self, game: str | None = None) -> None:
        """The list of games with puzzles; with ``game``, its puzzles over it."""
        from battlechess_tui.ui.screens.puzzles import PuzzleListScreen, PuzzleScreen

        self.pop_to_menu()
        self.push_screen(PuzzleListScreen())
        if game is not None:
            self.push_screen(PuzzleScreen(game, self.save_dir))

    def switch_to_new_game(self) -> None:
        from battlechess_tui.ui.screens.new_game import NewGameScreen

        self.pop_to_menu()
        self.push_screen(NewGameScreen())

    def open_saves(self, mode: str) -> None:
        from battlechess_tui.ui.screens.saves import SavesScreen

        self.push_screen(SavesScreen(mode, self.save_dir))

    def continue_latest(self) -> bool:
        """Open the most recently saved game still in play; False (with a notice) when there
        is none. A save that cannot be opened is passed over for the next (and named)."""
        from battlechess_tui.save.folder import own_file, unfinished_games
        from battlechess_tui.save.store import SaveError, load_game

        problems = []
        for path in unfinished_games(self.save_dir):
            try:
                loaded = load_game(path)
            except SaveError as exc:
                problems.append(str(exc))
                continue
            self.start_game(loaded.game, own_file(loaded.path))
            self.tell_older_rules(loaded)
            if problems:
                self.notify(
                    f"Passed over: {problems[0]}"
                    + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""),
                    title="Continue",
                    severity="warning",
                    timeout=8,
                )
            return True
        if problems:
            self.notify(problems[0], title="Cannot continue", severity="error")
        else:
            self.notify("No unfinished game to continue: start a new one.", title="Continue")
        return False

    # -- settings ----------------------------------------------------------------------------

    def update_settings(self, **changes: Any) -> None:
        """Change display settings: every table on the stack redraws, and they are saved."""
        for name, value in changes.items():
            setattr(self.settings, name, value)
        if "theme" in changes and self.theme != self.settings.theme:
            self.theme = self.settings.theme  # saves through _theme_changed
        for screen in self.screen_stack:
            apply = getattr(screen, "apply_settings", None)
            if apply is not None and screen.is_mounted:
                apply()
        self.save_settings()

    def save_settings(self) -> None:
        if not self.persist_settings:
            return
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(f"Settings not saved: {exc}", title="Settings", severity="error")

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self.settings.theme = theme.name
            self.save_settings()

    def action_toggle_animation(self) -> None:
        self.update_settings(animate=not self.settings.animate)
        state = "on" if self.settings.animate else "off"
        self.notify(f"Dice animation {state}.", title="Settings", timeout=2)

    def action_command_palette(self) -> None:
        """The command palette, once (steady under keys typed faster than it fills). It has no
        fixed id: one just closed is still being removed when the key opens the next
        (Textual's ``--command-palette`` id then gave ``DuplicateIds``)."""
        from battlechess_tui.ui.screens.palette import CommandPalette

        if self.use_command_palette and not any(
            isinstance(screen, CommandPalette) for screen in self.screen_stack
        ):
            self.push_screen(CommandPalette())

    def action_settings(self) -> None:
        from battlechess_tui.ui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notification, its message shown as written: names and paths (``[b]``, ``[/]``)
        are never read as markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # -- commands ----------------------------------------------------------------------------

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Leave, once every screen opening is drawn (``when_drawn``)."""
        self._leaving = True
        self.when_drawn(partial(super().exit, *args, **kwargs))

    async def on_event(self, event: events.Event) -> None:
        """A key typed is offered first to the screen's ``key_first`` (the game table's opens
        the move box with it), here in the app's queue, where keys are still in the order
        typed; a key it takes is not sent on."""
        if isinstance(event, events.Key) and not event.is_forwarded and self.screen_stack:
            first = getattr(self.screen, "key_first", None)
            if first is not None and first(event):
                return
        await super().on_event(event)

    async def run_action(self, action: Any, *args: Any, **kwargs: Any) -> bool:
        """Run an action, unless the app is closing (keys typed right after ``q``, ``q n``,
        would open a screen that is never composed, and crash on its way out) or it is a key
        for a screen not drawn yet (its widgets are not there to act on: ``NoMatches``)."""
        if getattr(self, "_leaving", False) or getattr(self.screen, "holding_keys", False):
            return True  # (a game screen holds keys typed with a hand-over's Enter)
        target = args[0] if args else kwargs.get("default_namespace")
        if isinstance(target, Widget) and not drawn(target):
            return True
        return await super().run_action(action, *args, **kwargs)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from palette_entries(screen)
        yield from super().get_system_commands(screen)

    def action_take_screenshot(self) -> None:
        """An SVG of the screen in the save folder's ``screenshots/``, in a new file (never
        over one already there)."""
        from datetime import datetime

        from battlechess_tui.save.files import create_numbered

        folder = self.save_dir / "screenshots"
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = create_numbered(
                folder, f"battlechess-{stamp}", ".svg", self.export_screenshot(), 100
            )
        except OSError as exc:
            self.notify(
                f"No screenshot: {exc.strerror or exc}", title="Screenshot", severity="error"
            )
            return
        if path is None:
            self.notify("No screenshot: too many taken this second", title="Screenshot")
            return
        self.notify(f"Screenshot saved to {path}", title="Screenshot", timeout=4)


def drawn(widget: Widget) -> bool:
    """Is ``widget`` on a screen, and are both drawn (mounted)?"""
    try:
        return widget.is_mounted and widget.screen.is_mounted
    except NoScreen:
        return False


def run_app(
    start: str = "menu",
    *,
    variant: str | None = None,
    options: dict[str, str] | None = None,
    seed: int | None = None,
    path: Path | None = None,
    save_dir: Path | None = None,
    players: dict[str, str] | None = None,
    lesson: str | None = None,
    computers: dict[str, str] | None = None,
    position: str | None = None,
    puzzle_game: str | None = None,
) -> int:
    """Run the app from the command line; returns the process exit code. ``players`` and
    ``computers`` name seats as ``session.build_game`` takes them."""
    if start not in START_SCREENS:
        print(f"battlechess: unknown start screen {start!r}", file=sys.stderr)
        return 2
    from battlechess_tui.engine.registry import specs
    from battlechess_tui.save.store import SaveError, load_game
    from battlechess_tui.session import build_game

    game = loaded = None
    try:
        if start == "play":
            game = build_game(
                variant or next(iter(specs())), options, seed, players, computers, position
            )
        elif start in ("load", "replay"):
            if path is None:
                print(f"battlechess: {start} needs a save file", file=sys.stderr)
                return 2
            loaded = load_game(path)
    except SaveError as exc:
        print(f"battlechess: {exc}", file=sys.stderr)
        return 1
    except (ValueError, KeyError) as exc:
        print(f"battlechess: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    app = BattleChessApp(start, game=game, loaded=loaded, save_dir=save_dir)
    app.start_lesson = lesson
    app.start_puzzles = puzzle_game
    app.run()
    return app.return_code or 0
