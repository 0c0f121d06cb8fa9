"""Single Combat Chess (``single-combat``): FIDE chess without check, every capture a fight.

``rules`` holds ``SingleCombatRules``, ``present`` its presenter, ``tables`` the to-beat tables
(SC-7). ``SingleCombat``, the old name, is the rules and presenter in one object, as round 1's
variant files (``rules = "single_combat:SingleCombat"``, no ``present``) and scripts built it.
"""

from battlechess_tui.engine.spec import OptionValue, VariantSpec
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


class SingleCombat(SingleCombatRules, SingleCombatPresenter):
    """The old name: rules and presenter in one object. New code uses the two apart."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        SingleCombatRules.__init__(self, spec, options)
        SingleCombatPresenter.__init__(self, self)


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
