"""``battlechess show`` and ``perft --position`` (issue 10, item 4): every game draws a
position and reads back the text it prints."""

from __future__ import annotations

import pytest

from battlechess_tui.cli import main
from battlechess_tui.engine.registry import specs

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("key", list(specs()))
def test_show_draws_the_setup_and_its_text_reads_back(capsys, key):
    code, out, err = run(capsys, "show", key)
    assert code == 0, err
    lines = out.splitlines()
    text = lines[-1]
    assert "a" in lines[0] and "1" in out  # file letters and rank numbers
    code, again, err = run(capsys, "show", key, "--position", text)
    assert code == 0, err
    assert again == out


def test_perft_position_and_its_fen_alias_agree(capsys):
    assert run(capsys, "perft", "classic", "--position", KIWIPETE, "--depth", "2")[:2] == (
        0,
        "2039\n",
    )
    assert run(capsys, "perft", "classic", "--fen", KIWIPETE, "--depth", "2")[:2] == (0, "2039\n")


@pytest.mark.parametrize(
    "args",
    [
        ("show", "classic", "--position", "not a position"),
        ("show", "gladiator", "--position", ""),
        ("perft", "classic", "--depth", "99999999999999999999"),
        ("perft", "classic", "--depth", "100"),
        ("perft", "classic", "--depth", "-1"),
    ],
)
def test_bad_positions_and_depths_are_one_line(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and err.startswith("battlechess: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("fen", "says"),
    [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "the game is over there (Draw: stalemate)"),
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "the game is over there (White wins"),
    ],
)
def test_play_refuses_a_position_where_the_game_is_already_over(capsys, fen, says):
    """Issue 37 item 7: a position that leaves nothing to play is refused in one line,
    before the app starts (show and perft still read it)."""
    code = main(["play", "classic", "--fen", fen])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"battlechess: bad position for classic: {says}" in err
    assert main(["show", "classic", "--fen", fen]) == 0
