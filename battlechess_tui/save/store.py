"""Reading and writing saves: atomic writes, clear one-line errors, the user's save folder."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from battlechess_tui import __version__
from battlechess_tui.engine.dice import DiceMismatch
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.replay import Mismatch, verify
from battlechess_tui.engine.spec import SpecError, resolve, validate
from battlechess_tui.engine.variant import IllegalAction, Variant
from battlechess_tui.save.files import (
    SaveError,
    first_problem,
    read_document,
    write_document,
)
from battlechess_tui.save.files import write_atomic as write_atomic  # re-exported: settings use it
from battlechess_tui.save.model import FORMAT, PlyRecord, ResultRecord, SaveFile, upgrade

AUTOSAVE_NAME = "autosave.json"


@dataclass(frozen=True)
class Loaded:
    game: Game
    record: SaveFile
    path: Path


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    variant: str
    players: dict[str, str]
    plies: int
    result: str
    updated: str


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def user_save_dir(override: Path | None = None) -> Path:
    """``override``, else $BATTLECHESS_SAVE_DIR, else the platform's data folder."""
    if override is not None:
        return Path(override)
    env = os.environ.get("BATTLECHESS_SAVE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("battlechess", appauthor=False) / "saves"


def autosave_path(save_dir: Path) -> Path:
    return Path(save_dir) / AUTOSAVE_NAME


def latest_autosave(save_dir: Path) -> Path | None:
    path = autosave_path(save_dir)
    return path if path.is_file() else None


# -- writing -----------------------------------------------------------------------------------


def record_of(game: Game, *, created: str | None = None) -> SaveFile:
    variant = game.variant
    outcome = game.outcome
    result = None
    if outcome is not None:
        winner = None if outcome.winner is None else variant.side_names[outcome.winner]
        result = ResultRecord(
            winner=winner, reason=outcome.reason, rule=outcome.rule, detail=outcome.detail
        )
    shipped = specs().get(variant.key)
    custom = None if shipped == variant.spec else variant.spec.model_dump(mode="json")
    stamp = now()
    return SaveFile(
        app_version=__version__,
        variant=variant.key,
        variant_spec=custom,
        options=dict(variant.options),
        players=dict(game.players),
        seed=game.seed,
        created=created or game.created or stamp,
        updated=stamp,
        setup_events=list(game.setup_events),
        plies=[
            PlyRecord(
                seat=p.seat,
                action=p.action.text(variant.geo),
                notation=p.notation,
                events=list(p.events),
            )  # fmt: skip
            for p in game.plies
        ],
        result=result,
    )


def save_game(game: Game, path: Path, *more: Path, created: str | None = None) -> None:
    """Write the game to ``path`` (and to ``more`` paths: one record, serialized once)."""
    record = record_of(game, created=created)
    game.created = record.created
    text = record.model_dump_json(indent=1) + "\n"
    for target in (path, *more):
        write_document(Path(target), text)


# -- reading -----------------------------------------------------------------------------------


def read_record(path: Path) -> SaveFile:
    """The validated (and upgraded) save model; SaveError with one clear line otherwise."""
    doc = read_document(Path(path), FORMAT, "save")
    try:
        doc = upgrade(doc)
        return SaveFile.model_validate(doc)
    except ValueError as exc:
        if isinstance(exc, ValidationError):
            raise SaveError(f"{path}: the save is corrupt: {first_problem(exc)}") from None
        raise SaveError(f"{path}: cannot load this save: {exc}") from None


def variant_of(record: SaveFile, path: Path) -> Variant:  # type: ignore[type-arg]
    try:
        if record.variant_spec is not None:
            spec = validate(resolve(record.variant_spec, lambda k: {}, str(path)), str(path))
            return make_variant(spec, record.options)
        if record.variant not in specs():
            raise SaveError(f"{path}: this battlechess has no game {record.variant!r}")
        return make_variant(record.variant, record.options)
    except (SpecError, ValueError) as exc:
        raise SaveError(f"{path}: the save's game settings are not valid: {exc}") from None


def load_game(path: Path) -> Loaded:
    """Rebuild the saved game (every position, from the recorded rolls)."""
    record = read_record(path)
    variant = variant_of(record, path)
    try:
        game = Game.rebuild(
            variant, record.seed, record.players, record.setup_events,
            [(p.action, p.events) for p in record.plies],
        )  # fmt: skip
    except (IllegalAction, DiceMismatch) as exc:
        raise SaveError(f"{path}: the save is corrupt: {exc}") from None
    game.created = record.created
    return Loaded(game, record, Path(path))


def verify_file(path: Path) -> Mismatch | None:
    """Re-play a save from its seed: None when every recorded event is reproduced."""
    record = read_record(path)
    return verify(
        variant_of(record, path), record.seed, record.setup_events,
        [(p.action, p.events) for p in record.plies], record.players,
    )  # fmt: skip


def list_saves(save_dir: Path) -> list[SaveInfo]:
    """Readable saves in a folder, newest first (unreadable files are skipped)."""
    out = []
    for path in Path(save_dir).glob("*.json"):
        try:
            rec = read_record(path)
        except SaveError:
            continue
        result = "in play"
        if rec.result:
            result = f"{rec.result.winner} won" if rec.result.winner else "draw"
        out.append(SaveInfo(path, rec.variant, rec.players, len(rec.plies), result, rec.updated))
    return sorted(out, key=lambda s: s.updated, reverse=True)
