"""Do the analysis's marks agree with Stockfish? ``bench_ai.py --analysis-marks``.

Classic games between our ``--level`` and Stockfish (``uci_match.py``: ``--skill``,
``--engine-ms``), each analysed as ``battlechess analyse`` does (at ``--analysis-level``); every
decision of both sides is scored by Stockfish at ``--depth`` (``hint_quality.loss``: the
centipawns it loses against Stockfish's best, each score capped at +-1000, so a won game
thrown away counts). A decision losing at least 300 is a blunder, at least 100 a mistake or
worse. For the analysis's "??" (blunder): precision (the share of its "??" that Stockfish
calls blunders) and recall (the share of Stockfish's blunders marked "??"); likewise for "?"
or worse (its "?" and "??") against Stockfish's losses of 100 or more.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import chess
import chess.engine
from hint_quality import loss
from uci_match import GameResult, Match, engine_path, play_match, to_action

from battlechess_tui.analysis import analyse
from battlechess_tui.analysis.engine import decided, pawns
from battlechess_tui.engine.game import Game
from battlechess_tui.simulation import cached_variant

BLUNDER, MISTAKE = 300, 100
MARKED = {"blunder": "??", "mistake": "?"}


#: The pawn scale compared beside the marks: the analysis's own loss in pawns (each lead
#: capped at 10, as Stockfish's at 1000 centipawns) of 3 or more, and of 1 or more.
PAWN_CAP, PAWN_BLUNDER, PAWN_MISTAKE = 10.0, 3.0, 1.0


@dataclass(frozen=True)
class Scored:
    """One decision: the analysis's mark ("", "?!", "?" or "??"), its loss in pawns on the
    analysis's own scale, and Stockfish's loss."""

    symbol: str
    loss: int
    pawns_lost: float = 0.0


def capped_pawns(rules: Any, worth: float) -> float:
    """A worth to White as a lead in pawns, capped at ``PAWN_CAP`` (a decided game too)."""
    if decided(worth):
        return PAWN_CAP if worth > 0 else -PAWN_CAP
    lead = pawns(rules, worth) or 0.0
    return max(-PAWN_CAP, min(PAWN_CAP, lead))


def pawns_lost(rules: Any, side: int, after: float, cost: float) -> float:
    """The pawns a decision lost against the analysis's preferred one, to its side."""
    sign = 1 if side == 0 else -1
    preferred = after + sign * cost
    return sign * (capped_pawns(rules, preferred) - capped_pawns(rules, after))


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
                pawns_lost(game.rules, d.side, d.after, d.cost),
            )
            for d in analysis.decisions
            if d.ply < len(result.moves)
        ]
    finally:
        sf.quit()


def agreement(
    decisions: list[Scored], symbols: tuple[str, ...], threshold: int, pawn_scale: float = 0.0
) -> str:
    """Precision and recall of the marks ``symbols`` (or, with ``pawn_scale``, of a loss of
    that many pawns on the analysis's scale) against Stockfish's losses of ``threshold``."""
    if pawn_scale:
        marked = [d for d in decisions if d.pawns_lost >= pawn_scale]
    else:
        marked = [d for d in decisions if d.symbol in symbols]
    losing = [d for d in decisions if d.loss >= threshold]
    both = sum(d.loss >= threshold for d in marked)
    precision = f"{both / len(marked):.0%}" if marked else "-"
    recall = f"{both / len(losing):.0%}" if losing else "-"
    return f"{len(marked)} | {len(losing)} | {both} | {precision} | {recall}"


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
    blunders = agreement(decisions, (), BLUNDER, PAWN_BLUNDER)
    mistakes = agreement(decisions, (), MISTAKE, PAWN_MISTAKE)
    print(f"| a loss of {PAWN_BLUNDER:g} pawns (>= {BLUNDER}) | {blunders} |")
    print(f"| a loss of {PAWN_MISTAKE:g} pawn (>= {MISTAKE}) | {mistakes} |")
    print(f"\n{time.perf_counter() - start:.0f} s in all")
