"""The whole-table classifier (``models/tile_classifier_table.onnx``): the table reader, and only
the table reader, names with it mixed in; without the file it names as hands are named."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from assistant.catalogue import error_zh
from assistant.errors import MahjongError
from datasets.synth.art import available_art_sets
from vision.sessions import (
    CLASSIFIER_FILE,
    DESIGNS_FILE,
    TABLE_CLASSIFIER_FILE,
    TABLE_SHARE,
)

MODELS = Path(os.environ.get("MAHJONG_MODELS", Path(__file__).resolve().parent.parent / "models"))

needs_models = pytest.mark.skipif(
    not (MODELS / CLASSIFIER_FILE).is_file() or "kmj-jade" not in available_art_sets(),
    reason="no shipped models or no tile art here")


def _table_classifier() -> Path:
    """The shipped whole-table classifier, or where there is none the designs classifier
    standing in for one (what is tested is which file names, not how well)."""
    shipped = MODELS / TABLE_CLASSIFIER_FILE
    return shipped if shipped.is_file() else MODELS / DESIGNS_FILE


def _models(folder: Path, table: Path | None) -> Path:
    """``folder`` with the shipped models and, given, ``table`` as the whole-table classifier."""
    folder.mkdir()
    for path in MODELS.iterdir():
        if path.is_file() and path.name != TABLE_CLASSIFIER_FILE:
            (folder / path.name).symlink_to(path.resolve())
    if table is not None:
        (folder / TABLE_CLASSIFIER_FILE).symlink_to(table.resolve())
    return folder


@pytest.fixture(scope="module")
def table_scene() -> Any:
    """A rendered whole table in play, in a design no network was trained on."""
    from datasets.synth.table import render_table_scene

    return render_table_scene(np.random.default_rng([63, 0]))


@needs_models
def test_the_table_reader_names_with_the_table_classifier_mixed_in(
        tmp_path: Path, table_scene: Any, sessions: dict[str, Any]) -> None:
    from vision.cut import CROP_VIEWS, cut_views
    from vision.recognizer import Recognizer

    recognizer = Recognizer.load(_models(tmp_path / "m", _table_classifier()))
    tiles = recognizer.detect(table_scene.image, whole_table=True)
    assert len(tiles) > 50, "a whole table's tiles"
    assert sessions[TABLE_CLASSIFIER_FILE].runs > 0
    # its probabilities are mixed into the pair's at TABLE_SHARE; features stay the pair's
    namer, classifier = recognizer.table_classifier, recognizer.classifier
    assert namer is not None and classifier is not None and namer.table is not None
    boxes = np.array([t.box for t in table_scene.tiles if t.labelled][:12], float)
    crops, _ = cut_views(table_scene.image, boxes, CROP_VIEWS, classifier.size)
    pair, pair_features = classifier._run(crops)
    mixed, features = namer._run(crops)
    table, _ = namer.table._run(crops)
    assert not np.allclose(table, pair), "the stand-in reads otherwise than the pair"
    np.testing.assert_allclose(mixed, (1 - TABLE_SHARE) * pair + TABLE_SHARE * table, atol=1e-6)
    np.testing.assert_allclose(features, pair_features, atol=1e-6)


@needs_models
def test_reading_a_hand_never_names_with_the_table_classifier(
        tmp_path: Path, table_scene: Any, sessions: dict[str, Any]) -> None:
    from vision.recognizer import Recognizer

    with_table = Recognizer.load(_models(tmp_path / "m", _table_classifier()))
    tiles = with_table.detect(table_scene.image)
    assert tiles and sessions[TABLE_CLASSIFIER_FILE].runs == 0
    assert with_table.classifier is not None and with_table.classifier.table is None
    without = Recognizer.load(_models(tmp_path / "plain", None))
    assert tiles == without.detect(table_scene.image), "hands are named as without the file"


@needs_models
def test_without_the_file_the_table_reader_names_as_hands_are_named(
        tmp_path: Path, table_scene: Any, sessions: dict[str, Any]) -> None:
    from vision.recognizer import Recognizer

    recognizer = Recognizer.load(_models(tmp_path / "m", None))
    assert TABLE_CLASSIFIER_FILE not in sessions
    assert recognizer.table_classifier is recognizer.classifier
    assert recognizer.detect(table_scene.image, whole_table=True)


@needs_models
def test_a_table_classifier_of_other_classes_is_refused_naming_it() -> None:
    from vision.name import TileClassifier
    from vision.recognizer import Recognizer
    from vision.sessions import _session

    shipped = Recognizer.load(MODELS)
    other = TileClassifier(_session(MODELS / CLASSIFIER_FILE))
    other.codes = other.codes[::-1]
    with pytest.raises(MahjongError, match=f"whole-table classifier {TABLE_CLASSIFIER_FILE}") as err:
        Recognizer(shipped.detector, shipped.classifier, table_classifier=other)
    assert "整桌分类模型" in error_zh(str(err.value))
