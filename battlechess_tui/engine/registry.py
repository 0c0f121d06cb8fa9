"""The variant registry: finds ``variants/*.toml``, resolves inheritance, builds games.

``resolve`` is the one way in for a game named by a player: a shipped key
(``"gladiator"``) or the path of a house-rule file (``"my-house.toml"``).
"""

from __future__ import annotations

import inspect
from functools import cache
from pathlib import Path
from typing import Any

from battlechess_tui.engine.data_files import rules_text, variants_dir
from battlechess_tui.engine.loading import class_names, presenter_class, rules_class, variant_of
from battlechess_tui.engine.rules import Rules
from battlechess_tui.engine.spec import (
    OptionValue,
    SpecError,
    VariantSpec,
    house_page,
    read_toml,
    validate,
)
from battlechess_tui.engine.spec import (
    resolve as resolve_base,
)
from battlechess_tui.engine.suggest import did_you_mean
from battlechess_tui.engine.variant import Variant

__all__ = [
    "check_file",
    "load_spec_file",
    "make_rules",
    "make_variant",
    "presenter_class",
    "resolve",
    "rules_class",
    "rules_text",
    "spec",
    "specs",
    "variants_dir",
]


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
        found[key] = validate(resolve_base(raw, _find_raw, str(path)), str(path))
    return dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))


def spec(key: str) -> VariantSpec:
    """The shipped game ``key``'s spec; KeyError naming the games (and the nearest) otherwise."""
    try:
        return specs()[key]
    except KeyError:
        raise KeyError(
            f"no game called {short(key)!r}{did_you_mean(key, specs())}; "
            f"games: {', '.join(specs())}"
        ) from None


def short(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def load_spec_file(path: Path) -> VariantSpec:
    """A variant file outside the shipped set (house rules); its base may be a shipped game.
    Its own rules page (a ``.md`` beside it) is read into the spec, so a save of the game
    carries it. SpecError lists the problems."""
    path = Path(path)
    raw = house_page(read_toml(path), path)
    spec_ = validate(resolve_base(raw, _find_raw, str(path)), str(path))
    classes = (rules_class(spec_), presenter_class(spec_))
    for field, name, cls in zip(("rules", "present"), class_names(spec_), classes, strict=True):
        if inspect.isabstract(cls):
            raise SpecError(str(path), [f"{field}: {name!r} is a base class, not a game's"])
    _check_options(spec_, str(path))
    return spec_


def _check_options(spec_: VariantSpec, source: str) -> None:
    """SpecError when ``spec_`` lacks an option that every shipped game played by its rules
    class declares (the rules read it: a Dice Chess file without ``opening_turns``)."""
    games = [s for s in specs().values() if s.rules == spec_.rules]
    if not games:
        return
    needed = set.intersection(*(set(s.options) for s in games))
    missing = sorted(needed - set(spec_.options))
    if missing:
        raise SpecError(
            source,
            [
                f"options: {', '.join(missing)} missing: the rules "
                f"{spec_.rules!r} need them (write base = "
                f"{games[0].key!r} to inherit them)"
            ],
        )


def make_rules(
    key_or_spec: str | VariantSpec, options: dict[str, OptionValue] | None = None
) -> Rules[Any]:
    """A game's rules alone (what computer players need); ValueError if options are bad."""
    spec_ = spec(key_or_spec) if isinstance(key_or_spec, str) else key_or_spec
    return rules_class(spec_)(spec_, options)


def make_variant(
    key_or_spec: str | VariantSpec, options: dict[str, OptionValue] | None = None
) -> Variant[Any]:
    """Build a playable game from its key (or spec) and options (ValueError if bad)."""
    return variant_of(make_rules(key_or_spec, options))


def resolve(key_or_path: str | Path, options: dict[str, OptionValue] | None = None) -> Variant[Any]:
    """The game a player names: a shipped game's key (in any case: ``Classic``), or a
    house-rule file's path. KeyError names the games when it is neither (and the closest);
    SpecError lists a file's problems."""
    text = str(key_or_path)
    if text.lower() in specs():
        return make_variant(text.lower(), options)
    path = Path(text)
    if path.suffix == ".toml":
        if not path.is_file():
            raise KeyError(f"no variant file {text!r}")
        return make_variant(load_spec_file(path), options)
    raise KeyError(
        f"no game called {short(text)!r}{did_you_mean(text, specs())}; games: {', '.join(specs())}"
    )


def check_file(path: Path, warnings: list[str] | None = None) -> list[str]:
    """Every problem of a variant file, as lines; empty when it is good. Passing the check
    means the game plays: every option value is built and trial games are played to the end
    (``engine/replay.check_variant``). Fields the game's rules ignore (a classic King given
    ``movement``) are not problems: they are added to ``warnings`` when it is given."""
    from battlechess_tui.engine.replay import check_variant, ignored_fields

    try:
        spec_ = load_spec_file(path)
    except SpecError as exc:
        return exc.problems
    report = check_variant(spec_, make_variant)
    if not report.problems and warnings is not None:
        raw = house_page(read_toml(Path(path)), Path(path))
        base = raw.get("base")
        parent = resolve_base(_find_raw(base), _find_raw, str(path)) if base else None
        merged = resolve_base(raw, _find_raw, str(path))
        warnings.extend(ignored_fields(raw, merged, parent, make_variant))
    return list(report.problems)
