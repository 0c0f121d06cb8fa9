"""The variant registry: finds ``variants/*.toml``, resolves inheritance, builds variants.

The data folder is ``variants/`` beside the package in a source checkout and
``battlechess_tui/variants`` inside an installed wheel.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.spec import (
    OptionValue,
    SpecError,
    VariantSpec,
    read_toml,
    resolve,
    validate,
)
from battlechess_tui.engine.variant import Variant

_PACKAGE = Path(__file__).resolve().parent.parent


def variants_dir() -> Path:
    for candidate in (_PACKAGE / "variants", _PACKAGE.parent / "variants"):
        if (candidate / "classic.toml").is_file():
            return candidate
    raise FileNotFoundError("the variants data folder is missing from this installation")


@cache
def _raw_files() -> dict[str, tuple[Path, dict[str, Any]]]:
    out = {}
    for path in sorted(variants_dir().glob("*.toml")):
        raw = read_toml(path)
        if "catalogue" in raw:  # data for a game (e.g. dnd-items.toml), not a game
            continue
        out[str(raw.get("key", path.stem))] = (path, raw)
    return out


def _find_raw(key: str) -> dict[str, Any]:
    return _raw_files()[key][1]


@cache
def specs() -> dict[str, VariantSpec]:
    """Every shipped game, in menu order."""
    found = {}
    for key, (path, raw) in _raw_files().items():
        found[key] = validate(resolve(raw, _find_raw, str(path)), str(path))
    return dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))


def spec(key: str) -> VariantSpec:
    try:
        return specs()[key]
    except KeyError:
        raise KeyError(f"no game called {key!r}; games: {', '.join(specs())}") from None


def load_spec_file(path: Path) -> VariantSpec:
    """A variant file outside the shipped set (house rules); its base may be a shipped game."""
    raw = read_toml(path)
    spec_ = validate(resolve(raw, _find_raw, str(path)), str(path))
    rules_class(spec_)
    return spec_


def rules_class(spec_: VariantSpec) -> type[Variant[Any]]:
    module_name, _, class_name = spec_.rules.partition(":")
    try:
        module = importlib.import_module(f"battlechess_tui.rules.{module_name}")
        cls = getattr(module, class_name)
    except (ImportError, AttributeError):
        raise SpecError(spec_.key, [f"rules: no rules class {spec_.rules!r}"]) from None
    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise SpecError(spec_.key, [f"rules: {spec_.rules!r} is not a variant class"])
    return cls


def make_variant(
    key_or_spec: str | VariantSpec, options: dict[str, OptionValue] | None = None
) -> Variant[Any]:
    """Build a playable variant from its key (or spec) and options (ValueError if bad)."""
    spec_ = spec(key_or_spec) if isinstance(key_or_spec, str) else key_or_spec
    return rules_class(spec_)(spec_, options)


def check_file(path: Path) -> list[str]:
    """Every problem of a variant file, as lines; empty when it is good."""
    try:
        # Building the variant validates its data; a new game proves the setup is playable.
        make_variant(load_spec_file(path)).new_game(Dice.for_decision(0, -1))
    except SpecError as exc:
        return exc.problems
    except (ValueError, KeyError) as exc:
        return [str(exc)]
    return []


def rules_text(spec_: VariantSpec) -> str:
    """The Markdown rules shown in the app (a file in the data folder, or inline text)."""
    text = spec_.rules_text
    if text.endswith(".md") and "\n" not in text:
        path = variants_dir() / text
        return path.read_text(encoding="utf-8") if path.is_file() else f"(missing {text})"
    return text
