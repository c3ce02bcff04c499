"""Art sets drawn from fonts with Unicode's mahjong tiles (U+1F000-1F029): Symbola, Noto Sans Symbols 2.

Each font draws every kind as line art inside a tile's outline, the way its designer saw the
tiles; the outline is dropped (the renderer draws the tile) and the ink coloured as tables'
sets commonly are: 萬 numerals dark over a red 萬, circles blue, bamboo green, 中 red,
發 green.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from datasets.synth.fonts import FontMissing, NamedFont, find_font

if TYPE_CHECKING:
    from PIL.ImageFont import FreeTypeFont

#: Art set name -> the font it is drawn from (found as :mod:`datasets.synth.fonts` finds fonts).
FONT_SETS: dict[str, NamedFont] = {
    "uni-symbola": NamedFont("ancient-scripts/Symbola_hint.ttf", "Symbola", "Regular",
                             "fonts-symbola", kind="symbols"),
    "uni-noto": NamedFont("noto/NotoSansSymbols2-Regular.ttf", "Noto Sans Symbols2", "Regular",
                          "fonts-noto-core", kind="symbols"),
}

#: Unicode code point -> tile code (U+1F024 is bamboo 竹 = 4f, U+1F025 chrysanthemum 菊 = 3f).
CODEPOINTS: dict[int, str] = {
    0x1F000: "E", 0x1F001: "S", 0x1F002: "W", 0x1F003: "N",
    0x1F004: "C", 0x1F005: "F", 0x1F006: "P",
    **{0x1F007 + i: f"{i + 1}m" for i in range(9)},
    **{0x1F010 + i: f"{i + 1}s" for i in range(9)},
    **{0x1F019 + i: f"{i + 1}p" for i in range(9)},
    0x1F022: "1f", 0x1F023: "2f", 0x1F024: "4f", 0x1F025: "3f",
    0x1F026: "5f", 0x1F027: "6f", 0x1F028: "7f", 0x1F029: "8f",
}

_DARK = (25, 30, 60)
_RED = (190, 25, 30)
_GREEN = (20, 120, 60)
_BLUE = (25, 60, 150)


def _ink_colour(code: str, mask: np.ndarray) -> np.ndarray:
    """An RGB image colouring ``mask``'s ink as the kind's glyph is commonly coloured."""
    h, w = mask.shape
    rgb = np.empty((h, w, 3), np.uint8)
    rgb[:] = _DARK
    if code.endswith("m"):
        rgb[int(h * 0.45):] = _RED  # the numeral above, 萬 below
    elif code.endswith("p") or code == "P":
        rgb[:] = _BLUE
    elif code.endswith("s") or code == "F" or code.endswith("f"):
        rgb[:] = _GREEN
    elif code == "C":
        rgb[:] = _RED
    return rgb


def glyph_face(font: FreeTypeFont, codepoint: int, code: str) -> np.ndarray:
    """The face of one tile drawn by ``font`` (a pillow font): its ink inside the tile outline, RGBA.

    The outline is the ink that reaches the glyph's bounds on all four sides; what lies inside
    it, cropped to it, is the face.
    """
    from PIL import Image, ImageDraw

    size = font.size
    canvas = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(canvas).text((size // 4, size // 4), chr(codepoint), font=font, fill=255)
    ink = np.asarray(canvas)
    ys, xs = np.nonzero(ink > 127)
    if len(xs) == 0:
        raise ValueError(f"{font.getname()[0]} has no glyph for U+{codepoint:X}")
    y1, y2, x1, x2 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    count, labels, stats, _ = cv2.connectedComponentsWithStats((ink > 127).astype(np.uint8), 8)
    for label in range(1, count):
        x, y, w, h = stats[label, :4]
        if x <= x1 and y <= y1 and x + w >= x2 and y + h >= y2:  # the tile's outline
            ink = np.where(labels == label, 0, ink)
    inset = round(0.03 * (x2 - x1))
    face = ink[y1 + inset:y2 - inset, x1 + inset:x2 - inset]
    return np.dstack([_ink_colour(code, face), face]).astype(np.uint8)


def font_faces(name: str) -> dict[str, np.ndarray]:
    """Every kind of font set ``name``: code -> glyph-only RGBA face (not yet on a canvas)."""
    from PIL import ImageFont  # pillow draws the font's glyphs

    path = find_font(FONT_SETS[name])
    if path is None:
        raise FontMissing([FONT_SETS[name]], f"art set {name!r}")
    font = ImageFont.truetype(str(path), 600)  # loaded once for the 42 tiles
    return {code: glyph_face(font, point, code) for point, code in CODEPOINTS.items()}
