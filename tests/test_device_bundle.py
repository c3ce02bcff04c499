"""The bundle that carries the classifier crops to a lent GPU machine: what is packed comes back."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from datasets.device_bundle import POLARS_STAND_IN, pack_crops, pack_photos, unpack


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
    counts = Counter(f"{p.parent.parent.name}/{p.parent.name}" for p in bundle.glob("classify/*/*/*.webp")
                     if not p.name.startswith("turned"))
    assert counts["train/00_1m"] == counts["train/42_none"] == 3
    assert counts["val/00_1m"] + counts["val/42_none"] == 5


def test_turned_copies_are_made_where_the_crops_are_unpacked(tmp_path: Path) -> None:
    """The turned copies would take the blob over the device's limit: they are left out of it
    and made again from the unpacked crops, with the shares ``datasets.build`` uses."""
    made = _crops(tmp_path / "src")
    turned = tmp_path / "src" / "train" / "00_1m" / "turned90_0.jpg"
    cv2.imwrite(str(turned), np.rot90(made["train/00_1m/0"], -1))
    bundle = tmp_path / "bundle"
    assert pack_crops(tmp_path / "src", bundle, seed=0) == 6 + 8  # the copy is not packed
    for k in range(40):  # enough crops that a share of them is drawn; rendered ones keep their origin
        cv2.imwrite(str(tmp_path / "src" / "train" / "00_1m" / f"synth_{k}.jpg"), made["train/00_1m/1"])
    pack_crops(tmp_path / "src", bundle, seed=0)
    unpack(bundle)
    train = bundle / "classify" / "train" / "00_1m"
    assert sum(p.name.startswith("synth_") for p in train.iterdir()) == 40
    copies = [p for p in train.iterdir() if p.name.startswith("turned")]
    assert 10 <= len(copies) <= 32 and all(p.suffix == ".webp" for p in copies)  # half of them
    assert all((train / p.name.split("_", 1)[1]).is_file() for p in copies)  # beside its original


def test_the_table_set_comes_back_as_crops_with_no_turned_copy(tmp_path: Path) -> None:
    """The whole-table crops lie every way up already: unpacked as packed, nothing added."""
    _crops(tmp_path / "src")
    bundle = tmp_path / "bundle"
    assert pack_crops(tmp_path / "src", bundle, seed=0, name="table") == 6 + 8
    assert sorted(p.name for p in bundle.iterdir()) == ["table.bin", "table.idx"]
    assert unpack(bundle, "table") == 14
    counts = Counter(f"{p.parent.parent.name}/{p.parent.name}" for p in bundle.glob("table/*/*/*"))
    assert counts == {"train/00_1m": 3, "train/42_none": 3, "val/00_1m": 4, "val/42_none": 4}
    assert not (bundle / "table" / "data.yaml").exists()


def test_packed_crops_decode_close_to_the_originals(tmp_path: Path) -> None:
    made = _crops(tmp_path / "src")
    bundle = tmp_path / "bundle"
    pack_crops(tmp_path / "src", bundle, seed=0)
    unpack(bundle)
    originals = [made[f"train/00_1m/{k}"] for k in range(3)]
    for path in sorted((bundle / "classify" / "train" / "00_1m").glob("[!t]*.webp")):  # not turned
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


@pytest.mark.parametrize("name", ["detect", "faces"])
def test_detector_photos_come_back_scaled_with_their_labels(tmp_path: Path, name: str) -> None:
    """Photos of every train folder and the val folder of a data.yaml, scaled to the detector's
    side, each with its YOLO label file (relative boxes: scaling keeps them right); the second
    detector's set (``faces``) the same way under its own name."""
    import yaml

    rng = np.random.default_rng(2)
    folders = {"real/images/train": 2, "stretch/images": 1, "real/images/val": 2}
    labels = {}
    for folder, count in folders.items():
        (tmp_path / folder).mkdir(parents=True)
        label_dir = tmp_path / folder.replace("images", "labels")
        label_dir.mkdir(parents=True, exist_ok=True)
        for k in range(count):
            name = f"{folder.replace('/', '_')}{k}"
            image = cv2.GaussianBlur(rng.integers(0, 255, (480, 640, 3), dtype=np.uint8), (9, 9), 3)
            cv2.imwrite(str(tmp_path / folder / f"{name}.jpg"), image)
            labels[name] = f"0 0.5 0.5 0.1 0.2\n1 0.{k + 2} 0.3 0.1 0.1\n"
            (label_dir / f"{name}.txt").write_text(labels[name])
    data = tmp_path / "data.yaml"
    data.write_text(yaml.safe_dump({"train": [str(tmp_path / "real/images/train"),
                                              str(tmp_path / "stretch/images")],
                                    "val": str(tmp_path / "real/images/val")}))
    bundle = tmp_path / "bundle"
    assert pack_photos(data, bundle, side=320, name=name) == 5
    assert {p.name for p in bundle.iterdir()} == {f"{name}.bin", f"{name}.idx"}
    assert unpack(bundle, name) == 5
    root = bundle / name
    spec = yaml.safe_load((root / "data.yaml").read_text())
    assert spec["names"] == {0: "tile", 1: "back"} and Path(spec["path"]) == root.resolve()
    unpacked = []
    for split, count in (("train", 3), ("val", 2)):
        images = sorted((root / spec[split]).glob("*.webp"))
        assert len(images) == count
        for image in images:
            assert cv2.imread(str(image)).shape == (240, 320, 3)
            unpacked.append((root / "labels" / split / f"{image.stem}.txt").read_text())
    assert sorted(unpacked) == sorted(labels.values())


def test_a_set_too_large_is_thinned_by_side_and_quality(tmp_path: Path) -> None:
    """A designs set over the device's 64 MiB is packed smaller: crops scaled down, lower WebP."""
    _crops(tmp_path / "src")
    full, thin = tmp_path / "full", tmp_path / "thin"
    pack_crops(tmp_path / "src", full, seed=0)
    pack_crops(tmp_path / "src", thin, seed=0, side=48, quality=50)
    assert (thin / "classify.bin").stat().st_size < (full / "classify.bin").stat().st_size
    unpack(thin)
    sides = {cv2.imread(str(p)).shape[:2] for p in thin.glob("classify/*/*/*.webp")}
    assert sides == {(48, 48)}


def test_the_designs_set_is_the_classifier_crops_at_the_size_it_trains_at(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``pack --set designs`` writes the classify bundle ``device_train.sh designs`` reads, its
    crops at 64 px (at 96 px the designs crops were over the device's 64 MiB on their own)."""
    from datasets import device_bundle

    _crops(tmp_path / "src")
    monkeypatch.setattr(device_bundle, "SOURCES", {**device_bundle.SOURCES, "designs": tmp_path / "src"})
    monkeypatch.setattr(device_bundle, "BUNDLE", tmp_path / "dev")
    monkeypatch.setattr(device_bundle.subprocess, "run",  # no wheels fetched, an empty tree
                        lambda *args, **kwargs: type("Run", (), {"stdout": b""})())
    (tmp_path / "dev" / "whl").mkdir(parents=True)
    device_bundle.main(["pack", "--set", "designs"])
    assert "14 images packed" in capsys.readouterr().out
    assert not (tmp_path / "dev" / "designs.bin").exists()
    device_bundle.main(["unpack", "--set", "designs"])
    sides = {cv2.imread(str(p)).shape[:2] for p in (tmp_path / "dev").glob("classify/*/*/*.webp")}
    assert sides == {(device_bundle.DESIGNS_SIDE, device_bundle.DESIGNS_SIDE)}


def test_a_train_list_file_packs_the_photos_it_lists(tmp_path: Path) -> None:
    """A data.yaml whose ``train`` is a list of photos (``datasets.synth.closeups`` writes one)
    packs those photos, each with its label, and no other photo of their folders."""
    import yaml

    photos = tmp_path / "closeups" / "images"
    labels = tmp_path / "closeups" / "labels"
    val = tmp_path / "real" / "images" / "val"
    for folder in (photos, labels, val, tmp_path / "real" / "labels" / "val"):
        folder.mkdir(parents=True)
    image = np.full((300, 200, 3), 180, np.uint8)
    for k in range(3):
        cv2.imwrite(str(photos / f"c{k}.jpg"), image)
        (labels / f"c{k}.txt").write_text(f"0 0.5 0.5 0.{k + 5} 0.9\n")
    cv2.imwrite(str(val / "v.jpg"), image)
    listed = tmp_path / "closeups" / "train.txt"
    listed.write_text(f"{photos / 'c0.jpg'}\n{photos / 'c2.jpg'}\n")
    data = tmp_path / "data.yaml"
    data.write_text(yaml.safe_dump({"train": str(listed), "val": str(val)}))
    bundle = tmp_path / "bundle"
    assert pack_photos(data, bundle, name="closeups") == 3
    assert unpack(bundle, "closeups") == 3
    root = bundle / "closeups"
    train_labels = sorted(p.read_text() for p in (root / "labels" / "train").glob("*.txt"))
    assert train_labels == ["0 0.5 0.5 0.5 0.9\n", "0 0.5 0.5 0.7 0.9\n"]
    assert len(list((root / "images" / "val").glob("*.webp"))) == 1


def test_the_table_windows_set_packs_windows_and_real_photos(tmp_path: Path) -> None:
    """The whole-table detector's set as ``datasets.synth.table_windows`` writes it (windows of
    a rendered table, then real train photos it lists; the real val photos to validate on)
    comes back whole: every window with its own labels, every real photo with its own."""
    from datasets.synth.table_windows import write_set

    real = tmp_path / "real"
    for split in ("train", "val"):
        (real / "images" / split).mkdir(parents=True)
        (real / "labels" / split).mkdir(parents=True)
        for k in range(2):
            photo = np.full((240, 320, 3), 90, np.uint8)
            cv2.imwrite(str(real / "images" / split / f"{split}{k}.jpg"), photo)
            (real / "labels" / split / f"{split}{k}.txt").write_text(f"1 0.5 0.5 0.{k + 2} 0.3\n")
    counts = write_set(tmp_path / "tablewin", 1, 3, 4, 2, real, 2)
    assert counts["windows"] == 2 and counts["real_photos"] == 2
    bundle = tmp_path / "bundle"
    assert pack_photos(tmp_path / "tablewin" / "data.yaml", bundle, name="windows") == 6
    assert unpack(bundle, "windows") == 6
    root = bundle / "windows"
    written = sorted(p.read_text() for p in (tmp_path / "tablewin" / "labels").glob("*.txt"))
    came = sorted(p.read_text() for p in (root / "labels" / "train").glob("*.txt"))
    assert came == sorted([*written, "1 0.5 0.5 0.2 0.3\n", "1 0.5 0.5 0.3 0.3\n"])
    assert len(list((root / "images" / "val").glob("*.webp"))) == 2
    assert (root / "data.yaml").is_file()


def test_every_set_the_device_script_trains_is_packed_and_starts_from_tracked_weights() -> None:
    """A lent GPU's minutes are few: each set ``scripts/device_train.sh`` names has a bundle
    ``pack --set`` makes, and each stage starts from weights the tree carries (or from the run
    before it), so no call fails on the machine for want of a file."""
    import re

    from datasets import device_bundle

    script = (device_bundle.REPO / "scripts" / "device_train.sh").read_text(encoding="utf-8")
    named = set(re.findall(r'\[ "\$SET" = (\w+) \]', script))
    assert named and named <= set(device_bundle.SOURCES), named - set(device_bundle.SOURCES)
    starts = re.findall(r"^\s*stage \S+ \d+ \d+ \d+ (\S+) ", script, flags=re.MULTILINE)
    assert len(starts) >= len(named)
    for weights in starts:
        if not weights.startswith('"work/runs/'):
            assert (device_bundle.REPO / weights).is_file(), weights
