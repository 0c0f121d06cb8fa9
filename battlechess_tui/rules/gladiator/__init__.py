"""Gladiator Chess, the 10x12 team game with commanders, hit points and d6 battles (GC-1..36).

Modules: ``state`` (pieces with identity, the turn's progress), ``tables`` (the variant file's
data), ``moves`` (where pieces may go, check), ``combat`` (battles, deaths, odds), ``queen``
(freeze, capture, return, heal), ``promotion``, ``pending`` (choices after a move), ``turns``
(commanders, overrides, end of turn), ``execute`` (carrying out a move), ``views`` (what
players see) and ``variant`` (the ``Variant`` the engine plays).
"""

from .variant import Gladiator

__all__ = ["Gladiator"]
