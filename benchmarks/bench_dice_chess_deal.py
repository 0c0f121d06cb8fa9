"""How much the deal decides a Dice Chess game: how often the side whose dice were dealt the
higher total wins, for pairs of computer players.

Run:  .venv/bin/python benchmarks/bench_dice_chess_deal.py [--games N] [--seed S] [--jobs J]
      [--think-ms MS] [--pairs first:second ...] [--paired]

A game that stalls is scored by the faces on the board (DC-12, DC-14), and no capture can
change the board total by more than a few pips, so a side dealt a lead keeps it unless the
other side can force a long fight. For each pair (default: greedy against greedy, medium
against medium, and medium against greedy with each colour) the table counts the games by who
was dealt the lead, and who won; the first player holds White in the first half of the games.
Each side is dealt the lead in about half the games, so a player scores much more than half only
by winning from behind. A player against its own level counts each game from both sides.

``--paired`` plays each deal twice, the first player White in one game and Black in the other
(the games of ``bench_ai.py --paired``, each level at its own thinking time unless
``--think-ms`` is given), and sorts the deals: decided by the deal (one colour won both
games, whoever held it), won both by the first player, won both by the second, and the rest
(a draw in either game). Only the deals one player won both times move the score off 50%.
"""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from battlechess_tui.ai.budget import LEVELS
from battlechess_tui.cli.common import int_in
from battlechess_tui.simulation import Seats, computer_game, default_jobs, game_seed, wilson

PAIRS = ("greedy:greedy", "medium:medium", "medium:greedy")


@dataclass(frozen=True)
class Deal:
    """One game: the colour the first player of the pair held, White's dealt lead in pips,
    and the winner (None for a draw)."""

    first: int
    lead: int
    winner: int | None


def play(levels: tuple[str, str], think_ms: int | None, first: int, seed: int) -> Deal:
    """One game, the pair's first player holding colour ``first``."""
    seats = Seats(levels if first == 0 else (levels[1], levels[0]), think_ms)
    game = computer_game("dice-chess", seed, seats)
    start = next(p.state for p in game.positions if not p.state.setup)
    white, black = start.board_totals()
    outcome = game.outcome
    return Deal(first, white - black, outcome.winner if outcome else None)


def paired(levels: tuple[str, str], think_ms: int | None, seed: int) -> tuple[Deal, Deal]:
    """One deal played twice, the pair's first player White, then Black."""
    return play(levels, think_ms, 0, seed), play(levels, think_ms, 1, seed)


def sort_deal(white: Deal, black: Deal) -> str:
    """How a deal played twice (the first player White in ``white``, Black in ``black``)
    went: ``deal`` if one colour won both games, whoever held it (the deal decided);
    ``first`` or ``second`` if one player won both; else ``other`` (a draw in either)."""
    if white.winner is None or black.winner is None:
        return "other"
    if white.winner == black.winner:
        return "deal"
    return "first" if white.winner == 0 else "second"


def paired_rows(args: argparse.Namespace) -> None:
    """The ``--paired`` table: each pair's deals sorted (``sort_deal``) and its score."""
    print(
        "| player | against | deals | score (95% CI) | decided by the deal "
        "| player won both | opponent won both | other |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    seeds = [game_seed(args.seed, i) for i in range(args.games // 2)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for a, b in args.pairs:
            pairs = []
            for white, black in pool.map(partial(paired, (a, b), args.think_ms), seeds):
                pairs.append((white, black))
                print(
                    f"<!-- deal {len(pairs)}: White dealt {white.lead:+d}, winners "
                    f"{white.winner} {black.winner}: {sort_deal(white, black)} -->",
                    flush=True,
                )
            kinds = Counter(sort_deal(w, k) for w, k in pairs)
            games = [(w, 0) for w, _ in pairs] + [(k, 1) for _, k in pairs]
            score = sum(
                1.0 if d.winner == side else 0.5 if d.winner is None else 0.0 for d, side in games
            )
            low, high = wilson(round(score), len(games))
            print(
                f"| {a} | {b} | {len(pairs)} | {score / len(games):.0%} ({low:.0%}-{high:.0%}) "
                f"| {kinds['deal']} | {kinds['first']} | {kinds['second']} | {kinds['other']} |"
            )


def tally(deals: list[Deal], both: bool) -> Counter[tuple[str, str]]:
    """(dealt, result) counts from the first player's view; ``both`` (a player against its
    own level) counts each game from both sides."""
    out: Counter[tuple[str, str]] = Counter()
    for d in deals:
        for side in (0, 1) if both else (d.first,):
            dealt = "even" if d.lead == 0 else "ahead" if (d.lead > 0) == (side == 0) else "behind"
            result = "drawn" if d.winner is None else "won" if d.winner == side else "lost"
            out[dealt, result] += 1
    return out


def share(c: Counter[tuple[str, str]], dealt: str) -> str:
    """Wins out of the games so dealt, with a 95% Wilson interval."""
    games = sum(n for (d, _), n in c.items() if d == dealt)
    if not games:
        return "-"
    won = c[dealt, "won"]
    low, high = wilson(won, games)
    return f"{won}/{games} = {won / games:.0%} ({low:.0%}-{high:.0%})"


def pair(text: str) -> tuple[str, str]:
    """An argparse ``type``: ``first:second``, two levels; else a one-line usage error."""
    levels = tuple(text.split(":"))
    if len(levels) != 2 or not set(levels) <= set(LEVELS):
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not two levels as first:second (levels: {', '.join(LEVELS)})"
        )
    return levels[0], levels[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int_in(1), default=60, help="games per pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int_in(1), default=default_jobs())
    parser.add_argument(
        "--think-ms",
        type=int_in(1),
        default=None,
        help="ms per decision (200; --paired: each level's)",
    )
    parser.add_argument("--paired", action="store_true", help="each deal once with each colour")
    parser.add_argument(
        "--pairs",
        nargs="*",
        type=pair,
        default=[pair(p) for p in PAIRS],
        help="first:second levels",
    )
    args = parser.parse_args()
    if args.paired:
        print(
            f"{args.games} games per pair, each deal twice (the first player White, then Black), "
            f"seed {args.seed}, {args.think_ms or 'each level at its own'} ms per search decision\n"
        )
        paired_rows(args)
        return
    args.think_ms = args.think_ms or 200
    print(
        f"{args.games} games per pair (the first player White in half), seed {args.seed}, "
        f"{args.think_ms} ms per search decision\n"
    )
    print("| player | against | games | even deals | won, dealt ahead | won, dealt behind |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    halves = (args.games // 2, args.games - args.games // 2)
    firsts = [f for f in (0, 1) for _ in range(halves[f])]
    seeds = [game_seed(args.seed + f, i) for f in (0, 1) for i in range(halves[f])]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for a, b in args.pairs:
            deals = list(pool.map(partial(play, (a, b), args.think_ms), firsts, seeds))
            c = tally(deals, both=a == b)
            even = sum(d.lead == 0 for d in deals)
            print(
                f"| {a} | {b} | {len(deals)} | {even} | {share(c, 'ahead')} "
                f"| {share(c, 'behind')} |"
            )


if __name__ == "__main__":
    main()
