"""Fisher's Gladiator Chess (``arena``) and Brawl Chess (``brawl``).

``rules`` holds ``ArenaRules``, ``present`` its presenter, ``state`` the frozen ``ArenaState``,
``moves`` how gladiators and supporters move. ``Arena``, round 1's rules and presenter in one
object, is in ``rules.compat`` (asking for it here still works, with a DeprecationWarning).
"""

from battlechess_tui.engine.loading import round_1_attribute
from battlechess_tui.rules.arena.moves import Grants, reach, supporters_seeing
from battlechess_tui.rules.arena.present import ArenaPresenter
from battlechess_tui.rules.arena.rules import ArenaData, ArenaRules
from battlechess_tui.rules.arena.state import GLADIATOR, HALF_NAMES, SUPPORTER, ArenaState

__all__ = [
    "GLADIATOR",
    "HALF_NAMES",
    "SUPPORTER",
    "ArenaData",
    "ArenaPresenter",
    "ArenaRules",
    "ArenaState",
    "Grants",
    "reach",
    "supporters_seeing",
]


__getattr__ = round_1_attribute(__name__)
