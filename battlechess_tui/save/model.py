"""The save file format: one pydantic model, versioned, with every action and event.

Version history (bump ``FORMAT_VERSION`` and add an upgrade function to ``MIGRATIONS`` when the
format changes; stored old files in ``tests/data/saves/`` prove the upgrades):

1. first format.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from battlechess_tui.engine.events import Note, Roll
from battlechess_tui.engine.spec import OptionValue

FORMAT = "battlechess-save"
FORMAT_VERSION = 1

EventRecord = Annotated[Roll | Note, Field(discriminator="kind")]


class PlyRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: str
    action: str = Field(description="the action's canonical text, as a player types it")
    notation: str = Field(description="how the move log wrote it")
    events: list[EventRecord] = []


class ResultRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    winner: str | None = Field(description="the winning side's name; null for a draw")
    reason: str
    rule: str = ""
    detail: str = ""


class SaveFile(BaseModel):
    """A whole game: enough to rebuild every position and to verify every roll."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["battlechess-save"] = FORMAT
    format_version: Literal[1] = FORMAT_VERSION
    app_version: str
    variant: str
    variant_spec: dict[str, Any] | None = Field(
        None, description="the full variant data when it is not a shipped game (house rules)"
    )
    options: dict[str, OptionValue] = {}
    players: dict[str, str] = {}
    seed: int
    created: str
    updated: str
    setup_events: list[EventRecord] = []
    plies: list[PlyRecord] = []
    result: ResultRecord | None = None


Migration = Callable[[dict[str, Any]], dict[str, Any]]
#: ``MIGRATIONS[n]`` upgrades a version-n document to version n + 1.
MIGRATIONS: dict[int, Migration] = {}


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring an older document to the current version; ValueError if it cannot be."""
    version = doc.get("format_version")
    if not isinstance(version, int):
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
