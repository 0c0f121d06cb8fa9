"""How screens ask the app to change screens, and what they read of it, without importing it.

Screens post navigation messages (``navigate(self, StartGame(game))``); the app handles them
(``BattleChessApp.on_start_game``...), so the app alone knows which screen class opens. What
else a screen needs of the app (its settings, its save folder) is typed by ``TableApp``, a
protocol the app satisfies. Nothing here imports a screen or the app module.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.app import App
from textual.dom import DOMNode
from textual.message import Message
from textual.screen import Screen

from battlechess_tui.ui.settings import Settings

if TYPE_CHECKING:
    from battlechess_tui.engine.game import Game
    from battlechess_tui.save.store import Loaded

__all__ = [
    "BackToMenu",
    "CloseScreen",
    "InApp",
    "NewCampaign",
    "NewGame",
    "OpenCampaign",
    "OpenHelp",
    "OpenLesson",
    "OpenLessons",
    "OpenPuzzles",
    "OpenReplay",
    "OpenRules",
    "OpenSaves",
    "OpenShop",
    "PlayCampaignGame",
    "ReplayCampaignGame",
    "ReplayInstead",
    "StartGame",
    "TableApp",
    "navigate",
    "table_app",
]


class TableApp(Protocol):
    """What screens read of the app and ask of it besides navigation."""

    settings: Settings
    persist_settings: bool

    @property
    def save_dir(self) -> Path: ...

    def update_settings(self, **changes: Any) -> None:
        """Change display settings: every table redraws, and they are saved."""

    def continue_latest(self) -> bool:
        """Open the most recent unfinished game; False (with a notice) when there is none."""

    def tell_older_rules(self, loaded: Loaded) -> None:
        """One line when a saved game was played under an older rules revision of its game."""

    def action_settings(self) -> None: ...

    def action_take_screenshot(self) -> None: ...


def table_app(node: DOMNode) -> TableApp:
    """The battlechess app ``node`` belongs to, as screens see it."""
    return cast("TableApp", node.app)


# -- navigation, as messages the app handles ------------------------------------------------------


class StartGame(Message):
    """Play ``game`` (saved to ``path`` when given), over the menu."""

    def __init__(self, game: Game, path: Path | None = None) -> None:
        super().__init__()
        self.game, self.path = game, path


class OpenReplay(Message):
    """Replay ``game`` (read from ``path`` when given), over the menu."""

    def __init__(self, game: Game, path: Path | None = None) -> None:
        super().__init__()
        self.game, self.path = game, path


class BackToMenu(Message):
    """Close every screen above the menu."""


class NewGame(Message):
    """The new-game screen, over the menu."""


class OpenLessons(Message):
    """The list of lessons; with ``key`` (``classic/moves``), that lesson over it."""

    def __init__(self, key: str | None = None) -> None:
        super().__init__()
        self.key = key


class RetryMistakes(Message):
    """Learn from the mistakes of ``side`` found by ``analysis`` of ``game``, over the current
    screen (the replay): ``ui/screens/mistakes.py``."""

    def __init__(self, game: Game, analysis: Any, side: int, save_dir: Path) -> None:
        super().__init__()
        self.game, self.analysis, self.side, self.save_dir = game, analysis, side, save_dir


class OpenSaves(Message):
    """The saves screen, to ``load`` or to ``replay`` a game, over the current screen."""

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode


class CloseScreen(Message):
    """Back from ``screen`` to the one under it, if ``screen`` is the one shown, drawn and not
    the last: a back key typed again before the first took effect is ignored."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.screen = screen


class OpenHelp(Message):
    """The help of the screen ``about`` (its commands, and a game's rules of play), over it."""

    def __init__(self, about: Screen[Any]) -> None:
        super().__init__()
        self.about = about


class OpenRules(Message):
    """A game's rules page (a key or a spec; the list of games without one), at ``rule``
    when given, over the current screen."""

    def __init__(self, variant: Any = None, presenter: Any = None, rule: str | None = None) -> None:
        super().__init__()
        self.variant, self.presenter, self.rule = variant, presenter, rule


class OpenPuzzles(Message):
    """Over the current screen: the list of games with puzzles, or with ``game`` its puzzles
    (of ``theme`` first, where given)."""

    def __init__(self, game: str | None = None, theme: str | None = None) -> None:
        super().__init__()
        self.game, self.theme = game, theme


class OpenLesson(Message):
    """The lesson ``ref`` over the current screen, or ``instead`` of it (the next lesson)."""

    def __init__(self, ref: Any, instead: bool = False) -> None:
        super().__init__()
        self.ref, self.instead = ref, instead


class ReplayInstead(Message):
    """The replay of ``game`` in the current screen's place (a finished game's table),
    analysed at once with ``analyse``, its mistakes retried once analysed with ``learn``."""

    def __init__(self, game: Game, path: Path | None, analyse: bool, learn: bool) -> None:
        super().__init__()
        self.game, self.path, self.analyse, self.learn = game, path, analyse, learn


class NewCampaign(Message):
    """The new-campaign screen, over the current screen."""


class OpenCampaign(Message):
    """The campaign of the file ``path``, over the current screen or ``instead`` of it."""

    def __init__(self, path: Path, instead: bool = False) -> None:
        super().__init__()
        self.path, self.instead = path, instead


class OpenShop(Message):
    """The magic item shop of the campaign of ``path``, over the campaign."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class PlayCampaignGame(Message):
    """Play a campaign's ``game`` (saved to ``path``; ``claim`` is the campaign's lock on
    it), over the campaign."""

    def __init__(self, game: Game, path: Path, claim: Any) -> None:
        super().__init__()
        self.game, self.path, self.claim = game, path, claim


class ReplayCampaignGame(Message):
    """Replay a campaign's game read from ``path``, over the campaign."""

    def __init__(self, game: Game, path: Path) -> None:
        super().__init__()
        self.game, self.path = game, path


class InApp(Protocol):
    """A screen, a widget, or a part of a screen that reaches the app through it."""

    @property
    def app(self) -> App[Any]: ...


def navigate(node: InApp, message: Message) -> None:
    """Ask the app for ``message``'s screen (handled once the current handler returns)."""
    node.app.post_message(message)
