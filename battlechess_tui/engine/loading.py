"""Loading a game's classes by the names its variant file gives (``rules``, ``present``), and
pairing its rules with its presenter. Kept apart from the registry so that ``Game`` can pair
rules it is given without importing the registry."""

from __future__ import annotations

import importlib
from typing import Any

from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import SpecError, VariantSpec
from battlechess_tui.engine.variant import Variant


def _load_class(spec_: VariantSpec, field: str, base: type) -> Any:
    name = getattr(spec_, field)
    module_name, _, class_name = name.partition(":")
    try:
        module = importlib.import_module(f"battlechess_tui.rules.{module_name}")
        cls = getattr(module, class_name)
    except (ImportError, AttributeError, ValueError):
        raise SpecError(spec_.key, [f"{field}: no class {name!r}"]) from None
    if not (isinstance(cls, type) and issubclass(cls, base)):
        raise SpecError(spec_.key, [f"{field}: {name!r} is not a {base.__name__} class"])
    return cls


def rules_class(spec_: VariantSpec) -> type[Rules[Any]]:
    cls: type[Rules[Any]] = _load_class(spec_, "rules", Rules)
    return cls


def presenter_class(spec_: VariantSpec) -> type[Presenter[Any]] | None:
    """The game's presenter class; None while its rules class is its own presenter."""
    if not spec_.present:
        return None
    cls: type[Presenter[Any]] = _load_class(spec_, "present", Presenter)
    return cls


def variant_of(rules: Rules[Any]) -> Variant[Any]:
    """``rules`` with its game's presenter."""
    cls = presenter_class(rules.spec)
    if cls is None:
        if not isinstance(rules, Presenter):
            raise SpecError(rules.key, ["present: the game names no presenter class"])
        return Variant(rules, rules)
    return Variant(rules, cls(rules))
