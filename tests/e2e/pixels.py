"""A browser screenshot's pixels, read without an imaging library: PNG (8-bit RGB or RGBA, not
interlaced, as Chromium writes it) decoded with zlib, and what the tests measure in it."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from textual.color import Color

from battlechess_tui.ui.contrast import contrast


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    rows: list[bytes]  # each row's RGB bytes

    def pixel(self, x: int, y: int) -> Color:
        r, g, b = self.rows[y][3 * x : 3 * x + 3]
        return Color(r, g, b)


def read_png(data: bytes) -> Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, header = 8, b"", b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and not interlace, "an unexpected PNG format"
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        _unfilter(kind, line, previous, channels)
        rgb = line if channels == 3 else bytearray(v for i, v in enumerate(line) if i % 4 != 3)
        rows.append(bytes(rgb))
        previous = line
    return Image(width, height, rows)


def _unfilter(kind: int, line: bytearray, previous: bytearray, bpp: int) -> None:
    for i in range(len(line)):
        left = line[i - bpp] if i >= bpp else 0
        up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + up) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            near = left if pa <= pb and pa <= pc else up if pb <= pc else corner
            line[i] = (line[i] + near) & 0xFF


@dataclass(frozen=True)
class Figure:
    """What a piece drawn in a square looks like: its strongest contrast with the square, and
    the share of the square's height its drawing covers."""

    contrast: float
    height_share: float


def figure_in(image: Image, box: tuple[int, int, int, int]) -> Figure:
    """The figure drawn in ``box`` (left, top, width, height in pixels: one square), against
    the square's colour (the colour of its top-left corner)."""
    left, top, width, height = box
    square = image.pixel(left + 2, top + 2)
    best, inked = 1.0, []
    for y in range(top, top + height):
        for x in range(left, left + width):
            ratio = contrast(image.pixel(x, y), square)
            best = max(best, ratio)
            if ratio > 1.5:
                inked.append(y)
    share = (max(inked) - min(inked) + 1) / height if inked else 0.0
    return Figure(best, share)
