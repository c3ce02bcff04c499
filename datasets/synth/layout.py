"""Where tiles go on the table: hands, revealed hands, melds, discards, walls, loose tiles.

Each layout returns ``Placement`` records (world position and pose of every tile, its true face
code, its group) and, for hand layouts, the ``Hand`` ground truth that the placements show.
Positions are in mm on the table (player on the -y side, rows along +x), see ``geometry``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from datasets.synth.hand import PLAY_CODES, Hand, TilePool, random_hand

LAYOUTS = ("hand", "flat", "loose", "discards", "wall")
#: Default mix of layouts when ``render_scene`` is not told one.
LAYOUT_WEIGHTS = (0.35, 0.25, 0.2, 0.1, 0.1)


@dataclass
class Placement:
    """One tile on the table: true face ``code``, pose ("up" | "down" | "stand"), centre (mm)."""

    code: str
    pose: str
    pos: tuple[float, float]
    yaw: float = 0.0
    z0: float = 0.0
    lean: float = 0.0
    group: str = "loose"
    sideways: bool = False



def _meld_row(rng: np.random.Generator, hand: Hand, size: tuple[float, float, float],
              x_start: float, y_near: float) -> tuple[list[Placement], float]:
    """Lay the melds then the bonus tiles flat, left to right, near edges on ``y_near``."""
    w, h, _ = size
    out: list[Placement] = []
    x = x_start
    gap = rng.uniform(0.3, 1.0) * w
    for mi, meld in enumerate(hand.melds):
        down: set[int] = set()
        if meld.concealed:
            r = rng.random()
            down = {0, 1, 2, 3} if r < 0.1 else ({1, 2} if r < 0.3 else {0, 3})
        for ti, code in enumerate(meld.tiles):
            side = ti == meld.claimed_index
            span = h if side else w
            depth = w if side else h
            jit = rng.normal(0, 0.3, 2)
            out.append(Placement(code, "down" if ti in down else "up",
                                 (x + span / 2 + jit[0], y_near + depth / 2 + jit[1]),
                                 yaw=(np.pi / 2 if side else 0.0) + rng.normal(0, 0.01),
                                 group=f"meld{mi}", sideways=side))
            x += span + rng.uniform(0.1, 0.8)
        x += gap
    if hand.flowers:
        x += rng.uniform(0.3, 1.5) * w
        for code in hand.flowers:
            out.append(Placement(code, "up", (x + w / 2, y_near + h / 2), yaw=rng.normal(0, 0.02),
                                 group="bonus"))
            x += w + rng.uniform(0.1, 1.0)
    return out, x


def hand_layout(rng: np.random.Generator, size: tuple[float, float, float], pool: TilePool,
                flat: bool, concealed_kong: bool = False) -> tuple[list[Placement], Hand]:
    """A player's hand: concealed row standing (or lying face up when ``flat``), melds and
    bonus tiles lying in front, the winning tile set apart on the right."""
    w, h, d = size
    hand = random_hand(rng, pool, allow_bonus=any(pool.left.get(f"{i}f", 0) for i in range(1, 9)),
                       concealed_kong=concealed_kong)
    out: list[Placement] = []
    pose = "up" if flat else "stand"
    lean = 0.0 if flat else rng.uniform(0.0, 0.3)
    x = 0.0
    for code in hand.concealed:
        out.append(Placement(code, pose, (x + w / 2, rng.normal(0, 0.3)), yaw=rng.normal(0, 0.015),
                             lean=max(0.0, lean + rng.normal(0, 0.02)), group="concealed"))
        x += w + rng.uniform(0.1, 1.0)
    if hand.win_tile:
        x += rng.uniform(0.3, 1.2) * w
        wpose = pose if rng.random() < 0.7 else "up"
        out.append(Placement(hand.win_tile, wpose, (x + w / 2, 0.0), yaw=rng.normal(0, 0.03),
                             lean=lean if wpose == "stand" else 0.0, group="win"))
    front = (d / 2 if not flat else h / 2) + rng.uniform(8, 35)
    x_start = rng.uniform(-1.0, 2.0) * w
    melds, _ = _meld_row(rng, hand, size, x_start, -front - h)
    return out + melds, hand


def _scatter(rng: np.random.Generator, n: int, radius: float, min_dist: float
             ) -> list[tuple[float, float]]:
    """Up to ``n`` random points in a disc, at least ``min_dist`` apart (rejection sampling)."""
    pts: list[tuple[float, float]] = []
    for _ in range(n * 30):
        if len(pts) >= n:
            break
        r, t = radius * np.sqrt(rng.random()), rng.uniform(0, 2 * np.pi)
        p = (r * np.cos(t), r * np.sin(t))
        if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= min_dist ** 2 for q in pts):
            pts.append(p)
    return pts


def loose_layout(rng: np.random.Generator, size: tuple[float, float, float], pool: TilePool
                 ) -> list[Placement]:
    """Tiles scattered at random angles, some face down, a few standing."""
    w, h, _ = size
    n = int(rng.integers(3, 30))
    diag = float(np.hypot(w, h))
    pts = _scatter(rng, n, diag * (0.8 + 0.75 * np.sqrt(n)), diag * 1.02)
    out = []
    for p in pts:
        code = pool.draw(rng, by_kind=True)
        if code is None:
            break
        pose = str(rng.choice(["up", "down", "stand"], p=[0.75, 0.2, 0.05]))
        out.append(Placement(code, pose, p, yaw=rng.uniform(-np.pi, np.pi), group="loose"))
    return out


def discards_layout(rng: np.random.Generator, size: tuple[float, float, float], pool: TilePool,
                    origin: tuple[float, float] = (0.0, 0.0), yaw: float = 0.0,
                    turned_down: int = 0) -> list[Placement]:
    """A discard pond: rows of six face-up tiles, occasionally one turned sideways, and
    ``turned_down`` of them lying face down."""
    w, h, _ = size
    rows = int(rng.integers(1, 4))
    n = int(rng.integers(3, 6 * rows + 1))
    c, s = np.cos(yaw), np.sin(yaw)
    out = []
    for k in range(n):
        r, col = divmod(k, 6)
        side = rng.random() < 0.04
        lx = col * (w + 0.6) + (h - w) / 2 * side + rng.normal(0, 0.5)
        ly = -r * (h + 0.8) + rng.normal(0, 0.5)
        code = pool.draw(rng, PLAY_CODES)
        if code is None:
            break
        pos = (origin[0] + c * lx - s * ly, origin[1] + s * lx + c * ly)
        out.append(Placement(code, "up", pos, yaw=yaw + (np.pi / 2 if side else 0.0)
                             + rng.normal(0, 0.03), group="discard", sideways=side))
    if turned_down and out:
        for k in rng.choice(len(out), min(turned_down, len(out)), replace=False):
            out[k] = replace(out[k], pose="down")
    return out


def wall_layout(rng: np.random.Generator, size: tuple[float, float, float], pool: TilePool
                ) -> list[Placement]:
    """Wall segments: face-down tiles stacked two high, with gaps and an odd revealed tile."""
    w, h, d = size
    out = []
    for seg in range(int(rng.integers(1, 3))):
        n = int(rng.integers(4, 14))
        y = seg * (h + rng.uniform(20, 60))
        x0 = rng.uniform(-2, 2) * w
        for k in range(n):
            x = x0 + k * (w + 0.3)
            for level in range(2):
                if level == 1 and rng.random() < 0.15:
                    continue
                code = pool.draw(rng)
                if code is None:
                    return out
                pose = "up" if (level == 1 and rng.random() < 0.05) else "down"
                out.append(Placement(code, pose, (x + w / 2, y), yaw=rng.normal(0, 0.01),
                                     z0=level * d, group="wall"))
    return out


def opponent_row(rng: np.random.Generator, size: tuple[float, float, float], pool: TilePool,
                 y: float) -> list[Placement]:
    """Another player's standing hand across the table: its backs face the camera."""
    w, _, _ = size
    n = int(rng.integers(5, 14))
    x0 = rng.uniform(-2, 4) * w
    out = []
    for k in range(n):
        code = pool.draw(rng, PLAY_CODES)
        if code is None:
            break
        out.append(Placement(code, "stand", (x0 + k * (w + 0.5) + w / 2, y),
                             yaw=np.pi + rng.normal(0, 0.015), lean=rng.uniform(0, 0.15),
                             group="opponent"))
    return out


def make_layout(rng: np.random.Generator, name: str, size: tuple[float, float, float],
                pool: TilePool, backs: bool = False) -> tuple[list[Placement], Hand | None]:
    """Build layout ``name`` (one of ``LAYOUTS``) from the tiles left in ``pool``; with
    ``backs``, a hand's first meld is a concealed kong and a discard pond has a tile face down."""
    w, h, d = size
    down = int(backs)
    if name in ("hand", "flat"):
        tiles, hand = hand_layout(rng, size, pool, flat=name == "flat", concealed_kong=backs)
        if name == "hand" and rng.random() < 0.3:
            tiles += opponent_row(rng, size, pool, rng.uniform(6, 14) * h)
        if rng.random() < 0.3:  # a discard pond beyond the hand
            x_max = max(p.pos[0] for p in tiles)
            tiles += discards_layout(rng, size, pool, (rng.uniform(0, x_max / 2),
                                                       rng.uniform(2, 3.5) * h), turned_down=down)
        return tiles, hand
    if name == "loose":
        return loose_layout(rng, size, pool), None
    if name == "discards":
        tiles = discards_layout(rng, size, pool, turned_down=down)
        if rng.random() < 0.5:
            tiles += discards_layout(rng, size, pool, (8 * w, -2 * h), yaw=np.pi / 2)
        return tiles, None
    if name == "wall":
        return wall_layout(rng, size, pool), None
    raise ValueError(f"unknown layout {name!r}; choose from {LAYOUTS}")
