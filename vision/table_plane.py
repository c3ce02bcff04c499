"""The table's plane in a photo: pixels -> table coordinates, and the seat a point lies towards.

Step 1 and 2 of :mod:`vision.table_reader`: a flat tile's area in the photo goes with 1/depth
cubed and 1/depth is affine in pixel position on a plane, so the cube root of the box areas fitted
against (x, y) undoes the perspective up to an affine map (``Plane``); the shear left is undone
from the two directions in which neighbouring tiles lie (``table_axes``) and each axis is scaled by
the tiles' spread, a table being square.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.layout import Box

#: A face-up tile this near a diagonal of the table (in table coordinates) and inside this
#: square goes to the seat the way it lies says (``seat_of``).
DIAGONAL = 0.15
INSIDE = 0.75
#: The table's rows are taken to lie at most this many degrees off the photo's axes.
MAX_SHEAR = 20.0
#: Fewer tiles than this give no plane to fit: the photo is taken as seen from above.
MIN_FIT = 8


@dataclass
class Plane:
    """Pixel -> table coordinates: perspective undone (``scale`` = a + b x + c y ~ 1/depth),
    centred on the tiles' middle and scaled by their spread on each axis."""

    scale: tuple[float, float, float]
    centre: tuple[float, float]
    spread: tuple[float, float]
    unshear: np.ndarray = field(default_factory=lambda: np.eye(2))
    origin: tuple[float, float] = (0.0, 0.0)

    def flat(self, points: np.ndarray) -> np.ndarray:
        """Points (n, 2) in pixels -> the table plane, up to an affine map.

        Positions are taken from ``origin`` (the middle of the tiles, near the camera's axis in a
        photo of the table): divided by the scale, a position far off the axis would carry a
        shear of the size of that offset times the tilt."""
        a, b, c = self.scale
        s = a + b * points[:, 0] + c * points[:, 1]
        s = np.maximum(s, 1e-3 * abs(a) + 1e-9)
        return (points - np.array(self.origin)) / s[:, None]

    def to_table(self, points: np.ndarray) -> np.ndarray:
        """Points (n, 2) in pixels -> table coordinates, about -1..1 across the tiles."""
        flat = self.flat(points) @ self.unshear.T
        return (flat - np.array(self.centre)) / np.array(self.spread)


def table_axes(points: np.ndarray) -> np.ndarray:
    """The matrix taking the table's two directions of rows (as they lie on the plane, sheared
    by what an affine rectification leaves) to the x and y axes.

    Neighbouring tiles lie along the rows or across them, so the directions from each tile to
    its nearest neighbours gather around two angles, one near the photo's horizontal and one
    near its vertical; their medians are the table's axes.
    """
    if len(points) < MIN_FIT:
        return np.eye(2)
    diff = points[None, :, :] - points[:, None, :]
    dist = np.hypot(diff[..., 0], diff[..., 1])
    np.fill_diagonal(dist, np.inf)
    near = np.argsort(dist, axis=1)[:, :2]
    vec = np.concatenate([diff[np.arange(len(points)), near[:, k]] for k in range(2)])
    angle = np.degrees(np.arctan2(vec[:, 1], vec[:, 0])) % 180.0
    across = np.minimum(angle, 180.0 - angle)  # 0 = horizontal, 90 = vertical
    horizontal = np.where(angle > 90, angle - 180, angle)[across < 30]
    vertical = angle[np.abs(angle - 90) < 30]
    if len(horizontal) < 4 or len(vertical) < 4:
        return np.eye(2)
    h, v = np.median(horizontal), np.median(vertical)
    if abs(h) > MAX_SHEAR or abs(v - 90) > MAX_SHEAR:
        return np.eye(2)
    h, v = np.radians(h), np.radians(v)
    axes = np.array([[np.cos(h), np.cos(v)], [np.sin(h), np.sin(v)]])
    if abs(np.linalg.det(axes)) < 0.5:
        return np.eye(2)
    return np.linalg.inv(axes)


def fit_plane(boxes: list[Box]) -> Plane:
    """The table plane of a photo from its tiles' boxes (see the module's step 1)."""
    centres = np.array([b.center for b in boxes]).reshape(-1, 2)
    # a flat tile's area in the photo goes with the Jacobian of the plane's projection, 1/depth
    # cubed (one power across, two along the line of sight): its cube root is affine in (x, y)
    size = np.cbrt(np.array([b.size[0] * b.size[1] for b in boxes])) if boxes else np.ones(0)
    scale = (1.0, 0.0, 0.0)
    if len(boxes) >= MIN_FIT:
        design = np.column_stack([np.ones(len(boxes)), centres])
        coef = np.array([float(np.median(size)), 0.0, 0.0])
        for _ in range(4):  # standing tiles show more or less of themselves: fit without them
            keep = np.abs(size - design @ coef) <= 0.25 * np.maximum(design @ coef, 1e-6)
            if keep.sum() < MIN_FIT:
                break
            coef, *_ = np.linalg.lstsq(design[keep], size[keep], rcond=None)
        fitted = design @ coef
        if coef[0] > 0 and fitted.min() > 0.25 * float(np.median(size)):
            scale = (float(coef[0]), float(coef[1]), float(coef[2]))
    if not boxes:
        return Plane(scale, (0.0, 0.0), (1.0, 1.0))
    origin = (centres.min(axis=0) + centres.max(axis=0)) / 2
    plane = Plane(scale, (0.0, 0.0), (1.0, 1.0), origin=(float(origin[0]), float(origin[1])))
    flat = plane.flat(centres)
    lo, hi = np.percentile(flat, 2, axis=0), np.percentile(flat, 98, axis=0)
    square = np.diag(1.0 / np.maximum((hi - lo) / 2, 1e-6))  # the table as a square first
    unshear = table_axes(flat @ square.T) @ square
    flat = flat @ unshear.T
    lo, hi = np.percentile(flat, 2, axis=0), np.percentile(flat, 98, axis=0)
    spread = np.maximum((hi - lo) / 2, 1e-6)
    return Plane(scale, (float((lo[0] + hi[0]) / 2), float((lo[1] + hi[1]) / 2)),
                 (float(spread[0]), float(spread[1])), unshear, plane.origin)


def seat_of(point: np.ndarray, aspect: float | None = None,
            usual: tuple[float, float] | None = None) -> str:
    """The side of the table a point (table coordinates, y down) lies towards.

    A face-up tile inside the racks and near a diagonal (where two rivers' corners meet) goes
    by the way it lies: ``aspect`` (log of its box's width over height in table coordinates)
    nearer the ``usual`` aspect of the tiles clearly at ``self`` and ``across`` (upright) than
    of those clearly at the sides (lengthwise), or the other way.  Measured against the photo's
    own tiles, as a tilt stretches every box's depth alike.
    """
    x, y = float(point[0]), float(point[1])
    vertical = "self" if y > 0 else "across"
    horizontal = "right" if x > 0 else "left"
    if (aspect is not None and usual is not None and abs(abs(x) - abs(y)) < DIAGONAL
            and max(abs(x), abs(y)) < INSIDE):
        return vertical if abs(aspect - usual[0]) <= abs(aspect - usual[1]) else horizontal
    return vertical if abs(y) >= abs(x) else horizontal


def usual_aspects(middles: np.ndarray, aspects: np.ndarray, faces: np.ndarray
                  ) -> tuple[float, float] | None:
    """Median log aspect of face-up tiles inside the racks clearly at ``self``/``across`` and
    clearly at the sides (None when either has too few to tell)."""
    x, y = np.abs(middles[:, 0]), np.abs(middles[:, 1])
    inside = faces & (np.maximum(x, y) < INSIDE)
    upright = inside & (y - x > DIAGONAL)
    lengthwise = inside & (x - y > DIAGONAL)
    if upright.sum() < 3 or lengthwise.sum() < 3:
        return None
    usual = (float(np.median(aspects[upright])), float(np.median(aspects[lengthwise])))
    return usual if usual[1] - usual[0] > 0.1 else None


def seat_frame(seat: str, points: np.ndarray) -> np.ndarray:
    """Table coordinates -> the seat's own: x along its left to right, y its depth outward."""
    x, y = points[:, 0], points[:, 1]
    along, depth = {"self": (x, y), "right": (-y, x), "across": (-x, -y), "left": (y, -x)}[seat]
    return np.column_stack([along, depth])
