"""The board highlights a king in check (its square, and ``!`` either side of him as well as the
mark ‼), in the games that have check; games without check (Single Combat's attacked king, D&D)
never set it."""

from __future__ import annotations

from textual.app import App, ComposeResult

from battlechess_tui.engine.game import Game
from battlechess_tui.session import build_game
from battlechess_tui.ui import views
from battlechess_tui.ui.widgets.board import Board
from tests.test_gladiator_support import V, position, sq


def played(variant: str, *moves: str) -> Game:
    game = build_game(variant, None, 3, None)
    for move in moves:
        game.play(game.parse(move))
    return game


def checked(game: Game) -> int | None:
    return views.board_model(game, len(game.plies), None, game.legal_actions()).checked


def test_classic_king_in_check_is_the_checked_square() -> None:
    game = played("classic", "e2e4", "f7f6", "d1h5")  # Qh5+: the king on e8 is in check
    assert checked(game) == game.rules.geo.parse("e8")
    game.play(game.parse("g7g6"))
    assert checked(game) is None


def test_gc_22_gladiator_king_in_check_is_the_checked_square() -> None:
    """GC-22: the Gladiator King can be in check (the Black Warrior down the f-file)."""
    state = position({"f1": "K", "i1": "N", "f8": "w", "f12": "k", "i12": "n"})
    game = Game(V, 3, start=state)
    assert checked(game) == sq("f1")
    calm = Game(V, 3, start=position({"f1": "K", "i1": "N", "f12": "k", "i12": "n"}))
    assert checked(calm) is None


def test_sc_2_single_combat_attacked_king_is_not_in_check() -> None:
    """SC-2: no check in Single Combat: the attacked King's mark is not the check mark."""
    game = played("single-combat", "e2e4", "f7f6", "d1h5")
    king = game.rules.geo.parse("e8")
    view = game.presenter.piece_view(game.state, king)
    assert view is not None and view.marks  # marked as attacked
    assert checked(game) is None


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Board()


async def test_checked_king_is_bracketed_by_a_symbol() -> None:
    game = played("classic", "e2e4", "f7f6", "d1h5")
    app = BoardApp()
    async with app.run_test(size=(70, 30)) as pilot:
        board = app.query_one(Board)
        board.model = views.board_model(game, len(game.plies), None, game.legal_actions())
        board.cursor = 0
        await pilot.pause()
        square = game.rules.geo.parse("e8")
        region = board.region_of(square)
        cell = "".join(
            board.render_line(y).text[region.x : region.right]
            for y in range(region.y, region.bottom)
        )
        assert cell.count("!") == 2 and "‼" in cell
        assert board.background_name(square) == "board--check"
