"""Turned copies of classifier crops: same class, turned a quarter, half or three quarters."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from datasets.turned import build_turned_crops
from vision.preprocess import turn


def _crop(path: Path, seed: int) -> np.ndarray:
    """A crop with a face that is not the same any way round (so a turn shows)."""
    image = np.random.default_rng(seed).integers(0, 255, (32, 32, 3), dtype=np.uint8)
    image[:8] = 255  # a bright top edge
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 100])
    return cv2.imread(str(path))


def test_turned_copies_stay_in_their_class_turned(tmp_path: Path) -> None:
    names = [("00_1m", f"r{k}.jpg") for k in range(40)] + [
        ("27_E", f"{origin}_{k}.jpg") for origin in ("synth", "squash") for k in range(40)]
    crops = {f"{c}/{n}": _crop(tmp_path / c / n, seed) for seed, (c, n) in enumerate(names)}

    written = build_turned_crops(tmp_path, seed=3)

    copies = sorted(tmp_path.glob("*/turned*"))
    assert len(copies) == sum(written.values())
    by_origin = {origin: sum(origin in p.name for p in copies) for origin in ("_r", "_synth_", "_squash_")}
    assert by_origin["_squash_"] == 0  # squashed copies are not turned again
    assert 4 <= by_origin["_r"] <= 18 and 12 <= by_origin["_synth_"] <= 30  # shares 0.25 and 0.5
    for copy in copies:
        degrees, name = copy.name.removeprefix("turned").split("_", 1)
        original = crops[f"{copy.parent.name}/{name}"]
        assert int(degrees) in (90, 180, 270)
        difference = np.abs(cv2.imread(str(copy)).astype(int) - turn(original, int(degrees)).astype(int))
        assert difference.mean() < 8  # the same face turned (up to JPEG)
    assert build_turned_crops(tmp_path, seed=3) == written  # run again: the same copies,
    assert sorted(tmp_path.glob("*/turned*")) == copies  # none of a copy


def test_turned_copies_are_reproducible(tmp_path: Path) -> None:
    for root in ("a", "b"):
        for k in range(30):
            _crop(tmp_path / root / "05_6m" / f"r{k}.jpg", k)
    assert build_turned_crops(tmp_path / "a", seed=7) == build_turned_crops(tmp_path / "b", seed=7)
    assert sorted(p.name for p in (tmp_path / "a" / "05_6m").iterdir()) == sorted(
        p.name for p in (tmp_path / "b" / "05_6m").iterdir())
