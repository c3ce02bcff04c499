"""One tile, one box: real close-ups of a set the recognizer never saw, alone and touching."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.conftest import SHARED
from vision.images import read_image

CLOSE_UPS = SHARED / "datasets" / "real-other-designs" / "cyfef"
MODELS = Path(__file__).resolve().parent.parent / "models"
pytestmark = pytest.mark.skipif(not (CLOSE_UPS / "labels.jsonl").is_file() or
                                not (MODELS / "tile_detector.onnx").is_file(),
                                reason="../shared/datasets/real-other-designs/cyfef or the models missing")


@pytest.fixture(scope="module")
def reader():
    from vision.recognizer import Recognizer

    return Recognizer.load(MODELS)


def _labels() -> list[dict]:
    return [json.loads(line) for line in (CLOSE_UPS / "labels.jsonl").read_text().splitlines() if line]


def test_a_circle_or_bamboo_close_up_is_one_box(reader) -> None:
    """A close-up of a 筒 or 条 tile filling the frame is one box, not one per circle or stick:
    the second detector, asked where the first found few tiles, finds the circles; the looks
    from further off (``find.CLOSE_UP_LOOKS``) find the tile whole. 18 of 18 (14 without)."""
    rows = [row for row in _labels() if row["tile"][-1] in "ps"]
    counts = {row["tile"]: len(reader.detect(read_image(CLOSE_UPS / row["path"]))) for row in rows}
    assert len(counts) == 18
    assert counts == dict.fromkeys(counts, 1)


def test_a_circle_close_up_photographed_worse_is_one_box_read_right(reader) -> None:
    """The circle close-ups made to look taken worse (``vision.evaluate_real --photographed 4``,
    its seeds) are one box, read right: their circles, found as tiles by the first or the second
    detector, lie in the one tile the close-up detector finds whole (``CLOSEUP_DETECTOR_FILE``),
    grown to hold them all. One box 35 of 36, read right 36 (24 and 25 without that detector)."""
    from datasets.augment import photograph

    assert reader.closeup_detector is not None, "models/ ships the close-up detector"
    rows = [(k, row) for k, row in enumerate(_labels()) if row["tile"].endswith("p")]
    found = [(reader.detect(photograph(np.random.default_rng([2026, k, copy]),
                                       read_image(CLOSE_UPS / row["path"]))[0]), row["tile"])
             for k, row in rows for copy in range(4)]
    assert len(found) == 36
    assert sum(len(tiles) == 1 for tiles, _ in found) >= 35
    largest = [max(tiles, key=lambda t: (t["box"][2] - t["box"][0]) * (t["box"][3] - t["box"][1]))
               for tiles, _ in found]
    assert sum(t["tile"] == code for t, (_, code) in zip(largest, found, strict=True)) >= 35


def test_two_touching_close_ups_are_two_boxes(reader) -> None:
    """Two close-ups side by side, touching, are two boxes: 14 of the 14 pairs (12 without the
    close-up detector, whose whole tiles take in a third box of circles; 11 without
    ``CLOSE_UP_LOOKS``); none merges two tiles."""
    rows = _labels()
    faces = {row["tile"]: cv2.resize(read_image(CLOSE_UPS / row["path"]), (300, 415)) for row in rows}
    pairs = list(zip(rows[::2], rows[1::2], strict=True))
    found = [reader.detect(np.hstack([faces[a["tile"]], faces[b["tile"]]])) for a, b in pairs]
    assert all(len(tiles) >= 2 for tiles in found)
    assert sum(len(tiles) == 2 for tiles in found) == 14
