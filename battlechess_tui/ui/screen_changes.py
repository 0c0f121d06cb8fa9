"""The app's handling of the screens' navigation messages (``ui/navigation.py``) that open a
screen over the current one, in its place, or close it: the app alone knows which screen
class opens. Screens are imported when first opened, so start-up loads none of them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widget import AwaitMount

from battlechess_tui.ui.navigation import (
    CloseScreen,
    NewCampaign,
    OpenCampaign,
    OpenHelp,
    OpenLesson,
    OpenPuzzles,
    OpenRules,
    OpenShop,
    PlayCampaignGame,
    ReplayCampaignGame,
    ReplayInstead,
)


def breakpoint_classes(app: App[Any], screen: Screen[Any]) -> dict[str, bool]:
    """Each breakpoint class of ``screen`` (its own breakpoints, else the app's) and whether
    it applies at the app's size: the largest breakpoint each dimension reaches, as Textual
    chooses it on a resize."""
    width, height = app.size
    across = screen.HORIZONTAL_BREAKPOINTS
    down = screen.VERTICAL_BREAKPOINTS
    classes: dict[str, bool] = {}
    for size, points in (
        (width, app.HORIZONTAL_BREAKPOINTS if across is None else across),
        (height, app.VERTICAL_BREAKPOINTS if down is None else down),
    ):
        reached = [(point, name) for point, name in points or [] if size >= point]
        classes |= {name: False for _, name in points or []}
        if reached:
            classes[max(reached)[1]] = True
    return classes


class ScreenChanges(App[int]):
    """The handlers, as a part of ``BattleChessApp``. A change that closes a screen waits
    until every screen on the stack is drawn (``when_drawn``): a screen closed while one is
    still being composed leaves that one without its widgets."""

    @property
    def save_dir(self) -> Path:
        raise NotImplementedError  # the app's own

    def _load_screen_css(self, screen: Screen[Any]) -> None:
        """Textual's step before a screen opened (pushed, switched to, or the first) is
        styled: the screen also gets the window's breakpoint classes (``-narrow``, ``-short``,
        ...) now. Textual adds them at its first resize, once it is drawn, and restyling
        every widget then lays the screen out twice more: a third of a puzzle's opening."""
        if not screen.is_mounted:
            screen.update_classes(breakpoint_classes(self, screen), update=False)
        super()._load_screen_css(screen)

    def when_drawn(self, change: Callable[[], object]) -> None:
        """Make ``change`` (closing screens, or leaving) now, or once every screen on the stack
        is drawn: a screen closed, or the app left, while it is still being composed is left
        without its widgets, and its on_mount (or a ``Select``'s) fails with ``NoMatches``."""
        opening = [screen for screen in self.screen_stack if not screen.is_mounted]
        if not opening:
            change()
            return

        async def once_drawn() -> None:
            await AwaitMount(self.screen, opening)
            self.when_drawn(change)

        self.run_worker(once_drawn(), group="when-drawn")

    def on_close_screen(self, message: CloseScreen) -> None:
        """Close the screen asked for if it is still the one shown (a back key typed twice
        closes it once)."""
        screen = message.screen
        if self.screen is screen and screen.is_mounted and len(self.screen_stack) > 1:
            self.pop_screen()

    def on_open_help(self, message: OpenHelp) -> None:
        from battlechess_tui.ui.screens.help import HelpScreen

        self.push_screen(HelpScreen(message.about))

    def on_open_rules(self, message: OpenRules) -> None:
        from battlechess_tui.ui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(message.variant, message.presenter, rule=message.rule))

    def on_open_puzzles(self, message: OpenPuzzles) -> None:
        from battlechess_tui.ui.screens.puzzles import PuzzleListScreen, PuzzleScreen

        if message.game is None:
            self.push_screen(PuzzleListScreen())
        else:
            self.push_screen(PuzzleScreen(message.game, self.save_dir, message.theme))

    def on_open_lesson(self, message: OpenLesson) -> None:
        from battlechess_tui.tutorial.runner import LessonRun
        from battlechess_tui.ui.screens.lesson import LessonScreen

        self._show(LessonScreen(LessonRun(message.ref), self.save_dir), message.instead)

    def on_replay_instead(self, message: ReplayInstead) -> None:
        from battlechess_tui.ui.screens.replay import ReplayScreen

        screen = ReplayScreen(
            message.game, self.save_dir, message.path, analyse=message.analyse, learn=message.learn
        )
        self._show(screen, instead=True)

    def on_new_campaign(self, message: NewCampaign) -> None:
        from battlechess_tui.ui.screens.campaign import NewCampaignScreen

        self.push_screen(NewCampaignScreen())

    def on_open_campaign(self, message: OpenCampaign) -> None:
        from battlechess_tui.ui.screens.campaign import CampaignScreen

        self._show(CampaignScreen(message.path), message.instead)

    def on_open_shop(self, message: OpenShop) -> None:
        from battlechess_tui.ui.screens.shop import ShopScreen

        self.push_screen(ShopScreen(message.path))

    def on_play_campaign_game(self, message: PlayCampaignGame) -> None:
        from battlechess_tui.ui.screens.campaign import CampaignTable
        from battlechess_tui.ui.screens.game import GameScreen

        policy = CampaignTable(message.claim)
        self.push_screen(GameScreen(message.game, self.save_dir, message.path, policy))

    def on_replay_campaign_game(self, message: ReplayCampaignGame) -> None:
        from battlechess_tui.ui.screens.campaign import CampaignReplayScreen

        self.push_screen(CampaignReplayScreen(message.game, self.save_dir, message.path))

    def _show(self, screen: Any, instead: bool) -> None:
        """``screen`` over the current one, or in its place (once every screen is drawn)."""
        if instead:
            self.when_drawn(partial(self.switch_screen, screen))
        else:
            self.push_screen(screen)
