"""The calibration benchmark (``benchmarks/calibration.py``, issue 40, item 3): the estimate of
a sampled position is the analysis's for the side to move, its outcome that side's result,
and the buckets, gaps and Brier score are counted as the README's tables show them."""

from __future__ import annotations

import json
import math
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from battlechess_tui.analysis.engine import analysis_ms, estimate
from battlechess_tui.analysis.model import chance_of
from tests.benchmark_scripts import load

calibration = load("calibration")
ROOT = Path(__file__).resolve().parent.parent


def point(chance: float, result: float, side: int = 0) -> Any:
    return calibration.Point("classic", 0, 0, chance, result, side)


def test_estimates_are_bucketed_by_tenths_and_compared_with_their_outcomes() -> None:
    found = [point(0.05, 0.0), point(0.95, 1.0), point(0.91, 0.5), point(0.5, 1.0), point(1.0, 1)]
    shown = calibration.buckets(found)
    assert [(b.low, b.count) for b in shown] == [(0, 1), (50, 1), (90, 3)]
    top = shown[-1]
    assert top.predicted == pytest.approx((0.95 + 0.91 + 1.0) / 3)
    assert top.actual == pytest.approx(2.5 / 3) and top.gap == pytest.approx(
        top.predicted - 2.5 / 3
    )
    assert calibration.brier(found) == pytest.approx((0.05**2 + 0.05**2 + 0.41**2 + 0.5**2 + 0) / 5)


def test_a_bucket_misses_only_with_a_hundred_positions_more_than_five_points_off() -> None:
    assert not calibration.Bucket(30, 99, 0.35, 0.18).misses()
    assert calibration.Bucket(30, 100, 0.35, 0.18).misses()
    assert not calibration.Bucket(30, 100, 0.35, 0.30).misses()
    assert calibration.Bucket(60, 150, 0.65, 0.71).misses()
    text = calibration.table("classic", [point(0.35, 0.0)] * 100 + [point(0.65, 1.0, 1)] * 50)
    assert "| 30-40% | 100 | 35.0% | 0.0% | +35.0 (misses) | 0.0 |" in text  # one game
    assert "| 60-70% | 50 | 65.0% | 100.0% | -35.0 | 0.0 |" in text
    assert "second player to move: 50 positions, estimate 65.0% on average, outcome 100.0%" in text


def test_a_buckets_outcome_rate_varies_as_much_as_whole_games_drawn_again_vary_it() -> None:
    """The positions of one game share its result: 200 positions from two games, one won and
    one lost, say far less than 200 from 200 games, half of them won."""
    two = [replace(point(0.35, float(i % 2)), game=i % 2) for i in range(200)]
    many = [replace(point(0.35, float(i % 2)), game=i) for i in range(200)]
    assert calibration.buckets(two)[0].spread > 0.25  # 0.35 over all sets of two games
    assert 0.02 < calibration.buckets(many)[0].spread < 0.05  # 0.5 / sqrt(200) = 0.035
    assert calibration.buckets(many) == calibration.buckets(many)  # seeded


def test_the_chance_to_meet_the_target_multiplies_each_full_buckets_chance_to_be_near() -> None:
    """A full bucket whose rate varies by 5 points is within 5 of a right estimate 68% of the
    time; a bucket under 100 positions is not held to the target."""
    one = calibration.Bucket(30, 100, 0.35, 0.35, 0.05)
    assert calibration.chance_to_meet([one]) == pytest.approx(0.6827, abs=1e-4)
    small = calibration.Bucket(60, 99, 0.65, 0.65, 0.2)
    assert calibration.chance_to_meet([one, one, small]) == pytest.approx(0.6827**2, abs=1e-4)


def test_runs_reported_together_keep_their_games_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two runs number their games alike (0, 1, ...): reported together they are two games."""
    files = []
    for seed in (1, 2):
        path = tmp_path / f"run{seed}.json"
        path.write_text(json.dumps([vars(point(0.5, 1.0))]))
        files.append(str(path))
    assert calibration.main(["--report", *files]) == 0
    assert "2 positions from 2 games" in capsys.readouterr().out


def test_a_kept_game_is_read_back_and_its_positions_get_the_analysiss_estimate(
    tmp_path: Path,
) -> None:
    shutil.copy(ROOT / "saves" / "classic-14-0000.json", tmp_path / "classic-3-0000.json")
    task = calibration.Task("classic", 3, 0, 2, tmp_path)
    game, _ = calibration.played(task)
    found = calibration.points(task)
    assert len(found) == 2 and found[0].ply < found[1].ply
    winner = game.outcome.winner if game.outcome is not None else None
    ms = analysis_ms(game.rules, "medium")  # classic's analysis thinks longer than medium
    for p in found:
        state = game.positions[p.ply].state
        side = game.rules.side_to_move(state)
        seed = calibration.search_seed(task, p.ply)
        worth = estimate(game.rules, state, "medium", seed, ms).worth
        assert (p.side, p.chance) == (side, chance_of(worth, side))
        assert p.result == (0.5 if winner is None else float(winner == side))


def test_games_begun_at_random_differ_and_no_position_is_drawn_from_their_random_start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Classic has no dice, so medium against medium plays a handful of openings; with
    ``--random-plies`` each game's first decisions are drawn at random (seeded by the game:
    the same task plays the same game), and the positions sampled come after them."""
    monkeypatch.setattr(calibration, "DECISION_LIMIT", 5)  # five plies a game are enough here
    tasks = [calibration.Task("classic", 1, i, 10, None, 2) for i in range(3)]
    games = [calibration.played(t)[0] for t in tasks]
    starts = {tuple(str(p.action) for p in g.plies[:2]) for g in games}
    assert len(starts) == 3 and all(len(g.plies) == 5 for g in games)
    again = calibration.played(tasks[0])[0]
    assert [p.action for p in again.plies] == [p.action for p in games[0].plies]
    found = calibration.points(tasks[0])
    assert [p.ply for p in found] == [2, 3, 4]
    kept = calibration.Task("classic", 1, 0, 10, tmp_path, 2)
    assert calibration.kept_path(kept) == tmp_path / "classic-1-r2-0000.json"
    assert calibration.kept_path(replace(kept, random_plies=0)) == tmp_path / "classic-1-0000.json"


def test_an_unknown_game_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        calibration.main(["--games-of", "chess960"])
    assert exited.value.code == 2
    assert "games are classic" in capsys.readouterr().err.strip().splitlines()[-1]


def test_the_fitted_factor_is_the_one_that_makes_the_estimates_meet_their_outcomes() -> None:
    """Outcome rates that a confidence twice the game's would predict: the fit finds 2, and
    the points rescaled by 2 are exactly the estimate ``calibrated`` gives."""
    found = []
    for worth in (-0.6, -0.3, -0.1, 0.1, 0.3, 0.6):
        truth = (1 + math.tanh(2 * math.atanh(worth))) / 2
        found.append(point((1 + worth) / 2, truth))
    assert calibration.fit(found) == 2.0
    again = calibration.rescaled(found, 2.0)
    assert [p.chance for p in again] == pytest.approx([p.result for p in found])
    assert calibration.rescaled([point(1.0, 1.0)], 3.0)[0].chance == 1.0  # decided: unchanged


def test_bench_ai_estimates_runs_the_calibration_of_each_game_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``bench_ai.py --estimates`` gives every issue-40 figure its bench_ai command: it runs
    this calibration with its own game, count, position, seed and job options."""
    bench_ai = load("bench_ai")
    seen: list[list[str]] = []

    def main(argv: list[str]) -> int:
        seen.append(argv)
        return 0

    monkeypatch.setattr(calibration, "main", main)
    monkeypatch.setitem(sys.modules, "calibration", calibration)
    argv = ["bench_ai.py", "--estimates", "--only", "classic", "arena", "--games", "200"]
    monkeypatch.setattr("sys.argv", [*argv, "--positions", "20", "--jobs", "2"])
    monkeypatch.setattr("sys.argv", [*sys.argv, "--random-plies", "4"])
    bench_ai.main()
    assert seen == [
        ["--games-of", "classic,arena", "--games", "200", "--positions", "20", "--seed", "1"]
        + ["--jobs", "2", "--random-plies", "4"]
    ]
