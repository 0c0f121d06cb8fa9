"""``battlechess campaign new|show|simulate``: D&D Battle Chess campaign files (DD-40..DD-48).

A campaign is named by its file's path or by its name (``"Autumn War"`` or ``autumn-war``),
looked up in the campaigns folder (``--dir``, else the save folder's ``campaigns/``), so the
commands work as ``campaign new`` prints them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import SEED_RANGE, int_in, name_text

MAX_CAMPAIGN_NAME = 80
#: A campaign of more games than this is not a campaign a person plays.
MAX_CAMPAIGN_GAMES = 10_000


def add_parsers(sub: Any) -> dict[str, Any]:
    camp = sub.add_parser("campaign", help="D&D Battle Chess campaigns: new, show, simulate")
    csub = camp.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)
    new = csub.add_parser("new", help="create a campaign file (prints its path)")
    new.add_argument("name", help="the campaign's name (its file is named after it)")
    new.add_argument("--white", default="White", help="White's player")
    new.add_argument("--black", default="Black", help="Black's player")
    _dir_flag(new)
    show = csub.add_parser("show", help="print a campaign: rosters, war chests, games")
    show.add_argument("campaign", help="the campaign's name or its file")
    _dir_flag(show)
    sim = csub.add_parser("simulate", help="play N campaign games between random players")
    sim.add_argument("campaign", help="the campaign's name or its file")
    sim.add_argument(
        "--games",
        type=int_in(1, MAX_CAMPAIGN_GAMES),
        default=20,
        help=f"how many games (default 20, at most {MAX_CAMPAIGN_GAMES:,})",
    )
    sim.add_argument(
        "--seed", type=int_in(*SEED_RANGE), default=1, help="the random players' seed (default 1)"
    )
    _dir_flag(sim)
    return {"campaign": cmd_campaign}


def _dir_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--dir", type=Path, help="campaigns folder (default: the save folder's campaigns/)"
    )


def cmd_campaign(args: argparse.Namespace) -> int:
    from battlechess_tui.campaign import report, store

    folder = args.dir or store.default_dir(args.save_dir)
    if args.campaign_command == "new":
        name = name_text(args.name, "a campaign's name", MAX_CAMPAIGN_NAME)
        white, black = name_text(args.white), name_text(args.black)
        path = store.create_campaign(name, folder, white, black)
        print(f"Campaign {name!r} written to {path}")
        return 0
    path = store.find_campaign(args.campaign, folder)
    store.tidy_campaign(path)
    if args.campaign_command == "show":
        print("\n".join(report.summary(store.load_campaign(path), path)))
    else:
        from battlechess_tui.campaign.simulate import simulate_campaign

        print("\n".join(simulate_campaign(path, args.games, args.seed)))
    return 0
