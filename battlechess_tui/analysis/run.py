"""Analysing a game: one piece of work per position (its estimate, and for the decision made
there the estimates of the results its dice could have given), spread over processes, then
put together into an ``Analysis``.

Each piece of work is seeded by its position's index, so the analysis is the same whatever
the number of jobs. Pieces are handed out in game order and reported as they finish, so a
caller (the app's graph, the command's progress bar) can show the part done so far.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from battlechess_tui import __version__
from battlechess_tui.ai.budget import confidence
from battlechess_tui.analysis import engine
from battlechess_tui.analysis.model import Analysis, DecisionReport, RollReport, RollResult
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import META_KINDS, Game
from battlechess_tui.engine.levels import QUICK, Level

if TYPE_CHECKING:
    from battlechess_tui.save.model import SaveFile

#: Seeds of a position's search and of its roll's samples (apart, so neither shifts the other).
SEARCH_SEED, ROLL_SEED = 1_000_003, 2_000_003


class AnalysisCancelled(Exception):
    """The analysis was stopped before it finished."""


@dataclass(frozen=True)
class Work:
    """What one position gave: its estimate (the preferred decision as text and notation),
    and for a decision with dice the worths of its results other than the one that came."""

    index: int
    worth: float
    preferred: str | None
    preferred_notation: str
    reason: str
    others: tuple[float, ...] = ()
    preferred_after: float | None = None


def position_work(game: Game, index: int, level: str) -> Work:
    """The work of position ``index`` of ``game`` (the positions after each decision)."""
    rules, position = game.rules, game.positions[index]
    if position.agreed is not None:  # a resignation or an agreed draw
        return Work(index, engine.outcome_worth(position.agreed), None, "", "")
    state, ms = position.state, engine.analysis_ms(rules, level)
    found = engine.estimate(rules, state, level, SEARCH_SEED * (index + 1), ms)
    preferred, notation = None, ""
    if found.preferred is not None:
        preferred = found.preferred.text(rules.geo)
        notation = game.presenter.notation(state, found.preferred)
    others = _other_results(game, index, level, ms)
    better = _after_preferred(game, index, found.preferred, level, ms)
    return Work(index, found.worth, preferred, notation, found.reason, others, better)


def _other_results(game: Game, index: int, level: str, ms: int | None) -> tuple[float, ...]:
    """The worths of the results the roll of decision ``index`` could have given but did not."""
    roll = _roll(game, index)
    if roll is None:
        return ()
    seed = SEARCH_SEED * (index + 1)
    return tuple(
        engine.estimate(game.rules, s, level, seed + 7 * (k + 1), ms).worth
        for k, s in enumerate(roll.states)
        if k != roll.actual
    )


def _after_preferred(
    game: Game, index: int, preferred: Action | None, level: str, ms: int | None
) -> float | None:
    """The worth expected after the engine's preferred decision at ``index``, where the one
    played was another (else None: the decision played costs nothing)."""
    if preferred is None or index >= len(game.plies):
        return None
    ply = game.plies[index]
    if ply.action.kind in META_KINDS or ply.action == preferred:
        return None
    state, seed = game.positions[index].state, SEARCH_SEED * (index + 1) + 5
    return engine.expected_after(game.rules, state, preferred, level, seed, ms)


def _roll(game: Game, index: int) -> engine.Roll | None:
    """The roll of the decision made at position ``index``, if it threw dice."""
    if index >= len(game.plies):
        return None
    ply = game.plies[index]
    if ply.action.kind in META_KINDS or not ply.rolls:
        return None
    before, after = game.positions[index].state, game.positions[index + 1].state
    return engine.roll_of(game.rules, before, ply.action, after, ROLL_SEED * (index + 1))


# -- spreading the work --------------------------------------------------------------------------


def max_jobs() -> int:
    """The most processes an analysis uses: the cores this machine gives battlechess."""
    from battlechess_tui.engine.machine import default_jobs

    return default_jobs()


_WORKER_GAME: Game | None = None


def _start_worker(record: SaveFile, name: str, parent: int) -> None:
    """A worker's game: the one the analysis was started on, handed over as its record (the
    save is never read again: a file replaced meanwhile cannot mix two games)."""
    global _WORKER_GAME
    from battlechess_tui.save.store import load_record

    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
    _WORKER_GAME = load_record(record, Path(name), edited=True).game


def _end_with(parent: int) -> None:
    """End this worker once the process that started the analysis is gone (killed: its
    pool could not stop us)."""
    while True:
        time.sleep(1.0)
        try:
            os.kill(parent, 0)
        except OSError:
            os._exit(1)


def _worker_task(index: int, level: str) -> Work:
    assert _WORKER_GAME is not None
    return position_work(_WORKER_GAME, index, level)


def _start_resource_tracker() -> None:
    """Start multiprocessing's helper process with the real standard error: inside the app,
    ``sys.stderr`` is Textual's capture, whose file number (-1) the helper cannot inherit."""
    from multiprocessing import resource_tracker

    stderr = sys.stderr
    try:
        if sys.__stderr__ is not None:
            sys.stderr = sys.__stderr__
        resource_tracker.ensure_running()
    finally:
        sys.stderr = stderr


def works(
    game: Game,
    level: str,
    jobs: int = 1,
    path: Path | None = None,
    cancel: threading.Event | None = None,
) -> Iterator[Work]:
    """Each position's work in game order. With ``jobs`` > 1 the positions are shared among
    that many processes (at most one per core), each handed ``game`` as its record (``path``,
    the game's save if it has one, only names it in messages)."""
    from battlechess_tui.save.records import record_of

    count = len(game.positions)
    jobs = min(jobs, max_jobs())
    if jobs <= 1:
        for index in range(count):
            if cancel is not None and cancel.is_set():
                raise AnalysisCancelled
            yield position_work(game, index, level)
        return
    context = multiprocessing.get_context("forkserver")
    # Workers need this module only, never the program's ``__main__`` (a script run anew).
    context.set_forkserver_preload([__name__])
    _start_resource_tracker()
    handed = (record_of(game), str(path or "the game"), os.getpid())
    with ProcessPoolExecutor(jobs, context, _start_worker, handed) as pool:
        futures: list[Future[Work]] = [
            pool.submit(_worker_task, index, level) for index in range(count)
        ]
        try:
            for future in futures:
                while True:
                    if cancel is not None and cancel.is_set():
                        raise AnalysisCancelled
                    try:
                        yield future.result(timeout=0.2)
                        break
                    except TimeoutError:
                        continue
        finally:
            for future in futures:
                future.cancel()


# -- putting it together -------------------------------------------------------------------------


def empty(game: Game, level: str, digest: str = "") -> Analysis:
    """An analysis of ``game`` with nothing done yet."""
    rules = game.rules
    return Analysis(
        rules.spec.key,
        level,
        __version__,
        tuple(rules.side_names),
        len(game.plies),
        worths=[None] * len(game.positions),
        save_digest=digest,
        pawns_unit=rules.estimate_unit == "pawns",
        confidence=confidence(rules),
    )


def add(analysis: Analysis, game: Game, done: dict[int, Work]) -> None:
    """Fill ``analysis`` with every decision whose positions are all in ``done``."""
    for index, work in done.items():
        analysis.worths[index] = work.worth
    have = {d.ply for d in analysis.decisions}
    for index in range(len(game.plies)):
        if index in have or index not in done or index + 1 not in done:
            continue
        report = decision_report(game, index, done[index], done[index + 1])
        if report is not None:
            analysis.decisions.append(report)
    analysis.decisions.sort(key=lambda d: d.ply)


def decision_report(game: Game, index: int, work: Work, nxt: Work) -> DecisionReport | None:
    """The report of the decision made at position ``index`` (None for a resignation or a
    draw offer: the table's choices, not the rules')."""
    ply, rules = game.plies[index], game.rules
    if ply.action.kind in META_KINDS:
        return None
    state = game.positions[index].state
    side = rules.side_of(ply.seat)
    roll = _roll(game, index)
    report = None
    if roll is None:
        after = nxt.worth
        weighted: list[tuple[Any, Fraction]] = [(game.positions[index + 1].state, Fraction(1))]
    else:
        worths = list(work.others)
        worths.insert(roll.actual, nxt.worth)
        results = tuple(
            RollResult(w, worth, k == roll.actual)
            for k, (w, worth) in enumerate(zip(roll.weights, worths, strict=True))
        )
        fight = None if roll.won is None else roll.chance.p
        report = RollReport(results, roll.exact, fight, roll.won)
        after = float(report.expected)
        weighted = list(zip(roll.states, roll.weights, strict=True))
    sign = 1 if side == 0 else -1
    played = ply.action.text(rules.geo)
    best = after if work.preferred_after is None else work.preferred_after
    cost = max(0.0, sign * (best - after))
    lost = engine.pawns_lost(rules, side, best, after)
    if engine.decided(work.worth) and engine.decided(after) and work.worth * after > 0:
        # a won game still won (or a lost one still lost) is no mistake
        cost, lost = 0.0, None if lost is None else 0.0
    words = (
        ""
        if played == work.preferred
        else engine.played_words(rules, state, ply.action, weighted, after)
    )
    return DecisionReport(
        index,
        ply.seat,
        side,
        ply.notation,
        work.worth,
        after,
        work.preferred,
        work.preferred_notation,
        work.reason,
        words,
        round(cost, 6),
        report,
        engine.pawns(rules, work.worth),
        lost,
    )


def analyse(
    game: Game,
    level: Level | str = Level.MEDIUM,
    jobs: int = 1,
    path: Path | None = None,
    progress: Callable[[Analysis], None] | None = None,
    cancel: threading.Event | None = None,
    digest: str = "",
) -> Analysis:
    """The analysis of ``game`` at ``level`` (medium, hard, or ``QUICK``); ``progress`` is
    called with the part done each time a position's work arrives."""
    if level != QUICK:
        level = Level.parse(level)
        if level not in engine.ANALYSIS_LEVELS:
            raise ValueError(f"no analysis level {level!r}: choose medium or hard (or quick)")
    analysis = empty(game, level, digest)
    done: dict[int, Work] = {}
    for work in works(game, level, jobs, path, cancel):
        done[work.index] = work
        add(analysis, game, done)
        if progress is not None:
            progress(analysis)
    return analysis
