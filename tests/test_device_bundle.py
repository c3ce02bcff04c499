"""The bundle that carries the classifier crops to a lent GPU machine: what is packed comes back."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from datasets.device_bundle import POLARS_STAND_IN, pack_crops, unpack


def _crops(root: Path) -> dict[str, np.ndarray]:
    """A tiny classifier set: two classes in train, two in val; smooth images like tile faces."""
    rng = np.random.default_rng(5)
    made = {}
    for split, per_class in (("train", 3), ("val", 4)):
        for label in ("00_1m", "42_none"):
            folder = root / split / label
            folder.mkdir(parents=True)
            for k in range(per_class):
                image = cv2.GaussianBlur(rng.integers(0, 255, (96, 96, 3), dtype=np.uint8), (9, 9), 3)
                cv2.imwrite(str(folder / f"{k}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 95])
                made[f"{split}/{label}/{k}"] = image
    return made


def test_crops_packed_come_back_per_split_and_class(tmp_path: Path) -> None:
    _crops(tmp_path / "src")
    bundle = tmp_path / "bundle"
    packed = pack_crops(tmp_path / "src", bundle, seed=0, valid_sample=5)
    assert packed == 6 + 5  # every train crop, valid sampled down to 5
    assert sorted(p.name for p in bundle.iterdir()) == ["classify.bin", "classify.idx"]
    assert unpack(bundle) == packed
    counts = Counter(f"{p.parent.parent.name}/{p.parent.name}" for p in bundle.glob("classify/*/*/*.webp"))
    assert counts["train/00_1m"] == counts["train/42_none"] == 3
    assert counts["val/00_1m"] + counts["val/42_none"] == 5


def test_packed_crops_decode_close_to_the_originals(tmp_path: Path) -> None:
    made = _crops(tmp_path / "src")
    bundle = tmp_path / "bundle"
    pack_crops(tmp_path / "src", bundle, seed=0)
    unpack(bundle)
    originals = [made[f"train/00_1m/{k}"] for k in range(3)]
    for path in sorted((bundle / "classify" / "train" / "00_1m").glob("*.webp")):
        image = cv2.imread(str(path))
        assert image.shape == (96, 96, 3)
        assert min(np.abs(image.astype(int) - o).mean() for o in originals) < 8


def test_a_missing_crop_set_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="datasets.build"):
        pack_crops(tmp_path / "nothing", tmp_path / "bundle")


def test_the_polars_stand_in_fails_only_when_read() -> None:
    """ultralytics imports polars inside the function that reads its CSV, then calls it in a
    ``try``: importing the stand-in must work, reading must raise an ordinary exception."""
    namespace: dict = {}
    exec(compile(POLARS_STAND_IN, "polars", "exec"), namespace)
    with pytest.raises(RuntimeError, match="not installed"):
        namespace["read_csv"](b"epoch\n1\n")
