"""Reading and writing campaign files: atomic writes, one-line errors, never over a bad file.

A campaign file is written (atomically, as saves are) after every game and every purchase. A file
that cannot be read gives a one-line ``CampaignError`` and is never overwritten, so a damaged
campaign can still be repaired by hand. A game is saved before the campaign names it as the game
in play; a campaign whose game in play has no file (a write killed in between) is read as
having no game in play, so the next game starts again.

Two processes may share a campaign (two windows, the app and a ``campaign simulate``): every
write holds the campaign's lock (``save/lock.py``) and is refused, in one line and with nothing
written, when the file changed since the campaign being written was read (its ``revision``
moved on): the writer reads it again and redoes its change, so no game or gold is lost. A
campaign's game files are created exclusively, in a real folder beside it (never a link), so a
campaign never writes over a file it did not create.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from pydantic import ValidationError

from battlechess_tui import __version__
from battlechess_tui.campaign.model import (
    FORMAT,
    FORMAT_VERSION,
    CampaignFile,
    PieceRecord,
    SideRecord,
)
from battlechess_tui.campaign.support import GAME_KEY, support
from battlechess_tui.engine.game import Game
from battlechess_tui.save.files import (
    SaveError,
    create_exclusive,
    first_problem,
    read_document,
    remove_leftovers,
    write_document,
)
from battlechess_tui.save.folder import user_save_dir
from battlechess_tui.save.lock import Busy, FileLock, locked, remove_free_locks
from battlechess_tui.save.records import now, record_of, record_text

#: How long a write waits for another process's write to the same campaign, in seconds.
WRITE_WAIT = 10.0


class CampaignError(SaveError):
    """A campaign that cannot be read, written or changed; the message is one line."""


def default_dir(save_dir: Path | None = None) -> Path:
    return user_save_dir(save_dir) / "campaigns"


def slug(name: str) -> str:
    """A file name from a campaign name: ``The Long War`` -> ``the-long-war``."""
    text = re.sub(r"[^a-z0-9]+", "-", name.strip().lower()).strip("-")
    return text or "campaign"


def games_dir(path: Path) -> Path:
    """The folder beside the campaign file that holds its games' save files."""
    return Path(path).with_name(f"{Path(path).stem}-games")


def game_file(path: Path, number: int) -> str:
    """The path of game ``number``, relative to the campaign file."""
    return f"{games_dir(path).name}/game-{number:03d}.json"


def new_campaign(name: str, white: str = "White", black: str = "Black") -> CampaignFile:
    """Both sides at level 1 with no items and empty war chests (DD-40)."""
    game = support()
    sides = []
    for side, player in ((0, white), (1, black)):
        pieces = [
            PieceRecord(square=square, cls=cls)
            for square, cls in game.starting_pieces(side).items()
        ]
        sides.append(SideRecord(player=player, pieces=pieces))
    stamp = now()
    return CampaignFile(
        app_version=__version__,
        name=name,
        created=stamp,
        updated=stamp,
        catalogue_version=game.items.version,
        white=sides[0],
        black=sides[1],
    )


def create_campaign(name: str, folder: Path, white: str = "White", black: str = "Black") -> Path:
    """Write a new campaign file in ``folder``; refuses to replace an existing file."""
    path = Path(folder) / f"{slug(name)}.json"
    text = new_campaign(name, white, black).model_dump_json(indent=1) + "\n"
    try:
        created = create_exclusive(path, text)
    except OSError as exc:
        raise CampaignError(f"cannot write {path}: {exc.strerror or exc}") from None
    if not created:
        raise CampaignError(f"{path}: a campaign file already exists there")
    return path


def find_campaign(name: str | Path, folder: Path) -> Path:
    """The campaign file a player names: its path, its file name in ``folder``, or its name
    (``The Long War`` or ``the-long-war``) there; ``CampaignError`` saying where it looked."""
    path = Path(name)
    if path.exists() or path.is_symlink():
        return path
    text = str(name)
    stem = text.removesuffix(".json")
    candidates = [Path(folder) / text] if path.name == text and stem != text else []
    candidates.append(Path(folder) / f"{slug(stem)}.json")
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise CampaignError(
        f"no campaign {text!r}: no such file, and no {candidates[-1].name} in {folder}"
    )


def tidy_campaign(path: Path) -> list[Path]:
    """Remove what killed writes left beside a campaign file and among its games (temporary
    files older than a minute), and the lock files no process holds; the paths removed."""
    folders = (Path(path).parent, games_dir(path))
    return [p for f in folders for p in remove_leftovers(f) + remove_free_locks(f)]


def load_campaign(path: Path) -> CampaignFile:
    """The validated campaign (an older format read into today's, ``campaign/upgrade.py``: it
    is written in today's at the next write); ``CampaignError`` with one clear line otherwise.
    A game in play whose file is missing (never written) is dropped: the next game starts
    afresh."""
    from battlechess_tui.campaign.upgrade import upgrade

    doc = read_document(Path(path), FORMAT, "campaign file", CampaignError)
    version = doc.get("format_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise CampaignError(f"{path}: made by a newer battlechess (format {version})")
    try:
        campaign = CampaignFile.model_validate(upgrade(doc))  # an older file read into facts
    except ValidationError as exc:
        raise CampaignError(f"{path}: the campaign file is corrupt: {first_problem(exc)}") from None
    except RecursionError:
        raise CampaignError(f"{path}: the campaign file is corrupt (nested too deeply)") from None
    except (TypeError, ValueError) as exc:  # an older file's sentence read into facts
        raise CampaignError(f"{path}: the campaign file is corrupt: {exc}") from None
    current = campaign.current
    if current is not None and not (Path(path).parent / current.file).is_file():
        campaign = campaign.model_copy(update={"current": None})
    return campaign


@contextmanager
def holding(path: Path, wait: float = WRITE_WAIT) -> Iterator[None]:
    """Hold the campaign's lock for the block (waiting up to ``wait`` seconds for another
    process); CampaignError in one line when it is not released in time."""
    with ExitStack() as stack:
        try:
            stack.enter_context(locked(Path(path), wait))
        except Busy as exc:
            raise CampaignError(f"{exc}; try again when it has finished") from None
        except OSError as exc:
            raise CampaignError(f"{path}: cannot lock it ({exc.strerror or exc})") from None
        yield


def save_campaign(campaign: CampaignFile, path: Path) -> CampaignFile:
    """Write atomically, under the campaign's lock; never over a file that is not a readable
    campaign, nor over a change made since ``campaign`` was read (CampaignError: read it
    again). ``campaign`` takes the new revision and time, as the file now holds it."""
    path = Path(path)
    with holding(path):
        if path.exists() or path.is_symlink():
            on_disk = load_campaign(path)  # raises (and so refuses to overwrite) when bad
            if on_disk.revision != campaign.revision:
                raise CampaignError(
                    f"{path}: changed by another battlechess since it was "
                    "read; nothing was written (open it again)"
                )
        written = campaign.model_copy(
            update={
                "updated": now(),
                "app_version": __version__,
                "revision": campaign.revision + 1,
            }
        )
        write_document(path, written.model_dump_json(indent=1) + "\n", CampaignError)
    for name in ("updated", "app_version", "revision"):
        setattr(campaign, name, getattr(written, name))
    return campaign


def games_folder(path: Path) -> Path:
    """The folder of the campaign's games, made if missing; CampaignError when it is a
    symbolic link or not a folder (a campaign writes only beside its own file)."""
    folder = games_dir(path)
    if not folder.is_symlink():
        try:
            folder.mkdir(exist_ok=True)
        except OSError as exc:
            raise CampaignError(f"cannot make {folder}: {exc.strerror or exc}") from None
    if folder.is_symlink():
        raise CampaignError(
            f"{folder}: the campaign's games folder is a symbolic link; a "
            "campaign writes its games only in a real folder"
        )
    if not folder.is_dir():
        raise CampaignError(f"{folder}: the campaign's games folder is not a folder")
    return folder


def create_game_file(game: Game, game_path: Path, path: Path) -> None:
    """Write the new game ``game`` of the campaign in ``path`` to ``game_path``, a file that
    must not exist yet, unless it is a campaign game not begun (a start killed before the
    campaign named it). CampaignError otherwise: a campaign never writes over a file it did
    not create."""
    games_folder(path)
    record = record_of(game)
    game.created = record.created
    text = record_text(record)
    try:
        created = create_exclusive(Path(game_path), text)
    except OSError as exc:
        raise CampaignError(f"cannot write {game_path}: {exc.strerror or exc}") from None
    if created:
        return
    if not _unbegun_game(Path(game_path)):
        raise CampaignError(
            f"{game_path}: a file is already there that this campaign did not "
            "write; move it away to play the next game"
        )
    claim = claim_game(game_path)  # refused while another window plays it
    try:
        write_document(Path(game_path), text, CampaignError)
    finally:
        claim.release()


def claim_game(game_path: Path) -> FileLock:
    """The lock of a campaign game's file, held while one window (or one ``campaign
    simulate``) plays it; CampaignError in one line when another holds it. Release it when
    the game is left."""
    lock = FileLock(Path(game_path))
    try:
        lock.acquire(0)
    except Busy as exc:
        raise CampaignError(
            f"{Path(game_path).name} is being played by another battlechess "
            f"({exc.holder}); finish it there"
        ) from None
    except OSError as exc:
        raise CampaignError(f"{game_path}: cannot lock it ({exc.strerror or exc})") from None
    return lock


def _unbegun_game(path: Path) -> bool:
    """Whether ``path`` is a regular file holding a campaign game with no decision yet."""
    from battlechess_tui.save.store import read_record

    if path.is_symlink() or not path.is_file():
        return False
    try:
        record = read_record(path)
    except SaveError:
        return False
    campaign_game = record.variant == GAME_KEY and record.options.get("campaign") is True
    return campaign_game and not record.plies
