"""D&D Battle Chess (variant key ``dnd``): chess pieces as D&D 3.5 heroes (DD-1..DD-48).

``DndRules`` plays it, ``DndPresenter`` shows it. ``DndBattleChess``, the one class it used to
be, stays for scripts and for house-rule saves whose spec names ``dnd:DndBattleChess`` and no
presenter: it is both.
"""

from battlechess_tui.engine.spec import OptionValue, VariantSpec
from battlechess_tui.rules.dnd.present import DndPresenter
from battlechess_tui.rules.dnd.rules import DndRules


class DndBattleChess(DndRules, DndPresenter):
    """The rules and their presenter as one object (the old public name)."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        DndRules.__init__(self, spec, options)
        DndPresenter.__init__(self, self)


__all__ = ["DndBattleChess", "DndPresenter", "DndRules"]
