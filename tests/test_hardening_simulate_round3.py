"""Issue 28, items 9 and 10: ``simulate`` streams its games (memory independent of
``--games``), caps ``--think-ms`` and ``--jobs`` in one line, and its workers end with it."""

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Generator
from pathlib import Path

import pytest

from battlechess_tui.cli import main
from battlechess_tui.simulation import Run, Summary, default_jobs, play_many

ROOT = Path(__file__).resolve().parent.parent


def test_issue28_9_games_are_streamed_so_a_huge_count_starts_at_once():
    """99,999,999,999 games used to be 1.3 GB of queued work before the first was played:
    now the first game comes back after a handful are handed out."""
    games = play_many(Run("classic", 1), 99_999_999_999, jobs=2)
    first, second = next(games), next(games)
    assert isinstance(games, Generator)
    games.close()
    assert (first.index, second.index) == (0, 1)


def test_issue28_9_streamed_games_come_in_order_and_match_one_process():
    one = [(p.index, p.plies, p.winner) for p in play_many(Run("classic", 4), 6, jobs=1)]
    two = [(p.index, p.plies, p.winner) for p in play_many(Run("classic", 4), 6, jobs=2)]
    assert one == two and [i for i, _, _ in one] == list(range(6))


def test_issue28_9_a_summary_keeps_counts_not_every_game():
    summary = Summary("classic")
    for plies in [10, 10, 20, 30, 30, 30, 90]:
        summary.games += 1
        summary.lengths[plies] += 1
    assert summary.lengths == Counter({30: 3, 10: 2, 20: 1, 90: 1})
    assert summary.quartiles() == (15.0, 30.0, 30.0)  # statistics.quantiles' inclusive method
    assert summary.total_plies == 220


@pytest.mark.parametrize(
    ("flags", "problem"),
    [
        (["--think-ms", str(10**31)], "--think-ms: must be from 1 to 60000, not 1000"),
        (["--think-ms", "0"], "--think-ms: must be from 1 to 60000, not 0"),
        (["--jobs", str(default_jobs() + 14)], f"--jobs is at most {default_jobs()}"),
        (["--jobs", "0"], "--jobs/-j: must be at least 1, not 0"),
        (["--games", "0"], "--games: must be at least 1, not 0"),
        (["--games", "many"], "'many' is not a whole number"),
        (["--seed", str(2**64)], "--seed: must be from"),
    ],
    ids=[
        "think-huge",
        "think-zero",
        "jobs-over-cores",
        "jobs-zero",
        "games-zero",
        "games-word",
        "seed-huge",
    ],
)
def test_issue28_9_simulate_refuses_unbounded_numbers_in_one_line(capsys, flags, problem):
    assert _exit_code(["simulate", "classic", *flags]) == 2
    err = capsys.readouterr().err
    assert problem in err and err.count("\n") == 1


def _exit_code(argv: list[str]) -> int:
    """``main``'s status, whether it returns it or the parser exits with it."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out.update(int(t) for t in text)
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["term", "kill"])
def test_issue28_10_simulate_workers_end_when_the_parent_is_killed(how):
    code = "import sys; from battlechess_tui.cli import main; sys.exit(main(sys.argv[1:]))"
    args = ["simulate", "classic", "--games", "100000", "--jobs", "2"]
    workers: set[int] = set()
    parent = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(parent.pid)
        assert len(workers) >= 2, "the workers never started"
        os.kill(parent.pid, how)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 20
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for worker in workers:  # never leave one running, even when the test fails
            if _alive(worker):
                os.kill(worker, signal.SIGKILL)
