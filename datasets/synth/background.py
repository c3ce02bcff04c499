"""Procedural table surfaces (felt, wood, cloth) laid on the table plane in perspective.

The texture is made in table coordinates (1 px = ``MM_PER_PX`` mm around the tiles) and warped
into the image with the camera's table homography, so grain and weave shrink with distance like
in a real photo.  Any sky above the horizon is filled with a blurred wall colour.
"""

from __future__ import annotations

import cv2
import numpy as np

from datasets.synth.geometry import Camera

TEX_PX = 1024
MM_PER_PX = 1.2


def _noise(rng: np.random.Generator, size: int, scale: int) -> np.ndarray:
    """Smooth value noise in [-1, 1]-ish: random grid of ``size // scale`` cells, upsampled."""
    n = max(2, size // scale)
    small = rng.normal(0, 1, (n, n)).astype(np.float32)
    return cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC)


def _fractal(rng: np.random.Generator, size: int, scales: tuple[int, ...]) -> np.ndarray:
    """Sum of noise octaves, normalised to unit standard deviation."""
    out = sum(_noise(rng, size, s) * (s / scales[0]) ** 0.5 for s in scales)
    return (out - out.mean()) / (out.std() + 1e-6)


def felt(rng: np.random.Generator, size: int = TEX_PX) -> np.ndarray:
    """Green or blue baize: a flat colour with soft blotches and fine fibre noise."""
    greens = [(40, 110, 20), (30, 90, 10), (60, 120, 40), (110, 70, 20), (120, 60, 10),
              (60, 60, 120), (40, 40, 40)]
    base = np.array(greens[rng.integers(len(greens))], np.float32) + rng.normal(0, 8, 3)
    lum = 1 + 0.06 * _fractal(rng, size, (256, 64)) + 0.05 * rng.normal(0, 1, (size, size))
    return base * lum[..., None].astype(np.float32)


def wood(rng: np.random.Generator, size: int = TEX_PX) -> np.ndarray:
    """Wood grain: stretched noise rings in a brown tone, with planks along one axis."""
    base = np.array([rng.uniform(40, 90), rng.uniform(80, 130), rng.uniform(120, 190)], np.float32)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    warp = _fractal(rng, size, (512, 128)) * rng.uniform(8, 20)
    freq = rng.uniform(0.05, 0.15)
    grain = np.sin((yy + warp) * freq + 3 * _noise(rng, size, 256))
    fine = cv2.GaussianBlur(rng.normal(0, 1, (size, size)).astype(np.float32), (0, 0),
                            sigmaX=6, sigmaY=0.7)
    lum = 1 + 0.10 * grain + 0.10 * fine + 0.08 * _fractal(rng, size, (512,))
    plank = int(rng.uniform(90, 200))
    seams = (yy.astype(int) % plank) < 2
    lum[seams] *= 0.6
    tex = base * lum[..., None]
    if rng.random() < 0.5:
        tex = np.ascontiguousarray(np.rot90(tex))
    return tex.astype(np.float32)


def cloth(rng: np.random.Generator, size: int = TEX_PX) -> np.ndarray:
    """A woven cloth: a weave pattern, sometimes with checks or stripes, in a random colour."""
    hsv = np.uint8([[[rng.integers(0, 180), rng.integers(30, 200), rng.integers(90, 230)]]])
    base = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    period = rng.uniform(2.5, 5)
    weave = 0.06 * np.sin(xx * 2 * np.pi / period) * np.sin(yy * 2 * np.pi / period)
    lum = 1 + weave + 0.05 * _fractal(rng, size, (128, 32))
    tex = base * lum[..., None]
    if rng.random() < 0.5:
        other = base * rng.uniform(0.5, 1.4, 3).astype(np.float32)
        stripe = rng.uniform(20, 80)
        checks = ((xx // stripe + (yy // stripe) * (rng.random() < 0.5)) % 2 == 0)
        tex = np.where(checks[..., None], tex, other * lum[..., None])
    return tex.astype(np.float32)


KINDS = {"felt": felt, "wood": wood, "cloth": cloth}


def render_background(rng: np.random.Generator, cam: Camera, centre: np.ndarray,
                      kind: str | None = None) -> np.ndarray:
    """The table as seen by ``cam`` (float32 BGR), texture centred on ``centre`` (mm)."""
    kind = kind or str(rng.choice(list(KINDS), p=[0.5, 0.3, 0.2]))
    tex = np.clip(KINDS[kind](rng), 0, 255)
    half = TEX_PX * MM_PER_PX / 2
    # texture px -> table mm
    T = np.array([[MM_PER_PX, 0, centre[0] - half], [0, -MM_PER_PX, centre[1] + half], [0, 0, 1]])
    H = cam.table_homography() @ T
    img = cv2.warpPerspective(tex, H, (cam.width, cam.height), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REFLECT)
    # pixels whose viewing ray does not hit the table show a wall instead
    Kinv = np.linalg.inv(cam.K)
    ys = np.arange(cam.height, dtype=np.float64)
    rays_z = (Kinv[1, 1] * ys + Kinv[1, 2]) * cam.R[1, 2] + cam.R[2, 2]
    xs_term = (Kinv[0, 0] * np.arange(cam.width) + Kinv[0, 2]) * cam.R[0, 2]
    sky = (rays_z[:, None] + xs_term[None, :]) > -0.02
    if sky.any():
        wall = np.array([rng.uniform(120, 220)] * 3, np.float32) * rng.uniform(0.8, 1.1, 3)
        img[sky] = wall.astype(np.float32)
    return img
