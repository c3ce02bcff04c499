"""The canvas a generated design's face is drawn on (:class:`Face`, supersampled ``SS`` times and
averaged down to ``FACE_SIZE``) and the drawing primitives every kind's face uses: text, curves,
leaves. :mod:`datasets.synth.designs` draws each kind with them."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from datasets.synth.design_style import RGB, SS, CJKFont, DesignStyle

_FACE_W, _FACE_H = 192, 256  # = art.FACE_SIZE (not imported: art imports this module lazily)
W, H = _FACE_W * SS, _FACE_H * SS


@lru_cache(maxsize=128)
def _truetype(path: str, index: int, size: int) -> ImageFont.FreeTypeFont:
    """A PIL font object, cached per size."""
    return ImageFont.truetype(path, size=size, index=index)


# --- drawing primitives (all on an RGBA PIL canvas of W x H) -------------------------------------


class Face:
    """One face being drawn: the canvas plus the design's content box (unit coords map into it)."""

    def __init__(self, style: DesignStyle, code: str = "") -> None:
        self.style = style
        #: per-face randomness (small position and size jitter), fixed by the seed and the code
        self.rng = np.random.default_rng([22, style.seed, sum(ord(c) * 131 ** i for i, c in enumerate(code))])
        self.img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)
        mx, my = style.margin
        ox, oy = style.offset
        self.x0, self.y0 = W * (mx + ox), H * (my + oy)
        self.w, self.h = W * (1 - 2 * mx), H * (1 - 2 * my)

    def px(self, u: float, v: float) -> tuple[float, float]:
        """Canvas pixel of unit position (u, v) inside the content box."""
        return self.x0 + u * self.w, self.y0 + v * self.h

    def inset(self, top: float, side: float) -> None:
        """Draw what follows in a smaller content box: ``top`` of its height off the top,
        ``side`` of its width off each side (room for an index digit in a corner)."""
        self.y0 += top * self.h
        self.h *= 1 - top
        self.x0 += side * self.w
        self.w *= 1 - 2 * side

    def lw(self, frac: float) -> int:
        """A line width: ``frac`` of the content width, times the design's stroke factor."""
        return max(1, round(frac * self.w * self.style.stroke))

    def over(self, layer: Image.Image, x: float, y: float) -> None:
        """Alpha-composite an RGBA ``layer`` with its top-left corner at canvas pixel (x, y)."""
        x, y = round(x), round(y)
        lx0, ly0 = max(0, -x), max(0, -y)  # the part of the layer inside the canvas
        lx1, ly1 = min(layer.width, W - x), min(layer.height, H - y)
        if lx1 <= lx0 or ly1 <= ly0:
            return
        if (lx0, ly0, lx1, ly1) != (0, 0, layer.width, layer.height):
            layer = layer.crop((lx0, ly0, lx1, ly1))
        self.img.alpha_composite(layer, (x + lx0, y + ly0))

    def disc(self, cx: float, cy: float, r: float, fill: RGB | tuple[int, int, int, int]) -> None:
        """A filled circle (a 4-tuple fill of alpha 0 punches a hole)."""
        self.draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)

    def ring(self, cx: float, cy: float, r: float, width: float, colour: RGB) -> None:
        """A circle outline of the given width, centred on radius ``r``."""
        self.draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=colour, width=max(1, round(width)))

    def text(self, text: str, font: CJKFont, colour: RGB, box: tuple[float, float, float, float],
             stretch: float = 1.0, size: int | None = None, stroke: int | None = None) -> None:
        """Draw ``text`` fitted in unit ``box`` (u0, v0, u1, v1), centred on its ink.

        ``size`` (px) fixes the font size instead of fitting (so numerals keep one stroke weight);
        ``stretch`` scales the glyph vertically.
        """
        stroke = self.style.text_stroke if stroke is None else stroke
        x0, y0 = self.px(box[0], box[1])
        x1, y1 = self.px(box[2], box[3])
        bw, bh = x1 - x0, y1 - y0
        mask = _text_mask(text, font, size or 400, stroke)
        mw, mh = mask.size
        if size is None:
            k = min(bw / mw, bh / (mh * stretch))
            nw, nh = mw * k, mh * k * stretch
        else:
            nw, nh = mw, mh * stretch
            k = min(1.0, bw / nw, bh / nh)  # never spill out of the box
            nw, nh = nw * k, nh * k
        mask = mask.resize((max(1, round(nw)), max(1, round(nh))), Image.Resampling.LANCZOS)
        layer = Image.new("RGBA", mask.size, colour + (255,))
        layer.putalpha(mask)
        self.over(layer, (x0 + x1 - mask.size[0]) / 2, (y0 + y1 - mask.size[1]) / 2)

    def rgba(self) -> np.ndarray:
        """The face at ``FACE_SIZE`` (RGBA uint8), box-averaged down (Pillow premultiplies alpha)."""
        return np.asarray(self.img.resize((_FACE_W, _FACE_H), Image.Resampling.BOX)).copy()


@lru_cache(maxsize=512)
def _text_mask(text: str, font: CJKFont, size: int, stroke: int) -> Image.Image:
    """The ink of ``text`` (L mode, cropped to its bounding box) at font ``size``."""
    f = _truetype(font.path, font.index, size)
    left, top, right, bottom = f.getbbox(text, stroke_width=stroke)
    pad = 4 + stroke
    img = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(img).text((pad - left, pad - top), text, font=f, fill=255, stroke_width=stroke,
                             stroke_fill=255)
    box = img.getbbox()
    if box is None:
        raise ValueError(f"font {font.family} draws nothing for {text!r}")
    return img.crop(box)


def _bezier(p0, p1, p2, n: int = 24) -> list[tuple[float, float]]:
    """Points along a quadratic Bézier curve (for leaves, stems and feathers)."""
    t = np.linspace(0, 1, n)[:, None]
    pts = (1 - t) ** 2 * np.array(p0) + 2 * (1 - t) * t * np.array(p1) + t ** 2 * np.array(p2)
    return [tuple(p) for p in pts]


def _leaf(face: Face, base: tuple[float, float], angle: float, length: float, width: float,
          colour: RGB) -> None:
    """A pointed leaf (lens shape) from ``base`` towards ``angle`` (radians, 0 = up)."""
    n = 16
    t = np.linspace(0, 1, n)
    half = width / 2 * np.sin(np.pi * t) ** 0.8
    axis = np.array([math.sin(angle), -math.cos(angle)])
    side = np.array([axis[1] * -1, axis[0]])
    pts = [np.array(base) + axis * length * ti + side * hi for ti, hi in zip(t, half, strict=True)]
    pts += [np.array(base) + axis * length * ti - side * hi
            for ti, hi in zip(t[::-1], half[::-1], strict=True)]
    face.draw.polygon([tuple(p) for p in pts], fill=colour)


# --- 筒 circles ----------------------------------------------------------------------------------
