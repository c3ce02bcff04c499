"""Photographic effects applied after the tiles are drawn: what a phone camera adds.

Uneven light, vignetting, glare blooms, occluding fingers and objects, defocus or motion blur,
sensor noise, white-balance casts and JPEG compression.  Occluders also write -1 into the tile-id
buffer so that labels only count pixels a viewer can actually see.
"""

from __future__ import annotations

import cv2
import numpy as np


def soft_blur(img: np.ndarray, sigma: float) -> np.ndarray:
    """Gaussian blur that runs wide kernels on a downscaled copy (same look, far faster)."""
    f = int(sigma // 3)
    if f < 2:
        return cv2.GaussianBlur(img, (0, 0), sigma)
    h, w = img.shape[:2]
    small = cv2.resize(img, (max(1, w // f), max(1, h // f)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), sigma / f)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


SKIN = [(90, 130, 190), (110, 150, 210), (70, 110, 170), (60, 90, 140), (140, 170, 225)]


def light_gradient(rng: np.random.Generator, img: np.ndarray) -> None:
    """Multiply by a smooth linear ramp and a vignette (in place, float image)."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = rng.uniform(0, 2 * np.pi)
    ramp = ((xx - w / 2) * np.cos(t) + (yy - h / 2) * np.sin(t)) / max(w, h)
    g = 1 + rng.uniform(0, 0.5) * ramp
    r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    g *= 1 - rng.uniform(0, 0.35) * r2
    img *= (g * rng.uniform(0.75, 1.15))[..., None]


def glare(rng: np.random.Generator, img: np.ndarray) -> None:
    """Add one or two soft bright blooms, like a lamp reflected in glossy tiles."""
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(1, 3))):
        layer = np.zeros((h, w), np.float32)
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        axes = (int(rng.uniform(0.03, 0.15) * w), int(rng.uniform(0.02, 0.1) * h))
        cv2.ellipse(layer, c, axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        layer = soft_blur(layer, max(axes) * 0.5 + 1)
        img += (layer * rng.uniform(40, 140))[..., None]


def occlude(rng: np.random.Generator, img: np.ndarray, ids: np.ndarray, tile_px: float,
            focus: tuple[float, float]) -> None:
    """Draw fingers or an object (cup, phone, chip) over part of the picture.

    ``tile_px`` (a tile's height in pixels) sizes a finger like a real one (about 0.6 tile
    wide); ``focus`` is a point near the tiles that the finger points at.
    """
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    if rng.random() < 0.6:
        color = np.array(SKIN[rng.integers(len(SKIN))], np.float32) + rng.normal(0, 8, 3)
        side = int(rng.integers(4))
        edge = [(rng.uniform(0, w), 0), (w, rng.uniform(0, h)), (rng.uniform(0, w), h),
                (0, rng.uniform(0, h))][side]
        tip = (focus[0] + rng.normal(0, tile_px), focus[1] + rng.normal(0, tile_px))
        width = max(3, int(rng.uniform(0.45, 0.8) * tile_px))
        for _ in range(int(rng.integers(1, 4))):
            t = (tip[0] + rng.normal(0, width), tip[1] + rng.normal(0, width))
            cv2.line(mask, (int(edge[0]), int(edge[1])), (int(t[0]), int(t[1])), 255, width,
                     cv2.LINE_AA)
            cv2.circle(mask, (int(t[0]), int(t[1])), width // 2, 255, -1, cv2.LINE_AA)
    else:
        color = rng.uniform(20, 240, 3).astype(np.float32)
        jit = rng.normal(0, 2 * tile_px, 2)
        c = (int(focus[0] + jit[0]), int(focus[1] + jit[1]))
        r = max(3, int(rng.uniform(0.5, 2.0) * tile_px))
        if rng.random() < 0.5:
            cv2.circle(mask, c, r, 255, -1, cv2.LINE_AA)
        else:
            box = cv2.boxPoints((c, (r * 2.0, r * 1.2), rng.uniform(0, 180))).astype(np.int32)
            cv2.fillConvexPoly(mask, box, 255, cv2.LINE_AA)
    a = (cv2.GaussianBlur(mask, (0, 0), 1.2).astype(np.float32) / 255)[..., None]
    # rounded (cylindrical) shading from the distance to the outline, plus a soft cast shadow
    dist = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 5)
    round_ = np.sqrt(np.clip(dist / (dist.max() + 1e-6), 0, 1))[..., None]
    tone = 0.55 + 0.6 * round_ + rng.normal(0, 0.02, (h, w, 1)).astype(np.float32)
    shadow = soft_blur(a[..., 0], max(h, w) * 0.012)
    sh = np.roll(shadow, (int(rng.integers(4, 15)), int(rng.integers(-10, 10))), axis=(0, 1))
    img *= (1 - 0.45 * np.clip(sh * 1.5, 0, 1))[..., None]
    img[:] = img * (1 - a) + color * tone * a
    ids[mask > 127] = -1


def blur(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Defocus or motion blur of a random small strength."""
    if rng.random() < 0.6:
        return cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.6))
    k = int(rng.integers(3, 9))
    kern = np.zeros((k, k), np.float32)
    kern[k // 2, :] = 1.0 / k
    rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
    kern = cv2.warpAffine(kern, rot, (k, k))
    kern /= max(kern.sum(), 1e-6)
    return cv2.filter2D(img, -1, kern)


def finish(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Colour cast, sensor noise and JPEG round trip; returns the final uint8 BGR image."""
    img = img * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    img += rng.normal(0, rng.uniform(1, 6), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.85:
        q = int(rng.integers(35, 96))
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
        if ok:
            out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out
