"""Classic chess against sunfish, the best-known chess engine in Python (``bench_ai.py
--against sunfish``; PyPI ``sunfish``, in the ``bench`` extra only).

Both sides are given the same CPU time a move: ours its level's node budget (what that costs
is measured and reported), sunfish ``--engine-ms`` of this process's CPU time (its clock,
``time.time``, is replaced by ``time.process_time`` in its module, so a loaded machine slows
both sides alike). A deterministic opponent would repeat one game, so games come in pairs from
``OPENINGS`` (twenty common ones), each opening played once with each colour.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import types
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import chess
from uci_match import MAX_PLIES, GameResult, elo, progress, to_action, to_move

from battlechess_tui.ai import Budget, make_player
from battlechess_tui.engine.dice import Dice
from battlechess_tui.simulation import cached_variant, wilson

#: Twenty common openings (SAN), each played once with each colour.
OPENINGS = (
    "e4 e5 Nf3 Nc6 Bb5 a6",  # Ruy Lopez
    "e4 e5 Nf3 Nc6 Bc4 Bc5",  # Italian
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6",  # Sicilian, open
    "e4 c5 Nc3 Nc6 g3",  # Sicilian, closed
    "e4 e6 d4 d5 Nc3",  # French
    "e4 c6 d4 d5 Nc3 dxe4 Nxe4",  # Caro-Kann
    "e4 d5 exd5 Qxd5 Nc3 Qa5",  # Scandinavian
    "e4 d6 d4 Nf6 Nc3 g6",  # Pirc
    "e4 Nf6 e5 Nd5 d4 d6",  # Alekhine
    "e4 e5 f4 exf4 Nf3",  # King's Gambit
    "d4 d5 c4 e6 Nc3 Nf6",  # Queen's Gambit Declined
    "d4 d5 c4 dxc4 Nf3",  # Queen's Gambit Accepted
    "d4 d5 c4 c6 Nf3 Nf6",  # Slav
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6",  # King's Indian
    "d4 Nf6 c4 e6 Nc3 Bb4",  # Nimzo-Indian
    "d4 Nf6 c4 e6 Nf3 b6",  # Queen's Indian
    "d4 Nf6 c4 c5 d5 e6",  # Benoni
    "d4 f5 g3 Nf6 Bg2",  # Dutch
    "c4 e5 Nc3 Nf6",  # English
    "Nf3 d5 g3 Nf6 Bg2",  # Reti
)


@dataclass(frozen=True)
class Match:
    """Our ``level`` (``think_ms`` per decision, None for its own) against sunfish with
    ``engine_ms`` of CPU time a move."""

    level: str
    engine_ms: int
    think_ms: int | None
    seed: int


def sunfish_move(board: chess.Board, seconds: float) -> chess.Move:
    """Sunfish's move within ``seconds`` of CPU time (the last depth it finished)."""
    import sunfish
    from sunfish_ui import uci

    sunfish.time = types.SimpleNamespace(time=time.process_time)  # its clock: CPU time
    uci.sunfish = sunfish
    white = board.turn == chess.WHITE
    pos = uci.from_fen(*board.fen().split())
    searcher = sunfish.Searcher()
    searcher.deadline = searcher.soft = time.process_time() + seconds
    best = cand = None
    finished = 1
    try:
        for depth, gamma, score, move in searcher.search([pos]):
            if depth > finished:
                best, finished = cand or best, depth
            if score >= gamma and move is not None:
                cand = move
        chosen = cand or best  # the search ended after a depth it finished
    except sunfish.Stop:
        chosen = best or cand  # stopped within a depth: the last one finished
    if chosen is None:
        return next(iter(board.legal_moves))
    move = chess.Move.from_uci(uci.render_move(chosen, white))
    return move if move in board.legal_moves else next(iter(board.legal_moves))


def play_game(match: Match, index: int) -> tuple[GameResult, list[float], list[float]]:
    """Game ``index``: opening ``index // 2``, we are White in even games. Returns the game
    and the CPU seconds of our decisions and of sunfish's."""
    rules = cached_variant("classic", {}).rules
    state, _ = rules.new_game(Dice(random.Random(0)))
    board, ours = chess.Board(), index % 2
    rng = random.Random(match.seed * 1_000_003 + index)
    for san in OPENINGS[(index // 2) % len(OPENINGS)].split():
        move = board.parse_san(san)
        board.push(move)
        state, _ = rules.apply(state, to_action(move), Dice(rng))
    player = make_player(match.level)
    mine: list[float] = []
    theirs: list[float] = []
    while rules.outcome(state) is None and board.ply() < MAX_PLIES:
        start = time.process_time()
        if rules.side_to_move(state) == ours:
            budget = Budget.for_level(match.level, match.think_ms, rules=rules)
            action = player.choose(rules, state, rules.to_move(state), rng, budget)
            mine.append(time.process_time() - start)
        else:
            action = to_action(sunfish_move(board, match.engine_ms / 1000))
            theirs.append(time.process_time() - start)
        board.push(to_move(action))
        state, _ = rules.apply(state, action, Dice(rng))
    outcome = rules.outcome(state)
    winner = outcome.winner if outcome is not None else None
    presenter = cached_variant("classic", {}).presenter
    ending = presenter.outcome_reason(outcome) if outcome else f"{MAX_PLIES} plies"
    return GameResult(index, ours, winner, board.ply(), ending, tuple(mine)), mine, theirs


def run(args: Any) -> None:
    """``--games`` games (pairs from the openings) with ``--jobs`` processes: one table line."""
    try:
        import sunfish  # noqa: F401
    except ImportError:
        raise SystemExit("bench_ai: sunfish is not installed (pip install -e '.[bench]')") from None
    level = args.level or "medium"
    engine_ms = args.engine_ms
    match = Match(level, engine_ms, args.think_ms, args.seed)
    start = time.perf_counter()
    done: list[GameResult] = []
    mine: list[float] = []
    theirs: list[float] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(play_game, match, i) for i in range(args.games)]
        for future in as_completed(futures):
            game, ours_cpu, their_cpu = future.result()
            done.append(game)
            mine.extend(ours_cpu)
            theirs.extend(their_cpu)
            print(progress(done), file=sys.stderr, flush=True)
    print(HEADER)
    print(line(match, done, mine, theirs))
    print(f"\n{time.perf_counter() - start:.0f} s in all")


HEADER = (
    "| ours | sunfish (CPU a move) | games (pairs) | won-lost-drawn | score (95% CI) "
    "| Elo difference (95% CI) | CPU s a move, ours / sunfish (median) |\n"
    "|---|---|---|---|---|---|---|"
)


def line(match: Match, games: list[GameResult], mine: list[float], theirs: list[float]) -> str:
    won = sum(g.winner == g.our_side for g in games)
    lost = sum(g.winner is not None and g.winner != g.our_side for g in games)
    n = len(games)
    score = won + (n - won - lost) / 2
    low, high = wilson(score, n)  # type: ignore[arg-type]
    think = f"{match.think_ms} ms" if match.think_ms else "its own budget"
    return (
        f"| {match.level} ({think}) | {match.engine_ms} ms | {n} ({n // 2}) | "
        f"{won}-{lost}-{n - won - lost} | {score / n:.0%} ({low:.0%}-{high:.0%}) | "
        f"{elo(score / n):+.0f} ({elo(low):+.0f} to {elo(high):+.0f}) | "
        f"{statistics.median(mine):.2f} / {statistics.median(theirs):.2f} |"
    )
