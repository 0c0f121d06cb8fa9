"""Gladiator Chess through the UI: each kind of ending (GC-33 checkmate and King killed, GC-34
Queen held five turns) from prepared positions, finished by keys, mouse and typing with scripted
dice; the turn banner, the commanders strip and the hand-over notice naming the right player of
a team (GC-2, GC-12, GC-14); movable pieces marked; odds before an attack; the tally sheet."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from battlechess_tui.engine.dice import Dice
from battlechess_tui.engine.events import Roll
from battlechess_tui.engine.game import Game, Position
from battlechess_tui.rules.gladiator.state import GladiatorState
from battlechess_tui.ui.app import BattleChessApp
from battlechess_tui.ui.screens.dialogs import HandOver, ResultPanel
from battlechess_tui.ui.screens.game import GameScreen
from battlechess_tui.ui.widgets.tally_sheet import TallyText
from battlechess_tui.ui.widgets.turn_banner import TurnBanner
from tests.scripted_dice import ScriptedDice
from tests.test_gladiator_support import V, act, move, position, sq
from tests.ui.driver import choose_in_panel, click_square, cursor_to, settle_odds, table

COMMANDERS = ("king", "queen", "black-knight", "kings-knight")


def team(white: tuple[str, ...], black: tuple[str, ...]) -> dict[str, str]:
    """Players by seat: ``white`` names the holders of King, Queen, Black Knight, King's Knight."""
    return {
        f"{side}.{c}": name
        for side, names in (("white", white), ("black", black))
        for c, name in zip(COMMANDERS, names, strict=True)
    }


def app_at(state: GladiatorState, players: dict[str, str], save_dir: Path) -> BattleChessApp:
    """The app playing a game that starts from a position built with the engine."""
    game = Game(V, 7, players)
    game.positions[0] = Position(state)
    return BattleChessApp("play", game=game, save_dir=save_dir)


def script_dice(monkeypatch: pytest.MonkeyPatch, *faces: int) -> ScriptedDice:
    """Every decision from now on throws these faces, in order."""
    dice = ScriptedDice(*faces)
    monkeypatch.setattr(Dice, "for_decision", classmethod(lambda cls, seed, index: dice))
    return dice


async def choose_action(pilot: Pilot, label: str) -> None:
    """Pick the entry of the actions panel that reads ``label``, with the keyboard."""
    await choose_in_panel(pilot, lambda item: item.label == label)


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press("colon", *[("space" if c == " " else c) for c in text], "enter")
    await pilot.pause()


async def expect_hand_over(pilot: Pilot, to: str) -> HandOver:
    notice = pilot.app.screen
    assert isinstance(notice, HandOver), f"no hand-over notice (screen {notice})"
    assert notice.next_player == to
    await pilot.press("enter")
    await pilot.pause()
    return notice


def no_hand_over(pilot: Pilot) -> None:
    assert isinstance(pilot.app.screen, GameScreen), pilot.app.screen


def banner_text(pilot: Pilot) -> str:
    return str(table(pilot).query_one(TurnBanner).render())


def result(pilot: Pilot) -> str:
    panel = pilot.app.screen
    assert isinstance(panel, ResultPanel), panel
    return panel.result


# -- the three kinds of ending ---------------------------------------------------------------


async def test_gc_33_king_killed_by_keys_the_queens_move_needs_no_override_answer(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    start = position({"f1": "K", "i1": "N", "a1": "Q", "f9": "W", "f10": "k"}, step=1)
    king = start.at(sq("f10"))
    assert king is not None
    pieces = list(start.pieces)
    pieces[king.id] = replace(king, hp=5)  # a wounded Black King without his King's Knight
    start = replace(start, pieces=tuple(pieces))
    players = team(("Ann", "Bob", "Ann", "Ann"), ("Cy",) * 4)
    app = app_at(start, players, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        # No override question (issue 12): the Queen's player moves; the King's may override.
        assert screen.banner.player == "Bob" and screen.banner.seat == "White Queen"
        assert "Queen's move (King may override)" in banner_text(pilot)
        labels = [item.label for item in screen.action_items]
        assert "King overrides the Queen's move" in labels  # GC-14
        assert not [label for label in labels if label.startswith("No override")]

        await cursor_to(pilot, sq("f9"))
        await pilot.press("enter")
        await cursor_to(pilot, sq("f10"))
        expected = V.odds(screen.game.state, move("f9", "f10"))
        assert expected is not None and expected.startswith("Duel: ")
        assert "hit points 6 vs 5" in expected  # GC-19: the duel with current hit points
        await settle_odds(pilot)
        assert screen.odds == f"Attack on f10: {expected}"

        script_dice(monkeypatch, 6, 6, 6, 1, 1, 1, 1, 1)  # 18 against 5: the King dies
        await pilot.press("enter")
        await pilot.pause()
        assert result(pilot) == "White wins: King killed: the Black King dies on f10 (GC-33)"
        rolls = [e.event for e in screen.tray_entries if isinstance(e.event, Roll)]
        assert [r.faces for r in rolls] == [(6, 6, 6), (1, 1, 1, 1, 1)]
        assert all(r.purpose for r in rolls)


async def test_gc_24_gc_33_checkmate_by_mouse_with_the_kings_knight(tmp_path: Path) -> None:
    start = position({"a1": "K", "c1": "N", "f12": "k", "d4": "n", "b8": "w", "e6": "s"},
                     side=1, step=3)  # fmt: skip
    players = team(("Ann",) * 4, ("Cy", "Cy", "Cy", "Di"))
    app = app_at(start, players, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert screen.banner.player == "Di"  # the King's Knight's player moves: no question
        await click_square(pilot, sq("d4"))
        await pilot.pause()
        assert screen.selected == sq("d4")
        await click_square(pilot, sq("c2"))
        await pilot.pause()
        assert result(pilot) == (
            "Black wins: checkmate: the White King cannot get out of check (GC-24, GC-33)"
        )
        assert screen.banner.over


async def test_gc_34_queen_held_five_turns_by_typing(tmp_path: Path) -> None:
    taken = position({"f1": "K", "i1": "N", "a1": "S", "f6": "q", "g12": "k", "i12": "n"},
                     step=2)  # fmt: skip
    taken, _ = act(taken, "a1f6")  # the White Scout captures the Black Queen
    start = replace(taken, held=(0, 4))  # she has been held four turns
    app = app_at(start, team(("Ann",) * 4, ("Cy",) * 4), tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        tally = str(screen.query_one(TallyText).render())
        assert "Black Captured Queen" in tally
        assert "Queen captured — abducted by Scout on f6, held 4/5" in tally
        await type_text(pilot, "i1h3")
        assert result(pilot) == "White wins: Queen held: the Black Queen held 5 turns (GC-34)"


# -- teams: banner, commanders strip, hand-over ----------------------------------------------


async def test_gc_2_gc_14_hand_over_names_the_player_of_each_decision(tmp_path: Path) -> None:
    """Ann holds the King and King's Knight, Bob the Queen and Black Knight: the notice appears
    exactly when the next decision is another player's. Overrides are implicit (issue 12):
    Bob simply moves, and Ann overrides the Black Knight's move from the Actions panel."""
    game = Game(V, 7, team(("Ann", "Bob", "Bob", "Ann"), ("Cy",) * 4))
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)
        assert "King ▶ Ann   Queen … Bob   Black Knight … Bob   King's Knight … Ann" in (
            banner_text(pilot)
        )
        await type_text(pilot, "f2f4")  # the King's move
        notice = await expect_hand_over(pilot, "Bob (White · Queen)")  # no override question
        assert notice.last == "Ann (White · King) played F f2-f4."
        assert "King ✓ Ann   Queen ▶ Bob" in banner_text(pilot)
        assert "Queen's move (King may override)" in banner_text(pilot)
        await type_text(pilot, "e1f2")  # the Queen's move
        no_hand_over(pilot)  # the Black Knight is Bob's too
        # Bob has the keyboard; the override is Ann's decision: the keyboard passes to her
        # (issue 25 item 18: a hand-over each way, to Ann now and back to Bob after her move).
        await choose_action(pilot, "King overrides the Black Knight's move")
        await expect_hand_over(pilot, "Ann (White · King)")
        assert screen.banner.player == "Ann"
        assert "King overrides the Black Knight's move" in banner_text(pilot)
        assert "Black Knight ▶ Bob (the King overrides)" in banner_text(pilot)
        await type_text(pilot, "b1c3")
        no_hand_over(pilot)  # the King's Knight is Ann's too
        await type_text(pilot, "i1h3")
        await expect_hand_over(pilot, "Cy (Black · King)")  # Cy holds the whole Black team
        assert screen.banner.player == "Cy"
        assert "King ▶   Queen …" in banner_text(pilot)  # one player: no names in the strip
        assert [game.player_of(p.seat) for p in game.plies] == ["Ann", "Bob", "Ann", "Ann", "Ann"]


async def test_gc_13_the_pieces_that_may_move_are_marked_on_the_board(tmp_path: Path) -> None:
    game = Game(V, 7, team(("Ann",) * 4, ("Cy",) * 4))
    app = BattleChessApp("play", game=game, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(pilot)

        def marked() -> set[str]:
            return {
                V.rules.geo.name(s)
                for s, p in enumerate(screen.board_model.pieces)
                if p is not None and "movable" in p.mark_names
            }

        # The King's move: his Footmen and Mounted Knight (GC-4); the King is boxed in.
        assert marked() == {"b2", "d2", "f2", "h2", "j2", "b1"}
        await type_text(pilot, "f2f4")
        # The Queen's move: the board shows what she could move (the King may override).
        assert marked() == {"e1"}  # only the Queen herself, now that f2 is open
        await type_text(pilot, "override")
        assert "f4" not in marked() and {"b1", "e1", "d2"} <= marked()  # GC-14, GC-13
