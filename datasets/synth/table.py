"""A whole table in one photo: four rivers, racks with melds, walls and a turned-up indicator.

Each seat lies on one side of the square, turned a quarter counter-clockwise from the last
(``self`` on the -y side, then ``right``, ``across``, ``left``).  In the seat's own frame (``a``
along its left to right, ``o`` outward from the middle) its river starts ``RIVER_FROM`` tile
widths out in rows of six, running outward; its wall lies beyond the river, stacks two high; its
rack beyond the wall: ``self``'s tiles standing face to him, the others' standing backs, melds
laid at the rack's right with the claimed tile sideways at the end pointing to its giver (first
= from the left, middle = from across, last = from the right).  The ground truth of each tile
is its placement's ``group``: ``seat/zone/order`` (melds ``seat/meld/order/meld-number``).
The camera looks from ``self``'s seat, tilted ``SEATED_TILT`` degrees from the vertical, or from
above (``ABOVE_TILT``), always with ``self`` at the bottom of the photo.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from datasets.synth import camera as fx
from datasets.synth.art import load_art_set
from datasets.synth.body import random_style
from datasets.synth.geometry import look_camera, tile_box
from datasets.synth.hand import PLAY_CODES, TilePool
from datasets.synth.layout import Placement
from datasets.synth.scene import Scene, _image_size, _label, _pick_art, lit_scene

SEATS = ("self", "right", "across", "left")
#: Art sets no network was trained on (models/MODEL_CARD.md, "held out of every render").
HELD_OUT_ART = ("kmj-traditional", "kmj-jade", "gen-12", "gen-13", "gen-14", "gen-15")
#: A river's first row starts this many tile widths from the middle (beyond the other rivers'
#: ends, which reach three widths to either side).
RIVER_FROM = 3.4
#: Camera tilt from the vertical (degrees): a seated player's photo and a webcam above.
SEATED_TILT = (20.0, 60.0)
ABOVE_TILT = (0.0, 8.0)


def _world(seat: int, a: float, o: float) -> tuple[float, float]:
    """Seat frame (along, outward) -> table mm: ``self``'s frame turned a quarter per seat."""
    x, y = a, -o
    c, s = np.cos(seat * np.pi / 2), np.sin(seat * np.pi / 2)
    return (c * x - s * y, s * x + c * y)


def _melds(rng: np.random.Generator, pool: TilePool, count: int) -> list[tuple[list[str], int]]:
    """``count`` declared sets drawn from the pool: (tiles left to right, sideways position)."""
    out = []
    for _ in range(count):
        for _try in range(20):
            kind = rng.choice(["pung", "chow", "kong"], p=[0.45, 0.45, 0.1])
            code = pool.draw(rng, PLAY_CODES)
            if code is None:
                return out
            pool.left[code] += 1
            if kind == "chow" and code[-1] in "mps" and int(code[0]) <= 7:
                tiles = [f"{int(code[0]) + k}{code[1]}" for k in range(3)]
                if all(pool.left.get(t, 0) >= 1 for t in tiles):
                    for t in tiles:
                        pool.take(t)
                    out.append((tiles, 0))  # a chow comes from the left
                    break
            elif kind != "chow":
                n = 4 if kind == "kong" else 3
                if pool.take(code, n):
                    out.append(([code] * n, int(rng.choice([0, n // 2 if n == 3 else 1, n - 1]))))
                    break
    return out


def table_layout(rng: np.random.Generator, size: tuple[float, float, float], pool: TilePool,
                 indicator: bool = True) -> list[Placement]:
    """Every tile of a table in play (see the module docstring)."""
    w, h, d = size
    out: list[Placement] = []
    rows_depth = 4 * (h + 1.0)
    wall_o = RIVER_FROM * w + rows_depth + 0.8 * h
    rack_o = wall_o + h + rng.uniform(15, 30)
    walls = []
    for seat in range(4):
        yaw = seat * np.pi / 2
        n = int(rng.integers(0, 25))
        for k in range(n):
            code = pool.draw(rng, PLAY_CODES)
            if code is None:
                break
            r, col = divmod(k, 6)
            a = (col - 2.5) * (w + 0.8) + rng.normal(0, 0.4)
            o = RIVER_FROM * w + (r + 0.5) * (h + 1.0) + rng.normal(0, 0.4)
            out.append(Placement(code, "up", _world(seat, a, o), yaw=yaw + rng.normal(0, 0.03),
                                 group=f"{SEATS[seat]}/river/{k}"))
        melds = _melds(rng, pool, int(rng.choice([0, 1, 2, 3], p=[0.4, 0.3, 0.2, 0.1])))
        hidden = 13 - 3 * len(melds)
        meld_len = sum(len(t) * (w + 0.6) + (h - w) + 0.5 * w for t, _ in melds)
        a = -(hidden * (w + 0.4) + 0.8 * w + meld_len) / 2
        for k in range(hidden):
            code = pool.draw(rng, PLAY_CODES)
            if code is None:
                break
            out.append(Placement(code, "stand", _world(seat, a + w / 2, rack_o),
                                 yaw=yaw + rng.normal(0, 0.015), lean=rng.uniform(0, 0.2),
                                 group=f"{SEATS[seat]}/hand/{k}"))
            a += w + 0.4
        a += 0.8 * w
        for m, (tiles, side) in enumerate(melds):
            for k, code in enumerate(tiles):
                turned = k == side
                span = h if turned else w
                depth = w if turned else h
                # laid with the near edge in line, as players do
                o = rack_o - d / 2 + depth / 2 - 4.0
                out.append(Placement(code, "up", _world(seat, a + span / 2, o),
                                     yaw=yaw + (np.pi / 2 if turned else 0.0) + rng.normal(0, 0.01),
                                     group=f"{SEATS[seat]}/meld/{k}/{m}", sideways=turned))
                a += span + 0.6
            a += 0.5 * w
        walls.append(seat)
    # the wall: what is left of the set, stacks two high in front of each seat from the middle
    stacks = max(0, min(sum(pool.left.values()) // 2, 4 * 17))
    per_seat = [stacks // 4 + (1 if s < stacks % 4 else 0) for s in range(4)]
    show = int(rng.integers(4)) if indicator else -1
    for seat, n in enumerate(per_seat):
        yaw = seat * np.pi / 2
        start = -n * (w + 0.3) / 2
        for k in range(n):
            a = start + (k + 0.5) * (w + 0.3)
            for level in range(2):
                up = seat == show and level == 1 and k == n // 2
                code = pool.draw(rng, PLAY_CODES if up else None)  # a flower is never shown
                if code is None:
                    break
                out.append(Placement(code, "up" if up else "down", _world(seat, a, wall_o),
                                     yaw=yaw + rng.normal(0, 0.01), z0=level * d,
                                     group=f"{SEATS[seat]}/indicator/0" if up
                                     else f"{SEATS[seat]}/wall/{2 * k + level}"))
    return out


def render_table_scene(rng: np.random.Generator, art_sets: Sequence[str] | None = None,
                       above: bool | None = None, indicator: bool | None = None,
                       coloured: bool = False) -> Scene:
    """One labelled photo of a whole table (``art_sets`` default: the held-out designs);
    ``coloured``: dark or tinted faces (``body.random_style``; False renders seed for seed as
    the measured scenes of ``vision.evaluate_table`` were)."""
    art = load_art_set(_pick_art(rng, list(art_sets or HELD_OUT_ART)))
    style = random_style(rng, art, coloured)
    pool = TilePool(allowed=art.codes)
    above = bool(rng.random() < 0.4) if above is None else above
    indicator = bool(rng.random() < 0.8) if indicator is None else indicator
    placements = table_layout(rng, style.size, pool, indicator)
    boxes = [tile_box(style.size, p.pos, p.yaw, p.pose, p.z0, p.lean) for p in placements]
    width, height = _image_size(rng)
    if height > width:
        width, height = height, width
    tilt = np.radians(rng.uniform(*(ABOVE_TILT if above else SEATED_TILT)))
    pts = np.concatenate([b.corners() for b in boxes])
    target = np.array([0.0, 0.0, 0.0])
    focal = float(np.hypot(width, height) * rng.uniform(0.6, 1.0))
    yaw, roll = rng.normal(0, 0.06), rng.normal(0, 0.04)
    dist = 1500.0
    for _ in range(4):
        cam = look_camera(target, dist, np.pi / 2 - tilt, yaw, roll, focal, width, height)
        uv = cam.project(pts)
        span = max(np.ptp(uv[:, 0]) / width, np.ptp(uv[:, 1]) / height)
        dist = float(np.clip(dist * span / rng.uniform(0.88, 0.97), 300, 8000))
    cam = look_camera(target, dist, np.pi / 2 - tilt, yaw, roll, focal, width, height)
    uv = cam.project(pts)
    off = np.array([width, height]) / 2 - (uv.min(axis=0) + uv.max(axis=0)) / 2
    cam.K[0, 2] += off[0]
    cam.K[1, 2] += off[1]
    img, ids, drawn = lit_scene(rng, cam, boxes, placements, style, spread=800, height=(900, 1800),
                                ambient_low=0.5, specular_high=0.35, shine_high=80)
    fx.light_gradient(rng, img)
    if rng.random() < 0.5:
        img = fx.blur(rng, img)
    image = fx.finish(rng, img)
    tiles = _label(cam, boxes, placements, ids, drawn)
    meta = {"tile_mm": [round(v, 2) for v in style.size], "above": above,
            "tilt_deg": round(float(np.degrees(tilt)), 1), "indicator": indicator}
    return Scene(image, tiles, None, "table", art.name, meta)
