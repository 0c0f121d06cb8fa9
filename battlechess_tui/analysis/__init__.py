"""Whole-game analysis: skill or dice? For every decision the engine's estimate before it,
the decision it prefers and what the one played cost; for every roll the chance of each
result, the estimate expected and the luck of what came. No UI here: results are plain data
that write to JSON (``model.py``); the one way into the computer players is ``engine.py``.
"""

from battlechess_tui.analysis.model import (
    BIG_ROLL,
    SYMBOLS,
    THRESHOLDS,
    Analysis,
    DecisionReport,
    RollReport,
    SideSummary,
)
from battlechess_tui.analysis.run import AnalysisCancelled, analyse

__all__ = [
    "BIG_ROLL",
    "SYMBOLS",
    "THRESHOLDS",
    "Analysis",
    "AnalysisCancelled",
    "DecisionReport",
    "RollReport",
    "SideSummary",
    "analyse",
]
