"""The classifier's whole-table training crops: cut as the table reader cuts them, named by the
tile they show, in training designs only, written in the classifier's 43 class folders."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from datasets.synth import table_crops
from datasets.synth.art import available_art_sets
from datasets.synth.table import HELD_OUT_ART, render_table_scene
from datasets.synth.table_crops import CLASSES, CROP_SIZE, write_set
from datasets.synth.table_crops import table_crops as crops_of
from datasets.synth.table_windows import COLOURED_SHARE, training_designs
from vision.cut import CROP_VIEWS, cut_views

pytestmark = pytest.mark.skipif(not available_art_sets(), reason="no tile art on this machine")


def _designs() -> tuple[str, ...]:
    return training_designs(designs=4)


def test_crops_are_the_readers_crops_of_each_face_up_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_crops, "BOX_JITTER", 0.0)  # the true boxes, as cut_views cuts them
    got = crops_of(np.random.default_rng([5, 0]), _designs(), small_extra=0, shrunk_share=0.0)
    rng = np.random.default_rng([5, 0])
    scene = render_table_scene(rng, list(_designs()), coloured=bool(rng.random() < COLOURED_SHARE))
    faces = [t for t in scene.tiles if t.labelled and t.code in CLASSES]
    assert len(faces) > 30, "a whole table's face-up tiles"
    cut, index = cut_views(scene.image, np.array([t.box for t in faces], float), CROP_VIEWS, CROP_SIZE)
    assert all(len(i) == len(faces) for i in index), "every tile of this table is big enough to cut"
    expected = [(faces[k].code, cut[v * len(faces) + k]) for k in range(len(faces))
                for v in range(len(CROP_VIEWS))]
    tiles = [(code, crop) for code, crop in got if code != "none"]
    assert [c for c, _ in tiles] == [c for c, _ in expected]
    assert all(np.array_equal(a, b) for (_, a), (_, b) in zip(tiles, expected, strict=True))
    nones = [crop for code, crop in got if code == "none"]
    assert 0 < len(nones) <= table_crops.NONE_PER_SCENE
    assert all(crop.shape == (CROP_SIZE, CROP_SIZE, 3) for _, crop in got)


def _scene_faces(seed: int) -> tuple[np.ndarray, list]:
    rng = np.random.default_rng([seed, 0])
    scene = render_table_scene(rng, list(_designs()), coloured=bool(rng.random() < COLOURED_SHARE))
    return scene.image, [t for t in scene.tiles if t.labelled and t.code in CLASSES]


def test_small_tiles_are_cut_more_often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_crops, "BOX_JITTER", 0.0)
    got = [code for code, _ in crops_of(np.random.default_rng([5, 0]), _designs(), small_extra=2,
                                        shrunk_share=0.0) if code != "none"]
    image, faces = _scene_faces(5)
    small = [min(t.box[2] - t.box[0], t.box[3] - t.box[1]) < table_crops.SMALL_SIDE for t in faces]
    assert any(small) and not all(small), "a whole table has far small tiles and near large ones"
    expected = [t.code for t, s in zip(faces, small, strict=True)
                for _ in range(len(CROP_VIEWS) * (3 if s else 1))]
    assert got == expected


def test_a_shrunk_table_is_cut_at_its_shrunk_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_crops, "BOX_JITTER", 0.0)
    monkeypatch.setattr(table_crops, "SHRINK", (0.5, 0.5))
    got = [crop for code, crop in crops_of(np.random.default_rng([5, 0]), _designs(),
                                           small_extra=0, shrunk_share=1.0) if code != "none"]
    image, faces = _scene_faces(5)
    height, width = image.shape[:2]
    half = cv2.resize(image, (round(width * 0.5), round(height * 0.5)), interpolation=cv2.INTER_AREA)
    cut, index = cut_views(half, 0.5 * np.array([t.box for t in faces], float), CROP_VIEWS,
                           CROP_SIZE)
    assert all(len(i) == len(faces) for i in index)
    expected = [cut[v * len(faces) + k] for k in range(len(faces)) for v in range(len(CROP_VIEWS))]
    assert len(got) == len(expected)
    assert all(np.array_equal(a, b) for a, b in zip(got, expected, strict=True))


def test_no_crops_are_cut_from_a_held_out_design() -> None:
    with pytest.raises(ValueError, match="held out"):
        crops_of(np.random.default_rng(0), [*_designs(), HELD_OUT_ART[0]])


def test_the_set_has_the_classifiers_class_folders_and_the_real_share(tmp_path: Path) -> None:
    real = tmp_path / "real"
    for split in ("train", "val"):
        (real / split / "04_5m").mkdir(parents=True)
        for k in range(20):
            cv2.imwrite(str(real / split / "04_5m" / f"{k}.jpg"), np.full((8, 8, 3), k, np.uint8))
    counts = write_set(tmp_path / "set", scenes=1, val_scenes=1, seed=3, designs=4, real=real,
                       real_share=10)
    train = sorted(p.name for p in (tmp_path / "set" / "train").iterdir())
    assert len(train) == 43 and train[0] == "00_1m" and train[-1] == "42_none"
    assert sorted(p.name for p in (tmp_path / "set" / "val").iterdir()) == train
    assert counts["train"] > 50 and counts["val"] > 50 and counts["none"] > 0
    assert len(list((tmp_path / "set" / "train" / "04_5m").glob("real_*"))) == 10
    assert len(list((tmp_path / "set" / "val" / "04_5m").glob("real_*"))) == 1
