"""The variant registry: finds ``variants/*.toml``, resolves inheritance, builds games.

``resolve`` is the one way in for a game named by a player: a shipped key
(``"gladiator"``) or the path of a house-rule file (``"my-house.toml"``).
"""

from __future__ import annotations

import inspect
from functools import cache
from pathlib import Path
from typing import Any

from battlechess_tui.engine.data_files import folders, game_folders, rules_text, variants_dir
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
    "game_problems",
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
def _scan() -> tuple[dict[str, tuple[Path, dict[str, Any]]], tuple[str, ...]]:
    """Each game's variant file and its table, by key: the shipped games', then each
    plugin's; and a line for each plugin file left out (unreadable, or its key taken). A
    shipped file that cannot be read is the project's bug, and raises."""
    out: dict[str, tuple[Path, dict[str, Any]]] = {}
    problems = [f"plugin {p.name}: {p.reason}" for p in game_folders()[1]]
    for folder in folders():
        for path in sorted(folder.glob("*.toml")):
            try:
                raw = read_toml(path)
            except SpecError as exc:
                if folder == variants_dir():
                    raise
                problems.append(str(exc))
                continue
            key = str(raw.get("key", path.stem))
            if "catalogue" in raw:  # data for a game (e.g. dnd-items.toml), not a game
                continue
            if key in out:
                problems.append(f"{path}: the game key {key!r} is taken by {out[key][0]}")
                continue
            out[key] = (path, raw)
    return out, tuple(problems)


def _raw_files() -> dict[str, tuple[Path, dict[str, Any]]]:
    return _scan()[0]


def _find_raw(key: str) -> dict[str, Any]:
    return _raw_files()[key][1]


@cache
def _checked() -> tuple[dict[str, VariantSpec], tuple[str, ...]]:
    """Every game that plays, in menu order, and a line for each plugin game that does not
    (a shipped game's bad file raises)."""
    found, problems = {}, list(_scan()[1])
    for key, (path, raw) in _raw_files().items():
        try:
            found[key] = validate(resolve_base(raw, _find_raw, str(path)), str(path))
        except SpecError as exc:
            if path.parent == variants_dir():
                raise
            problems.append(str(exc))
    ordered = dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))
    return ordered, tuple(problems)


def specs() -> dict[str, VariantSpec]:
    """Every game that plays, shipped or a plugin's, in menu order."""
    return _checked()[0]


def game_problems() -> tuple[str, ...]:
    """One line for each installed plugin, or plugin game, that cannot be offered."""
    return _checked()[1]


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
    spec_ = validate(_newest_rules(resolve_base(raw, _find_raw, str(path))), str(path))
    classes = (rules_class(spec_), presenter_class(spec_))
    for field, name, cls in zip(("rules", "present"), class_names(spec_), classes, strict=True):
        if inspect.isabstract(cls):
            raise SpecError(str(path), [f"{field}: {name!r} is a base class, not a game's"])
    _check_options(spec_, str(path))
    return spec_


def _newest_rules(merged: dict[str, Any]) -> dict[str, Any]:
    """A house file that states no rules revision (nor inherits one) plays the newest revision of
    the shipped games of its rules class, with their changes: a file written from scratch
    is not played under older rules."""
    if "revision" in merged:
        return merged
    games = [s for s in specs().values() if s.rules == merged.get("rules")]
    if not games:
        return merged
    newest = max(games, key=lambda s: s.revision)
    return {**merged, "revision": newest.revision, "changes": newest.model_dump()["changes"]}


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
