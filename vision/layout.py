"""Tile boxes -> rows -> groups: the geometric half of reading a hand from a photo.

Works on axis-aligned boxes only (what a detector gives), for rows that are horizontal or tilted,
standing tiles seen from the front or flat tiles seen from above, under perspective:

1. the row direction is the dominant direction between near neighbours (a histogram of the
   doubled angles of close pairs, weighted towards adjacent tiles);
2. tiles are linked when they are close along that direction and nearly aligned across it, and
   the linked chains are the rows (links are local, so converging rows under perspective and a
   slightly wrong global angle do no harm); each row gets its own line fit (PCA of its centres);
3. inside a row, tiles are ordered along it and split into groups at gaps that are wide compared
   with the tile size (measured against the row's usual gap, so the visible sides of standing
   tiles, which make their boxes overlap, do not matter);
4. in a set, the sideways tile is the one with the most evidence from three signs added up: a
   box long along the row for its height compared with the others', a centre nearer the player
   (it is shallower across the row, laid with its near edge in line), a wider centre spacing.

Rows are returned far to near (top to bottom in a photo taken from the player's seat).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

#: Two tiles of one row: centres at most this many tile widths apart along the row ...
LINK_ALONG = 4.2
#: ... and at most this fraction of their mean extent across the row apart across it.
LINK_ACROSS = 0.38
#: A gap this much wider (in tile widths) than the row's usual gap starts a new group.
GROUP_GAP = 0.2
#: Weights of the three signs of a sideways tile in a set (see ``sideways_evidence``): its box
#: longer along the row for its height than the others' (times the row's ``cos^2 - sin^2``, as
#: boxes say nothing near 45 degrees) ...
BOX_WEIGHT = 1.0
#: ... the centre spacing to its neighbours (it is longer along the row) ...
PITCH_WEIGHT = 0.5
#: ... and its centre lying nearer the player than the others' (it is shallower across the row
#: and laid with its near edge in line with theirs), in units of the tiles' size across the row.
NEAR_WEIGHT = 8.0
#: A tile of a set is sideways when its combined evidence is at least this.
SIDEWAYS_MIN = 0.1


@dataclass
class Box:
    """One detected tile: its index in the input, code, box [x1, y1, x2, y2] and confidence."""

    index: int
    code: str
    box: tuple[float, float, float, float]
    confidence: float = 1.0
    sideways: bool | None = None  # given by the caller; None = judge from the box

    @property
    def center(self) -> np.ndarray:
        x1, y1, x2, y2 = self.box
        return np.array([(x1 + x2) / 2, (y1 + y2) / 2])

    @property
    def size(self) -> np.ndarray:
        x1, y1, x2, y2 = self.box
        return np.array([max(x2 - x1, 1e-6), max(y2 - y1, 1e-6)])


@dataclass
class Row:
    """Tiles on one line, in order along ``direction`` (left to right), cut into groups."""

    tiles: list[Box]
    direction: np.ndarray
    groups: list[list[Box]] = field(default_factory=list)
    sideways: set[int] = field(default_factory=set)  # input indices flagged sideways by the caller
    gaps: list[float] = field(default_factory=list)  # between neighbours, in tile spacings
    aspect: dict[int, float] = field(default_factory=dict)  # along/across size by input index
    offset: float = 0.0  # position across the rows (larger = nearer the camera)

    @property
    def codes(self) -> list[str]:
        return [t.code for t in self.tiles]


def extents(box: Box, direction: np.ndarray) -> tuple[float, float]:
    """Size of the tile along ``direction`` and across it.

    The axis-aligned box of a rectangle turned by angle t has width ``a cos t + b sin t`` and
    height ``a sin t + b cos t``; this solves for the rectangle's own sides ``a`` (along) and
    ``b`` (across).  Near 45 degrees that is ill-conditioned and the box's projections are used.
    """
    c, s = abs(float(direction[0])), abs(float(direction[1]))
    w, h = box.size
    det = c * c - s * s
    if abs(det) < 0.25:
        return w * c + h * s, w * s + h * c
    a, b = (w * c - h * s) / det, (h * c - w * s) / det
    floor = 0.25 * min(w, h)
    return max(a, floor), max(b, floor)


def row_direction(boxes: list[Box]) -> np.ndarray:
    """The dominant row direction (unit vector, pointing right, or down for a column) from
    pairs of near neighbours."""
    if len(boxes) < 2:
        return np.array([1.0, 0.0])
    centres = np.array([b.center for b in boxes])
    scale = float(np.median([min(b.size) for b in boxes]))
    diff = centres[None, :, :] - centres[:, None, :]
    dist = np.hypot(diff[..., 0], diff[..., 1])
    np.fill_diagonal(dist, np.inf)
    angles, weights = [], []
    order = np.argsort(dist, axis=1)
    for i in range(len(boxes)):
        for j in order[i, :3]:
            d = dist[i, j]
            if not np.isfinite(d) or d > 3.5 * scale:
                continue
            angles.append(2 * np.arctan2(diff[i, j, 1], diff[i, j, 0]))
            weights.append(1.0 / (1.0 + (d / scale) ** 2))
    if not angles:
        return np.array([1.0, 0.0])
    a, wt = np.array(angles), np.array(weights)
    bins = np.linspace(-np.pi, np.pi, 73)
    hist, _ = np.histogram(np.angle(np.exp(1j * a)), bins=bins, weights=wt)
    hist = hist + 0.5 * (np.roll(hist, 1) + np.roll(hist, -1))
    peak = (bins[int(np.argmax(hist))] + bins[int(np.argmax(hist)) + 1]) / 2
    near = np.abs(np.angle(np.exp(1j * (a - peak)))) < np.radians(24)
    mean = np.angle(np.sum(wt[near] * np.exp(1j * a[near]))) / 2
    u = np.array([np.cos(mean), np.sin(mean)])
    if abs(u[0]) < 0.2:  # a column: read it top to bottom
        return u if u[1] >= 0 else -u
    return u if u[0] >= 0 else -u


def _components(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in edges:
        parent[find(i)] = find(j)
    comps: dict[int, list[int]] = {}
    for i in range(n):
        comps.setdefault(find(i), []).append(i)
    return list(comps.values())


def _fit_direction(points: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    """Principal direction of a row's centres (the fallback for one or two close tiles)."""
    if len(points) < 3:
        return fallback
    centred = points - points.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    u = vt[0]
    if abs(float(u @ fallback)) < np.cos(np.radians(30)):
        return fallback
    return u if u @ fallback >= 0 else -u


def find_rows(boxes: list[Box]) -> list[Row]:
    """Group boxes into rows (far to near), each ordered along its own line and cut into groups."""
    if not boxes:
        return []
    u = row_direction(boxes)
    n = np.array([-u[1], u[0]])
    centres = np.array([b.center for b in boxes])
    ext = np.array([extents(b, u) for b in boxes])
    width = float(np.median(np.minimum(ext[:, 0], ext[:, 1])))
    edges = []
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            d = centres[j] - centres[i]
            across = abs(float(d @ n))
            along = abs(float(d @ u))
            size_across = (ext[i, 1] + ext[j, 1]) / 2
            if across <= LINK_ACROSS * size_across and along <= LINK_ALONG * width:
                edges.append((i, j))
    rows = []
    for comp in _components(len(boxes), edges):
        pts = centres[comp]
        ru = _fit_direction(pts, u)
        order = sorted(comp, key=lambda k: float(centres[k] @ ru))
        row = Row([boxes[k] for k in order], ru)
        rn = np.array([-ru[1], ru[0]])
        row.offset = float(pts.mean(axis=0) @ (rn if rn[1] >= 0 else -rn))
        rows.append(row)
    rows.sort(key=lambda r: r.offset)
    for row in rows:
        split_groups(row)
    return rows


def split_groups(row: Row) -> None:
    """Measure the gaps of a row, cut it into groups at wide ones, mark sideways tiles (in place).

    A gap is the space between two neighbours' boxes along the row, less the row's usual gap
    (the visible sides of standing tiles make boxes overlap by about the same amount all along),
    in units of the row's usual centre spacing.  Rows with fewer than three gaps have no usual
    gap: there the space between the boxes against the tiles' own width is used.
    """
    u = row.direction
    tiles = row.tiles
    ext = np.array([extents(t, u) for t in tiles])
    pos = np.array([float(t.center @ u) for t in tiles])
    raw = [(pos[k + 1] - pos[k]) - (ext[k, 0] + ext[k + 1, 0]) / 2 for k in range(len(tiles) - 1)]
    if len(raw) >= 3:
        # in units of the local tile size (perspective shrinks the far end), less a robust
        # straight-line trend along the row (the sides seen and the overlap change along it)
        local = [max((ext[k, 0] + ext[k + 1, 0]) / 2, 1e-6) for k in range(len(raw))]
        norm = np.array([g / size for g, size in zip(raw, local, strict=True)])
        row.gaps = list(norm - _trend(norm))
    else:
        # the space between the boxes in tile widths, not the centres' spacing: a sideways tile
        # is longer along the row, which alone adds (h - w) / 2w to its centre spacing (a 3:4
        # tile: 1/6 of a width) and puts a lone claimed set laid a few pixels apart at
        # ``GROUP_GAP``, cut in two
        width = float(np.median(np.minimum(ext[:, 0], ext[:, 1])))
        row.gaps = [g / max(width, 1e-6) for g in raw]
    groups: list[list[Box]] = [[tiles[0]]]
    for k, g in enumerate(row.gaps):
        if g > GROUP_GAP:
            groups.append([])
        groups[-1].append(tiles[k + 1])
    row.groups = groups
    row.aspect = {t.index: float(a / b) for t, (a, b) in zip(tiles, ext, strict=True)}
    row.sideways = {t.index for t in tiles if t.sideways}


def _pitch_evidence(row: Row, tiles: list[Box]) -> list[float]:
    """Each tile's size along the row relative to the others, from the spacing of the centres.

    For rows near 45 degrees, where boxes no longer show which tile lies sideways: a sideways
    tile is longer along the row, so the spacing to its neighbours is larger.  End tiles are
    measured against the rest of the set, inner tiles against the row's usual spacing.
    """
    u = row.direction
    pos = [float(t.center @ u) for t in tiles]
    d = np.diff(pos)
    ref = _row_pitch(row)
    out = []
    for k in range(len(tiles)):
        if k == 0:
            rest = float(np.median(d[1:])) if len(d) > 1 else ref
            out.append(2 * d[0] / max(rest, 1e-6) - 1)
        elif k == len(tiles) - 1:
            rest = float(np.median(d[:-1])) if len(d) > 1 else ref
            out.append(2 * d[-1] / max(rest, 1e-6) - 1)
        else:
            out.append((d[k - 1] + d[k]) / 2 / max(ref, 1e-6))
    return out


def _row_pitch(row: Row) -> float:
    """The usual centre spacing of upright neighbours: the median over the row's groups of the
    smallest spacing inside each group."""
    u = row.direction
    mins = []
    for g in row.groups:
        if len(g) >= 2:
            mins.append(float(np.min(np.diff([float(t.center @ u) for t in g]))))
    if not mins:
        pos = [float(t.center @ u) for t in row.tiles]
        return float(np.median(np.diff(pos))) if len(pos) > 1 else 1.0
    return float(np.median(mins))


def trend_line(values: np.ndarray) -> tuple[float, float]:
    """A robust straight line (slope, intercept) through ``values`` by index: Theil-Sen, flat
    (the median) for fewer than five values."""
    n = len(values)
    idx = np.arange(n, dtype=float)
    if n < 5:
        return 0.0, float(np.median(values))
    i, j = np.triu_indices(n, 1)
    slope = float(np.median((values[j] - values[i]) / (j - i)))
    return slope, float(np.median(values - slope * idx))


def _trend(values: np.ndarray) -> np.ndarray:
    """``trend_line`` evaluated at each index of ``values``."""
    slope, intercept = trend_line(values)
    return slope * np.arange(len(values), dtype=float) + intercept


def _near_evidence(row: Row, tiles: list[Box]) -> list[float]:
    """How far each tile's centre lies nearer the player than the set's others, across the row.

    A sideways tile is shallower across the row than an upright one; laid, as players do, with
    its near edge in line with the others', its centre comes nearer.  In units of the others'
    box extent across the row, so it holds at any scale, angle and camera height.
    """
    u = row.direction
    n = np.array([-u[1], u[0]])
    n = n if n[1] >= 0 else -n  # towards the bottom of the photo: nearer the player
    across = np.array([float(t.center @ n) for t in tiles])
    size = np.array([float(t.size @ np.abs(n)) for t in tiles])
    out = []
    for k in range(len(tiles)):
        rest = np.delete(np.arange(len(tiles)), k)
        out.append((across[k] - float(np.median(across[rest]))) / max(float(np.median(size[rest])),
                                                                        1e-6))
    return out


def sideways_evidence(row: Row, tiles: list[Box]) -> list[float]:
    """For each tile of one set, the combined evidence that it is the one turned sideways.

    Three independent signs, each weak in some views, add up: the box aspect along/across the
    row against the others' (worth nothing near 45 degrees, so weighted by ``cos^2 - sin^2`` of
    the row angle), the centre spacing to the neighbours, and the centre lying nearer the player.
    """
    c, s = abs(float(row.direction[0])), abs(float(row.direction[1]))
    cos2 = abs(c * c - s * s)
    aspect = [row.aspect[t.index] for t in tiles]
    by_box = [a / float(np.median(aspect[:k] + aspect[k + 1:])) - 1 for k, a in enumerate(aspect)]
    by_pitch = [e - 1 for e in _pitch_evidence(row, tiles)]
    near = _near_evidence(row, tiles)
    return [BOX_WEIGHT * cos2 * b + PITCH_WEIGHT * p + NEAR_WEIGHT * a
            for b, p, a in zip(by_box, by_pitch, near, strict=True)]


def turned(row: Row, tiles: list[Box], strict: float = 0.0) -> int | None:
    """Position in ``tiles`` (one set) of the tile turned sideways, if one clearly is.

    A caller's flag wins; else the tile with the most evidence (``sideways_evidence``) when it
    reaches ``SIDEWAYS_MIN``.  ``strict`` raises the bar (for a set beside the concealed row,
    where no tile need be sideways).
    """
    flagged = [k for k, t in enumerate(tiles) if t.sideways]
    if flagged or any(t.sideways is False for t in tiles):
        return flagged[0] if len(flagged) == 1 else None
    if len(tiles) < 3:
        return None
    evidence = sideways_evidence(row, tiles)
    k = int(np.argmax(evidence))
    return k if evidence[k] >= SIDEWAYS_MIN + strict else None


def tile_width(rows: list[Row]) -> float:
    """Typical tile width along the rows (px), for distances between rows and orphan tiles."""
    vals = [min(extents(t, r.direction)) for r in rows for t in r.tiles]
    return float(np.median(vals)) if vals else 1.0
