"""Fast checks of the real-photo dataset conversion (``datasets.real``).

The conversion's traps are silent (a wrong class remap or a polygon read as a box still trains),
so these pin the remap and the polygon handling, on synthetic lines and on a few real files.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from datasets import real
from vision.classes import TILE_CLASSES

FACE_CODES = TILE_CLASSES[:42]


def test_remap_is_a_bijection_onto_the_42_face_codes() -> None:
    remap = real.class_remap(real.ROBOFLOW_NAMES)
    assert len(remap) == 42
    assert sorted(remap) == list(range(42))
    assert {TILE_CLASSES[i] for i in remap} == set(FACE_CODES)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("sc1", "1m"),
        ("sd9", "9p"),
        ("sb5", "5s"),
        ("hwe", "E"),
        ("hwn", "N"),
        ("hdr", "C"),
        ("hdg", "F"),
        ("hdw", "P"),
        ("bf1", "1f"),  # 梅, flower
        ("bf4", "4f"),  # 竹
        ("bs1", "5f"),  # 春, season
        ("bs4", "8f"),  # 冬
    ],
)
def test_roboflow_names_map_to_tile_codes(name: str, code: str) -> None:
    assert real.roboflow_to_code(name) == code


@pytest.mark.parametrize("bad", ["xx1", "sc0", "sc10", "bf5", "bs", "hwx"])
def test_unknown_names_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        real.roboflow_to_code(bad)


def test_box_line_is_kept() -> None:
    box = real.parse_label_line("7 0.5 0.25 0.2 0.1")
    assert box == real.Box(7, 0.5, 0.25, pytest.approx(0.2), pytest.approx(0.1))


def test_polygon_line_becomes_its_bounding_box() -> None:
    box = real.parse_label_line("3 0.1 0.2 0.3 0.2 0.35 0.5 0.12 0.45")
    assert box is not None
    assert box.cls == 3
    assert (box.cx, box.cy) == (pytest.approx(0.225), pytest.approx(0.35))
    assert (box.w, box.h) == (pytest.approx(0.25), pytest.approx(0.3))


def test_polygon_is_clipped_to_the_image() -> None:
    box = real.parse_label_line("0 -0.1 0.5 0.2 0.4 0.2 0.6 -0.05 0.7")
    assert box is not None
    assert box.cx - box.w / 2 == pytest.approx(0.0)
    assert box.w == pytest.approx(0.2)


@pytest.mark.parametrize("line", ["", "1 0.5", "1 0.1 0.2 0.3 0.4 0.5", "a b c d e", "1 0 0 0 0"])
def test_malformed_or_empty_lines_give_none(line: str) -> None:
    assert real.parse_label_line(line) is None


def test_crop_is_square_padded_and_clipped() -> None:
    image = np.zeros((100, 200, 3), np.uint8)
    image[40:60, 90:110] = 255
    crop = real.crop_tile(image, (90, 40, 110, 60), pad=0.5, size=32)
    assert crop is not None and crop.shape == (32, 32, 3)
    # the white tile fills the middle half of the padded crop
    assert crop[16, 16].min() == 255 and crop[1, 1].max() == 0
    edge = real.crop_tile(image, (190, 90, 210, 110), pad=0.1, size=16)
    assert edge is not None and edge.shape == (16, 16, 3)
    assert real.crop_tile(image, (5, 5, 6, 6)) is None


def test_class_folders_sort_in_tile_class_order() -> None:
    folders = [real.class_folder(i) for i in range(len(TILE_CLASSES))]
    assert sorted(folders) == folders
    assert [real.folder_to_code(f) for f in folders] == TILE_CLASSES


SOURCE = real.DEFAULT_SOURCE
needs_shared = pytest.mark.skipif(not SOURCE.is_dir(), reason="shared dataset not present")


@needs_shared
def test_shared_data_yaml_names_match_the_built_in_list() -> None:
    assert real.read_names(SOURCE) == real.ROBOFLOW_NAMES


@needs_shared
def test_real_label_files_parse_including_polygons() -> None:
    pairs = list(real.iter_split(SOURCE, "train"))
    assert len(pairs) == 1350
    polygon_file = None
    for _, label in pairs:
        lines = label.read_text().splitlines()
        if any(len(ln.split()) > 5 for ln in lines):
            polygon_file = label
            break
    assert polygon_file is not None, "the manifest says some files hold polygons"
    raw = [ln for ln in polygon_file.read_text().splitlines() if ln.strip()]
    boxes = real.read_labels(polygon_file)
    assert len(boxes) == len(raw)
    for box in boxes:
        assert 0 <= box.cls < 42
        assert 0 < box.w <= 1 and 0 < box.h <= 1
        assert 0 <= box.cx - box.w / 2 and box.cx + box.w / 2 <= 1 + 1e-9


@needs_shared
def test_build_on_a_few_real_images(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for split in ("train", "valid"):
        pairs = list(real.iter_split(SOURCE, split))[:2]
        (source / split / "images").mkdir(parents=True)
        (source / split / "labels").mkdir(parents=True)
        for image, label in pairs:
            (source / split / "images" / image.name).symlink_to(image)
            (source / split / "labels" / label.name).symlink_to(label)
    (source / "data.yaml").symlink_to(SOURCE / "data.yaml")

    det = real.build_detection(source, tmp_path / "detect")
    assert det["images/train"] == 2 and det["images/val"] == 2
    label_files = list((tmp_path / "detect" / "labels").rglob("*.txt"))
    assert len(label_files) == 4
    for label in label_files:
        for line in label.read_text().splitlines():
            parts = line.split()
            assert len(parts) == 5 and parts[0] == "0"
    assert "1: back" in (tmp_path / "detect" / "data.yaml").read_text()

    cls = real.build_classification(source, tmp_path / "classify", size=48)
    crops = list((tmp_path / "classify").rglob("*.jpg"))
    assert len(crops) == cls["crops/train"] + cls["crops/val"] > 0
    assert all(p.parent.name in {real.class_folder(i) for i in range(42)} for p in crops)
