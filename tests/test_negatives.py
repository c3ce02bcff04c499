"""Crops of what is not a tile (datasets.negatives) and the recognizer dropping such boxes."""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from datasets.negatives import _overlaps, bare_boxes, build_negatives, seam_boxes
from vision import classes


def test_seams_join_neighbours_in_a_row_only() -> None:
    row = [(0, 0, 10, 14), (11, 0, 21, 14), (22, 1, 32, 15)]
    apart = [(100, 0, 110, 14), (111, 40, 121, 54)]  # the second is in another row
    assert seam_boxes(row + apart) == [(5.0, 0, 16.0, 14), (16.0, 0, 27.0, 15)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_bare_boxes_meet_no_tile_and_nothing_found(seed: int) -> None:
    rng = random.Random(seed)
    tiles = [(x, 100, x + 30, 140) for x in range(20, 300, 32)]
    found = [(50, 200, 90, 250)]
    bare = bare_boxes(tiles, found, 400, 300, rng, count=3)
    for box in bare:
        assert 0 <= box[0] < box[2] <= 400 and 0 <= box[1] < box[3] <= 300
        assert not _overlaps(box, tiles + found, margin=0.0)
        assert round(box[2] - box[0]) == 30 and round(box[3] - box[1]) == 40


def test_negatives_are_cut_from_both_splits(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for split in ("train", "valid"):
        (source / split / "images").mkdir(parents=True)
        (source / split / "labels").mkdir(parents=True)
        image = np.full((200, 300, 3), 90, np.uint8)
        cv2.imwrite(str(source / split / "images" / "a.jpg"), image)
        (source / split / "labels" / "a.txt").write_text(
            "0 0.2 0.5 0.1 0.2\n0 0.3 0.5 0.1 0.2\n")  # two touching tiles: one seam
    stats = build_negatives(source, tmp_path / "out", lambda image: [], seed=3, size=32)
    assert stats["train/seam"] == stats["val/seam"] == 1
    assert stats["train/bare"] == stats["val/bare"] == 1
    crops = sorted((tmp_path / "out" / "train").glob("*.jpg"))
    assert [c.name for c in crops] == ["a_bare00.jpg", "a_seam00.jpg"]
    assert cv2.imread(str(crops[0])).shape == (32, 32, 3)


def test_recognizer_drops_boxes_the_classifier_calls_no_tile(monkeypatch) -> None:
    import vision.recognizer as recognizer

    rec = recognizer.Recognizer.load()
    boxes = np.array([[10, 10, 40, 50], [50, 10, 80, 50]], dtype=float)
    monkeypatch.setattr(rec, "find", lambda image, faces_first=False: (
        boxes, np.array([0.9, 0.4]), np.array([0, 0])))
    asked = []

    def name(image: np.ndarray, b: np.ndarray, tile_there: np.ndarray, tileset=None,
             scores=None, numbered=False) -> tuple:
        asked.append(tile_there.tolist())  # the detector is sure of the first box only
        return ["5p", classes.NOT_A_TILE], np.array([0.9, 0.7])

    monkeypatch.setattr(rec.classifier, "name", name)
    tiles = rec.detect(np.zeros((100, 100, 3), np.uint8))
    assert [t["tile"] for t in tiles] == ["5p"] and tiles[0]["box"] == [10, 10, 40, 50]
    assert asked == [[True, False]]
