"""The marks of ink on a tile's face, and what their shapes alone say where a classifier that
never saw the design is unsure: whether the face is a frame round an empty middle (a 白板
however its frame is drawn).

Ink is what Otsu's split of the face's grey sets apart, dark on a pale face or pale on a dark
one; a mark is one connected piece of it that keeps clear of the box's edge (the cloth, the
tile's side) and stands off the face around it (``preprocess.INK_CONTRAST``). The index numerals and the
lettered names ``vision.caption`` reads are cut from the same marks.
"""

from __future__ import annotations

import cv2
import numpy as np

from .preprocess import BLANK_INK, INK_CONTRAST, QUADRILATERAL

#: A framed middle is at least this share of its box's width and of its height (the middle of
#: kmahjongg's lattice 白板 is 0.26-0.30 of a box taken at a slant; the hole of a 9筒's middle
#: circle 0.15-0.20), wherever its own middle lies (only within 0.12 of the box's width and height
#: of the box's middle: no set read otherwise, ``benchmarks/recognizer_ablation.py --every 4``) ...
FRAMED_SIDE = 0.22
# ... a quadrilateral (``preprocess.QUADRILATERAL``) ...
# ... and empty: ink on at most ``preprocess.BLANK_INK`` of it, as a blank face's middle (at
# 0.02 instead, no set read otherwise: ``benchmarks/recognizer_ablation.py``).


def box_pixels(image: np.ndarray, box: np.ndarray | list[float]) -> np.ndarray | None:
    """The pixels of ``box`` (x1, y1, x2, y2, clipped to ``image``), or None under 8 px a side.

    >>> box_pixels(np.zeros((50, 40, 3), np.uint8), [30, -5, 60, 20]).shape
    (20, 10, 3)
    """
    height, width = image.shape[:2]
    x1, y1, x2, y2 = (float(v) for v in np.asarray(box, float).reshape(4))
    x1, y1 = max(0, int(x1)), max(0, int(y1))
    x2, y2 = min(width, int(round(x2))), min(height, int(round(y2)))
    return image[y1:y2, x1:x2] if x2 - x1 >= 8 and y2 - y1 >= 8 else None


def _ink(grey: np.ndarray) -> np.ndarray:
    """Otsu's ink (255) of a face's grey: dark on pale, or pale on dark where the box and its
    middle are both mostly dark (a box that is mostly dark cloth and the tile's side round a
    pale face is still dark on pale)."""
    height, width = grey.shape
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    middle = ink[height // 4:height - height // 4, width // 4:width - width // 4]
    if (ink > 0).mean() > 0.5 and (middle > 0).mean() > 0.5:
        ink = 255 - ink
    return ink


def _off_edge(stats: np.ndarray, k: int, width: int, height: int) -> bool:
    """Whether component ``k`` of ``stats`` keeps clear of the box's edge."""
    x, y, w, h = (int(v) for v in stats[k][:4])
    return x > 1 and y > 1 and x + w < width - 1 and y + h < height - 1


def ink_marks(face: np.ndarray, tall: tuple[float, float]) -> tuple[np.ndarray, list[tuple[int, ...]]]:
    """The marks of ink on ``face`` (BGR) ``tall`` (shares of its height) that stay clear of its
    edge and stand off the face around them by ``INK_CONTRAST``: the component labels and
    each mark as (x, y, w, h, inked area, label). Off the face around a mark, not the box's
    median: a box that is mostly the cloth and the tile's side round a small face has the
    cloth's tone."""
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY) if face.ndim == 3 else face
    height, width = grey.shape
    count, labels, stats, _ = cv2.connectedComponentsWithStats(_ink(grey), connectivity=8)
    out = []
    for k in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[k])
        if not tall[0] * height <= h <= tall[1] * height or not _off_edge(stats, k, width, height):
            continue
        tone = float(grey[y:y + h, x:x + w][labels[y:y + h, x:x + w] == k].mean())
        near = (slice(max(0, y - h // 2), y + h + h // 2), slice(max(0, x - h // 2), x + w + h // 2))
        around = grey[near][labels[near] == 0]
        if around.size and abs(tone - float(np.median(around))) >= INK_CONTRAST:
            out.append((x, y, w, h, area, k))
    return labels, out


def framed_middle(face: np.ndarray) -> bool:
    """Whether ``face`` (BGR, a tile's box) is a frame round an empty middle: the face's middle
    is a room of no ink closed in by marks (not by the box's edge), a quadrilateral, holding the
    middle of the box and a good share of it (``FRAMED_SIDE``). So a 白板 is drawn, with a frame,
    a double frame or kmahjongg's lattice of squares, where a classifier that never saw the
    frame takes it for 8条; no tile with marks in its middle is.

    >>> face = np.full((160, 120, 3), 230, np.uint8)
    >>> for k in range(0, 100, 12):  # a lattice band round the face
    ...     _ = cv2.rectangle(face, (10 + k // 2, 12), (22 + k // 2, 148), (20, 20, 20), 2)
    >>> _ = cv2.rectangle(face, (10, 12), (110, 148), (20, 20, 20), 2)
    >>> _ = cv2.rectangle(face, (30, 40), (90, 120), (20, 20, 20), 3)  # the middle's frame
    >>> face[42:119, 32:89] = 230
    >>> marked = cv2.circle(face.copy(), (60, 80), 12, (20, 20, 200), -1)  # a pip in its middle
    >>> framed_middle(face), framed_middle(marked)
    (True, False)
    """
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY) if face.ndim == 3 else face
    height, width = grey.shape
    count, labels, stats, _ = cv2.connectedComponentsWithStats(_ink(grey), connectivity=8)
    marks = np.isin(labels, [k for k in range(1, count) if _off_edge(stats, k, width, height)])
    _, rooms, room_stats, _ = cv2.connectedComponentsWithStats((~marks).astype(np.uint8), connectivity=4)
    room = rooms[height // 2, width // 2]
    if marks[height // 2, width // 2] or not _off_edge(room_stats, room, width, height):
        return False  # ink in the middle, or a middle open to the box's edge
    w, h = (int(v) for v in room_stats[room][2:4])
    if w < FRAMED_SIDE * width or h < FRAMED_SIDE * height:
        return False
    outline, _ = cv2.findContours((rooms == room).astype(np.uint8), cv2.RETR_EXTERNAL,
                                  cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(grey)
    cv2.drawContours(filled, outline, -1, 1, -1)
    (_, _), (side_a, side_b), _ = cv2.minAreaRect(np.vstack(outline))
    inside = int(filled.sum())
    return (inside >= QUADRILATERAL * side_a * side_b
            and float((marks & (filled > 0)).sum()) <= BLANK_INK * inside)
