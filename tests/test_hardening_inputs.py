"""Issue 17, item 4: every JSON file is bounded before it is parsed. A save, a campaign file or
the autosave nested a thousand levels deep, holding a number of thousands of digits, larger
than any save, or not a regular file at all (a FIFO, a link to /dev/zero, a folder) is refused
in one line, exit 2, and left as it was; nothing blocks or runs out of memory."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from battlechess_tui.campaign.store import CampaignError, create_campaign, load_campaign
from battlechess_tui.cli import main
from battlechess_tui.save.files import MAX_DOCUMENT_BYTES
from battlechess_tui.save.store import SaveError, autosave_path, list_saves, load_game, save_game
from battlechess_tui.simulation import random_game
from tests.fuzz_inputs import make_fifo

ROOT = Path(__file__).resolve().parent.parent


def _good_save(folder: Path) -> dict:
    path = folder / "good.json"
    save_game(random_game("classic", seed=5), path)
    return json.loads(path.read_text())


def _deep_save(doc: dict) -> bytes:
    text = json.dumps(doc)
    return text.replace('"setup_events": []', '"setup_events": ' + "[" * 5000 + "]" * 5000).encode()


def _huge_seed(doc: dict) -> bytes:
    return json.dumps(doc).replace(f'"seed": {doc["seed"]}', '"seed": ' + "9" * 5000).encode()


def _big_seed(doc: dict) -> bytes:  # within the JSON reader's limit, beyond any seed
    return json.dumps({**doc, "seed": 10**30}).encode()


HOSTILE = {
    "deep": (_deep_save, "nested more than"),
    "huge-integer": (_huge_seed, "number longer than"),
    "big-seed": (_big_seed, "seed"),
    "nan": (lambda d: json.dumps(d).replace('"plies": [', '"plies": [NaN, ').encode(), "NaN"),
}


def _one_line_exit_2(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert err.startswith("battlechess: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_save_is_refused_in_one_line_and_left_unchanged(tmp_path, capsys, case):
    make, reason = HOSTILE[case]
    path = tmp_path / "hostile.json"
    path.write_bytes(make(_good_save(tmp_path)))
    before = path.read_bytes(), os.stat(path).st_mtime_ns
    with pytest.raises(SaveError, match=reason):
        load_game(path)
    for command in (("load", str(path)), ("replay", str(path)), ("replay", str(path), "--verify")):
        assert reason.split()[0] in _one_line_exit_2(capsys, *command)
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before
    assert [i.problem is not None for i in list_saves(tmp_path) if i.path == path] == [True]


def test_a_save_larger_than_any_game_is_refused_before_reading(tmp_path, capsys):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:  # sparse: nothing is written, the size says it all
        fh.truncate(MAX_DOCUMENT_BYTES + 1)
    with pytest.raises(SaveError, match="not a save .too large"):
        load_game(path)
    assert "too large" in _one_line_exit_2(capsys, "replay", str(path), "--verify")


def test_only_regular_files_are_read(tmp_path, capsys):
    fifo, zero, folder = tmp_path / "fifo.json", tmp_path / "zero.json", tmp_path / "dir.json"
    make_fifo(fifo)
    zero.symlink_to("/dev/zero")
    folder.mkdir()
    for path, reason in (
        (fifo, "not a regular file"),
        (zero, "not a regular file"),
        (folder, "is a folder"),
    ):
        with pytest.raises(SaveError, match=reason):
            load_game(path)
        assert reason in _one_line_exit_2(capsys, "replay", str(path), "--verify")
    assert {i.path.name for i in list_saves(tmp_path) if i.problem} >= {"fifo.json", "zero.json"}


def test_a_fifo_never_blocks_load_or_the_list():
    """In a child process with a time limit: a FIFO that is waited on fails the test."""
    code = (
        "import os, sys, tempfile\n"
        "from pathlib import Path\n"
        "from battlechess_tui.cli import main\n"
        "from battlechess_tui.save.store import list_saves\n"
        "d = Path(tempfile.mkdtemp()); os.mkfifo(d / 'a.json')\n"
        "assert list_saves(d)[0].problem\n"
        "sys.exit(main(['load', str(d / 'a.json')]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)  # fmt: skip
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_a_hostile_autosave_is_refused_in_one_line(tmp_path, capsys):
    auto = autosave_path(tmp_path)
    auto.write_text('{"format": "battlechess-autosave", "file": ' + "[" * 3000 + "]" * 3000 + "}")
    with pytest.raises(SaveError, match="nested"):
        load_game(auto)
    auto.write_text(
        json.dumps(
            {
                "format": "battlechess-autosave",
                "format_version": 1,
                "file": "/etc/passwd",
                "updated": "x",
            }
        )
    )
    assert "outside the save folder" in _one_line_exit_2(capsys, "replay", str(auto))


@pytest.mark.parametrize(
    ("mangle", "reason"),
    [
        (lambda t: t.replace('"chest": 0', '"chest": ' + "[" * 3000 + "]" * 3000, 1), "nested"),
        (lambda t: t.replace('"chest": 0', '"chest": ' + "7" * 5000, 1), "number longer"),
        (lambda t: t.replace('"chest": 0', '"chest": 1000000000000000000000', 1), "chest"),
        (lambda t: t.replace('"kills": 0', '"kills": -3', 1), "kills"),
    ],
    ids=["deep", "huge-integer", "gold", "kills"],
)
def test_a_hostile_campaign_file_is_refused_in_one_line(tmp_path, capsys, mangle, reason):
    path = create_campaign("War", tmp_path)
    path.write_text(mangle(path.read_text()))
    before = path.read_bytes()
    with pytest.raises(CampaignError, match=reason):
        load_campaign(path)
    _one_line_exit_2(capsys, "campaign", "show", str(path))
    assert path.read_bytes() == before


def test_a_campaign_fifo_or_dev_zero_link_is_refused(tmp_path, capsys):
    fifo, zero = tmp_path / "fifo.json", tmp_path / "zero.json"
    make_fifo(fifo)
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        assert "not a regular file" in _one_line_exit_2(capsys, "campaign", "show", str(path))
