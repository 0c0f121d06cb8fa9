"""Do the analysis's marks agree with Stockfish? ``bench_ai.py --analysis-marks``.

Classic games between our ``--level`` and Stockfish (``uci_match.py``: ``--skill``,
``--engine-ms``), each analysed as ``battlechess analyse`` does (at ``--analysis-level``); every
decision of both sides is scored by Stockfish at ``--depth`` (``hint_quality.loss``: the
centipawns it loses against Stockfish's best, each score capped at +-1000, so a won game
thrown away counts). A decision losing at least 300 is a blunder, at least 100 a mistake or
worse. For the analysis's "??" (blunder): precision (the share of its "??" that Stockfish
calls blunders) and recall (the share of Stockfish's blunders marked "??"); likewise for "?"
or worse (its "?" and "??") against Stockfish's losses of 100 or more; each with its 95%
Wilson interval (30 games give 30 to 40 "??", so one mark moves precision by 3 points).
Classic's marks count the lead lost in pawns (``[search] marks = "pawns"``: 3 for "??", 1 for
"?", each lead capped at 10, as Stockfish's at 1000 centipawns), so both sides count the same
thing.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import chess
import chess.engine
from bench_ai import percent_ci
from hint_quality import loss
from uci_match import GameResult, Match, engine_path, play_match, to_action

from battlechess_tui.analysis import analyse
from battlechess_tui.engine.game import Game
from battlechess_tui.simulation import cached_variant

BLUNDER, MISTAKE = 300, 100


@dataclass(frozen=True)
class Scored:
    """One decision: the analysis's mark ("", "?!", "?" or "??") and Stockfish's loss."""

    symbol: str
    loss: int


def scored_game(result: GameResult, level: str, depth: int, engine: str) -> list[Scored]:
    """Every decision of one game with its mark and its loss."""
    game = Game(cached_variant("classic", {}), result.index)
    for uci in result.moves:
        game.play(to_action(chess.Move.from_uci(uci)))
    analysis = analyse(game, level)
    board, fens = chess.Board(), []
    for uci in result.moves:
        fens.append(board.fen())
        board.push_uci(uci)
    sf = chess.engine.SimpleEngine.popen_uci(engine_path(engine))
    sf.configure({"Threads": 1, "Hash": 16})
    try:
        return [
            Scored(
                d.symbol,
                loss(sf, fens[d.ply], chess.Move.from_uci(result.moves[d.ply]), depth),
            )
            for d in analysis.decisions
            if d.ply < len(result.moves)
        ]
    finally:
        sf.quit()


def agreement(decisions: list[Scored], symbols: tuple[str, ...], threshold: int) -> str:
    """Precision and recall of the marks ``symbols`` against Stockfish's losses of
    ``threshold``."""
    marked = [d for d in decisions if d.symbol in symbols]
    losing = [d for d in decisions if d.loss >= threshold]
    both = sum(d.loss >= threshold for d in marked)
    return (
        f"{len(marked)} | {len(losing)} | {both} | {percent_ci(both, len(marked))} | "
        f"{percent_ci(both, len(losing))}"
    )


def run(args: Any) -> None:
    level = args.level or "medium"
    match = Match(args.against, level, args.skill, args.engine_ms, args.think_ms, args.seed)
    engine_path(match.engine)
    start = time.perf_counter()
    games = play_match(match, args.games, args.jobs)
    decisions: list[Scored] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [
            pool.submit(scored_game, g, args.analysis_level, args.depth, args.against)
            for g in games
        ]
        for n, future in enumerate(as_completed(futures), start=1):
            decisions.extend(future.result())
            print(  # a long run can be read part-way
                f"analysed {n} of {len(games)} games, {len(decisions)} decisions: ?? "
                f"{agreement(decisions, ('??',), BLUNDER)}; ? or ?? "
                f"{agreement(decisions, ('?', '??'), MISTAKE)}",
                file=sys.stderr,
                flush=True,
            )
    print(
        f"{len(games)} games, {level} against {args.against} (Skill Level {args.skill}, "
        f"{args.engine_ms} ms a move); analysis at {args.analysis_level}; "
        f"{len(decisions)} decisions scored at depth {args.depth}\n"
    )
    print("| mark | marked | Stockfish's | both | precision | recall |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| ?? (>= {BLUNDER}) | {agreement(decisions, ('??',), BLUNDER)} |")
    print(f"| ? or ?? (>= {MISTAKE}) | {agreement(decisions, ('?', '??'), MISTAKE)} |")
    print(f"\n{time.perf_counter() - start:.0f} s in all")
