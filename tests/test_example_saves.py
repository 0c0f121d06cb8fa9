"""The example games in saves/: each loads, is finished, verifies roll by roll, and is the
record today's code writes."""

from pathlib import Path

import pytest

from battlechess_tui.save.model import FORMAT_VERSION
from battlechess_tui.save.records import STAMPS, read_document_at, record_of, record_text
from battlechess_tui.save.store import load_game, read_record, verify_file
from tests.shipped import shipped_specs

SAVES_DIR = Path(__file__).parent.parent / "saves"
SAVES = sorted(SAVES_DIR.glob("*.json"))


def test_every_game_has_an_example_save():
    variants = {read_record(p).variant for p in SAVES}
    assert set(shipped_specs()) <= variants


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_example_save_is_finished_and_verifies(path):
    loaded = load_game(path)
    assert loaded.game.outcome is not None
    assert verify_file(path) is None


#: Every save shipped with the program: the example games and the example campaign's games.
SHIPPED = SAVES + sorted((SAVES_DIR / "campaigns").rglob("game-*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_save_is_what_todays_code_writes(path):
    """A shipped save is in today's format, and it is, byte for byte, the record today's code
    writes of the rebuilt game (time stamps and version aside): a new format or a change of
    the rules means regenerating the saves (see saves/README.md); a change of wording does
    not, as a record keeps no words."""
    assert read_document_at(path)["format_version"] == FORMAT_VERSION  # written by today's code
    assert path.read_text(encoding="utf-8") == rewritten(path)


def rewritten(path: Path) -> str:
    """The text of the record of ``path``'s game re-played, stamped as the file is."""
    loaded = load_game(path)
    stamps = {k: getattr(loaded.record, k) for k in STAMPS}
    return record_text(record_of(loaded.game).model_copy(update=stamps))
