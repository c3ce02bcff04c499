"""One synthetic photo: pick a tile set, a layout and a camera, draw, add effects, label.

``render_scene`` is the entry point.  Every random choice comes from the ``rng`` it is given, so
a seed reproduces the image and its labels exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from datasets.synth import camera as fx
from datasets.synth.art import load_art_set, select_art_sets
from datasets.synth.background import render_background
from datasets.synth.body import Light, TileStyle, draw_tile, random_style
from datasets.synth.geometry import Camera, TileBox, look_camera, tile_box
from datasets.synth.hand import TilePool
from datasets.synth.layout import LAYOUT_WEIGHTS, LAYOUTS, Placement, make_layout

#: Relative weight of each art set when it is available.
ART_WEIGHTS = {"smooth": 1.0, "unicode": 1.0, "fluffy": 0.6, "kmj-traditional": 0.4,
               "kmj-default": 0.8}
#: Weight of each generated design (``gen-<seed>``, see :mod:`datasets.synth.designs`).
GEN_WEIGHT = 0.6
#: A tile is labelled when at least this fraction of its drawn pixels stays visible.
MIN_VISIBLE = 0.35
#: Groups that make up the player's hand (the rest is other players' or loose tiles).
HAND_GROUPS = ("concealed", "win", "bonus") + tuple(f"meld{i}" for i in range(4))


@dataclass
class SceneTile:
    """Ground truth of one tile in the picture.

    ``box`` is the axis-aligned box [x1, y1, x2, y2] (px) of the tile's visible pixels; ``quad``
    the 4 projected corners (TL, TR, BR, BL in glyph orientation) of its main visible face (the
    face, or the back for a face-down tile); ``visible`` the unoccluded fraction of its pixels.
    """

    code: str
    box: list[float]
    quad: list[list[float]]
    sideways: bool
    group: str
    pose: str
    visible: float
    labelled: bool

    def to_json(self) -> dict:
        """Plain-JSON form of the record."""
        return dict(self.__dict__)


@dataclass
class Scene:
    """A rendered photo (BGR uint8) with per-tile labels and the hand-state ground truth."""

    image: np.ndarray
    tiles: list[SceneTile]
    hand: dict | None
    layout: str
    art: str
    meta: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """Everything but the pixels, as plain JSON."""
        h, w = self.image.shape[:2]
        return {"width": w, "height": h, "layout": self.layout, "art": self.art,
                "hand": self.hand, "tiles": [t.to_json() for t in self.tiles], "meta": self.meta}


def _image_size(rng: np.random.Generator) -> tuple[int, int]:
    """Random photo size: long side 640-1280 px, landscape, portrait or square."""
    long = int(rng.integers(640, 1281))
    ratio = float(rng.choice([4 / 3, 16 / 9, 3 / 2, 1.0]))
    short = int(round(long / ratio))
    return (long, short) if rng.random() < 0.6 else (short, long)


def _camera_for(rng: np.random.Generator, layout: str, boxes: list[TileBox],
                size: tuple[int, int], focus_ids: list[int]) -> Camera:
    """Aim a camera at the tiles with a layout-dependent tilt and fit them to the frame."""
    w, h = size
    pts = np.concatenate([b.corners() for b in boxes])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    target = (lo + hi) / 2
    target[2] = 0.0
    if layout == "hand":
        elev, yaw, roll = rng.uniform(0.4, 1.15), rng.uniform(-0.6, 0.6), rng.normal(0, 0.1)
    elif layout in ("flat", "discards"):
        elev, yaw, roll = rng.uniform(0.75, 1.5), rng.uniform(-0.5, 0.5), rng.normal(0, 0.25)
    else:
        elev, yaw, roll = rng.uniform(0.6, 1.5), rng.uniform(-np.pi, np.pi), rng.uniform(-3, 3)
    focal = float(np.hypot(w, h) * rng.uniform(0.6, 1.2))
    close_up = 0.2 if layout in ("hand", "flat") else 0.35
    fill = rng.uniform(0.5, 0.95) if rng.random() >= close_up else rng.uniform(0.95, 2.2)
    dist = 600.0
    for _ in range(3):
        cam = look_camera(target, dist, elev, yaw, roll, focal, w, h)
        uv = cam.project(pts)
        span = max((uv[:, 0].max() - uv[:, 0].min()) / w, (uv[:, 1].max() - uv[:, 1].min()) / h)
        dist *= span / fill
        dist = float(np.clip(dist, 150, 5000))
    cam = look_camera(target, dist, elev, yaw, roll, focal, w, h)
    uv = cam.project(pts)  # recentre the tiles (or, in a close-up, one tile) with an offset
    if fill > 1:
        pick = focus_ids[int(rng.integers(len(focus_ids)))] if focus_ids else 0
        focus = cam.project(boxes[pick].center()[None])[0]
        off = np.array([w, h]) / 2 - focus
    else:
        off = np.array([w, h]) / 2 - (uv.min(axis=0) + uv.max(axis=0)) / 2
    off += rng.normal(0, 0.05, 2) * [w, h]
    cam.K[0, 2] += off[0]
    cam.K[1, 2] += off[1]
    return cam


def _cast_shadows(rng: np.random.Generator, img: np.ndarray, cam: Camera, boxes: list[TileBox],
                  light: Light) -> None:
    """Darken the table under and away from the lamp behind each tile (soft, in place)."""
    h, w = img.shape[:2]
    soft = np.zeros((h, w), np.float32)
    contact = np.zeros((h, w), np.float32)
    lp = light.pos
    for b in boxes:
        c = b.corners()
        s = lp + (c - lp) * (lp[2] / np.maximum(lp[2] - c[:, 2], 1e-3))[:, None]
        s[:, 2] = 0
        hull = cv2.convexHull(cam.project(np.concatenate([s, c * [1, 1, 0]])).astype(np.float32))
        cv2.fillConvexPoly(soft, hull.astype(np.int32), 1.0, cv2.LINE_AA)
        foot = cv2.convexHull(cam.project(c * [1, 1, 0]).astype(np.float32)).astype(np.int32)
        cv2.fillConvexPoly(contact, foot, 1.0, cv2.LINE_AA)
    k = max(w, h) * rng.uniform(0.004, 0.015)
    soft = fx.soft_blur(soft, k)
    contact = fx.soft_blur(contact, max(1.0, k / 4))
    dark = 1 - rng.uniform(0.25, 0.55) * soft - 0.25 * contact
    img *= np.clip(dark, 0.2, 1)[..., None]


def _label(cam: Camera, boxes: list[TileBox], placements: list[Placement], ids: np.ndarray,
           drawn: list[int]) -> list[SceneTile]:
    """Per-tile boxes, quads and visibility from the id buffer."""
    h, w = ids.shape
    out = []
    for i, (b, p) in enumerate(zip(boxes, placements, strict=True)):
        c = b.corners()
        # the class is what the camera sees: the face if the +z face turns towards it, else back
        front_seen = float(np.dot(b.ez, cam.C - c[[4, 5, 6, 7]].mean(axis=0))) > 0
        face = [4, 5, 7, 6] if front_seen else [1, 0, 2, 3]
        quad = cam.project(c[face])
        uv = cam.project(c)
        x0, y0 = np.clip(np.floor(uv.min(axis=0)).astype(int), 0, [w, h])
        x1, y1 = np.clip(np.ceil(uv.max(axis=0)).astype(int) + 1, 0, [w, h])
        ys, xs = np.nonzero(ids[y0:y1, x0:x1] == i)
        hull = cv2.convexHull(uv.astype(np.float32))
        frame = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        inside, _ = cv2.intersectConvexConvex(hull, frame)
        in_frame = inside / max(cv2.contourArea(hull), 1e-6)
        vis = min(1.0, len(xs) / drawn[i]) * min(1.0, in_frame) if drawn[i] else 0.0
        if len(xs):
            box = [float(x0 + xs.min()), float(y0 + ys.min()), float(x0 + xs.max() + 1),
                   float(y0 + ys.max() + 1)]
        else:
            box = [0.0, 0.0, 0.0, 0.0]
        labelled = vis >= MIN_VISIBLE and (box[2] - box[0]) >= 4 and (box[3] - box[1]) >= 4
        code = p.code if front_seen else "back"
        out.append(SceneTile(code, box, quad.round(2).tolist(), p.sideways, p.group, p.pose,
                             round(vis, 3), labelled))
    return out


def _art_weight(name: str) -> float:
    """Relative weight of an art set in the draw (``ART_WEIGHTS``, ``GEN_WEIGHT``)."""
    return GEN_WEIGHT if name.startswith("gen-") else ART_WEIGHTS.get(name, 0.5)


def _pick_art(rng: np.random.Generator, names: Sequence[str] | None = None) -> str:
    """Choose one of ``names`` (default: ``select_art_sets()``, the sets found here) by weight."""
    names = list(names) if names is not None else list(select_art_sets())
    if not names:
        raise RuntimeError("no tile art found: set MAHJONG_TILEART to the tileart folder")
    wts = np.array([_art_weight(n) for n in names])
    return names[int(rng.choice(len(names), p=wts / wts.sum()))]


def draw_tiles(img: np.ndarray, cam: Camera, boxes: list[TileBox], placements: list[Placement],
               style: TileStyle, light: Light) -> tuple[np.ndarray, list[int]]:
    """Draw the tiles far to near into ``img``; the id buffer (which tile each pixel shows) and
    each tile's drawn pixel count, for the labels' visibility."""
    ids = np.full(img.shape[:2], -1, np.int16)
    drawn = [0] * len(boxes)
    depth = [float(cam.depth(b.center()[None])[0]) for b in boxes]
    for i in np.argsort(depth)[::-1]:
        drawn[i] = draw_tile(img, ids, cam, boxes[i], placements[i].code, style, light, int(i))
    return ids, drawn


def render_scene(rng: np.random.Generator, layout: str | None = None,
                 art_sets: Sequence[str] | None = None, backs: bool = False,
                 coloured: bool = False, style: TileStyle | None = None) -> Scene:
    """Render one labelled synthetic photo; ``layout`` is one of ``LAYOUTS`` or None (random).

    ``art_sets``: the art set names to draw the tile set's art from (``art.select_art_sets``);
    None means every set found here (plus ``$MAHJONG_DESIGNS`` generated ones).
    ``backs``: a scene made to find face-down tiles in: a hand's first meld is a concealed kong
    (lying two up, two down, or all four down), a discard pond has one tile face down.
    ``style``: one physical set to draw (``photos.player_set``), with its own art; else a set
    of an art set of ``art_sets`` is drawn.
    """
    if layout is None:
        layout = str(rng.choice(LAYOUTS, p=LAYOUT_WEIGHTS))
    if style is None:
        art = load_art_set(_pick_art(rng, art_sets))
        style = random_style(rng, art, coloured)
    art = style.art
    pool = TilePool(allowed=art.codes)
    placements, hand = make_layout(rng, layout, style.size, pool, backs)
    boxes = [tile_box(style.size, p.pos, p.yaw, p.pose, p.z0, p.lean) for p in placements]
    size = _image_size(rng)
    hand_groups = [i for i, p in enumerate(placements) if p.group in HAND_GROUPS]
    cam = _camera_for(rng, layout, boxes, size, hand_groups or list(range(len(boxes))))
    img, ids, drawn = lit_scene(rng, cam, boxes, placements, style, spread=800, height=(600, 1800),
                                ambient_low=0.45, specular_high=0.45, shine_high=80)
    if rng.random() < 0.25:
        uv = cam.project(np.array([b.center() for b in boxes]))
        focus = uv[int(rng.integers(len(uv)))]
        px = float(np.median([np.ptp(cam.project(b.corners())[:, 1]) for b in boxes]))
        fx.occlude(rng, img, ids, px, (float(focus[0]), float(focus[1])))
    fx.light_gradient(rng, img)
    if rng.random() < 0.3:
        fx.glare(rng, img)
    if rng.random() < 0.7:
        img = fx.blur(rng, img)
    image = fx.finish(rng, img)
    tiles = _label(cam, boxes, placements, ids, drawn)
    meta = {"tile_mm": [round(v, 2) for v in style.size], "focal_px": round(float(cam.K[0, 0]), 1),
            # True when every tile of the hand is labelled: usable to test the layout reader
            "hand_in_view": bool(hand) and all(tiles[i].labelled for i in hand_groups)}
    return Scene(image, tiles, hand.to_json() if hand else None, layout, art.name, meta)


def lit_scene(rng: np.random.Generator, cam: Camera, boxes: list[TileBox],
              placements: list[Placement], style: TileStyle, spread: float,
              height: tuple[float, float], ambient_low: float, specular_high: float,
              shine_high: float) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The table under a random lamp above the tiles' centre (``spread`` mm aside, ``height`` mm
    up), its shadows and the tiles drawn: the image, the tile ids per pixel and what was drawn."""
    centre = np.mean([b.center() for b in boxes], axis=0)
    light = Light(pos=centre + [rng.uniform(-spread, spread), rng.uniform(-spread, spread),
                                rng.uniform(*height)],
                  ambient=rng.uniform(ambient_low, 0.75), specular=rng.uniform(0.05, specular_high),
                  shininess=rng.uniform(10, shine_high))
    img = render_background(rng, cam, centre)
    _cast_shadows(rng, img, cam, boxes, light)
    ids, drawn = draw_tiles(img, cam, boxes, placements, style, light)
    return img, ids, drawn
