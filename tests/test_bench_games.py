"""The game-by-game benchmark (``benchmarks/bench_games.py``) plays bench_ai's games and
counts each game once when several runs' logs are put together: the README's level rows
that were played in pieces rest on it."""

from __future__ import annotations

from argparse import Namespace

import pytest

from tests.benchmark_scripts import load

bench = load("bench_games")


def args(**given: object) -> Namespace:
    base = dict(game="classic", pair="hard:medium", games=40, start=0, to=None, seed=1)
    return Namespace(**(base | {"paired": False} | given))


def test_it_plays_bench_ais_seeds_and_sides():
    todo = bench.tasks(args(start=3, to=5))
    # game 3 with each colour, then game 4; White's games on seed 1, Black's on seed 2
    assert [(t.index, t.side, t.seed) for t in todo] == [(3, 0, 1), (3, 1, 2), (4, 0, 1), (4, 1, 2)]
    assert all(t.levels == ("hard", "medium") for t in todo)
    assert len(bench.tasks(args())) == 40
    # paired: each deal (one seed) once with each colour
    assert {t.seed for t in bench.tasks(args(paired=True))} == {1}


def test_a_tally_of_several_logs_counts_each_game_once(tmp_path, capsys):
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_text(
        "gladiator hard:medium side=0 game=0 plies=80 win cpu=9s | ...\n"
        "gladiator hard:medium side=1 game=0 plies=90 loss cpu=9s | ...\n"
    )
    # an older log's format, and game 0 as White again (played twice: counted once)
    second.write_text(
        "gladiator hard:medium side=0 game=0 plies=80 win kind=queen-held cpu=9s | 1-0-0\n"
        "gladiator hard:medium side=0 game=1 plies=70 draw kind=quiet cpu=9s | 1-0-1\n"
    )
    bench.tally([str(first), str(second)])
    assert capsys.readouterr().out.strip() == (
        "3 games (2 as White): 1-1-1 (+0 unfinished) over 3, 50% (21%-94%)"
    )


def test_a_tally_of_logs_without_games_or_unreadable_says_so_in_one_line(tmp_path):
    empty = tmp_path / "empty.md"
    empty.write_text("nothing played\n")
    with pytest.raises(SystemExit, match="no game lines in .*empty.md"):
        bench.tally([str(empty)])
    with pytest.raises(SystemExit, match="cannot read .*missing.md"):
        bench.tally([str(tmp_path / "missing.md")])
