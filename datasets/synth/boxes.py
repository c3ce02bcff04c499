"""Geometry-only scenes: the tile boxes and hand of ``render_scene`` without drawing any pixels.

For testing the layout reader, which needs only each tile's code, box and group: the same random
choices as ``render_scene`` up to the camera (same seed, same hand, same camera), then each tile's
projected outline filled into an id buffer in painter's order, so occlusion, visibility and the
``labelled`` flag come out as the renderer's (the box of a convex tile body is the hull of its
projected corners).  Textures, shadows, lighting, fingers and blur are skipped: about 100 times
faster than a full render.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from datasets.synth.art import load_art_set
from datasets.synth.body import random_style
from datasets.synth.geometry import tile_box
from datasets.synth.hand import TilePool
from datasets.synth.layout import LAYOUT_WEIGHTS, LAYOUTS, make_layout
from datasets.synth.scene import HAND_GROUPS, Scene, _camera_for, _image_size, _label, _pick_art


def layout_scene(rng: np.random.Generator, layout: str | None = None,
                 art_sets: Sequence[str] | None = None) -> Scene:
    """A ``Scene`` with labels but a blank image (its size is the photo's); ``art_sets`` as in
    ``render_scene``."""
    if layout is None:
        layout = str(rng.choice(LAYOUTS, p=LAYOUT_WEIGHTS))
    art_name = _pick_art(rng, art_sets)
    style = random_style(rng, load_art_set(art_name))
    placements, hand = make_layout(rng, layout, style.size, TilePool(allowed=style.art.codes))
    boxes = [tile_box(style.size, p.pos, p.yaw, p.pose, p.z0, p.lean) for p in placements]
    w, h = _image_size(rng)
    hand_groups = [i for i, p in enumerate(placements) if p.group in HAND_GROUPS]
    cam = _camera_for(rng, layout, boxes, (w, h), hand_groups or list(range(len(boxes))))
    ids = np.full((h, w), -1, np.int16)
    drawn = [0] * len(boxes)
    depth = [float(cam.depth(b.center()[None])[0]) for b in boxes]
    for i in np.argsort(depth)[::-1]:
        if depth[i] <= 0:
            continue
        hull = cv2.convexHull(cam.project(boxes[i].corners()).astype(np.float32))
        mask = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(mask, np.round(np.nan_to_num(hull, posinf=-1e6, neginf=-1e6)).astype(np.int32), 1)
        drawn[i] = int(mask.sum())
        ids[mask > 0] = int(i)
    tiles = _label(cam, boxes, placements, ids, drawn)
    meta = {"tile_mm": [round(v, 2) for v in style.size], "focal_px": round(float(cam.K[0, 0]), 1),
            "hand_in_view": bool(hand) and all(tiles[i].labelled for i in hand_groups),
            "geometry_only": True}
    return Scene(np.zeros((h, w, 3), np.uint8), tiles, hand.to_json() if hand else None, layout,
                 art_name, meta)
