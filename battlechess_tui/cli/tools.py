"""Headless tools: perft, rules pages, the list of games, variant checks, the save schema,
screenshots."""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import CliError, add_option_flag, make_game_variant, parse_pairs


def add_parsers(sub: Any) -> dict[str, Any]:
    perft = sub.add_parser("perft", help="count the decision tree to a depth",
                           formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    # The epilog loads every variant: build it only when the help is shown.
    perft.format_help = functools.partial(_help_with_epilog, perft, _perft_help)  # type: ignore[method-assign]
    perft.add_argument("variant")
    perft.add_argument("--depth", type=int, required=True)
    perft.add_argument("--fen", help="start from this position (chess-based games)")
    add_option_flag(perft)
    perft.add_argument(
        "--divide", action="store_true", help="also print the count below each first choice"
    )
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("variant")
    sub.add_parser("variants", help="list the games")
    check = sub.add_parser("check-variant", help="validate a variant file and print every error")
    check.add_argument("file", type=Path)
    sub.add_parser("schema", help="print the JSON Schema of save files")
    shots = sub.add_parser("screenshots", help="regenerate the SVG screenshots from the real app")
    shots.add_argument("--out", type=Path, default=Path("screenshots"))
    return {
        "perft": cmd_perft,
        "rules": cmd_rules,
        "variants": cmd_variants,
        "check-variant": cmd_check_variant,
        "schema": cmd_schema,
        "screenshots": cmd_screenshots,
    }


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


def cmd_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        raise CliError("--depth must be 0 or more")
    variant = make_game_variant(args.variant, parse_pairs(args.option))
    if args.fen:
        if not hasattr(variant, "from_fen"):
            raise CliError(f"{variant.key} does not take FEN positions")
        try:
            state = variant.from_fen(args.fen)
        except ValueError as exc:
            raise CliError(f"bad FEN: {exc}") from None
    else:
        from battlechess_tui.engine.dice import Dice

        state, _ = variant.new_game(Dice.for_decision(0, -1))
    start = time.perf_counter()
    if args.divide and args.depth > 0:
        total = 0
        for text, n in variant.divide(state, args.depth):
            total += n
            print(f"{text}: {n}")
    else:
        total = variant.perft(state, args.depth)
    elapsed = time.perf_counter() - start
    print(total)
    print(f"({elapsed:.2f} s, {total / elapsed if elapsed else 0:,.0f} nodes/s)", file=sys.stderr)
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    print(make_game_variant(args.variant).rules_markdown())
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from battlechess_tui.engine.registry import specs

    width = max(map(len, specs()))
    for key, spec in specs().items():
        print(f"{key:<{width}}  {spec.name}: {spec.description}")
    return 0


def cmd_check_variant(args: argparse.Namespace) -> int:
    from battlechess_tui.engine.registry import check_file

    problems = check_file(args.file)
    for line in problems:
        print(f"{args.file}: {line}")
    if not problems:
        print(f"{args.file}: ok")
    return 1 if problems else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from battlechess_tui.save.model import SaveFile

    print(json.dumps(SaveFile.model_json_schema(), indent=2))
    return 0


def cmd_screenshots(args: argparse.Namespace) -> int:
    from battlechess_tui.ui.screenshots import generate

    for path in generate(args.out):
        print(path)
    return 0
