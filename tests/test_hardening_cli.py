"""Issue 17, items 9 and 11; issue 13, item 10: every command ends in one line (exit 2) on any
bad input, usage errors included; output cut short by its reader ends quietly; names are text
(a terminal control character is never printed raw); campaigns are named as ``campaign new``
prints them."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from battlechess_tui.cli import INTERNAL_ERROR, main
from battlechess_tui.cli import games as games_cli
from battlechess_tui.save.store import save_game
from battlechess_tui.simulation import random_game

ROOT = Path(__file__).resolve().parent.parent
ESC = "\x1b]0;pwned\x07"


def run(capsys, *args):
    code: int | str | None
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line(capsys, *args):
    code, out, err = run(capsys, *args)
    assert code == 2, (args, out, err)
    assert err.startswith("battlechess: ") and err.count("\n") == 1, err
    assert "Traceback" not in out + err
    return err


@pytest.mark.parametrize(
    "args",
    [
        ("nope",),
        ("play",),
        ("perft", "classic"),
        ("perft", "classic", "--depth", "abc"),
        ("campaign",),
        ("campaign", "new"),
        ("replay",),
        ("simulate", "classic", "--games", "x"),
        ("--no-such-flag",),
    ],
)
def test_usage_errors_are_one_line(capsys, args):
    err = one_line(capsys, *args)
    assert "--help" in err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("perft", "classic", "--depth", "99999999999999999999"), "depth"),
        (("perft", "classic", "--depth", "100"), "depth"),
        (("perft", "classic", "--depth", "-1"), "depth"),
        (("perft", "classic", "--depth", "1" * 5000), "depth"),
        (("simulate", "classic", "--games", "0"), "games"),
        (("campaign", "simulate", "x", "--games", "0"), "games"),
        (("play", "classic", "--player", "nobody=Ann"), "no seat 'nobody'"),
        (("play", "classic", "--player", "white"), "key=value"),
        (("play", "classic", "--player", f"white=A{ESC}"), "control characters"),
        (("play", "classic", "--seed", str(2**70)), "seed"),
        (("play", "dnd", "-o", "roster=" + "[" * 3000 + "]" * 3000), "nested"),
        (("perft", "dnd", "--depth", "1", "-o", "roster=" + "[" * 3000), "nested"),
        (("play", "dnd", "-o", "roster=" + "x" * 20_000), "longer than"),
        (("screenshots", "--out", "/proc/nope"), "/proc/nope"),
        (("check-variant", "/dev/zero"), None),
        (("replay", "/dev/zero", "--verify"), "not a regular file"),
    ],
)
def test_bad_input_ends_in_one_line(capsys, args, says):
    if args[0] == "check-variant":  # lists problems: exit 1, a line each
        code, out, err = run(capsys, *args)
        assert code == 1 and "not a regular file" in out and not err
        return
    assert says in one_line(capsys, *args)


def test_play_refuses_a_house_rule_file_that_does_not_pass_the_check(tmp_path, capsys):
    broken = tmp_path / "broken.toml"
    broken.write_text(
        'key = "b"\nname = "B"\ndescription = "x"\nbase = "classic"\n'
        'rules = "chess_family.rules:Rules"\n'
    )
    assert "is a base class" in one_line(capsys, "play", str(broken))
    text = (ROOT / "variants" / "dice-chess.toml").read_text()
    start = text.index("[options.opening_turns]")
    end = text.index("[", start + 1)
    crashes = tmp_path / "crashes.toml"
    crashes.write_text(text[:start] + text[end:])
    assert "opening_turns" in one_line(capsys, "play", str(crashes))


def test_a_fault_of_battlechess_itself_is_one_line_too(capsys, monkeypatch):
    def broken(args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(games_cli, "cmd_replay", broken)
    code, out, err = run(capsys, "replay", "x.json")
    assert code == INTERNAL_ERROR and err.count("\n") == 1 and "a bug" in err
    assert "BATTLECHESS_DEBUG" in err


def _child(args: list[str], closed_reader: bool) -> subprocess.CompletedProcess[str]:
    code = "import sys\nfrom battlechess_tui.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    if not closed_reader:
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                              text=True, timeout=120, cwd=ROOT)  # fmt: skip
    read, write = os.pipe()
    os.close(read)  # the reader (`| head`) is gone before anything is written
    try:
        return subprocess.run([sys.executable, "-c", code, *args], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=120, cwd=ROOT)  # fmt: skip
    finally:
        os.close(write)


def test_output_cut_short_by_its_reader_ends_quietly(tmp_path):
    path = tmp_path / "war.json"
    assert main(["campaign", "new", "War", "--dir", str(tmp_path)]) == 0
    for args in (["campaign", "show", str(path)], ["rules", "classic"], ["variants"]):
        done = _child(args, closed_reader=True)
        assert done.stderr == "", done.stderr
        assert done.returncode == 141


def test_names_are_never_printed_with_raw_control_characters(tmp_path, capsys):
    game = random_game("classic", seed=5)
    game.players = {"white": f"Ann{ESC}", "black": "[b]Bo[/]"}
    path = tmp_path / f"game{ESC}.json"
    save_game(game, path)
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and "\x1b" not in out + err and "\\x1b" in out
    campaign = tmp_path / "war.json"
    assert main(["campaign", "new", "War", "--dir", str(tmp_path), "--white", "[b]Ann[/]"]) == 0
    doc = json.loads(campaign.read_text())
    doc["black"]["player"] = f"Bo{ESC}"
    campaign.write_text(json.dumps(doc))
    capsys.readouterr()
    code, out, err = run(capsys, "campaign", "show", str(campaign))
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert "[b]Ann[/]" in out  # markup is text
    assert "control characters" in one_line(capsys, "campaign", "new", f"W{ESC}")


def test_campaign_commands_work_as_the_readme_writes_them(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the campaign is not in the current folder
    save_dir = tmp_path / "saves"
    code, out, _ = run(
        capsys,
        "--save-dir",
        str(save_dir),
        "campaign",
        "new",
        "Autumn War",
        "--white",
        "Ann",
        "--black",
        "Bo",
    )
    written = save_dir / "campaigns" / "autumn-war.json"
    assert code == 0 and str(written) in out and written.is_file()
    for name in ("autumn-war.json", "Autumn War", "autumn-war", str(written)):
        code, out, _ = run(capsys, "--save-dir", str(save_dir), "campaign", "show", name)
        assert code == 0 and "Campaign 'Autumn War'" in out
    code, out, _ = run(
        capsys,
        "--save-dir",
        str(save_dir),
        "campaign",
        "simulate",
        "autumn-war.json",
        "--games",
        "2",
        "--seed",
        "1",
    )
    assert code == 0 and "Game 2:" in out
    assert "no campaign 'Spring War'" in one_line(
        capsys, "--save-dir", str(save_dir), "campaign", "show", "Spring War"
    )


def test_campaign_output_names_items_and_only_levels_lost(tmp_path, capsys):
    """No internal ids (``armor+1``) in what ``campaign simulate`` prints; 'back to level 1'
    only for a piece that had more."""
    path = tmp_path / "war.json"
    assert main(["campaign", "new", "War", "--dir", str(tmp_path)]) == 0
    code, out, _ = run(capsys, "campaign", "simulate", str(path), "--games", "20", "--seed", "7")
    assert code == 0 and "Spoils: " in out
    import re

    assert not re.search(r"[a-z]\+\d|bane:", out), re.findall(r".*[a-z]\+\d.*", out)
    for line in out.splitlines():
        if "back to level 1" in line:
            assert ", L1)" not in line, line
