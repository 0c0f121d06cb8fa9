"""D&D Battle Chess (variant key ``dnd``): chess pieces as D&D 3.5 heroes (DD-1..DD-48).

``DndRules`` plays it, ``DndPresenter`` shows it. ``DndBattleChess``, the one class it used to
be, is in ``rules.compat`` (asking for it here still works, with a DeprecationWarning).
"""

from battlechess_tui.engine.loading import round_1_attribute
from battlechess_tui.rules.dnd.present import DndPresenter
from battlechess_tui.rules.dnd.rules import DndRules

__all__ = ["DndPresenter", "DndRules"]


__getattr__ = round_1_attribute(__name__)
