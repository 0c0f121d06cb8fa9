"""Colour contrast as WCAG 2 measures it, and the board's colours made to meet it.

White pieces are drawn white and Black's black. A square colour that both read on at 4.5:1
(WCAG AA for text) must have a relative luminance between 0.175 and 0.183, so the theme
palette keeps each square's and highlight's hue from the theme and moves its lightness into
that band: squares and highlights differ by hue and by the symbols drawn on them.
"""

from __future__ import annotations

from textual.color import Color

#: WCAG AA for normal text.
AA = 4.5
#: Luminances on which both pure white and pure black reach ``AA`` (with a small margin).
BAND = (0.1765, 0.1815)
WHITE, BLACK = Color(255, 255, 255), Color(0, 0, 0)


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: Color) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    return 0.2126 * _channel(color.r) + 0.7152 * _channel(color.g) + 0.0722 * _channel(color.b)


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two opaque colours, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def into_band(color: Color, band: tuple[float, float] = BAND) -> Color:
    """``color`` with its hue and saturation kept and its lightness moved until its luminance
    is inside ``band`` (greys and strong colours alike)."""
    if band[0] <= luminance(color) <= band[1]:
        return color
    hue, saturation, _ = color.hsl
    low, high = 0.0, 1.0
    best = color
    for _ in range(40):
        middle = (low + high) / 2
        best = Color.from_hsl(hue, saturation, middle)
        value = luminance(best)
        if band[0] <= value <= band[1]:
            return best
        if value < band[0]:
            low = middle
        else:
            high = middle
    return best


def readable_on(background: Color, *choices: Color) -> Color:
    """The choice with the most contrast on ``background`` (white or black by default)."""
    return max(choices or (WHITE, BLACK), key=lambda c: contrast(c, background))
