"""Saving and loading games: what is verified on load, with one clear line for any refusal.

Loading a save rebuilds the game from its seed and compares every decision with the file, as
``battlechess replay --verify`` does: the same seat must make each decision and the dice from
the seed must give the recorded rolls and events; the players must sit in the game's seats and
the recorded result must be the rebuilt game's. The first difference refuses the file in one
line naming its ply (``EditedSave``); the app may still open such a file read-only, as
"edited", with ``load_game(path, edited=True)`` (rebuilt from the recorded rolls). Words that a
later version writes differently (the move log's notation, a note's sentence) are derived,
not checked: they are written anew. A house-rule game's embedded variant is checked as
``battlechess check-variant`` checks a file.

The save folder (the autosave pointer, the list, new files) is ``save/folder.py``; the file of
a game being played is ``save/game_file.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.data_files import rules_page_problem
from battlechess_tui.engine.dice import DiceMismatch
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.levels import Level
from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.engine.replay import Decision, Mismatch, check_variant, replay
from battlechess_tui.engine.revisions import at_revision, revision_line
from battlechess_tui.engine.spec import SpecError, VariantSpec, validate
from battlechess_tui.engine.variant import IllegalAction, Variant
from battlechess_tui.save.files import SaveError as SaveError
from battlechess_tui.save.files import one_line, write_document, write_new
from battlechess_tui.save.files import write_atomic as write_atomic  # settings use it
from battlechess_tui.save.folder import AUTOSAVE_NAME as AUTOSAVE_NAME
from battlechess_tui.save.folder import SaveInfo as SaveInfo
from battlechess_tui.save.folder import autosave_path as autosave_path
from battlechess_tui.save.folder import is_autosave, point_autosave, read_save
from battlechess_tui.save.folder import latest_autosave as latest_autosave
from battlechess_tui.save.folder import list_saves as list_saves
from battlechess_tui.save.folder import own_file as own_file
from battlechess_tui.save.folder import user_save_dir as user_save_dir
from battlechess_tui.save.model import SaveFile
from battlechess_tui.save.records import now as now
from battlechess_tui.save.records import record_of as record_of
from battlechess_tui.save.records import record_text, restore_table, same_game


class EditedSave(SaveError):
    """A save that does not replay from its seed: edited by hand, or damaged. ``mismatch``
    names the first decision that differs."""

    def __init__(self, path: Path, mismatch: Mismatch) -> None:
        self.path = path
        self.mismatch = mismatch
        super().__init__(
            one_line(
                f"{path}: the save does not match its seed (edited or "
                f"damaged): {mismatch.describe()}"
            )
        )


@dataclass(frozen=True)
class Loaded:
    game: Game
    record: SaveFile
    path: Path
    #: Set only for a save opened with ``edited=True`` that does not replay from its seed:
    #: the first difference. Such a game is for reading (a replay), never for saving over.
    edited: Mismatch | None = None
    #: The line a game played under an older rules revision opens with (``older_rules``).
    revision_line: str | None = None


# -- writing -----------------------------------------------------------------------------------


def save_game(game: Game, path: Path, *more: Path, created: str | None = None) -> None:
    """Write the game to ``path`` and ``more`` paths (one record, serialized once). A file that
    already holds this very game (the same decisions, rolls and result) is not rewritten. The
    autosave is a pointer: given among the paths, it is written last, naming the first other
    path (so a crash in between never leaves the game in two files)."""
    targets = [Path(p) for p in (path, *more)]
    files = [p for p in targets if not is_autosave(p)]
    if not files:
        raise ValueError("the autosave names a game's file: save the game to its own file")
    record = record_of(game, created=created)
    game.created = record.created
    text = record_text(record)
    written = False
    for target in files:
        if not _holds(target, record):
            write_document(target, text)
            written = True
    for auto in targets:
        if is_autosave(auto) and written:
            point_autosave(auto.parent, files[0])


def save_new_game(game: Game, path: Path) -> None:
    """Write the game to ``path``, a new file (created exclusively): SaveError in one line
    naming the file when one is already there."""
    record = record_of(game)
    game.created = record.created
    write_new(Path(path), record_text(record))


def _holds(path: Path, record: SaveFile) -> bool:
    """Whether ``path`` already holds the game ``record`` describes."""
    if not path.is_file():
        return False
    try:
        return same_game(read_save(path)[1], record)
    except SaveError:
        return False


# -- reading -----------------------------------------------------------------------------------


def read_record(path: Path) -> SaveFile:
    """The validated (and upgraded) save model; SaveError with one clear line otherwise. The
    autosave is followed to the game it names."""
    return read_save(path)[1]


def variant_of(record: SaveFile, path: Path, revision: int | None = None) -> Variant[Any]:
    """The game a save is of, under the rules revision ``revision`` (default: the one the save
    records, else the newest): a shipped game with its options, or its embedded house rules,
    checked as ``check-variant`` checks a file (every option, trial games)."""
    try:
        if record.variant_spec is None:
            if record.variant not in specs():
                raise SaveError(f"{path}: this battlechess has no game {record.variant!r}")
            latest = specs()[record.variant]
            return make_variant(_at(latest, revision, record, path), record.options)
        spec = _at(_house_spec(record, path), revision, record, path)
        if spec.key != record.variant:
            raise SaveError(
                f"{path}: the save is corrupt: its house rules are of "
                f"{spec.key!r}, not {record.variant!r}"
            )
        problems = list(check_variant(spec, make_variant, record.options).problems)
        problems += filter(None, [rules_page_problem(spec)])
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise SaveError(
                one_line(f"{path}: the save's house rules do not play: {problems[0]}{more}")
            )
        return make_variant(spec, record.options)
    except SpecError as exc:
        raise SaveError(
            one_line(f"{path}: the save's game settings are not valid: {'; '.join(exc.problems)}")
        ) from None
    except RecursionError:
        raise SaveError(f"{path}: the save's game settings are nested too deeply") from None
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise SaveError(
            one_line(f"{path}: the save's game settings are not valid: {str(exc).strip(chr(39))}")
        ) from None


def _house_spec(record: SaveFile, path: Path) -> VariantSpec:
    """A save's embedded house rules; one saved before revisions were recorded (it has none)
    takes its shipped base's, so it can replay under any of them."""
    raw = record.variant_spec or {}
    base = specs().get(str(raw.get("base")))
    if "revision" not in raw and base is not None:
        raw = {**raw, "revision": base.revision, "changes": base.model_dump()["changes"]}
    return validate(raw, str(path))


def _at(spec: VariantSpec, revision: int | None, record: SaveFile, path: Path) -> VariantSpec:
    """``spec`` at ``revision``, else at the save's recorded one, else as it is now."""
    wanted = record.rules_revision if revision is None else revision
    try:
        return spec if wanted is None else at_revision(spec, wanted)
    except ValueError as exc:
        raise SaveError(f"{path}: cannot load this save: {exc}") from None


def revisions_to_try(record: SaveFile, path: Path) -> list[int]:
    """The rules revisions a save may have been played under: the one it records, or (a save
    older than format 7 records none) each of its game's, newest first."""
    if record.rules_revision is not None:
        return [record.rules_revision]
    if record.variant_spec is None:
        latest = specs().get(record.variant)
        return list(range(latest.revision, 0, -1)) if latest else [1]
    try:
        return list(range(_house_spec(record, path).revision, 0, -1))
    except SpecError:
        return [1]  # variant_of says what is wrong with it


def older_rules(variant: Variant[Any]) -> str | None:
    """The line a game played under an older rules revision opens with ("played under
    Gladiator Chess rules revision 1; GC-31 has changed since"), or None."""
    spec = variant.rules.spec
    latest = specs().get(spec.key) or specs().get(spec.base or "")
    return None if latest is None else revision_line(latest, spec.revision)


def _check_players(record: SaveFile, variant: Variant[Any], path: Path) -> None:
    """Players and computers sit in the game's seats; computers play at a known level."""
    seats = [s.key for s in variant.rules.seats()]
    for field, table in (("players", record.players), ("computers", record.computers)):
        for seat in table:
            if seat not in seats:
                raise SaveError(
                    f"{path}: the save is corrupt: {field}: {variant.rules.key} has no "
                    f"seat {short(seat)!r} (seats: {', '.join(seats)})"
                )
    for seat, level in record.computers.items():
        try:
            Level.parse(level)
        except ValueError as exc:
            raise SaveError(f"{path}: the save is corrupt: computers: {seat}: {exc}") from None


def _check_hints(record: SaveFile, game: Game, path: Path) -> None:
    """Each hint was shown at a position of the game and suggests a decision legal there."""
    legal: dict[int, list[Action]] = {}
    for number, hint in enumerate(record.hints, start=1):
        where = f"{path}: the save is corrupt: hint {number}"
        if hint.ply > len(game.plies):
            raise SaveError(f"{where}: at decision {hint.ply}, but the game has {len(game.plies)}")
        try:
            action = Action.parse(hint.action, game.rules.geo)
        except ValueError:
            raise SaveError(f"{where}: cannot read the decision {short(hint.action)!r}") from None
        if hint.ply not in legal:
            state = game.positions[hint.ply].state
            over = game.rules.outcome(state) is not None
            legal[hint.ply] = [] if over else game.rules.legal_actions(state)
        if action not in legal[hint.ply]:
            raise SaveError(
                f"{where}: {short(hint.action)!r} is not a decision of the position "
                f"at decision {hint.ply}"
            )


def short(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def start_state(record: SaveFile, variant: Variant[Any], path: Path) -> Any:
    """The state the game began from (``record.start`` read in the game's notation), or None
    for the setup; SaveError in one line when the text is not a position of the game."""
    if record.start is None:
        return None
    try:
        return variant.rules.parse_position(record.start)
    except NotImplementedError:
        raise SaveError(
            f"{path}: the save is corrupt: {variant.rules.key} games cannot begin from a position"
        ) from None
    except Exception as exc:  # untrusted text through the game's own reader
        raise SaveError(
            one_line(
                f"{path}: the save is corrupt: start: not a position of {variant.rules.key} ({exc})"
            )
        ) from None


def _decisions(record: SaveFile) -> list[Decision]:
    return [Decision(p.action, p.events, p.seat) for p in record.plies]


def _result_mismatch(record: SaveFile, game: Game) -> Mismatch | None:
    """Where the recorded result contradicts the rebuilt game, or None."""
    outcome, names = game.outcome, game.variant.rules.side_names
    rebuilt = said = None
    if outcome is not None:
        rebuilt = "a draw" if outcome.winner is None else f"{names[outcome.winner]} won"
    if record.result is not None:
        said = "a draw" if record.result.winner is None else f"{record.result.winner} won"
    if said == rebuilt:
        return None
    last = record.plies[-1].action if record.plies else ""
    return Mismatch(
        len(record.plies),
        last,
        f"the file says {said or 'the game is in play'} "
        f"but re-playing gives {rebuilt or 'a game in play'}",
    )


def _replayed(record: SaveFile, path: Path) -> tuple[Variant[Any], Game, Mismatch | None]:
    """The save re-played from its seed under each rules revision it may have been played
    under (``revisions_to_try``): the variant, the game and the first difference, of the
    first revision that reproduces the save, else of the one that agreed longest (the newest
    among equals: an edit is named where it is, not where an older rule differs)."""
    best: tuple[Variant[Any], Game, Mismatch | None] | None = None
    for revision in revisions_to_try(record, path):
        found = _replayed_at(record, path, revision)
        mismatch = found[2]
        if mismatch is None:
            return found
        if best is None or (best[2] is not None and mismatch.ply > best[2].ply):
            best = found
    assert best is not None
    return best


def _replayed_at(
    record: SaveFile, path: Path, revision: int
) -> tuple[Variant[Any], Game, Mismatch | None]:
    """The save re-played from its seed under rules ``revision``."""
    variant = variant_of(record, path, revision)
    _check_players(record, variant, path)
    start = start_state(record, variant, path)
    try:
        done = replay(
            variant,
            record.seed,
            record.setup_events,
            _decisions(record),
            record.players or None,
            start,
        )
    except Exception as exc:  # the setup runs rules code on the file's options
        raise SaveError(
            one_line(f"{path}: the save cannot be re-played ({type(exc).__name__}: {exc})")
        ) from None
    return variant, done.game, done.mismatch or _result_mismatch(record, done.game)


def load_game(path: Path, *, edited: bool = False) -> Loaded:
    """The saved game, re-played from its seed and checked against the file (see the module's
    docstring). A mismatch raises ``EditedSave``; with ``edited=True`` the game is rebuilt from
    the recorded rolls instead and returned with ``Loaded.edited`` set (to be shown read-only).
    """
    path, record = read_save(path)
    return load_record(record, path, edited=edited)


def load_record(record: SaveFile, path: Path, *, edited: bool = False) -> Loaded:
    """``load_game`` of a save already read (``path`` names it in messages): a game handed
    on as its record is the very game, whatever the file holds by then."""
    variant, game, mismatch = _replayed(record, path)
    if mismatch is not None:
        if not edited:
            raise EditedSave(path, mismatch)
        game = _rebuilt(variant, record, path)
    _check_hints(record, game, path)
    restore_table(game, record)
    return Loaded(game, record, path, mismatch, older_rules(variant))


def _rebuilt(variant: Variant[Any], record: SaveFile, path: Path) -> Game:
    """The game as the file tells it (recorded rolls), for reading an edited save."""
    try:
        return Game.rebuild(
            variant,
            record.seed,
            record.players or None,
            record.setup_events,
            [(p.action, p.events) for p in record.plies],
            start_state(record, variant, path),
        )
    except (IllegalAction, DiceMismatch) as exc:
        raise SaveError(one_line(f"{path}: the save is corrupt: {exc}")) from None
    except Exception as exc:  # recorded rolls of a shape the rules never throw
        raise SaveError(
            one_line(f"{path}: the save is corrupt ({type(exc).__name__}: {exc})")
        ) from None


def verify_file(path: Path) -> Mismatch | None:
    """Re-play a save from its seed: None when every recorded decision, roll and event and the
    result are reproduced. SaveError when the file cannot be read at all."""
    path, record = read_save(path)
    return _replayed(record, path)[2]
