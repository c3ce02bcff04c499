"""Real close-ups of a set the recognizer never trained on, read as a player's set is used:
out of the box, with the set's other kinds learnt, and after one layout photo
(``vision.evaluate_real``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHARED

REAL_SETS = SHARED / "datasets" / "real-other-designs"
MODELS = Path(__file__).resolve().parent.parent / "models"
pytestmark = pytest.mark.skipif(not (REAL_SETS / "cyfef" / "labels.jsonl").is_file() or
                                not (MODELS / "tile_detector.onnx").is_file(),
                                reason="../shared/datasets/real-other-designs/cyfef or the models missing")


@pytest.fixture(scope="module")
def figures() -> dict:
    from vision.evaluate_real import evaluate, real_sets
    from vision.recognizer import Recognizer

    return evaluate(Recognizer.load(MODELS), real_sets(REAL_SETS)["cyfef"], seed=2026)


def test_a_never_seen_set_reads_out_of_the_box(figures) -> None:
    """27 of the 28 kinds right before anything is taught (6条 read 8条), each one box."""
    assert figures["before"]["photos"] == 28
    assert figures["before"]["top1"] >= 27 / 28
    assert figures["before"]["one_box"] == 1.0


def test_a_kind_not_learnt_is_not_taken_for_a_learnt_one(figures) -> None:
    """With every other kind of the set learnt from its photo, each close-up is still read as
    its own kind: the set's examples match their own kind only (28 of 28)."""
    assert figures["others_learnt"]["top1"] == 1.0


def test_one_layout_photo_teaches_the_set(figures) -> None:
    """The set laid out in rows and photographed once is learnt (all 28 found, in order) and
    every close-up is read right with it."""
    after = figures["after_layout"]
    assert "error" not in after
    assert after["top1"] == 1.0
