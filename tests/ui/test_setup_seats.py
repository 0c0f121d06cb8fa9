"""The new-game screen's seats (issue 11 item 2, issue 12 item 6): each seat a person or the
computer at a level, a Gladiator team's commanders too (one by one or the whole team at
once); commander drop-downs show a renamed player's new name; internal options (the
campaign roster) are not on the form. Values are set on the form directly where typing is
not what is tested."""

from __future__ import annotations

from textual.widgets import Input, Select, Static

from battlechess_tui.ai import LEVELS
from battlechess_tui.ui.app import BattleChessApp
from tests.ui.test_new_game import choose, open_new_game, start

WHITE_TEAM = [f"white.{c}" for c in ("king", "queen", "black-knight", "kings-knight")]
BLACK_TEAM = [f"black.{c}" for c in ("king", "queen", "black-knight", "kings-knight")]


def shown_label(select: Select[str]) -> str:
    """What the closed drop-down shows (its chosen option's label)."""
    return str(select.query_one("SelectCurrent #label", Static).render())


async def test_a_computer_seat_starts_a_game_with_game_computers_set() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot, "classic")
        plays = screen.query_one("#plays-1", Select)
        assert [v for _, v in plays._options] == ["person", *LEVELS]
        await choose(pilot, "#plays-1", "Computer (hard)")  # by keyboard: Enter, arrows, Enter
        assert screen.computers() == {"black": "hard"}
        game = (await start(pilot)).game
        assert game.computers == {"black": "hard"}
        assert game.players == {"white": "White", "black": "Black"}


async def test_people_only_by_default_and_both_computers_for_a_demo() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot, "dice-chess")
        assert screen.computers() == {}
        screen.query_one("#plays-0", Select).value = "random"
        screen.query_one("#plays-1", Select).value = "greedy"
        await pilot.pause()
        game = (await start(pilot)).game
        assert game.computers == {"white": "random", "black": "greedy"}


async def test_gc_2_the_computer_holds_a_whole_team_or_one_commander() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        screen.query_one("#team-plays-1", Select).value = "easy"
        await pilot.pause()
        assert [screen.query_one(f"#holder-1-{i}", Select).value for i in range(4)] == ["easy"] * 4
        screen.query_one("#team-0-0", Input).value = "Ann"
        await pilot.pause()
        await choose(pilot, "#holder-0-1", "Computer (greedy)")  # White's Queen
        game = (await start(pilot)).game
        assert game.computers == dict.fromkeys(BLACK_TEAM, "easy") | {"white.queen": "greedy"}
        assert [game.player_of(s) for s in WHITE_TEAM] == ["Ann", "Computer", "Ann", "Ann"]


async def test_gc_2_a_team_back_to_people_frees_only_the_computers_commanders() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        screen.query_one("#team-1-1", Input).value = "Di"
        screen.query_one("#team-plays-1", Select).value = "hard"
        await pilot.pause()
        screen.query_one("#holder-1-1", Select).value = "1"  # Di takes Black's Queen
        await pilot.pause()
        assert len(screen.computers()) == 3
        screen.query_one("#team-plays-1", Select).value = "person"
        await pilot.pause()
        assert screen.computers() == {}
        assert screen.player_names()["black.queen"] == "Di"
        assert screen.player_names()["black.black-knight"] == "Black"


async def test_gc_2_commander_choices_follow_a_renamed_player() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        king = screen.query_one("#holder-0-0", Select)
        assert shown_label(king) == "White"
        screen.query_one("#team-0-0", Input).value = "Ann"
        await pilot.pause()
        assert shown_label(king) == "Ann"  # the chosen player, renamed, not the old name
        assert [str(p) for p, _ in king._options][0] == "Ann"
        screen.query_one("#team-0-1", Input).value = "Bo"
        await pilot.pause()
        king.value = "1"
        await pilot.pause()
        screen.query_one("#team-0-1", Input).value = "Bob"
        await pilot.pause()
        assert shown_label(king) == "Bob"
        assert screen.player_names()["white.king"] == "Bob"


async def test_dd_internal_options_such_as_the_campaign_roster_are_not_shown() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot, "dnd")
        labels = [str(w.render()) for w in screen.query("#options .field-label")]
        assert "Campaign roster" not in labels and "Starting level" in labels
        assert "roster" not in screen.option_values()
        game = (await start(pilot)).game
        assert game.variant.options["roster"] == ""


async def test_seat_choices_survive_an_option_change() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        screen.query_one("#holder-1-3", Select).value = "medium"
        await pilot.pause()
        await choose(pilot, "#opt-0", "exchange")
        await pilot.pause()
        assert screen.computers() == {"black.kings-knight": "medium"}
