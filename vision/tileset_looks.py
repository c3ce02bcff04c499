"""A learnt tile's look: the tile cut from its photo, kept as a small JPEG beside its features.

Features belong to one classifier; the looks let a tile set be computed again for another
(``TileSetExamples.refit``), and let the faces and the face network compare a tile with the
example it was learnt from (``vision.tileset_match``). Also which sets are pale (ink paler than
the face: matched with their lightness negatives too).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from assistant.errors import MahjongError

from .preprocess import padded_region, pale_ink

#: An example's look: its box padded by this share of each side (more than the classifier's
#: widest crop, ``preprocess.CROP_PAD``), stretched to this square, kept as JPEG of this quality
#: (about 3 KB: a whole set of 504 examples in 1.5 MB).
LOOK_PAD = 0.25
LOOK_SIZE = 96
LOOK_QUALITY = 90
#: A set whose examples show ink paler than their faces (``preprocess.pale_ink``) in more than
#: this share is matched on its tiles' features and their lightness negatives' together
#: (``TileClassifier.features``): jade, black and dark green sets. Measured share of a layout
#: photo's tiles: kmj-jade 0.86, dark green 0.90; ivory sets 0.00-0.02.
PALE_SET_SHARE = 0.5
#: What a pale set's vectors are marked with beside the classifier's fingerprint (``model``).
NEGATIVE_TOO = "+negative"


@dataclass(frozen=True)
class Look:
    """A tile as it was learnt: the JPEG of its padded crop and where the tile lies in it."""

    jpeg: bytes
    box: tuple[float, float, float, float]

    @classmethod
    def cut(cls, image: np.ndarray, box: Sequence[float] | np.ndarray) -> Look | None:
        """The look of the tile in ``box`` (x1, y1, x2, y2) of ``image``; None under 2 px."""
        x1, y1, x2, y2 = (float(v) for v in box)
        region = padded_region(image, (x1, y1, x2, y2), LOOK_PAD)
        if region is None:
            return None
        left, top, right, bottom = region
        crop = cv2.resize(image[top:bottom, left:right], (LOOK_SIZE, LOOK_SIZE),
                          interpolation=cv2.INTER_AREA)
        ok, jpeg = cv2.imencode(".jpg", crop, [cv2.IMWRITE_JPEG_QUALITY, LOOK_QUALITY])
        if not ok:
            return None
        sx, sy = LOOK_SIZE / (right - left), LOOK_SIZE / (bottom - top)
        return cls(jpeg.tobytes(), ((x1 - left) * sx, (y1 - top) * sy, (x2 - left) * sx,
                                    (y2 - top) * sy))

    def pixels(self) -> tuple[np.ndarray, np.ndarray]:
        """The look decoded (BGR) and the tile's own pixels in it (its box)."""
        image = cv2.imdecode(np.frombuffer(self.jpeg, np.uint8), cv2.IMREAD_COLOR)
        if image is None or image.shape[:2] != (LOOK_SIZE, LOOK_SIZE):
            raise MahjongError("a tile set's example cannot be read: learn the set again", "look")
        x1, y1 = (max(0, min(int(round(v)), LOOK_SIZE - 2)) for v in self.box[:2])
        x2, y2 = (max(0, min(int(round(v)), LOOK_SIZE)) for v in self.box[2:])
        return image, image[y1:max(y2, y1 + 2), x1:max(x2, x1 + 2)]


def features_of_looks(looks: list[Look], classifier: object, negative_too: bool = False
                      ) -> np.ndarray:
    """The classifier's features of each look (one unit row each; ``negative_too``: with their
    lightness negatives'): the looks side by side in one picture, a gap between them, read in
    one pass."""
    columns = max(1, math.ceil(math.sqrt(len(looks))))
    cell = LOOK_SIZE + LOOK_SIZE // 4
    rows = math.ceil(len(looks) / columns)
    picture = np.zeros((rows * cell, columns * cell, 3), np.uint8)
    boxes = []
    for k, look in enumerate(looks):
        top, left = (k // columns) * cell, (k % columns) * cell
        image, _ = look.pixels()
        picture[top:top + LOOK_SIZE, left:left + LOOK_SIZE] = image
        boxes.append([left + look.box[0], top + look.box[1], left + look.box[2], top + look.box[3]])
    return classifier.features(picture, np.array(boxes, float), negative_too)  # type: ignore[attr-defined]


def pale_looks(looks: Sequence[Look | None]) -> bool:
    """Whether the tiles of ``looks`` (those kept) are a pale set (:func:`mostly_pale`)."""
    return mostly_pale([pale_ink(look.pixels()[1]) for look in looks if look is not None])


def mostly_pale(pale: Sequence[bool]) -> bool:
    """Whether more than ``PALE_SET_SHARE`` of a set's tiles show ink paler than their faces: a
    jade, black or dark green set, matched with its lightness negatives too.

    >>> mostly_pale([True, True, False]), mostly_pale([True, False]), mostly_pale([])
    (True, False, False)
    """
    return bool(pale) and sum(pale) > PALE_SET_SHARE * len(pale)


def unit_rows(rows: np.ndarray) -> np.ndarray:
    """Each row scaled to length 1 (a row of zeros stays so): features compared by cosine."""
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)
