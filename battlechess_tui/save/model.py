"""The save file format: one pydantic model, versioned, with every action and event; and the
autosave, a small pointer naming the file of the game played last.

Version history (bump ``FORMAT_VERSION`` and add an upgrade function to ``MIGRATIONS`` when the
format changes; ``tests/data/saves/`` keeps a file of each version, and ``tests/test_saves.py``
loads every one of them):

1. first format.
2. ``computers`` (the seats a computer player holds, with its level) and ``hints`` (each hint
   shown: the position, the decision suggested and why). Version 1 files have neither.
3. ``start``: the position a game began from, in the game's notation, when it is not the
   game's setup (``battlechess play GAME --position TEXT``). Older files began at the setup.
4. Rolls carry typed fields: ``use`` (what the throw is for), ``squares``, ``critical`` (a
   critical's multiplier: its modifiers' labels no longer end in ``" xN"``) and ``label``.
   Older rolls have only words; ``_typed_roll`` reads them once, on loading.
5. Notes carry the rules' facts (``fact``, ``side``, ``pieces``, ``numbers``, ``names``,
   ``rule``) beside their words, which the game's presenter writes; a replay compares the
   facts. Older notes have only their words, tag and squares (read as they are: a replay
   compares their tag and squares). A note that names a thing in words, not by its key (the
   first version-5 saves named an effect that ended by its label), is read so too.
6. Rolls carry the rules' facts (``target`` and ``target_kind``, ``verdict``, ``details``,
   ``numbers``, ``names``, ``pieces``, ``rule``, ``round_number``) beside their words, which
   the game's presenter writes; a replay compares the facts. Older rolls have only their
   words beside ``use``, ``squares`` and ``critical`` (read as they are: their words are kept
   as text, and a replay compares their dice, faces and modifiers). A roll's modifiers are
   keys (``weapon+2``) with their words in ``modifier_words``; the first version-6 saves have
   no such words and their modifiers are labelled in words (read as they are: a replay
   compares modifiers by value).
7. ``rules_revision``: the game's rules revision the save was played under (its variant file's
   ``revision``); it replays under those rules. Older files have none (null): the save reader
   replays them under the newest revision of their game that reproduces them.
8. A record keeps facts only: no words. A ply has no ``notation``, a roll no ``purpose``,
   ``label``, ``against``, ``result`` or ``modifier_words``, a note no ``text``, a result
   no ``reason`` or ``detail`` (it has the ``ending`` and its ``numbers``); the presenter
   writes every word when the game is shown. Older files lose their words on loading
   (``_facts_only``, run on every version below 8). A roll or note that had only words where
   its facts now are (a roll before format 6, a note before format 5) is kept ``partial``:
   a replay compares what it has (a roll's dice, faces and modifiers' values; a note's tag
   and squares). An older result's ending is unknown (``null``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    WrapSerializer,
)

from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.spec import OptionValue
from battlechess_tui.engine.vocabulary import Ending, Purpose

FORMAT: Final = "battlechess-save"
FORMAT_VERSION: Final = 8
AUTOSAVE_FORMAT: Final = "battlechess-autosave"

#: Seeds are 64-bit: the app draws them below 10**9, ``simulate`` derives them from a typed one.
SEED_LIMIT = 2**63

#: An event's words by its kind: a record never keeps them (the presenter writes them).
WORD_FIELDS: Final = {"roll": ("purpose", "label", "against", "result", "modifier_words"),
                      "note": ("text",)}  # fmt: skip


def _no_words(value: Any) -> Any:
    """An event of a document read: refused if it carries words (a record keeps facts)."""
    if isinstance(value, dict):
        words = [k for k in WORD_FIELDS.get(str(value.get("kind")), ()) if k in value]
        if words:
            raise ValueError(f"an event records facts, not words ({words[0]!r})")
    return value


def _facts_of(event: Roll | Note, handler: SerializerFunctionWrapHandler) -> Any:
    """An event as a record writes it: its facts (``partial`` only where it is)."""
    data = handler(event)
    for key in WORD_FIELDS[event.kind]:
        data.pop(key, None)
    if not event.partial:
        data.pop("partial", None)
    return data


EventRecord = Annotated[
    Roll | Note,
    Field(discriminator="kind"),
    BeforeValidator(_no_words),
    WrapSerializer(_facts_of),
]
#: Longer than any position's text (a D&D position with every piece's items is about 2,000).
MAX_POSITION_CHARS = 20_000
#: More hints than any game shows (one per decision would be a hint at every move).
MAX_HINTS = 20_000


def _iso_time(text: str) -> str:
    """A date and time as the app writes them (ISO 8601, ``2026-11-22T01:01:16+00:00``)."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise ValueError(f"not a date and time: {shown!r}") from None
    return text


Timestamp = Annotated[str, AfterValidator(_iso_time)]


class PlyRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: str
    action: str = Field(description="the action's canonical text, as a player types it")
    events: list[EventRecord] = []


class ResultRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    winner: str | None = Field(description="the winning side's name; null for a draw")
    ending: Ending | None = Field(None, description="how it ended; null: an older save's")
    numbers: list[int] = Field([], description="the ending's particulars (dice totals...)")
    rule: str = ""


class HintRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ply: int = Field(ge=0, description="the position the hint was shown at (decisions before it)")
    action: str = Field(description="the decision suggested, as a player types it")
    reason: str = ""


class SaveFile(BaseModel):
    """A whole game: enough to rebuild every position and to verify every roll."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["battlechess-save"] = FORMAT
    format_version: Literal[8] = FORMAT_VERSION
    app_version: str
    variant: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    variant_spec: dict[str, Any] | None = Field(
        None, description="the full variant data when it is not a shipped game (house rules)"
    )
    options: dict[str, OptionValue] = {}
    rules_revision: int | None = Field(
        None, ge=1, description="the rules revision played under; null: not recorded (format < 7)"
    )
    players: dict[str, str] = {}
    computers: dict[str, str] = Field(
        {}, description="seats a computer player holds, with its level (the rest are people)"
    )
    seed: int = Field(ge=-SEED_LIMIT, lt=SEED_LIMIT)
    start: str | None = Field(
        None,
        max_length=MAX_POSITION_CHARS,
        description="the position the game began from (the game's notation); null: the setup",
    )
    created: Timestamp
    updated: Timestamp
    setup_events: list[EventRecord] = []
    plies: list[PlyRecord] = []
    result: ResultRecord | None = None
    hints: list[HintRecord] = Field([], max_length=MAX_HINTS)


def save_schema() -> dict[str, Any]:
    """The JSON schema of a save: ``SaveFile``'s, its events without the words a record never
    holds (``WORD_FIELDS``: the event classes carry them for showing)."""
    schema = SaveFile.model_json_schema()
    for kind, name in (("roll", "Roll"), ("note", "Note")):
        properties = schema["$defs"][name]["properties"]
        for key in WORD_FIELDS[kind]:
            properties.pop(key, None)
    return schema


class AutosaveFile(BaseModel):
    """``autosave.json``: which game file Continue opens (every game is saved in its own file;
    this names the one that moved last, so a crash between writes never splits a game)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["battlechess-autosave"] = AUTOSAVE_FORMAT
    format_version: Literal[1] = 1
    file: str = Field(min_length=1, description="the game's save file, relative to the save folder")
    updated: str


Migration = Callable[[dict[str, Any]], dict[str, Any]]
#: ``MIGRATIONS[n]`` upgrades a version-n document to version n + 1.
#: A version-3 roll's words, and what the throw was for (the first that fits): that format's
#: words and purposes, fixed, so plain strings.
_OLD_PURPOSES: tuple[tuple[Callable[[str], bool], str], ...] = (
    (lambda words: words.startswith("reroll"), "reroll"),
    (lambda words: words.startswith("fight:"), "fight"),
    (lambda words: "'s dice, placed " in words, "setup"),
    (lambda words: words.startswith("initiative:"), "initiative"),
    (lambda words: words.startswith("confirm critical:"), "confirm"),
    (lambda words: words.startswith("curse:"), "curse"),
    (lambda words: words.startswith("Blur miss chance"), "miss-chance"),
    (lambda words: words.endswith(" save"), "save"),
    (lambda words: " attacks " in words or " vs " in words, "attack"),
    (lambda words: " defends " in words, "defence"),
    (lambda words: "temporary" in words, "temp-hp"),
    (lambda words: "healing" in words, "healing"),
    (lambda words: "damage" in words or words in ("sneak attack", "bane weapon"), "damage"),
)


def _typed_rolls(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 to 4: every roll gets its typed fields, read from its words."""
    for event in _events_of(doc):
        if event.get("kind") == "roll":
            _typed_roll(event)
    return doc


def _typed_roll(roll: dict[str, Any]) -> None:
    """The save reader is the one place that reads a roll's words: a version-3 roll's purpose
    gives its ``use`` and its ``label`` (the words before a colon), and modifiers labelled
    ``... xN`` alike give a critical's multiplier N."""
    words = roll.get("purpose")
    if not isinstance(words, str):
        return
    roll.setdefault("use", next((use for fits, use in _OLD_PURPOSES if fits(words)), Purpose.OTHER))
    label, colon, _ = words.partition(":")
    if colon:
        roll.setdefault("label", label)
    mods = roll.get("modifiers")
    if not isinstance(mods, list) or not mods:
        return
    labels = [m[0] if isinstance(m, list) and m and isinstance(m[0], str) else "" for m in mods]
    times = {label.rpartition(" x")[2] for label in labels}
    count = times.pop() if len(times) == 1 else ""
    if count.isdigit() and int(count) >= 2 and "critical" not in roll:
        roll["critical"] = int(count)
        roll["modifiers"] = [
            [label.rpartition(" x")[0], *m[1:]] for label, m in zip(labels, mods, strict=True)
        ]


def _facts_only(doc: dict[str, Any]) -> dict[str, Any]:
    """Every version below 8 to 8: the words are dropped (notation, each event's words, the
    result's reason and detail); an event that had words where its facts now are is kept
    ``partial``, and a result's ending is unknown."""
    _names_in_words(doc)
    for event in _events_of(doc):
        kind = str(event.get("kind"))
        facts = _ROLL_FACTS if kind == "roll" else {**_NOTE_FACTS, "rule": ""}
        words = [event.pop(key) for key in WORD_FIELDS.get(kind, ()) if key in event]
        said = any(w for w in words if isinstance(w, str | list))
        if said and all(event.get(key, empty) == empty for key, empty in facts.items()):
            event["partial"] = True
    for ply in doc.get("plies") or ():
        if isinstance(ply, dict):
            ply.pop("notation", None)
    result = doc.get("result")
    if isinstance(result, dict):
        result.pop("reason", None)
        result.pop("detail", None)
    return doc


#: 1, 2, 4, 5 and 6 add defaulted fields (4: a note's facts, 5: a roll's; an older note or roll
#: keeps its words; 6: the rules revision, not recorded); 7 drops every word (``_facts_only``).
MIGRATIONS: dict[int, Migration] = {
    1: dict,
    2: dict,
    3: _typed_rolls,
    4: dict,
    5: dict,
    6: dict,
    7: _facts_only,
}


#: A note's facts beside its tag and squares (what a note read by its words drops).
_NOTE_FACTS: dict[str, Any] = {"fact": "", "side": None, "pieces": [], "numbers": [], "names": []}
#: A roll's facts beside its dice, use, squares and critical, as an older save lacks them.
_ROLL_FACTS: dict[str, Any] = {
    "target": None,
    "target_kind": "none",
    "verdict": "none",
    "details": [],
    "numbers": [],
    "names": [],
    "pieces": [],
    "rule": "",
    "round_number": 0,
}


def _events_of(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event of a document (the setup's and each ply's), as the dictionaries read."""
    plies = doc.get("plies")
    lists = [
        doc.get("setup_events"),
        *(p.get("events") for p in plies or () if isinstance(p, dict)),
    ]
    return [
        e for events in lists if isinstance(events, list) for e in events if isinstance(e, dict)
    ]


def _names_in_words(doc: dict[str, Any]) -> dict[str, Any]:
    """A note names things by their keys; the first format-5 saves named an effect that ended
    by its label in words (``Shield of Faith``). Such a note is read by its words, tag and
    squares, as a format-4 note is (a replay compares those)."""
    for event in _events_of(doc):
        names = event.get("names") if event.get("kind") == "note" else None
        if isinstance(names, list) and any(
            isinstance(n, str) and (" " in n or n != n.lower()) for n in names
        ):
            event.update(_NOTE_FACTS, rule="")
    return doc


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring an older document to the current version; ValueError if it cannot be."""
    version = doc.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("it has no format version")
    if version > FORMAT_VERSION:
        raise ValueError(
            f"it was made by a newer battlechess (format {version}; this one reads up to "
            f"{FORMAT_VERSION})"
        )
    while version < FORMAT_VERSION:
        if version not in MIGRATIONS:
            raise ValueError(f"format version {version} can no longer be read")
        doc = MIGRATIONS[version](doc)
        version += 1
        doc["format_version"] = version
    return doc
