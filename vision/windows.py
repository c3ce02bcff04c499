"""Windows of a photo for the closer looks (``vision.find``): how big its tiles are, the
overlapping windows that bring them to the detector's size, and boxes found in a window turned a
quarter, turned back."""

from __future__ import annotations

import numpy as np

#: At most this many windows a photo (each a detector pass, ~35 ms on this machine); tiles too
#: small for that many are looked at as large as that many allows.
MAX_WINDOWS = 16


def short_side(boxes: np.ndarray, share: float = 0.5) -> float:
    """The short side of boxes (x1, y1, x2, y2) that ``share`` of them come under (the median
    by default): how big the photo's tiles are, or its far tiles (``vision.find.FAR_SHARE``).

    >>> boxes = np.array([[0, 0, 30, 40], [0, 0, 50, 20], [0, 0, 10, 10]])
    >>> short_side(boxes), short_side(boxes, 0.25)
    (20.0, 15.0)
    """
    return float(np.quantile(np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]), share))


def windows(width: int, height: int, side: float, overlap: float
            ) -> list[tuple[int, int, int, int]]:
    """Square windows (x1, y1, x2, y2) of about ``side`` pixels covering a ``width`` × ``height``
    photo, neighbours overlapping by ``overlap`` (so a tile cut by one lies whole in the next),
    spread evenly; fewer and larger when more than ``MAX_WINDOWS`` would be needed.

    >>> windows(1000, 500, 400, 100)[:4]
    [(0, 0, 400, 400), (300, 0, 700, 400), (600, 0, 1000, 400), (0, 100, 400, 500)]
    >>> len(windows(1000, 500, 400, 100)), windows(300, 200, 400, 100)
    (6, [(0, 0, 300, 200)])
    >>> len(windows(4000, 4000, 100, 20))
    16
    """
    side = max(float(side), 2.0 * overlap + 1)
    while True:
        counts = [1 if length <= side else int(np.ceil((length - overlap) / (side - overlap)))
                  for length in (width, height)]
        if counts[0] * counts[1] <= MAX_WINDOWS:
            break
        side *= 1.25
    starts = [[round(i * (length - min(side, length)) / max(n - 1, 1)) for i in range(n)]
              for length, n in zip((width, height), counts, strict=True)]
    size = [round(min(side, length)) for length in (width, height)]
    return [(x, y, x + size[0], y + size[1]) for y in starts[1] for x in starts[0]]


def turned_back(boxes: np.ndarray, width: float) -> np.ndarray:
    """Boxes (x1, y1, x2, y2) found in a ``width``-wide image turned a quarter counter-clockwise
    (``np.rot90``), in the image as it was.

    >>> image = np.zeros((4, 6))
    >>> image[1:3, 4:6] = 1  # a 2 x 2 patch at x 4-6, y 1-3
    >>> ys, xs = np.nonzero(np.rot90(image))
    >>> turned = np.array([[xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]], float)
    >>> turned_back(turned, 6).tolist()
    [[4.0, 1.0, 6.0, 3.0]]
    """
    return np.stack([width - boxes[:, 3], boxes[:, 0], width - boxes[:, 1], boxes[:, 2]], axis=1)
