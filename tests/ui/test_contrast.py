"""Contrast of the board (WCAG 2, AA 4.5:1): in every palette, both sides' pieces and the text
drawn on squares (hit points, marks, the cursor's brackets) against every kind of square, the
cursor included; the theme palette under every theme the app offers."""

from __future__ import annotations

import pytest
from rich.color import Color as RichColor
from rich.style import Style
from textual.app import App, ComposeResult
from textual.color import Color

from battlechess_tui.ui.contrast import AA, contrast, into_band, luminance
from battlechess_tui.ui.widgets.board import Board

PALETTES = {"theme": "", "high-contrast": "-high-contrast", "no-colour": "-no-colour"}


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Board()


def colour(style: Style, part: str) -> Color:
    value: RichColor | None = style.bgcolor if part == "bg" else style.color
    assert value is not None, f"{part} missing from {style}"
    return Color.from_rich_color(value)


def ratios(board: Board) -> dict[str, float]:
    """The lowest contrast on each kind of square, focused and not (the cursor changes)."""
    out = {}
    for name in Board.BACKGROUNDS:
        background, white, black, info = board.colours(name)
        bg = colour(background, "bg")
        out[name] = min(contrast(colour(s, "fg"), bg) for s in (white, black, info))
    return out


def test_the_band_holds_for_white_and_black() -> None:
    for hue in (Color(255, 0, 0), Color(0, 0, 255), Color(200, 200, 200), Color(20, 20, 20)):
        fitted = into_band(hue)
        assert contrast(fitted, Color(255, 255, 255)) >= AA
        assert contrast(fitted, Color(0, 0, 0)) >= AA
    assert luminance(Color(255, 255, 255)) == pytest.approx(1.0)


@pytest.mark.parametrize("palette", list(PALETTES))
async def test_pieces_and_marks_read_on_every_square_in_every_palette(palette: str) -> None:
    app = BoardApp()
    async with app.run_test(size=(30, 12)) as pilot:
        board = app.query_one(Board)
        if PALETTES[palette]:
            board.add_class(PALETTES[palette])
        low = {}
        await pilot.pause()
        for name, ratio in ratios(board).items():  # the cursor when the board is not focused
            low[(app.theme, False, name)] = ratio
        board.focus()
        themes = sorted(app.available_themes) if palette == "theme" else [app.theme]
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            board.notify_style_update()
            for name, ratio in ratios(board).items():
                low[(theme, True, name)] = ratio
        failing = {key: round(ratio, 2) for key, ratio in low.items() if ratio < AA}
        assert failing == {}
