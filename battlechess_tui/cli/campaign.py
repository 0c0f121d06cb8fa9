"""``battlechess campaign new|show|simulate``: D&D Battle Chess campaign files (DD-40..DD-48)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from battlechess_tui.cli.common import CliError


def add_parsers(sub: Any) -> dict[str, Any]:
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
    return {"campaign": cmd_campaign}


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
