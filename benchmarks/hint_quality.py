"""How good the hint key's advice is in classic chess, measured as lichess measures play:
``bench_ai.py --hint-quality``.

Two sets of ``--positions`` each. ``self-play``: the engine's own games with a quarter of the
moves random (so they are unbalanced, as people's are). ``middlegame``: a second generator,
ordinary middlegames: the engine's games at a few thousand nodes a move (the same games on any
machine), a random move one time in eight over the first 24 plies, one position a game
between plies 20 and 50, kept where both sides keep most of their pieces and the engine's
quick score is within 3 pawns. In each position the hint's move (within the hint's budget,
``Budget.for_hint``, or ``--level``/``--think-ms`` where given) and the engine's best are
scored by the engine at a fixed depth. The loss is the difference, in centipawns for the side
to move, each score capped at +-1000 (a mate counts as 1000); a loss of 300 or more is a
blunder. Each figure is printed with its 95% interval (over 200 positions the average's is
about 11 centipawns either way: a few positions lose most). Targets: average loss at most 35
and no blunder in 200 middlegames.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any

import chess
import chess.engine
from bench_ai import percent_ci
from uci_match import engine_path, to_move

from battlechess_tui.ai import Budget, hint
from battlechess_tui.simulation import Z95, cached_variant

CAP = 1000
PROGRESS_EVERY = 10
BLUNDER = 300
#: Self-play: the share of random moves, the engine's time per move, and which plies are kept.
RANDOM_SHARE = 0.25
SELF_PLAY_MS = 20
FIRST_PLY, LAST_PLY, EVERY = 8, 80, 9
#: The middlegame generator: the engine's nodes a move, random moves (share, up to which
#: ply), the plies sampled, the pieces (besides kings and pawns, centipawns) kept, the
#: quick score's depth and widest value.
MIDDLE_NODES = 3000
MIDDLE_RANDOM, MIDDLE_RANDOM_PLIES = 0.125, 24
MIDDLE_FIRST, MIDDLE_LAST = 20, 50
MIDDLE_MATERIAL = 2600
MIDDLE_DEPTH, MIDDLE_SCORE = 8, 300
PIECE_CP = {chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900}


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


def middlegames(engine: chess.engine.SimpleEngine, count: int, seed: int) -> list[str]:
    """FENs of ordinary middlegames, one a game (the module's doc)."""
    rng = random.Random(seed * 7919 + 1)
    out: list[str] = []
    while len(out) < count:
        board, keep = chess.Board(), rng.randint(MIDDLE_FIRST, MIDDLE_LAST)
        while not board.is_game_over() and board.ply() < keep:
            if board.ply() < MIDDLE_RANDOM_PLIES and rng.random() < MIDDLE_RANDOM:
                board.push(rng.choice(list(board.legal_moves)))
            else:
                played = engine.play(board, chess.engine.Limit(nodes=MIDDLE_NODES))
                assert played.move is not None
                board.push(played.move)
        if not board.is_game_over() and ordinary(engine, board):
            out.append(board.fen())
    return out


def ordinary(engine: chess.engine.SimpleEngine, board: chess.Board) -> bool:
    """Most pieces still on the board, and no side clearly winning."""
    pieces = sum(PIECE_CP.get(p.piece_type, 0) for p in board.piece_map().values())
    if pieces < MIDDLE_MATERIAL:
        return False
    info = engine.analyse(board, chess.engine.Limit(depth=MIDDLE_DEPTH))
    return abs(score(info, board.turn)) <= MIDDLE_SCORE


def score(info: chess.engine.InfoDict, turn: chess.Color) -> int:
    pov = info["score"].pov(turn)
    value = pov.score(mate_score=CAP)
    assert value is not None
    return max(-CAP, min(CAP, value))


def loss(engine: chess.engine.SimpleEngine, fen: str, move: chess.Move, depth: int) -> int:
    """Centipawns the move loses against the engine's best at ``depth`` (the engine's table
    cleared for each position, so the same position and move always lose the same)."""
    board = chess.Board(fen)
    limit = chess.engine.Limit(depth=depth)
    best = score(engine.analyse(board, limit, game=fen), board.turn)
    mine = score(engine.analyse(board, limit, root_moves=[move], game=fen), board.turn)
    return max(0, best - mine)


GENERATORS = {"self-play": positions, "middlegame": middlegames}


def run(args: Any) -> None:
    rules = cached_variant("classic", {}).rules
    engine = chess.engine.SimpleEngine.popen_uci(engine_path(args.against or "stockfish"))
    engine.configure({"Threads": 1, "Hash": 16})
    start = time.perf_counter()
    rows: list[str] = []
    try:
        for name in args.sets or list(GENERATORS):
            losses: list[int] = []
            for i, fen in enumerate(GENERATORS[name](engine, args.positions, args.seed)):
                move = hinted(rules, fen, i, args)
                lost = loss(engine, fen, move, args.depth)
                losses.append(lost)
                if lost >= BLUNDER:
                    print(f"blunder {lost}: {fen} hint {move.uci()}", flush=True)
                if len(losses) % PROGRESS_EVERY == 0:  # a long run can be read part-way
                    print(f"{name}: {row(name, losses, args.depth)}", file=sys.stderr, flush=True)
            rows.append(row(name, losses, args.depth))
    finally:
        engine.quit()
    print(f"hint budget: {budget_words(rules, args)}\n")
    print(
        "| positions | count | engine depth | average centipawn loss (95%) | median "
        "| blunders (>= 300), their rate (95%) |"
    )
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\n{time.perf_counter() - start:.0f} s in all")


def budget(rules: Any, args: Any) -> Budget:
    """The hint's budget, or ``--level``'s (with ``--think-ms``) where one is given."""
    if args.level is None:
        return Budget.for_hint(rules)
    return Budget.for_level(args.level, args.think_ms, rules=rules)


def budget_words(rules: Any, args: Any) -> str:
    nodes = f"{budget(rules, args).nodes:,} nodes"
    return nodes if args.level is None else f"{args.level}'s, {nodes}"


def hinted(rules: Any, fen: str, index: int, args: Any) -> chess.Move:
    """The hint's move in ``fen`` (a random stream per position)."""
    state = rules.parse_position(fen)
    advice = hint(rules, state, rules.to_move(state), random.Random(index), budget(rules, args))
    return to_move(advice.action)


def row(name: str, losses: list[int], depth: int) -> str:
    """A table row: the average loss with its 95% interval (the normal one of a mean), the
    median, and the blunders with the Wilson interval of their rate."""
    blunders = sum(v >= BLUNDER for v in losses)
    mean = statistics.mean(losses)
    half = Z95 * statistics.stdev(losses) / math.sqrt(len(losses)) if len(losses) > 1 else 0.0
    return (
        f"| {name} | {len(losses)} | {depth} | {mean:.0f} ({mean - half:.0f}-{mean + half:.0f}) | "
        f"{statistics.median(losses):.0f} | {blunders}, {percent_ci(blunders, len(losses))} |"
    )
