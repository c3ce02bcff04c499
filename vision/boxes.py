"""Box geometry shared by every stage: boxes are (x1, y1, x2, y2) in photo pixels.

The lowest module of the recognizer's stages: the layout learner (``tileset``), the find and check
stages and the evaluation all measure boxes with these, so none imports another for them.
"""

from __future__ import annotations

from collections.abc import Sequence

Box = Sequence[float]


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two (x1, y1, x2, y2) boxes.

    >>> iou([0, 0, 10, 10], [5, 0, 15, 10]), iou([0, 0, 10, 10], [20, 0, 30, 10])
    (0.3333333333333333, 0.0)
    """
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def overlap_share(a: Box, b: Box) -> float:
    """The share of box ``a``'s area that lies inside box ``b``.

    >>> overlap_share([0, 0, 10, 10], [5, 0, 20, 10]), overlap_share([0, 0, 10, 10], [20, 0, 30, 9])
    (0.5, 0.0)
    """
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0) / max((a[2] - a[0]) * (a[3] - a[1]), 1e-9)
