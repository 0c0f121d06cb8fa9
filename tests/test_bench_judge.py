"""The judge's benchmarks against Stockfish (issue 40, items 1 and 2) print each figure with
its 95% interval, so that a reader can tell a miss from the noise of 200 positions or 30
games: the counts behind precision and recall, and the hint's average loss and blunders."""

from __future__ import annotations

import math
import statistics

import pytest

from tests.benchmark_scripts import load

marks = load("analysis_marks")
hint_quality = load("hint_quality")


def test_marks_count_precision_and_recall_against_stockfish_with_wilson_intervals() -> None:
    scored = [
        marks.Scored("??", 450),  # a blunder marked
        marks.Scored("??", 120),  # a mistake read as a blunder
        marks.Scored("?", 350),  # a blunder marked only "?"
        marks.Scored("", 300),  # a blunder missed
        marks.Scored("", 0),
    ]
    # "??": 2 marked, 3 blunders to Stockfish, 1 in both.
    assert marks.agreement(scored, ("??",), 300) == "2 | 3 | 1 | 50% (9%-91%) | 33% (6%-79%)"
    # "?" or "??": 3 marked, 4 losses of 100 or more, 3 in both.
    assert (
        marks.agreement(scored, ("?", "??"), 100) == "3 | 4 | 3 | 100% (44%-100%) | 75% (30%-95%)"
    )


def test_marks_with_nothing_to_count_say_so() -> None:
    assert marks.agreement([marks.Scored("", 0)], ("??",), 300) == "0 | 0 | 0 | - | -"


def test_hint_quality_row_gives_the_average_loss_with_its_interval_and_the_blunder_rate() -> None:
    losses = [0] * 190 + [100] * 7 + [300, 400, 853]
    half = 1.959964 * statistics.stdev(losses) / math.sqrt(200)
    mean = statistics.mean(losses)
    assert mean == pytest.approx(11.265)
    low, high = round(mean - half), round(mean + half)
    assert (low, high) == (1, 21)
    assert hint_quality.row("middlegame", losses, 10) == (
        "| middlegame | 200 | 10 | 11 (1-21) | 0 | 3, 2% (1%-4%) |"
    )


def test_a_blunder_is_a_loss_of_300_or_more() -> None:
    assert hint_quality.row("x", [299, 0], 10).endswith("| 0, 0% (0%-66%) |")
    assert hint_quality.row("x", [300, 0], 10).endswith("| 1, 50% (9%-91%) |")
