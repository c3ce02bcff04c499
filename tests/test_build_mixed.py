"""The mixed classifier set: real crops, squashed copies and rendered faces, never backs."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from datasets.build import build_mixed


def _crop(path: Path, value: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), np.full((96, 96, 3), value, np.uint8))


def test_mixed_classify_set_takes_rendered_faces_but_no_backs(tmp_path: Path) -> None:
    for k in range(4):
        _crop(tmp_path / "real" / "classify" / "train" / "00_1m" / f"r{k}.jpg", 50 + k)
    _crop(tmp_path / "real" / "classify" / "val" / "00_1m" / "v.jpg", 60)
    _crop(tmp_path / "synth" / "classify" / "1m" / "000001_0.jpg", 70)
    _crop(tmp_path / "synth" / "classify" / "back" / "000001_1.jpg", 80)
    (tmp_path / "real" / "detect").mkdir(parents=True)

    stats = build_mixed(tmp_path, crop_size=32, seed=1)

    train = tmp_path / "mixed" / "classify" / "train"
    assert sorted(p.name for p in train.iterdir()) == ["00_1m"]  # no folder for back
    names = sorted(p.name for p in (train / "00_1m").iterdir())
    assert "synth_000001_0.jpg" in names and {f"r{k}.jpg" for k in range(4)} <= set(names)
    assert cv2.imread(str(train / "00_1m" / "synth_000001_0.jpg")).shape == (32, 32, 3)
    assert stats["classify_synth_crops"] == 1
    assert stats["classify_squashed_crops"] == sum(n.startswith("squash_") for n in names)
    assert sum(stats["classify_turned_crops"].values()) == sum(n.startswith("turned") for n in names)
    assert [p.name for p in (tmp_path / "mixed" / "classify" / "val" / "00_1m").iterdir()] == ["v.jpg"]
