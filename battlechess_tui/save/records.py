"""A game as a save record and back: building the record, reading and validating a file, and
what of a record is the game itself (``substance``) rather than words or time stamps."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from battlechess_tui import __version__
from battlechess_tui.engine.events import Event
from battlechess_tui.engine.game import Game, HintTaken
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import specs
from battlechess_tui.engine.replay import event_key
from battlechess_tui.engine.revisions import is_revision_of
from battlechess_tui.save.files import SaveError, first_problem, read_json, write_document
from battlechess_tui.save.model import (
    AUTOSAVE_FORMAT,
    FORMAT,
    AutosaveFile,
    HintRecord,
    PlyRecord,
    ResultRecord,
    SaveFile,
    upgrade,
)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def record_of(game: Game, *, created: str | None = None) -> SaveFile:
    variant = game.variant
    outcome = game.outcome
    result = None
    if outcome is not None:
        winner = None if outcome.winner is None else variant.rules.side_names[outcome.winner]
        result = ResultRecord(
            winner=winner,
            reason=game.presenter.outcome_reason(outcome),
            rule=outcome.rule,
            detail=game.presenter.outcome_detail(outcome),
        )
    spec, shipped = variant.rules.spec, specs().get(variant.rules.key)
    custom = None if shipped and is_revision_of(spec, shipped) else spec.model_dump(mode="json")
    stamp = now()
    return SaveFile(
        app_version=__version__,
        variant=variant.rules.key,
        variant_spec=custom,
        options=dict(variant.rules.options),
        rules_revision=spec.revision,
        players=dict(game.players),
        computers=dict(game.computers),
        seed=game.seed,
        start=game.start_position,
        created=created or game.created or stamp,
        updated=stamp,
        setup_events=list(game.setup_events),
        plies=[
            PlyRecord(
                seat=p.seat,
                action=p.action.text(variant.rules.geo),
                notation=p.notation,
                events=list(p.events),
            )
            for p in game.plies
        ],
        result=result,
        hints=[HintRecord(ply=h.ply, action=h.action, reason=h.reason) for h in game.hints],
    )


def restore_table(game: Game, record: SaveFile) -> None:
    """What a record keeps beside the decisions: who is a computer, the hints shown, when."""
    game.computers = {seat: Level.parse(level) for seat, level in record.computers.items()}
    game.hints = [HintTaken(h.ply, h.action, h.reason) for h in record.hints]
    game.created = record.created


def record_text(record: SaveFile) -> str:
    return record.model_dump_json(indent=1) + "\n"


def substance(record: SaveFile) -> tuple[Any, ...]:
    """What a record says about the game, without its words (notation, sentences) and time
    stamps: two records with the same substance are the same game at the same point. A note
    counts by its tag and squares (its other facts follow from the decisions and the rolls, and
    a record older than format 5 has no others), so the same game saved by an older version has
    the same substance."""
    result = record.result
    return (
        record.variant,
        json.dumps(record.variant_spec, sort_keys=True),
        tuple(sorted(record.options.items())),
        tuple(sorted(record.players.items())),
        record.seed,
        record.start,
        tuple(_keys(record.setup_events)),
        tuple((p.seat, p.action, tuple(_keys(p.events))) for p in record.plies),
        None if result is None else (result.winner,),
        tuple(sorted(record.computers.items())),
        tuple((h.ply, h.action) for h in record.hints),
    )


def _keys(events: list[Event]) -> Iterator[tuple[Any, ...]]:
    return (event_key(e, typed=False) for e in events)


def write_record(record: SaveFile, path: Path) -> None:
    write_document(Path(path), record_text(record))


def read_document_at(path: Path) -> dict[str, Any]:
    """The JSON object of a save or autosave file; SaveError in one line otherwise."""
    doc = read_json(Path(path), "save")
    if not isinstance(doc, dict) or doc.get("format") not in (FORMAT, AUTOSAVE_FORMAT):
        raise SaveError(f"{path}: not a battlechess save")
    return doc


def validate_record(doc: dict[str, Any], path: Path) -> SaveFile:
    """The validated (and upgraded) save model of ``doc``; SaveError in one line otherwise."""
    try:
        doc = upgrade(doc)
        return SaveFile.model_validate(doc)
    except ValidationError as exc:
        raise SaveError(f"{path}: the save is corrupt: {first_problem(exc)}") from None
    except ValueError as exc:
        raise SaveError(f"{path}: cannot load this save: {exc}") from None
    except RecursionError:
        raise SaveError(f"{path}: the save is corrupt (nested too deeply)") from None


def validate_pointer(doc: dict[str, Any], path: Path) -> AutosaveFile:
    try:
        return AutosaveFile.model_validate(doc)
    except ValidationError as exc:
        raise SaveError(f"{path}: the autosave is corrupt: {first_problem(exc)}") from None
