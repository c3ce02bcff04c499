"""The recognizer on tile designs it was not trained on: one tile one box, unsure faces, and a
player's tile set (``vision.tileset``) changing what the classifier reads."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from assistant.errors import MahjongError
from datasets.synth.art import available_art_sets, load_art_set
from vision.classes import TILE_CLASSES
from vision.face_embedding import FACES_FILE, FaceEmbedding
from vision.tileset import NEGATIVE_TOO, PER_KIND, TileSet, learn, reading_order

MODELS = Path(os.environ.get("MAHJONG_MODELS", Path(__file__).resolve().parent.parent / "models"))
needs_art = pytest.mark.skipif("smooth" not in available_art_sets(), reason="no tile art here")


@pytest.fixture(scope="module")
def recognizer():
    from vision.recognizer import Recognizer

    return Recognizer.load(MODELS)


# --- the tile set itself ------------------------------------------------------------------------

def test_a_tile_set_keeps_at_most_per_kind_examples_and_takes_one_back() -> None:
    ts = TileSet("mine")
    rng = np.random.default_rng(0)
    ids = [ts.add("7s", rng.normal(size=8)) for _ in range(PER_KIND + 2)]
    assert ts.kinds() == {"7s": PER_KIND}, "the oldest go past the bound"
    assert ids[0] not in ts.ids and ids[-1] in ts.ids
    assert ts.remove(ids[-1]) and not ts.remove(ids[-1])
    assert ts.kinds() == {"7s": PER_KIND - 1}


def test_a_tile_set_refuses_what_is_no_face_or_another_models_features() -> None:
    ts = TileSet("mine")
    ts.add("1m", np.ones(8))
    with pytest.raises(MahjongError, match="faces"):
        ts.add("back", np.ones(8))
    with pytest.raises(MahjongError, match="another classifier"):
        ts.add("2m", np.ones(16))
    with pytest.raises(MahjongError, match="not all zero"):
        ts.add("2m", np.zeros(8))
    for bad in ("", "../x", "a b", "x" * 41):
        with pytest.raises(MahjongError, match="tile set name"):
            TileSet(bad)


def test_a_tile_set_is_saved_and_read_back(tmp_path: Path) -> None:
    ts = TileSet("家里的牌")
    ts.add("5p", np.arange(1, 9, dtype=float))
    ts.add("C", np.arange(8, 0, -1, dtype=float), source="correction")
    ts.dark_faces = True
    path = ts.save(tmp_path)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    again = TileSet.load("家里的牌", tmp_path)
    assert again.codes == ["5p", "C"] and again.sources == ["learn", "correction"]
    assert again.dark_faces, "which detector finds the set's faces is kept"
    np.testing.assert_allclose(again.vectors, ts.vectors, atol=1e-3)
    assert again.add("1m", np.ones(8)) == 3, "ids go on from where they were"
    with pytest.raises(MahjongError, match="no tile set named"):
        TileSet.load("elsewhere", tmp_path)


class _ModeClassifier:
    """Features that say how they were made: column 0 for a crop as it is, column 1 for one
    read with its lightness negative too."""

    fingerprint = "f1"

    def features(self, image: np.ndarray, boxes: np.ndarray, negative_too: bool = False
                 ) -> np.ndarray:
        rows = np.zeros((len(boxes), 4), np.float32)
        rows[:, int(negative_too)] = 1.0
        return rows


def _face_photo(face: tuple[int, int, int], ink: tuple[int, int, int]) -> np.ndarray:
    """A photo of one tile, an 8 written in ``ink`` on a ``face`` of that colour."""
    import cv2

    photo = np.full((160, 160, 3), 128, np.uint8)
    photo[30:130, 45:115] = face
    cv2.putText(photo, "8", (58, 108), cv2.FONT_HERSHEY_SIMPLEX, 2.0, ink, 6)
    return photo


def test_a_set_whose_ink_is_paler_than_its_faces_is_matched_with_their_negatives_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A jade or dark green set (most examples' ink paler than their face) keeps features made
    with the tiles' lightness negatives too, and says so beside the classifier's fingerprint;
    when examples of dark ink come to outnumber them, every example is made again as it is."""
    from vision.tileset import add_correction

    jade, ivory = _face_photo((60, 110, 40), (225, 240, 230)), _face_photo((215, 230, 235), (40, 30, 30))
    box = [45.0, 30, 115, 130]
    ts, classifier = TileSet("jade"), _ModeClassifier()
    add_correction(ts, jade, box, "8s", classifier)
    assert ts.pale_ink and ts.model == "f1" + NEGATIVE_TOO
    assert ts.vectors[:, 1].tolist() == [1.0], "made with the negative too"
    ts.save(tmp_path)
    import vision.tileset_store as kept  # where a set's pale ink is decided

    with monkeypatch.context() as patch:  # kept in the file: no look decoded to read with it
        patch.setattr(kept, "pale_looks", lambda looks: pytest.fail("looks decoded"))
        assert TileSet.load("jade", tmp_path).pale_ink
    add_correction(ts, jade, box, "9s", classifier)
    add_correction(ts, ivory, box, "8m", classifier)
    assert ts.pale_ink and ts.vectors[:, 1].tolist() == [1.0] * 3, "fewer than half dark"
    add_correction(ts, ivory, box, "8p", classifier)
    assert not ts.pale_ink and ts.model == "f1", "half pale is not more than half"
    assert ts.vectors[:, 0].tolist() == [1.0] * 4, "every example made again as it is"
    assert not ts.stale(classifier)


def test_a_learnt_example_outweighs_the_classifier_and_a_far_one_does_not() -> None:
    codes = TILE_CLASSES[:42] + ["none"]
    ts = TileSet("mine")
    basis = np.eye(16)
    ts.add("7s", basis[0])
    ts.add("4s", basis[1])
    probs = np.zeros((3, len(codes)))
    probs[:, codes.index("8s")] = 0.9  # the classifier reads 8条 …
    probs[:, codes.index("none")] = 0.1
    near_7s = basis[0] + 0.05 * basis[2]
    far = basis[5]
    out = ts.combine(probs, np.stack([near_7s, far, basis[1]]), codes)
    assert [codes[k] for k in out.argmax(axis=1)] == ["7s", "8s", "4s"]
    np.testing.assert_allclose(out.sum(axis=1), 1.0, atol=1e-6)
    np.testing.assert_allclose(out[:, codes.index("none")], 0.1), "no tile stays the classifier's"


def test_the_classifier_breaks_a_near_tie_and_never_outweighs_a_clear_example() -> None:
    """Between two learnt kinds the features put nearly as close, the classifier's reading
    decides; a player's correction wins however sure the classifier is of another kind."""
    codes = TILE_CLASSES[:42] + ["none"]
    ts = TileSet("mine")
    basis = np.eye(16)
    ts.add("1m", basis[2] + 0.3 * basis[0])  # the two share most of their features
    ts.add("2m", basis[2] + 0.3 * basis[1])
    probs = np.full((3, len(codes)), 1e-4)
    probs[0, codes.index("2m")], probs[0, codes.index("1m")] = 0.5, 0.2  # leans to 2 萬
    probs[1, codes.index("1m")] = 0.7  # leans to 1 萬
    probs[2, codes.index("1m")] = 0.999  # sure of 1 萬
    probs /= probs.sum(axis=1, keepdims=True)
    tie = basis[2] + 0.3 * basis[0] + 0.25 * basis[1]  # a shade nearer 1 萬 than 2 萬
    again = basis[2] + 0.3 * basis[1]  # the tile a player corrected to 2 萬, read again
    out = ts.combine(probs, np.stack([tie, tie, again]), codes)
    assert [codes[k] for k in out.argmax(axis=1)] == ["2m", "1m", "2m"]
    alone = ts.combine(np.full((1, len(codes)), 1 / len(codes)), tie[None], codes)
    assert codes[int(alone.argmax())] == "1m", "without a say the nearer example wins"


def _shipped_faces() -> FaceEmbedding:
    """The face network in ``models/``, or the test skipped without one."""
    path = MODELS / FACES_FILE
    if not path.is_file():
        pytest.skip(f"no {FACES_FILE} in {MODELS}")
    return FaceEmbedding.load(path)


def _tile_photo(face: np.ndarray, angle: float) -> tuple[np.ndarray, list[float]]:
    """A photo of one ivory tile bearing ``face`` (an art set's RGBA glyph) on a green cloth,
    turned by ``angle`` degrees, and the tile's box (the bounds of the turned tile)."""
    import cv2

    tile = np.full((120, 90, 3), (214, 236, 242), np.float32)
    glyph = cv2.resize(face, (80, 108), interpolation=cv2.INTER_AREA).astype(np.float32)
    alpha = glyph[:, :, 3:] / 255
    tile[6:114, 5:85] = alpha * glyph[:, :, 2::-1] + (1 - alpha) * tile[6:114, 5:85]
    photo = np.full((360, 360, 3), (40, 110, 40), np.uint8)
    photo[120:240, 135:225] = tile.astype(np.uint8)
    turn = cv2.getRotationMatrix2D((180, 180), angle, 1.0)
    photo = cv2.warpAffine(photo, turn, (360, 360), borderMode=cv2.BORDER_REPLICATE)
    corners = cv2.transform(np.array([[[135, 120], [225, 120], [225, 240], [135, 240]]], float), turn)[0]
    return photo, [*corners.min(axis=0), *corners.max(axis=0)]


@needs_art
def test_the_shipped_kinds_as_drawn_are_the_shipped_networks_and_hold_every_kind() -> None:
    """A new face network shipped without its kinds made again would leave a design never
    seen read without them, silently: the kinds kept must be the network's, all 42 of them."""
    from vision.face_embedding import KINDS_FILE, DrawnKinds

    faces = _shipped_faces()
    if not (MODELS / KINDS_FILE).is_file():
        pytest.skip(f"no {KINDS_FILE} in {MODELS}")
    kept = faces.with_kinds(DrawnKinds.load(MODELS / KINDS_FILE)).kinds
    assert kept is not None, f"{KINDS_FILE} was made by another network than {FACES_FILE}"
    assert sorted(set(kept.codes.tolist())) == sorted(TILE_CLASSES[:42])


def test_a_tile_seen_from_low_is_likened_to_the_kinds_as_drawn_without_its_bodys_side() -> None:
    """Before a set is taught, a tile is likened to each kind as drawn (``DrawnKinds``): the
    5 花 seen from low lies near no drawing as boxed; each way it is looked at takes the better
    of the whole box and the box cut short of its body's side, and then lies nearest 5 花."""
    from types import SimpleNamespace

    from vision.face_embedding import DrawnKinds, way_views, ways_for
    from vision.recognizer import TileClassifier
    from vision.tileset import EMBED_SURE, Look

    faces = _shipped_faces()
    art = load_art_set("smooth").faces
    kinds = ["1m", "2m", "S", "2f", "5f", "7s", "P"]
    upright = [Look.cut(*_tile_photo(art[code], 0.0)) for code in kinds]
    drawn = DrawnKinds.made(faces([look.pixels()[1] for look in upright]), kinds, faces.digest)
    reader = SimpleNamespace(faces=faces.with_kinds(drawn))
    photo, box = _seen_from_low(art["5f"])
    look = Look.cut(photo, np.array(box, float))
    ways = ways_for(box)
    near = drawn.similarities(faces(way_views(*look.pixels()[:1], look.box, ways)), kinds)
    assert near.max() < EMBED_SURE, "as boxed, near no drawing"
    cut = TileClassifier._without_body_side(reader, near, [(look, ways)], kinds)
    assert kinds[int(cut[0].argmax())] == "5f" and cut[0].max() >= EMBED_SURE
    assert (cut >= near).all() and (cut[:, kinds.index("P")] == near[:, kinds.index("P")]).all()


def test_layout_photos_are_read_in_rows_left_to_right() -> None:
    boxes = np.array([[100, 5, 140, 60], [0, 0, 40, 55], [50, 3, 90, 58],
                      [0, 90, 40, 145], [52, 88, 92, 146]])
    assert reading_order(boxes) == [1, 2, 0, 3, 4]


# --- on photos ----------------------------------------------------------------------------------

@needs_art
@pytest.mark.parametrize("design,code,seed,coloured", [
    ("unicode", "7s", 3, False), ("smooth", "2f", 4, False),
    ("kmj-default" if "kmj-default" in available_art_sets() else "smooth", "N", 5, False),
    ("gen-13", "P", [2026, 33, 0], False),  # a framed 白板 whose frame corners were read as four blanks
    ("gen-12", "P", [2026, 33, 1], False),  # ... as a blank top half and two unsure quarters
    ("gen-12", "4p", [2026, 12, 1], False),  # on a checked cloth whose squares were read as backs
    ("gen-12", "7s", [2026, 24, 1], False),  # found whole, then lost to a narrowed look's 13 bands
    ("gen-14", "7p", [2026, 15, 0], False),  # ... and so found as nothing
    # on a coloured face, its pips were found as small white tiles by the first detector
    ("gen-12", "5p", [2026, 13, 0], True), ("gen-12", "7p", [2026, 15, 1], True),
    ("gen-12", "9s", [2026, 26, 1], True), ("gen-12", "1f", [2026, 34, 1], True),
    # a red jade face with white strokes, which no detector sees whole: found as 12 strokes
    pytest.param("kmj-jade", "3f", [7, 36], False, marks=pytest.mark.skipif(
        "kmj-jade" not in available_art_sets(), reason="Debian's kmahjongg art is not installed")),
])
def test_one_tile_close_up_is_one_box(recognizer, design: str, code: str, seed: int | list[int],
                                      coloured: bool) -> None:
    """A tile filling a third to a half of the frame is found once, not in pieces."""
    from datasets.synth.photos import single_tile_photo

    scene = single_tile_photo(np.random.default_rng(seed), design, code, coloured)
    tiles = recognizer.detect(scene.image)
    assert len(tiles) == 1, tiles
    truth = scene.tiles[0].box
    box = tiles[0]["box"]
    overlap = ((min(box[2], truth[2]) - max(box[0], truth[0]))
               * (min(box[3], truth[3]) - max(box[1], truth[1])))
    assert overlap > 0.6 * (truth[2] - truth[0]) * (truth[3] - truth[1])


def test_a_one_tile_photo_turned_a_quarter_is_one_box_not_the_tile_and_its_body(recognizer) -> None:
    """A close-up turned a quarter (a tile on its side before the camera) shows the tile's body
    beside its face, which the detector found as a back of its own: the tile is one box."""
    import cv2

    from datasets.synth.photos import player_set, single_tile_photo

    codes = [c for c in TILE_CLASSES[:42] if c in load_art_set("gen-13").codes]
    scene = single_tile_photo(np.random.default_rng([2026, codes.index("1s"), 1]), "gen-13", "1s",
                              True, player_set("gen-13", True, 2026))
    tiles = recognizer.detect(cv2.rotate(scene.image, cv2.ROTATE_90_CLOCKWISE))
    assert [t["tile"] for t in tiles] == ["1s"], tiles


@needs_art
def test_a_corrected_tile_reads_as_corrected_and_so_does_its_next_photo(recognizer, tmp_path: Path
                                                                       ) -> None:
    """The player's path ``evaluate_designs --corrections`` measures: a one-tile photo the set
    misreads is corrected (here: two photos of 7 条 a player calls 8 条), then that photo and
    another of the same tile read as corrected."""
    import cv2

    from datasets.synth.photos import single_tile_photo
    from vision.evaluate_designs import read_after_corrections

    photos = []
    for j in range(2):
        path = tmp_path / f"7s_{j}.jpg"
        cv2.imwrite(str(path), single_tile_photo(np.random.default_rng([7, j]), "smooth", "7s").image)
        photos.append((path, "8s"))
    ts = TileSet("mine")
    result = read_after_corrections(recognizer, photos, ts)
    assert result["corrected"] == 1 and ts.sources == ["correction"] and ts.kinds() == {"8s": 1}
    assert result["right_again"] == 1
    assert result["others_before"]["top1"] == 0.0 and result["others"]["top1"] == 1.0


def test_a_misread_not_reported_unsure_counts_as_silent(tmp_path: Path) -> None:
    """``evaluate_designs`` tells the misreads a player is warned of (unsure) from the silent
    ones, which he has no reason to check; the largest box is the photo's reading."""
    import cv2

    from vision.evaluate_designs import read_singles

    readings = iter([
        [{"tile": "1m", "box": [0, 0, 10, 10]}],  # right
        [{"tile": "2m", "box": [0, 0, 10, 10], "unsure": True}],  # wrong, and said so
        [{"tile": "3m", "box": [0, 0, 10, 10]}, {"tile": "1m", "box": [0, 0, 3, 3]}],  # silent
        [],  # nothing found
    ])

    class Reader:
        def detect(self, image: np.ndarray, tileset: object = None) -> list[dict[str, object]]:
            return next(readings)

    path = tmp_path / "tile.jpg"
    cv2.imwrite(str(path), np.zeros((8, 8, 3), np.uint8))
    got = read_singles(Reader(), [(path, "1m")] * 4)  # type: ignore[arg-type]
    assert (got["top1"], got["unsure"], got["silent_misreads"], got["one_box"]) == (0.25, 0.25, 0.25, 0.5)
    assert got["misreads"] == {"1m->2m": 1, "1m->3m": 1, "1m->nothing": 1}


@pytest.mark.skipif("smooth" not in available_art_sets(), reason="no tile art here")
def test_photos_of_a_design_drawn_otherwise_since_are_made_again(tmp_path: Path, monkeypatch) -> None:
    """The measure's photos are kept; after the generator draws a design otherwise (a new style)
    they are photographed again, not measured as the old drawing."""
    from datasets.synth import art
    from vision import evaluate_designs

    monkeypatch.setattr(evaluate_designs, "CACHE", tmp_path)
    folder, codes = evaluate_designs._photo_folder("smooth", "single", 0, False, True)
    (folder / "1m_0.jpg").write_bytes(b"a photo")
    assert evaluate_designs._photo_folder("smooth", "single", 0, False, True) == (folder, codes)
    assert (folder / "1m_0.jpg").is_file()
    drawn = art.load_art_set("smooth")
    redrawn = art.ArtSet("smooth", {code: 255 - face for code, face in drawn.faces.items()})
    monkeypatch.setattr(art, "load_art_set", lambda name: redrawn)
    assert evaluate_designs._photo_folder("smooth", "single", 0, False, True) == (folder, codes)
    assert not (folder / "1m_0.jpg").exists()


def test_one_tile_photos_are_read_turned_as_asked(tmp_path: Path) -> None:
    """``evaluate_designs --turn`` reads each one-tile photo turned clockwise (a tile before
    another player): the reader sees the photo's top-left corner where the turn puts it."""
    import cv2

    from vision.evaluate_designs import read_singles

    photo = np.zeros((40, 60, 3), np.uint8)
    photo[:10, :10] = 255  # a mark in the top-left corner
    path = tmp_path / "tile.jpg"
    cv2.imwrite(str(path), photo)
    seen: list[np.ndarray] = []

    class Reader:
        def detect(self, image: np.ndarray, tileset: object = None) -> list[dict[str, object]]:
            seen.append(image)
            return []

    corner = {0: (slice(0, 10), slice(0, 10)), 90: (slice(0, 10), slice(-10, None)),
              180: (slice(-10, None), slice(-10, None)), 270: (slice(-10, None), slice(0, 10))}
    for turn, (rows, columns) in corner.items():
        read_singles(Reader(), [(path, "1m")], turn=turn)  # type: ignore[arg-type]
        assert seen[-1].shape[:2] == ((40, 60) if turn in (0, 180) else (60, 40))
        assert seen[-1][rows, columns].mean() > 200, turn


def test_one_tile_photos_are_read_photographed_worse_as_asked(tmp_path: Path) -> None:
    """``evaluate_designs --photographed N`` reads each one-tile photo as N copies made to look
    taken worse, seeded: N readings a photo, none the clean render, the same copies each run."""
    import cv2

    from vision.evaluate_designs import read_singles

    photo = np.full((120, 90, 3), 200, np.uint8)
    photo[30:90, 20:70] = (40, 40, 160)
    path = tmp_path / "tile.jpg"
    cv2.imwrite(str(path), photo)
    clean = cv2.imread(str(path))
    seen: list[np.ndarray] = []

    class Reader:
        def detect(self, image: np.ndarray, tileset: object = None) -> list[dict[str, object]]:
            seen.append(image)
            return [{"tile": "1m", "box": [0, 0, 10, 10]}]

    got = read_singles(Reader(), [(path, "1m")] * 2, photographed=3)  # type: ignore[arg-type]
    assert got["photos"] == 6 and len(seen) == 6
    assert all(not np.array_equal(image, clean) for image in seen)
    first = [image.copy() for image in seen]
    seen.clear()
    read_singles(Reader(), [(path, "1m")] * 2, photographed=3)  # type: ignore[arg-type]
    assert all(np.array_equal(a, b) for a, b in zip(first, seen, strict=True))


@needs_art
def test_scenes_made_to_find_backs_in_hold_backs_and_photographed_keep_their_boxes() -> None:
    """``evaluate_designs --backs`` scenes are the ones made to find face-down tiles in (a hand
    whose concealed kong shows its backs, a pond with one face down); photographed worse, a
    scene's boxes move with its picture, and a reader reporting the truth where it lies scores
    every tile found."""
    from vision.evaluate_designs import scene_photos, score_scenes

    scenes = scene_photos("smooth", 3, 5, backs=True, photographed=True)
    assert "back" in scenes[0][1] and "back" in scenes[2][1]  # a kong's, a discard's
    truth = iter(scenes)

    class Reader:
        def detect(self, image: np.ndarray, tileset: object = None) -> list[dict[str, object]]:
            _, codes, boxes = next(truth)
            return [{"tile": c, "box": b.tolist()} for c, b in zip(codes, boxes, strict=True)]

    got = score_scenes(Reader(), scenes)  # type: ignore[arg-type]
    assert (got["face_accuracy"], got["back_recall"], got["extra_boxes"]) == (1.0, 1.0, 0)
    plain = scene_photos("smooth", 3, 5, backs=True)
    assert [codes for _, codes, _ in plain] == [codes for _, codes, _ in scenes]
    assert not any(np.array_equal(p[0], q[0]) for p, q in zip(plain, scenes, strict=True))
    assert any(not np.allclose(p[2], q[2]) for p, q in zip(plain, scenes, strict=True)), "no slant"


@needs_art
def test_a_concealed_kongs_backs_are_found_as_backs(recognizer) -> None:
    """A rendered hand of a design never trained on, its concealed kong lying back, face, face,
    back: both backs are reported as ``back`` (the second was read as 白板 before)."""
    from datasets.synth.scene import render_scene
    from vision.evaluate import iou

    scene = render_scene(np.random.default_rng([101, 59]), "hand", art_sets=["gen-12"])
    backs = [t for t in scene.tiles if t.labelled and t.code == "back" and t.group.startswith("meld")]
    assert len(backs) == 2
    found = recognizer.detect(scene.image)
    for back in backs:
        assert [f["tile"] for f in found if iou(f["box"], back.box) >= 0.5] == ["back"]


@needs_art
def test_learning_a_layout_makes_its_tiles_read_as_taught(recognizer) -> None:
    """A rows photo of 18 kinds: learnt, then read again with the set, every tile reads as
    taught; taught under other names, the set's names win (it is not the classifier's)."""
    from datasets.synth.photos import rows_photo

    codes = TILE_CLASSES[18:27] + TILE_CLASSES[27:34] + ["1f", "5f"]
    scene = rows_photo(np.random.default_rng(11), "smooth", codes)
    ts = TileSet("mine")
    learnt = learn(ts, scene.image, codes, recognizer)
    assert [row["tile"] for row in learnt] == codes
    assert ts.kinds() == {code: 1 for code in codes}
    read = recognizer.detect(scene.image, ts)
    boxes = np.array([t["box"] for t in read])
    assert [read[i]["tile"] for i in reading_order(boxes)] == codes
    swapped = TileSet("swapped")
    learn(swapped, scene.image, codes[1:2] + codes[:1] + codes[2:], recognizer)
    read = recognizer.detect(scene.image, swapped)
    ordered = [read[i]["tile"] for i in reading_order(np.array([t["box"] for t in read]))]
    assert ordered[:2] == [codes[1], codes[0]]


@needs_art
def test_a_set_learnt_with_another_classifier_is_computed_again_from_its_looks(
        recognizer, tmp_path: Path) -> None:
    """When a newer classifier is shipped, a player's set is not lost: each example keeps its
    look in the set's file, and the vectors are computed again from them (the same models give
    back the same features); read with it, the set's names still win. A set kept without looks
    must be learnt again, and says so."""
    from datasets.synth.photos import rows_photo

    codes = TILE_CLASSES[:9] + ["C", "F"]
    scene = rows_photo(np.random.default_rng(13), "smooth", codes)
    taught = codes[1:2] + codes[:1] + codes[2:]  # the first two swapped: the set's names win
    ts = TileSet("mine")
    learn(ts, scene.image, taught, recognizer)
    assert ts.model == recognizer.classifier.fingerprint != ""
    ts.save(tmp_path)
    kept = TileSet.load("mine", tmp_path)
    assert len(kept.looks) == len(codes) and all(look is not None for look in kept.looks)
    before = kept.vectors.copy()
    older = np.random.default_rng(0).normal(size=before.shape).astype(np.float32)
    kept.vectors, kept.model = older / np.linalg.norm(older, axis=1, keepdims=True), "an older one"
    assert kept.stale(recognizer.classifier) and kept.refit(recognizer.classifier)
    assert kept.model == recognizer.classifier.fingerprint and not kept.stale(recognizer.classifier)
    assert (np.sum(before * kept.vectors, axis=1) > 0.9).all()
    kept.vectors, kept.model = older, "an older one"  # refit as the photo is read
    read = recognizer.detect(scene.image, kept)
    assert [read[i]["tile"] for i in reading_order(np.array([t["box"] for t in read]))] == taught
    old = TileSet("old", kept.codes, kept.vectors, kept.ids, kept.sources, kept.next_id,
                  model="an older classifier")
    with pytest.raises(MahjongError, match="learnt with another classifier: learn it again"):
        recognizer.detect(scene.image, old)


@needs_art
def test_a_layout_photo_with_another_count_is_refused(recognizer) -> None:
    from datasets.synth.photos import rows_photo

    scene = rows_photo(np.random.default_rng(12), "smooth", ["1m", "2m", "3m"])
    with pytest.raises(MahjongError, match="shows 3 tiles but 4 were named"):
        learn(TileSet("mine"), scene.image, ["1m", "2m", "3m", "4m"], recognizer)


@pytest.mark.skipif("kmj-jade" not in available_art_sets(), reason="kmahjongg's jade tileset missing")
def test_a_pale_sets_layout_is_learnt_though_its_faces_look_like_backs(recognizer, monkeypatch) -> None:
    """kmj-jade, never trained on, drawn white on an ivory face (not its own red): the player
    laid all 42 face up, so faces the recognizer takes for backs are among them, and the last,
    scored just under the detector's threshold, is found by looking again; every example is of
    the kind named."""
    from datasets.synth import body
    from datasets.synth.photos import rows_photo
    from vision.evaluate import iou

    monkeypatch.setattr(body, "SET_FACE_COLORS", {})

    scene = rows_photo(np.random.default_rng([2027, 0]), "kmj-jade", list(TILE_CLASSES[:42]))
    first = recognizer.detect(scene.image)
    assert sum(t["tile"] == "back" for t in first) >= 5 and len(first) < 42
    learnt = learn(TileSet("jade"), scene.image, list(TILE_CLASSES[:42]), recognizer)
    truth = [t for t in scene.tiles if t.labelled]
    for row in learnt:  # each example's box is on the tile it was named as
        assert max(truth, key=lambda t: iou(t.box, row["box"])).code == row["tile"]


@pytest.mark.skipif("kmj-jade" not in available_art_sets(), reason="kmahjongg's jade tileset missing")
def test_a_learnt_sets_blank_face_is_its_white_dragon_and_its_backs_stay_backs(recognizer) -> None:
    """kmj-jade's 白板 is a blank red face, which the detector takes for a back (or, found as a
    face alone in a close-up, the classifier names 白板 unsurely). Once the player's set is learnt
    from his layout photo, a close-up 白板 of the set (the learnt 白板's colour) is read 白板, and
    the two face-down tiles of a concealed kong of the same set stay backs, as without it."""
    from datasets.synth.layout import Placement
    from datasets.synth.photos import _photo, player_set, rows_photo, single_tile_photo

    def kong(size: tuple[float, float, float]) -> list[Placement]:
        return [Placement("1m", pose, (k * size[0] * 1.04, 0.0))
                for k, pose in enumerate(("up", "down", "down", "up"))]

    style = player_set("kmj-jade", seed=1)
    layout = rows_photo(np.random.default_rng([2028, 1]), "kmj-jade", list(TILE_CLASSES[:42]),
                        style=style)
    mine = TileSet("jade")
    learn(mine, layout.image, list(TILE_CLASSES[:42]), recognizer)
    for j in range(3):
        close = single_tile_photo(np.random.default_rng([2029, 1, j]), "kmj-jade", "P", style=style)
        [alone] = recognizer.detect(close.image)
        assert alone["tile"] == "back" or (alone["tile"] == "P" and alone["unsure"])
        assert [t["tile"] for t in recognizer.detect(close.image, mine)] == ["P"]
        photo = _photo(np.random.default_rng([2030, 1, j]), "kmj-jade", ["1m"], kong, 0.6,
                       (1.0, 1.4), 0.1, "kong", style=style)
        for tileset in (mine, None):
            row = sorted(recognizer.detect(photo.image, tileset), key=lambda t: t["box"][0])
            assert [t["tile"] for t in row][1:3] == ["back", "back"] and len(row) == 4


def test_a_layout_is_found_with_its_pale_faces_without_a_back_on_the_cloth_and_looked_at_again() -> None:
    """find_layout: backs count when the named tiles need them, a stray back does not when the
    faces alone are as many; a look at lower scores is taken only where it finds exactly as many,
    with a box lying across two tiles dropped."""
    from vision.recognizer import Thresholds
    from vision.tileset import find_layout

    def tile(x: float, code: str, score: float = 0.8, width: float = 10) -> dict:
        return {"tile": code, "box": [x, 0.0, x + width, 14.0], "detection": score}

    class Finder:  # a recognizer whose looks are given: by the lowest score it keeps
        def __init__(self, looks: dict[float, list[dict]]) -> None:
            self.looks, self.thresholds = looks, Thresholds()

        def detect(self, image: np.ndarray, faces_first: bool = False, lettered: bool = True) -> list[dict]:
            return self.looks[self.thresholds.score]

    three = [tile(0, "1m"), tile(20, "back"), tile(40, "3m")]
    assert find_layout(None, 3, Finder({0.35: three})) == (three, False)  # type: ignore[arg-type]
    stray = [tile(0, "1m"), tile(20, "2m"), tile(40, "3m"), tile(90, "back", 0.4)]
    assert find_layout(None, 3, Finder({0.35: stray})) == (stray[:3], False)  # type: ignore[arg-type]
    weak = [*three[:2], tile(40, "3m", 0.3), tile(15, "2m", 0.28, 10)]  # the last across two
    finder = Finder({0.35: three[:2], 0.25: weak, 0.15: []})
    assert [t["box"][0] for t in find_layout(None, 3, finder)[0]] == [0, 20, 40]  # type: ignore[arg-type]
    assert finder.thresholds.score == 0.35  # the shared recognizer's thresholds are its own
    with pytest.raises(MahjongError, match="shows 2 tiles but 3 were named"):
        find_layout(None, 3, Finder({0.35: three[:2], 0.25: three[:2], 0.15: three[:2] * 2}))  # type: ignore[arg-type]


def test_a_layout_read_with_backs_is_looked_at_by_the_detector_of_dark_faces() -> None:
    """find_layout: where the first detector reads a face-up tile of the layout as a back, the
    detector of dark and coloured faces is asked too and taken where it reads fewer backs (the
    set is then ``dark_faces``); where it reads as many, or finds too few, the first stands."""
    from vision.recognizer import Thresholds
    from vision.tileset import find_layout

    def tile(x: float, code: str) -> dict:
        return {"tile": code, "box": [x, 0.0, x + 10, 14.0], "detection": 0.8}

    class TwoDetectors:  # a recognizer whose looks are given by which detector looks first
        faces_detector = object()

        def __init__(self, first: list[dict], faces: list[dict]) -> None:
            self.looks, self.thresholds, self.asked = {False: first, True: faces}, Thresholds(), []

        def detect(self, image: np.ndarray, faces_first: bool = False, lettered: bool = True) -> list[dict]:
            self.asked.append(faces_first)
            return self.looks[faces_first]

    named = [tile(0, "1m"), tile(20, "2m"), tile(40, "3m")]
    with_back = [named[0], tile(20, "back"), named[2]]
    assert find_layout(None, 3, TwoDetectors(with_back, named)) == (named, True)  # type: ignore[arg-type]
    assert find_layout(None, 3, TwoDetectors(with_back, with_back)) == (with_back, False)  # type: ignore[arg-type]
    assert find_layout(None, 3, TwoDetectors(with_back, named[:2])) == (with_back, False)  # type: ignore[arg-type]
    clean = TwoDetectors(named, with_back)
    assert find_layout(None, 3, clean) == (named, False) and clean.asked == [False]  # type: ignore[arg-type]


@needs_art
def test_a_face_with_marks_named_blank_is_reported_unsure(recognizer, monkeypatch) -> None:
    """The classifier's commonest wrong answer on a face it does not know is 白板; over a face
    with marks that answer is reported unsure (a tile to check), over a blank face it stands."""
    from datasets.synth.photos import single_tile_photo

    classifier = recognizer.classifier
    blank = classifier.codes.index("P")

    def always_blank(crops):
        probs = np.zeros((len(crops), len(classifier.codes)))
        probs[:, blank] = 0.97
        probs[:, 0] = 0.03
        return probs, None

    monkeypatch.setattr(classifier, "_run", always_blank)
    marked = recognizer.detect(single_tile_photo(np.random.default_rng(21), "unicode", "5m").image)
    assert [t["tile"] for t in marked] == ["P"]
    assert marked[0]["unsure"] and marked[0]["confidence"] < 0.5
    art = "kmj-default" if "kmj-default" in available_art_sets() else "smooth"
    assert "P" in load_art_set(art).codes
    plain = recognizer.detect(single_tile_photo(np.random.default_rng(22), art, "P").image)
    assert [t["tile"] for t in plain] == ["P"] and "unsure" not in plain[0]


def test_the_many_designs_classifier_reads_beside_the_first(recognizer) -> None:
    """The shipped models hold a second classifier trained on many designs; each crop's reading
    is the mean of both (the second's share ``SECOND_SHARE``), and its features (what tile sets
    learn) are both's side by side."""
    from vision.name import SECOND_SHARE, TileClassifier

    classifier = recognizer.classifier
    assert classifier.second is not None and classifier.second.codes == classifier.codes
    crops = [np.random.default_rng(3).integers(0, 255, (50, 36, 3), dtype=np.uint8) for _ in range(3)]
    probs, feats = classifier._run(crops)
    alone = TileClassifier(classifier.session)
    first, first_feats = alone._run(crops)
    second, second_feats = classifier.second._run(crops)
    np.testing.assert_allclose(probs, (1 - SECOND_SHARE) * first + SECOND_SHARE * second, atol=1e-6)
    assert feats.shape == (3, first_feats.shape[1] + second_feats.shape[1])
    unit = np.linalg.norm
    np.testing.assert_allclose(feats[:, :first_feats.shape[1]],
                               first_feats / unit(first_feats, axis=1, keepdims=True), atol=1e-5)
    np.testing.assert_allclose(feats[:, first_feats.shape[1]:],
                               second_feats / unit(second_feats, axis=1, keepdims=True), atol=1e-5)


@needs_art
@pytest.mark.parametrize("design,code,seed", [("gen-12", "6p", [2026, 14, 0]),
                                              ("gen-12", "5f", [2026, 38, 1])])
def test_a_new_designs_tile_is_read_as_the_many_designs_classifier_reads_it(
        recognizer, design: str, code: str, seed: list[int]) -> None:
    """On a design neither classifier was trained on, the first, trained on one real design, is
    sure and wrong (6 筒 → 4 筒 at 0.99, 春 → 東 at 0.93); the many-designs classifier is right and its
    reading wins."""
    from datasets.synth.photos import single_tile_photo

    scene = single_tile_photo(np.random.default_rng(seed), design, code)
    tiles = recognizer.detect(scene.image)
    assert [t["tile"] for t in tiles] == [code], tiles


def test_a_second_classifier_of_other_classes_is_refused(recognizer) -> None:
    from vision.recognizer import TileClassifier

    odd = TileClassifier(recognizer.classifier.session)
    odd.codes = odd.codes[:-1]
    with pytest.raises(MahjongError, match="other classes"):
        TileClassifier(recognizer.classifier.session, second=odd)


def test_few_tiles_are_looked_for_with_the_detector_of_coloured_faces(monkeypatch) -> None:
    """A photo where the first detector finds few tiles (a close-up, where a dark face looks like
    a back to it) is read with the second detector's looks instead; a table photo is not; a table
    far off whose few tiles found are too small for the detector (a webcam's wide view) is looked
    at closer by the first detector; a set learnt through the second detector is looked at with
    it alone."""
    from vision.find import FEW_TILES
    from vision.recognizer import Recognizer, Thresholds

    table = np.array([[40 * i, 0, 40 * i + 30, 40] for i in range(FEW_TILES)], float)
    one = np.array([[200, 100, 300, 240]], float)
    far = np.array([[900, 900, 940, 960], [950, 900, 990, 960]], float)  # 7 px at 320 px
    seen: list[str] = []

    def look(self: Recognizer, image: np.ndarray, detector: object = None) -> tuple:
        name = detector or "first"
        seen.append(name)
        boxes = {"table": table, "far": far, "first": one[:0], "faces": one}[
            "table" if image.shape[0] == 300 else "far" if image.shape[0] == 1800 == image.shape[1]
            and name == "first" else name]
        return boxes, np.full(len(boxes), 0.8), np.zeros(len(boxes), int)

    monkeypatch.setattr(Recognizer, "_look", look)
    recognizer = Recognizer.__new__(Recognizer)
    recognizer.thresholds, recognizer.det_size = Thresholds(), 320
    recognizer.detector, recognizer.faces_detector, recognizer.det_names = "first", "faces", ["tile", "back"]
    boxes, _, _ = recognizer.find(np.zeros((500, 600, 3), np.uint8))
    assert boxes.tolist() == one.tolist() and seen[:2] == ["first", "faces"]
    assert set(seen[2:-1]) == {"faces"}, "the close-up's other looks are the second detector's"
    assert seen[-1] == "first", "and the first's from further off (CLOSE_UP_LOOKS)"
    seen.clear()
    recognizer.find(np.zeros((300, 600, 3), np.uint8))
    assert seen == ["first"], "a table photo: one look, the first detector's"
    seen.clear()
    recognizer.find(np.zeros((1800, 1800, 3), np.uint8))
    assert seen[:2] == ["first", "faces"] and seen[-1] == "first", "a table far off: looked closer"
    seen.clear()
    recognizer.find(np.zeros((500, 600, 3), np.uint8), faces_first=True)
    assert set(seen) == {"faces"}
    recognizer.faces_detector = None
    seen.clear()
    recognizer.find(np.zeros((500, 600, 3), np.uint8))
    assert set(seen) == {"first"}, "without a second detector, as before"


def test_the_pips_of_a_close_up_dark_tile_are_one_tile_and_a_tables_tiles_stay(monkeypatch) -> None:
    """Seven small boxes in one patch of the photo (the circles of a 7 筒 on a dark face, which
    the first detector takes for white tiles) lying in one close-up tile the second detector
    finds whole are that tile; seven tiles across a table are not looked at again, and two tiles
    side by side inside one box of the second detector stay two (each half of it)."""
    from vision.recognizer import Recognizer, Thresholds

    pips = np.array([[200 + 60 * (i % 3), 150 + 60 * (i // 3), 240 + 60 * (i % 3),
                      190 + 60 * (i // 3)] for i in range(7)], float)
    tile = np.array([[180, 120, 400, 400]], float)
    table = np.array([[80 * i, 20, 80 * i + 50, 90] for i in range(7)], float)
    pair = np.array([[180, 120, 290, 400], [290, 120, 400, 400]] * 3, float) + np.repeat(
        np.array([[0, 0, 0, 0], [0.5, 0, 0.5, 0], [1, 0, 1, 0]]), 2, axis=0)
    first = {"pips": pips, "table": table, "pair": pair}
    seen: list[str] = []

    def look(self: Recognizer, image: np.ndarray, detector: object = None) -> tuple:
        seen.append(detector or "first")
        if detector == "faces":
            boxes = tile if image.shape[0] == 500 else tile[:0]  # the photo as it is, not zoomed
        else:
            boxes = first[case]
        return boxes, np.full(len(boxes), 0.8), np.zeros(len(boxes), int)

    monkeypatch.setattr(Recognizer, "_look", look)
    recognizer = Recognizer.__new__(Recognizer)
    recognizer.thresholds, recognizer.det_size = Thresholds(), 320
    recognizer.detector, recognizer.faces_detector, recognizer.det_names = "first", "faces", ["tile", "back"]
    case = "pips"
    boxes, _, _ = recognizer.find(np.zeros((500, 600, 3), np.uint8))
    assert boxes.tolist() == tile.tolist() and seen == ["first", "faces", "faces"]
    seen.clear()
    case = "table"
    boxes, _, _ = recognizer.find(np.zeros((500, 600, 3), np.uint8))
    assert len(boxes) == 7 and seen == ["first"]
    case = "pair"
    boxes, _, _ = recognizer.find(np.zeros((500, 600, 3), np.uint8))
    assert len(boxes) == 6, "tiles each half of the second detector's box are no pips"


def test_the_close_up_detector_joins_a_tile_left_in_pieces_and_nothing_else(monkeypatch) -> None:
    """The close-up detector (``CLOSEUP_DETECTOR_FILE``) looks only where a close-up is left in
    several boxes: the second detector's circles of a tile filling the frame, or the first's
    six to nine round boxes. Where it finds that tile whole, its circles are that one tile; two
    touching tiles it finds as two stay two; a close-up found as one box and a table's tiles are
    never shown to it, a squashed photo's rows (found narrowed) are not joined, and without its
    file nothing changes."""
    from vision.recognizer import Recognizer, Thresholds

    tile = np.array([[150, 60, 450, 460]], float)
    circles = np.array([[170 + 140 * (i % 2), 100 + 200 * (i // 2), 250 + 140 * (i % 2),
                         180 + 200 * (i // 2)] for i in range(4)], float)
    pair = np.array([[100, 50, 300, 330], [300, 50, 500, 330]], float)
    pips = np.array([[60 + 70 * i, 40 + 60 * i, 120 + 70 * i, 100 + 60 * i] for i in range(7)], float)
    table = np.array([[50 * i, 20, 50 * i + 40, 80] for i in range(12)], float)
    cases = {  # what the first and the second detector find in the photo, what the third sees whole
        "circles": (circles[:0], circles, tile), "pair": (pair[:0], pair, pair),
        "one": (tile[:0], tile, tile), "pips": (pips, pips[:0], np.array([[40, 20, 560, 480.0]])),
        "table": (table, table[:0], tile), "rows": (tile[:0], tile[:0], np.array([[0, 0, 600, 500.0]]))}
    # a photo squashed to a square: its rows of tiles, seen narrowed to a third, are tiles' shape
    rows = np.array([[0, 60 * k, 200, 60 * k + 50] for k in range(8)], float)
    seen: list[str] = []

    def look(self: Recognizer, image: np.ndarray, detector: object = None) -> tuple:
        seen.append(str(detector))
        which = {"first": 0, "faces": 1, "closeup": 2}[str(detector)]
        boxes = cases[case][which] if image.shape[:2] == (500, 600) else tile[:0]  # no other look
        if case == "rows" and which == 1 and image.shape[:2] == (500, 200):
            boxes = rows
        return boxes, np.full(len(boxes), 0.7), np.zeros(len(boxes), int)

    monkeypatch.setattr(Recognizer, "_look", look)
    recognizer = Recognizer.__new__(Recognizer)
    recognizer.thresholds, recognizer.det_size = Thresholds(), 320
    recognizer.detector, recognizer.faces_detector, recognizer.det_names = "first", "faces", ["tile", "back"]
    recognizer.closeup_detector = "closeup"
    photo = np.zeros((500, 600, 3), np.uint8)
    found = {}
    for case in cases:
        seen.clear()
        found[case] = (recognizer.find(photo)[0].tolist(), "closeup" in seen)
    assert found["circles"] == (tile.tolist(), True)
    assert found["pair"] == (pair.tolist(), True), "two touching tiles stay two"
    assert found["one"] == (tile.tolist(), False), "a tile found whole keeps the second's box"
    assert found["pips"] == ([[40, 20, 560, 480]], True), "the first's round boxes: one tile"
    assert found["table"] == (table.tolist(), False)
    assert found["rows"] == ((rows * [3, 1, 3, 1]).tolist(), False), "rows are no close-up's pieces"
    recognizer.closeup_detector = None
    case = "circles"
    assert recognizer.find(photo)[0].tolist() == circles.tolist(), "without the file, as before"


@needs_art
def test_a_close_up_found_by_its_colours_is_found_alike_every_time() -> None:
    """A dark green 5 筒 on a wood-grain cloth, whose tile only GrabCut finds
    (``preprocess.lone_tile``): the same box each time, whatever OpenCV's random numbers were
    drawn for in between (they were GrabCut's start: the same photo read three times gave a
    5 筒 at 0.51, one at 0.60 and eleven pips)."""
    import cv2

    from datasets.synth.photos import player_set, single_tile_photo
    from vision.preprocess import lone_tile

    codes = [c for c in TILE_CLASSES[:42] if c in load_art_set("gen-14").codes]
    scene = single_tile_photo(np.random.default_rng([2026, codes.index("5p"), 1]), "gen-14", "5p",
                              True, player_set("gen-14", True, 2026))
    _, jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    photo = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    found = []
    for _ in range(4):
        found.append(lone_tile(photo))
        cv2.randu(np.zeros((64, 64)), 0, 1)  # another user of OpenCV's random numbers
    assert found[0] is not None and all(np.array_equal(found[0], box) for box in found)


def test_a_second_detector_of_other_classes_is_refused(recognizer) -> None:
    from vision.recognizer import Recognizer

    with pytest.raises(MahjongError, match="second detector"):
        Recognizer(recognizer.detector, recognizer.classifier,
                   faces_detector=recognizer.classifier.session)
    with pytest.raises(MahjongError, match="close-up detector"):
        Recognizer(recognizer.detector, recognizer.classifier,
                   closeup_detector=recognizer.classifier.session)


@needs_art
@pytest.mark.skipif(not (MODELS / "tile_detector_faces.onnx").is_file(),
                    reason="no detector of coloured faces shipped")
def test_a_dark_faced_sets_layout_is_learnt_and_its_photo_read_with_it(recognizer) -> None:
    """A design never trained on, drawn pale on dark faces: the first detector finds few of its
    layout's 42 tiles, the second finds them all; every example is of the kind named, the set
    remembers the detector, and read with the set the photo's tiles are found and read right."""
    from datasets.synth.photos import rows_photo
    from vision.evaluate import iou

    codes = list(TILE_CLASSES[:42])
    scene = rows_photo(np.random.default_rng([2026, 7]), "gen-12", codes, coloured=True)
    truth = [t for t in scene.tiles if t.labelled]

    def right(tiles: list[dict]) -> int:
        return sum(max(truth, key=lambda t: iou(t.box, r["box"])).code == r["tile"] for r in tiles)

    plain = recognizer.detect(scene.image)
    assert len(plain) < 30
    mine = TileSet("dark")
    learnt = learn(mine, scene.image, codes, recognizer)
    assert mine.dark_faces and right(learnt) == 42
    assert mine.pale_ink and mine.model == recognizer.classifier.fingerprint + NEGATIVE_TOO
    read = recognizer.detect(scene.image, mine)
    assert len(read) == 42 and right(read) >= 41


class _ColourFaces:
    """A stand-in face network: a tile's embedding is its mean colour, a unit row."""

    digest = "colours"

    def __init__(self) -> None:
        self.calls: list[int] = []

    def __call__(self, tiles: list[np.ndarray]) -> np.ndarray:
        self.calls.append(len(tiles))
        rows = np.array([tile.reshape(-1, 3).mean(axis=0) - 128 for tile in tiles], np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _two_coloured_kinds() -> tuple[TileSet, dict[str, np.ndarray]]:
    """A set taught 1 萬 (a red face) and 2 萬 (a blue one), alike in the features, and a photo of
    each (the face at 60, 50 - 140, 150)."""
    from vision.tileset import Look

    ts = TileSet("mine")
    photos = {}
    for code, colour in (("1m", (200, 60, 60)), ("2m", (60, 60, 200))):
        photo = np.full((200, 200, 3), 128, np.uint8)
        photo[50:150, 60:140] = colour
        photos[code] = photo
        ts.add(code, np.eye(8)[0], look=Look.cut(photo, [60, 50, 140, 150]))
    return ts, photos


def test_the_face_network_decides_where_the_features_cannot_and_each_example_is_embedded_once() -> None:
    """Two kinds the features put at one place: the face network's embeddings (here each face's
    colour) name the tile, but have no say over a tile they put near no example (a view the
    network never learnt); a tile lying on its side is stood up to be matched; the examples are
    embedded once, again for another network, and an example taken back is forgotten."""
    from vision.face_embedding import EMBED_ANGLES, WAYS

    codes = TILE_CLASSES[:42] + ["none"]
    ts, photos = _two_coloured_kinds()
    probs = np.full((1, len(codes)), 1 / len(codes))
    features = np.eye(8)[:1]
    box = np.array([[60, 50, 140, 150]])
    faces = _ColourFaces()
    for code in ("1m", "2m"):
        read = ts.combine(probs, features, codes, photos[code], box, faces=faces)
        assert codes[int(read.argmax())] == code
        np.testing.assert_allclose(read.sum(), 1.0, atol=1e-6)
    ways, views = len(WAYS), len(EMBED_ANGLES) - 1  # each way up, then the turns about one
    assert faces.calls == [ways, 2, views, ways, views], "the two examples embedded once"
    other = _ColourFaces()
    other.digest = "another network"
    ts.combine(probs, features, codes, photos["1m"], box, faces=other)
    assert other.calls == [ways, 2, views], "another network's embeddings are its own"
    green = np.full((200, 200, 3), 128, np.uint8)
    green[50:150, 60:140] = (60, 200, 60)
    assert not ts.embedding_scores(green, box, faces).any(), "a face unlike every example: no say"
    sideways = np.array([[50, 60, 150, 140]])  # a tile lying on its side: stood up, matched
    assert ts.codes[int(ts.embedding_scores(photos["1m"], sideways, faces).argmax())] == "1m"
    ts.remove(ts.ids[0])
    assert list(ts._embedded[1]) == ts.ids
    ts.add("3m", np.eye(8)[0])  # an example without a look: the features alone decide
    assert not ts.embedding_scores(photos["1m"], box, faces).any()


@needs_art
def test_the_shipped_face_network_puts_a_turned_tile_nearest_its_own_kind() -> None:
    """The network in ``models/`` on a design drawn by people: 1, 2 and 3 萬 (a stroke apart),
    南 and 蘭, each photographed lying turned, lie nearest their own kind's upright example."""
    from vision.tileset import Look

    faces = _shipped_faces()
    art = load_art_set("smooth").faces
    kinds = ["1m", "2m", "3m", "S", "2f"]
    ts = TileSet("mine")
    for code in kinds:
        image, box = _tile_photo(art[code], 0.0)
        ts.add(code, np.eye(8)[0], look=Look.cut(image, box))
    for angle in (-20.0, 16.0):
        turned = [_tile_photo(art[code], angle) for code in kinds]
        photo = np.hstack([image for image, _ in turned])
        boxes = np.array([[x1 + 360 * k, y1, x2 + 360 * k, y2]
                          for k, (_, (x1, y1, x2, y2)) in enumerate(turned)])
        scores = ts.embedding_scores(photo, boxes, faces)
        assert [ts.codes[k] for k in scores.argmax(axis=1)] == kinds, angle


def _seen_from_low(face: np.ndarray) -> tuple[np.ndarray, list[float]]:
    """A photo of one tile bearing ``face`` seen from low: its face foreshortened to 0.7 of its
    height, the near side of its body (ivory over a green back) below it, both in its box."""
    import cv2

    image, (x1, y1, x2, y2) = _tile_photo(face, 0.0)
    tile = image[int(y1):int(y2), int(x1):int(x2)]
    squat = cv2.resize(tile, (tile.shape[1], int(tile.shape[0] * 0.7)))
    side = np.zeros((int(squat.shape[0] * 0.45), tile.shape[1], 3), np.uint8)
    side[:] = (200, 225, 232)
    side[side.shape[0] // 2:] = (40, 120, 30)
    stack = np.vstack([squat, side])
    photo = np.full((360, 360, 3), (40, 110, 40), np.uint8)
    photo[100:100 + stack.shape[0], 135:135 + stack.shape[1]] = stack
    return photo, [135, 100, 135 + stack.shape[1], 100 + stack.shape[0]]


@needs_art
def test_a_tile_seen_from_low_is_known_without_its_bodys_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tile photographed from low shows its body's side below a foreshortened face, a third of
    its box: the network, likening the box as a whole, knows no view of the 5 花 (a picture) and
    has no say; looked at without its body's side (``face_embedding.BODY_CUTS``), every tile lies
    nearest its own kind, the 5 花 surely."""
    from vision import face_embedding
    from vision.tileset import EMBED_SURE, Look

    faces = _shipped_faces()
    art = load_art_set("smooth").faces
    kinds = ["1m", "2m", "3m", "S", "2f", "5f", "7s"]
    ts = TileSet("mine")
    for code in kinds:
        image, box = _tile_photo(art[code], 0.0)
        ts.add(code, np.eye(8)[0], look=Look.cut(image, box))
    shots = [_seen_from_low(art[code]) for code in kinds]
    photo = np.hstack([image for image, _ in shots])
    boxes = np.array([[x1 + 360 * k, y1, x2 + 360 * k, y2]
                      for k, (_, (x1, y1, x2, y2)) in enumerate(shots)], float)
    scores = ts.embedding_scores(photo, boxes, faces)
    assert [ts.codes[k] for k in scores.argmax(axis=1)] == kinds
    assert scores.max(axis=1).min() >= EMBED_SURE
    monkeypatch.setattr(face_embedding, "BODY_CUTS", ())
    whole = ts.embedding_scores(photo, boxes, faces)
    assert not whole[kinds.index("5f")].any(), "the box as a whole: no view the network knows"


def test_where_the_classifier_reads_a_learnt_kind_the_sets_clear_best_decides() -> None:
    """A tile far from every example in the features (below ``trust_at``), which the face
    network puts clearly nearest 1 萬: read 1 萬 where the classifier's own reading, 2 萬, is a
    kind the set learnt (its first tile kind where it first says "no tile"); the classifier's
    reading stays where it is a kind not learnt (the set cannot say the tile is not that kind),
    where no network spoke, and for boxes one inside the other that the set reads as two kinds
    (a piece of a tile, a box holding one and more), but for the one the detector scored higher
    (the tile); one tile boxed twice, read alike, is so decided."""
    codes = TILE_CLASSES[:42] + ["none"]
    ts, photos = _two_coloured_kinds()
    box = np.array([[60, 50, 140, 150]])
    far = np.eye(8)[1:2]  # the features: as far from both examples as can be

    def read(classifier_says: str, faces: object) -> str:
        probs = np.full((1, len(codes)), 0.1 / (len(codes) - 1))
        probs[0, codes.index(classifier_says)] = 0.9
        out = ts.combine(probs, far, codes, photos["1m"], box, faces=faces)
        return codes[int(out.argmax())]

    assert read("2m", _ColourFaces()) == "1m"
    assert read("5s", _ColourFaces()) == "5s", "a kind not learnt: the classifier's reading stays"
    # the classifier's first "no tile", then 2 萬: the tile it sees is a learnt kind, so decided
    probs = np.full((1, len(codes)), 0.1 / (len(codes) - 2))
    probs[0, codes.index("none")], probs[0, codes.index("2m")] = 0.5, 0.4
    out = ts.combine(probs, far, codes, photos["1m"], box, faces=_ColourFaces())
    assert out[0, codes.index("none")] == probs[0, codes.index("none")], "whether a tile: its say"
    tiles = out[0, :-1]
    assert codes[int(tiles.argmax())] == "1m"
    assert read("2m", None) == "2m", "no network: the features alone are too far to trust"
    # a box around the tile and more (a blue face beside it) and the tile's: neither so decided
    probs = np.full((2, len(codes)), 0.1 / (len(codes) - 1))
    probs[:, codes.index("2m")] = 0.9
    photo = np.hstack([photos["1m"], np.full((200, 120, 3), 128, np.uint8)])
    photo[50:150, 145:300] = (60, 60, 200)
    held = np.array([[60, 50, 140, 150], [55, 45, 305, 160]])
    out = ts.combine(probs, np.vstack([far, far]), codes, photo, held, faces=_ColourFaces())
    assert [codes[k] for k in out.argmax(axis=1)] == ["2m", "2m"]
    out = ts.combine(probs, np.vstack([far, far]), codes, photo, held, faces=_ColourFaces(),
                     scores=np.array([0.86, 0.2]))  # the tile scored above the box round it
    assert [codes[k] for k in out.argmax(axis=1)] == ["1m", "2m"]
    twice = np.array([[60, 50, 140, 150], [58, 46, 141, 160]])  # one tile boxed twice
    out = ts.combine(probs, np.vstack([far, far]), codes, photos["1m"], twice, faces=_ColourFaces())
    assert [codes[k] for k in out.argmax(axis=1)] == ["1m", "1m"]


def test_where_the_network_knows_the_view_it_outweighs_features_that_disagree() -> None:
    """The features put a red tile nearer the set's pink 2 萬 (0.95 against 0.60 to its red
    1 萬); the face network, which knows the view, puts it at 1 萬 (1.00 against 0.75): read
    1 萬, the features counting ``SPOKE_FEATURES`` of their say. Without the network the
    features decide."""
    from vision.tileset import Look

    codes = TILE_CLASSES[:42] + ["none"]
    ts = TileSet("mine")
    red = np.full((200, 200, 3), 128, np.uint8)
    red[50:150, 60:140] = (60, 60, 200)  # BGR
    pink = red.copy()
    pink[50:150, 60:140] = (140, 60, 200)
    box = np.array([[60, 50, 140, 150]])
    ts.add("1m", np.eye(8)[0], look=Look.cut(red, box[0]))
    ts.add("2m", np.r_[0.6, 0.8, np.zeros(6)], look=Look.cut(pink, box[0]))
    tile = np.r_[0.6, 0.7375, np.sqrt(1 - 0.36 - 0.7375 ** 2), np.zeros(5)][None]
    probs = np.full((1, len(codes)), 1 / len(codes))

    def read(faces: object) -> str:
        return codes[int(ts.combine(probs, tile, codes, red, box, faces=faces).argmax())]

    assert read(_ColourFaces()) == "1m"
    assert read(None) == "2m"


class _BarFaces:
    """A stand-in face network that sees which way a tile's dark bar runs: a tile's embedding is
    (cos 2θ, sin 2θ), θ the bar's direction (its darkest pixels' principal axis)."""

    digest = "bars"

    def __call__(self, tiles: list[np.ndarray]) -> np.ndarray:
        import cv2

        rows = []
        for tile in tiles:
            dark = (cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY) < 60).astype(np.uint8)
            m = cv2.moments(dark, binaryImage=True)
            theta = 0.5 * np.arctan2(2 * m["mu11"], m["mu20"] - m["mu02"])
            rows.append([np.cos(2 * theta), np.sin(2 * theta)])
        return np.array(rows, np.float32)


def _barred_tile(angle: float, left: int = 135, bar: int = 10) -> tuple[np.ndarray, list[float]]:
    """A photo of an ivory tile with a dark bar across it (``bar`` pixels under its top: across
    its top), on a green cloth, turned by ``angle`` degrees about the tile's middle, and the
    tile's box (the turned tile's bounds)."""
    import cv2

    photo = np.full((360, 360 + left, 3), (40, 110, 40), np.uint8)
    photo[120:240, left:left + 90] = (214, 236, 242)
    photo[120 + bar:150 + bar, left + 8:left + 82] = (40, 40, 40)
    centre = (left + 45, 180)
    turn = cv2.getRotationMatrix2D(centre, angle, 1.0)
    photo = cv2.warpAffine(photo, turn, photo.shape[1::-1], borderMode=cv2.BORDER_REPLICATE)
    corners = cv2.transform(np.array([[[left, 120], [left + 90, 120], [left + 90, 240],
                                       [left, 240]]], float), turn)[0]
    return photo, [*corners.min(axis=0), *corners.max(axis=0)]


def test_a_tile_lying_askew_is_compared_by_its_features_turned_back_upright_too() -> None:
    """Two kinds whose examples look alike (the network cannot tell them apart) and whose
    features differ: tiles lying turned by ±30°, whose features as they lie are nearer 2 萬 but
    turned back upright are 1 萬's, are read 1 萬 — their features asked for in one pass, of
    the tiles standing upright in the picture given; a tile lying straight between them, and any
    tile where no network spoke, are matched on their features as they lie (2 萬)."""
    from vision.tileset import TURN_BACK_FROM, Look

    codes = TILE_CLASSES[:42] + ["none"]
    upright, upright_box = _barred_tile(0.0)
    ts = TileSet("mine")
    for code, vector in (("1m", np.eye(8)[0]), ("2m", np.eye(8)[1])):
        ts.add(code, vector, look=Look.cut(upright, upright_box))
    assert TURN_BACK_FROM <= 30.0
    photo, boxes = np.zeros((360, 0, 3), np.uint8), []
    for angle, left in ((30.0, 135), (0.0, 40), (-30.0, 135)):  # askew, straight, askew
        tile, box = _barred_tile(angle, left)
        boxes.append(np.add(box, [photo.shape[1], 0, photo.shape[1], 0]))
        photo = np.hstack([photo, tile])
    as_lying = np.tile(np.r_[0.6, 0.8, np.zeros(6)], (3, 1))  # nearer 2 萬
    asked: list[tuple[np.ndarray, np.ndarray]] = []

    def features_of(picture: np.ndarray, at: np.ndarray) -> np.ndarray:
        asked.append((picture, at))
        return np.eye(8)[:1].repeat(len(at), axis=0)  # turned back: 1 萬's

    probs = np.full((3, len(codes)), 1 / len(codes))
    read = ts.combine(probs, as_lying, codes, photo, np.array(boxes), faces=_BarFaces(),
                      features_of=features_of)
    assert [codes[k] for k in read.argmax(axis=1)] == ["1m", "2m", "1m"]
    assert len(asked) == 1 and asked[0][1].shape == (2, 4), "the two askew tiles in one pass"
    picture, at = asked[0]
    for x1, y1, x2, y2 in at:
        assert x2 - x1 == pytest.approx(90, abs=3) and y2 - y1 == pytest.approx(120, abs=3), \
            "each tile cut standing upright, its own size"
        bar = picture[int(y1) + 15:int(y1) + 35, int(x1) + 15:int(x2) - 15]
        assert bar.mean() < 80, "its dark bar across its top"
    asked.clear()
    read = ts.combine(probs, as_lying, codes, photo, np.array(boxes), faces=None,
                      features_of=features_of)
    assert [codes[k] for k in read.argmax(axis=1)] == ["2m", "2m", "2m"] and not asked
    for none_cut in (np.zeros((2, 0), np.float32), np.zeros((2, 8), np.float32)):
        # turned back, the boxes were too small to cut (a piece of a tile): matched as they lie
        read = ts.combine(probs, as_lying, codes, photo, np.array(boxes), faces=_BarFaces(),
                          features_of=lambda picture, at, made=none_cut: made)
        assert [codes[k] for k in read.argmax(axis=1)] == ["2m", "2m", "2m"]


class _ThirdsFaces:
    """A stand-in face network that sees where on a tile its ink lies: a tile's embedding is
    how dark its top, middle and bottom thirds are, a unit row (a tile upside down is another)."""

    digest = "thirds"

    def __call__(self, tiles: list[np.ndarray]) -> np.ndarray:
        import cv2

        rows = []
        for tile in tiles:
            dark = (cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY) < 60).astype(float)
            rows.append([part.mean() + 1e-3 for part in np.array_split(dark, 3, axis=0)])
        rows = np.array(rows, np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


@pytest.mark.parametrize("angle", [180.0, 90.0, -90.0])
def test_a_tile_lying_upside_down_or_on_its_side_is_read_the_way_up_it_lies(angle: float) -> None:
    """A tile photographed upside down, as a player sees the tiles of the player across the
    table, or on its side either way: as it lies the network finds it near no example, turned
    back it is 1 萬's, whose ink runs across the top; its features turned back upright are asked
    for and decide with those as it lies (nearer 2 萬, ink across the middle), so it reads 1 萬.
    The same tile standing upright reads 1 萬 with no features asked again. Without the network
    nothing says how it lies, and the features as it lies decide (2 萬)."""
    from vision.tileset import Look

    codes = TILE_CLASSES[:42] + ["none"]
    ts = TileSet("mine")
    for code, vector, bar in (("1m", np.eye(8)[0], 10), ("2m", np.eye(8)[1], 45)):
        ts.add(code, vector, look=Look.cut(*_barred_tile(0.0, bar=bar)))
    over, box = _barred_tile(angle)
    probs = np.full((1, len(codes)), 1 / len(codes))
    as_lying = np.r_[0.7, 0.8, np.zeros(6)][None]  # nearer 2 萬
    asked: list[tuple[np.ndarray, np.ndarray]] = []

    def features_of(picture: np.ndarray, at: np.ndarray) -> np.ndarray:
        asked.append((picture, at))
        return np.eye(8)[:1].repeat(len(at), axis=0)  # turned back: 1 萬's

    scores, turns = ts._network_say(over, np.array([box]), _ThirdsFaces())
    assert -turns[0] % 360 == pytest.approx(angle % 360), "turned back as far as it lies turned"
    assert ts.codes[int(scores[0].argmax())] == "1m"
    read = ts.combine(probs, as_lying, codes, over, np.array([box]), faces=_ThirdsFaces(),
                      features_of=features_of)
    assert codes[int(read.argmax())] == "1m"
    assert len(asked) == 1
    picture, ((x1, y1, x2, y2),) = asked[0]
    assert picture[int(y1) + 15:int(y1) + 35, int(x1) + 15:int(x2) - 15].mean() < 80, \
        "cut turned back: its ink across its top"
    asked.clear()
    upright, upright_box = _barred_tile(0.0)
    read = ts.combine(probs, np.eye(8)[:1], codes, upright, np.array([upright_box]),
                      faces=_ThirdsFaces(), features_of=features_of)
    assert codes[int(read.argmax())] == "1m" and not asked
    read = ts.combine(probs, as_lying, codes, over, np.array([box]), faces=None,
                      features_of=features_of)
    assert codes[int(read.argmax())] == "2m"


@pytest.mark.parametrize("angle", [90.0, -90.0])
def test_a_tile_on_its_side_seen_from_low_its_box_near_square_is_stood_up(angle: float) -> None:
    """Seen from low, a tile lying on its side shows its long side below its face: its box is
    near square (here 120 × 115), not wider than tall, and it is still stood up either way and
    read so (a bound of 1.15 times wider than tall left such a tile looked at squashed, on its
    side)."""
    from vision.face_embedding import SIDE_WAYS, ways_for
    from vision.tileset import Look

    ts = TileSet("mine")
    for code, vector, bar in (("1m", np.eye(8)[0], 10), ("2m", np.eye(8)[1], 45)):
        ts.add(code, vector, look=Look.cut(*_barred_tile(0.0, bar=bar)))
    photo, (x1, y1, x2, y2) = _barred_tile(angle)
    photo[int(y2):int(y2) + 25, int(x1):int(x2)] = (150, 170, 180)  # its long side, below
    box = np.array([x1, y1, x2, y2 + 25])
    assert 1.0 < (x2 - x1) / (y2 + 25 - y1) < 1.15 and set(SIDE_WAYS) <= set(ways_for(box))
    scores, turns = ts._network_say(photo, box[None], _ThirdsFaces())
    assert -turns[0] % 360 == pytest.approx(angle % 360, abs=15), "stood up, not read askew"
    near = dict(zip(ts.codes, scores[0], strict=True))
    assert near["1m"] > 0.95 and near["1m"] - near["2m"] > 0.5, "its ink across its top, plainly"
