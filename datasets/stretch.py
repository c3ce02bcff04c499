"""Stretched copies of the real detection photos, so the detector reads tiles of any aspect.

Why: the shared photos were squeezed to 640x640 by their exporter, whatever their shape, and the
`valid` split holds many more extreme squeezes than `train` (tile boxes 0.06-12.5 times as wide as
tall against 0.5-1.6 in `train`). The detector, trained on the mild ones, misses or splits the
tiles of such photos (34 of the 296 `valid` photos held 394 of its 536 missed tiles). Each copy
here cuts a window of random aspect around a random labelled tile and scales it back to the
photo's size, so tiles come out narrower or wider than any in `train`, with their boxes moved the
same way; a quarter are close-ups of one tile instead. Ultralytics' own augmentations scale both
axes alike, so this one is done here, once, reproducibly from a seed.
"""

from __future__ import annotations

import math
import random
import shutil
from pathlib import Path

import cv2
import numpy as np

from datasets.real import read_labels

#: A box cut by the window is kept when at least this share of it stays inside; a smaller sliver
#: is dropped together with its pixels' label (too little face left to call it a tile).
KEEP_VISIBLE = 0.6

#: Widest squeeze either way, drawn log-uniformly from [1.5, MAX]. `valid` holds photos whose
#: tiles are 9-12.5 times as wide as tall (and 0.06-0.14), so the range must reach past them.
MAX_SQUEEZE = 14.0

#: Share of close-ups: a window a little larger than one tile, so the detector learns that a
#: photo of one tile filling the frame holds that one tile (the real photos have none).
CLOSE_UP = 0.25

YoloBox = tuple[int, float, float, float, float]  # class, cx, cy, w, h (normalised)


def stretch_window(boxes: list[YoloBox], rng: random.Random) -> tuple[float, float, float, float]:
    """A normalised window ``(x0, y0, w, h)`` of random aspect that holds a random labelled tile.

    The window's short side is 1.02-2 times that tile's extent along it, the long side the short
    one times the squeeze (both capped at the photo), so the whole tile stays inside and comes
    out up to ``MAX_SQUEEZE`` times wider or narrower than it was. A share ``CLOSE_UP`` of the
    windows are instead 1.15-3 times the tile each way: one tile filling the frame.
    """
    _, cx, cy, bw, bh = rng.choice(boxes)
    if rng.random() < CLOSE_UP:
        margin, skew = rng.uniform(1.15, 3.0), math.exp(rng.uniform(-0.25, 0.25))
        w, h = min(1.0, bw * margin * skew), min(1.0, bh * margin / skew)
    else:
        squeeze = math.exp(rng.uniform(math.log(1.5), math.log(MAX_SQUEEZE)))
        narrow_x = rng.random() < 0.5  # a narrow window widens the tiles, a flat one makes them tall
        extent = bw if narrow_x else bh
        short = min(1.0, extent * rng.uniform(1.02, 2.0))
        long = min(1.0, short * squeeze)
        w, h = (short, long) if narrow_x else (long, short)

    def place(centre: float, size: float, side: float) -> float:
        low, high = max(0.0, centre + size / 2 - side), min(1.0 - side, centre - size / 2)
        return rng.uniform(low, high) if low <= high else min(max(centre - side / 2, 0.0), 1.0 - side)

    return place(cx, bw, w), place(cy, bh, h), w, h


def crop_boxes(boxes: list[YoloBox], window: tuple[float, float, float, float]) -> list[YoloBox]:
    """The boxes seen through ``window``, in the window's normalised coordinates.

    >>> crop_boxes([(0, 0.5, 0.5, 0.2, 0.2), (0, 0.05, 0.5, 0.1, 0.1)], (0.25, 0.0, 0.5, 1.0))
    [(0, 0.5, 0.5, 0.4, 0.2)]
    """
    x0, y0, w, h = window
    out = []
    for cls, cx, cy, bw, bh in boxes:
        left, right = max(cx - bw / 2, x0), min(cx + bw / 2, x0 + w)
        top, bottom = max(cy - bh / 2, y0), min(cy + bh / 2, y0 + h)
        if right <= left or bottom <= top:
            continue
        if (right - left) * (bottom - top) < KEEP_VISIBLE * bw * bh:
            continue
        out.append((cls, round(((left + right) / 2 - x0) / w, 6), round(((top + bottom) / 2 - y0) / h, 6),
                    round((right - left) / w, 6), round((bottom - top) / h, 6)))
    return out


def stretch_photo(image: np.ndarray, boxes: list[YoloBox], rng: random.Random,
                  ) -> tuple[np.ndarray, list[YoloBox]]:
    """One stretched copy of ``image`` (same pixel size) and its boxes."""
    height, width = image.shape[:2]
    x0, y0, w, h = stretch_window(boxes, rng)
    px0, py0 = int(round(x0 * width)), int(round(y0 * height))
    px1, py1 = max(px0 + 2, int(round((x0 + w) * width))), max(py0 + 2, int(round((y0 + h) * height)))
    window = (px0 / width, py0 / height, (px1 - px0) / width, (py1 - py0) / height)
    crop = image[py0:py1, px0:px1]
    return cv2.resize(crop, (width, height), interpolation=cv2.INTER_LINEAR), crop_boxes(boxes, window)


def build_stretched(real_detect: Path, out: Path, copies: int, seed: int) -> dict[str, int]:
    """Write ``copies`` stretched photos drawn from ``real_detect``'s train split into ``out``.

    ``out`` gets ``images/`` and ``labels/`` in YOLO layout; photos without boxes are skipped.
    """
    sources = sorted((real_detect / "images" / "train").glob("*.jpg"))
    labels = real_detect / "labels" / "train"
    if out.exists():
        shutil.rmtree(out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    written = boxes_written = 0
    attempts = 0
    while written < copies and sources and attempts < copies * 3:
        attempts += 1
        source = rng.choice(sources)
        boxes = [(b.cls, b.cx, b.cy, b.w, b.h) for b in read_labels(labels / f"{source.stem}.txt")]
        image = cv2.imread(str(source), cv2.IMREAD_COLOR)
        if not boxes or image is None:
            continue
        stretched, kept = stretch_photo(image, boxes, rng)
        if not kept:
            continue
        stem = f"stretch_{written:05d}_{source.stem[:40]}"
        cv2.imwrite(str(out / "images" / f"{stem}.jpg"), stretched, [cv2.IMWRITE_JPEG_QUALITY, 90])
        (out / "labels" / f"{stem}.txt").write_text(
            "".join(f"{c} {x} {y} {w} {h}\n" for c, x, y, w, h in kept), encoding="utf-8")
        written += 1
        boxes_written += len(kept)
    return {"images": written, "boxes": boxes_written}


def squash_crop(crop: np.ndarray, rng: random.Random) -> np.ndarray:
    """``crop`` as the classifier sees a tile of a squashed photo: one axis kept at only 1/2-1/10
    of its pixels (then scaled back), so its detail is smeared along that axis."""
    height, width = crop.shape[:2]
    factor = math.exp(rng.uniform(math.log(2.0), math.log(10.0)))
    size = (max(2, round(width / factor)), height) if rng.random() < 0.5 else \
        (width, max(2, round(height / factor)))
    small = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)


def build_squashed_crops(train: Path, out: Path, share: float, seed: int) -> int:
    """Write squashed copies (``squash_crop``) of a ``share`` of the crops under ``train`` (one
    folder per class) into the same class folders under ``out``; returns how many."""
    rng = random.Random(seed)
    written = 0
    for folder in sorted(p for p in train.iterdir() if p.is_dir()):
        for image in sorted(folder.glob("*.jpg")):
            if rng.random() >= share:
                continue
            crop = cv2.imread(str(image), cv2.IMREAD_COLOR)
            if crop is None:
                continue
            (out / folder.name).mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(out / folder.name / f"squash_{image.name}"), squash_crop(crop, rng))
            written += 1
    return written
