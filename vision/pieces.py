"""Pieces of one tile: boxes lying in a tile found whole are taken as that tile, and boxes
lying mostly in a better one dropped.

Box arithmetic of the find stage (``vision.find``) and the check stage (``vision.check``): a tile
filling much of the frame is found in pieces (its halves, its edges, its circles) by one look or
one detector and whole by another.
"""

from __future__ import annotations

import numpy as np

#: A tile is at most this many times longer than wide as a photo shows it (lying flat and seen
#: from low, 1.4 × a squeeze of up to 2.5); a longer box is the edge of a tile, or a squashed
#: photo's tile that another look sees in its real shape.
TILE_SHAPE = 4.0

#: Tiles of one row lie at most this share of a tile's side apart: a weak back beside a sure
#: tile is kept (``check``: a concealed kong, two up and two down; a wall), and two blanks of
#: one look whose middles lie within 1 + this of the larger's longer side are neighbours in a
#: wall (``wall_blanks``: its stacks touch; the next but one is two sides away). The wall's
#: blanks were measured at 1.6 sides (a gap of 0.6); at 1.3, seeds 63 / 64 / 66 / 67 of
#: ``vision.evaluate_table`` read the same but on 66 one hidden back more placed right and one
#: true back more read as a face (``scripts/table_misses.py``).
ROW_GAP = 0.3


def _covered(boxes: np.ndarray, whole: np.ndarray) -> float:
    """The summed area of the boxes (x1, y1, x2, y2) lying in box ``whole``, as a share of its
    area (over 1 where they overlap).

    >>> _covered(np.array([[0, 0, 10, 10], [20, 0, 30, 10], [50, 50, 60, 60]], float),
    ...          np.array([0, 0, 40, 20], float))
    0.25
    """
    inside = ((boxes[:, 0] >= whole[0]) & (boxes[:, 1] >= whole[1]) & (boxes[:, 2] <= whole[2])
              & (boxes[:, 3] <= whole[3]))
    area = (boxes[inside, 2] - boxes[inside, 0]) * (boxes[inside, 3] - boxes[inside, 1])
    return float(area.sum() / max((whole[2] - whole[0]) * (whole[3] - whole[1]), 1e-9))


def _whole_tiles(found: tuple[np.ndarray, np.ndarray, np.ndarray],
                 zoomed: tuple[np.ndarray, np.ndarray, np.ndarray], threshold: float,
                 inside: float, piece_area: float = 1.0, grown: bool = False
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``found`` with each group of two or more boxes lying within (share ``inside``) one box
    the zoomed-out look found whole replaced by that box: a tile filling much of the frame is
    found in pieces close up (its halves, its edges) and whole from further away. Pieces are
    at most ``piece_area`` of the whole box's area. ``grown``: the whole box grown to hold its
    pieces, which lie on the tile (a box fitted short of a tile's end cuts its last circle).

    >>> found = (np.array([[0, 0, 40, 30], [0, 30, 40, 60], [90, 0, 130, 60]], float),
    ...          np.array([0.5, 0.5, 0.9]), np.array([0, 0, 0]))
    >>> zoomed = (np.array([[0, 0, 41, 61]], float), np.array([0.8]), np.array([0]))
    >>> _whole_tiles(found, zoomed, 0.35, 0.6)[0].tolist()
    [[90.0, 0.0, 130.0, 60.0], [0.0, 0.0, 41.0, 61.0]]
    >>> short = (np.array([[0, 0, 41, 50]], float), np.array([0.8]), np.array([0]))
    >>> _whole_tiles(found, short, 0.35, 0.6, grown=True)[0].tolist()
    [[90.0, 0.0, 130.0, 60.0], [0.0, 0.0, 41.0, 60.0]]
    """
    boxes, scores, cls = found
    used = np.zeros(len(boxes), dtype=bool)
    add, wholes = [], []
    for z, (zbox, zscore) in enumerate(zip(zoomed[0], zoomed[1], strict=True)):
        zw, zh = zbox[2] - zbox[0], zbox[3] - zbox[1]
        if zscore < threshold or max(zw / max(zh, 1e-6), zh / max(zw, 1e-6)) > TILE_SHAPE:
            continue
        over_w = np.minimum(boxes[:, 2], zbox[2]) - np.maximum(boxes[:, 0], zbox[0])
        over_h = np.minimum(boxes[:, 3], zbox[3]) - np.maximum(boxes[:, 1], zbox[1])
        area = np.maximum((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]), 1e-6)
        share = np.clip(over_w, 0, None) * np.clip(over_h, 0, None) / area
        pieces = (share >= inside) & (area <= piece_area * zw * zh) & ~used
        if pieces.sum() >= 2:
            used |= pieces
            add.append(z)
            held = np.vstack([zbox[None], boxes[pieces]]) if grown else zbox[None]
            wholes.append([*held[:, :2].min(axis=0), *held[:, 2:].max(axis=0)])
    if not add:
        return found
    return (np.concatenate([boxes[~used], np.array(wholes, float)]),
            np.concatenate([scores[~used], zoomed[1][add]]), np.concatenate([cls[~used], zoomed[2][add]]))


def _drop_pieces(xywh: np.ndarray, order: np.ndarray, inside: float,
                 codes: list[str] | None = None, same_inside: float = 1.0) -> np.ndarray:
    """Indices of ``order`` (best first) left after dropping each box that lies mostly (share
    ``inside`` of its area) within a better kept box, or less (``same_inside``) where both read
    the same tile (``codes``): part of a tile found beside the whole tile overlaps it too little
    for IoU suppression to catch.

    >>> boxes = np.array([[0, 0, 10, 14], [0, 0, 5, 14], [10, 0, 10, 14]], dtype=float)
    >>> _drop_pieces(boxes, np.array([0, 1, 2]), 0.7).tolist()
    [0, 2]
    >>> boxes = np.array([[0, 0, 10, 14], [5, 0, 10, 14]], dtype=float)  # half inside
    >>> _drop_pieces(boxes, np.array([0, 1]), 0.7, ["5p", "5p"], 0.5).tolist()
    [0]
    >>> _drop_pieces(boxes, np.array([0, 1]), 0.7, ["5p", "6p"], 0.5).tolist()
    [0, 1]
    """
    kept: list[int] = []
    for i in order:
        x, y, w, h = xywh[i]
        area = max(w * h, 1e-9)
        piece = False
        for j in kept:
            kx, ky, kw, kh = xywh[j]
            overlap_w = min(x + w, kx + kw) - max(x, kx)
            overlap_h = min(y + h, ky + kh) - max(y, ky)
            if overlap_w <= 0 or overlap_h <= 0:
                continue
            share = overlap_w * overlap_h / area
            if share >= inside or (codes is not None and codes[i] == codes[j]
                                   and share >= same_inside):
                piece = True
                break
        if not piece:
            kept.append(int(i))
    return np.array(kept, dtype=int)
