"""Crops of what is not a tile, for the classifier's ``none`` class.

Why: about a third of the boxes the detector puts on no labelled tile of `valid` are not tiles at
all: the empty slot of a rack (a dark woven mat the size of a tile), a coin, or a box across the
seam of two neighbouring tiles. The classifier, knowing only tile faces, named them confidently.
With a ``none`` class it can say so, and the recognizer drops such boxes. Two kinds of crop, cut
exactly as tiles are (``vision.preprocess.crop_tile``):

* seams: a box from the middle of one labelled tile to the middle of its neighbour in a row;
* bare table: a box the size of a labelled tile where no label and no detection lies (so a tile
  the labeller skipped is not taught as "none").
"""

from __future__ import annotations

import random
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from datasets.real import SPLITS, iter_split, progress, read_labels
from vision.preprocess import crop_tile

Box = tuple[float, float, float, float]  # x1, y1, x2, y2 in pixels

#: Neighbours: the next tile starts within this share of a tile's width of its right edge, and the
#: two overlap over at least ``SAME_ROW`` of the smaller height.
GAP = 0.3
SAME_ROW = 0.7
#: Crops per photo of each kind (1,888 ``none`` crops from the 1,350 train photos, about three
#: times a real tile class: it stands for everything that is not a tile) and bare boxes tried.
SEAMS_PER_PHOTO, BARE_PER_PHOTO, TRIES = 1, 1, 40


def seam_boxes(boxes: list[Box]) -> list[Box]:
    """Boxes from the centre of each tile to the centre of its right-hand neighbour in a row.

    >>> seam_boxes([(0, 0, 10, 14), (11, 0, 21, 14), (40, 0, 50, 14)])
    [(5.0, 0, 16.0, 14)]
    """
    out = []
    for a in boxes:
        width = a[2] - a[0]
        right = [b for b in boxes if b is not a and a[2] - GAP * width <= b[0] <= a[2] + GAP * width
                 and min(a[3], b[3]) - max(a[1], b[1]) >= SAME_ROW * min(a[3] - a[1], b[3] - b[1])]
        if right:
            b = min(right, key=lambda box: box[0])
            out.append(((a[0] + a[2]) / 2, min(a[1], b[1]), (b[0] + b[2]) / 2, max(a[3], b[3])))
    return out


def _overlaps(box: Box, others: list[Box], margin: float = 0.1) -> bool:
    """Whether ``box``, grown by ``margin`` of its size, meets any of ``others``."""
    dx, dy = margin * (box[2] - box[0]), margin * (box[3] - box[1])
    return any(box[0] - dx < o[2] and o[0] < box[2] + dx and box[1] - dy < o[3] and o[1] < box[3] + dy
               for o in others)


def bare_boxes(boxes: list[Box], avoid: list[Box], width: int, height: int, rng: random.Random,
               count: int = BARE_PER_PHOTO) -> list[Box]:
    """Up to ``count`` boxes shaped like a random labelled tile that meet no label or ``avoid``."""
    out: list[Box] = []
    for _ in range(TRIES):
        if len(out) >= count or not boxes:
            break
        x1, y1, x2, y2 = rng.choice(boxes)
        w, h = x2 - x1, y2 - y1
        if w >= width or h >= height:
            continue
        x, y = rng.uniform(0, width - w), rng.uniform(0, height - h)
        box = (x, y, x + w, y + h)
        if not _overlaps(box, [*boxes, *avoid, *out]):
            out.append(box)
    return out


def build_negatives(source: Path, out: Path, find: Callable[[np.ndarray], list[Box]],
                    seed: int = 0, size: int = 96, min_side: float = 8.0) -> Counter:
    """Write ``out/<split>/*.jpg`` crops of seams and bare table; returns counts per split/kind.

    ``find`` gives the boxes a detector sees in a photo (kept clear of bare-table crops).
    """
    if out.exists():
        shutil.rmtree(out)
    stats: Counter = Counter()
    for src_split, split in SPLITS.items():
        (out / split).mkdir(parents=True)
        rng = random.Random(f"{seed}-{split}")
        for image_path, label in progress(list(iter_split(source, src_split)), f"negatives {split}"):
            image = cv2.imread(str(image_path), cv2.IMREAD_COLOR)
            if image is None:
                continue
            height, width = image.shape[:2]
            boxes = [b.to_pixels(width, height) for b in read_labels(label)]
            seams = seam_boxes(boxes)
            kinds = {"seam": rng.sample(seams, min(SEAMS_PER_PHOTO, len(seams))),
                     "bare": bare_boxes(boxes, find(image), width, height, rng)}
            for kind, found in kinds.items():
                for k, box in enumerate(found):
                    if min(box[2] - box[0], box[3] - box[1]) < min_side:
                        continue
                    crop = crop_tile(image, box, size=size)
                    if crop is None:
                        continue
                    name = f"{image_path.stem}_{kind}{k:02d}.jpg"
                    cv2.imwrite(str(out / split / name), crop, [cv2.IMWRITE_JPEG_QUALITY, 95])
                    stats[f"{split}/{kind}"] += 1
    return stats
