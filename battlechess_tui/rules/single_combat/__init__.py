"""Single Combat Chess (``single-combat``): FIDE chess without check, every capture a fight.

``rules`` holds ``SingleCombatRules``, ``present`` its presenter, ``tables`` the to-beat tables
(SC-7). ``SingleCombat`` is the old name of the rules class (variant files of round 1 name
``single_combat:SingleCombat``).
"""

from battlechess_tui.rules.single_combat.present import SingleCombatPresenter
from battlechess_tui.rules.single_combat.rules import SingleCombatRules
from battlechess_tui.rules.single_combat.tables import (
    CLASS_OF,
    COLUMN_NAMES,
    COLUMNS,
    Data,
    Table,
    die_sides,
)

SingleCombat = SingleCombatRules

__all__ = [
    "CLASS_OF",
    "COLUMNS",
    "COLUMN_NAMES",
    "Data",
    "SingleCombat",
    "SingleCombatPresenter",
    "SingleCombatRules",
    "Table",
    "die_sides",
]
