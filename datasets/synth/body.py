"""Drawing one tile: face, back and side textures of a tile body, shaded and warped into place.

The face texture is the glyph engraved into an ivory face (ink slightly sunk, an emboss edge, a
rounded bevel towards the borders); the back is the coloured layer; the four sides show the two
layers with a seam.  Each visible box face gets per-corner diffuse and specular light from a point
lamp, then is perspective-warped into its own bounding box only (``cv2.warpPerspective`` on a
small ROI), which keeps a 40-tile 1280-px scene well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from datasets.synth.art import FACE_CODES, ArtSet
from datasets.synth.geometry import Camera, TileBox

TEX_H = 256  # face texture height at pyramid level 0

#: Back-layer colours (BGR) seen on real sets: greens, blues, yellows, orange, reds, pink, purple,
#: ivory, black.
BACK_COLORS = [
    (60, 120, 20), (70, 140, 40), (40, 95, 15), (120, 90, 20), (160, 110, 30), (130, 60, 20),
    (40, 170, 220), (30, 120, 230), (150, 120, 230), (200, 225, 235), (45, 45, 45),
    (80, 200, 235), (20, 200, 240), (35, 35, 175), (40, 30, 130), (60, 60, 210), (110, 40, 90),
    (120, 130, 10),
]
#: Face colours (BGR): ivory, cream, bone white, cool white, paper white.
FACE_COLORS = [(225, 238, 244), (210, 230, 240), (235, 240, 242), (200, 220, 232),
               (242, 244, 244), (215, 235, 238), (248, 248, 248), (195, 225, 245)]

#: Art sets drawn for a face of their own colour (BGR), not ivory: kmahjongg's "Imperial Jade"
#: draws white glyphs for a dark red jade face (on ivory they would hardly show).
SET_FACE_COLORS = {"kmj-jade": [(20, 28, 130), (25, 35, 150), (15, 20, 105)]}
#: Coloured faces some sets have (BGR), for ``random_style(coloured=True)``: dark ones (jade,
#: deep green, red, black, navy, plum) whose glyphs are drawn pale, and tinted ones (mint, sky,
#: pink, lemon, sea green) that keep the art's inks.
DARK_FACE_COLORS = [(40, 70, 20), (30, 90, 40), (20, 28, 130), (30, 30, 30), (90, 40, 20),
                    (60, 25, 70)]
TINTED_FACE_COLORS = [(170, 215, 170), (225, 200, 160), (200, 185, 235), (150, 225, 235),
                      (200, 215, 140)]


@dataclass
class TileStyle:
    """How one set of tiles looks: size in mm, colours, layer split, engraving and gloss."""

    size: tuple[float, float, float]
    face_color: np.ndarray
    back_color: np.ndarray
    back_frac: float
    engrave: float
    ink: float
    bevel: float
    corner: float
    gloss: float
    art: ArtSet
    light_ink: bool = False  # a dark face: the art's inks are drawn pale so that they show
    _faces: dict[str, list[np.ndarray]] = field(default_factory=dict, repr=False)
    _back: list[np.ndarray] | None = field(default=None, repr=False)
    _sides: dict[int, np.ndarray] = field(default_factory=dict, repr=False)


def random_style(rng: np.random.Generator, art: ArtSet, coloured: bool = False) -> TileStyle:
    """A random but plausible tile set look; ``coloured``: a dark or tinted face, not ivory
    (draws one number more from ``rng``, so only then do renders change)."""
    h = rng.uniform(36, 44)
    w = h * rng.uniform(0.70, 0.80)
    d = w * rng.uniform(0.55, 0.85)
    faces = SET_FACE_COLORS.get(art.name, FACE_COLORS)
    light_ink = False
    if coloured and art.name not in SET_FACE_COLORS:
        light_ink = bool(rng.random() < 0.6)
        faces = DARK_FACE_COLORS if light_ink else TINTED_FACE_COLORS
    face = np.array(faces[rng.integers(len(faces))], float) + rng.normal(0, 5, 3)
    backs = BACK_COLORS
    if art.name in SET_FACE_COLORS or coloured:  # a back must not look like the face (nor 白板)
        backs = [c for c in BACK_COLORS if np.abs(np.subtract(c, face)).sum() > 150]
    blank_white = "P" in art.faces and art.faces["P"][..., 3].mean() < 4.0
    if blank_white:  # a blank 白 face must not look like an ivory back: no ivory backs then
        backs = [c for c in backs if sum(c) < 550]
    back = np.array(backs[rng.integers(len(backs))], float) + rng.normal(0, 10, 3)
    return TileStyle(
        size=(w, h, d), face_color=np.clip(face, 0, 255), back_color=np.clip(back, 0, 255),
        back_frac=rng.uniform(0.3, 0.55), engrave=rng.uniform(0.4, 1.2),
        ink=rng.uniform(0.75, 1.0), bevel=rng.uniform(0.15, 0.35), corner=rng.uniform(0.06, 0.14),
        gloss=rng.uniform(0.2, 0.9), art=art, light_ink=light_ink)


def _rounded_alpha(w: int, h: int, radius: float, soft: float = 1.0) -> np.ndarray:
    """Alpha (float32, 0-1) of a rounded rectangle filling a w x h image."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r = max(radius, 1.0)
    dx = np.maximum(np.maximum(r - xx - 0.5, xx + 0.5 - (w - r)), 0)
    dy = np.maximum(np.maximum(r - yy - 0.5, yy + 0.5 - (h - r)), 0)
    dist = np.sqrt(dx * dx + dy * dy) - r
    return np.clip(0.5 - dist / soft, 0, 1)


def _bevel(w: int, h: int, width: float, strength: float) -> np.ndarray:
    """Brightness factor falling off towards the borders, like a rounded edge turning away."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.minimum(np.minimum(xx, w - 1 - xx), np.minimum(yy, h - 1 - yy))
    t = np.clip(d / width, 0, 1)
    rim = np.exp(-(((d - 0.4 * width) / (0.18 * width)) ** 2))  # light caught by the rounding
    return 1 - strength * (1 - t) ** 2 + 0.35 * strength * rim


def _pyramid(img: np.ndarray) -> list[np.ndarray]:
    """Mip levels of a texture (each half the size) so that small tiles do not alias."""
    levels = [img]
    while levels[-1].shape[0] > 24:
        levels.append(cv2.pyrDown(levels[-1]))
    return levels


def _face_texture(style: TileStyle, code: str, rng_seed: int) -> np.ndarray:
    """The engraved face of ``code`` (BGRA float32, 0-255) at level-0 size."""
    w, h, _ = style.size
    tw, th = int(round(TEX_H * w / h)), TEX_H
    rng = np.random.default_rng(rng_seed)
    base = np.empty((th, tw, 3), np.float32)
    base[:] = style.face_color
    base += rng.normal(0, 2.0, (th, tw, 1)).astype(np.float32)
    glyph = style.art.faces[code]
    gw = int(tw * 0.9)
    gh = int(th * 0.9)
    g = cv2.resize(glyph, (gw, gh), interpolation=cv2.INTER_AREA).astype(np.float32)
    gl = np.zeros((th, tw, 4), np.float32)
    y0, x0 = (th - gh) // 2, (tw - gw) // 2
    gl[y0:y0 + gh, x0:x0 + gw] = g
    a = gl[..., 3:4] / 255.0
    if style.light_ink:  # RGB -> BGR in the same hues, pale, as a dark set's glyphs are filled
        ink = 255.0 - (255.0 - gl[..., 2::-1]) * 0.3
    else:  # RGB -> BGR, slightly darker where sunk
        ink = gl[..., 2::-1] * style.ink
    out = base * (1 - a) + ink * a
    shift = 1.5 + style.engrave
    m = np.float32([[1, 0, shift], [0, 1, shift]])
    a_sh = cv2.warpAffine(a[..., 0], m, (tw, th))[..., None]
    emboss = cv2.GaussianBlur(a[..., 0] - a_sh[..., 0], (0, 0), 1.0)[..., None]
    out = out - 90.0 * style.engrave * emboss  # sunk: shadow on the lit side of each stroke
    # the groove wall around each stroke is in shadow: a thin darker rim outside the ink
    grown = cv2.dilate(a[..., 0], np.ones((3, 3), np.uint8))
    out *= 1 - (0.25 * style.engrave * np.clip(grown - a[..., 0], 0, 1))[..., None]
    out *= _bevel(tw, th, th * 0.06, style.bevel)[..., None]
    alpha = _rounded_alpha(tw, th, style.corner * tw) * 255
    return np.dstack([np.clip(out, 0, 255), alpha]).astype(np.float32)


def face_levels(style: TileStyle, code: str) -> list[np.ndarray]:
    """Cached mip levels of a face texture; ``code == "back"`` gives the back-layer texture."""
    if code == "back":
        if style._back is None:
            w, h, _ = style.size
            tw, th = int(round(TEX_H * w / h)), TEX_H
            rng = np.random.default_rng(7)
            tex = np.empty((th, tw, 3), np.float32)
            tex[:] = style.back_color
            tex += rng.normal(0, 2.0, (th, tw, 1)).astype(np.float32)
            tex *= _bevel(tw, th, th * 0.07, style.bevel * 1.2)[..., None]
            alpha = _rounded_alpha(tw, th, style.corner * tw) * 255
            style._back = _pyramid(np.dstack([tex, alpha]).astype(np.float32))
        return style._back
    if code not in style._faces:
        style._faces[code] = _pyramid(_face_texture(style, code, FACE_CODES.index(code)))
    return style._faces[code]


def side_texture(style: TileStyle, length_mm: float) -> np.ndarray:
    """A side of the body (BGRA float32): u along the edge, v from the back (0) to the face (1)."""
    key = int(round(length_mm))
    if key not in style._sides:
        _, _, d = style.size
        th = 48
        tw = max(8, int(round(th * length_mm / d)))
        v = (np.arange(th, dtype=np.float32) + 0.5) / th
        back = (v < style.back_frac)[:, None, None]
        tex = np.where(back, style.back_color, style.face_color).astype(np.float32)
        tex = np.broadcast_to(tex, (th, tw, 3)).copy()
        seam = np.abs(v - style.back_frac) < 0.025
        tex[seam] *= 0.8
        tex *= _bevel(tw, th, th * 0.18, style.bevel * 1.3)[..., None]
        alpha = _rounded_alpha(tw, th, 0.5 * style.corner * tw) * 255
        style._sides[key] = np.dstack([tex, alpha]).astype(np.float32)
    return style._sides[key]


@dataclass
class Light:
    """A point lamp (world mm) plus ambient level and specular strength."""

    pos: np.ndarray
    ambient: float
    specular: float
    shininess: float


# Box faces: (corner indices TL, TR, BR, BL in texture order, kind); corner = i + 2j + 4k.
_FACES = [
    ((4, 5, 7, 6), "front"),  # k = 1 (face): glyph upright
    ((1, 0, 2, 3), "back"),  # k = 0, mirrored so it reads from outside
    ((0, 1, 5, 4), "side_w"),  # j = 0 (top edge): u along x, v from back (k=0) to face
    ((3, 2, 6, 7), "side_w"),  # j = 1 (bottom edge)
    ((2, 0, 4, 6), "side_h"),  # i = 0 (left edge)
    ((1, 3, 7, 5), "side_h"),  # i = 1 (right edge)
]


def _warp_into(canvas: np.ndarray, ids: np.ndarray, tex: np.ndarray, dst: np.ndarray,
               shade: np.ndarray, spec: np.ndarray, tile_id: int) -> int:
    """Warp ``tex`` onto quad ``dst`` (4x2 px) with 2x2 shade/specular maps; return pixels set."""
    H, W = canvas.shape[:2]
    x0 = int(np.floor(max(dst[:, 0].min(), 0)))
    y0 = int(np.floor(max(dst[:, 1].min(), 0)))
    x1 = int(np.ceil(min(dst[:, 0].max(), W - 1))) + 1
    y1 = int(np.ceil(min(dst[:, 1].max(), H - 1))) + 1
    if x1 <= x0 or y1 <= y0:
        return 0
    th, tw = tex.shape[:2]
    lit = tex.copy()
    sh = cv2.resize(shade.astype(np.float32), (tw, th), interpolation=cv2.INTER_LINEAR)
    sp = cv2.resize(spec.astype(np.float32), (tw, th), interpolation=cv2.INTER_LINEAR)
    lit[..., :3] = lit[..., :3] * sh[..., None] + sp[..., None]
    src = np.float32([[0, 0], [tw, 0], [tw, th], [0, th]])
    M = cv2.getPerspectiveTransform(src, (dst - [x0, y0]).astype(np.float32))
    warped = cv2.warpPerspective(lit, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    a = warped[..., 3:4] / 255.0
    roi = canvas[y0:y1, x0:x1]
    roi *= 1 - a
    roi += warped[..., :3] * a
    covered = a[..., 0] > 0.5
    ids[y0:y1, x0:x1][covered] = tile_id
    return int(covered.sum())


def draw_tile(canvas: np.ndarray, ids: np.ndarray, cam: Camera, box: TileBox, code: str,
              style: TileStyle, light: Light, tile_id: int) -> int:
    """Draw the visible faces of one tile box; ``code`` is the face shown on the box's +z face.

    Returns the number of pixels the tile covered (for its visibility fraction).
    """
    corners = box.corners()
    uv = cam.project(corners)
    normals = {"front": box.ez, "back": -box.ez}
    axis_normals = [-box.ey, box.ey, -box.ex, box.ex]
    w, h, _ = box.size
    total = 0
    order = [2, 3, 4, 5, 0, 1]  # sides first, then the big faces on top of their seams
    for fi in order:
        idx, kind = _FACES[fi]
        n = normals[kind] if fi < 2 else axis_normals[fi - 2]
        pts = corners[list(idx)]
        centre = pts.mean(axis=0)
        if np.dot(n, cam.C - centre) <= 0:
            continue
        dst = uv[list(idx)]
        size_px = max(np.linalg.norm(dst[1] - dst[0]), np.linalg.norm(dst[3] - dst[0]))
        if size_px < 1.0:
            continue
        if kind == "front":
            levels = face_levels(style, code)
        elif kind == "back":
            levels = face_levels(style, "back")
        else:
            levels = [side_texture(style, w if kind == "side_w" else h)]
        lvl = 0
        while lvl + 1 < len(levels) and levels[lvl + 1].shape[0] >= size_px * 1.2:
            lvl += 1
        to_light = light.pos - pts
        to_light /= np.linalg.norm(to_light, axis=1, keepdims=True)
        to_eye = cam.C - pts
        to_eye /= np.linalg.norm(to_eye, axis=1, keepdims=True)
        half = to_light + to_eye
        half /= np.linalg.norm(half, axis=1, keepdims=True)
        diff = np.clip(to_light @ n, 0, 1)
        shade = light.ambient + (1 - light.ambient) * diff
        gloss = style.gloss * light.specular
        spec = 255 * gloss * np.clip(half @ n, 0, 1) ** light.shininess
        # corners come TL, TR, BR, BL; the 2x2 maps are [[TL, TR], [BL, BR]]
        shade_map = np.array([[shade[0], shade[1]], [shade[3], shade[2]]])
        spec_map = np.array([[spec[0], spec[1]], [spec[3], spec[2]]])
        total += _warp_into(canvas, ids, levels[lvl], dst, shade_map, spec_map, tile_id)
    return total
