"""3-D geometry of a scene: tile boxes on a table plane and a pinhole camera looking at them.

World units are millimetres; the table is the plane z = 0 with z up; the player sits on the -y
side, so a hand row runs along +x and its faces look towards -y.  A tile is a box W x H x D in
its own frame (x = face right, y = face down, z = out of the face), placed by three world axis
vectors and an origin.  Projecting the real box, rather than warping a flat sprite, gives the
visible thickness, correct occlusion order and consistent perspective for every layout.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class TileBox:
    """A tile's box in the world: ``origin`` + i*W*ex + j*H*ey + k*D*ez for i, j, k in {0, 1}."""

    origin: np.ndarray
    ex: np.ndarray
    ey: np.ndarray
    ez: np.ndarray
    size: tuple[float, float, float]  # W, H, D in mm

    def corners(self) -> np.ndarray:
        """The 8 corners, index = i + 2*j + 4*k (i along x, j along y, k along z)."""
        w, h, d = self.size
        out = np.empty((8, 3))
        for k in range(2):
            for j in range(2):
                for i in range(2):
                    out[i + 2 * j + 4 * k] = (self.origin + i * w * self.ex + j * h * self.ey
                                              + k * d * self.ez)
        return out

    def center(self) -> np.ndarray:
        """The box centre."""
        w, h, d = self.size
        return self.origin + 0.5 * (w * self.ex + h * self.ey + d * self.ez)


def tile_box(size: tuple[float, float, float], pos: tuple[float, float], yaw: float, pose: str,
             z0: float = 0.0, lean: float = 0.0) -> TileBox:
    """Place a tile whose footprint is centred at ``pos`` on the table (or on a stack at ``z0``).

    ``pose``: "up" lying face up, "down" lying face down, "stand" standing with the face
    towards -y (rotated by ``yaw``, radians, counter-clockwise seen from above).  For lying
    tiles, yaw 0 puts the glyph upright for a viewer on the -y side.  ``lean`` tilts a
    standing tile backwards (radians).
    """
    w, h, d = size
    c, s = np.cos(yaw), np.sin(yaw)
    right = np.array([c, s, 0.0])
    toward = np.array([s, -c, 0.0])  # horizontal direction towards the player when yaw = 0
    up = np.array([0.0, 0.0, 1.0])
    if pose == "up":
        ex, ey, ez = right, toward, up
        centre_local = 0.5 * (w * ex + h * ey)
        origin = np.array([pos[0], pos[1], z0]) - centre_local
    elif pose == "down":
        ex, ey, ez = -right, toward, -up
        origin = np.array([pos[0], pos[1], z0 + d]) - 0.5 * (w * ex + h * ey)
    elif pose == "stand":
        ey = -up * np.cos(lean) + toward * np.sin(lean)
        ez = toward * np.cos(lean) + up * np.sin(lean)
        ex = right
        base = np.array([pos[0], pos[1], z0])
        # footprint centred on pos; a backward-leaning tile rests on its bottom back edge
        origin = base - h * ey - 0.5 * w * ex - 0.5 * d * ez
        origin[2] = z0 + h * np.cos(lean)
    else:
        raise ValueError(pose)
    return TileBox(origin, ex, ey, ez, size)


@dataclass
class Camera:
    """A pinhole camera: world -> camera rotation ``R``, centre ``C``, intrinsics ``K``."""

    R: np.ndarray
    C: np.ndarray
    K: np.ndarray
    width: int
    height: int

    def project(self, pts: np.ndarray) -> np.ndarray:
        """Project world points (N, 3) to pixel coordinates (N, 2)."""
        cam = (pts - self.C) @ self.R.T
        z = np.maximum(cam[:, 2:3], 1e-6)
        uv = cam[:, :2] / z
        return uv * [self.K[0, 0], self.K[1, 1]] + [self.K[0, 2], self.K[1, 2]]

    def depth(self, pts: np.ndarray) -> np.ndarray:
        """Distance along the optical axis of world points (N, 3)."""
        return (pts - self.C) @ self.R[2]

    def table_homography(self) -> np.ndarray:
        """Homography from table-plane (x, y) mm to pixels: K [r1 r2 t]."""
        t = -self.R @ self.C
        return self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], t])


def look_camera(target: np.ndarray, dist: float, elevation: float, yaw: float, roll: float,
                focal: float, width: int, height: int) -> Camera:
    """A camera ``dist`` mm from ``target``, ``elevation`` radians above the table, on the
    player's (-y) side turned by ``yaw``, rolled by ``roll`` about its axis."""
    h = np.array([np.sin(yaw), -np.cos(yaw), 0.0])
    pos = target + dist * (np.cos(elevation) * h + np.array([0, 0, np.sin(elevation)]))
    f = target - pos
    f /= np.linalg.norm(f)
    r = np.array([np.cos(yaw), np.sin(yaw), 0.0])
    y = np.cross(f, r)
    cr, sr = np.cos(roll), np.sin(roll)
    r, y = cr * r + sr * y, -sr * r + cr * y
    R = np.stack([r, y, f])
    K = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1.0]])
    return Camera(R, pos, K, width, height)
