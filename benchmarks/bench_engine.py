"""Engine speed, printed as figures: perft beside python-chess, random games per variant.

Run:  .venv/bin/python benchmarks/bench_engine.py [--games N]
Both perfts count legal-move trees the same way (moves generated at every node, the last level
counted without making its moves). python-chess is a test dependency; the figures go in the
README's performance section. Times are this process's CPU seconds (``--clock wall`` for
wall-clock seconds): on a machine others share, CPU time is what the work costs on a core of
its own.
"""

from __future__ import annotations

import argparse
import random
import time

import chess

from battlechess_tui.engine.registry import make_variant, specs
from battlechess_tui.simulation import random_game

POSITIONS = {
    "start (depth 4)": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    "Kiwipete (depth 3)": (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
}


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


CLOCK = time.process_time


def timed(fn, *args):
    start = CLOCK()
    result = fn(*args)
    return result, CLOCK() - start


def best_of(runs: int, fn, *args):
    results = [timed(fn, *args) for _ in range(runs)]
    return results[0][0], min(t for _, t in results)


def bench_perft() -> None:
    classic = make_variant("classic").rules
    print("perft (legal moves, nodes per second, best of 3)")
    for name, (fen, depth) in POSITIONS.items():
        ours, t_ours = best_of(3, classic.perft, classic.parse_position(fen), depth)
        theirs, t_theirs = best_of(3, python_chess_perft, chess.Board(fen), depth)
        assert ours == theirs, (ours, theirs)
        print(
            f"  {name:<20} {ours:>8} nodes  battlechess {ours / t_ours:>10,.0f}/s"
            f"  python-chess {theirs / t_theirs:>10,.0f}/s  ratio {t_theirs / t_ours:.2f}x"
        )


def python_chess_random_game(seed: int) -> int:
    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over(claim_draw=True):
        board.push(rng.choice(list(board.legal_moves)))
    return board.ply()


def bench_games(games: int) -> None:
    print(f"random full games ({games} per variant, fixed seeds)")
    plies, t = timed(lambda: [python_chess_random_game(s) for s in range(games)])
    print(
        f"  {'python-chess (FIDE)':<22} {games / t:>8.2f} games/s"
        f"  {sum(plies) / t:>9,.0f} decisions/s"
    )
    for key in specs():
        done, t = timed(lambda k=key: [random_game(k, s) for s in range(games)])
        decisions = sum(len(g.plies) for g in done)
        print(f"  {key:<22} {games / t:>8.2f} games/s  {decisions / t:>9,.0f} decisions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"times in {args.clock} seconds")
    bench_perft()
    bench_games(args.games)


if __name__ == "__main__":
    main()
