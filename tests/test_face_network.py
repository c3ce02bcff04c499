"""The face network (``vision.face_embedding``) and its training (``vision.train_faces``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision import face_embedding, train_faces
from vision.face_embedding import FACE_SIZE, FaceEmbedding, face_input, standardized, upright_face


def test_a_face_is_read_upright_at_one_size_whatever_the_box() -> None:
    rng = np.random.default_rng(0)
    standing = rng.integers(0, 255, (90, 60, 3), dtype=np.uint8)
    lying = np.rot90(standing, k=1).copy()  # the tile on its side
    assert upright_face(standing).shape == (FACE_SIZE[1], FACE_SIZE[0], 3)
    assert upright_face(lying).shape == upright_face(standing).shape
    x = face_input(standing)
    assert x.shape == (3, FACE_SIZE[1], FACE_SIZE[0]) and x.dtype == np.float32
    np.testing.assert_allclose(x.mean(axis=(1, 2)), 0, atol=1e-4)
    # a flat face (a blank 白板's middle) is not blown up: spread is floored at 1
    flat = standardized(np.full((FACE_SIZE[1], FACE_SIZE[0], 3), 200, np.uint8))
    assert np.abs(flat).max() == 0


def _episodes(designs: int, seed: int, kinds: int = 8, noise: float = 8.0
              ) -> list[dict[str, np.ndarray]]:
    """Designs of ``kinds`` kinds, each kind a blob at its own place on a plain face (the place
    moves a little between designs; the colours are the design's): two layout photos and a
    close-up of each kind, each photo shifted and noised."""
    rng = np.random.default_rng(seed)
    height, width = FACE_SIZE[1], FACE_SIZE[0]
    out = []
    for _ in range(designs):
        ground, ink = rng.integers(120, 255, 3), rng.integers(0, 110, 3)
        places = [(8 + 12 * (k % 3) + rng.integers(-2, 3), 8 + 18 * (k // 3) + rng.integers(-2, 3))
                  for k in range(kinds)]
        faces, codes, photo = [], [], []
        for p in range(3):
            for k, (x, y) in enumerate(places):
                face = np.empty((height, width, 3), np.uint8)
                face[:] = ground
                dx, dy = rng.integers(-1, 2, 2)
                face[y + dy:y + dy + 10, x + dx:x + dx + 10] = ink
                grain = rng.normal(0, noise, face.shape)
                faces.append(np.clip(face + grain, 0, 255).astype(np.uint8))
                codes.append(f"{k + 1}m")
                photo.append(p)
        out.append({"faces": np.array(faces), "codes": np.array(codes), "photo": np.array(photo)})
    return out


def test_fitting_brings_a_close_up_to_its_kind_and_a_rerun_resumes(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    torch = pytest.importorskip("torch")
    from vision import train as training

    monkeypatch.setattr(training, "CHECKPOINTS", tmp_path)
    monkeypatch.setattr(train_faces, "CHECK_EVERY", 10)
    monkeypatch.setattr(train_faces, "WIDTHS", (8, 8, 16))
    torch.set_num_threads(1)
    train, valid = _episodes(12, 0, noise=70), _episodes(4, 1, noise=70)
    torch.manual_seed(0)  # the network fit starts from
    before = train_faces.one_shot(train_faces.network(), train_faces.tensors(valid), valid)
    net, metrics = train_faces.fit("faces-test", train, valid, steps=20, episodes=2, lr=5e-3, seed=0)
    assert before < 0.5 and metrics["steps_done"] == 20 and metrics["valid_one_shot"] >= 0.9
    assert train_faces.one_shot(net, train_faces.tensors(valid), valid) == pytest.approx(
        metrics["valid_one_shot"])
    # a rerun of the same run finds it done at its checkpoint, and keeps the best step
    again, more = train_faces.fit("faces-test", train, valid, steps=20, episodes=2, lr=5e-3, seed=0)
    assert more == metrics
    # the onnx the service reads embeds as the network did
    train_faces.export(net, tmp_path / face_embedding.FACES_FILE)
    faces = FaceEmbedding.load(tmp_path / face_embedding.FACES_FILE)
    tiles = [ep["faces"][k] for ep in valid for k in (0, 9)]
    with torch.no_grad():
        expected = net(torch.from_numpy(np.stack([face_input(t) for t in tiles]))).numpy()
    np.testing.assert_allclose(faces(tiles), expected, atol=1e-4)
    assert faces([]).shape == (0, 0)


def test_the_network_never_trains_on_the_designs_it_is_measured_on() -> None:
    from vision.train_metric import ART_SETS, HELD_OUT

    jobs = train_faces.training_jobs(600, 2, 12, 0)
    designs = {design for design, *_ in jobs}
    assert not designs & HELD_OUT and not designs & set(train_faces.VALID_DESIGNS)
    assert len(designs) == 600 + len(ART_SETS) and len(jobs) == 600 + 3 * len(ART_SETS)
    assert {coloured for _, coloured, *_ in jobs} == {True, False}


def test_a_damaged_face_network_is_named_in_the_players_language(tmp_path: Path) -> None:
    from assistant.catalogue import translate
    from assistant.errors import MahjongError
    from vision.recognizer import MODELS_DIR, TileClassifier

    if not (MODELS_DIR / "tile_classifier.onnx").is_file():
        pytest.skip("no shipped models")
    for model in MODELS_DIR.glob("tile_classifier*.onnx"):
        (tmp_path / model.name).symlink_to(model)
    (tmp_path / face_embedding.FACES_FILE).write_bytes(b"not a network")
    with pytest.raises(MahjongError, match="face network .* cannot be read") as caught:
        TileClassifier.load(tmp_path)
    assert "牌面网络文件" in translate(str(caught.value), "zh")
    # a network of another input (a classifier) is refused the same way
    (tmp_path / face_embedding.FACES_FILE).unlink()
    (tmp_path / face_embedding.FACES_FILE).symlink_to(MODELS_DIR / "tile_classifier.onnx")
    with pytest.raises(MahjongError, match="face network"):
        TileClassifier.load(tmp_path)
