"""The board: one widget drawn line by line (Textual's Line API), for any board size.

The board knows no rules. The screen hands it a ``BoardModel`` (what stands where, square
marks, the squares the selected piece may reach) and the cursor; the board draws them, refreshes
only the squares that changed, and tells the screen what the player did with small messages
(``Board.CursorMoved``, ``Board.SquareChosen``). Everything it shows has a symbol as well as a
colour, so the board reads in the no-colour palette too: marks are drawn by their kind (or
their own symbol, ``Mark.glyph``), so a new spell or condition needs no change here; a hurt
piece's hit points are a bar beside it at every size; and a piece's figure is fixed for the
game by its legend.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from battlechess_tui.engine.geometry import FILES
from battlechess_tui.engine.views import Mark, PieceView
from battlechess_tui.ui.contrast import into_band, readable_on

MOVE, ATTACK, TARGET = "move", "attack", "target"  # TARGET: a square a chosen action may name

#: Cell sizes tried from the largest down: (columns, lines) per square.
CELL_SIZES = ((7, 3), (6, 3), (5, 2), (3, 1))

TARGET_STYLES = {MOVE: "board--move", ATTACK: "board--attack", TARGET: "board--target"}
#: Chess figures: each names its side, so the letter is not needed beside them.
SIDED_GLYPHS = frozenset("♔♕♖♗♘♙♚♛♜♝♞♟")
#: A hurt piece's hit points left, as a bar beside it (lowest first): eighths in Unicode,
#: tenths as a digit in ASCII.
HP_BARS = "▁▂▃▄▅▆▇"


def mark_symbol(mark: Mark, ascii_only: bool) -> str | None:
    """The one character the board draws for a mark (by its kind, or its own symbol), or None
    for a mark kept to the piece card."""
    return mark.glyph(ascii_only) if mark.shown else None


def hp_symbol(piece: PieceView, ascii_only: bool) -> str:
    """The hit points a hurt piece has left, in one character (empty when unhurt)."""
    if not piece.hurt or piece.hp is None or not piece.max_hp:
        return ""
    share = max(0, piece.hp) / piece.max_hp
    if ascii_only:
        return str(min(9, int(share * 10)))
    return HP_BARS[min(len(HP_BARS) - 1, int(share * len(HP_BARS)))]


def identifying_glyphs(pieces: Iterable[PieceView | None]) -> frozenset[str]:
    """Glyphs that name one kind of piece of one side among ``pieces`` (a game's legend:
    decided once, so a piece's symbol never changes); others are drawn as letters."""
    owners: dict[str, set[tuple[str, int]]] = {}
    for p in pieces:
        if p is not None:
            owners.setdefault(p.glyph, set()).add((p.name, p.side))
    return frozenset(
        g for g, who in owners.items() if len(who) == 1 and g in SIDED_GLYPHS and cell_len(g) == 1
    )


@dataclass(frozen=True)
class BoardModel:
    """What the board shows of one position; built by the screen from the engine's views."""

    width: int
    height: int
    pieces: tuple[PieceView | None, ...]
    marks: Mapping[int, Mark] = field(default_factory=dict)
    targets: Mapping[int, str] = field(default_factory=dict)  # square -> MOVE, ATTACK or TARGET
    last: tuple[int, ...] = ()
    checked: int | None = None

    @classmethod
    def empty(cls, width: int = 8, height: int = 8) -> BoardModel:
        return cls(width, height, (None,) * (width * height))


def piece_line(cell_h: int) -> int:
    """Which line of a cell holds the piece (the others show marks and hit points)."""
    return 0 if cell_h == 2 else cell_h // 2


def label_width(height: int) -> int:
    return len(str(height)) + 1


def fit(files: int, ranks: int, max_width: int, max_height: int) -> tuple[int, int, int, int]:
    """The largest cell size whose board fits: (cell width, cell height, width, height)."""
    label_w = label_width(ranks)
    for cw, ch in CELL_SIZES:
        width, height = 2 * label_w + files * cw, 2 + ranks * ch
        if width <= max_width and height <= max_height:
            return cw, ch, width, height
    return cw, ch, width, height


@dataclass(frozen=True)
class Layout:
    cell_w: int
    cell_h: int
    label_w: int
    left: int
    top: int

    def square_region(self, col: int, row: int) -> Region:
        x = self.left + self.label_w + col * self.cell_w
        return Region(x, self.top + 1 + row * self.cell_h, self.cell_w, self.cell_h)


class Board(Widget, can_focus=True):
    """A chess-like board of any size up to 16 x 16, drawn as one widget."""

    # The theme palette takes each colour's hue (the squares', the cursor's, a move's, an
    # attack's, a target's from the theme; the rarer highlights have hues of their own, apart
    # from those) and moves its lightness until white and black pieces both read on it
    # (``ui/contrast.py``). The other palettes are used as written: light squares under dark
    # pieces (high contrast), or no colour at all.
    DEFAULT_CSS = """
    Board {
        width: 1fr;
        height: 1fr;
        min-height: 10;
    }
    Board > .board--light { background: $foreground; }
    Board > .board--dark { background: $primary; }
    Board > .board--white { color: #ffffff; text-style: bold; }
    Board > .board--black { color: #000000; text-style: bold; }
    Board > .board--coord { color: $text-muted; }
    Board > .board--move { background: $success; }
    Board > .board--attack { background: $error; }
    Board > .board--target { background: $warning; }
    Board > .board--selected { background: #c040c0; }
    Board > .board--last { background: #20b0b0; }
    Board > .board--cursor { background: $accent; }
    Board > .board--marked { background: #9070d0; }
    Board > .board--check { background: #ff2060; }
    Board > .board--info { color: #ffffff; text-style: none; }
    Board:focus > .board--cursor { background: $accent-lighten-1; }
    Board.-high-contrast > .board--light { background: #ffffff; }
    Board.-high-contrast > .board--dark { background: #c8c8c8; }
    Board.-high-contrast > .board--white { color: #0000c0; }
    Board.-high-contrast > .board--black { color: #000000; }
    Board.-high-contrast > .board--move { background: #80f080; }
    Board.-high-contrast > .board--attack { background: #ff9090; }
    Board.-high-contrast > .board--target { background: #ffc060; }
    Board.-high-contrast > .board--selected { background: #ffff00; }
    Board.-high-contrast > .board--cursor { background: #00e0ff; }
    Board.-high-contrast > .board--last { background: #e0c0ff; }
    Board.-high-contrast > .board--marked { background: #ffd8a8; }
    Board.-high-contrast > .board--check { background: #ff90ff; }
    Board.-high-contrast > .board--info { color: #000000; }
    Board.-high-contrast:focus > .board--cursor { background: #00e0ff; }
    Board.-no-colour > .board--light, Board.-no-colour > .board--dark,
    Board.-no-colour > .board--move, Board.-no-colour > .board--attack,
    Board.-no-colour > .board--target,
    Board.-no-colour > .board--selected, Board.-no-colour > .board--cursor,
    Board.-no-colour > .board--last, Board.-no-colour > .board--marked,
    Board.-no-colour > .board--check { background: $background; }
    Board.-no-colour:focus > .board--cursor { background: $background; }
    Board.-no-colour > .board--white, Board.-no-colour > .board--black,
    Board.-no-colour > .board--info { color: $foreground; }
    """

    #: The square backgrounds, and the piece and text colours drawn on them.
    BACKGROUNDS = ("board--light", "board--dark", "board--move", "board--attack",
                   "board--target", "board--selected", "board--last", "board--cursor",
                   "board--marked", "board--check")  # fmt: skip
    COMPONENT_CLASSES = {*BACKGROUNDS, "board--white", "board--black", "board--coord",
                         "board--info"}  # fmt: skip

    BINDINGS = [
        Binding("up,k", "step(0, 1)", "Up", show=False),
        Binding("down,j", "step(0, -1)", "Down", show=False),
        Binding("left,h", "step(-1, 0)", "Left", show=False),
        Binding("right,l", "step(1, 0)", "Right", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
    ]

    model: reactive[BoardModel] = reactive(BoardModel.empty, layout=False, repaint=False)
    cursor: reactive[int] = reactive(0, repaint=False)
    selected: reactive[int | None] = reactive(None, repaint=False)
    flipped: reactive[bool] = reactive(False)
    ascii_pieces: reactive[bool] = reactive(False)
    #: The figures drawn as themselves (the others as letters), decided once per game from
    #: its legend (``identifying_glyphs``), so a piece's symbol never changes.
    glyphs: reactive[frozenset[str]] = reactive(frozenset)

    @dataclass
    class SquareChosen(Message):
        """The player chose a square (Enter, Space or a click)."""

        square: int

    @dataclass
    class CursorMoved(Message):
        """The player moved the cursor (keys or the mouse)."""

        square: int

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._layout: Layout | None = None
        self._colours: dict[str, tuple[Style, Style, Style, Style]] = {}

    # -- geometry on screen ----------------------------------------------------------------

    @property
    def layout_info(self) -> Layout:
        if self._layout is None:
            self._layout = self._compute_layout(self.size)
        return self._layout

    def _compute_layout(self, size: Size) -> Layout:
        m = self.model
        cw, ch, width, height = fit(m.width, m.height, size.width, size.height)
        return Layout(
            cw,
            ch,
            label_width(m.height),
            max(0, (size.width - width) // 2),
            max(0, (size.height - height) // 2),
        )

    def on_resize(self, event: events.Resize) -> None:
        self._layout = None
        self.refresh()

    def col_row(self, square: int) -> tuple[int, int]:
        """Where ``square`` is drawn: column from the left, row from the top."""
        w, h = self.model.width, self.model.height
        x, y = square % w, square // w
        return (w - 1 - x, y) if self.flipped else (x, h - 1 - y)

    def square_at(self, col: int, row: int) -> int | None:
        w, h = self.model.width, self.model.height
        if not (0 <= col < w and 0 <= row < h):
            return None
        x, y = (w - 1 - col, row) if self.flipped else (col, h - 1 - row)
        return y * w + x

    def square_at_offset(self, x: int, y: int) -> int | None:
        """The square under widget offset (x, y), or None off the squares."""
        lay = self.layout_info
        dx, dy = x - lay.left - lay.label_w, y - lay.top - 1
        if dx < 0 or dy < 0:
            return None
        return self.square_at(dx // lay.cell_w, dy // lay.cell_h)

    def region_of(self, square: int) -> Region:
        return self.layout_info.square_region(*self.col_row(square))

    # -- reacting to the screen's state ----------------------------------------------------

    def refresh_squares(self, squares: Iterable[int]) -> None:
        regions = [self.region_of(s) for s in set(squares) if 0 <= s < len(self.model.pieces)]
        if regions:
            self.refresh(*regions)

    def watch_model(self, old: BoardModel, new: BoardModel) -> None:
        if (old.width, old.height) != (new.width, new.height):
            self._layout = None
            self.refresh()
            return
        changed = [s for s in range(len(new.pieces)) if old.pieces[s] != new.pieces[s]]
        for a, b in ((old.marks, new.marks), (old.targets, new.targets)):
            changed.extend(s for s in a.keys() | b.keys() if a.get(s) != b.get(s))
        changed.extend(old.last + new.last)
        changed.extend(s for s in (old.checked, new.checked) if s is not None)
        self.refresh_squares(changed)

    def notify_style_update(self) -> None:
        self._colours.clear()
        super().notify_style_update()

    def on_focus(self) -> None:
        self._colours.clear()
        self.refresh_squares((self.cursor,))

    def on_blur(self) -> None:
        self._colours.clear()
        self.refresh_squares((self.cursor,))

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh_squares((old, new))

    def watch_selected(self, old: int | None, new: int | None) -> None:
        self.refresh_squares(s for s in (old, new) if s is not None)

    # -- input -------------------------------------------------------------------------------

    def move_cursor(self, square: int) -> None:
        """Move the cursor now and tell the screen.

        The board moves its own cursor at once, so the next key (key repeat, or keys sent
        back to back) steps from where this one landed, not from where the screen last put
        it. The screen records the square without sending it back (``TableScreen``).
        """
        if square != self.cursor:
            self.cursor = square
            self.post_message(self.CursorMoved(square))

    def action_step(self, dx: int, dy: int) -> None:
        w, h = self.model.width, self.model.height
        if self.flipped:
            dx, dy = -dx, -dy
        x, y = self.cursor % w + dx, self.cursor // w + dy
        if 0 <= x < w and 0 <= y < h:
            self.move_cursor(y * w + x)

    def action_choose(self) -> None:
        self.post_message(self.SquareChosen(self.cursor))

    def on_click(self, event: events.Click) -> None:
        square = self.square_at_offset(event.x, event.y)
        if square is not None:
            self.focus()
            self.move_cursor(square)
            self.post_message(self.SquareChosen(square))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        square = self.square_at_offset(event.x, event.y)
        if square is not None:
            self.move_cursor(square)

    # -- colours -----------------------------------------------------------------------------

    def colours(self, name: str) -> tuple[Style, Style, Style, Style]:
        """The styles of one kind of square: its background, White's and Black's pieces on
        it, and its other text (hit points, marks, brackets). In the theme palette the
        background's lightness is moved until both sides' pieces read on it at 4.5:1."""
        if name not in self._colours:
            rich_bg = self.get_component_rich_style(name).bgcolor
            bg = Color.from_rich_color(rich_bg) if rich_bg is not None else None
            white = self.get_component_rich_style("board--white", partial=True)
            black = self.get_component_rich_style("board--black", partial=True)
            info = self.get_component_rich_style("board--info", partial=True)
            if bg is not None and not (
                self.has_class("-high-contrast") or self.has_class("-no-colour")
            ):
                bg = into_band(bg)
                info = info + Style(color=readable_on(bg).rich_color)
            background = Style(bgcolor=bg.rich_color) if bg is not None else Style()
            self._colours[name] = (background, background + white, background + black,
                                   background + info)  # fmt: skip
        return self._colours[name]

    def background_name(self, square: int) -> str:
        """The component whose background ``square`` has now."""
        m = self.model
        x, y = square % m.width, square // m.width
        if square == self.cursor:
            return "board--cursor"
        if square == self.selected:
            return "board--selected"
        if square in m.targets:
            return TARGET_STYLES[m.targets[square]]
        if square == m.checked:
            return "board--check"
        if square in m.last:
            return "board--last"
        if square in m.marks:
            return "board--marked"
        return "board--light" if (x + y) % 2 else "board--dark"

    # -- drawing -----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        lay = self.layout_info
        m = self.model
        base = self.get_component_rich_style("board--coord")
        width = self.size.width
        row_y = y - lay.top
        board_h = m.height * lay.cell_h
        if row_y < 0 or row_y > board_h + 1:
            return Strip.blank(width, self.rich_style)
        blank = self.rich_style
        pad = Segment(" " * lay.left, blank)
        if row_y in (0, board_h + 1):
            segments = [pad, Segment(self._file_labels(lay), base)]
            return Strip(segments).adjust_cell_length(width, blank)
        row, sub = divmod(row_y - 1, lay.cell_h)
        label = ""
        if sub == piece_line(lay.cell_h):
            rank = row + 1 if self.flipped else m.height - row
            label = str(rank)
        segments = [pad, Segment(label.rjust(lay.label_w - 1) + " ", base)]
        for col in range(m.width):
            square = self.square_at(col, row)
            assert square is not None
            segments.extend(self._cell_line(square, sub, lay))
        segments.append(Segment(" " + label.ljust(lay.label_w - 1), base))
        return Strip(segments).adjust_cell_length(width, blank)

    def _file_labels(self, lay: Layout) -> str:
        """The file letters, each centred over its column of squares (the centre column of a
        cell is where its piece stands)."""
        files = FILES[: self.model.width]
        if self.flipped:
            files = files[::-1]
        centre = (lay.cell_w - 1) // 2
        cells = "".join(" " * centre + f + " " * (lay.cell_w - 1 - centre) for f in files)
        return " " * lay.label_w + cells

    def _brackets(self, square: int) -> tuple[str, str] | None:
        """The characters either side of the piece that say what the square is now (cursor,
        selection, a target, check), or None when the square is plain."""
        m, asc = self.model, self.ascii_pieces
        if square == self.cursor:
            return "[", "]"
        if square == self.selected:
            return "(", ")"
        target = m.targets.get(square)
        if target == ATTACK:
            return ("*", "*") if asc else ("×", "×")
        if target == TARGET:
            return (">", "<") if asc else ("»", "«")
        if square == m.checked:
            return "!", "!"
        return None

    def _marks(self, square: int) -> list[str]:
        """The symbols of the square's mark and of its piece's marks, once each."""
        m, asc = self.model, self.ascii_pieces
        marks = [mark_symbol(m.marks[square], asc)] if square in m.marks else []
        piece = m.pieces[square]
        if piece is not None:
            marks.extend(mark_symbol(k, asc) for k in piece.marks)
        return list(dict.fromkeys(mark for mark in marks if mark))

    def _sides(self, square: int) -> tuple[str, str]:
        """Left and right of the piece: brackets when the square is highlighted (a hurt
        piece's hit points inside the right one, ``[f 5]``, where the cell has room; in a
        3-wide cell in its place); otherwise a mark on the left (one-line cells) and a hurt
        piece's hit points on the right."""
        piece = self.model.pieces[square]
        hp = hp_symbol(piece, self.ascii_pieces) if piece is not None else ""
        brackets = self._brackets(square)
        if brackets is not None:
            return brackets[0], hp + brackets[1]
        if piece is None:
            return " ", " "
        marks = self._marks(square) if self.layout_info.cell_h == 1 else []
        left = marks[0] if marks else " "
        right = hp or (marks[1] if len(marks) > 1 else " ")
        return left, right

    def _piece_text(self, piece: PieceView) -> str:
        """The figure when it names the piece and side in this game, else the letter (and a
        one-character label such as a die's face: ``D3``)."""
        if not self.ascii_pieces and piece.glyph in self.glyphs:
            return piece.glyph
        if self._label_beside(piece):
            return piece.letter + piece.label
        return piece.letter

    def _label_beside(self, piece: PieceView) -> bool:
        """Is the piece's label drawn beside its letter (``D3``)?"""
        return len(piece.label) == 1 and (self.ascii_pieces or piece.glyph not in self.glyphs)

    def _centre(self, square: int) -> tuple[str, int | None]:
        """The piece (and which side's colour), or on an empty square its highlight or mark."""
        piece = self.model.pieces[square]
        if piece is None:
            target = self.model.targets.get(square)
            if target == MOVE:
                return ("." if self.ascii_pieces else "·"), None
            if target == TARGET:
                return ("o" if self.ascii_pieces else "◎"), None
            mark = self.model.marks.get(square)
            if mark is not None and mark.shown and self.layout_info.cell_h == 1:
                return mark.glyph(self.ascii_pieces), None
            return " ", None
        return self._piece_text(piece), piece.side

    def _info_line(self, square: int, width: int, top: bool) -> str:
        """Text for the extra lines of large cells: marks on top (three-line cells); below,
        the piece's label and hit points, or its marks when it has neither (two-line
        cells)."""
        piece = self.model.pieces[square]
        room = width - 1  # a blank column keeps neighbouring cells apart
        marks = "".join(self._marks(square))
        if top:
            return marks[:width].ljust(width)
        facts = self._facts(piece, room) if piece is not None else ""
        if not facts and self.layout_info.cell_h == 2:
            facts = marks
        return facts[:room].center(width)

    def _facts(self, piece: PieceView, room: int) -> str:
        """``L3 12/20``, shortened to fit ``room``: label and hit points (the number alone,
        then the label alone, when both do not fit; the bar beside the piece shows damage)."""
        label = "" if self._label_beside(piece) else piece.label
        if piece.hp is None:
            return label
        for text in (f"{piece.hp}/{piece.max_hp}", str(piece.hp)):
            joined = f"{label} {text}".strip()
            if len(joined) <= room:
                return joined
        return label or str(piece.hp)

    def _cell_line(self, square: int, sub: int, lay: Layout) -> list[Segment]:
        background, white, black, info = self.colours(self.background_name(square))
        cw = lay.cell_w
        middle = piece_line(lay.cell_h)
        if sub != middle:
            return [Segment(self._info_line(square, cw, top=sub < middle), info)]
        left, right = self._sides(square)
        centre, side = self._centre(square)
        if cell_len(centre) > 1 and cw == 3:
            right = ""
        spare = cw - 2 - cell_len(centre)
        inner = spare // 2 if cell_len(centre) == 1 else max(0, spare - 1)
        room = spare - inner  # between the piece and the right-hand character
        inside = len(right) - 1  # hit points inside a bracket: a space apart from the piece
        while inside > 0 and room < inside + 1 and inner > 0:
            inner, room = inner - 1, room + 1
        if inside > room:
            right = right[:-1]  # no room for both (3-wide cells): the hit points, as before
        pad = " " * inner
        pad_r = " " * (room - len(right) + 1)
        figure = info if side is None else (white if side == 0 else black)
        return [Segment(left + pad, info), Segment(centre, figure), Segment(pad_r + right, info)]
