"""What every screen of the app shares: the app as screens see it.

Screens ask for navigation with messages the app handles (``ui/navigation.py``) and read the
app's settings and save folder through ``TableApp``, a protocol in that lower module: no
screen imports the app, not even for types.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from battlechess_tui.ui.navigation import CloseScreen, TableApp, navigate, table_app

__all__ = ["TableApp", "battle_app", "close_screen"]

#: The battlechess app a node belongs to (the old name of ``navigation.table_app``).
battle_app = table_app


def close_screen(screen: Screen[Any]) -> None:
    """Back from ``screen`` to the one under it, if ``screen`` is the one shown, drawn, and not
    the last: a back key typed again before the first took effect (or before the screen was
    drawn) is ignored, never a second pop (``ScreenStackError`` on the menu)."""
    app = screen.app
    if app.screen is screen and screen.is_mounted and len(app.screen_stack) > 1:
        navigate(screen, CloseScreen(screen))
