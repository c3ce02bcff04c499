"""Check, on a whole table: 白板 that are a wall's pale backs (``backs_named_blank``).

A set whose backs are pale (ivory, beige or pink, as gen-14's and gen-15's are) shows its walls
as rows of blank tops; the detector finds them as tiles or pale backs and the classifiers name
them 白板 surely (a back is blank, and they have no class for it). Laid out, those rows read as
rivers and melds. A set has four 白板: more than four named surely of one colour, lying in rows
with each other, are not faces but the backs of a wall or of a standing hand. A real 白板 keeps
its name where its face's colour is not its backs' (as the rendered sets' faces are not), or
where it lies apart from others of its colour (a discard, the indicator on a wall of unlike
backs); a standing hand's blank tops seen from above, named unsurely, are not counted, so a 白板
pung beside them stays. Measured in docs/table-reader.md ("Where the misses come from").
"""

from __future__ import annotations

import cv2
import numpy as np

from assistant.table_view import COPIES

from .pieces import ROW_GAP
from .preprocess import crop_tile

#: Two colours (a box's middle, CIELAB median, OpenCV's 0-255 scale; or a pixel of the bare
#: cloth) within this distance are one: blank boxes of one look (``backs_named_blank``), a
#: blank box of the cloth's colour (``check._on_cloth``). The wall's blanks were measured at 8
#: and the cloth at 12 apart; both at 12, seeds 63 / 64 / 66 / 67 of ``vision.evaluate_table``
#: read the same but one hidden back more found on 64 (``scripts/table_misses.py``), both at
#: 10 one river fewer in order on 64.
SAME_COLOUR = 12.0

#: Whether 白板 that are a wall's pale backs are read as backs; off only to measure without.
WALL_BLANKS = True


def middle_colours(image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """The CIELAB median (OpenCV's 0-255 scale) of each box's middle half, n x 3 (NaN where the
    box is too small to crop)."""
    out = np.full((len(boxes), 3), np.nan, np.float32)
    for k, box in enumerate(boxes):
        crop = crop_tile(image, tuple(box), pad=0.0, size=32)
        if crop is not None:
            lab = cv2.cvtColor(np.ascontiguousarray(crop[8:24, 8:24]), cv2.COLOR_BGR2LAB)
            out[k] = np.median(lab.reshape(-1, 3), axis=0)
    return out


def backs_named_blank(image: np.ndarray, boxes: np.ndarray, blank: np.ndarray,
                      sure: np.ndarray) -> np.ndarray:
    """Which boxes (x1, y1, x2, y2) named 白板 (``blank``) are backs: of a colour
    (``SAME_COLOUR``) that more than ``COPIES`` (a set's copies of 白板) blank boxes named
    surely (``sure``) have, with one blank box of it next to it in a row (``pieces.ROW_GAP``: a
    wall's stacks touch).

    >>> image = np.full((200, 700, 3), 60, np.uint8)
    >>> image[20:60, 10:310] = (170, 190, 235)  # a wall's beige backs, ten stacks
    >>> image[120:160, 400:430] = (235, 235, 230)  # a white 白板 discarded
    >>> boxes = np.array([[10 + 30 * k, 20, 40 + 30 * k, 60] for k in range(10)]
    ...                  + [[400, 120, 430, 160]], float)
    >>> every = np.ones(11, bool)
    >>> backs_named_blank(image, boxes, every, every).tolist()
    [True, True, True, True, True, True, True, True, True, True, False]
    >>> bool(backs_named_blank(image, boxes[6:], every[6:], every[6:]).any())  # four: a set's
    False
    >>> unsure = np.arange(11) < 6  # only four of the wall's named surely
    >>> bool(backs_named_blank(image, boxes, every, ~unsure).any())
    False
    """
    backs = np.zeros(len(boxes), dtype=bool)
    asked = np.flatnonzero(blank)
    if not WALL_BLANKS or np.count_nonzero(blank & sure) <= COPIES:
        return backs
    boxes = np.asarray(boxes, float)
    colours = middle_colours(image, boxes[asked])
    alike = np.linalg.norm(colours[:, None] - colours[None], axis=2) < SAME_COLOUR
    looks = (alike & np.asarray(sure, bool)[asked][None]).sum(axis=1)  # itself too, if sure
    np.fill_diagonal(alike, False)
    middles = (boxes[asked, :2] + boxes[asked, 2:]) / 2
    sides = np.max(boxes[asked, 2:] - boxes[asked, :2], axis=1)
    reach = (1 + ROW_GAP) * np.maximum(sides[:, None], sides[None])
    near = np.linalg.norm(middles[:, None] - middles[None], axis=2) < reach
    for k, i in enumerate(asked):
        backs[i] = looks[k] > COPIES and bool((alike[k] & near[k]).any())
    return backs
