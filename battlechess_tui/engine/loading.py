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

#: Where round 1's one-class names (``rules = "arena:Arena"``, no ``present``) are mapped to
#: the pair each became, so old house-rule files and saves still load.
COMPAT_MODULE = "battlechess_tui.rules.compat"


def class_names(spec_: VariantSpec) -> tuple[str, str]:
    """The rules and presenter classes ``spec_`` names (``"module:Class"``); a round-1 name
    with no presenter is read as the pair it became."""
    if spec_.present:
        return spec_.rules, spec_.present
    round_1: dict[str, tuple[str, str]] = importlib.import_module(COMPAT_MODULE).ROUND_1
    return round_1.get(spec_.rules, (spec_.rules, ""))


def _load_class(key: str, field: str, name: str, base: type) -> Any:
    module_name, _, class_name = name.partition(":")
    try:
        module = importlib.import_module(f"battlechess_tui.rules.{module_name}")
        cls = getattr(module, class_name)
    except (ImportError, AttributeError, ValueError):
        raise SpecError(key, [f"{field}: no class {name!r}"]) from None
    if not (isinstance(cls, type) and issubclass(cls, base)):
        raise SpecError(key, [f"{field}: {name!r} is not a {base.__name__} class"])
    return cls


def rules_class(spec_: VariantSpec) -> type[Rules[Any]]:
    cls: type[Rules[Any]] = _load_class(spec_.key, "rules", class_names(spec_)[0], Rules)
    return cls


def presenter_class(spec_: VariantSpec) -> type[Presenter[Any]]:
    """The game's presenter class (SpecError if the spec names none)."""
    name = class_names(spec_)[1]
    if not name:
        raise SpecError(spec_.key, ["present: the game names no presenter class"])
    cls: type[Presenter[Any]] = _load_class(spec_.key, "present", name, Presenter)
    return cls


def variant_of(rules: Rules[Any]) -> Variant[Any]:
    """``rules`` with its game's presenter."""
    return Variant(rules, presenter_class(rules.spec)(rules))
