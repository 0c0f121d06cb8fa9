"""Fisher's Gladiator Chess (``arena``) and Brawl Chess (``brawl``).

``rules`` holds ``ArenaRules``, ``present`` its presenter, ``state`` the frozen ``ArenaState``,
``moves`` how gladiators and supporters move. ``Arena`` is the old name of the rules class
(variant files of round 1 name ``arena:Arena``).
"""

from battlechess_tui.rules.arena.moves import Grants, reach, supporters_seeing
from battlechess_tui.rules.arena.present import ArenaPresenter
from battlechess_tui.rules.arena.rules import ArenaData, ArenaRules
from battlechess_tui.rules.arena.state import GLADIATOR, HALF_NAMES, SUPPORTER, ArenaState

Arena = ArenaRules

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
