"""A tile's face turned and cut as it lies in a photo: which way a box lies (on its side or
standing), a picture turned a quarter, the tile cut out again turned about its middle, and a
tile lying askew turned back upright: the geometry the face network (``vision.face_embedding``)
and a tile set's matching of a tile lying askew (``vision.tileset_match``) share."""

from __future__ import annotations

import math

import cv2
import numpy as np

#: A box at most this many times longer than wide, either way, is about square: not a tile's shape
#: (a tile is 1.3-1.5 times as tall as wide), a circle of a 筒 (``vision.find``); a tile (or its
#: box) wider than tall by more lies on its side. At 1.15 for lying on its side, held-out hands'
#: faces read 0.668 right against 0.673, every other set the same (``benchmarks/recognizer_ablation.py
#: --every 4``, models/MODEL_CARD.md).
SQUARE_WITHIN = 1.25
def evened(face: np.ndarray) -> np.ndarray:
    """Each channel of ``face`` scaled to mean 0 and spread 1 (so colour counts as much as
    lightness; a flat channel, spread under 1, is not blown up), as float32 H×W×C."""
    face = face.astype(np.float32)
    face -= face.mean(axis=(0, 1))
    return face / np.maximum(face.std(axis=(0, 1)), 1.0)


def opponent(image: np.ndarray) -> np.ndarray:
    """A BGR picture as lightness and two colour differences (YCrCb: as good as CIELAB here and
    six times quicker), so that a red 萬 and a blue one differ."""
    return cv2.cvtColor(image, cv2.COLOR_BGR2YCrCb)


def upright(tile: np.ndarray) -> np.ndarray:
    """A tile lying on its side (wider than tall) turned to stand, as the examples do."""
    height, width = tile.shape[:2]
    return cv2.rotate(tile, cv2.ROTATE_90_CLOCKWISE) if on_its_side(width, height) else tile


def on_its_side(width: float, height: float) -> bool:
    """Whether a tile (or its box) ``width`` × ``height`` lies on its side: more than
    ``SQUARE_WITHIN`` times wider than tall.

    >>> on_its_side(64, 48), on_its_side(62, 64)
    (True, False)
    """
    return bool(width > SQUARE_WITHIN * height)


#: A quarter turn (degrees, counter-clockwise as :func:`turned_cuts` turns) as ``cv2.rotate`` makes it.
_QUARTER_TURNS = {90: cv2.ROTATE_90_COUNTERCLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_CLOCKWISE}


def quarter_turned(image: np.ndarray, way: float) -> np.ndarray:
    """``image`` turned by ``way`` degrees (a multiple of 90, counter-clockwise as
    :func:`turned_cuts` turns): a tile's pixels the way up it is looked at.

    >>> quarter_turned(np.arange(4).reshape(2, 2), 90).tolist(), quarter_turned(np.eye(2), 0).shape
    ([[1, 3], [0, 2]], (2, 2))
    """
    quarter = round(way / 90.0) % 4 * 90
    return image if quarter == 0 else cv2.rotate(image, _QUARTER_TURNS[quarter])


def turned_cuts(around: np.ndarray, box: tuple[float, float, float, float],
                angles: tuple[float, ...], size: tuple[int, int], side: bool | None = None
                ) -> list[np.ndarray]:
    """The tile in ``box`` of ``around`` as it would look turned back by each of ``angles``
    (degrees), its box being the bounds of a turned tile: the picture turned about the box's
    middle and the tile's own size cut out straight, ``size`` (width, height; its sides
    swapped for a tile lying on its side, or as ``side`` says where given: a part of a tile's
    box cut as the whole would be). An angle no tile of the box's shape can lie at is left out
    (:func:`fitting_angles` says which are kept)."""
    x1, y1, x2, y2 = box
    centre = ((x1 + x2) / 2, (y1 + y2) / 2)
    cuts = []
    for angle in fitting_angles(box, angles):
        w, h = upright_size(box, angle)
        out_w, out_h = (size[1], size[0]) if (on_its_side(w, h) if side is None else side) else size
        turn = np.vstack([cv2.getRotationMatrix2D(centre, angle, 1.0), [0.0, 0.0, 1.0]])
        fit = np.array([[out_w / w, 0.0, -(centre[0] - w / 2) * out_w / w],
                        [0.0, out_h / h, -(centre[1] - h / 2) * out_h / h]])
        cuts.append(cv2.warpAffine(around, fit @ turn, (out_w, out_h), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE))
    return cuts


def upright_size(box: tuple[float, float, float, float], angle: float) -> tuple[float, float]:
    """Width and height of a tile whose bounds, turned by ``angle`` (degrees), are ``box``: a
    w × h tile turned so has bounds (w cos + h sin) × (w sin + h cos).

    >>> [round(v) for v in upright_size((0, 0, 40, 40), 0.0)]
    [40, 40]
    """
    x1, y1, x2, y2 = box
    width, height = x2 - x1, y2 - y1
    cos, sin = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
    return ((width * cos - height * sin) / (cos * cos - sin * sin),
            (height * cos - width * sin) / (cos * cos - sin * sin))


def fitting_angles(box: tuple[float, float, float, float], angles: tuple[float, ...]
                   ) -> list[float]:
    """Those of ``angles`` a tile of the box's shape can lie at (its upright sides each at least
    0.3 of the box's): a long thin box is no tile turned by 45°.

    >>> fitting_angles((0, 0, 30, 40), (-30.0, 0.0, 30.0)), fitting_angles((0, 0, 10, 40), (-30.0, 0.0, 30.0))
    ([-30.0, 0.0, 30.0], [0.0])
    """
    x1, y1, x2, y2 = box
    kept = []
    for angle in angles:
        w, h = upright_size(box, angle)
        if w >= 0.3 * (x2 - x1) and h >= 0.3 * (y2 - y1):
            kept.append(angle)
    return kept


def turned_back(image: np.ndarray, box: tuple[float, float, float, float] | np.ndarray,
                angle: float) -> tuple[np.ndarray, np.ndarray]:
    """The photo about the tile in ``box`` turned back by ``angle`` (degrees, as
    :func:`turned_cuts` turns it) and where the tile now stands upright in it (x1, y1, x2, y2):
    what a classifier cuts the tile from as its examples stood.

    >>> picture, upright_box = turned_back(np.zeros((100, 100, 3), np.uint8), (30, 30, 70, 70), 0.0)
    >>> picture.shape, upright_box.round().tolist()
    ((80, 80, 3), [20.0, 20.0, 60.0, 60.0])
    """
    x1, y1, x2, y2 = (float(v) for v in box)
    w, h = upright_size((x1, y1, x2, y2), angle)
    reach = max(x2 - x1, y2 - y1)  # room about the tile for the classifier's padded crops
    left, top = int(math.floor(x1 - reach / 2)), int(math.floor(y1 - reach / 2))
    right, bottom = int(math.ceil(x2 + reach / 2)), int(math.ceil(y2 + reach / 2))
    height, width = image.shape[:2]
    region = cv2.copyMakeBorder(image[max(top, 0):min(bottom, height), max(left, 0):min(right, width)],
                                max(-top, 0), max(bottom - height, 0), max(-left, 0),
                                max(right - width, 0), cv2.BORDER_REPLICATE)
    centre = ((x1 + x2) / 2 - left, (y1 + y2) / 2 - top)
    turn = cv2.getRotationMatrix2D(centre, angle, 1.0)
    picture = cv2.warpAffine(region, turn, (region.shape[1], region.shape[0]),
                             flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return picture, np.array([centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2,
                              centre[1] + h / 2])
