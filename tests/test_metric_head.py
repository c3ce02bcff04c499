"""The metric head a player's tile set is matched in: kept with the classifiers it was trained
for, ignored beside others, trained by episodes so that a tile seen again lands by its kind."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from vision import name as naming
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
    from vision import train_setup as training

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


def test_the_kinds_as_the_training_designs_draw_them_are_kept_with_the_head(tmp_path: Path) -> None:
    """``kind_means``: each kind the unit mean of its mapped tiles over every design; saved and
    read back with the head (a head saved before kinds were loads without them)."""
    head = _head(16, 2, 5, "abc")
    rng = np.random.default_rng(6)
    kinds = unit_rows(rng.normal(size=(42, 16)))
    episodes = []
    for _ in range(3):
        codes = np.array(train_metric.TILE_CLASSES[:42] * 2)
        feats = np.repeat(kinds, 2, axis=0).reshape(42, 2, 16).transpose(1, 0, 2).reshape(84, 16)
        feats = feats + rng.normal(0, 0.05, feats.shape)
        episodes.append({"feats": feats.astype(np.float32), "codes": codes,
                         "photo": np.array([0] * 42 + [2] * 42)})
    drawn = train_metric.kind_means(episodes, head)
    assert drawn.kind_codes == tuple(train_metric.TILE_CLASSES[:42])
    assert train_metric.nearest_kind(episodes, drawn) == 1.0
    sevens = np.vstack([head(ep["feats"])[ep["codes"] == "8m"] for ep in episodes])  # 6 tiles
    np.testing.assert_allclose(drawn.kinds[7], unit_rows(sevens.sum(axis=0, keepdims=True))[0], atol=1e-5)
    drawn.save(tmp_path / METRIC_FILE)
    again = MetricHead.load(tmp_path / METRIC_FILE)
    np.testing.assert_allclose(again.kinds, drawn.kinds, atol=2e-3)
    head.save(tmp_path / "old.npz")
    old = MetricHead.load(tmp_path / "old.npz")
    assert old.kinds is None and again.kind_codes == drawn.kind_codes
    assert again.digest() == old.digest()  # the map is the same: sets learnt with it stay valid


@pytest.mark.skipif(not (MODELS / "tile_classifier.onnx").is_file(), reason="no shipped models")
def test_a_tile_no_set_was_learnt_for_is_likened_to_the_kinds_as_drawn(monkeypatch: pytest.MonkeyPatch
                                                                     ) -> None:
    """Without a tile set, in a photo the classifier reads unsurely, its reading is weighed by
    each kind as many designs draw it: a tile the classifier names 2m at 0.55 but that lies by
    the drawn 3m is named 3m, with the classifier's 0.40 for it (reported unsure); a tile lying
    by no kind keeps its reading; ``none`` stays the classifier's."""
    import vision.recognizer as recognizer

    classifier = recognizer.TileClassifier.load(MODELS)
    classifier.faces = None  # the kinds in the features alone (the faces': tests/test_face_network.py)
    codes = classifier.codes
    dim = 8
    kinds = np.zeros((42, dim), np.float32)
    kinds[:, 0] = 1.0  # every kind alike in the first direction...
    kinds[codes.index("3m"), :2] = (0.6, 0.8)  # ...but 3m
    classifier.metric = replace(MetricHead.identity(dim, 2), kinds=unit_rows(kinds),
                                kind_codes=tuple(train_metric.TILE_CLASSES[:42]))
    reading = np.zeros(len(codes))
    reading[codes.index("2m")], reading[codes.index("3m")], reading[codes.index("none")] = 0.55, 0.40, 0.05
    feats = np.array([[0.6, 0.8] + [0.0] * (dim - 2), [0.0] * (dim - 1) + [1.0]], np.float32)
    monkeypatch.setattr("vision.name.SURE", 0.0)
    monkeypatch.setattr(classifier, "_run", lambda crops: (np.tile(reading, (len(crops), 1)),
                                                            np.tile(feats, (len(crops) // 2, 1))))
    image = np.full((100, 100, 3), 200, dtype=np.uint8)
    named, probs = classifier.name(image, np.array([[10, 10, 40, 50], [50, 10, 80, 50]], float))
    assert named == ["3m", "2m"] and probs == pytest.approx([0.40, 0.55])
    drawn = classifier._as_drawn(np.tile(reading, (2, 1)), classifier.metric(feats))
    assert drawn[:, codes.index("none")] == pytest.approx([0.05, 0.05])
    assert drawn.sum(axis=1) == pytest.approx([1.0, 1.0])
    # only the classifier's near ties are broken: a kind it gives under KINDS_NEAR of its best stays out
    far = reading.copy()
    far[codes.index("2m")], far[codes.index("3m")] = 0.55, 0.55 * naming.KINDS_NEAR * 0.9
    assert classifier._as_drawn(far[None], classifier.metric(feats[:1])).argmax() == codes.index("2m")
    # a photo whose tiles the classifier reads surely is of a design it knows: its reading stands
    sure = np.tile(reading, (3, 1))
    sure[1:, codes.index("2m")] = naming.KINDS_FAMILIAR + 0.05
    mapped = classifier.metric(np.vstack([feats[:1]] * 3))
    np.testing.assert_array_equal(classifier._as_drawn(sure, mapped), sure)


def test_a_pale_designs_tiles_are_compared_with_their_negatives_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pale design's tiles are compared as a pale set's are (``TileSet.pale_ink``): each
    tile's features and its lightness negative's, summed. Where only the negatives tell the
    kinds apart (white strokes the classifier reads poorly as they are), the kinds are found."""
    rng = np.random.default_rng(3)
    episodes = []
    for _ in range(10):
        codes = np.array([f"{k + 1}p" for k in range(6)] * 3)
        negative = np.eye(6, 24)[np.arange(18) % 6] + rng.normal(0, 0.05, (18, 24))
        episodes.append({"feats": unit_rows(rng.normal(0, 1, (18, 24))).astype(np.float32),
                         "negative": unit_rows(negative).astype(np.float32),
                         "codes": codes, "photo": np.repeat(np.arange(3), 6)})
    as_they_are = [{k: v for k, v in ep.items() if k != "negative"} for ep in episodes]
    assert train_metric.one_shot(as_they_are) < 0.5 < 0.8 < train_metric.one_shot(episodes)
    identity = MetricHead.identity(24, rank=2)
    assert train_metric.one_shot(episodes, identity) == pytest.approx(train_metric.one_shot(episodes))
    pytest.importorskip("torch")  # fitted on them as they are compared
    from vision import train_setup as training

    monkeypatch.setattr(training, "CHECKPOINTS", tmp_path)
    monkeypatch.setattr(train_metric, "CHECK_EVERY", 10)
    head, metrics = train_metric.fit("metric-pale", episodes, episodes, "f", steps=20, rank=4,
                                     lr=0.01, seed=0)
    assert metrics["valid_one_shot"] == pytest.approx(train_metric.one_shot(episodes, head), abs=1e-3)
    assert metrics["valid_one_shot"] > 0.8


def test_photographed_player_photos_keep_each_tile_in_its_box() -> None:
    """``--photographed``: the same photos made phone-like (``datasets.augment.photograph``),
    drawn the same from the same seed, each tile's box moved with the slant and still on it."""
    plain = train_metric.player_photos("smooth", False, 5, close_ups=2)
    shot = train_metric.player_photos("smooth", False, 5, close_ups=2, photographed=1.0)
    again = train_metric.player_photos("smooth", False, 5, close_ups=2, photographed=1.0)
    moved = 0
    for (image, tiles, which), (new, new_tiles, new_which), (same, _, _) in zip(plain, shot, again,
                                                                                strict=True):
        assert which == new_which and new.shape == image.shape and np.array_equal(new, same)
        assert not np.array_equal(new, image)
        assert [t.code for t in tiles] == [t.code for t in new_tiles]
        h, w = image.shape[:2]
        for tile, new_tile in zip(tiles, new_tiles, strict=True):
            x1, y1, x2, y2 = new_tile.box
            assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h
            centre = np.add(tile.box[:2], tile.box[2:]) / 2
            shift = np.abs(np.add(new_tile.box[:2], new_tile.box[2:]) / 2 - centre)
            assert (shift <= 0.25 * np.array([w, h])).all()  # corners move at most 0.12 of a side
            moved += bool(shift.max() > 1)
    assert moved  # some photo was seen from a slant, its boxes following


def test_a_pale_set_matches_boxes_none_of_which_could_be_cut_on_their_features_alone() -> None:
    # no negative crop of a box under 2 px: the features read stand alone, and nothing raises
    reader = object.__new__(naming.TileClassifier)
    reader.negative_features = lambda image, boxes: np.zeros((len(boxes), 0), np.float32)
    feats = unit_rows(np.array([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]], np.float32))
    got = reader._with_negative(np.zeros((10, 10, 3), np.uint8), np.zeros((2, 4)), feats)
    assert np.allclose(got, feats)
