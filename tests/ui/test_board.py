"""The board widget alone: what each highlight and mark looks like (symbols, so the board reads
without colour), on cells of every size, hit points on every size, figures fixed by the game's
legend, and the square under a click."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from battlechess_tui.engine.views import Mark, PieceView
from battlechess_tui.engine.vocabulary import MarkKind
from battlechess_tui.ui.widgets.board import (
    ATTACK,
    MOVE,
    TARGET,
    Board,
    BoardModel,
    identifying_glyphs,
)

ARENA = Mark(MarkKind.AREA, "arena", "◇", "+")
EMPOWERED = Mark(MarkKind.BUFF, "empowered", "↑", "^")
IN_BATTLE = Mark(MarkKind.STATUS, "in battle", "⚔", "#")
PAWN = PieceView("pawn", 0, "P", "♙", "Pawn", marks=(EMPOWERED,))
FIGHTER = PieceView(
    "fighter", 1, "p", "♟", "Fighter", hp=7, max_hp=12, label="L2", marks=(IN_BATTLE,)
)


def model() -> BoardModel:
    """A 4x4 board: an arena square (b2), a pawn on it, a hurt fighter on c3, highlights."""
    pieces: list[PieceView | None] = [None] * 16
    pieces[5], pieces[10] = PAWN, FIGHTER
    return BoardModel(
        4,
        4,
        tuple(pieces),
        marks={5: ARENA, 6: ARENA},
        targets={0: MOVE, 10: ATTACK, 15: TARGET, 3: TARGET},
    )


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Board()


def cell_text(board: Board, square: int) -> str:
    region = board.region_of(square)
    lines = [board.render_line(y).text for y in range(region.y, region.bottom)]
    return "".join(line[region.x : region.right] for line in lines)


@pytest.mark.parametrize(
    ("size", "cell"), [((40, 16), (7, 3)), ((30, 11), (5, 2)), ((20, 7), (3, 1))]
)
async def test_highlights_marks_and_hit_points_are_symbols_on_every_cell_size(size, cell) -> None:
    app = BoardApp()
    async with app.run_test(size=size) as pilot:
        board = app.query_one(Board)
        board.model = model()
        board.glyphs = identifying_glyphs([PAWN, FIGHTER])
        board.cursor = 12  # a4, out of the way
        await pilot.pause()
        assert (board.layout_info.cell_w, board.layout_info.cell_h) == cell
        target = cell_text(board, 15)
        assert "»" in target and "«" in target and "◎" in target  # a square to aim at
        attack = cell_text(board, 10)
        assert "×" in attack and "♟" in attack
        assert "·" in cell_text(board, 0)
        assert "◇" in cell_text(board, 6)  # AR-1: the arena square, not colour alone
        on_arena = cell_text(board, 5)
        assert "↑" in on_arena  # the piece's own mark first
        if cell[1] > 1:
            assert "◇" in on_arena  # and the square's mark
        board.cursor = 13  # off the fighter: its hit points show beside it
        await pilot.pause()
        hurt = cell_text(board, 10)
        assert "▅" in hurt  # 7 of 12 hit points: a bar at every size
        if cell[1] == 3:
            assert "L2 7" in hurt and "⚔" in hurt  # level and hit points below the piece
        if cell[1] == 2:
            assert "L2" in hurt


async def test_ascii_symbols_for_targets_marks_and_hit_points() -> None:
    app = BoardApp()
    async with app.run_test(size=(20, 7)) as pilot:
        board = app.query_one(Board)
        board.model = model()
        board.ascii_pieces = True
        board.cursor = 12
        await pilot.pause()
        target = cell_text(board, 15)
        assert ">" in target and "<" in target and "o" in target
        assert "+" in cell_text(board, 6)  # the arena in ASCII
        assert "^" in cell_text(board, 5)
        board.model = BoardModel(4, 4, model().pieces)
        await pilot.pause()
        assert cell_text(board, 10).strip() == "#p5"  # in battle, Black, half its hit points


async def test_a_figure_stays_the_same_when_other_pieces_of_its_kind_are_gone() -> None:
    """Two kinds drawn ♘ (a team's two knights): letters for both, from the game's legend, even
    once one of them has left the board."""
    king_knight = PieceView("kings-knight", 0, "N", "♘", "King's Knight")
    black_knight = PieceView("black-knight", 0, "B", "♘", "Black Knight")
    app = BoardApp()
    async with app.run_test(size=(20, 7)) as pilot:
        board = app.query_one(Board)
        board.glyphs = identifying_glyphs([king_knight, black_knight, PAWN])
        pieces: list[PieceView | None] = [None] * 16
        pieces[1], pieces[5] = king_knight, PAWN
        board.model = BoardModel(4, 4, tuple(pieces))
        board.cursor = 15
        await pilot.pause()
        assert "N" in cell_text(board, 1) and "♙" in cell_text(board, 5)


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


async def test_file_letters_stand_over_the_pieces_of_their_files() -> None:
    app = BoardApp()
    async with app.run_test(size=(40, 16)) as pilot:
        board = app.query_one(Board)
        board.model = model()
        board.glyphs = identifying_glyphs([PAWN, FIGHTER])
        board.cursor = 12
        await pilot.pause()
        region = board.region_of(5)
        files = board.render_line(board.layout_info.top).text
        pawn_line = board.render_line(region.y + 1).text
        assert files[pawn_line.index("♙")] == "b"  # b over the pawn on b2
