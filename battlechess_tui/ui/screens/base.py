"""What every screen of the app shares: the app, typed as battlechess's.

Screens call the app's navigation (``start_game``, ``open_replay``, ``pop_to_menu``...) and
read its settings; Textual types ``self.app`` as any ``App``. The app module imports the
screens, so this names it for type checkers only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from battlechess_tui.ui.app import BattleChessApp


def battle_app(node: DOMNode) -> BattleChessApp:
    """The battlechess app ``node`` belongs to."""
    return cast("BattleChessApp", node.app)
