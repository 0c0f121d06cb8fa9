"""Variant files: the pydantic model of ``variants/*.toml`` and their inheritance.

A variant file states a game's data (board, pieces, setup, options, rules text, tables) and
names the rules class that plays it. ``base = "classic"`` inherits another file, so a house
rule is a copy that states only what differs (tables are merged key by key).
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from battlechess_tui.engine.data_files import (
    MAX_PAGE_BYTES,
    RefusedFile,
    page_name,
    read_limited,
    shipped_page,
)
from battlechess_tui.engine.geometry import MAX_SIDE
from battlechess_tui.engine.levels import MAX_THINK_MS
from battlechess_tui.engine.suggest import did_you_mean

OptionValue = str | int | bool
#: Different movements one piece may have, numbers in one (``bent 3 5``), and their size
#: (a board's diagonal): what bounds the work of listing a piece's moves.
MAX_MOVEMENTS = 16
MAX_MOVE_NUMBERS = 8
MAX_MOVE_NUMBER = 2 * MAX_SIDE
#: Entries of any one table or list of a variant file (the largest shipped one has 27).
MAX_ENTRIES = 64


class SpecError(ValueError):
    """A variant file that cannot be used; ``problems`` lists every error found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(problems))


class OptionSpec(BaseModel):
    """One option of a game (``[options.NAME]``): its label, help, default and the values
    it takes."""

    model_config = ConfigDict(extra="forbid")
    label: str
    help: str = ""
    default: OptionValue
    choices: list[OptionValue] | None = None
    min: int | None = None
    max: int | None = None
    #: Written by the app itself (D&D's campaign roster): never offered to players.
    internal: bool = False

    def coerce(self, name: str, value: OptionValue) -> OptionValue:
        """Turn typed text (``"d6"``, ``"3"``, ``"on"``) into this option's value, or explain."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text not in ("on", "off", "true", "false", "yes", "no", "1", "0"):
                    raise ValueError(f"option {name} is on or off, not {value!r}")
                value = text in ("on", "true", "yes", "1")
            else:
                try:
                    value = int(text)
                except ValueError:
                    raise ValueError(f"option {name} takes a number, not {value!r}") from None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"option {name} takes a {kind.__name__}, not {value!r}")
        if self.choices is not None and isinstance(value, str) and value not in self.choices:
            value = next(
                (c for c in self.choices if str(c).lower() == value.strip().lower()), value
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise ValueError(f"option {name} is one of {allowed}, not {value!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.min is not None and value < self.min:
                raise ValueError(f"option {name} is at least {self.min}")
            if self.max is not None and value > self.max:
                raise ValueError(f"option {name} is at most {self.max}")
        return value


class PieceSpec(BaseModel):
    """One kind of piece (``[pieces.KEY]``): its name, letter, figure, moves in words,
    movement, dice, hit points, commander and value."""

    model_config = ConfigDict(extra="forbid")
    name: str
    letter: str = Field(min_length=1, max_length=1, description="upper case for White")
    glyph: str = Field("", description="Unicode figure for White (Black's may differ)")
    black_glyph: str = ""
    moves: list[str] = Field([], description="how the piece moves, in words (piece card)")
    movement: list[str] = Field([], description="movement descriptors, see engine/movement.py")
    dice: str | None = None
    hp: int | None = None
    commander: str | None = None
    value: int = 0

    @field_validator("movement")
    @classmethod
    def _movement_readable(cls, texts: list[str]) -> list[str]:
        """Each descriptor readable and bounded; repeats dropped (the work a piece costs per
        move grows with its movements and their numbers: both are capped)."""
        from battlechess_tui.engine.movement import parse_movement

        distinct = list(dict.fromkeys(" ".join(t.split()) for t in texts))
        if len(distinct) > MAX_MOVEMENTS:
            raise ValueError(f"at most {MAX_MOVEMENTS} different movements, not {len(distinct)}")
        for text in distinct:
            numbers = [w.lstrip("-") for w in text.split()[1:] if w.lstrip("-").isdigit()]
            if len(numbers) > MAX_MOVE_NUMBERS or any(
                len(n) > 3 or int(n) > MAX_MOVE_NUMBER for n in numbers
            ):
                raise ValueError(
                    f"movement {text[:40]!r}: at most {MAX_MOVE_NUMBERS} numbers, "
                    f"each at most {MAX_MOVE_NUMBER}"
                )
            parse_movement(text)
        return distinct


class BoardSpec(BaseModel):
    """The board: its width and height in squares."""

    model_config = ConfigDict(extra="forbid")
    width: int = Field(ge=2, le=MAX_SIDE)
    height: int = Field(ge=2, le=MAX_SIDE)


#: The most nodes a millisecond may buy (``[search] nodes_per_ms``): several times the fastest
#: searcher here (classic's, about 166 a CPU millisecond), so a house file cannot make one
#: decision of a balance run take hours.
MAX_NODES_PER_MS = 1000.0


#: The widest ``[search] easy_margin``, in pawns (a rook and more: easy still avoids blunders).
MAX_EASY_MARGIN = 6.0
#: The largest ``[search] confidence`` (a factor on the search's worth read as a chance).
MAX_CONFIDENCE = 10.0


class SearchSpec(BaseModel):
    """How the computer's search is calibrated for the game (``[search]``)."""

    model_config = ConfigDict(extra="forbid")
    nodes_per_ms: float = Field(
        gt=0,
        le=MAX_NODES_PER_MS,
        strict=True,  # a number: not `true`, not "40"
        description="nodes of search one millisecond of thinking buys (ai/budget.py)",
    )
    think_ms: dict[
        Literal["easy", "medium", "hard", "hint", "analysis"],
        Annotated[int, Field(gt=0, le=MAX_THINK_MS)],
    ] = Field(
        default_factory=dict,
        description="a level's (or the hint's) thinking time in this game where it is not "
        "ai/budget.py's; analysis: a medium analysis's time on each position (medium's "
        "where not stated)",
    )
    easy_margin: float = Field(
        default=0.0,
        ge=0,
        le=MAX_EASY_MARGIN,
        strict=True,
        description="pawns below the best within which the easy level chooses at random",
    )
    resample: bool = Field(
        default=False,
        strict=True,
        description="the generic search draws more samples of the dice it keeps returning to",
    )
    confidence: float = Field(
        default=1.0,
        gt=0,
        le=MAX_CONFIDENCE,
        strict=True,
        description="how far the analysis reads the search's worth as a chance: a worth w "
        "estimates tanh(confidence * atanh(w)) (benchmarks/calibration.py measures it)",
    )
    marks: Literal["chance", "pawns"] = Field(
        default="chance",
        description="what the analysis's marks count: the winning chance a decision loses "
        "(chance), or the lead in pawns, as chess engines mark (pawns: 0.5, 1 and 3)",
    )


class RulesChange(BaseModel):
    """A change of the rules that alters what a recorded game replays to: it began the game's
    revision ``revision``. The rules keep the behaviour before it behind a switch named by the
    rule and this revision, so a save of an older revision replays under its own rules."""

    model_config = ConfigDict(extra="forbid")
    revision: int = Field(ge=2, description="the revision this change began")
    rules: list[str] = Field(min_length=1, description="the rule ids it changed (GC-31)")
    what: str = Field(min_length=1, description="what a game plays differently since")


class VariantSpec(BaseModel):
    """A game as its variant file states it: key, name, rules and presenter classes, board,
    setup, pieces, options, rules page, search settings and rules revision."""

    model_config = ConfigDict(extra="forbid")
    key: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    description: str
    rules: str = Field(description="the rules class, 'module:Class' in battlechess_tui.rules")
    present: str = Field(
        "", description="its presenter class, 'module:Class' in battlechess_tui.rules"
    )
    base: str | None = None
    board: BoardSpec
    setup: str = ""
    rules_text: str = ""
    credits: str = ""
    order: int = 100
    pieces: dict[str, PieceSpec] = {}
    options: dict[str, OptionSpec] = {}
    data: dict[str, Any] = {}
    search: SearchSpec | None = None
    revision: int = Field(
        1, ge=1, description="the rules revision: one more for each change in ``changes``"
    )
    changes: list[RulesChange] = Field(
        [], description="the changes that made each revision after the first (README, saves)"
    )

    @model_validator(mode="after")
    def _changes_in_order(self) -> VariantSpec:
        numbers = [c.revision for c in self.changes]
        if numbers != list(range(2, self.revision + 1)):
            raise ValueError(
                f"revision {self.revision} needs one change for each of revisions 2 to "
                f"{self.revision}, in order (changes give {numbers or 'none'})"
            )
        return self

    @model_validator(mode="after")
    def _letters_unique(self) -> VariantSpec:
        seen: dict[str, str] = {}
        for key, piece in self.pieces.items():
            if piece.letter != piece.letter.upper():
                raise ValueError(f"piece {key}: letter must be upper case (White's)")
            if piece.letter in seen:
                raise ValueError(
                    f"pieces {seen[piece.letter]} and {key} share letter {piece.letter}"
                )
            seen[piece.letter] = key
        return self

    def defaults(self) -> dict[str, OptionValue]:
        """Each option's default value."""
        return {k: o.default for k, o in self.options.items()}

    def resolve_options(
        self, given: dict[str, OptionValue] | None = None
    ) -> dict[str, OptionValue]:
        """Defaults overlaid with ``given``; ValueError naming an unknown or bad option."""
        out = self.defaults()
        for name, value in (given or {}).items():
            if name not in self.options and name.lower() in self.options:
                name = name.lower()  # names are read in any case, as game keys are
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                hint = did_you_mean(name, self.options)
                raise ValueError(f"{self.key} has no option {name[:40]!r}{hint} (options: {known})")
            out[name] = self.options[name].coerce(name, value)
        return out


def merge(base: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """Deep merge: tables merge key by key, anything else in ``child`` replaces ``base``."""
    out = dict(base)
    for k, v in child.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


#: A variant file is a page of tables: a megabyte is far more than any.
MAX_TOML_BYTES = 1024 * 1024
#: Deeper than any variant's data nests.
MAX_TOML_DEPTH = 32


def read_toml(path: Path) -> dict[str, Any]:
    """The tables of a variant file; SpecError (one line each) for a file that is not a regular
    file, too large, not UTF-8, not TOML, or nested too deeply."""
    try:
        text = read_limited(path, MAX_TOML_BYTES).decode("utf-8")
        raw = tomllib.loads(text)
    except RefusedFile as exc:
        raise SpecError(str(path), [str(exc)]) from None
    except OSError as exc:
        raise SpecError(str(path), [exc.strerror or str(exc)]) from None
    except UnicodeDecodeError:
        raise SpecError(str(path), ["not a UTF-8 text file"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(str(path), [f"TOML syntax: {exc}"]) from None
    except ValueError:  # the reader's own limits: a number of thousands of digits
        raise SpecError(str(path), ["a number is too long"]) from None
    except RecursionError:
        raise SpecError(str(path), [f"nested more than {MAX_TOML_DEPTH} levels deep"]) from None
    if depth(raw) > MAX_TOML_DEPTH:
        raise SpecError(str(path), [f"nested more than {MAX_TOML_DEPTH} levels deep"])
    return raw


def depth(value: Any) -> int:
    """How deeply ``value`` nests lists and tables (counted without recursion)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level + 1)
            stack.extend((child, level + 1) for child in item)
    return deepest


def house_page(raw: dict[str, Any], path: Path) -> dict[str, Any]:
    """``raw`` (the variant file ``path``) with its own rules page read in: a house file may
    name a page beside it (a bare file name: a regular file in its folder, not a link, at most
    ``MAX_PAGE_BYTES``) or a shipped page; anything else (a folder, ``..``, an absolute path, a
    link) is refused, so a variant file cannot print other files."""
    text, folder = raw.get("rules_text"), Path(path).parent
    if not isinstance(text, str) or not page_name(text):
        return raw
    if shipped_page(text) is not None and not (folder / text).is_file():
        return raw
    if Path(text).name != text or text.startswith(".") or "\\" in text:
        raise SpecError(
            str(path),
            [
                f"rules_text: {text!r} must name a page beside the "
                "variant file or a shipped page (no folders)"
            ],
        )
    try:
        page = read_limited(folder / text, MAX_PAGE_BYTES, links=False).decode("utf-8")
    except FileNotFoundError:
        raise SpecError(
            str(path),
            [f"rules_text: no page {text!r} beside the variant file or among the shipped pages"],
        ) from None
    except (OSError, RefusedFile, UnicodeDecodeError) as exc:
        raise SpecError(str(path), [f"rules_text: {text!r} cannot be read ({exc})"]) from None
    return {**raw, "rules_text": page}


def resolve(raw: dict[str, Any], find_base: Any, source: str, _depth: int = 0) -> dict[str, Any]:
    """Follow ``base`` links (``find_base(key)`` gives the raw base table) and merge."""
    base_key = raw.get("base")
    if not base_key:
        return raw
    if not isinstance(base_key, str):
        raise SpecError(source, [f"base: names one variant by its key, not {base_key!r}"])
    if _depth > 8:
        raise SpecError(source, ["base chain is too long (a loop?)"])
    try:
        base_raw = find_base(base_key)
    except KeyError:
        raise SpecError(source, [f"base variant {base_key!r} does not exist"]) from None
    parent = resolve(base_raw, find_base, source, _depth + 1)
    parent = {k: v for k, v in parent.items() if k not in ("key", "order")}
    return merge(parent, raw)


def data_problem(value: Any) -> str | None:
    """What no variant file holds, as ``where: what``, or None: a number that is not finite
    (TOML's ``nan``, ``inf``), or a table or list of more than ``MAX_ENTRIES`` entries (the
    work of a move grows with the data the rules walk). Walked without recursion."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return f"{where or '(file)'}: must be a finite number (not nan or inf)"
        if isinstance(item, dict | list) and len(item) > MAX_ENTRIES:
            return f"{where or '(file)'}: at most {MAX_ENTRIES} entries, not {len(item):,}"
        if isinstance(item, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{where}.{i}" if where else str(i)) for i, v in enumerate(item))
    return None


def validate(raw: dict[str, Any], source: str) -> VariantSpec:
    """The spec of ``raw`` (a resolved variant table); SpecError listing its problems."""
    if depth(raw) > MAX_TOML_DEPTH:
        raise SpecError(source, [f"nested more than {MAX_TOML_DEPTH} levels deep"])
    problem = data_problem(raw)
    if problem is not None:
        raise SpecError(source, [problem])
    try:
        return VariantSpec.model_validate(raw)
    except ValidationError as exc:
        problems = [f"{'.'.join(map(str, e['loc'])) or '(file)'}: {e['msg']}" for e in exc.errors()]
        raise SpecError(source, problems) from None
