"""Commands that open the app: the menu, a new game, a saved game, a replay."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from battlechess_tui.cli.common import (
    SEED_RANGE,
    CliError,
    add_option_flag,
    computer_players,
    int_in,
    make_game_variant,
    parse_pairs,
    run_app,
    seat_players,
    seats_apart,
)
from battlechess_tui.cli.positions import position_flags, start_position
from battlechess_tui.engine.levels import DEFAULT_LEVEL, LEVELS

if TYPE_CHECKING:
    from battlechess_tui.save.store import Loaded

#: The levels as --help names them.
LEVELS_HELP = (
    ", ".join(f"{n} (the default)" if n == DEFAULT_LEVEL else n for n in LEVELS[:-1])
    + f" or {LEVELS[-1]}"
)

PLAY_EXAMPLES = """\
seats are named by their key (white, black; in Gladiator white.king, white.queen,
white.black-knight, white.kings-knight...) or by a side's name (white: all its seats).

examples:
  battlechess play classic --computer black          you play White, the computer Black
  battlechess play dice-chess --computer black=hard --player white=Ann
  battlechess play gladiator --player white=Ann --player white.queen=Bo --computer black
  battlechess play dnd --computer all                the computer plays itself (a demo)
  battlechess play classic --position "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"   a puzzle
"""


def add_parsers(sub: Any) -> dict[str, Any]:
    play = sub.add_parser(
        "play",
        help="start a game in the app",
        description="Start a game in the app: people at one keyboard, computer players, or both.",
        epilog=PLAY_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("variant", help="a game's key, or a house-rule variant file (.toml)")
    add_option_flag(play)
    play.add_argument("--seed", type=int_in(*SEED_RANGE), help="the dice's seed (random if none)")
    position_flags(play)
    play.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="SEAT=NAME",
        help="a player's name for a seat (white=Ann) or, in a team game, "
        "for all of a side's commanders (white=Ann) or one "
        "(white.queen=Bo)",
    )
    play.add_argument(
        "--computer",
        action="append",
        default=[],
        metavar="SEAT[=LEVEL]",
        help="the computer plays a seat (black), a team's commander "
        "(white.queen), a whole side, or all seats (all); LEVEL is "
        f"{LEVELS_HELP}",
    )
    load = sub.add_parser(
        "load",
        help="continue a saved game in the app",
        description="Continue a saved game in the app. The file is re-played "
        "from its seed and checked first; a file that does not match is "
        "refused in one line.",
    )
    load.add_argument("file", type=Path, help="a save file (.json)")
    replay = sub.add_parser(
        "replay",
        help="replay a saved game",
        description="Step through a saved game in the app, or with --verify "
        "check it without the app.",
    )
    replay.add_argument("file", type=Path, help="a save file (.json)")
    replay.add_argument(
        "--verify",
        action="store_true",
        help="no app: re-play from the seed, exit 0 only if every event matches",
    )
    return {"menu": cmd_menu, "play": cmd_play, "load": cmd_load, "replay": cmd_replay}


def cmd_menu(args: argparse.Namespace) -> int:
    return run_app(args, "menu")


def cmd_play(args: argparse.Namespace) -> int:
    options = parse_pairs(args.option)
    # Fail here, in one line, before the app starts.
    variant = make_game_variant(args.variant, options)
    players = seat_players(variant, args.player) if args.player else None
    computers = computer_players(variant, args.computer) if args.computer else None
    seats_apart(variant, players or {}, computers or {})
    if args.position is not None:  # a bad position is one line, before the app
        ended = variant.rules.outcome(start_position(variant, args.position))
        if ended is not None:
            words = variant.presenter.describe_outcome(ended)
            raise CliError(
                f"bad position for {variant.rules.key}: the game is over there ({words})"
            )
    return run_app(
        args,
        "play",
        variant=args.variant,
        options=options,
        seed=args.seed,
        players=players,
        computers=computers,
        position=args.position,
    )


def cmd_load(args: argparse.Namespace) -> int:
    _opened(args.file)  # a bad file is reported before the app starts
    return run_app(args, "load", path=args.file)


def _opened(path: Path) -> Loaded:
    """The save loaded and checked, its older rules revision (if any) said in one line."""
    from battlechess_tui.save.store import load_game

    loaded = load_game(path)
    if loaded.revision_line:
        print(f"{path}: {loaded.revision_line}")
    return loaded


def cmd_replay(args: argparse.Namespace) -> int:
    from battlechess_tui.save.store import EditedSave

    if args.verify:
        try:
            loaded = _opened(args.file)
        except EditedSave as exc:
            print(f"{args.file}: {' '.join(exc.mismatch.describe().split())}")
            return 1
        result = loaded.game.outcome
        state = loaded.game.presenter.describe_outcome(result) if result else "unfinished"
        print(f"{args.file}: verified {len(loaded.game.plies)} decisions ({state})")
        return 0
    _opened(args.file)
    return run_app(args, "replay", path=args.file)
