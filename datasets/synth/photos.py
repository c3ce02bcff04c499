"""Two kinds of photo a player takes of his own set: one tile close up, and tiles laid out in rows.

They measure how the recognizer reads a design it has not seen (``vision.evaluate_designs``):
a single tile on a cloth filling about a third of the frame, and the layout a player lays out to
teach the product his tiles (``mahjong-assistant tileset learn``), read left to right, top to
bottom.  Both are drawn by the scene renderer's parts, so the tile bodies, light and camera
effects are those of the training scenes.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

import numpy as np

from datasets.synth import camera as fx
from datasets.synth.art import load_art_set
from datasets.synth.body import TileStyle, random_style
from datasets.synth.geometry import Camera, TileBox, look_camera, tile_box
from datasets.synth.layout import Placement
from datasets.synth.scene import Scene, _label, lit_scene


def _frame(rng: np.random.Generator, boxes: list[TileBox], size: tuple[int, int], fill: float,
           elevation: tuple[float, float], turn: float) -> Camera:
    """A camera above the tiles, turned at most ``turn`` radians, that makes them span ``fill``
    of the frame's width or height, whichever they fill more."""
    w, h = size
    pts = np.concatenate([b.corners() for b in boxes])
    target = (pts.min(axis=0) + pts.max(axis=0)) / 2
    target[2] = 0.0
    elev, yaw, roll = rng.uniform(*elevation), rng.uniform(-turn, turn), rng.normal(0, turn / 2)
    focal = float(np.hypot(w, h) * rng.uniform(0.7, 1.1))
    dist = 500.0
    for _ in range(4):
        cam = look_camera(target, dist, elev, yaw, roll, focal, w, h)
        uv = cam.project(pts)
        span = max(np.ptp(uv[:, 0]) / w, np.ptp(uv[:, 1]) / h)
        dist = float(np.clip(dist * span / fill, 80, 5000))
    cam = look_camera(target, dist, elev, yaw, roll, focal, w, h)
    uv = cam.project(pts)
    off = np.array([w, h]) / 2 - (uv.min(axis=0) + uv.max(axis=0)) / 2 + rng.normal(0, 0.04, 2) * [w, h]
    cam.K[0, 2] += off[0]
    cam.K[1, 2] += off[1]
    return cam


def _photo(rng: np.random.Generator, art_name: str, codes: list[str],
           place: Callable[[tuple[float, float, float]], list[Placement]], fill: float,
           elevation: tuple[float, float], turn: float, layout: str, coloured: bool = False,
           style: TileStyle | None = None) -> Scene:
    """Draw the tiles ``place`` lays out for the tile size in art set ``art_name`` on a table,
    lit and finished as a phone photo; ``coloured``: dark or tinted faces; ``style``: the one
    set the tiles are of (:func:`player_set`), else a set drawn for this photo."""
    art = load_art_set(art_name)
    missing = sorted(set(codes) - set(art.codes) - {"back"})
    if missing:
        raise ValueError(f"art set {art_name} has no face for {' '.join(missing)}")
    if style is not None and style.art.name != art_name:
        raise ValueError(f"a set of {style.art.name} cannot be drawn as {art_name}")
    style = style or random_style(rng, art, coloured)
    placements = place(style.size)
    boxes = [tile_box(style.size, p.pos, p.yaw, p.pose, p.z0, p.lean) for p in placements]
    long = int(rng.integers(720, 1281))
    size = (long, round(long * 3 / 4)) if rng.random() < 0.5 else (round(long * 3 / 4), long)
    cam = _frame(rng, boxes, size, fill, elevation, turn)
    img, ids, drawn = lit_scene(rng, cam, boxes, placements, style, spread=600, height=(700, 1600),
                                ambient_low=0.5, specular_high=0.35, shine_high=60)
    fx.light_gradient(rng, img)
    if rng.random() < 0.5:
        img = fx.blur(rng, img)
    image = fx.finish(rng, img)
    tiles = _label(cam, boxes, placements, ids, drawn)
    return Scene(image, tiles, None, layout, art_name, {"tile_mm": [round(v, 2) for v in style.size]})


def player_set(art_name: str, coloured: bool = False, seed: int = 0) -> TileStyle:
    """One physical set of ``art_name`` a player owns: its face colour, ink, size, body and back
    drawn once (from ``seed`` and the name), so that all the photos of it show the same tiles,
    as a player's layout photo and his close-ups do.

    >>> player_set("smooth", True, 3).face_color.tolist() == player_set("smooth", True, 3).face_color.tolist()
    True
    """
    rng = np.random.default_rng([seed, zlib.crc32(art_name.encode()), int(coloured)])
    return random_style(rng, load_art_set(art_name), coloured)


def single_tile_photo(rng: np.random.Generator, art_name: str, code: str, coloured: bool = False,
                      style: TileStyle | None = None) -> Scene:
    """One tile face up on the table, filling a third to a half of the frame, roughly upright
    (of the set ``style`` where given)."""
    yaw = float(rng.normal(0, 0.12))
    return _photo(rng, art_name, [code], lambda size: [Placement(code, "up", (0.0, 0.0), yaw=yaw)],
                  fill=float(rng.uniform(0.3, 0.55)),
                  elevation=(1.05, 1.5), turn=0.25, layout="single", coloured=coloured,
                  style=style)


def rows_photo(rng: np.random.Generator, art_name: str, codes: list[str], per_row: int = 9,
               coloured: bool = False, style: TileStyle | None = None) -> Scene:
    """``codes`` face up in rows of ``per_row``, left to right then top to bottom, as a player
    lays his set out to teach it (the order ``tileset learn`` reads them in; of the set
    ``style`` where given)."""
    gap_x, gap_y = rng.uniform(0.05, 0.3), rng.uniform(0.25, 0.6)
    jitter = rng.normal(0, 0.04, (len(codes), 3))

    def place(size: tuple[float, float, float]) -> list[Placement]:
        w, h = size[0], size[1]
        out = []
        for i, code in enumerate(codes):
            row, col = divmod(i, per_row)
            x = col * w * (1 + gap_x) + jitter[i, 0] * w
            y = -row * h * (1 + gap_y) + jitter[i, 1] * h
            out.append(Placement(code, "up", (x, y), yaw=float(jitter[i, 2])))
        return out

    return _photo(rng, art_name, codes, place, fill=float(rng.uniform(0.72, 0.85)),
                  elevation=(1.2, 1.5), turn=0.05, layout="rows", coloured=coloured,
                  style=style)
