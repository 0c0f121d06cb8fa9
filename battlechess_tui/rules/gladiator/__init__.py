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

from battlechess_tui.engine.loading import round_1_attribute

from .present import GladiatorPresenter
from .rules import GladiatorRules
from .state import GladiatorState

__all__ = ["GladiatorPresenter", "GladiatorRules", "GladiatorState"]


__getattr__ = round_1_attribute(__name__)
