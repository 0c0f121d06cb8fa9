"""Every shipped game, played by random players: it ends, saves, and replays exactly.

The issues' full runs (1,000 games per variant) are `battlechess simulate VARIANT --games 1000
--seed 1 --save-dir DIR --verify`; this samples the same code on every variant, every run.
"""

import os
import random
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from battlechess_tui.cli import main
from battlechess_tui.engine.dice import DiceExpr
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.registry import specs
from battlechess_tui.engine.vocabulary import Ending
from battlechess_tui.save.store import load_game, save_game, verify_file
from battlechess_tui.simulation import random_game, simulate, wilson

GAMES_PER_VARIANT = 4


@pytest.mark.parametrize("key", list(specs()))
def test_random_games_end_and_every_one_replays_and_verifies(key, tmp_path):
    summary = simulate(key, GAMES_PER_VARIANT, seed=1, save_dir=tmp_path)
    assert summary.unfinished == 0
    assert summary.games == GAMES_PER_VARIANT
    for path in sorted(tmp_path.glob("*.json")):
        assert verify_file(path) is None, path
        loaded = load_game(path).game
        assert loaded.outcome is not None


def _die_sides(dice: str) -> list[int]:
    return [sides for count, sides in DiceExpr.parse(dice).terms for _ in range(count)]


@pytest.mark.parametrize("key", list(specs()))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_property_rolls_are_within_their_dice_and_rebuilds_agree(key, seed, tmp_path_factory):
    game = random_game(key, seed)
    for ply in game.plies:
        for event in ply.events:
            if isinstance(event, Roll):
                sides = _die_sides(event.dice)
                assert len(sides) == len(event.faces)
                assert all(1 <= f <= s for f, s in zip(event.faces, sides, strict=True))
    path = tmp_path_factory.mktemp("saves") / "g.json"
    save_game(game, path)
    rebuilt = load_game(path).game
    # Every position along the way is the same when rebuilt from the recorded rolls.
    rng = random.Random(seed)
    for i in sorted(rng.sample(range(len(game.positions)), min(5, len(game.positions)))):
        a, b = game.positions[i].state, rebuilt.positions[i].state
        geo = game.variant.rules.geo
        assert [game.variant.piece_view(a, s) for s in range(geo.size)] == [
            rebuilt.variant.piece_view(b, s) for s in range(geo.size)
        ]


def _run_cli(capsys, *args):
    """``main``'s status (a usage error exits through the parser), output and errors."""
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_between_levels_prints_the_summary_lines_rates_lengths_and_endings(capsys):
    code, out, _ = _run_cli(
        capsys,
        "simulate",
        "arena",
        "--games",
        "3",
        "--white",
        "greedy",
        "--black",
        "easy",
        "--think-ms",
        "5",
        "--jobs",
        "1",
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "arena: 3 games, White greedy vs Black easy"
    counts = {}
    for name in ("White wins", "Black wins", "draws"):
        line = next(x for x in lines if x.strip().startswith(f"{name}: "))
        assert re.fullmatch(rf"  {name}: \d+", line), line
        counts[name] = int(line.split(": ")[1])
    assert sum(counts.values()) == 3
    assert re.search(r"White win rate: [\d.]+% \(95% CI [\d.]+% to [\d.]+%\)", out)
    assert re.search(r"mean length: [\d.]+ decisions \(quartiles [\d.]+, [\d.]+, [\d.]+\)", out)
    kinds = re.findall(r"^ +(\d+) x ([a-z-]+) \(", out, re.MULTILINE)
    assert sum(int(n) for n, _ in kinds) == 3
    assert {k for _, k in kinds} <= {e.value for e in Ending}
    assert "Endings" in out and "█" in out  # the chart


@pytest.mark.parametrize("args", [("--games", "0"), ("--jobs", "0"), ("--think-ms", "0")])
def test_simulate_refuses_nonsense_in_one_line(capsys, args):
    code, _, err = _run_cli(capsys, "simulate", "classic", *args)
    assert code == 2 and err.startswith("battlechess: ") and err.count("\n") == 1


def test_simulate_names_the_levels_when_one_is_unknown(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "classic", "--white", "expert"])
    err = capsys.readouterr().err
    assert "expert" in err and "medium" in err


def test_simulate_gives_the_same_games_for_any_jobs_and_any_hash_seed(capsys, tmp_path):
    """Game i depends on its seed alone: one process, two processes, and another
    interpreter (other string hashes) play the same games."""
    args = ["simulate", "dice-chess", "--games", "3", "--seed", "4", "--white", "easy",
            "--black", "greedy", "--think-ms", "5"]  # fmt: skip
    _, one, _ = _run_cli(capsys, *args, "--jobs", "1")
    _, two, _ = _run_cli(capsys, *args, "--jobs", "2")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run(
        [sys.executable, "-m", "battlechess_tui", *args, "--jobs", "2"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert one == two == other


def test_wilson_interval_matches_the_textbook_figures():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
