"""The layout reader on real photos of the shared validation split that show one row of 13-14
tiles: fed the labelled boxes, it must read one row, left to right, with no melds.

Which photos show one row is decided independently of the reader: a straight line through the
box centres (least squares, slope under 0.6) misses none by more than a third of a tile height.
"""

from __future__ import annotations

import numpy as np
import pytest

from datasets.real import DEFAULT_SOURCE, iter_split, read_labels, read_names, roboflow_to_code
from vision.hand_reader import read_hand

pytestmark = pytest.mark.skipif(not (DEFAULT_SOURCE / "valid").is_dir(),
                                reason="shared real-photo dataset not here")


def one_row_photos():
    names = read_names(DEFAULT_SOURCE)
    for image, label in iter_split(DEFAULT_SOURCE, "valid"):
        boxes = read_labels(label)
        if not 13 <= len(boxes) <= 14:
            continue
        px = [b.to_pixels(640, 640) for b in boxes]  # the split is stretched to 640x640
        centres = np.array([[(x1 + x2) / 2, (y1 + y2) / 2] for x1, y1, x2, y2 in px])
        height = float(np.median([y2 - y1 for _, y1, _, y2 in px]))
        design = np.c_[centres[:, 0], np.ones(len(centres))]
        coef, *_ = np.linalg.lstsq(design, centres[:, 1], rcond=None)
        if abs(coef[0]) > 0.6 or np.abs(centres[:, 1] - design @ coef).max() > height / 3:
            continue
        codes = [roboflow_to_code(names[b.cls]) for b in boxes]
        dets = [{"tile": c, "box": list(p), "confidence": 1.0} for c, p in zip(codes, px, strict=True)]
        yield image.name, dets, [codes[k] for k in np.argsort(centres[:, 0])]


def test_real_single_rows_read_left_to_right():
    photos = list(one_row_photos())
    good = 0
    for _, dets, truth in photos:
        r = read_hand(dets)
        good += [t.code for t in r.tiles] == truth and not r.hand["melds"]
    print(f"real one-row photos read left to right: {good}/{len(photos)}")
    assert len(photos) >= 30
    assert good / len(photos) >= 0.95


def classifier_rate() -> str:
    """The same photos with the labelled boxes named by the shipped classifier: how many are
    read with every tile right."""
    from vision.images import read_image
    from vision.recognizer import TileClassifier

    clf = TileClassifier.load()
    n = exact = sure = right = total = 0
    for name, dets, truth in one_row_photos():
        image = read_image(DEFAULT_SOURCE / "valid" / "images" / name)
        # labelled boxes all hold a tile: never read as no tile
        codes, probs = clf.name(image, np.array([d["box"] for d in dets]), np.ones(len(dets), bool))
        named = [{"tile": c, "box": d["box"], "confidence": float(p)}
                 for c, p, d in zip(codes, probs, dets, strict=True)]
        r = read_hand(named)
        got = [t.code for t in r.tiles]
        n, exact, sure = n + 1, exact + (got == truth), sure + r.sure
        right += sum(a == b for a, b in zip(got, truth, strict=False))
        total += len(truth)
    return (f"{n} one-row photos, true boxes + shipped classifier: {exact} with every tile right, "
            f"{sure} read without doubts, {right}/{total} tiles right")


def recognizer_rate() -> str:
    """The same photos end to end with the shipped detector and classifier (nothing true given):
    how many rows are read with every tile right, left to right."""
    from vision.images import read_image
    from vision.recognizer import Recognizer

    recognizer = Recognizer.load()
    n = exact = sure = 0
    for name, _, truth in one_row_photos():
        r = read_hand(recognizer.detect(read_image(DEFAULT_SOURCE / "valid" / "images" / name)))
        n, exact, sure = n + 1, exact + ([t.code for t in r.tiles] == truth), sure + r.sure
    return (f"{n} one-row photos, shipped detector + classifier: {exact} read with every tile "
            f"right, {sure} without doubts")


if __name__ == "__main__":  # python -m tests.test_layout_real
    print(classifier_rate())
    print(recognizer_rate())
