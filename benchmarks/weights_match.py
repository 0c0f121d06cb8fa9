"""Medium with one set of a game's estimate weights against medium with another.

Run:  .venv/bin/python benchmarks/weights_match.py GAME A B [--games N] [--jobs J] [--seed S]

``A`` and ``B`` are ``name=value`` lists of the game's ``[data]`` fields (``empowered=1.5``,
``empowered=0.4,tempo=0.4``), each laid over the game's own file. Each pair of games shares
one opening of four random plies (as ``calibration.py --random-plies 4``), with A as White in
one and as Black in the other; before each decision the side's own weights are set, so the
two players differ in their estimate alone. It prints each result and A's running tally, then
A's won-lost-drawn with the 95% Wilson interval of its score: a change of an estimate that
calibration asks for should not make the player weaker.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench_ai import percent_ci

from battlechess_tui.analysis.engine import estimate
from battlechess_tui.engine.game import Game
from battlechess_tui.simulation import cached_variant, game_seed

OPENING_PLIES, MOST_PLIES, LEVEL = 4, 600, "medium"


def weights(text: str) -> dict[str, float]:
    """``name=value,...`` as a mapping."""
    pairs = (item.split("=", 1) for item in text.split(",") if item)
    return {name.strip(): float(value) for name, value in pairs}


def play(key: str, a: dict[str, float], b: dict[str, float], seed: int, index: int) -> float:
    """Game ``index``: A's score (1, 0.5 or 0)."""
    number = game_seed(seed, index - index % 2)  # a pair of games, one opening
    game = Game(cached_variant(key, None), number)
    rules: Any = game.rules
    a_side = index % 2
    data = {a_side: rules.data.model_copy(update=a), 1 - a_side: rules.data.model_copy(update=b)}
    opening = random.Random(number)
    while not game.over and len(game.plies) < MOST_PLIES:
        if len(game.plies) < OPENING_PLIES:
            game.play(opening.choice(list(rules.legal_actions(game.state))))
            continue
        rules.data = data[rules.side_to_move(game.state)]
        found = estimate(rules, game.state, LEVEL, number * 1000 + len(game.plies))
        assert found.preferred is not None
        game.play(found.preferred)
    outcome = game.outcome
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == a_side else 0.0


def refusal(key: str, a: dict[str, float], b: dict[str, float]) -> str | None:
    """Why ``key`` cannot be played with these weights, in one line; None when it can."""
    try:
        data = cached_variant(key, None).rules.data
    except KeyError as error:
        return str(error.args[0])
    fields = getattr(type(data), "model_fields", {})
    unknown = (set(a) | set(b)) - set(fields)
    if unknown:
        return f"{key} has no [data] weight {', '.join(sorted(unknown))}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a", type=weights)
    parser.add_argument("b", type=weights)
    parser.add_argument("--games", type=int, default=40, help="an even number: pairs")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    why = refusal(args.game, args.a, args.b)
    if why is not None:
        parser.error(why)
    tally = {1.0: 0, 0.0: 0, 0.5: 0}
    with ProcessPoolExecutor(args.jobs) as pool:
        runs = [
            pool.submit(play, args.game, args.a, args.b, args.seed, i) for i in range(args.games)
        ]
        for index, run in enumerate(runs):
            score = run.result()
            tally[score] += 1
            colour = "White" if index % 2 == 0 else "Black"
            print(f"game {index} A as {colour}: {score} | A {record(tally)}", flush=True)
    points = tally[1.0] + tally[0.5] / 2
    print(f"A {args.a} against B {args.b}: {record(tally)}, {percent_ci(points, args.games)} for A")


def record(tally: dict[float, int]) -> str:
    """Won-lost-drawn."""
    return f"{tally[1.0]}-{tally[0.0]}-{tally[0.5]}"


if __name__ == "__main__":
    main()
