"""Geometry of tile boxes (x1, y1, x2, y2 in pixels), shared by the recognizer, the tile sets,
the evaluation and the label audit, which all sit above it."""

from __future__ import annotations


def overlap_share(a: list[float], b: list[float]) -> float:
    """The share of box ``a``'s area (x1, y1, x2, y2) that lies inside box ``b``.

    >>> overlap_share([0, 0, 10, 10], [5, 0, 20, 10]), overlap_share([0, 0, 10, 10], [20, 0, 30, 9])
    (0.5, 0.0)
    """
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0) / max((a[2] - a[0]) * (a[3] - a[1]), 1e-9)


def iou(a: list[float], b: list[float]) -> float:
    """Intersection over union of two (x1, y1, x2, y2) boxes."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)
