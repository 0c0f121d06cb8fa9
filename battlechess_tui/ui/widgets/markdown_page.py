"""A long Markdown page drawn fast: a widget per block (a heading, a paragraph, a table, each
item of a top-level list), each drawn by Rich's Markdown as one renderable.

Textual's own Markdown widget makes a widget of every list item, table cell and paragraph at
every depth (about 750 for the D&D rules page, 2 s to open); here the D&D page is about 150
widgets, one for each thing a reader may be sent to (a rule is an item of a list), and opens in
a small part of that. A link's click runs ``screen.follow(href)``: the screen decides what a
``rule:DD-6`` or a web address does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

#: Top-level lists are split into their items, so each (a rule) is a block of its own.
LISTS = ("bullet_list_open", "ordered_list_open")
#: Blocks mounted at a time after the first frame.
CHUNK = 24
#: A parser of blocks only: what is inside them is Rich's to read when a block is drawn.
_BLOCKS = MarkdownIt("commonmark").enable("table").disable("inline")


@dataclass(frozen=True)
class Piece:
    """A block's Markdown and, for a heading, its level and title."""

    source: str
    level: int = 0  # 1 for "#", 2 for "##"...; 0 for anything but a heading
    title: str = ""
    more_items: bool = False  # an item of a list with more items after it (no space below)


def pieces(markdown: str) -> list[Piece]:
    """``markdown`` cut into blocks: top-level blocks, and each item of a top-level list."""
    lines = markdown.splitlines()
    tokens = _BLOCKS.parse(markdown)
    out: list[Piece] = []
    items_of: str | None = None  # the list being split, by its opening token
    for i, token in enumerate(tokens):
        if token.map is None:
            continue
        if token.level == 0 and token.type in LISTS:
            items_of = token.type
            continue
        if token.level == 0 and token.nesting >= 0:
            items_of = None
            out.append(_piece(lines, token, tokens[i + 1] if i + 1 < len(tokens) else None))
        elif token.level == 1 and items_of and token.type == "list_item_open":
            source = "\n".join(lines[token.map[0] : token.map[1]]).rstrip()
            rest = _rest_of_list(tokens, i)
            more = any(t.level == 1 and t.type == "list_item_open" for t in rest)
            out.append(Piece(source, more_items=more))
    return out


def _rest_of_list(tokens: list[Token], start: int) -> Iterable[Token]:
    """The tokens after ``start`` up to the end of the top-level list it is in."""
    for token in tokens[start + 1 :]:
        if token.level == 0:
            return
        yield token


def _piece(lines: list[str], token: Token, following: Token | None) -> Piece:
    assert token.map is not None
    source = "\n".join(lines[token.map[0] : token.map[1]]).rstrip()
    if token.type == "heading_open" and following is not None:
        return Piece(source, int(token.tag[1:]), following.content)
    return Piece(source)


def screenful(page: list[Piece], lines: int, start: int = 0) -> int:
    """How many blocks from the top reach ``lines`` lines below block ``start`` (counting a
    block's source lines and the space under it: Rich draws about as many)."""
    used = 0
    for count, piece in enumerate(page[start:], start + 1):
        used += piece.source.count("\n") + 1 + (not piece.more_items)
        if used >= lines:
            return count
    return len(page)


class LinkedMarkdown:
    """Rich's Markdown of a block whose links run ``screen.follow(href)`` when clicked; drawn
    once for each width (layout asks for a block's lines several times)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self._markdown: Markdown | None = None  # parsed when first drawn
        self._drawn: dict[int, list[Segment]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if width not in self._drawn:
            if self._markdown is None:
                self._markdown = Markdown(self.source, hyperlinks=True)
            lines = console.render_lines(self._markdown, options, pad=False, new_lines=False)
            # Rich opens a list and closes a table with an empty line: the margins are enough.
            while lines and not "".join(s.text for s in lines[0]).strip():
                lines.pop(0)
            while lines and not "".join(s.text for s in lines[-1]).strip():
                lines.pop()
            drawn = []
            for line in lines:
                drawn += [_follow(s) for s in line]
                drawn.append(Segment.line())
            self._drawn[width] = drawn
        yield from self._drawn[width]


def _follow(segment: Segment) -> Segment:
    """A link's segment made to run ``screen.follow(href)`` when clicked."""
    style = segment.style
    if style is None or not style.link:
        return segment
    action = Style.from_meta({"@click": f"screen.follow({style.link!r})"})
    return Segment(segment.text, style.update_link(None) + action + Style(underline=True))


class Block(Static):
    """One block of the page; ``source`` is its Markdown."""

    DEFAULT_CSS = """
    Block { width: 1fr; height: auto; padding: 0 1; margin-bottom: 1; }
    Block.-more-items { margin-bottom: 0; }
    Block.-heading { margin: 1 0 0 0; color: $text-accent; text-style: bold; }
    Block.-h1 { text-align: center; text-style: bold underline; }
    Block.-h2 { text-style: bold underline; }
    """

    def __init__(self, piece: Piece) -> None:
        # A heading is its title in the theme's colours; anything else is Rich's Markdown.
        content = Text(piece.title) if piece.level else LinkedMarkdown(piece.source)
        super().__init__(content, classes=f"-h{piece.level}" if piece.level else None)
        self.piece = piece
        self.source = piece.source
        self.set_class(piece.more_items, "-more-items")
        self.set_class(piece.level > 0, "-heading")


class MarkdownPage(VerticalScroll, can_focus=True):
    """A Markdown page of ``Block`` widgets, scrolled by keyboard. The first blocks are drawn
    with the page; the rest are mounted once it is on screen (``complete`` waits for them)."""

    DEFAULT_CSS = """
    MarkdownPage { scrollbar-gutter: stable; }  /* one width: each block is drawn once */
    """
    BINDINGS = [
        Binding("j", "scroll_down", "Down", show=False),
        Binding("k", "scroll_up", "Up", show=False),
    ]
    #: Blocks drawn before the page is first shown, unless told: a tall window's worth.
    FIRST = 16

    def __init__(
        self, markdown: str | list[Piece] = "", *, first: int = FIRST, id: str | None = None
    ) -> None:
        """``markdown``: the page's text, or its blocks (``pieces``)."""
        super().__init__(id=id)
        self.pieces = pieces(markdown) if isinstance(markdown, str) else markdown
        self.first = first
        self._complete = asyncio.Event()

    def compose(self) -> Iterable[Block]:
        return [Block(p) for p in self.pieces[: self.first]]

    def on_mount(self) -> None:
        self.call_after_refresh(self._mount_rest, self.pieces)

    async def _mount_rest(self, page: list[Piece]) -> None:
        """Mount the blocks not drawn yet (unless another page has replaced ``page``)."""
        if page is not self.pieces:
            return
        for start in range(len(self.children), len(page), CHUNK):  # keys are read in between
            if page is not self.pieces:
                return
            await self.mount_all(Block(p) for p in page[start : start + CHUNK])
        if page is self.pieces:
            self._complete.set()

    async def complete(self) -> None:
        """Wait until every block of the page is mounted (and so can be scrolled to)."""
        await self._complete.wait()

    async def update(self, markdown: str, first: int = FIRST) -> None:
        """Show ``markdown`` instead, from its top."""
        self.pieces = page = pieces(markdown)
        self._complete.clear()
        with self.app.batch_update():
            await self.remove_children()
            await self.mount_all(Block(p) for p in page[:first])
        self.scroll_home(animate=False)
        self.call_after_refresh(self._mount_rest, page)

    def blocks(self) -> list[Block]:
        return list(self.query_children(Block))
