"""The whole-table detector (``models/tile_detector_table.onnx``): the table reader, and only
the table reader, looks with it; without the file it looks with the shipped detector."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from assistant.catalogue import error_zh
from assistant.cli import main
from assistant.errors import MahjongError
from datasets.synth.art import available_art_sets
from vision import find as finding
from vision.sessions import DETECTOR_FILE, TABLE_CLASSIFIER_FILE, TABLE_DETECTOR_FILE

MODELS = Path(os.environ.get("MAHJONG_MODELS", Path(__file__).resolve().parent.parent / "models"))

needs_models = pytest.mark.skipif(
    not (MODELS / DETECTOR_FILE).is_file() or "kmj-jade" not in available_art_sets(),
    reason="no shipped models or no tile art here")


def _models(folder: Path, table: Path | None) -> Path:
    """``folder`` with the shipped models and, given, ``table`` as the whole-table detector."""
    folder.mkdir()
    for path in MODELS.iterdir():
        if path.is_file() and path.name != TABLE_DETECTOR_FILE:
            (folder / path.name).symlink_to(path.resolve())
    if table is not None:
        (folder / TABLE_DETECTOR_FILE).symlink_to(table.resolve())
    return folder


@pytest.fixture(scope="module")
def table_photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rendered photo of a whole table in play, in a design no network was trained on."""
    from datasets.synth.table import render_table_scene

    scene = render_table_scene(np.random.default_rng([63, 0]))
    path = tmp_path_factory.mktemp("table") / "table.jpg"
    cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def _table_detector() -> Path:
    """The shipped whole-table detector, or where there is none the shipped detector standing in
    for one (what is tested is which file looks, not what it finds)."""
    shipped = MODELS / TABLE_DETECTOR_FILE
    return shipped if shipped.is_file() else MODELS / DETECTOR_FILE


def _read_table(photo: Path, models: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["read-table", str(photo), "--models", str(models), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@needs_models
def test_the_table_reader_looks_with_the_whole_table_detector(
        tmp_path: Path, table_photo: Path, sessions: dict[str, Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    answer = _read_table(table_photo, _models(tmp_path / "m", _table_detector()), capsys)
    assert len(answer["tiles"]) > 50, "a whole table's tiles"
    assert sessions[TABLE_DETECTOR_FILE].runs > 0
    assert sessions[DETECTOR_FILE].runs == 0, "the whole-table detector takes the first's place"


@needs_models
def test_without_the_file_the_table_reader_looks_with_the_shipped_detector(
        tmp_path: Path, table_photo: Path, sessions: dict[str, Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    from vision.images import read_image
    from vision.recognizer import Recognizer
    from vision.table_reader import table_answer

    models = _models(tmp_path / "m", None)
    # the whole-table classifier names otherwise (tests/test_table_classifier.py): left out here
    (models / TABLE_CLASSIFIER_FILE).unlink(missing_ok=True)
    answer = _read_table(table_photo, models, capsys)
    assert TABLE_DETECTOR_FILE not in sessions and sessions[DETECTOR_FILE].runs > 0
    # read as any photo is: the tiles a plain `detect` finds, arranged
    tiles = Recognizer.load(models).detect(read_image(str(table_photo)))
    assert answer == json.loads(json.dumps(table_answer(tiles, [])))


@needs_models
def test_reading_a_hand_never_looks_with_the_whole_table_detector(
        tmp_path: Path, table_photo: Path, sessions: dict[str, Any],
        capsys: pytest.CaptureFixture[str]) -> None:
    from vision.recognizer import Recognizer

    models = _models(tmp_path / "m", _table_detector())
    image = cv2.imread(str(table_photo))
    recognizer = Recognizer.load(models)
    assert recognizer.table_detector is sessions[TABLE_DETECTOR_FILE]
    assert recognizer.detect(image)
    assert main(["detect", str(table_photo), "--models", str(models), "--json"]) == 0
    capsys.readouterr()
    assert sessions[TABLE_DETECTOR_FILE].runs == 0 and sessions[DETECTOR_FILE].runs > 0


@needs_models
def test_a_whole_table_detector_of_another_size_is_refused_naming_it() -> None:
    from vision.recognizer import Recognizer

    shipped = Recognizer.load(MODELS)
    with pytest.raises(MahjongError, match=f"whole-table detector {TABLE_DETECTOR_FILE}") as err:
        Recognizer(shipped.detector, shipped.classifier,
                   table_detector=shipped.classifier.session)  # type: ignore[union-attr]
    assert "整桌检测模型" in error_zh(str(err.value))


def test_a_table_whose_first_look_finds_whole_rows_is_looked_at_closer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first look at a whole table saw its small tiles as five boxes round heaps of them,
    big enough by their size: read as a table it is looked at closer and its tiles found, never by
    the second detector; read as any photo, those few boxes hand it to the second detector."""
    from vision.recognizer import Recognizer, Thresholds

    width, height = 1200, 700
    tiles = np.array([[100 + 40 * i, 200 + 150 * r, 125 + 40 * i, 234 + 150 * r]
                      for r in range(3) for i in range(24)], float)
    # boxes each round a heap of tiles, of a tile's shape, 70 pixels across: 19 at 320
    rows = np.array([[100 + 200 * i, 190, 170 + 200 * i, 285] for i in range(5)], float)
    used: list[str] = []
    windows: list[tuple[int, int, int, int]] = []
    sides: list[float] = []
    real_windows = finding._windows

    def record(*args: float) -> Any:
        sides.append(args[2])
        for window in real_windows(*args):
            windows.append(window)
            yield window

    def look(self: Recognizer, image: np.ndarray, detector: Any = None) -> tuple:
        used.append(detector)
        if image.shape[:2] == (height, width):  # the whole photo: the rows
            return rows.copy(), np.full(len(rows), 0.9), np.zeros(len(rows), int)
        if len(windows) == 0 or image.shape[:2] == (height // 2, width // 2):
            return np.zeros((0, 4)), np.zeros(0), np.zeros(0, int)  # the zoomed-out look
        x0, y0 = windows[-1][:2]
        h, w = image.shape[:2]
        seen = tiles - [x0, y0, x0, y0]
        seen = seen[(seen[:, 0] >= 0) & (seen[:, 1] >= 0) & (seen[:, 2] <= w) & (seen[:, 3] <= h)]
        return seen, np.full(len(seen), 0.9), np.zeros(len(seen), int)

    monkeypatch.setattr(Recognizer, "_look", look)
    monkeypatch.setattr(finding, "_windows", record)
    monkeypatch.setattr(finding, "TURNED_LOOK", False)
    fake = Recognizer.__new__(Recognizer)
    fake.thresholds, fake.det_size = Thresholds(), 320
    fake.detector, fake.faces_detector, fake.table_detector = "first", "faces", "table"
    fake.det_names = ["tile", "back"]
    photo = np.zeros((height, width, 3), np.uint8)
    boxes, _, _ = fake.find(photo, whole_table=True)
    assert sorted(map(tuple, boxes.tolist())) == sorted(map(tuple, tiles.tolist()))
    assert set(used) == {"table"}, "the whole-table detector only, never the second"
    # a table's windows bring its tiles to ``TABLE_TILE`` pixels: asked for twice that, the
    # windows are smaller (by less than half: the guess of the tiles' size grows with it)
    first_side = sides[0]
    sides.clear()
    monkeypatch.setattr(finding, "TABLE_TILE", finding.TABLE_TILE * 2)
    fake.find(photo, whole_table=True)
    assert first_side / 2 <= sides[0] < 0.7 * first_side
    monkeypatch.setattr(finding, "TABLE_TILE", finding.TABLE_TILE / 2)
    used.clear()
    windows.clear()
    boxes, _, _ = fake.find(photo)
    assert "faces" in used and "table" not in used
    assert len(boxes) < len(tiles)
