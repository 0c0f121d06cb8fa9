"""A campaign played by random players (``battlechess campaign simulate``), for tests and balance.

Each game is played to the end by random choices (a surrender is rare: one chance in 200 at each
move), saved beside the campaign file, and settled by the between-games rules; the winner of a
surrender takes random spoils, then each side buys random items it can afford. The campaign file
is written after every game and every purchase, as in the app; a run killed at any point leaves
a campaign the next run carries on (the game in play is finished, pending spoils are taken).

Each game, from reading the campaign to the last purchase after it, holds the campaign's lock
(``store.holding``): two runs on one campaign (or a run and the app) take turns game by game,
each building on the other's last write, so no game or gold is lost.
"""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path

from battlechess_tui.campaign import between_games, shop
from battlechess_tui.campaign.model import SIDE_KEYS, CampaignFile
from battlechess_tui.campaign.store import (
    claim_game,
    create_game_file,
    games_folder,
    holding,
    load_campaign,
    save_campaign,
)
from battlechess_tui.engine.actions import Action
from battlechess_tui.engine.game import Game
from battlechess_tui.save.store import load_game, save_game
from battlechess_tui.simulation import DECISION_LIMIT, game_seed

SURRENDER_CHANCE = 1 / 200
#: How long a run waits for another process to finish its game on the same campaign.
TURN_WAIT = 600.0


def choose(game: Game, rng: random.Random) -> Action:
    actions = game.rule_actions()
    others = [a for a in actions if a.kind != "surrender"]
    if len(others) < len(actions) and (not others or rng.random() < SURRENDER_CHANCE):
        return Action("surrender")
    return rng.choice(others)


def play_random(game: Game, rng: random.Random) -> Game:
    while not game.over and len(game.plies) < DECISION_LIMIT:
        game.play(choose(game, rng))
    return game


def shop_randomly(campaign: CampaignFile, path: Path, rng: random.Random) -> CampaignFile:
    """Each side buys random affordable items until it draws 'stop' (one chance in four)."""
    for side in (0, 1):
        while rng.random() > 0.25:
            piece = rng.choice(campaign.side(side).pieces)
            chest = campaign.side(side).chest
            affordable = [o for o in shop.offers(campaign, side, piece.square) if o.price <= chest]
            if not affordable:
                break
            campaign = shop.buy(campaign, side, piece.square, rng.choice(affordable).item)
            save_campaign(campaign, path)
    return campaign


def take_spoils(campaign: CampaignFile, rng: random.Random) -> tuple[CampaignFile, str]:
    """The winner of a surrender takes the gold or a random enemy item (DD-45); the line that
    says which, with the item's name."""
    items = between_games.spoils_items(campaign)
    assert campaign.spoils is not None
    gold = campaign.spoils.gold
    if not items or rng.random() < 0.5:
        return between_games.choose_spoils(campaign, None), f"Spoils: {gold:,} gold"
    winner = campaign.side(campaign.spoils.winner)
    (square, item), to = rng.choice(items), rng.choice(winner.pieces).square
    name = between_games.catalogue().name(item)
    return between_games.choose_spoils(campaign, (square, item), to), (
        f"Spoils: {name} (from the piece on {square} to the piece on {to})"
    )


def next_game(
    campaign: CampaignFile, path: Path, seed: int, claims: ExitStack
) -> tuple[CampaignFile, Game, Path]:
    """The game in play (a run killed mid-game left one), else a new game with ``seed``; its
    file's claim is held in ``claims`` (a game a window is playing is refused, not taken
    over). A new game's file is written before the campaign names it, so a kill in between
    leaves a campaign that simply starts the game again."""
    game_path = between_games.current_path(campaign, path)
    if game_path is not None:
        claims.callback(claim_game(game_path).release)
        return campaign, load_game(game_path).game, game_path
    campaign, game = between_games.start_game(campaign, path, seed)
    game_path = between_games.current_path(campaign, path)
    assert game_path is not None
    create_game_file(game, game_path, path)
    claims.callback(claim_game(game_path).release)
    save_campaign(campaign, path)
    return campaign, game, game_path


def simulate_campaign(path: Path, games: int, seed: int) -> list[str]:
    """Play ``games`` games of the campaign in ``path``; the lines say what happened."""
    path = Path(path)
    rng = random.Random(seed)
    lines: list[str] = []
    for i in range(games):
        with holding(path, TURN_WAIT):
            lines += _one_game(load_campaign(path), path, game_seed(seed, i), rng)
    return lines


def _one_game(campaign: CampaignFile, path: Path, seed: int, rng: random.Random) -> list[str]:
    """Pending spoils taken, then the next game played, settled and shopped after."""
    lines: list[str] = []
    if campaign.spoils is not None:  # a run killed before the winner chose
        campaign, line = take_spoils(campaign, rng)
        save_campaign(campaign, path)
        lines.append(line)
    with ExitStack() as claims:
        campaign, game, game_path = next_game(campaign, path, seed, claims)
        play_random(game, rng)
        games_folder(path)  # still a real folder: never write through a link
        save_game(game, game_path)
    campaign, after = between_games.settle(campaign, game)
    if campaign.spoils is not None:
        campaign, line = take_spoils(campaign, rng)
        after.lines.append(line)
    save_campaign(campaign, path)
    campaign = shop_randomly(campaign, path, rng)
    power = between_games.powers(campaign)
    chests = ", ".join(f"{SIDE_KEYS[s]} {campaign.side(s).chest:,}" for s in (0, 1))
    return [*lines, *after.lines, f"  chests {chests}; battle power {power[0]} - {power[1]}"]
