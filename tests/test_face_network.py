"""The face network (``vision.face_embedding``) and its training (``vision.train_faces``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from datasets.synth.art import available_art_sets
from vision import face_embedding, train_faces
from vision import name as naming
from vision.classes import TILE_CLASSES
from vision.face_embedding import (
    FACE_SIZE,
    DrawnKinds,
    FaceEmbedding,
    face_input,
    standardized,
    upright_face,
)

MODELS = Path(__file__).resolve().parent.parent / "models"


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


@pytest.fixture
def small_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """torch (the test skipped without it), for runs checkpointed in ``tmp_path`` and checked
    every 10 steps, of a narrow network on one thread."""
    torch = pytest.importorskip("torch")
    from vision import train_setup as training

    monkeypatch.setattr(training, "CHECKPOINTS", tmp_path)
    monkeypatch.setattr(train_faces, "CHECK_EVERY", 10)
    monkeypatch.setattr(train_faces, "WIDTHS", (8, 8, 16))
    torch.set_num_threads(1)
    return torch


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


def test_fitting_brings_a_close_up_to_its_kind_and_a_rerun_resumes(tmp_path: Path, small_runs: Any) -> None:
    torch = small_runs
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


def _captioned(designs: int, seed: int, kinds: int = 6) -> list[dict[str, np.ndarray]]:
    """Designs whose kinds each draw a blob at a place of the design's own (a picture: it tells
    the kinds of one set apart, nothing across sets) over a small bar at the kind's place in the
    bottom row (a caption: alike in every set)."""
    rng = np.random.default_rng(seed)
    height, width = FACE_SIZE[1], FACE_SIZE[0]
    out = []
    for _ in range(designs):
        places = rng.permutation(kinds)
        faces, codes, photo = [], [], []
        for p in range(3):
            for k in range(kinds):
                face = np.full((height, width, 3), 230, np.uint8)
                x, y = 4 + 14 * (places[k] % 3), 4 + 16 * (places[k] // 3)
                face[y:y + 12, x:x + 12] = 40
                face[height - 10:height - 4, 2 + 7 * k:7 + 7 * k] = 40
                faces.append(np.clip(face + rng.normal(0, 6, face.shape), 0, 255).astype(np.uint8))
                codes.append(f"{k + 1}m")
                photo.append(p)
        out.append({"faces": np.array(faces), "codes": np.array(codes), "photo": np.array(photo)})
    return out


def _across_shot(net: object, episodes: list[dict[str, np.ndarray]]) -> float:
    """Share of each design's close-ups whose nearest tile of the next design's first layout
    photo is of their kind: a tile likened to another set's drawings."""
    z = train_faces.embedded(net, train_faces.tensors(episodes))
    starts = np.cumsum([0] + [len(ep["codes"]) for ep in episodes])
    right = total = 0
    for n, ep in enumerate(episodes):
        other = (n + 1) % len(episodes)
        mine = z[starts[n]:starts[n + 1]][ep["photo"] == 2]
        theirs = z[starts[other]:starts[other + 1]][episodes[other]["photo"] == 0]
        nearest = episodes[other]["codes"][episodes[other]["photo"] == 0][(mine @ theirs.T).argmax(axis=1)]
        right += int((nearest == ep["codes"][ep["photo"] == 2]).sum())
        total += len(mine)
    return right / total


def test_episodes_across_designs_liken_a_tile_to_its_kind_as_another_set_draws_it(small_runs: Any) -> None:
    """With ``across`` the tiles read of one set are likened to another's layout: where only the
    caption is alike between sets, the network learns to read it (the pictures tell one set's
    kinds apart as well)."""
    torch = small_runs
    train, valid = _captioned(16, 0), _captioned(6, 1)
    torch.manual_seed(0)
    assert _across_shot(train_faces.network(), valid) < 0.5
    net, metrics = train_faces.fit("faces-across", train, valid, steps=80, episodes=2, lr=5e-3,
                                   seed=0, across=1.0)
    assert metrics["valid_one_shot"] >= 0.9  # a set's own kinds still told apart
    assert _across_shot(net, valid) >= 0.9


@pytest.mark.usefixtures("small_runs")
def test_of_steps_reading_every_close_up_right_the_surest_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the valid close-ups are all read right, a later step is kept where the right kinds
    win by more (lower ``valid_loss``), not the first step that read them all."""
    checks: list[list[float]] = []
    shot, loss = train_faces.one_shot, train_faces.valid_loss
    monkeypatch.setattr(train_faces, "one_shot", lambda *a: checks.append([shot(*a)]) or checks[-1][0])
    monkeypatch.setattr(train_faces, "valid_loss", lambda *a: checks[-1].append(loss(*a)) or checks[-1][1])
    train, valid = _episodes(12, 0, noise=30), _episodes(4, 1, noise=30)
    net, metrics = train_faces.fit("faces-surest", train, valid, steps=60, episodes=2, lr=5e-3, seed=0)
    steps = checks[:-1]  # the last: the kept network measured again
    top = max(score for score, _ in steps)
    first = next(k for k, (score, _) in enumerate(steps) if score == top)
    kept = min(range(len(steps)), key=lambda k: (-steps[k][0], steps[k][1]))
    assert top == 1.0 and kept > first and steps[kept][1] < steps[first][1]
    assert metrics["best_step"] == 10 * (kept + 1)
    assert metrics["valid_loss"] == pytest.approx(steps[kept][1], abs=1e-4)
    assert loss(net, train_faces.tensors(valid), valid) == pytest.approx(steps[kept][1], abs=1e-4)


def test_the_network_never_trains_on_the_designs_it_is_measured_on() -> None:
    from vision.train_metric import ART_SETS, HELD_OUT

    jobs = train_faces.training_jobs(600, 2, 12, 0)
    designs = {design for design, *_ in jobs}
    assert not designs & HELD_OUT and not designs & set(train_faces.VALID_DESIGNS)
    assert len(designs) == 600 + len(ART_SETS) and len(jobs) == 600 + 3 * len(ART_SETS)
    assert {coloured for _, coloured, *_ in jobs} == {True, False}
    with_swapped = train_faces.training_jobs(600, 2, 12, 0, swapped=40)
    twins = [design for design, *_ in with_swapped[len(jobs):]]
    assert with_swapped[:len(jobs)] == jobs and len(twins) == 40
    assert all(twin.endswith("-swapped") and twin.removesuffix("-swapped") in designs for twin in twins)
    assert not {twin.removesuffix("-swapped") for twin in twins} & HELD_OUT
    twin_seeds = [seed for _, _, seed, *_ in with_swapped[len(jobs):]]  # photographed anew
    assert len(set(twin_seeds)) == 40 and not set(twin_seeds) & {seed for _, _, seed, *_ in jobs}


@pytest.mark.skipif("smooth" not in available_art_sets(),
                    reason="no tile art here")
def test_faces_kept_of_a_design_drawn_otherwise_since_are_made_again(tmp_path, monkeypatch) -> None:
    """A generator that learns a new style redraws its designs: the faces kept of the old drawing
    are not trained on as if they were the new one."""
    monkeypatch.setattr(train_faces, "FACES_DIR", tmp_path)
    made = []
    design_faces = train_faces.design_faces
    monkeypatch.setattr(train_faces, "design_faces", lambda *job: made.append(job) or design_faces(*job))
    job = ("smooth", False, 3, 1, 0)
    first = train_faces.faces([job], workers=1)[0]
    train_faces.faces([job], workers=1)
    assert len(made) == 1 and str(first["drawn"]) == train_faces.train_metric.drawn("smooth")
    monkeypatch.setattr(train_faces.train_metric, "drawn", lambda design: "drawn otherwise")
    again = train_faces.faces([job], workers=1)[0]
    assert len(made) == 2 and str(again["drawn"]) == "drawn otherwise"


@pytest.mark.skipif("smooth" not in available_art_sets(),
                    reason="no tile art here")
def test_a_players_set_is_also_played_in_table_scenes_of_the_same_set() -> None:
    """The network also learns tiles as a table shows them (a hand, a discard row), of the very
    set its layout photos show; only tiles the network is asked about (``network_reads``)."""
    from datasets.synth.photos import player_set
    from datasets.synth.scene import render_scene
    from vision.tileset import network_reads

    photos = train_faces.train_metric.player_photos("smooth", True, 3, close_ups=1, scenes=2)
    assert [which for *_, which in photos] == [0, 1, 2, 3, 3]
    played = [tile for _, tiles, which in photos if which == 3 for tile in tiles]
    assert played and all(tile.labelled and tile.code != "back" for tile in played)
    style = player_set("smooth", True, 3)
    scene = render_scene(np.random.default_rng(0), "hand", style=style)
    assert scene.art == "smooth"
    faces = train_faces.design_faces("smooth", True, 3, close_ups=1, scenes=2)
    assert (faces["photo"] == 3).sum() == sum(network_reads(tile.box) for tile in played)
    assert faces["faces"].shape[1:] == (FACE_SIZE[1], FACE_SIZE[0], 3)


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


class _ColourNetwork:
    """A stand-in face network: a face's embedding is its mean colour less grey, a unit row."""

    digest = "colours"

    def __init__(self, kinds: DrawnKinds) -> None:
        self.kinds = kinds

    def __call__(self, tiles: list[np.ndarray]) -> np.ndarray:
        rows = np.array([tile.reshape(-1, 3).mean(axis=0) - 128 for tile in tiles], np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


@pytest.mark.skipif(not (MODELS / "tile_classifier.onnx").is_file(), reason="no shipped models")
def test_a_tile_of_a_design_no_one_taught_is_likened_to_the_kinds_as_many_designs_draw_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No tile set, a photo the classifier reads unsurely: a face the network likens to 1 萬 as
    many designs draw it is named 1 萬 though the classifier leant to 2 萬 (its 0.10 the
    confidence: reported unsure), even below the share of its best that the kinds as drawn in
    the features weigh (``KINDS_NEAR``: the faces weigh first, over all kinds); a tile too small
    for the network keeps its reading; a photo read surely (a design the classifier knows) is
    left as read."""
    import vision.recognizer as recognizer
    from vision.metric_head import MetricHead

    classifier = recognizer.TileClassifier.load(MODELS)
    alike = np.zeros((42, 4), np.float32)
    alike[:, 0] = 1.0  # every kind drawn alike in the features: their say changes nothing
    classifier.metric = replace(MetricHead.identity(4, 2), kinds=alike, kind_codes=tuple(TILE_CLASSES[:42]))
    codes = classifier.codes
    face = np.array([128, 60, 230]) - 128.0  # the red face's colour less grey
    face /= np.linalg.norm(face)
    aside = np.array([1.0, 0.0, 0.0])  # at right angles to it
    near = [c * face + np.sqrt(1 - c * c) * aside for c in (0.9, 0.7, 0.6)]  # as near as drawn kinds lie
    kinds = DrawnKinds(np.array(["1m", "2m", "5s"]), np.vstack(near).astype(np.float32), "colours")
    classifier.faces = _ColourNetwork(kinds)  # type: ignore[assignment]
    reading = np.zeros(len(codes))
    reading[codes.index("2m")], reading[codes.index("1m")], reading[codes.index("none")] = 0.5, 0.1, 0.05
    reading[codes.index("5s")] = 0.35
    assert 0.1 < naming.KINDS_NEAR * 0.5
    monkeypatch.setattr("vision.name.SURE", 0.0)
    monkeypatch.setattr(classifier, "_run", lambda crops: (np.tile(reading, (len(crops), 1)),
                                                            np.zeros((len(crops), 4), np.float32)))
    image = np.full((200, 300, 3), 128, np.uint8)
    image[20:120, 20:90] = (128, 60, 230)  # a red face, 70 × 100
    image[20:45, 150:170] = (128, 60, 230)  # one too small to look at
    boxes = np.array([[20, 20, 90, 120], [150, 20, 170, 45]], float)
    named, probs = classifier.name(image, boxes)
    assert named == ["1m", "2m"] and probs == pytest.approx([0.1, 0.5])
    drawn = classifier._as_drawn(np.tile(reading, (2, 1)), np.zeros((2, 4)), image, boxes)
    assert drawn[:, codes.index("none")] == pytest.approx([0.05, 0.05])
    assert drawn.sum(axis=1) == pytest.approx([1.0, 1.0])
    sure = np.tile(reading, (3, 1))
    sure[1:, codes.index("2m")] = naming.KINDS_FAMILIAR + 0.05
    np.testing.assert_array_equal(classifier._as_drawn(sure, np.zeros((3, 4)), image, boxes[[0, 0, 0]]), sure)


class _HalvesNetwork(_ColourNetwork):
    """A stand-in face network that sees which way up a face is: its embedding is the mean
    colours (less grey) of its top and bottom halves, one unit row; a face lying on its side is
    turned to stand first, as the network's input is (``face_embedding.upright_face``)."""

    digest = "halves"

    def __call__(self, tiles: list[np.ndarray]) -> np.ndarray:
        from vision.face_match import upright

        halves = [np.array_split(upright(tile), 2) for tile in tiles]
        rows = np.array([np.r_[top.reshape(-1, 3).mean(axis=0), bottom.reshape(-1, 3).mean(axis=0)]
                         - 128 + 1e-3 for top, bottom in halves], np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


@pytest.mark.skipif(not (MODELS / "tile_classifier.onnx").is_file(), reason="no shipped models")
@pytest.mark.parametrize("lying", ["upright", "upside down", "on its side"])
def test_a_tile_no_one_taught_is_likened_to_the_kinds_as_drawn_the_way_up_it_lies(
        monkeypatch: pytest.MonkeyPatch, lying: str) -> None:
    """No tile set, a photo read unsurely: a face red across its top and plain below is 1 萬 as
    many designs draw it, however it lies in the photo (turned over, as the player across the
    table's tiles lie, or on its side either way): named 1 萬 though the classifier leant to 2
    萬 (red above, red and green below), which the face lying turned is nearer as it lies."""
    import cv2

    import vision.recognizer as recognizer
    from vision.metric_head import MetricHead

    classifier = recognizer.TileClassifier.load(MODELS)
    alike = np.zeros((42, 6), np.float32)
    alike[:, 0] = 1.0  # every kind drawn alike in the features: their say changes nothing
    classifier.metric = replace(MetricHead.identity(6, 2), kinds=alike, kind_codes=tuple(TILE_CLASSES[:42]))
    codes = classifier.codes
    red, green = np.array([128, 60, 230]) - 128.0, np.array([60, 200, 60]) - 128.0
    # 2 萬 drawn red above, red and green below: 1 萬 turned over, or on its side and not stood
    # up (half of each half red), lies nearer it than 1 萬 as it lies
    drawn = np.array([np.r_[red, 0, 0, 0], np.r_[red, red + green], np.r_[green, green]], np.float32)
    drawn /= np.linalg.norm(drawn, axis=1, keepdims=True)
    classifier.faces = _HalvesNetwork(DrawnKinds(np.array(["1m", "2m", "5s"]), drawn, "halves"))  # type: ignore[assignment]
    reading = np.zeros(len(codes))
    reading[codes.index("2m")], reading[codes.index("1m")], reading[codes.index("5s")] = 0.5, 0.1, 0.35
    monkeypatch.setattr("vision.name.SURE", 0.0)
    monkeypatch.setattr(classifier, "_run", lambda crops: (np.tile(reading, (len(crops), 1)),
                                                            np.zeros((len(crops), 6), np.float32)))
    image = np.full((240, 240, 3), 128, np.uint8)
    image[20:70, 80:150] = (128, 60, 230)  # 1 萬: red across the top of a 70 × 100 face
    image[70:120, 80:150] = (128, 128, 128)
    box = [80, 20, 150, 120]
    for _ in range({"upright": 0, "upside down": 2, "on its side": 1}[lying]):
        image = np.ascontiguousarray(np.rot90(image))
        box = [box[1], 240 - box[2], box[3], 240 - box[0]]
    named, _ = classifier.name(image, np.array([box], float))
    assert named == ["1m"]
    if lying == "on its side":  # the other side down
        turned = [240 - box[2], 240 - box[3], 240 - box[0], 240 - box[1]]
        named, _ = classifier.name(cv2.rotate(image, cv2.ROTATE_180), np.array([turned], float))
        assert named == ["1m"]


def test_the_kinds_as_drawn_keep_a_few_drawings_of_each_kind_and_read_back(tmp_path: Path) -> None:
    """Of many tiles of a kind, ``KIND_DRAWINGS`` centres are kept (a kind with fewer keeps all),
    unit rows; written and read back alike (float16), and kept by a network only if its own."""
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(90, 8)).astype(np.float32)
    codes = ["1m"] * 80 + ["2m"] * 10
    kinds = DrawnKinds.made(rows, codes, "net-a", per_kind=16)
    assert (kinds.codes == "1m").sum() == 16 and (kinds.codes == "2m").sum() == 10
    np.testing.assert_allclose(np.linalg.norm(kinds.rows, axis=1), 1.0, atol=1e-5)
    kinds.save(tmp_path / face_embedding.KINDS_FILE)
    again = DrawnKinds.load(tmp_path / face_embedding.KINDS_FILE)
    np.testing.assert_allclose(again.rows, kinds.rows, atol=2e-3)
    assert again.codes.tolist() == kinds.codes.tolist() and again.network == "net-a"
    session = type("Session", (), {"get_inputs": lambda self: [type("I", (), {"name": "faces"})()]})()
    assert FaceEmbedding(session, "net-a", again).kinds is again
    assert FaceEmbedding(session, "net-b", again).kinds is None, "another network's kinds are not its"


def _turned_pairs(designs: int, seed: int) -> list[dict[str, np.ndarray]]:
    """Designs of six kinds in pairs, one kind's mark the other's turned over, under a bar along
    the top of every face (as a tile's writing reads top down): turned over, a face of one kind
    is the other kind's but for where its bar lies."""
    rng = np.random.default_rng(seed)
    height, width = FACE_SIZE[1], FACE_SIZE[0]
    marks = []
    for k in range(3):  # three marks, none alike turned over
        mark = np.zeros((16, 16), bool)
        mark[:, 2 + 4 * k:6 + 4 * k] = True
        mark[:4, :] = True
        mark[12:, :8 + 4 * k] = k != 1
        marks.append(mark)
    marks += [mark[::-1, ::-1] for mark in marks]
    out = []
    for _ in range(designs):
        ground, ink = rng.integers(140, 255, 3), rng.integers(0, 90, 3)
        faces, codes, photo = [], [], []
        for p in range(3):
            for k, mark in enumerate(marks):
                face = np.empty((height, width, 3), np.uint8)
                face[:] = ground
                face[2:6, 4:width - 4] = ink
                x, y = 16 + rng.integers(-3, 4), 24 + rng.integers(-3, 4)
                face[y:y + 16, x:x + 16][mark] = ink
                faces.append(np.clip(face + rng.normal(0, 8, face.shape), 0, 255).astype(np.uint8))
                codes.append(f"{k + 1}p")
                photo.append(p)
        out.append({"faces": np.array(faces), "codes": np.array(codes), "photo": np.array(photo)})
    return out


@pytest.mark.usefixtures("small_runs")
def test_fitting_both_ways_keeps_the_step_whose_close_ups_read_best_either_way() -> None:
    """``--both-ways``: the tiles read are looked at turned over too (as the recognizer looks
    for the way up a tile lies) and the run says how its valid close-ups read either way."""
    train, valid = _turned_pairs(12, 0), _turned_pairs(4, 1)
    net, metrics = train_faces.fit("faces-test", train, valid, steps=60, episodes=2, lr=5e-3,
                                   seed=0, both_ways=True)
    assert metrics["valid_either_way"] >= 0.9 and metrics["valid_one_shot"] >= 0.9
    x = train_faces.tensors(valid)
    assert train_faces.either_way_shot(net, x, valid) == pytest.approx(metrics["valid_either_way"],
                                                                       abs=1e-4)
    # turned over twice a face is as it was; a close-up turned over is read among both views
    np.testing.assert_array_equal(train_faces.turned_over(train_faces.turned_over(x)), x)


def test_the_loss_both_ways_spares_a_face_alike_turned_over_but_not_one_like_another_kind() -> None:
    torch = pytest.importorskip("torch")
    examples = torch.nn.functional.normalize(torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]), dim=1)
    read, target = examples[:1].clone(), torch.tensor([0])
    plain = train_faces.episode_loss(examples, read, target)
    alike = train_faces.episode_loss(examples, read, target, over=examples[:1])
    like_other = train_faces.episode_loss(examples, read, target, over=examples[1:])
    nowhere = train_faces.episode_loss(examples, read, target, over=torch.tensor([[0.0, 0.0, 1.0]]))
    assert float(alike) == pytest.approx(float(plain), abs=1e-4)
    assert float(nowhere) == pytest.approx(float(plain), abs=1e-3)
    assert float(like_other) > float(plain) + 0.5
    # a kind not learnt (-100) is left out
    assert float(train_faces.episode_loss(examples, torch.cat([read, read]), torch.tensor([0, -100]),
                                          over=torch.cat([examples[1:], examples[1:]]))) == pytest.approx(
        float(like_other), abs=1e-4)


@pytest.mark.parametrize("argv", [["--across", "1.5"], ["--across", "-0.1"], ["--swapped", "-3"]])
def test_a_run_asked_for_a_share_or_count_out_of_bounds_is_refused_before_any_work(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        train_faces.main(argv)
    assert refused.value.code == 2 and "--across a share (0 to 1)" in capsys.readouterr().err
