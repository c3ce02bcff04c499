"""Procedurally generated tile designs: art sets ``gen-0``, ``gen-1``, … drawn from a seed.

The classifier learns one maker's faces too well, so each seed draws a whole 42-face set in its
own style: 萬 numerals in a Kai or Song/Ming font (Debian's fonts-arphic / fonts-lxgw-wenkai),
circles and bamboo sticks in several drawing styles, colour schemes and standard arrangements,
several 1条 birds, 白板 frames, flower and season faces as characters, pictures or both, and
jittered stroke widths, glyph sizes and positions.  The output has the shape of every other art
set (RGBA glyph-only canvases of ``FACE_SIZE``), so ``art.load_art_set("gen-3")`` caches and
loads it like the rest.  Each design is drawn with fonts named here (``CJK_FONTS``,
``LATIN_FONTS``), so the same seed gives the same faces on every machine that has its fonts; on
one that lacks them the design is refused (:class:`~datasets.synth.fonts.FontMissing`, naming
the fonts and their Debian packages) and left out where designs are counted. Each design's
choices are :mod:`datasets.synth.design_style`, the canvas and its primitives
:mod:`datasets.synth.design_face`; this module draws each kind's face.
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from datasets.synth.design_face import Face, H, _bezier, _leaf, _text_mask
from datasets.synth.design_style import (
    BLACK,
    BLUE,
    BONUS_WORDS,
    CJK_FONTS,
    FLOWERS,
    GEN_PREFIX,
    GREEN,
    INK_COLOURS,
    LATIN_CAPTION_SHARE,
    LATIN_FONTS,
    LATTICE_BLANK_SHARE,
    NUMERALS,
    RED,
    RGB,
    SEASONS,
    SS,
    SUIT_INDEX_SHARE,
    SWAPPED,
    WINDS,
    CJKFont,
    DesignStyle,
    cjk_fonts,
    design_names,
    design_seed,
    design_style,
    is_generated,
    is_swapped,
    latin_fonts,
    missing_design_fonts,
    swapped_style,
)

__all__ = [
    "BLACK", "BLUE", "BONUS_WORDS", "CJK_FONTS", "FLOWERS", "GEN_PREFIX", "GREEN", "INK_COLOURS",
    "LATIN_CAPTION_SHARE", "LATIN_FONTS", "LATTICE_BLANK_SHARE", "NUMERALS", "RED", "SEASONS", "SS",
    "SUIT_INDEX_SHARE", "SWAPPED", "WINDS", "CJKFont", "DesignStyle", "Face", "cache_tag",
    "cjk_fonts", "design_names", "design_seed", "design_style", "draw_face", "generated_design",
    "is_generated", "is_swapped", "latin_fonts", "missing_design_fonts", "swapped_style",
]


def cache_tag(seed: int) -> str:
    """What cached faces of design ``seed`` must have been drawn with: the source of this module,
    of the face canvas (``design_face``) and of the styles (``design_style``), and the design's
    font files, so that a change to any of them redraws them."""
    sources = [Path(__file__).with_name(f"{m}.py") for m in ("designs", "design_face", "design_style")]
    code = hashlib.sha1(b"".join(p.read_bytes() for p in sources)).hexdigest()[:12]
    style = design_style(seed)
    fonts = dict.fromkeys(f for f in (style.font, style.honor_font, style.caption_font) if f)
    return f"designs {code}; fonts " + ";".join(f"{Path(f.path).name}#{f.index}" for f in fonts)


#: Unit positions of the circles of 2-9筒 and their radius (fraction of content width).
DOT_LAYOUTS: dict[int, tuple[list[tuple[float, float]], float]] = {
    2: ([(0.5, 0.25), (0.5, 0.75)], 0.25),
    3: ([(0.2, 0.16), (0.5, 0.5), (0.8, 0.84)], 0.19),
    4: ([(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)], 0.21),
    5: ([(0.22, 0.2), (0.78, 0.2), (0.5, 0.5), (0.22, 0.8), (0.78, 0.8)], 0.19),
    6: ([(0.28, 0.15), (0.72, 0.15), (0.28, 0.55), (0.72, 0.55), (0.28, 0.85), (0.72, 0.85)], 0.16),
    7: ([(0.2, 0.1), (0.5, 0.22), (0.8, 0.34), (0.28, 0.6), (0.72, 0.6), (0.28, 0.87), (0.72, 0.87)],
        0.14),
    8: ([(u, v) for v in (0.12, 0.37, 0.63, 0.88) for u in (0.28, 0.72)], 0.15),
    9: ([(u, v) for v in (0.16, 0.5, 0.84) for u in (0.18, 0.5, 0.82)], 0.15),
}


def _dot_colours(n: int, scheme: tuple[RGB, RGB, RGB]) -> list[tuple[RGB, RGB]]:
    """(main, accent) colour of each circle of n筒, after the usual colour conventions."""
    a, b, c = scheme
    rows: dict[int, list[RGB]] = {
        2: [b, a], 3: [a, c, b], 4: [a, b, b, a], 5: [a, b, c, b, a], 6: [b, b, c, c, c, c],
        7: [b, b, b, c, c, c, c], 8: [a] * 8, 9: [a, a, a, c, c, c, b, b, b],
    }
    return [(m, c if m != c else a) for m in rows[n]]


def _circle(face: Face, cx: float, cy: float, r: float, main: RGB, accent: RGB) -> None:
    """One 筒 circle in the design's style."""
    s = face.style.stroke
    hole = (0, 0, 0, 0)
    if face.style.dot_style == "rings":
        face.disc(cx, cy, r, main)
        face.disc(cx, cy, r * (1 - 0.16 * s), hole)
        face.ring(cx, cy, r * 0.58, r * 0.14 * s, accent)
        face.disc(cx, cy, r * 0.22, main)
    elif face.style.dot_style == "flower":
        face.ring(cx, cy, r * 0.95, r * 0.1 * s, main)
        for k in range(8):
            a = k * math.pi / 4
            face.disc(cx + 0.6 * r * math.cos(a), cy + 0.6 * r * math.sin(a), r * 0.2, main)
        face.disc(cx, cy, r * 0.3, accent)
    elif face.style.dot_style == "disc":
        face.disc(cx, cy, r, main)
        face.ring(cx, cy, r * 0.62, r * 0.1 * s, accent)
        face.disc(cx, cy, r * 0.18, accent)
    else:  # coin: ring, filled centre with a square hole
        face.ring(cx, cy, r * 0.92, r * 0.14 * s, main)
        face.disc(cx, cy, r * 0.6, accent)
        q = r * 0.2
        face.draw.rectangle([cx - q, cy - q, cx + q, cy + q], fill=hole)


def _one_dot(face: Face) -> None:
    """1筒: one big ornate circle (petals, rays or rings around a centre in the circle style)."""
    a, b, c = face.style.dot_colours
    cx, cy = face.px(0.5, 0.5)
    r = 0.46 * face.w * face.style.dot_scale
    face.ring(cx, cy, r, face.lw(0.035), b)
    if face.style.one_dot == "petals":
        for k in range(16):
            t = k * math.pi / 8
            face.disc(cx + 0.82 * r * math.cos(t), cy + 0.82 * r * math.sin(t), 0.09 * r, c)
    elif face.style.one_dot == "rays":
        for k in range(24):
            t = k * math.pi / 12
            face.draw.line([(cx + 0.7 * r * math.cos(t), cy + 0.7 * r * math.sin(t)),
                            (cx + 0.9 * r * math.cos(t), cy + 0.9 * r * math.sin(t))],
                           fill=a, width=face.lw(0.02))
    else:
        face.ring(cx, cy, 0.8 * r, face.lw(0.05), c)
    _circle(face, cx, cy, 0.62 * r, a, c)


def _draw_dots(face: Face, n: int) -> None:
    """n筒 in the standard arrangement, with the design's radius jitter."""
    if n == 1:
        _one_dot(face)
        return
    pts, r = DOT_LAYOUTS[n]
    r *= face.w * face.style.dot_scale * face.rng.uniform(0.94, 1.03)
    for (u, v), (main, accent) in zip(pts, _dot_colours(n, face.style.dot_colours), strict=True):
        du, dv = face.rng.normal(0, 0.006, 2)
        _circle(face, *face.px(u + du, v + dv), r, main, accent)


# --- 条 bamboo -----------------------------------------------------------------------------------


def _stick(face: Face, cx: float, cy: float, length: float, width: float, colour: RGB,
           angle: float = 0.0) -> None:
    """One bamboo stick centred on (cx, cy), in the design's stick style, tilted by ``angle`` (deg)."""
    style = face.style.stick_style
    pad = int(width)
    lw, lh = int(width * 2 + 2 * pad), int(length + 2 * pad)
    layer = Image.new("RGBA", (lw, lh), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    x0, x1 = lw / 2 - width / 2, lw / 2 + width / 2
    y0, y1 = pad, pad + length
    dark = tuple(int(v * 0.6) for v in colour)
    nodes = [y0 + length * f for f in (0.0, 0.5, 1.0)] if length < 3.2 * width * 2 else \
        [y0 + length * f for f in (0.0, 1 / 3, 2 / 3, 1.0)]
    if style == "segmented":
        d.rounded_rectangle([x0, y0, x1, y1], radius=width * 0.35, fill=colour)
        for y in nodes[1:-1]:
            d.rounded_rectangle([x0 - width * 0.15, y - width * 0.18, x1 + width * 0.15, y + width * 0.18],
                                radius=width * 0.15, fill=dark)
        gap = max(1, width * 0.12)
        d.rectangle([lw / 2 - gap / 2, y0 + width * 0.4, lw / 2 + gap / 2, y1 - width * 0.4],
                    fill=(0, 0, 0, 0))
    elif style == "bar":
        d.rounded_rectangle([x0, y0, x1, y1], radius=width * 0.5, fill=colour)
        for y in (nodes[0] + width * 0.25, nodes[-1] - width * 0.25):
            d.line([(x0, y), (x1, y)], fill=(0, 0, 0, 0), width=max(1, round(width * 0.12)))
    else:  # double: two thin lines with node ticks
        t = max(2, round(width * 0.22 * face.style.stroke))
        d.line([(x0 + t / 2, y0), (x0 + t / 2, y1)], fill=colour, width=t)
        d.line([(x1 - t / 2, y0), (x1 - t / 2, y1)], fill=colour, width=t)
        for y in nodes:
            d.line([(x0 - width * 0.1, y), (x1 + width * 0.1, y)], fill=dark, width=t)
    if angle:
        layer = layer.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    face.over(layer, cx - layer.size[0] / 2, cy - layer.size[1] / 2)


#: Unit positions and stick length (fraction of content height) of 2-9条; 8条 also as ``mw``.
STICK_LAYOUTS: dict[int, tuple[list[tuple[float, float]], float]] = {
    2: ([(0.5, 0.24), (0.5, 0.76)], 0.42),
    3: ([(0.5, 0.24), (0.28, 0.76), (0.72, 0.76)], 0.42),
    4: ([(0.28, 0.24), (0.72, 0.24), (0.28, 0.76), (0.72, 0.76)], 0.42),
    5: ([(0.18, 0.24), (0.82, 0.24), (0.5, 0.5), (0.18, 0.76), (0.82, 0.76)], 0.42),
    6: ([(u, v) for v in (0.24, 0.76) for u in (0.18, 0.5, 0.82)], 0.42),
    7: ([(0.5, 0.15), *[(u, v) for v in (0.5, 0.84) for u in (0.18, 0.5, 0.82)]], 0.28),
    8: ([(u, v) for v in (0.24, 0.76) for u in (0.14, 0.38, 0.62, 0.86)], 0.42),
    9: ([(u, v) for v in (0.16, 0.5, 0.84) for u in (0.18, 0.5, 0.82)], 0.28),
}
#: Which sticks of n条 take the accent colour (the usual red centre / top / middle column).
STICK_ACCENTS = {5: {2}, 7: {0}, 9: {1, 4, 7}}


def _draw_sticks(face: Face, n: int) -> None:
    """n条 (n >= 2) in the standard arrangement; 8条 as an M over a W or as two rows of four."""
    main, accent = face.style.stick_colours
    pts, length = STICK_LAYOUTS[n]
    width = 0.13 * face.w * face.style.stroke ** 0.4 * face.rng.uniform(0.94, 1.04)
    length *= face.rng.uniform(0.95, 1.02)
    angles = [0.0] * len(pts)
    if n == 8 and face.style.eight_bamboo == "mw":
        angles = [0.0, -28.0, 28.0, 0.0, 0.0, 28.0, -28.0, 0.0]
        pts = [(u, v) for v in (0.24, 0.76) for u in (0.12, 0.37, 0.63, 0.88)]
    for k, ((u, v), ang) in enumerate(zip(pts, angles, strict=True)):
        colour = accent if k in STICK_ACCENTS.get(n, set()) else main
        ln = length * face.h * (0.92 if ang else 1.0)
        du, dv = face.rng.normal(0, 0.006, 2)
        _stick(face, *face.px(u + du, v + dv), ln, width, colour, ang)


def _one_bamboo(face: Face) -> None:
    """1条: a bird, a peacock fan or one big ornate stick with leaves (the design's kind)."""
    main, accent = face.style.stick_colours
    red, gold = face.style.red, INK_COLOURS["yellow"]
    kind = face.style.one_bamboo
    if kind == "stick":
        cx, cy = face.px(0.5, 0.5)
        _stick(face, cx, cy, 0.86 * face.h, 0.2 * face.w, main)
        for base, ang in (((0.5, 0.35), -0.9), ((0.5, 0.62), 0.9), ((0.5, 0.2), 0.7)):
            _leaf(face, face.px(*base), ang, 0.32 * face.w, 0.11 * face.w, accent)
        return
    if kind == "peacock":
        base = face.px(0.5, 0.78)
        for k in range(7):
            ang = -0.84 + k * 0.28
            tip = (base[0] + 0.4 * face.w * math.sin(ang) / math.sin(0.84),
                   base[1] - 0.6 * face.h * math.cos(ang))
            face.draw.line([base, tip], fill=main, width=face.lw(0.025))
            face.disc(*tip, 0.075 * face.w, main)
            face.disc(*tip, 0.045 * face.w, accent)
            face.disc(*tip, 0.018 * face.w, gold)
        face.draw.ellipse([base[0] - 0.14 * face.w, base[1] - 0.08 * face.h,
                           base[0] + 0.14 * face.w, base[1] + 0.1 * face.h], fill=accent)
        head = face.px(0.5, 0.62)
        face.disc(*head, 0.07 * face.w, accent)
        face.disc(head[0] + 0.02 * face.w, head[1] - 0.01 * face.h, 0.02 * face.w, (0, 0, 0, 0))
        return
    # bird: body, wing, head, beak, tail, legs on a perch
    bx, by = face.px(0.52, 0.5)
    bw, bh = 0.3 * face.w, 0.17 * face.h
    for k in range(4):  # tail feathers down-left
        tip = face.px(0.08 + 0.06 * k, 0.88 - 0.03 * k)
        face.draw.line(_bezier((bx - bw * 0.6, by + bh * 0.3), (bx - bw * 1.2, by + bh * 1.2), tip),
                       fill=main if k % 2 else accent, width=face.lw(0.04), joint="curve")
    face.draw.ellipse([bx - bw, by - bh, bx + bw, by + bh], fill=main)
    face.draw.chord([bx - bw * 0.7, by - bh * 0.6, bx + bw * 0.5, by + bh * 0.9], 180, 360, fill=accent)
    hx, hy = face.px(0.76, 0.27)
    hr = 0.12 * face.w
    face.draw.line([(bx + bw * 0.5, by - bh * 0.4), (hx, hy)], fill=main, width=face.lw(0.12))
    face.disc(hx, hy, hr, main)
    face.draw.polygon([(hx + hr * 0.8, hy - hr * 0.3), (hx + hr * 2.0, hy + hr * 0.2),
                       (hx + hr * 0.8, hy + hr * 0.5)], fill=gold)
    face.disc(hx + hr * 0.3, hy - hr * 0.2, hr * 0.25, red)
    face.draw.line([(hx - hr * 0.6, hy - hr * 0.7), (hx - hr * 0.9, hy - hr * 1.6),
                    (hx - hr * 0.1, hy - hr * 0.9)], fill=red, width=face.lw(0.03))  # crest
    for lx in (0.45, 0.58):
        face.draw.line([face.px(lx, 0.6), face.px(lx + 0.02, 0.76)], fill=accent, width=face.lw(0.025))
    face.draw.line([face.px(0.25, 0.77), face.px(0.85, 0.77)], fill=INK_COLOURS["brown"], width=face.lw(0.04))


# --- honours -------------------------------------------------------------------------------------


def _index(face: Face, label: str, colour: RGB, corner: str = "tl", font: CJKFont | None = None) -> None:
    """A small index label (digit, letter or numeral) in a corner of the face."""
    u0 = -0.02 if corner == "tl" else 0.78
    face.text(label, font or face.style.font, colour, (u0, -0.02, u0 + 0.24, 0.13), stroke=0)


def _draw_wan(face: Face, n: int) -> None:
    """n萬: the numeral over 萬 (or 万), with an optional index digit."""
    st = face.style
    top = (0.08, 0.0, 0.92, 0.38) if st.wan_index is None else (0.22, 0.0, 0.78, 0.38)
    # one font size for all numerals, fitted on 四 (the widest), so 一 stays a thin stroke
    ref = _text_mask("四", st.font, 400, st.text_stroke)
    x0, y0 = face.px(top[0], top[1])
    x1, y1 = face.px(top[2], top[3])
    size = int(400 * min((x1 - x0) / ref.size[0], (y1 - y0) / ref.size[1]))
    face.text(NUMERALS[n - 1], st.font, st.numeral, top, size=size)
    face.text(st.wan_char, st.font, st.wan, (0.02, 0.42, 0.98, 1.0), stretch=st.wan_stretch)
    if st.wan_index:
        _index(face, str(n), st.numeral, st.wan_index)


def _draw_blank(face: Face) -> None:
    """白板: a frame, a double frame, corner brackets, a lattice border or nothing at all (the
    design's style)."""
    st, c = face.style, face.style.blank_colour
    if st.blank == "empty":
        return
    x0, y0 = face.px(0.04, 0.03)
    x1, y1 = face.px(0.96, 0.97)
    w = face.lw(0.06)
    if st.blank == "lattice":
        _lattice(face, (x0, y0, x1, y1), w)
    elif st.blank == "frame":
        face.draw.rounded_rectangle([x0, y0, x1, y1], radius=w, outline=c, width=w)
    elif st.blank == "double":
        face.draw.rectangle([x0, y0, x1, y1], outline=c, width=w)
        g = 2.2 * w
        face.draw.rectangle([x0 + g, y0 + g, x1 - g, y1 - g], outline=c, width=max(1, w // 2))
    else:
        arm = 0.28 * face.w
        for (x, y, sx, sy) in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
            face.draw.line([(x + sx * arm, y), (x, y), (x, y + sy * arm)], fill=c, width=w, joint="curve")


def _lattice(face: Face, frame: tuple[float, float, float, float], w: int) -> None:
    """A border band of small squares round the face, the middle square of each side in the
    design's red: a 白板 as some makers draw it."""
    x0, y0, x1, y1 = frame
    band, line, c = 0.2 * (x1 - x0), max(1, w // 2), face.style.blank_colour
    for across in (True, False):  # the top and bottom rows of squares, then the sides
        lo, hi = (x0, x1) if across else (y0 + band, y1 - band)
        edges = ((y0, y0 + band), (y1 - band, y1)) if across else ((x0, x0 + band), (x1 - band, x1))
        cells = max(3, round((hi - lo) / band)) | 1  # odd, so that one lies in the middle
        step = (hi - lo) / cells
        for a, b in edges:
            for k in range(cells):
                t = lo + k * step
                cell = [t, a, t + step, b] if across else [a, t, b, t + step]
                face.draw.rectangle(cell, outline=c, width=line,
                                    fill=face.style.red if k == cells // 2 else None)


def _draw_honor(face: Face, code: str) -> None:
    """Winds (with an optional index letter) and the red and green dragons."""
    st = face.style
    if code in WINDS:
        box = (0.04, 0.12, 0.96, 0.92) if st.wind_index else (0.0, 0.06, 1.0, 0.94)
        face.text(WINDS[code], st.font, st.wind, box, stretch=st.wan_stretch)
        if st.wind_index:
            _index(face, code, st.wind, "tl")
    elif code == "C":
        face.text("中", st.honor_font, st.red, (0.0, 0.04, 1.0, 0.96), stretch=st.wan_stretch)
    elif code == "F":
        face.text("發", st.honor_font, st.green, (0.0, 0.06, 1.0, 0.94), stretch=st.wan_stretch)
    else:
        _draw_blank(face)


# --- flowers and seasons -------------------------------------------------------------------------


def _blossom(face: Face, cx: float, cy: float, r: float, petal: RGB, centre: RGB) -> None:
    """A five-petal blossom (plum)."""
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        face.disc(cx + 0.55 * r * math.cos(a), cy + 0.55 * r * math.sin(a), 0.45 * r, petal)
    face.disc(cx, cy, 0.3 * r, centre)


def _plant(face: Face, index: int, box: tuple[float, float, float, float]) -> None:
    """A small picture for flower/season ``index`` (0-7) drawn in unit ``box``."""
    u0, v0, u1, v1 = box

    def p(u: float, v: float) -> tuple[float, float]:
        return face.px(u0 + u * (u1 - u0), v0 + v * (v1 - v0))

    bw = (u1 - u0) * face.w
    ink = INK_COLOURS
    green, red = face.style.green, face.style.red
    lw = face.lw(0.03)
    if index == 0:  # plum: a crooked branch with blossoms
        brown = ink["brown"]
        face.draw.line([p(0.1, 1.0), p(0.35, 0.65), p(0.3, 0.4), p(0.6, 0.15)], fill=brown,
                       width=face.lw(0.05), joint="curve")
        face.draw.line([p(0.33, 0.6), p(0.75, 0.5)], fill=brown, width=lw)
        for u, v, s in ((0.6, 0.15, 1.0), (0.75, 0.5, 0.9), (0.28, 0.38, 0.8), (0.45, 0.8, 0.7)):
            _blossom(face, *p(u, v), 0.13 * bw * s, ink["pink"] if s < 0.95 else red, ink["yellow"])
    elif index == 1:  # orchid: long curved leaves and two small flowers
        for k, (tu, tv) in enumerate(((0.0, 0.1), (0.25, 0.0), (0.8, 0.05), (1.0, 0.35), (0.55, 0.2))):
            face.draw.line(_bezier(p(0.5, 1.0), p(0.5 + (tu - 0.5) * 0.2, 0.4), p(tu, tv)),
                           fill=green, width=face.lw(0.025 + 0.008 * (k % 2)), joint="curve")
        for u, v in ((0.35, 0.35), (0.7, 0.45)):
            cx, cy = p(u, v)
            for a in (-2.2, -0.9, 0.4):
                _leaf(face, (cx, cy), a, 0.14 * bw, 0.08 * bw, ink["purple"])
            face.disc(cx, cy, 0.03 * bw, ink["yellow"])
    elif index == 2:  # chrysanthemum: a many-petal head on a stem with leaves
        face.draw.line([p(0.5, 1.0), p(0.5, 0.4)], fill=green, width=lw)
        _leaf(face, p(0.5, 0.8), -1.0, 0.3 * bw, 0.13 * bw, green)
        _leaf(face, p(0.5, 0.65), 1.1, 0.3 * bw, 0.13 * bw, green)
        cx, cy = p(0.5, 0.3)
        for k in range(16):
            petal = ink["orange"] if k % 2 else ink["yellow"]
            _leaf(face, (cx, cy), k * math.pi / 8, 0.28 * bw, 0.07 * bw, petal)
        face.disc(cx, cy, 0.07 * bw, ink["brown"])
    elif index == 3:  # bamboo plant: two jointed stalks and leaves
        for u, top in ((0.35, 0.05), (0.65, 0.2)):
            face.draw.line([p(u, 1.0), p(u, top)], fill=green, width=face.lw(0.05))
            for v in np.linspace(top + 0.2, 0.95, 3):
                x, y = p(u, v)
                face.draw.line([(x - 0.05 * bw, y), (x + 0.05 * bw, y)], fill=ink["dark-green"], width=lw)
        for base, a in (((0.35, 0.3), -1.2), ((0.35, 0.3), -0.6), ((0.65, 0.45), 1.2), ((0.65, 0.45), 0.7),
                        ((0.65, 0.7), 1.4)):
            _leaf(face, p(*base), a, 0.35 * bw, 0.09 * bw, ink["dark-green"])
    elif index == 4:  # spring: a rising sun over grass
        cx, cy = p(0.5, 0.35)
        r = 0.18 * bw
        for k in range(12):
            a = k * math.pi / 6
            face.draw.line([(cx + 1.3 * r * math.cos(a), cy + 1.3 * r * math.sin(a)),
                            (cx + 1.8 * r * math.cos(a), cy + 1.8 * r * math.sin(a))],
                           fill=ink["orange"], width=lw)
        face.disc(cx, cy, r, red)
        for k in range(5):
            _leaf(face, p(0.15 + 0.175 * k, 1.0), (k - 2) * 0.3, 0.3 * bw, 0.07 * bw, green)
    elif index == 5:  # summer: a lotus on its pad
        face.draw.ellipse([*p(0.05, 0.75), *p(0.95, 1.0)], fill=green)
        cx, cy = p(0.5, 0.75)
        for a in (-1.2, -0.6, 0.0, 0.6, 1.2):
            _leaf(face, (cx, cy), a, 0.5 * bw, 0.2 * bw, ink["pink"])
        face.draw.line([p(0.5, 0.75), p(0.5, 0.95)], fill=ink["dark-green"], width=lw)
    elif index == 6:  # autumn: falling maple leaves and a crescent moon
        leaves = ((0.3, 0.35, 1.0, ink["orange"]), (0.7, 0.6, 0.8, red), (0.35, 0.85, 0.7, ink["brown"]))
        for u, v, s, c in leaves:
            cx, cy = p(u, v)
            for a in (-1.3, -0.65, 0.0, 0.65, 1.3):
                _leaf(face, (cx, cy), a + s, 0.22 * bw * s, 0.1 * bw * s, c)
        mx, my = p(0.78, 0.12)
        face.disc(mx, my, 0.12 * bw, ink["yellow"])
        face.disc(mx + 0.05 * bw, my - 0.03 * bw, 0.1 * bw, (0, 0, 0, 0))
    else:  # winter: a snowflake
        cx, cy = p(0.5, 0.5)
        r = 0.45 * bw
        blue = ink["blue"]
        for k in range(6):
            a = k * math.pi / 3
            ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
            face.draw.line([(cx, cy), (ex, ey)], fill=blue, width=lw)
            for f in (0.5, 0.75):
                bx, by = cx + f * r * math.cos(a), cy + f * r * math.sin(a)
                for da in (-0.6, 0.6):
                    tip = (bx + 0.25 * r * math.cos(a + da), by + 0.25 * r * math.sin(a + da))
                    face.draw.line([(bx, by), tip], fill=blue, width=lw)
        face.disc(cx, cy, 0.1 * r, blue)


def _draw_bonus(face: Face, k: int) -> None:
    """Flower (k 0-3: 梅 蘭 菊 竹) or season (k 4-7: 春 夏 秋 冬) in the design's kind."""
    st = face.style
    char = (FLOWERS + SEASONS)[k]
    kind = st.flower_kind if k < 4 else st.season_kind
    colour = st.bonus_colour if k < 4 else st.wind
    n = k % 4 + 1
    label = {"arabic": str(n), "chinese": NUMERALS[n - 1], "none": ""}[st.bonus_index]
    if kind == "char":
        face.text(char, st.honor_font, colour, (0.0, 0.16, 1.0, 0.96))
        if label:
            _index(face, label, st.red if colour != st.red else BLUE, "tr")
    elif kind == "plant":
        # the picture under its Chinese name, or above its English name (sets sold abroad)
        chinese = st.bonus_caption == "chinese"
        area = (0.0, 0.3, 1.0, 1.0) if chinese else (0.04, 0.0, 0.96, 0.74)
        if st.plant_mirror:  # draw apart, then flip it into the face
            pic = Face(st, f"{k}f")
            _plant(pic, st.pictures[k], area)
            face.img.alpha_composite(pic.img.transpose(Image.Transpose.FLIP_LEFT_RIGHT))
        else:
            _plant(face, st.pictures[k], area)
        if chinese:
            face.text(char, st.honor_font, colour, (0.0, 0.0, 0.34, 0.28))
        else:
            word = BONUS_WORDS[k] if st.bonus_caption == "english" else BONUS_WORDS[k][:3]
            face.text(word, st.caption_font or st.honor_font, colour, (0.06, 0.8, 0.94, 0.99),
                      stroke=0)
        if label:
            _index(face, label, st.red if colour != st.red else BLUE, "tr")
    else:  # numeral: the character over its number in Chinese numerals
        face.text(char, st.honor_font, colour, (0.05, 0.0, 0.95, 0.6))
        face.text(NUMERALS[n - 1], st.font, st.red if colour != st.red else BLUE, (0.2, 0.66, 0.8, 1.0),
                  size=int(0.22 * H))


# --- the whole set -------------------------------------------------------------------------------


def draw_face(style: DesignStyle, code: str) -> np.ndarray:
    """One face of a design (RGBA uint8, 192x256, glyph only)."""
    face = Face(style, code)
    if code[-1] in "mps" and len(code) == 2:
        n = int(code[0])
        if code[1] == "m":
            _draw_wan(face, n)
        else:
            if style.suit_index:  # the digit in the corner, the art below it
                _index(face, str(n), style.suit_index_colour, style.suit_index, style.caption_font)
                face.inset(0.13, 0.05)
            if code[1] == "p":
                _draw_dots(face, n)
            elif n == 1:
                _one_bamboo(face)
            else:
                _draw_sticks(face, n)
    elif code.endswith("f"):
        _draw_bonus(face, int(code[0]) - 1)
    else:
        _draw_honor(face, code)
    return face.rgba()


def generated_design(seed: int, swapped: bool = False) -> dict[str, np.ndarray]:
    """All 42 faces (tile code -> RGBA glyph canvas of ``FACE_SIZE``) of generated design ``seed``
    (``swapped``: its pictures swapped among the kinds, ``swapped_style``)."""
    from vision.classes import TILE_CLASSES

    style = swapped_style(seed) if swapped else design_style(seed)
    return {code: draw_face(style, code) for code in TILE_CLASSES if code != "back"}
