"""Gladiator Chess, the 10x12 team game with commanders, hit points and d6 battles (GC-1..37).

Modules: ``state`` (pieces with identity, the turn's progress), ``tables`` (the variant file's
data), ``moves`` (where pieces may go, check), ``combat`` (battles, deaths, exact odds),
``queen`` (freeze, capture, return, heal), ``promotion``, ``pending`` (choices after a move),
``turns`` (commanders, overrides, end of turn), ``endings``, ``execute`` (carrying out a
move), ``notation`` (the position text), ``evaluation``, ``refusals`` (why a decision is
refused), ``rules`` (``GladiatorRules``, what the engine plays) and ``present``
(``GladiatorPresenter``, what players see).
"""

from __future__ import annotations

from battlechess_tui.engine.spec import OptionValue, VariantSpec

from .present import GladiatorPresenter
from .rules import GladiatorRules
from .state import GladiatorState

__all__ = ["Gladiator", "GladiatorPresenter", "GladiatorRules", "GladiatorState"]


class Gladiator(GladiatorRules, GladiatorPresenter):
    """The old name: rules and presenter in one object, so scripts that build ``Gladiator``
    and house-rule files naming ``rules = "gladiator:Gladiator"`` (no ``present``) still
    work. New code uses the two classes apart."""

    def __init__(self, spec: VariantSpec, options: dict[str, OptionValue] | None = None) -> None:
        GladiatorRules.__init__(self, spec, options)
        GladiatorPresenter.__init__(self, self)
