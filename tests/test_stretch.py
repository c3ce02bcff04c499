"""Stretched copies of detection photos: the boxes must follow the pixels (datasets.stretch)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from datasets.stretch import MAX_SQUEEZE, build_stretched, crop_boxes, stretch_photo


def test_crop_boxes_moves_scales_and_drops():
    boxes = [(0, 0.5, 0.5, 0.2, 0.2), (1, 0.05, 0.5, 0.1, 0.1), (0, 0.25, 0.5, 0.1, 0.1)]
    # window: left half cut away, so the second box vanishes; the third is cut in half (dropped)
    assert crop_boxes(boxes, (0.25, 0.0, 0.5, 1.0)) == [(0, 0.5, 0.5, 0.4, 0.2)]


def _scene(rng: random.Random) -> tuple[np.ndarray, list]:
    """A grey photo with a few coloured, non-overlapping 'tiles' and their YOLO boxes."""
    image = np.full((320, 320, 3), 128, np.uint8)
    boxes = []
    for i in range(4):
        x1, y1 = 20 + 75 * i, rng.randint(20, 200)
        image[y1:y1 + 60, x1:x1 + 45] = (40 * i, 255 - 40 * i, 200)
        boxes.append((0, (x1 + 22.5) / 320, (y1 + 30) / 320, 45 / 320, 60 / 320))
    return image, boxes


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_stretched_boxes_cover_their_tiles(seed):
    rng = random.Random(seed)
    image, boxes = _scene(rng)
    stretched, kept = stretch_photo(image, boxes, rng)
    assert stretched.shape == image.shape
    assert kept, "the window is centred on a labelled tile, so at least one stays"
    for _, cx, cy, w, h in kept:
        eps = 1e-5  # labels are rounded to 6 decimals
        assert -eps <= cx - w / 2 and cx + w / 2 <= 1 + eps and -eps <= cy - h / 2 and cy + h / 2 <= 1 + eps
        # the centre pixel of every kept box is tile colour, not the grey background
        pixel = stretched[int(cy * 320), int(cx * 320)]
        assert pixel[2] > 180
    aspects = [(w / h) / (45 / 60) for _, _, _, w, h in kept]
    assert all(1 / (MAX_SQUEEZE * 2.01) <= a <= MAX_SQUEEZE * 2.01 for a in aspects)


def test_build_stretched_is_reproducible(tmp_path):
    import cv2

    source = tmp_path / "detect"
    (source / "images" / "train").mkdir(parents=True)
    (source / "labels" / "train").mkdir(parents=True)
    for n in range(3):
        image, boxes = _scene(random.Random(n))
        cv2.imwrite(str(source / "images" / "train" / f"p{n}.jpg"), image)
        (source / "labels" / "train" / f"p{n}.txt").write_text(
            "".join(f"{c} {x} {y} {w} {h}\n" for c, x, y, w, h in boxes))
    first = build_stretched(source, tmp_path / "a", copies=5, seed=3)
    second = build_stretched(source, tmp_path / "b", copies=5, seed=3)
    assert first["images"] == 5 and first == second
    labels_a = sorted(p.read_text() for p in (tmp_path / "a" / "labels").iterdir())
    labels_b = sorted(p.read_text() for p in (tmp_path / "b" / "labels").iterdir())
    assert labels_a == labels_b
