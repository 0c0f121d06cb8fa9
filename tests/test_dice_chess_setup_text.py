"""Dice Chess words during setup and before the first capture (issue 12 item 5): the setup
prompt names a swap by its two squares; the banner counts the opening limit (DC-14) in the
full turns that the option, the new-game screen and the rules page state."""

from __future__ import annotations

import re

from battlechess_tui.session import build_game


def banner_limit(status: str) -> int:
    found = re.search(r"full turn \d+ of (\d+) before the first capture \(DC-14\)", status)
    assert found is not None, status
    return int(found.group(1))


def page_limit(page: str) -> int:
    found = re.search(r"The opening limit \(DC-14\): (\d+) full turns", page)
    assert found is not None
    return int(found.group(1))


def test_dc_2_the_setup_prompt_says_swap_two_dice_or_done() -> None:
    game = build_game("dice-chess", None, 5, None)
    assert "swap (b1 e2) or done" in game.presenter.status(game.state)
    game.play("done")
    assert "swap (b8 e7) or done" in game.presenter.status(game.state)


def test_dc_14_banner_and_rules_page_give_the_option_s_number() -> None:
    for options, limit in (({}, 10), ({"opening_turns": "6"}, 6)):
        game = build_game("dice-chess", {"arrange": "off", **options}, 5, None)
        assert game.variant.options["opening_turns"] == limit
        status = game.presenter.status(game.state)
        assert status == f"White to move — full turn 1 of {limit} before the first capture (DC-14)"
        assert banner_limit(status) == page_limit(game.presenter.rules_markdown()) == limit
        assert f"**{10} full turns**" in game.presenter.rules_markdown()  # DC-14's default


def test_dc_14_the_full_turn_advances_after_both_players_move() -> None:
    game = build_game("dice-chess", {"arrange": "off"}, 5, None)
    first = game.presenter.status(game.state)
    white = next(a for a in game.legal_actions() if a.kind == "move")
    game.play(white)
    assert "full turn 1 of 10" in game.presenter.status(game.state)
    black = next(a for a in game.legal_actions() if a.kind == "move")
    game.play(black)
    assert "full turn 1 of 10" in first and "full turn 2 of 10" in game.presenter.status(game.state)
