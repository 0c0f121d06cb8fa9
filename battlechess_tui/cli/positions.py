"""Position tools: ``perft`` counts the decision tree, ``show`` draws a position.

Both take a position in the game's own notation (``--position``; FEN for the chess-based
games, extended by each game with what it adds), or start from the game's setup.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from typing import TYPE_CHECKING, Any

from battlechess_tui.cli.common import CliError, add_option_flag, make_game_variant, parse_pairs
from battlechess_tui.engine.echo import clip

if TYPE_CHECKING:
    from battlechess_tui.engine.variant import Variant

#: Deeper than this, even the smallest game's tree takes hours: refuse rather than hang.
MAX_PERFT_DEPTH = 8
VARIANT_HELP = "a game's key (battlechess variants lists them) or a house-rule file (.toml)"


def add_parsers(sub: Any) -> dict[str, Any]:
    perft = sub.add_parser(
        "perft",
        help="count the decision tree to a depth",
        description="Count every line of decisions to a depth, from the "
        "game's setup or a position (to test move generation).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    # The epilog loads every variant: build it only when the help is shown.
    perft.format_help = functools.partial(_help_with_epilog, perft, _perft_help)
    perft.add_argument("variant", help=VARIANT_HELP)
    perft.add_argument(
        "--depth", type=int, required=True, help=f"how many decisions deep, 0 to {MAX_PERFT_DEPTH}"
    )
    position_flags(perft)
    add_option_flag(perft)
    perft.add_argument(
        "--divide", action="store_true", help="also print the count below each first choice"
    )
    show = sub.add_parser(
        "show",
        help="draw a position of a game, with the side to move",
        description="Draw a position of a game (its setup, or --position) "
        "with the side to move, and print it in the game's notation.",
    )
    show.add_argument("variant", help=VARIANT_HELP)
    position_flags(show)
    add_option_flag(show)
    return {"perft": cmd_perft, "show": cmd_show}


def position_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--position",
        metavar="TEXT",
        help="start from this position, in the game's notation (FEN for the chess games, "
        "extended by each game; battlechess show prints a game's)",
    )
    parser.add_argument(
        "--fen", dest="position", metavar="TEXT", help="the same as --position (chess games)"
    )


def _perft_help() -> str:
    from battlechess_tui.engine.registry import rules_class, specs
    from battlechess_tui.engine.spec import SpecError

    lines = ["What one level counts, per game:"]
    for key, spec in specs().items():
        try:
            lines.append(f"  {key}: {rules_class(spec).perft_unit}")
        except SpecError as exc:
            lines.append(f"  {key}: (cannot load: {exc})")
    lines.append("Chance is not a branch: every fight or battle is assumed won by the attacker,")
    lines.append("and a line that ends the game adds nothing deeper.")
    return "\n".join(lines)


def _help_with_epilog(parser: argparse.ArgumentParser, epilog: Any) -> str:
    parser.epilog = epilog()
    return argparse.ArgumentParser.format_help(parser)


def start_position(variant: Variant[Any], text: str | None) -> Any:
    """The state ``--position`` names, or the game's setup; CliError in one line if bad."""
    if text is None:
        from battlechess_tui.engine.dice import Dice

        return variant.rules.new_game(Dice.for_decision(0, -1))[0]
    try:
        return variant.rules.parse_position(text)
    except NotImplementedError as exc:
        raise CliError(str(exc)) from None
    except (ValueError, IndexError, KeyError) as exc:  # (the reason may quote the text)
        raise CliError(f"bad position for {variant.rules.key}: {clip(str(exc), 200)}") from None


def cmd_perft(args: argparse.Namespace) -> int:
    if not 0 <= args.depth <= MAX_PERFT_DEPTH:
        raise CliError(f"--depth must be from 0 to {MAX_PERFT_DEPTH}")
    variant = make_game_variant(args.variant, parse_pairs(args.option))
    state = start_position(variant, args.position)
    rules = variant.rules
    start = time.perf_counter()
    if args.divide and args.depth > 0:
        total = 0
        for text, n in rules.divide(state, args.depth):
            total += n
            print(f"{text}: {n}")
    else:
        total = rules.perft(state, args.depth)
    elapsed = time.perf_counter() - start
    print(total)
    print(f"({elapsed:.2f} s, {total / elapsed if elapsed else 0:,.0f} nodes/s)", file=sys.stderr)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from rich.console import Console

    from battlechess_tui.cli.board_text import board_table

    variant = make_game_variant(args.variant, parse_pairs(args.option))
    state = start_position(variant, args.position)
    console = Console(highlight=False)
    console.print(board_table(variant.presenter, state))
    outcome = variant.rules.outcome(state)
    if outcome is not None:
        console.print(variant.presenter.describe_outcome(outcome), markup=False)
    else:
        console.print(variant.presenter.status(state), markup=False)
    console.print(variant.rules.position_text(state), markup=False, soft_wrap=True)
    return 0
