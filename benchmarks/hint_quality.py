"""How good the hint key's advice is in classic chess, measured as lichess measures play:
``bench_ai.py --hint-quality``.

Positions come from the engine's own games with some random moves mixed in (so they are
ordinary and unbalanced, as people's are); in each, the hint's move and the engine's best are
scored by the engine at a fixed depth. The loss is the difference, in centipawns for the side
to move, each score capped at +-1000 (a mate counts as 1000); a loss of 300 or more is a
blunder. Targets: average loss at most 60, blunders at most 5%.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import chess
import chess.engine
from uci_match import engine_path, to_move

from battlechess_tui.ai import Budget, hint
from battlechess_tui.simulation import cached_variant

CAP = 1000
BLUNDER = 300
#: Self-play: the share of random moves, the engine's time per move, and which plies are kept.
RANDOM_SHARE = 0.25
SELF_PLAY_MS = 20
FIRST_PLY, LAST_PLY, EVERY = 8, 80, 9


def positions(engine: chess.engine.SimpleEngine, count: int, seed: int) -> list[str]:
    """FENs from self-play games with random moves, a few per game, game over excluded."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        board = chess.Board()
        first = FIRST_PLY + rng.randrange(EVERY)
        while not board.is_game_over() and board.ply() <= LAST_PLY and len(out) < count:
            if board.ply() >= first and (board.ply() - first) % EVERY == 0:
                out.append(board.fen())
            if rng.random() < RANDOM_SHARE:
                board.push(rng.choice(list(board.legal_moves)))
            else:
                played = engine.play(board, chess.engine.Limit(time=SELF_PLAY_MS / 1000))
                assert played.move is not None
                board.push(played.move)
    return out


def score(info: chess.engine.InfoDict, turn: chess.Color) -> int:
    pov = info["score"].pov(turn)
    value = pov.score(mate_score=CAP)
    assert value is not None
    return max(-CAP, min(CAP, value))


def loss(engine: chess.engine.SimpleEngine, fen: str, move: chess.Move, depth: int) -> int:
    """Centipawns the move loses against the engine's best at ``depth``."""
    board = chess.Board(fen)
    limit = chess.engine.Limit(depth=depth)
    best = score(engine.analyse(board, limit), board.turn)
    mine = score(engine.analyse(board, limit, root_moves=[move]), board.turn)
    return max(0, best - mine)


def run(args: Any) -> None:
    rules = cached_variant("classic", {}).rules
    engine = chess.engine.SimpleEngine.popen_uci(engine_path(args.against or "stockfish"))
    engine.configure({"Threads": 1, "Hash": 16})
    start = time.perf_counter()
    losses: list[int] = []
    try:
        for i, fen in enumerate(positions(engine, args.positions, args.seed)):
            state = rules.parse_position(fen)
            budget = Budget.for_level(args.level, args.think_ms, rules=rules)
            advice = hint(rules, state, rules.to_move(state), random.Random(i), budget)
            move = to_move(advice.action)
            lost = loss(engine, fen, move, args.depth)
            losses.append(lost)
            if lost >= BLUNDER:
                print(f"blunder {lost}: {fen} hint {move.uci()}")
    finally:
        engine.quit()
    blunders = sum(v >= BLUNDER for v in losses)
    print("| positions | engine depth | average centipawn loss | median | blunders (>= 300) |")
    print("|---|---|---|---|---|")
    print(
        f"| {len(losses)} | {args.depth} | {statistics.mean(losses):.0f} | "
        f"{statistics.median(losses):.0f} | {blunders} ({blunders / len(losses):.0%}) |"
    )
    print(f"\n{time.perf_counter() - start:.0f} s in all")
