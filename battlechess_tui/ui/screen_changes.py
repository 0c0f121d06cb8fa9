"""The app's handling of the screens' navigation messages (``ui/navigation.py``) that open a
screen over the current one, in its place, or close it: the app alone knows which screen
class opens. Screens are imported when first opened, so start-up loads none of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

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


class ScreenChanges(App[int]):
    """The handlers, as a part of ``BattleChessApp``."""

    @property
    def save_dir(self) -> Path:
        raise NotImplementedError  # the app's own

    def on_close_screen(self, message: CloseScreen) -> None:
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
        self.switch_screen(screen)

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
        from battlechess_tui.ui.screens.campaign import CampaignGameScreen

        screen = CampaignGameScreen(message.game, self.save_dir, message.path)
        screen.claim = message.claim
        self.push_screen(screen)

    def on_replay_campaign_game(self, message: ReplayCampaignGame) -> None:
        from battlechess_tui.ui.screens.campaign import CampaignReplayScreen

        self.push_screen(CampaignReplayScreen(message.game, self.save_dir, message.path))

    def _show(self, screen: Any, instead: bool) -> None:
        """``screen`` over the current one, or in its place."""
        if instead:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
