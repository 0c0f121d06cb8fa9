"""Single Combat Chess (``single-combat``): FIDE chess without check, every capture a fight.

``rules`` holds ``SingleCombatRules``, ``present`` its presenter, ``tables`` the to-beat tables
(SC-7). ``SingleCombat``, round 1's rules and presenter in one object, is in ``rules.compat``
(asking for it here still works, with a DeprecationWarning).
"""

from battlechess_tui.engine.loading import round_1_attribute
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

__all__ = [
    "CLASS_OF",
    "COLUMNS",
    "COLUMN_NAMES",
    "Data",
    "SingleCombatPresenter",
    "SingleCombatRules",
    "Table",
    "die_sides",
]


__getattr__ = round_1_attribute(__name__)
