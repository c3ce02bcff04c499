"""Photograph-like changes to a rendered image: what a phone and a used set add to a clean render.

Rendered tiles are sharper, cleaner and more evenly lit than a player's photos of his own set.
Each change here is one function of an image (BGR ``uint8``, any size: a whole photo or a crop)
with its strength given, so that a test can check what it does; :func:`photograph` draws the
strengths from a generator and chains them, the way training applies them. Geometric changes
(:func:`perspective`) return the 3×3 map too, so labelled boxes follow (:func:`map_boxes`).

    >>> rng = np.random.default_rng(0)
    >>> image = np.full((60, 40, 3), 200, np.uint8)
    >>> out, matrix = photograph(rng, image)
    >>> out.shape, out.dtype, matrix.shape
    ((60, 40, 3), dtype('uint8'), (3, 3))
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

#: Bounds of the strengths :func:`photograph` draws (at ``strength`` 1): a phone photo in a
#: room, not a broken one. Each is also the bound its function refuses to go past.
DEFOCUS_RADIUS = (0.0, 3.0)  # disc radius in pixels of a 200 px tile (scaled to the image)
JPEG_QUALITY = (30, 95)
CAST_GAIN = (0.8, 1.2)  # a channel's gain under a lamp's or a window's light
GLARE_GAIN = 140.0  # at most this much added at a highlight's centre
SHADOW_DEPTH = (0.0, 0.6)  # share of the light a hand's or phone's shadow takes away
CORNER_SHIFT = 0.12  # perspective: a corner moves at most this share of the side
WEAR_FADE = (0.0, 0.7)  # share of the ink's contrast lost where the paint is worn
NOISE_SIGMA = (0.0, 8.0)


def _image(image: np.ndarray) -> np.ndarray:
    """``image`` checked to be a BGR ``uint8`` picture."""
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 3:
        raise ValueError("an image is a BGR uint8 array of height × width × 3")
    return image


def _within(value: float, bounds: tuple[float, float], name: str) -> float:
    """``value`` if it lies within ``bounds``, else a ValueError naming ``name``."""
    if not bounds[0] <= value <= bounds[1]:
        raise ValueError(f"{name} {value} lies outside {bounds[0]}..{bounds[1]}")
    return float(value)


def defocus(image: np.ndarray, radius: float) -> np.ndarray:
    """Out of focus: each pixel spread over a disc of ``radius`` pixels (a lens's blur is a
    disc, not a Gaussian: thin strokes fade and widen, edges stay firm-ish)."""
    _image(image)
    _within(radius, (0.0, 12.0), "defocus radius")
    if radius < 0.5:
        return image.copy()
    size = 2 * int(np.ceil(radius)) + 1
    yy, xx = np.mgrid[:size, :size] - size // 2
    disc = (np.hypot(xx, yy) <= radius).astype(np.float32)
    return cv2.filter2D(image, -1, disc / disc.sum(), borderType=cv2.BORDER_REFLECT)


def jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    """The image saved as a JPEG at ``quality`` and read back: blocks and ringing round the ink."""
    _image(image)
    _within(quality, (5, 100), "JPEG quality")
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise ValueError("the image could not be encoded as JPEG")
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def white_balance(image: np.ndarray, gains: Sequence[float]) -> np.ndarray:
    """A colour cast: each channel (B, G, R) times its gain, as a camera balances a warm lamp
    or a cold window wrongly."""
    _image(image)
    if len(gains) != 3:
        raise ValueError("white balance takes three gains, blue, green and red")
    for gain in gains:
        _within(gain, (0.5, 1.5), "white-balance gain")
    return np.clip(image * np.asarray(gains, np.float32), 0, 255).astype(np.uint8)


def glare(image: np.ndarray, centre: tuple[float, float], radius: float, gain: float) -> np.ndarray:
    """A lamp's highlight on the glossy face: ``gain`` added at ``centre`` (x, y as shares of the
    width and height), falling off as a Gaussian of ``radius`` (share of the shorter side);
    the brightest pixels wash out to white as in a photo."""
    _image(image)
    _within(gain, (0.0, 255.0), "glare gain")
    _within(radius, (0.01, 2.0), "glare radius")
    h, w = image.shape[:2]
    yy, xx = np.mgrid[:h, :w].astype(np.float32)
    sigma = radius * min(h, w)
    spot = np.exp(-((xx - centre[0] * w) ** 2 + (yy - centre[1] * h) ** 2) / (2 * sigma ** 2))
    return np.clip(image + (gain * spot)[..., None], 0, 255).astype(np.uint8)


def soft_shadow(image: np.ndarray, angle: float, offset: float, depth: float, softness: float
                ) -> np.ndarray:
    """A hand's or a phone's shadow: the side of a line beyond ``offset`` (share of the
    diagonal from the centre, along direction ``angle`` in radians) darkened by ``depth`` (share
    of the light taken), its edge blurred over ``softness`` (share of the diagonal)."""
    _image(image)
    _within(depth, (0.0, 0.9), "shadow depth")
    _within(softness, (0.001, 1.0), "shadow softness")
    h, w = image.shape[:2]
    yy, xx = np.mgrid[:h, :w].astype(np.float32)
    diagonal = float(np.hypot(h, w))
    along = ((xx - w / 2) * np.cos(angle) + (yy - h / 2) * np.sin(angle)) / diagonal
    shade = 1 / (1 + np.exp(-(along - offset) / softness))  # 0 in the light, 1 in the shadow
    return np.clip(image * (1 - depth * shade)[..., None], 0, 255).astype(np.uint8)


def perspective(image: np.ndarray, shifts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The image seen from a slant: its corners (TL, TR, BR, BL) moved by ``shifts`` (4 × 2,
    shares of the width and height, each within ``CORNER_SHIFT`` × 2), the frame kept, the
    edge pixels repeated where the view uncovers nothing; the image and the 3×3 map from the old
    pixels to the new (for :func:`map_boxes`)."""
    _image(image)
    shifts = np.asarray(shifts, np.float32)
    if shifts.shape != (4, 2) or np.abs(shifts).max() > 2 * CORNER_SHIFT:
        raise ValueError(f"perspective takes 4 corner shifts (x, y) of at most {2 * CORNER_SHIFT}")
    h, w = image.shape[:2]
    corners = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    matrix = cv2.getPerspectiveTransform(corners, corners + shifts * np.float32([w, h]))
    out = cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)
    return out, matrix


def map_boxes(boxes: np.ndarray, matrix: np.ndarray, width: int, height: int) -> np.ndarray:
    """Boxes (x1, y1, x2, y2) after the map ``matrix``: the box round each one's moved corners,
    clipped to the frame."""
    boxes = np.asarray(boxes, np.float64).reshape(-1, 4)
    corners = boxes[:, [0, 1, 2, 1, 2, 3, 0, 3]].reshape(-1, 4, 1, 2)
    moved = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), np.asarray(matrix, np.float64))
    moved = moved.reshape(-1, 4, 2)
    out = np.concatenate([moved.min(axis=1), moved.max(axis=1)], axis=1)
    return np.clip(out, 0, [width, height, width, height])


def print_wear(image: np.ndarray, fade: float, seed: int, stroke_px: float = 6.0,
               blotch_px: float = 16.0) -> np.ndarray:
    """Worn paint: the ink (pixels darker or more coloured than the face within ``stroke_px``
    of them) loses up to ``fade`` of its contrast in blotches about ``blotch_px`` wide, drawn
    from ``seed``; the face itself, and anything paler than its surroundings, is untouched."""
    _image(image)
    _within(fade, (0.0, 1.0), "wear fade")
    _within(stroke_px, (1.0, 200.0), "stroke width")
    _within(blotch_px, (2.0, 2000.0), "blotch width")
    h, w = image.shape[:2]
    reach = 2 * int(np.ceil(stroke_px / 2)) + 1
    face = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach)))
    ink = np.clip((face.astype(np.float32) - image).max(axis=2) / 60.0, 0, 1)
    rng = np.random.default_rng(seed)
    cells = (max(2, int(np.ceil(h / blotch_px))), max(2, int(np.ceil(w / blotch_px))))
    blotches = cv2.resize(rng.random(cells).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    lost = (fade * np.clip(blotches, 0, 1) * ink)[..., None]
    return np.clip(image + (face.astype(np.float32) - image) * lost, 0, 255).astype(np.uint8)


def sensor_noise(image: np.ndarray, sigma: float, seed: int) -> np.ndarray:
    """A small sensor's noise: Gaussian, ``sigma`` grey levels, each pixel and channel its own."""
    _image(image)
    _within(sigma, (0.0, 30.0), "noise sigma")
    noise = np.random.default_rng(seed).normal(0, sigma, image.shape).astype(np.float32)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def photograph(rng: np.random.Generator, image: np.ndarray, strength: float = 1.0,
               geometric: bool = True, tile_px: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``image`` as a phone photo of a used set might show it: each change of this module drawn
    with its own chance and a strength up to its bound times ``strength``, in the order light
    meets the set and then the camera (wear, shadow, glare, slant, cast, focus, noise, JPEG;
    the cast also sets the exposure within ±10 %, whatever the strength);
    the image and the map its pixels moved by (identity where ``geometric`` is off or no slant
    was drawn); ``tile_px``: a tile's height in the image (default the image's shorter side: a
    crop of one tile), which sizes the blur, the worn strokes and their blotches."""
    _image(image)
    _within(strength, (0.0, 1.0), "strength")
    tile = float(tile_px or min(image.shape[:2]))
    out, matrix = image, np.eye(3)
    if rng.random() < 0.5:
        out = print_wear(out, float(rng.uniform(*WEAR_FADE)) * strength, int(rng.integers(2 ** 31)),
                         stroke_px=max(1.0, tile / 25), blotch_px=max(2.0, tile / 5))
    if rng.random() < 0.4:
        out = soft_shadow(out, float(rng.uniform(0, 2 * np.pi)), float(rng.uniform(-0.3, 0.3)),
                          float(rng.uniform(*SHADOW_DEPTH)) * strength, float(rng.uniform(0.01, 0.15)))
    if rng.random() < 0.3:
        out = glare(out, (float(rng.random()), float(rng.random())), float(rng.uniform(0.03, 0.2)),
                    float(rng.uniform(0.3, 1.0)) * GLARE_GAIN * strength)
    if geometric and rng.random() < 0.5:
        out, matrix = perspective(out, rng.uniform(-CORNER_SHIFT, CORNER_SHIFT, (4, 2)) * strength)
    if rng.random() < 0.7:
        gains = 1 + (rng.uniform(*CAST_GAIN, 3) - 1) * strength
        out = white_balance(out, gains / gains.mean() * rng.uniform(0.9, 1.1))
    if rng.random() < 0.5:
        out = defocus(out, min(12.0, float(rng.uniform(*DEFOCUS_RADIUS)) * strength * tile / 200))
    if rng.random() < 0.6:
        out = sensor_noise(out, float(rng.uniform(*NOISE_SIGMA)) * strength, int(rng.integers(2 ** 31)))
    if rng.random() < 0.8:
        low, high = JPEG_QUALITY
        out = jpeg(out, int(round(high - rng.random() * strength * (high - low))))
    return (out.copy() if out is image else out), matrix


#: Most copies of one photo ``photographed_copies`` makes (the evaluators' ``--photographed``).
MAX_COPIES = 16


def photographed_copies(image: np.ndarray, copies: int, seed: Sequence[int]) -> list[np.ndarray]:
    """``image`` as ``copies`` phone photos (:func:`photograph` at full strength, copy ``c``
    drawn from ``default_rng([*seed, c])``), or as it is where ``copies`` is 0."""
    _within(copies, (0, MAX_COPIES), "copies")
    if not copies:
        return [image]
    return [photograph(np.random.default_rng([*seed, c]), image)[0] for c in range(copies)]

