"""Whole games between computer players, for testing, balance and the ``simulate`` command."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from battlechess_tui.ai.random_player import RandomPlayer
from battlechess_tui.engine.game import Game
from battlechess_tui.engine.registry import make_variant
from battlechess_tui.engine.spec import OptionValue

#: A game still running after this many decisions is reported as unfinished (a rules bug).
DECISION_LIMIT = 20_000


@dataclass
class Summary:
    variant: str
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    unfinished: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    total_plies: int = 0

    @property
    def mean_length(self) -> float:
        return self.total_plies / self.games if self.games else 0.0

    def lines(self) -> list[str]:
        out = [f"{self.variant}: {self.games} games"]
        for side, n in sorted(self.wins.items()):
            out.append(f"  {side} wins: {n}")
        out.append(f"  draws: {self.draws}")
        if self.unfinished:
            out.append(f"  UNFINISHED after {DECISION_LIMIT} decisions: {self.unfinished}")
        out.append(f"  mean length: {self.mean_length:.1f} decisions")
        for reason, n in self.reasons.most_common():
            out.append(f"  {n:5d} x {reason}")
        return out


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a run started with ``seed``."""
    return seed * 100_003 + index


def random_game(key: str, seed: int, options: dict[str, OptionValue] | None = None) -> Game:
    """One game between random players; the same seed always gives the same game."""
    return play_out(Game(make_variant(key, options), seed), seed)


def play_out(game: Game, seed: int) -> Game:
    """Random players (one stream seeded with ``seed``) make every decision until the game is
    over or has run ``DECISION_LIMIT`` decisions."""
    player = RandomPlayer(seed)
    while not game.over and len(game.plies) < DECISION_LIMIT:
        game.play(player.choose(game))
    return game


def simulate(
    key: str,
    games: int,
    seed: int,
    options: dict[str, OptionValue] | None = None,
    save_dir: Path | None = None,
) -> Summary:
    from battlechess_tui.save.store import save_game

    summary = Summary(key)
    for i in range(games):
        game = random_game(key, game_seed(seed, i), options)
        summary.games += 1
        summary.total_plies += len(game.plies)
        outcome = game.outcome
        if outcome is None:
            summary.unfinished += 1
        elif outcome.winner is None:
            summary.draws += 1
            summary.reasons[f"draw: {outcome.reason}"] += 1
        else:
            side = game.variant.side_names[outcome.winner]
            summary.wins[side] += 1
            summary.reasons[f"{side}: {outcome.reason}"] += 1
        if save_dir is not None:
            save_game(game, Path(save_dir) / f"{key}-{seed}-{i:04d}.json")
    return summary
