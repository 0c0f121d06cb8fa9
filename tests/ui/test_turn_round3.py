"""The turn at one keyboard, round 3 (issue 25 items 6-13, 16, 18): a roll is read before
anything covers it, the hand-over says what happened and comes only when the keyboard passes in
a team game (a line above the board says it in two-player games), "may act" is one key, a draw
offer asks first, the board faces the person at the keyboard, typing on the board starts a
move, moves are typed in SAN, and an override hands the keyboard over both ways."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import Confirm, HandOver, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.screens.replay import ReplayScreen
from battlechess_tui.ui.screens.saves import sides_text
from battlechess_tui.ui.settings import Settings, load_settings, save_settings
from battlechess_tui.ui.widgets import dice_tray
from battlechess_tui.ui.widgets.actions_panel import ActionsPanel
from battlechess_tui.ui.widgets.board import Board
from battlechess_tui.ui.widgets.dice_tray import DiceTray
from battlechess_tui.ui.widgets.turn_banner import TurnBanner
from tests.test_gladiator_support import V as GLADIATOR
from tests.ui.driver import table, wait_for


def app_for(game: Game, tmp_path: Path, **settings: object) -> BattleChessApp:
    chosen = Settings(**{"animate": False, **settings})  # type: ignore[arg-type]
    return BattleChessApp("play", game=game, save_dir=tmp_path, settings=chosen)


def keys(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


def banner_text(app: BattleChessApp) -> str:
    return app.screen.query_one(TurnBanner).render().plain


# -- item 8: fewer dialogs --------------------------------------------------------------------


async def test_two_players_get_a_line_above_the_board_not_a_dialog(tmp_path: Path) -> None:
    game = build_game("classic", None, 7, {"white": "Ann", "black": "Bo"})
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Since your last move: nothing yet, the game begins." in banner_text(app)
        await pilot.press(*"e4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # no dialog between two players
        assert "Since your last move: Ann (White) played e4." in banner_text(app)
        await pilot.press(*"e5", "enter")
        await pilot.pause()
        assert "Since your last move: Bo (Black) played e5." in banner_text(app)
        assert [p.notation for p in game.plies] == ["e4", "e5"]


async def test_the_hand_over_setting_keeps_the_notice_in_two_player_games(tmp_path: Path) -> None:
    game = build_game("classic", None, 7, {"white": "Ann", "black": "Bo"})
    app = app_for(game, tmp_path, handover="on")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"e4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOver) and app.screen.next_player == "Bo (Black)"


# -- item 7 and item 6: the notice says what happened, with the roll ---------------------------


async def test_dd_the_hand_over_tells_damage_and_the_roll(tmp_path: Path) -> None:
    game = build_game("dnd", None, 7, {"white": "Ann", "black": "Bo"})
    app = app_for(game, tmp_path, handover="on")
    async with app.run_test(size=(120, 40)) as pilot:
        for move in ("e2e4", "a7a6"):
            await pilot.press("colon", *move, "enter")
            await pilot.pause()
            if isinstance(app.screen, HandOver):
                await pilot.press("enter")
                await pilot.pause()
        # A typed move carries its act (item 9): the Wizard moves, then casts.
        await pilot.press("colon", *keys("d1h5 cast magic-missile h7"), "enter")
        await pilot.pause()
        texts = [p.action.text(game.rules.geo) for p in game.plies]
        assert texts == ["e2e4", "a7a6", "d1h5", "cast magic-missile h7"]
        notice = app.screen
        assert isinstance(notice, HandOver)
        assert notice.last == (
            "Ann (White) played W d1-h5.\n"
            "Ann (White) — Wizard: cast magic-missile h7. Magic Missile: Black Fighter on h7 "
            "takes 4 damage (8/12 hp).\n"
            "Ann (White) rolled 1d4 [3] +1 damage = 4: 4 damage"
        )


async def test_dd_may_act_is_answered_with_one_key(tmp_path: Path) -> None:
    game = build_game("dnd", None, 7, {"white": "Ann", "black": "Bo"})
    app = app_for(game, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for move in ("e2e4", "a7a6", "d1h5"):
            await pilot.press("colon", *move, "enter")
            await pilot.pause()
        screen = table(pilot)
        panel = screen.query_one(ActionsPanel)
        item = panel.item_at(panel.highlighted)
        assert screen.focused is panel and item is not None and item.text == "none"
        await pilot.press("enter")  # one key: no act
        await pilot.pause()
        assert game.plies[-1].action.kind == "none" and game.to_move == "black"


async def test_a_tumbling_roll_is_not_given_away_and_stays_before_the_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dice_tray, "FRAME_SECONDS", 0.2)  # a tumble of a second
    game = build_game("single-combat", None, 7, {"white": "Ann", "black": "Bo"})
    for move in ("e2e4", "d7d5"):
        game.play(move)
    app = app_for(game, tmp_path, animate=True, handover="on")
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "full"
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        screen.roll_hold = 0.3
        before = screen.board_model
        await pilot.press("colon", *"e4d5", "enter")
        tray = screen.query_one(DiceTray)
        assert tray.animating and screen.veiled
        assert screen.board_model == before  # the fight's result waits for the dice
        assert "rolling…" in screen.message and len(screen.log_entries) == 2
        await wait_for(pilot, lambda: not screen.veiled)
        assert isinstance(app.screen, GameScreen)  # the roll is in view a moment first
        assert screen.board_model != before and len(screen.log_entries) == 3
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))


# -- item 10: a draw offer asks first -------------------------------------------------------------


async def test_offering_a_draw_asks_first(tmp_path: Path) -> None:
    game = build_game("classic", None, 7, None, {"black": "random"})
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("D")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await pilot.pause()
        assert game.plies == [] and not game.over
        await pilot.press("D", "y")
        await wait_for(pilot, lambda: len(game.plies) == 2)
        assert game.plies[0].action.kind == "offer-draw"


# -- item 11: the board faces the person at the keyboard ------------------------------------------


async def test_playing_black_against_the_computer_puts_black_at_the_bottom(
    tmp_path: Path,
) -> None:
    game = build_game("classic", None, 7, None, {"white": "random"})
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert screen.flipped and screen.query_one(Board).flipped
        assert game.rules.geo.name(screen.cursor) == "e7"


async def test_turn_the_board_for_whoever_moves(tmp_path: Path) -> None:
    game = build_game("classic", None, 7, {"white": "Ann", "black": "Bo"})
    app = app_for(game, tmp_path, turn_board=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        assert not screen.flipped
        await pilot.press(*"e4", "enter")
        await pilot.pause()
        assert screen.flipped
        await pilot.press(*"e5", "enter")
        await pilot.pause()
        assert not screen.flipped


# -- items 12 and 13: typing on the board, SAN ----------------------------------------------------


async def test_typing_on_the_board_opens_the_move_box_and_san_is_played(tmp_path: Path) -> None:
    game = build_game("classic", None, 7, {"white": "Ann", "black": "Bo"})
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        box = screen.query_one("#move-input", Input)
        await pilot.press("N")
        assert screen.focused is box and box.value == "N"
        await pilot.press(*"f3", "enter")
        await pilot.pause()
        assert screen.focused is screen.query_one(Board)
        await pilot.press(*"d5", "enter")  # d: a file, not the draw key
        await pilot.pause()
        await pilot.press(*"c4", "enter")  # c: not the colours key
        await pilot.press(*"e6", "enter")  # a square alone: the pawn
        await pilot.press(*"cxd5", "enter")
        await pilot.pause()
        assert [p.notation for p in game.plies] == ["Nf3", "d5", "c4", "e6", "cxd5"]
        assert screen.log_entries[-1].notation == "cxd5"


async def test_a_move_typed_in_one_burst_loses_no_key(tmp_path: Path) -> None:
    """Keys that arrive together (a fast typist, a paste into the terminal, tmux send-keys)
    are all sent to the board before the first one moves the focus to the move box: the
    ones after it still land in the box, in order."""
    game = build_game("classic", None, 7, {"white": "Ann", "black": "Bo"})
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table(pilot)
        for key, char in (("e", "e"), ("4", "4"), ("enter", None)):
            app.post_message(events.Key(key, char))
        await pilot.pause()
        await wait_for(pilot, lambda: len(game.plies) == 1)
        assert [p.notation for p in game.plies] == ["e4"]


async def test_ambiguous_san_is_refused_with_the_candidates(tmp_path: Path) -> None:
    game = Game(
        build_game("classic").variant,
        1,
        start=build_game("classic").rules.parse_position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"),
    )
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table(pilot)
        await pilot.press(*"Nd2", "enter")
        await pilot.pause()
        assert screen.message == "Refused: 'Nd2' could be Nbd2, Nfd2: say which"
        assert game.plies == []
        await pilot.press(*"Nfd2", "enter")  # the refused text is selected: typing replaces it
        await pilot.pause()
        assert [p.notation for p in game.plies] == ["Nfd2"]


async def test_the_log_in_coordinates_when_set(tmp_path: Path) -> None:
    game = build_game("classic", None, 7)
    game.play("g1f3")
    app = app_for(game, tmp_path, notation="coordinates")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table(pilot).log_entries[-1].notation == "g1f3"


async def test_a_replays_log_in_coordinates_when_set(tmp_path: Path) -> None:
    """The "Move log" setting holds in replays too."""
    game = build_game("classic", None, 7)
    for move in ("g1f3", "d7d5"):
        game.play(move)
    app = app_for(game, tmp_path, notation="coordinates")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(game, tmp_path, start=2))
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert [e.notation for e in app.screen.log_entries] == ["g1f3", "d7d5"]


# -- item 16: words --------------------------------------------------------------------------------


def test_a_team_games_sides_are_named_together() -> None:
    players = {"white.king": "Ann", "white.queen": "Bo", "white.black-knight": "Ann",
               "white.kings-knight": "Bo", "black.king": "Cy", "black.queen": "Di",
               "black.black-knight": "Cy", "black.kings-knight": "Di"}  # fmt: skip
    assert sides_text(players) == "Ann & Bo vs Cy & Di"
    assert sides_text({"white": "Ann", "black": "Bob"}) == "Ann vs Bob"


async def test_the_result_panel_counts_moves_as_the_log_numbers_them(tmp_path: Path) -> None:
    game = build_game("classic", None, 7)
    for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
        game.play(move)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultPanel))
        assert isinstance(app.screen, ResultPanel)
        assert app.screen.length == "after 2 moves"  # 1.f3 e5 2.g4 Qh4#: two moves


# -- item 18: an override hands the keyboard over both ways ---------------------------------


async def test_gc_14_an_override_hands_the_keyboard_over_and_back(tmp_path: Path) -> None:
    """Black: Cy holds the King and Queen, Di the Black Knight and King's Knight. Di has the
    keyboard for the Black Knight's move when the King's override is chosen: it passes to Cy,
    and back to Di after Cy's move."""
    players = {"white.king": "Ann", "white.queen": "Ann", "white.black-knight": "Ann",
               "white.kings-knight": "Ann", "black.king": "Cy", "black.queen": "Cy",
               "black.black-knight": "Di", "black.kings-knight": "Di"}  # fmt: skip
    game = Game(GLADIATOR, 7, players)
    for move in ("f2f4", "override", "b1c3", "override", "d2d4", "override", "h2h4"):
        game.play(move)
    app = app_for(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # a game opened shows no notice: Cy is at the keyboard
        for move in ("g11g9", "a11a9"):  # the King's move, then the boxed-in Queen's (GC-15)
            await pilot.press("colon", *move, "enter")
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))
        assert isinstance(app.screen, HandOver)
        assert app.screen.next_player == "Di (Black · Black Knight)"
        await pilot.press("enter")
        await pilot.press("v")  # Di has the keyboard: the King's override passes it to Cy
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))
        assert isinstance(app.screen, HandOver)
        assert app.screen.next_player == "Cy (Black · King)"
        await pilot.press("enter")
        await pilot.press("colon", *"c11c9", "enter")  # Cy makes the Black Knight's move
        await wait_for(pilot, lambda: isinstance(app.screen, HandOver))
        assert isinstance(app.screen, HandOver)
        assert app.screen.next_player == "Di (Black · King's Knight)"


# -- the settings of this round ----------------------------------------------------------------


def test_the_new_settings_are_kept_and_an_older_file_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    chosen = Settings(notation="coordinates", turn_board=True, handover="on")
    save_settings(chosen, path)
    assert load_settings(path).settings == chosen
    older = {"animate": False, "pieces": "ascii", "palette": "theme", "theme": "nord",
             "handover": "off", "free_undo": True}  # fmt: skip
    path.write_text(json.dumps(older))
    loaded = load_settings(path)
    assert loaded.problem is None and loaded.settings == Settings(**older)  # type: ignore[arg-type]
    assert Settings().handover == "team" and Settings().notation == "san"


async def test_dd_an_auto_battle_shows_no_result_while_its_dice_roll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 6: with ``auto`` the Last battle panel, the board's hit points and the log wait
    for the dice (seed 7: the Cleric takes a6 and the battle is fought automatically)."""
    monkeypatch.setattr(dice_tray, "FRAME_SECONDS", 0.2)
    game = build_game("dnd", None, 7, {"white": "Ann", "black": "Bo"})
    for move in ("e2e4", "a7a6", "f1a6"):
        game.play(move)
    app = app_for(game, tmp_path, animate=True)
    async with app.run_test(size=(120, 40)) as pilot:
        app.animation_level = "full"
        screen = table(pilot)
        assert isinstance(screen, GameScreen)
        board, battle, log = screen.board_model, screen.battle_info, screen.log_entries
        await pilot.press("colon", *"auto", "enter")
        assert screen.query_one(DiceTray).animating and screen.veiled
        assert (screen.board_model, screen.battle_info) == (board, battle)
        assert screen.log_entries == log and "falls" not in banner_text(app)
        # The dice land at once (as any key makes them): a whole battle's frames would take
        # longer than the wait allows on an idle machine.
        screen.query_one(DiceTray).skip()
        await wait_for(pilot, lambda: not screen.veiled)
        assert screen.board_model != board and screen.battle_info != battle
        told = [d for entry in screen.log_entries for d in entry.details]
        assert "White Cleric on a6 falls" in told


async def test_sc_5_the_log_in_coordinates_keeps_a_fights_words(tmp_path: Path) -> None:
    """A Single Combat capture is a fight (SC-5): in coordinates the log writes its squares and
    the fight's words after them, as the presenter annotates the move (no text cut apart)."""
    game = build_game("single-combat", None, 7)
    for move in ("e2e4", "d7d5", "e4d5"):
        game.play(move)
    san = game.plies[-1].notation
    assert san.startswith("exd5 ") and len(san) > len("exd5 ")
    app = app_for(game, tmp_path, notation="coordinates")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table(pilot).log_entries[-1].notation == "e4d5" + san[len("exd5") :]
