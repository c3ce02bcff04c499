"""Art sets cut from whole-tile sheets: Debian's xmahjongg and GNOME Mahjongg tile images.

These sheets show finished tiles (body, face colour and glyph in one picture), several drawn
by hand and one (``xmj-real``) a scan of a real Chinese set, so they bring faces drawn by people
that the generated designs cannot.  Each cell's face is cut out, enlarged, and its face colour
keyed out so only the glyph is left, like every other art set (:mod:`datasets.synth.art`).

A cell a sheet draws in a way no table would read as that kind (a 白板 drawn as a dragon picture,
flowers or seasons told apart only by an index number, a 白板 shown as the GNOME logo) is left out
of the set: ``None`` in its order.  Every mapping was checked by eye on a contact sheet.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from datasets.synth.raster import svg_to_rgba

XMAHJONGG_DIR = Path(os.environ.get("MAHJONG_XMAHJONGG", "/usr/share/games/xmahjongg/tiles"))
GNOME_MAHJONGG_DIR = Path(os.environ.get("MAHJONG_GNOME_MAHJONGG", "/usr/share/gnome-mahjongg/themes"))

_PINS = [f"{n}p" for n in range(1, 10)]
_SOUS = [f"{n}s" for n in range(1, 10)]
_MANS = [f"{n}m" for n in range(1, 10)]
_WINDS_NWSE_DRAGONS = ["N", "W", "S", "E", "C", "F"]
#: xmahjongg's two Dorothy sheets: seasons, 白板 (a dragon picture: left out), then the flowers
_DOROTHY_ORDER = (*_PINS, *_WINDS_NWSE_DRAGONS, *_MANS, *_SOUS, "5f", "6f", "7f", "8f", None,
                  "4f", "2f", "1f", "3f")


@dataclass(frozen=True)
class Sheet:
    """Where a sheet's tiles lie: cell size, cells a row, the face inside a cell, the codes."""

    path: Path
    cell: tuple[int, int]  # width, height of one tile's cell in the sheet's pixels
    cols: int
    face: tuple[int, int, int, int]  # x1, y1, x2, y2 of the face inside a cell
    order: tuple[str | None, ...]  # the code of each cell in reading order; None: left out
    svg_zoom: float = 0.0  # an SVG sheet is rasterised at this zoom (cell and face at zoom 1)


#: Art set name -> sheet.  Orders checked by eye (``python -m datasets.synth --art-sets NAME
#: --face-sheets DIR``).
SHEETS: dict[str, Sheet] = {
    # a scan of a real Chinese set; the cell after 西 holds the author's note, the last is blank
    "xmj-real": Sheet(XMAHJONGG_DIR / "real.gif", (59, 79), 9, (3, 3, 56, 76), (
        *_PINS, *_SOUS, *_MANS, "5f", "6f", "7f", "8f", "N", "S", "E", "W", None,
        "1f", "2f", "3f", "4f", "F", "P", "C", None)),
    # American-style art with index numbers; their 白板 is a dragon picture (left out)
    "xmj-dorothys": Sheet(XMAHJONGG_DIR / "dorothys.gif", (64, 80), 21, (3, 3, 52, 64), _DOROTHY_ORDER),
    # the same drawings on white faces
    "xmj-dorwhite": Sheet(XMAHJONGG_DIR / "dorwhite.gif", (64, 80), 21, (3, 3, 52, 64), _DOROTHY_ORDER),
    # small pixel art; flowers 華 花 (no fixed number) and seasons drawn as winds are left out
    "xmj-gnome": Sheet(XMAHJONGG_DIR / "gnome.gif", (40, 56), 21, (6, 3, 37, 51), (
        *_PINS, *_WINDS_NWSE_DRAGONS, *_MANS, *_SOUS, None, None, "1f", "4f", "P")),
    # bonus tiles are blank faces with a digit, and its 白板 an empty face: left out
    "xmj-gnome2": Sheet(XMAHJONGG_DIR / "gnome2.gif", (40, 56), 21, (6, 3, 37, 51), (
        *_SOUS, *_WINDS_NWSE_DRAGONS, *_MANS, *_PINS)),
    # GNOME Mahjongg's vector theme; its bonus tiles differ only by a numeral, its 白板 is a logo
    "gnome-postmodern": Sheet(GNOME_MAHJONGG_DIR / "postmodern.svg", (64, 88), 43, (6, 4, 58, 78), (
        *_PINS, *_WINDS_NWSE_DRAGONS, *_MANS, *_SOUS), svg_zoom=4.0),
}


def _read_sheet(sheet: Sheet) -> np.ndarray:
    """The sheet as an RGB array (first frame of a GIF; an SVG rasterised at ``svg_zoom``)."""
    if not sheet.path.exists():
        raise FileNotFoundError(f"needs {sheet.path} (Debian's xmahjongg / gnome-mahjongg)")
    if sheet.svg_zoom:
        width = int(sheet.cell[0] * sheet.cols * sheet.svg_zoom)
        return svg_to_rgba(sheet.path.read_bytes(), width)[..., :3].copy()
    from PIL import Image  # pillow reads GIF, which OpenCV does not

    with Image.open(sheet.path) as image:
        image.seek(0)
        return np.asarray(image.convert("RGB"))


def key_out_face(face: np.ndarray, height: int = 256) -> np.ndarray:
    """A tile face (RGB) enlarged to ``height`` px, its face colour made transparent (RGBA).

    The face colour is the commonest colour of the face (glyphs may touch its edges); a pixel's
    opacity grows with its largest channel difference from it (18 to 58 levels: the scan's
    gentle shading stays clear).

    >>> face = np.full((40, 30, 3), 235, np.uint8); face[15:25, 10:20] = (200, 20, 20)
    >>> glyph = key_out_face(face, 80)
    >>> glyph.shape, int(glyph[2, 2, 3]), int(glyph[40, 30, 3]), glyph[40, 30, :3].tolist()
    ((80, 60, 4), 0, 255, [200, 20, 20])
    """
    h, w = face.shape[:2]
    big = cv2.resize(face, (round(w * height / h), height), interpolation=cv2.INTER_CUBIC)
    pixels = face.reshape(-1, 3)
    bins = (pixels // 16).astype(np.int32) @ np.array([256, 16, 1])
    colour = pixels[bins == np.bincount(bins).argmax()].mean(axis=0)
    diff = np.abs(big.astype(np.float32) - colour).max(axis=2)
    alpha = np.clip((diff - 18.0) / 40.0, 0.0, 1.0)
    return np.dstack([big, (alpha * 255).astype(np.uint8)])


def sheet_faces(name: str) -> dict[str, np.ndarray]:
    """Every kept kind of sheet ``name``: code -> glyph-only RGBA face (not yet on a canvas)."""
    sheet = SHEETS[name]
    image = _read_sheet(sheet)
    zoom = sheet.svg_zoom or 1.0
    cw, ch = sheet.cell
    x1, y1, x2, y2 = sheet.face
    out = {}
    for index, code in enumerate(sheet.order):
        if code is None:
            continue
        row, col = divmod(index, sheet.cols)
        left, top = col * cw + x1, row * ch + y1
        cut = image[round(top * zoom):round((top + y2 - y1) * zoom),
                    round(left * zoom):round((left + x2 - x1) * zoom)]
        out[code] = key_out_face(cut)
    return out
