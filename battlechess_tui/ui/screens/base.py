"""What every screen of the app shares: the app as screens see it.

Screens ask for navigation with messages the app handles (``ui/navigation.py``) and read the
app's settings and save folder through ``TableApp``, a protocol in that lower module: no
screen imports the app, not even for types.
"""

from __future__ import annotations

from battlechess_tui.ui.navigation import TableApp, table_app

__all__ = ["TableApp", "battle_app"]

#: The battlechess app a node belongs to (the old name of ``navigation.table_app``).
battle_app = table_app
