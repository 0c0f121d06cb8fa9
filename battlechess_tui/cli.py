"""The ``battlechess`` command: the app by default, and headless tools for scripts and tests."""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from pathlib import Path
from typing import Any

from battlechess_tui import __version__


class CliError(Exception):
    """A problem reported as one line, exit status 2."""


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CliError(f"--option takes key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _variant(key: str, options: dict[str, str] | None = None) -> Any:
    from battlechess_tui.engine.registry import make_variant, specs

    if key not in specs():
        path = Path(key)
        if path.suffix == ".toml" and path.is_file():
            from battlechess_tui.engine.registry import load_spec_file

            return make_variant(load_spec_file(path), dict(options or {}))
        raise CliError(f"no game called {key!r}; games: {', '.join(specs())}")
    try:
        return make_variant(key, dict(options or {}))
    except ValueError as exc:
        raise CliError(str(exc)) from None


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


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="battlechess",
        description="Dice-and-battle chess in the terminal. With no command, opens the app.",
    )
    p.add_argument("--version", action="version", version=f"battlechess {__version__}")
    p.add_argument(
        "--save-dir", type=Path, help="folder for saves (default: the platform's data folder)"
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="start a game in the app")
    play.add_argument("variant")
    play.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--seed", type=int)
    play.add_argument("--player", action="append", default=[], metavar="SEAT=NAME",
                      help="a player's name for a seat, e.g. white=Ann")  # fmt: skip
    for name, help_ in (
        ("load", "continue a saved game in the app"),
        ("replay", "replay a saved game"),
    ):
        cmd = sub.add_parser(name, help=help_)
        cmd.add_argument("file", type=Path)
        if name == "replay":
            cmd.add_argument(
                "--verify",
                action="store_true",
                help="no app: re-play from the seed, exit 0 only if every event matches",
            )

    perft = sub.add_parser("perft", help="count the decision tree to a depth",
                           formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    # The epilog loads every variant: build it only when the help is shown.
    perft.format_help = functools.partial(_help_with_epilog, perft, _perft_help)  # type: ignore[method-assign]
    perft.add_argument("variant")
    perft.add_argument("--depth", type=int, required=True)
    perft.add_argument("--fen", help="start from this position (chess-based games)")
    perft.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    perft.add_argument(
        "--divide", action="store_true", help="also print the count below each first choice"
    )

    sim = sub.add_parser("simulate", help="play games between random players and summarise")
    sim.add_argument("variant")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--save-dir", dest="sim_save_dir", type=Path, help="save every game here")
    sim.add_argument("--verify", action="store_true", help="also replay and verify every game")

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("variant")
    sub.add_parser("variants", help="list the games")
    check = sub.add_parser("check-variant", help="validate a variant file and print every error")
    check.add_argument("file", type=Path)
    sub.add_parser("schema", help="print the JSON Schema of save files")
    shots = sub.add_parser("screenshots", help="regenerate the SVG screenshots from the real app")
    shots.add_argument("--out", type=Path, default=Path("screenshots"))
    _campaign_parser(sub)
    return p


def _campaign_parser(sub: Any) -> None:
    """``campaign new|show|simulate``: D&D Battle Chess campaign files (DD-40..DD-48)."""
    camp = sub.add_parser("campaign", help="D&D Battle Chess campaigns: new, show, simulate")
    csub = camp.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)
    new = csub.add_parser("new", help="create a campaign file")
    new.add_argument("name")
    new.add_argument("--white", default="White", help="White's player")
    new.add_argument("--black", default="Black", help="Black's player")
    new.add_argument("--dir", type=Path, help="folder (default: the save folder's campaigns/)")
    show = csub.add_parser("show", help="print a campaign: rosters, war chests, games")
    show.add_argument("file", type=Path)
    sim = csub.add_parser("simulate", help="play N campaign games between random players")
    sim.add_argument("file", type=Path)
    sim.add_argument("--games", type=int, default=20)
    sim.add_argument("--seed", type=int, default=1)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except CliError as exc:
        print(f"battlechess: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace) -> int:
    from battlechess_tui.save.store import SaveError

    try:
        handler = _HANDLERS.get(args.command or "menu")
        assert handler is not None
        return handler(args)
    except SaveError as exc:
        raise CliError(str(exc)) from None


def _app(args: argparse.Namespace, start: str, **kwargs: Any) -> int:
    from battlechess_tui.ui.app import run_app

    return run_app(start, save_dir=args.save_dir, **kwargs)


def cmd_menu(args: argparse.Namespace) -> int:
    return _app(args, "menu")


def cmd_play(args: argparse.Namespace) -> int:
    options = _options(args.option)
    _variant(args.variant, options)  # fail here, in one line, before the app starts
    players = _options(args.player) if args.player else None
    return _app(
        args, "play", variant=args.variant, options=options, seed=args.seed, players=players
    )


def cmd_load(args: argparse.Namespace) -> int:
    from battlechess_tui.save.store import load_game

    load_game(args.file)  # a bad file is reported before the app starts
    return _app(args, "load", path=args.file)


def cmd_replay(args: argparse.Namespace) -> int:
    from battlechess_tui.save.store import load_game, verify_file

    if args.verify:
        loaded = load_game(args.file)
        mismatch = verify_file(args.file)
        if mismatch is not None:
            print(f"{args.file}: {mismatch.describe()}")
            return 1
        result = loaded.game.outcome
        state = result.describe(loaded.game.variant.side_names) if result else "unfinished"
        print(f"{args.file}: verified {len(loaded.game.plies)} decisions ({state})")
        return 0
    load_game(args.file)
    return _app(args, "replay", path=args.file)


def cmd_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        raise CliError("--depth must be 0 or more")
    variant = _variant(args.variant, _options(args.option))
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


def cmd_simulate(args: argparse.Namespace) -> int:
    from battlechess_tui.simulation import simulate

    options = _options(args.option)
    _variant(args.variant, options)
    if args.verify and args.sim_save_dir is None:
        raise CliError("--verify needs --save-dir (it verifies the saved files)")
    summary = simulate(args.variant, args.games, args.seed, options, args.sim_save_dir)
    print("\n".join(summary.lines()))
    failed = summary.unfinished
    if args.verify:
        from battlechess_tui.save.store import verify_file

        bad = 0
        for path in sorted(Path(args.sim_save_dir).glob(f"{args.variant}-{args.seed}-*.json")):
            mismatch = verify_file(path)
            if mismatch is not None:
                bad += 1
                print(f"{path}: {mismatch.describe()}")
        print(f"  replays verified: {summary.games - bad}/{summary.games}")
        failed += bad
    return 1 if failed else 0


def cmd_rules(args: argparse.Namespace) -> int:
    print(_variant(args.variant).rules_markdown())
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


def cmd_campaign(args: argparse.Namespace) -> int:
    from battlechess_tui.campaign import report, store

    if args.campaign_command == "new":
        folder = args.dir or store.default_dir(args.save_dir)
        print(store.create_campaign(args.name, folder, args.white, args.black))
    elif args.campaign_command == "show":
        print("\n".join(report.summary(store.load_campaign(args.file), args.file)))
    else:
        from battlechess_tui.campaign.simulate import simulate_campaign

        if args.games < 1:
            raise CliError("--games must be 1 or more")
        print("\n".join(simulate_campaign(args.file, args.games, args.seed)))
    return 0


def cmd_screenshots(args: argparse.Namespace) -> int:
    from battlechess_tui.ui.screenshots import generate

    for path in generate(args.out):
        print(path)
    return 0


_HANDLERS = {
    "menu": cmd_menu,
    "play": cmd_play,
    "load": cmd_load,
    "replay": cmd_replay,
    "perft": cmd_perft,
    "simulate": cmd_simulate,
    "rules": cmd_rules,
    "variants": cmd_variants,
    "check-variant": cmd_check_variant,
    "schema": cmd_schema,
    "screenshots": cmd_screenshots,
    "campaign": cmd_campaign,
}
