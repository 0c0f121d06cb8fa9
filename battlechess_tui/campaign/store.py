"""Reading and writing campaign files: atomic writes, one-line errors, never over a bad file.

A campaign file is written (atomically, as saves are) after every game and every purchase. A file
that cannot be read gives a one-line ``CampaignError`` and is never overwritten, so a damaged
campaign can still be repaired by hand. A game is saved before the campaign names it as the game
in play; a campaign whose game in play has no file (a write killed in between) is read as
having no game in play, so the next game starts again.
"""

from __future__ import annotations

import re
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
from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.rules.dnd.items import load_catalogue
from battlechess_tui.save.files import SaveError, first_problem, read_document, write_document
from battlechess_tui.save.folder import user_save_dir
from battlechess_tui.save.records import now

GAME_KEY = "dnd"


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
    variant = make_variant(GAME_KEY)
    state, _ = variant.rules.new_game(Dice.for_decision(0, -1))
    sides = []
    for side, player in ((0, white), (1, black)):
        pieces = [PieceRecord(square=variant.rules.geo.name(p.square), cls=p.cls)
                  for p in state.pieces if p.side == side]  # fmt: skip
        sides.append(SideRecord(player=player, pieces=pieces))
    stamp = now()
    return CampaignFile(
        app_version=__version__, name=name, created=stamp, updated=stamp,
        catalogue_version=load_catalogue().version, white=sides[0], black=sides[1],
    )  # fmt: skip


def create_campaign(name: str, folder: Path, white: str = "White", black: str = "Black") -> Path:
    """Write a new campaign file in ``folder``; refuses to replace an existing file."""
    path = Path(folder) / f"{slug(name)}.json"
    if path.exists():
        raise CampaignError(f"{path}: a campaign file already exists there")
    save_campaign(new_campaign(name, white, black), path)
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
    raise CampaignError(f"no campaign {text!r}: no such file, and no "
                        f"{candidates[-1].name} in {folder}")  # fmt: skip


def load_campaign(path: Path) -> CampaignFile:
    """The validated campaign; ``CampaignError`` with one clear line otherwise. A game in
    play whose file is missing (never written) is dropped: the next game starts afresh."""
    doc = read_document(Path(path), FORMAT, "campaign file", CampaignError)
    version = doc.get("format_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise CampaignError(f"{path}: made by a newer battlechess (format {version})")
    try:
        campaign = CampaignFile.model_validate(doc)
    except ValidationError as exc:
        raise CampaignError(f"{path}: the campaign file is corrupt: {first_problem(exc)}") from None
    except RecursionError:
        raise CampaignError(f"{path}: the campaign file is corrupt (nested too deeply)") from None
    current = campaign.current
    if current is not None and not (Path(path).parent / current.file).is_file():
        campaign = campaign.model_copy(update={"current": None})
    return campaign


def save_campaign(campaign: CampaignFile, path: Path) -> None:
    """Write atomically; never over a file that is not a readable campaign."""
    path = Path(path)
    if path.exists():
        load_campaign(path)  # raises (and so refuses to overwrite) when the file is bad
    campaign = campaign.model_copy(update={"updated": now(), "app_version": __version__})
    write_document(path, campaign.model_dump_json(indent=1) + "\n", CampaignError)
