"""What every screen of the app shares: the app, typed as battlechess's.

Screens call the app's navigation (``start_game``, ``open_replay``, ``pop_to_menu``...) and
read its settings; Textual types ``self.app`` as any ``App``. The app module imports the
screens, so this names it for type checkers only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual.dom import DOMNode
from textual.screen import Screen

if TYPE_CHECKING:
    from battlechess_tui.ui.app import BattleChessApp


def battle_app(node: DOMNode) -> BattleChessApp:
    """The battlechess app ``node`` belongs to."""
    return cast("BattleChessApp", node.app)


def close_screen(screen: Screen[Any]) -> None:
    """Back from ``screen`` to the one under it, if ``screen`` is the one shown, drawn, and not
    the last: a back key typed again before the first took effect (or before the screen was
    drawn) is ignored, never a second pop (``ScreenStackError`` on the menu)."""
    app = screen.app
    if app.screen is screen and screen.is_mounted and len(app.screen_stack) > 1:
        app.pop_screen()
