"""The board widget alone: what each highlight and mark looks like (symbols, so the board reads
without colour), on cells of every size, and the square under a click."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from battlechess_tui.engine.variant import PieceView
from battlechess_tui.ui.widgets.board import ATTACK, MOVE, TARGET, Board, BoardModel

PAWN = PieceView("pawn", 0, "P", "♙", "Pawn", marks=("empowered",))
FIGHTER = PieceView("fighter", 1, "p", "♟", "Fighter", hp=7, max_hp=12, label="L1",
                    marks=("in battle",))  # fmt: skip


def model() -> BoardModel:
    """A 4x4 board: an arena square (b2), a pawn on it, a hurt fighter on c3, highlights."""
    pieces: list[PieceView | None] = [None] * 16
    pieces[5], pieces[10] = PAWN, FIGHTER
    return BoardModel(4, 4, tuple(pieces), marks={5: "arena", 6: "arena"},
                      targets={0: MOVE, 10: ATTACK, 15: TARGET, 3: TARGET})  # fmt: skip


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Board()


def cell_text(board: Board, square: int) -> list[str]:
    region = board.region_of(square)
    lines = [board.render_line(y).text for y in range(region.y, region.bottom)]
    return [line[region.x : region.right] for line in lines]


@pytest.mark.parametrize(("size", "cell"), [((40, 16), (7, 3)), ((30, 11), (5, 2)),
                                            ((20, 7), (3, 1))])  # fmt: skip
async def test_highlights_and_marks_are_symbols_on_every_cell_size(size, cell) -> None:  # noqa: ANN001
    app = BoardApp()
    async with app.run_test(size=size) as pilot:
        board = app.query_one(Board)
        board.model = model()
        board.cursor = 12  # a4, out of the way
        await pilot.pause()
        assert (board.layout_info.cell_w, board.layout_info.cell_h) == cell
        target = "".join(cell_text(board, 15))
        assert "»" in target and "«" in target and "◎" in target  # a square to aim at
        attack = "".join(cell_text(board, 10))
        assert "×" in attack and "♟" in attack
        assert "·" in "".join(cell_text(board, 0))
        arena = "".join(cell_text(board, 6))
        assert "◇" in arena  # AR-1: the arena square, not colour alone
        on_arena = "".join(cell_text(board, 5))
        if cell[1] > 1:
            assert "◇" in on_arena and "↑" in on_arena  # square mark and piece mark
        else:
            assert "↑" in on_arena  # one line: the piece's mark first
        if cell[1] == 3:
            assert "7/12" in "".join(cell_text(board, 10))  # hit points below the piece


async def test_ascii_symbols_for_targets_and_marks() -> None:
    app = BoardApp()
    async with app.run_test(size=(30, 11)) as pilot:
        board = app.query_one(Board)
        board.model = model()
        board.ascii_pieces = True
        await pilot.pause()
        target = "".join(cell_text(board, 15))
        assert ">" in target and "<" in target and "o" in target
        assert "+" in "".join(cell_text(board, 6))  # the arena in ASCII
        assert "^" in "".join(cell_text(board, 5))


async def test_offsets_map_to_squares_also_when_flipped() -> None:
    app = BoardApp()
    async with app.run_test(size=(40, 16)) as pilot:
        board = app.query_one(Board)
        board.model = model()
        await pilot.pause()
        for square in (0, 10, 15):
            region = board.region_of(square)
            assert board.square_at_offset(region.x + 1, region.y + 1) == square
        board.flipped = True
        await pilot.pause()
        region = board.region_of(15)
        assert board.square_at_offset(region.x, region.y) == 15
        assert board.col_row(15) == (0, 3)  # d4, the top right corner, is bottom left when flipped
