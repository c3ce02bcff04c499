"""The metric head a player's tile set is matched in: kept with the classifiers it was trained
for, ignored beside others, trained by episodes so that a tile seen again lands by its kind."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from vision import train_metric
from vision.metric_head import METRIC_FILE, MetricHead
from vision.tileset import unit_rows

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "models"


def _head(dim: int, rank: int, seed: int, features_of: str = "") -> MetricHead:
    rng = np.random.default_rng(seed)
    return MetricHead(rng.uniform(0.5, 1.5, dim).astype(np.float32),
                      rng.normal(0, 0.1, (dim, rank)).astype(np.float32),
                      rng.normal(0, 0.1, (rank, dim)).astype(np.float32), features_of)


def test_a_saved_head_maps_as_it_did(tmp_path: Path) -> None:
    head = replace(_head(32, 4, 0, "abc"), trust_at=0.61)
    head.save(tmp_path / METRIC_FILE)
    again = MetricHead.load(tmp_path / METRIC_FILE)
    x = np.random.default_rng(1).normal(size=(5, 32))
    assert (again.features_of, again.trust_at) == ("abc", 0.61)
    np.testing.assert_allclose(again(x), head(x), atol=2e-3)  # the low-rank parts kept as float16
    assert np.allclose(np.linalg.norm(again(x), axis=1), 1)
    assert not again(np.zeros((1, 32))).any()  # a box too small to cut stays no match


def _models_with(folder: Path, head: MetricHead | None) -> Path:
    """A models folder: the shipped classifiers and ``head``."""
    folder.mkdir()
    for model in MODELS.glob("tile_classifier*.onnx"):
        (folder / model.name).symlink_to(model)
    if head is not None:
        head.save(folder / METRIC_FILE)
    return folder


@pytest.mark.skipif(not (MODELS / "tile_classifier.onnx").is_file(), reason="no shipped models")
def test_the_head_is_used_only_with_the_classifiers_it_was_trained_for(tmp_path: Path) -> None:
    from vision.recognizer import TileClassifier

    plain = TileClassifier.load(_models_with(tmp_path / "plain", None))
    dim = len(plain.features(np.full((64, 64, 3), 200, np.uint8), np.array([[8.0, 4, 56, 60]]))[0])
    other = TileClassifier.load(_models_with(tmp_path / "other", _head(dim, 4, 2, "not-these")))
    assert other.metric is None and other.fingerprint == plain.fingerprint

    matching = _head(dim, 4, 3, plain.features_of)
    mapped = TileClassifier.load(_models_with(tmp_path / "with", matching))
    assert mapped.metric is not None
    # a set learnt in the features alone is not matched in the head's space: it is refit
    assert mapped.fingerprint != plain.fingerprint and mapped.features_of == plain.features_of
    image = np.random.default_rng(4).integers(0, 255, (120, 200, 3), dtype=np.uint8)
    boxes = np.array([[10.0, 10, 60, 80], [100, 20, 150, 90]])
    np.testing.assert_allclose(mapped.features(image, boxes), matching(plain.features(image, boxes)),
                               atol=1e-4)


def test_an_unreadable_head_is_named_in_the_players_language(tmp_path: Path) -> None:
    from assistant.catalogue import translate
    from assistant.errors import MahjongError
    from vision.recognizer import TileClassifier

    if not (MODELS / "tile_classifier.onnx").is_file():
        pytest.skip("no shipped models")
    folder = _models_with(tmp_path / "broken", None)
    (folder / METRIC_FILE).write_bytes(b"not a head")
    with pytest.raises(MahjongError, match="metric head .* cannot be read") as caught:
        TileClassifier.load(folder)
    assert "度量头文件" in translate(str(caught.value), "zh")


def test_training_never_sees_the_designs_it_is_measured_on() -> None:
    designs = train_metric.training_designs(300)
    assert len(designs) == 300 + len(train_metric.ART_SETS)
    assert not set(designs) & (train_metric.HELD_OUT | set(train_metric.VALID_DESIGNS))


def _episodes(count: int, seed: int, kinds: int = 6, dim: int = 24) -> list[dict[str, np.ndarray]]:
    """Designs whose photos differ by a strong nuisance (light, set colour) in the last dims;
    the kind is told by a weaker signal in the first: nearest neighbours in the raw features
    follow the photo, not the kind."""
    rng = np.random.default_rng(seed)
    signal = np.eye(kinds, dim) * 1.0
    out = []
    for _ in range(count):
        feats, codes, photo = [], [], []
        for p in range(3):
            looks = rng.normal(0, 1, (kinds, dim)) * (np.arange(dim) >= kinds)  # a look per tile
            feats.append(signal + looks + rng.normal(0, 0.05, (kinds, dim)))
            codes += [f"{k + 1}m" for k in range(kinds)]
            photo += [p] * kinds
        out.append({"feats": unit_rows(np.vstack(feats)).astype(np.float32), "codes": np.array(codes),
                    "photo": np.array(photo)})
    return out


def test_fitting_brings_a_kind_seen_again_to_its_examples(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("torch")
    monkeypatch.setattr(train_metric, "CHECK_EVERY", 20)
    from vision import train as training

    monkeypatch.setattr(training, "CHECKPOINTS", tmp_path)
    train, valid = _episodes(40, 0), _episodes(10, 1)
    before = train_metric.one_shot(valid)
    head, metrics = train_metric.fit("metric-test", train, valid, "f", steps=60, rank=8, lr=0.01, seed=0)
    assert before < 0.5 and metrics["valid_one_shot"] >= 0.9
    assert train_metric.one_shot(valid, head) == pytest.approx(metrics["valid_one_shot"], abs=1e-4)
    assert head.features_of == "f"
    # the similarity from which a tile is taken for a learnt kind parts the valid tiles of
    # learnt kinds (the same kind in another photo) from those of kinds not learnt
    own, other = [], []
    for ep in valid:
        z = head(ep["feats"])
        sims = z[ep["photo"] == 2] @ z[ep["photo"] == 0].T
        same = ep["codes"][ep["photo"] == 2][:, None] == ep["codes"][ep["photo"] == 0][None, :]
        own += list(sims[same])
        other += list(np.where(same, -2, sims).max(axis=1))
    assert head.trust_at == metrics["trust_at"]
    assert np.mean(np.array(own) < head.trust_at) < 0.15 and np.mean(np.array(other) >= head.trust_at) < 0.15
    # a later run resumes where the checkpoint stands, and extends it
    again, more = train_metric.fit("metric-test", train, valid, "f", steps=80, rank=8, lr=0.01, seed=0)
    assert more["steps_done"] == 80 and more["valid_one_shot"] >= metrics["valid_one_shot"]
