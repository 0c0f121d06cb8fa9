"""Classic's shipped puzzles against Stockfish (issue 41): a puzzle agrees when Stockfish's
best move at depth 14 is the puzzle's answer and beats its second best by at least 150
centipawns (each score capped at +-1000, a mate counting as 1000). Target: 95% agree.

    nice -n 10 .venv/bin/python benchmarks/puzzles_stockfish.py [--depth 14] [--margin 150]

A benchmark, not a test: it needs Debian's ``stockfish`` and takes about a second a puzzle.
"""

from __future__ import annotations

import argparse

import chess
import chess.engine
from uci_match import engine_path

from battlechess_tui.puzzles.store import catalogue

CAP = 1000


def score(info: chess.engine.InfoDict, turn: chess.Color) -> int:
    value = info["score"].pov(turn).score(mate_score=CAP)
    assert value is not None
    return max(-CAP, min(CAP, value))


def verdict(
    engine: chess.engine.SimpleEngine, fen: str, answers: list[str], depth: int, margin: int
) -> tuple[bool, str]:
    """Does Stockfish agree with the puzzle at ``fen``? With the figures why."""
    board = chess.Board(fen)
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=2)
    best = infos[0]["pv"][0].uci()
    first = score(infos[0], board.turn)
    second = score(infos[1], board.turn) if len(infos) > 1 else -CAP
    return best in answers and first - second >= margin, f"best {best} {first} vs {second}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--margin", type=int, default=150)
    args = parser.parse_args()
    puzzles = catalogue("classic").puzzles
    engine = chess.engine.SimpleEngine.popen_uci(engine_path("stockfish"))
    agreed = 0
    try:
        for puzzle in puzzles:
            answers = list(puzzle.answers)
            ok, why = verdict(engine, puzzle.position, answers, args.depth, args.margin)
            agreed += ok
            said = "agrees" if ok else "differs"
            print(f"{puzzle.id}\t{puzzle.answers[0]}\t{puzzle.theme}\t{said}\t{why}")
    finally:
        engine.quit()
    share = agreed / len(puzzles) if puzzles else 0.0
    print(
        f"{agreed} of {len(puzzles)} classic puzzles agree with Stockfish at depth "
        f"{args.depth} (margin {args.margin} cp): {share:.0%}"
    )


if __name__ == "__main__":
    main()
