"""Classic chess against an outside UCI engine (``bench_ai.py --against stockfish``), and the
hint-quality measure (``bench_ai.py --hint-quality``). Benchmark-only: python-chess (the test
extra) and an engine binary (Debian's ``stockfish``); neither is needed by the app or tests.

A match: our level against the engine at a ``Skill Level`` and a time per move, colours
alternating, each game played on the rules' own states (so the draw rules are ours) with the
engine's moves read back as actions. The score (draws half) gets a 95% Wilson interval and the
Elo difference it implies.
"""

from __future__ import annotations

import math
import random
import shutil
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import chess
import chess.engine

from battlechess_tui.ai import Budget, make_player
from battlechess_tui.engine.actions import MOVE, Action
from battlechess_tui.engine.dice import Dice
from battlechess_tui.simulation import cached_variant, wilson

#: A game still going after this many plies is scored a draw (and counted as such).
MAX_PLIES = 400
ENGINE_PATHS = ("stockfish", "/usr/games/stockfish")


def engine_path(name: str) -> str:
    """The engine's binary; SystemExit with one line if it is not installed."""
    for candidate in (name, *ENGINE_PATHS) if name == "stockfish" else (name,):
        found = shutil.which(candidate)
        if found:
            return found
    raise SystemExit(f"bench_ai: no UCI engine {name!r} found (Debian: apt install stockfish)")


@dataclass(frozen=True)
class Match:
    """Our ``level`` (``think_ms`` per decision, None for its default) against ``engine`` at
    ``skill`` with ``engine_ms`` per move."""

    engine: str
    level: str
    skill: int
    engine_ms: int
    think_ms: int | None
    seed: int


@dataclass(frozen=True)
class GameResult:
    index: int
    our_side: int
    winner: int | None  # side index, None for a draw
    plies: int
    ending: str
    seconds: tuple[float, ...]  # our decisions' wall-clock times
    moves: tuple[str, ...] = ()  # the game's moves (UCI), for its analysis


def to_action(move: chess.Move) -> Action:
    promo = chess.piece_symbol(move.promotion) if move.promotion else ""
    return Action(MOVE, (move.from_square, move.to_square), promo)


def to_move(action: Action) -> chess.Move:
    promo = chess.PIECE_SYMBOLS.index(action.choice) if action.choice else None
    return chess.Move(action.squares[0], action.squares[1], promo)


def play_game(match: Match, index: int) -> GameResult:
    """Game ``index``: we are White in even games, Black in odd ones."""
    variant = cached_variant("classic", {})
    rules = variant.rules
    state, _ = rules.new_game(Dice(random.Random(0)))
    board = chess.Board()
    ours = index % 2
    rng = random.Random(match.seed * 1_000_003 + index)
    player = make_player(match.level)
    seconds: list[float] = []
    engine = chess.engine.SimpleEngine.popen_uci(engine_path(match.engine))
    try:
        engine.configure({"Skill Level": match.skill, "Threads": 1, "Hash": 16})
        plies = 0
        while rules.outcome(state) is None and plies < MAX_PLIES:
            if rules.side_to_move(state) == ours:
                budget = Budget.for_level(match.level, match.think_ms, rules=rules)
                start = time.perf_counter()
                action = player.choose(rules, state, rules.to_move(state), rng, budget)
                seconds.append(time.perf_counter() - start)
            else:
                limit = chess.engine.Limit(time=match.engine_ms / 1000)
                played = engine.play(board, limit)
                assert played.move is not None
                action = to_action(played.move)
            board.push(to_move(action))
            state, _ = rules.apply(state, action, Dice(rng))
            plies += 1
    finally:
        engine.quit()
    outcome = rules.outcome(state)
    winner = outcome.winner if outcome is not None else None
    ending = variant.presenter.outcome_reason(outcome) if outcome else f"{MAX_PLIES} plies"
    moves = tuple(m.uci() for m in board.move_stack)
    return GameResult(index, ours, winner, plies, ending, tuple(seconds), moves)


def play_match(match: Match, games: int, jobs: int) -> list[GameResult]:
    """The games, each reported on stderr as it ends (a long run can be read part-way)."""
    done: list[GameResult] = []
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(play_game, match, i) for i in range(games)]
        for future in as_completed(futures):
            done.append(future.result())
            print(progress(done), file=sys.stderr, flush=True)
    return sorted(done, key=lambda r: r.index)


def progress(done: list[GameResult]) -> str:
    last = done[-1]
    colour = "White" if last.our_side == 0 else "Black"
    result = "draw" if last.winner is None else "won" if last.winner == last.our_side else "lost"
    won = sum(r.winner == r.our_side for r in done)
    lost = sum(r.winner is not None and r.winner != r.our_side for r in done)
    return (
        f"game {last.index} as {colour}: {result} ({last.ending}, {last.plies} plies); "
        f"so far {won}-{lost}-{len(done) - won - lost}"
    )


def elo(score: float) -> float:
    """The Elo difference a score (0..1) implies."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def report(match: Match, results: list[GameResult]) -> str:
    """One Markdown table line: the pairing, won-lost-drawn, score (95% CI), Elo, times."""
    won = sum(r.winner == r.our_side for r in results)
    lost = sum(r.winner is not None and r.winner != r.our_side for r in results)
    drawn = len(results) - won - lost
    n = len(results)
    score = (won + drawn / 2) / n if n else 0.0
    low, high = wilson(won + drawn / 2, n)  # type: ignore[arg-type]
    times = [s for r in results for s in r.seconds]
    p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else 0.0
    think = f"{match.think_ms} ms" if match.think_ms else "default"
    return (
        f"| {match.level} ({think}) | Skill Level {match.skill}, {match.engine_ms} ms | {n} | "
        f"{won}-{lost}-{drawn} | {score:.0%} ({low:.0%}-{high:.0%}) | {elo(score):+.0f} "
        f"({elo(low):+.0f} to {elo(high):+.0f}) | {statistics.median(times):.2f} | {p90:.2f} |"
    )


HEADER = (
    "| ours | engine | games | won-lost-drawn | score (95% CI) | Elo difference (95% CI) "
    "| s/decision median | 90th pct |\n|---|---|---|---|---|---|---|---|"
)


def run_match(args: Any) -> None:
    match = Match(args.against, args.level, args.skill, args.engine_ms, args.think_ms, args.seed)
    engine_path(match.engine)
    print(HEADER, flush=True)
    start = time.perf_counter()
    results = play_match(match, args.games, args.jobs)
    print(report(match, results))
    endings: dict[str, int] = {}
    for r in results:
        endings[r.ending] = endings.get(r.ending, 0) + 1
    print(f"\nendings: {endings}; {time.perf_counter() - start:.0f} s in all")
