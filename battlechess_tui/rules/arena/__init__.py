"""Fisher's Gladiator Chess (``arena``) and Brawl Chess (``brawl``).

``rules`` holds ``ArenaRules``, ``present`` its presenter, ``state`` the frozen ``ArenaState``,
``moves`` how gladiators and supporters move. ``Arena``, the old name, is the rules and
presenter in one object, as round 1's variant files (``rules = "arena:Arena"``, no ``present``)
and scripts built it.
"""

from typing import Any

from battlechess_tui.rules.arena.moves import Grants, reach, supporters_seeing
from battlechess_tui.rules.arena.present import ArenaPresenter
from battlechess_tui.rules.arena.rules import ArenaData, ArenaRules
from battlechess_tui.rules.arena.state import GLADIATOR, HALF_NAMES, SUPPORTER, ArenaState


class Arena(ArenaRules, ArenaPresenter):
    """The old name: rules and presenter in one object. New code uses the two apart."""

    def __init__(self, spec: Any, options: Any = None) -> None:
        ArenaRules.__init__(self, spec, options)
        ArenaPresenter.__init__(self, self)


__all__ = [
    "GLADIATOR",
    "HALF_NAMES",
    "SUPPORTER",
    "Arena",
    "ArenaData",
    "ArenaPresenter",
    "ArenaRules",
    "ArenaState",
    "Grants",
    "reach",
    "supporters_seeing",
]
