"""Typing helpers for the tests: a game whose rules are typed as the game's own class, a value
the test expects to be there, and dice for a step that throws none."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from battlechess_tui.engine.dice import Dice, RecordedDice
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.variant import Variant

R = TypeVar("R", bound=Rules[Any])
T = TypeVar("T")


class VariantOf(Variant[Any], Generic[R]):
    """A ``Variant`` whose ``rules`` are typed as the game's own class, for the tests that
    reach that game's own methods (``from_fen``, ``tables``)."""

    rules: R


def typed(variant: Variant[Any], kind: type[R]) -> VariantOf[R]:
    """``variant`` with its rules narrowed to ``kind``; fails when another class plays it."""
    rules = variant.rules
    assert isinstance(rules, kind), f"{rules.key} is played by {type(rules).__name__}"
    return VariantOf(rules, variant.presenter)


def rules_of(variant: Variant[Any], kind: type[R]) -> R:
    """``variant``'s rules as ``kind``; fails when another class plays it."""
    return typed(variant, kind).rules


def known(value: T | None) -> T:
    """``value``, which the test expects to be there (a piece's view, a game's outcome)."""
    assert value is not None
    return value


def no_dice() -> Dice:
    """Dice that refuse every throw: for a step that throws none."""
    return RecordedDice([])
