"""Real tiles pasted into rendered scenes: each pasted tile carries the kind its source label
gives, its box lies on the pasted pixels, only train photos are ever read, and a seed gives
the same set again."""

from __future__ import annotations

import pathlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from datasets.real import DEFAULT_SOURCE, read_labels, read_names, roboflow_to_code
from datasets.synth.art import available_art_sets
from datasets.synth.closeups import training_designs
from datasets.synth.layout import LAYOUT_WEIGHTS, LAYOUTS
from datasets.synth.pasted import (
    MAX_PHOTO_TURN,
    SourceTile,
    TileBank,
    layout_weights,
    load_bank,
    main,
    paste_tile,
    pasted_scene,
    photo_turn,
    write_set,
)
from vision.preprocess import turn

pytestmark = [
    pytest.mark.skipif(not available_art_sets(), reason="no tile art on this machine"),
    pytest.mark.skipif(not (DEFAULT_SOURCE / "train" / "images").is_dir(),
                       reason="the shared real set is not on this machine"),
]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shared set's train and valid splits linked into a tree that also has a test split
    (valid photos copied), so that reading either of those can be caught."""
    root = tmp_path_factory.mktemp("real")
    (root / "data.yaml").symlink_to(DEFAULT_SOURCE / "data.yaml")
    for split in ("train", "valid"):
        (root / split).mkdir()
        for folder in ("images", "labels"):
            (root / split / folder).symlink_to(DEFAULT_SOURCE / split / folder)
    for folder in ("images", "labels"):
        (root / "test" / folder).mkdir(parents=True)
        for path in sorted((DEFAULT_SOURCE / "valid" / folder).iterdir())[:20]:
            (root / "test" / folder / path.name).symlink_to(path)
    return root


@pytest.fixture(scope="module")
def bank(source: Path) -> TileBank:
    return load_bank(source, max_photos=4, seed=3)


def _designs() -> tuple[str, ...]:
    return training_designs(designs=0)


def test_only_train_photos_and_labels_are_read(source: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    imread, read_text = cv2.imread, pathlib.Path.read_text

    def spy_imread(path: str, *args: object) -> np.ndarray | None:
        read.append(str(path))
        return imread(path, *args)

    def spy_read_text(self: Path, *args: object, **kwargs: object) -> str:
        read.append(str(self))
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(cv2, "imread", spy_imread)
    monkeypatch.setattr(pathlib.Path, "read_text", spy_read_text)
    bank = load_bank(source, max_photos=3, seed=1)
    write_set(tmp_path / "set", 2, 1, 0, bank, classify=False)
    from_source = [p for p in read if p.startswith(str(source))]
    assert any("/train/images/" in p for p in from_source)
    assert any("/train/labels/" in p for p in from_source)
    assert all(p.startswith(str(source / "train")) or p == str(source / "data.yaml")
               for p in from_source), sorted({Path(p).parent.parent.name for p in from_source})
    assert all(str(p).startswith(str(source / "train")) for p in bank.files)
    assert len({t.photo for t in bank.tiles}) == 3


def test_source_photos_are_upright_and_tiles_keep_the_kind_of_their_label(bank: TileBank) -> None:
    names = read_names(DEFAULT_SOURCE)
    for photo in {t.photo for t in bank.tiles}:
        assert photo_turn(cv2.imread(photo)) <= MAX_PHOTO_TURN
    for tile in bank.tiles:
        label = Path(tile.photo).parent.parent / "labels" / (Path(tile.photo).stem + ".txt")
        assert tile.code == roboflow_to_code(names[read_labels(label)[tile.line].cls])
        x1, y1, x2, y2 = tile.box
        h, w = tile.crop.shape[:2]
        assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h
        assert x2 - x1 < w or y2 - y1 < h  # a margin of the photo round the tile


def test_photo_turn_reads_the_exports_fill() -> None:
    rng = np.random.default_rng(0)
    photo = rng.integers(60, 250, (320, 320, 3)).astype(np.uint8)
    photo = cv2.resize(photo[::8, ::8], (320, 320), interpolation=cv2.INTER_NEAREST)
    assert photo_turn(photo) == 0.0
    matrix = cv2.getRotationMatrix2D((160, 160), 20, 1.0)
    turned = cv2.warpAffine(photo, matrix, (320, 320), borderValue=(31, 31, 31))
    assert abs(photo_turn(turned) - 20) < 2


def test_pasted_tiles_lie_in_their_boxes_with_their_source_kind(bank: TileBank) -> None:
    seen = 0
    for i in range(3):
        scene = pasted_scene(np.random.default_rng([5, i]), bank, _designs(), mixed_share=0.0,
                             finish=False)
        assert len(scene.boxes) == len(scene.codes) == len(scene.origins)
        for record in scene.pasted:
            tile = record.source
            k = record.label
            assert scene.origins[k] == f"pasted {Path(tile.photo).name}#{tile.line}"
            assert scene.codes[k] == tile.code
            quad = record.quad
            box = scene.boxes[k]
            assert (box[:2] <= quad.min(axis=0) + 0.5).all() and (box[2:] >= quad.max(axis=0) - 0.5).all()
            # the pixels inside the face are the source crop warped onto it, shifted in colour
            h, w = scene.image.shape[:2]
            crop = turn(tile.crop, record.turned).astype(np.float32) + record.shift
            warped = cv2.warpPerspective(np.clip(crop, 0, 255), record.homography, (w, h))
            face = np.zeros((h, w), np.uint8)
            cv2.fillConvexPoly(face, np.round(quad).astype(np.int32), 1)
            face = cv2.erode(face, np.ones((3, 3), np.uint8)).astype(bool)
            if face.sum() < 100:
                continue
            error = np.abs(scene.image[face].astype(np.float32) - warped[face]).mean()
            other = next(t for t in bank.tiles if t.code != tile.code)
            wrong = cv2.warpPerspective(turn(other.crop, record.turned), record.homography, (w, h))
            assert error < 3.0 < np.abs(scene.image[face].astype(np.float32) - wrong[face]).mean()
            seen += 1
    assert seen >= 5


def test_mixed_scenes_keep_rendered_tiles_beside_pasted_ones(bank: TileBank) -> None:
    kinds = set()
    for i in range(6):
        scene = pasted_scene(np.random.default_rng([9, i]), bank, _designs(), mixed_share=1.0)
        faces = [o.split()[0] for o, c in zip(scene.origins, scene.codes, strict=True) if c != "back"]
        kinds.add(("pasted" in faces, "rendered" in faces))
    assert (True, True) in kinds


def test_tables_and_walls_set_the_scenes_layouts(bank: TileBank) -> None:
    def layouts(**mix: float) -> set[str]:
        return {pasted_scene(np.random.default_rng([11, i]), bank, _designs(), finish=False,
                             **mix).layout for i in range(4)}

    assert layouts(tables=1.0) == {"table"}
    assert layouts(tables=0.0, walls=1.0) == {"wall"}
    assert not layouts(tables=0.0, walls=0.0) & {"table", "wall"}


def test_wall_share_keeps_the_other_layouts_proportions() -> None:
    assert np.allclose(layout_weights(LAYOUT_WEIGHTS[LAYOUTS.index("wall")]), LAYOUT_WEIGHTS)
    weights = layout_weights(0.0)
    assert weights[LAYOUTS.index("wall")] == 0 and np.isclose(weights.sum(), 1)
    hand, flat = LAYOUTS.index("hand"), LAYOUTS.index("flat")
    assert np.isclose(weights[hand] / weights[flat], LAYOUT_WEIGHTS[hand] / LAYOUT_WEIGHTS[flat])
    with pytest.raises(ValueError, match="walls"):
        layout_weights(1.2)


def test_the_written_set_follows_tables_and_walls(bank: TileBank, tmp_path: Path) -> None:
    walls = write_set(tmp_path / "walls", 3, 6, 0, bank, classify=False, tables=0.0, walls=1.0)
    hands = write_set(tmp_path / "hands", 3, 6, 0, bank, classify=False, tables=0.0, walls=0.0)
    assert walls["backs"] > 2 * (walls["pasted"] + walls["rendered"])
    assert hands["pasted"] + hands["rendered"] > hands["backs"]
    with pytest.raises(ValueError, match="tables"):
        write_set(tmp_path / "bad", 1, 6, 0, bank, tables=-0.5)


def test_held_out_designs_are_refused(bank: TileBank) -> None:
    with pytest.raises(ValueError, match="held out"):
        pasted_scene(np.random.default_rng(0), bank, ["smooth", "kmj-jade"])


def test_a_seed_writes_the_same_set(bank: TileBank, tmp_path: Path) -> None:
    counts = [write_set(tmp_path / name, 3, seed, 0, bank) for name, seed in
              (("a", 4), ("b", 4), ("c", 5))]
    assert counts[0] == counts[1] and counts[0]["pasted"] > 0
    for folder in ("images", "labels", "kinds"):
        files = sorted(p.name for p in (tmp_path / "a" / folder).iterdir())
        assert len(files) == 3
        for name in files:
            same = tmp_path / "b" / folder / name
            assert (tmp_path / "a" / folder / name).read_bytes() == same.read_bytes()
    assert (tmp_path / "a" / "labels").joinpath("000000.txt").read_bytes() != \
        (tmp_path / "c" / "labels").joinpath("000000.txt").read_bytes()
    labels = (tmp_path / "a" / "labels" / "000000.txt").read_text().splitlines()
    kinds = (tmp_path / "a" / "kinds" / "000000.txt").read_text().splitlines()
    assert len(labels) == len(kinds)
    assert all(line.split()[0] == ("1" if kind.split()[0] == "back" else "0")
               for line, kind in zip(labels, kinds, strict=True))
    assert "names:\n  0: tile\n  1: back\n" in (tmp_path / "a" / "data.yaml").read_text()
    crops = list((tmp_path / "a" / "classify").glob("*/*.jpg"))
    assert len(crops) == counts[0]["crops"] > 0


def test_real_photos_are_listed_beside_the_scenes(bank: TileBank, tmp_path: Path) -> None:
    real = tmp_path / "real"
    for split in ("train", "val"):
        (real / "images" / split).mkdir(parents=True)
        for k in range(3):
            cv2.imwrite(str(real / "images" / split / f"{k}.jpg"), np.zeros((8, 8, 3), np.uint8))
    counts = write_set(tmp_path / "set", 2, 1, 0, bank, real=real, real_share=2, classify=False)
    listed = (tmp_path / "set" / "train.txt").read_text().split()
    assert len(listed) == 4 and counts[f"from {real / 'images' / 'train'}"] == 2
    assert f"val: {(real / 'images' / 'val').resolve()}" in (tmp_path / "set" / "data.yaml").read_text()


@pytest.mark.parametrize(("argv", "says"), [
    (["--scenes", "0"], "--scenes"), (["--photos", "5000"], "--photos"), (["--mixed", "2"], "--mixed"),
    (["--tables", "1.5"], "--tables"), (["--walls", "-0.1"], "--walls"),
    (["--source", "/nonexistent"], "no image folder"),
    (["--source", str(DEFAULT_SOURCE.parent / "real-other-designs")], "measure the recognizer"),
])
def test_bad_arguments_are_named(argv: list[str], says: str, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--out", str(tmp_path / "out"), "--designs", "0"])
    assert stop.value.code == 2 and says in capsys.readouterr().err


def test_the_set_packs_for_the_gpu_machine(bank: TileBank, tmp_path: Path) -> None:
    """``device_bundle pack --set pasted`` reads the data.yaml written here; unpacked, each
    photo keeps its labels (the real ones have none in this stand-in)."""
    from datasets.device_bundle import SOURCES, pack_photos, unpack

    assert SOURCES["pasted"].parts[-3:] == ("work", "pasted", "data.yaml")
    real = tmp_path / "real"
    for split in ("train", "val"):
        (real / "images" / split).mkdir(parents=True)
        cv2.imwrite(str(real / "images" / split / "0.jpg"), np.zeros((8, 8, 3), np.uint8))
    write_set(tmp_path / "set", 2, 2, 0, bank, real=real, real_share=1, classify=False)
    bundle = tmp_path / "bundle"
    assert pack_photos(tmp_path / "set" / "data.yaml", bundle, name="pasted") == 4
    assert unpack(bundle, "pasted") == 4
    labels = sorted((bundle / "pasted" / "labels" / "train").iterdir())
    written = [(tmp_path / "set" / "labels" / f"{k:06d}.txt").read_text() for k in range(2)]
    assert [p.read_text() for p in labels[:2]] == written and written[0]
    assert (bundle / "pasted" / "data.yaml").is_file()


def test_a_pasted_tile_takes_part_of_the_scenes_light_and_spares_its_neighbours() -> None:
    scene = np.full((200, 200, 3), 200, np.uint8)
    crop = np.full((68, 56, 3), 100, np.uint8)  # a 40 x 52 tile and an 8 px margin round it
    tile = SourceTile("5p", crop, (8.0, 8.0, 48.0, 60.0), "train/images/x.jpg", 0)
    quad = np.float32([[60, 60], [100, 60], [100, 112], [60, 112]])
    neighbour = np.float32([[101, 60], [141, 60], [141, 112], [101, 112]])
    record = paste_tile(scene, tile, quad, [neighbour], np.random.default_rng(0))
    face = scene[64:108, 64:96].reshape(-1, 3)
    assert 120 <= face.min() and face.max() <= 160  # 20-60 % of the way from 100 to 200
    assert np.allclose(record.shift, face.mean(axis=0) - 100, atol=1)
    assert (scene[60:113, 101:142] == 200).all()  # the neighbour's face is left as it was
    above = scene[52:60, 64:96]  # the margin where no face lies: faded into the scene
    assert (above < 200).any() and (above[0] > above[-1]).all()
    assert (scene[:51] == 200).all() and (scene[:, :51] == 200).all()
