"""The new-game screen: every game with its description, options, players and seed; team games
(GC-2) share the four commanders of a side between up to four named players."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static, Switch

from battlechess_tui.engine.registry import specs
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.new_game import NewGameScreen

COMMANDERS = ("king", "queen", "black-knight", "kings-knight")


async def open_new_game(pilot: Pilot, variant: str) -> NewGameScreen:
    pilot.app.push_screen(NewGameScreen(variant))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def type_into(pilot: Pilot, selector: str, text: str) -> None:
    """Fill a field with ``text`` (typing by keys is tested by the tests of typed moves)."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = text
    await pilot.pause()
    assert field.value == text


async def choose(pilot: Pilot, selector: str, label: str) -> None:
    """Pick the option of a drop-down shown as ``label`` (opening one by keyboard is tested
    by ``test_a_drop_down_opens_and_chooses_by_keyboard``)."""
    select = pilot.app.screen.query_one(selector, Select)
    labels = [str(prompt) for prompt, _ in select._options]
    select.value = select._options[labels.index(label)][1]
    await pilot.pause()
    assert labels[[v for _, v in select._options].index(select.value)] == label


async def test_a_drop_down_opens_and_chooses_by_keyboard() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        select = screen.query_one("#holder-0-1", Select)
        select.focus()
        await pilot.pause()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert select.value == select._options[1][1] != select._options[0][1]


async def start(pilot: Pilot) -> GameScreen:
    await pilot.press("ctrl+s")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


@pytest.mark.parametrize("variant", list(specs()))
async def test_every_game_shows_description_options_players_and_seed(variant: str) -> None:
    spec = specs()[variant]
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot, variant)
        description = screen.query_one("#game-description", Static)
        assert str(description.render()).startswith(spec.description[:30])
        shown = {k: o for k, o in spec.options.items() if not o.internal}
        labels = [str(w.render()) for w in screen.query("#options .field-label")]
        assert labels == [opt.label for opt in shown.values()]
        assert set(screen.option_values()) == set(shown)
        seats = {s.key for s in _variant(variant).seats()}
        assert set(screen.player_names()) == seats
        await type_into(pilot, "#seed", "4242")
        game = (await start(pilot)).game
        assert game.seed == 4242 and game.variant.key == variant


def _variant(key: str):
    from battlechess_tui.engine.registry import make_variant

    return make_variant(key)


async def test_an_option_chosen_on_the_form_reaches_the_game() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot, "gladiator")
        await choose(pilot, "#opt-0", "exchange")  # GC-19's option
        game = (await start(pilot)).game
        assert game.variant.options["combat"] == "exchange"


async def test_classic_names_one_player_per_side() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot, "classic")
        assert not screen.query(".team-name")
        await type_into(pilot, "#players .seat-name", "Ann")
        game = (await start(pilot)).game
        assert game.players == {"white": "Ann", "black": "Black"}


async def test_gc_2_one_player_holds_all_four_commanders_by_default() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot, "gladiator")
        await type_into(pilot, "#team-0-0", "Ann")
        game = (await start(pilot)).game
        assert {game.player_of(f"white.{c}") for c in COMMANDERS} == {"Ann"}
        assert {game.player_of(f"black.{c}") for c in COMMANDERS} == {"Black"}


async def test_gc_2_two_players_share_a_side_and_four_hold_one_each() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        await type_into(pilot, "#team-0-0", "Ann")
        await type_into(pilot, "#team-0-1", "Bob")
        await choose(pilot, "#holder-0-1", "Bob")  # White's Queen
        await choose(pilot, "#holder-0-3", "Bob")  # White's King's Knight
        for i, name in enumerate(("Cy", "Di", "Ed", "Fay")):
            await type_into(pilot, f"#team-1-{i}", name)
        for i, name in enumerate(("Cy", "Di", "Ed", "Fay")):
            await choose(pilot, f"#holder-1-{i}", name)
        # A name typed after a commander was given to that place follows it.
        await type_into(pilot, "#team-1-3", "Flo")
        assert screen.player_names()["black.kings-knight"] == "Flo"
        game = (await start(pilot)).game
        assert [game.player_of(f"white.{c}") for c in COMMANDERS] == ["Ann", "Bob", "Ann", "Bob"]
        assert [game.player_of(f"black.{c}") for c in COMMANDERS] == ["Cy", "Di", "Ed", "Flo"]


async def test_gc_2_a_cleared_name_gives_its_commanders_to_the_first_player() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        await type_into(pilot, "#team-0-1", "Bob")
        await choose(pilot, "#holder-0-2", "Bob")
        assert screen.player_names()["white.black-knight"] == "Bob"
        await type_into(pilot, "#team-0-1", "")
        await pilot.pause()
        assert screen.player_names()["white.black-knight"] == "White"
        labels = [str(p) for p, _ in screen.query_one("#holder-0-2", Select)._options]
        assert "Bob" not in labels and labels[0] == "White"


async def test_names_survive_an_option_change() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_new_game(pilot, "gladiator")
        await type_into(pilot, "#team-0-1", "Bob")
        await choose(pilot, "#holder-0-1", "Bob")
        await choose(pilot, "#opt-0", "exchange")
        await pilot.pause()
        assert screen.player_names()["white.queen"] == "Bob"


async def test_a_house_rule_file_is_loaded_and_played(tmp_path) -> None:
    """Issue 10: "Load variant file" plays a house-rule .toml through registry.resolve."""
    house = tmp_path / "house.toml"
    house.write_text(
        'key = "house"\nname = "House chess"\ndescription = "Classic, at home."\n'
        'base = "classic"\n',
        encoding="utf-8",
    )
    broken = tmp_path / "broken.toml"
    broken.write_text('key = "broken"\nbase = "nothing"\n', encoding="utf-8")
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot, "classic")
        box = screen.query_one("#variant-file", Input)
        box.value = str(broken)
        await pilot.press("ctrl+o")
        error = str(screen.query_one("#new-game-error", Static).render())
        assert error.startswith(f"Cannot load {broken}") and "nothing" in error
        box.value = str(house)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert screen.query_one("#game-select", Select).value == "house"
        assert str(screen.query_one("#game-description", Static).render()) == "Classic, at home."
        game = (await start(pilot)).game
        assert game.rules.key == "house" and game.rules.name == "House chess"


async def test_dc_14_the_form_s_opening_turns_are_the_banner_s_full_turns() -> None:
    app = BattleChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_new_game(pilot, "dice-chess")
        field = next(
            w for w in screen.query("#options Input").results(Input) if w.name == "opening_turns"
        )
        assert field.value == "10"
        helps = [str(w.render()) for w in screen.query("#options .field-help")]
        assert any("this many full turns" in h and "DC-14" in h for h in helps)
        field.value = "7"
        screen.query_one("#opt-0", Switch).value = False  # no setup: play begins at once
        await pilot.pause()
        game = (await start(pilot)).game
        assert game.presenter.status(game.state).endswith(
            "full turn 1 of 7 before the first capture (DC-14)"
        )
