"""Headless tools: rules pages, the list of games, variant checks, the save schema,
screenshots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import make_game_variant
from battlechess_tui.cli.positions import VARIANT_HELP


def add_parsers(sub: Any) -> dict[str, Any]:
    rules = sub.add_parser(
        "rules", help="print a game's rules", description="Print a game's rules page (Markdown)."
    )
    rules.add_argument("variant", help=VARIANT_HELP)
    sub.add_parser(
        "variants", help="list the games", description="List the games: key, name and what each is."
    )
    check = sub.add_parser(
        "check-variant",
        help="validate a variant file and print every error",
        description="Validate a house-rule variant file: every problem on "
        "its own line, exit 0 only when the game plays (each option value "
        "is built and trial games are played to the end).",
    )
    check.add_argument("file", type=Path, help="a variant file (.toml)")
    sub.add_parser(
        "schema",
        help="print the JSON Schema of save files",
        description="Print the JSON Schema of save files.",
    )
    shots = sub.add_parser(
        "screenshots",
        help="regenerate the SVG screenshots from the real app",
        description="Regenerate the SVG screenshots from the real app.",
    )
    shots.add_argument(
        "--out",
        type=Path,
        default=Path("screenshots"),
        help="the folder to write them in (default: screenshots)",
    )
    shots.add_argument(
        "--force", action="store_true", help="replace the screenshots already in that folder"
    )
    return {
        "rules": cmd_rules,
        "variants": cmd_variants,
        "check-variant": cmd_check_variant,
        "schema": cmd_schema,
        "screenshots": cmd_screenshots,
    }


def cmd_rules(args: argparse.Namespace) -> int:
    print(make_game_variant(args.variant).presenter.rules_markdown())
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from battlechess_tui.engine.registry import game_problems, specs

    width = max(map(len, specs()))
    for key, spec in specs().items():
        print(f"{key:<{width}}  {spec.name}: {spec.description}")
    for line in game_problems():  # an installed plugin that cannot be offered
        print(f"battlechess: {line}", file=sys.stderr)
    return 0


def cmd_check_variant(args: argparse.Namespace) -> int:
    from battlechess_tui.engine.registry import check_file

    warnings: list[str] = []
    problems = check_file(args.file, warnings)
    for line in problems:
        print(f"{args.file}: {line}")
    for line in warnings:
        print(f"{args.file}: warning: {line}")
    if not problems:
        print(f"{args.file}: ok")
    return 1 if problems else 0


def cmd_schema(args: argparse.Namespace) -> int:
    from battlechess_tui.save.model import save_schema

    print(json.dumps(save_schema(), indent=2))
    return 0


def cmd_screenshots(args: argparse.Namespace) -> int:
    from battlechess_tui.cli.common import writable_dir
    from battlechess_tui.ui.screenshots import generate

    for path in generate(writable_dir(args.out), args.force):
        print(path)
    return 0
