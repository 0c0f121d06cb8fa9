"""What ``serve`` adds to textual-serve's page: the chess figures drawn at the size of a square
and the terminal's font sized to the window.

The page's terminal (xterm.js) draws in a monospaced font, whose chess figures are narrow
enough to fit one cell: tiny in a square of seven cells. A face of the page's own first font
family, ``Roboto Mono``, limited to the figures (``unicode-range``) draws them from a
proportional font the machine has, larger (``size-adjust``), with strokes thick enough that
White's hollow figures hold the board palette's contrast. The font size is chosen so the
terminal is about 100 columns by 32 rows (the app's wide, tall layout) unless the address
gives ``?fontsize=``.
"""

from __future__ import annotations

#: Fonts with whole chess figures, by the names browsers match with ``local()``: Linux,
#: then Windows, then macOS.
FIGURE_FONTS = ("DejaVu Sans", "DejaVuSans", "Noto Sans Symbols 2", "NotoSansSymbols2-Regular",
                "Segoe UI Symbol", "SegoeUISymbol", "Apple Symbols", "AppleSymbols")  # fmt: skip
#: The chess figures, ♔ to ♟.
FIGURES = "U+2654-265F"
#: How much larger than a letter a figure is drawn (more, and its top is cut at the row's edge).
FIGURE_SCALE = 1.35
#: The terminal the font size aims at, in cells, and the bounds of that size in pixels.
COLUMNS, ROWS = 100, 32
SMALLEST, LARGEST = 12, 40

STYLE = """<style>
@font-face {{
  font-family: "Roboto Mono";
  src: {sources};
  unicode-range: {figures};
  size-adjust: {scale:.0%};
}}
</style>"""

#: Runs before textual-serve's script reads the font size (on load).
SCRIPT = """<script>
document.addEventListener("DOMContentLoaded", function () {{
  if (new URLSearchParams(window.location.search).has("fontsize")) return;
  var probe = document.createElement("canvas").getContext("2d");
  probe.font = "100px 'Roboto Mono', Monaco, 'Courier New', monospace";
  var width = probe.measureText("W").width / 100 || 0.6;  // a cell's width per pixel of font
  var size = Math.floor(Math.min(window.innerWidth / ({columns} * width),
                                 window.innerHeight / ({rows} * 1.2)));
  var terminal = document.getElementById("terminal");
  if (terminal) terminal.dataset.fontSize = Math.max({smallest}, Math.min({largest}, size));
}});
</script>"""


def head_additions() -> str:
    sources = ", ".join(f'local("{name}")' for name in FIGURE_FONTS)
    style = STYLE.format(sources=sources, figures=FIGURES, scale=FIGURE_SCALE)
    script = SCRIPT.format(columns=COLUMNS, rows=ROWS, smallest=SMALLEST, largest=LARGEST)
    return style + "\n" + script + "\n"


def with_additions(page: str) -> str:
    """textual-serve's page with ``head_additions`` at the end of its head."""
    return page.replace("</head>", head_additions() + "</head>", 1)
