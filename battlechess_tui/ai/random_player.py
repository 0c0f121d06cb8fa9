"""The simplest computer player: a uniformly random legal choice, from its own seeded stream."""

from __future__ import annotations

import random

from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.rule_actions())
