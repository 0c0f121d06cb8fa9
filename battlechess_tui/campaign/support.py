"""The campaign's game and its part of campaign play, reached through the registry.

Campaigns are played in D&D Battle Chess (``GAME_KEY``). Everything the campaign layer needs
of the game (classes, items, the options of a campaign game, what a game did to the pieces, the
shop's offers) comes from the ``CampaignSupport`` its rules hand out (``engine/campaign.py``,
implemented in ``rules/dnd/campaign.py``), and the shop's words from its presenter
(``Presenter.shop_words``), so no module here, and nothing that imports one (the campaign
screens, ``battlechess campaign``), imports a game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from battlechess_tui.engine.campaign import CampaignSupport, ShopWords
from battlechess_tui.engine.present import Presenter
from battlechess_tui.engine.registry import make_rules, make_variant

GAME_KEY = "dnd"


@cache
def support() -> CampaignSupport[Any]:
    """The campaign game's ``CampaignSupport`` (one, shared: it holds no campaign's data)."""
    found = make_rules(GAME_KEY).campaign_support()
    if found is None:
        raise TypeError(f"the game {GAME_KEY!r} has no campaign play")
    return found


@cache
def shop_words() -> ShopWords:
    """The campaign game's words for its shop (its presenter's)."""
    found = make_variant(GAME_KEY).presenter.shop_words()
    if found is None:
        raise TypeError(f"the game {GAME_KEY!r} has no shop words")
    return found


@cache
def presenter() -> Presenter[Any]:
    """The campaign game's presenter: it words a campaign game's result (``campaign/words.py``)."""
    return make_variant(GAME_KEY).presenter
