"""Loading a game's classes by the names its variant file gives (``rules``, ``present``), and
pairing its rules with its presenter. Kept apart from the registry so that ``Game`` can pair
rules it is given without importing the registry."""

from __future__ import annotations

import types
import warnings
from collections.abc import Callable
from functools import cache
from typing import Any

from battlechess_tui.engine.campaign import ShopRefusal
from battlechess_tui.engine.classes import ROUND_1, class_names, load_class
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import OptionValue, SpecError, VariantSpec
from battlechess_tui.engine.variant import Variant

__all__ = [
    "ROUND_1",
    "class_names",
    "presenter_class",
    "round_1_attribute",
    "round_1_class",
    "rules_class",
    "shop_refusal_words",
    "variant_of",
    "warn_round_1",
]


def rules_class(spec_: VariantSpec) -> type[Rules[Any]]:
    """The game's rules class, as its variant file names it (SpecError if it names none)."""
    cls: type[Rules[Any]] = load_class(spec_.key, "rules", class_names(spec_)[0], Rules)
    return cls


def presenter_class(spec_: VariantSpec) -> type[Presenter[Any]]:
    """The game's presenter class (SpecError if the spec names none)."""
    name = class_names(spec_)[1]
    if not name:
        raise SpecError(spec_.key, ["present: the game names no presenter class"])
    cls: type[Presenter[Any]] = load_class(spec_.key, "present", name, Presenter)
    return cls


def variant_of(rules: Rules[Any]) -> Variant[Any]:
    """``rules`` with its game's presenter."""
    return Variant(rules, presenter_class(rules.spec)(rules))


def warn_round_1(name: str, stacklevel: int) -> None:
    """Warn that ``name`` is round 1's one-class game (``stacklevel`` as ``warnings.warn``'s,
    counted from the caller)."""
    warnings.warn(
        f"{name} is round 1's rules-and-presenter class; use make_variant(key), whose .rules "
        "and .presenter are the two halves",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


@cache
def round_1_class(old: str) -> type:
    """Round 1's class named ``old`` in a variant file (``"arena:Arena"``): the rules and the
    presenter it became in one object, built from the pair; building one warns."""
    rules_name, present_name = ROUND_1[old]
    rules_cls = load_class(old, "rules", rules_name, Rules)
    present_cls = load_class(old, "present", present_name, Presenter)
    name = old.partition(":")[2]

    def __init__(
        self: Any, spec: VariantSpec, options: dict[str, OptionValue] | None = None
    ) -> None:
        warn_round_1(name, stacklevel=2)
        rules_cls.__init__(self, spec, options)
        present_cls.__init__(self, self)

    def body(namespace: dict[str, Any]) -> None:
        namespace.update(
            __init__=__init__,
            __module__="battlechess_tui.rules.compat",
            __doc__=f"Round 1's {name}: the game's rules and presenter in one (deprecated).",
        )

    return types.new_class(name, (rules_cls, present_cls), exec_body=body)


def round_1_attribute(package: str) -> Callable[[str], type]:
    """A game package's module ``__getattr__``: round 1's class of that game by its old name
    (``rules.arena.Arena``), with a warning; AttributeError for any other name."""
    game = package.rpartition(".")[2]

    def __getattr__(name: str) -> type:
        old = f"{game}:{name}"
        if old not in ROUND_1:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        warn_round_1(f"{package}.{name}", stacklevel=2)
        return round_1_class(old)

    return __getattr__


def shop_refusal_words(rules: Rules[Any], refusal: ShopRefusal) -> str:
    """A shop's ``refusal`` in the words of the presenter of ``rules``' game, for the old
    ``DndCampaign.refusal``, which warns (new code asks ``refused`` and words it with
    ``Presenter.shop_words``)."""
    warnings.warn(
        "DndCampaign.refusal is the old way to ask: use refused (facts) with the "
        "presenter's shop_words().refusal (words)",
        DeprecationWarning,
        stacklevel=3,
    )
    words = variant_of(rules).presenter.shop_words()
    return refusal.reason.value if words is None else words.refusal(refusal)
