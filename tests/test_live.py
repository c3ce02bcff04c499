"""The live lane: a still frame answered from the last reading (vision.still, vision.live), a frame
named only where it changed (vision.live), the newest frame of each client read and older ones
superseded (assistant.service.live, POST /api/recognize/live)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_service_support import StubRecognizer, jpeg_bytes

from assistant.service import create_app
from assistant.service.live import LiveClients
from assistant.service.recognize import RecognizerHolder, recognize
from vision.evaluate import VALID

MODELS = Path(os.environ.get("MAHJONG_MODELS", Path(__file__).resolve().parent.parent / "models"))
HAVE_MODEL = (MODELS / "tile_detector.onnx").is_file() and (MODELS / "tile_classifier.onnx").is_file()
needs_model = pytest.mark.skipif(not (HAVE_MODEL and VALID.is_dir()),
                                 reason="models or ../shared dataset missing")


@pytest.fixture(scope="module")
def recognizer():
    from vision.recognizer import Recognizer

    return Recognizer.load(MODELS)


def frame(k: int) -> np.ndarray:
    """The ``k``-th validation photo at 960×540, as the live page sends a frame."""
    paths = sorted((VALID / "valid" / "images").glob("*.jpg"))
    return cv2.resize(cv2.imread(str(paths[k])), (960, 540), interpolation=cv2.INTER_AREA)


def reading(tiles: list[dict]) -> list[tuple[str, list[float]]]:
    return [(t["tile"], [round(float(v), 1) for v in t["box"]]) for t in tiles]


@needs_model
@pytest.mark.parametrize("k", [0, 1, 2])
def test_identical_and_shifted_frames_read_as_the_full_recognizer(recognizer, k):
    from vision.live import read_live

    image = frame(k)
    first, seen, stats = read_live(recognizer, image, None, hold=False)
    assert stats["reused"] == 0 and first == recognizer.detect(image)
    again, seen, stats = read_live(recognizer, image, seen, hold=False)
    assert again == recognizer.detect(image), "the same frame: the same tiles, names, confidences"
    assert stats["named"] == 0 and stats["reused"] >= len(again), "no tile named a second time"
    for shift in [(2, 1), (3, 3)]:  # the camera sliding a few pixels
        moved = np.roll(image, shift, axis=(0, 1))
        live, seen, stats = read_live(recognizer, moved, seen, hold=False)
        assert reading(live) == reading(recognizer.detect(moved))
        assert stats["reused"] > 0


@needs_model
def test_a_swapped_tile_is_named_again(recognizer):
    from vision.live import read_live

    image = frame(1)
    full = recognizer.detect(image)
    _, seen, _ = read_live(recognizer, image, None, hold=False)
    # put another kind's face over one tile of about its size, as a player swapping a tile
    a, b = next((s, t) for s in full for t in full if s["tile"] != t["tile"]
                and abs((s["box"][2] - s["box"][0]) - (t["box"][2] - t["box"][0])) < 3
                and s["tile"] not in ("back",) and t["tile"] not in ("back",))
    swapped = image.copy()
    ax1, ay1, ax2, ay2 = (round(v) for v in a["box"])
    bx1, by1, bx2, by2 = (round(v) for v in b["box"])
    swapped[ay1:ay2, ax1:ax2] = cv2.resize(image[by1:by2, bx1:bx2], (ax2 - ax1, ay2 - ay1))
    live, _, stats = read_live(recognizer, swapped, seen, hold=False)
    assert stats["named"] >= 1 and stats["reused"] > 0
    assert reading(live) == reading(recognizer.detect(swapped))
    at = min(live, key=lambda t: np.abs(np.subtract(t["box"], a["box"])).sum())
    assert at["tile"] == b["tile"], "the swapped-in face is read, not the one remembered"


def test_a_newer_frame_supersedes_one_still_waiting():
    clients = LiveClients()
    old = clients.arrive("camera-one")
    other = clients.arrive("camera-two")
    new = clients.arrive("camera-one")
    assert old.superseded() and not new.superseded() and not other.superseded()
    stub = StubRecognizer()
    answer = recognize(RecognizerHolder(stub), jpeg_bytes(640, 360),
                       create_app({"DATABASE": ":memory:"}).config, live=old)
    assert answer["superseded"] is True and "tiles" not in answer
    assert stub.calls == 0, "a superseded frame is never read"


def test_clients_are_bounded_and_forgotten_when_idle():
    now = [0.0]
    clients = LiveClients(clients=3, keep_s=10, clock=lambda: now[0])
    for k in range(5):
        clients.arrive(f"camera-{k:03d}").clients.keep(f"camera-{k:03d}", k + 1, object())
    assert len(clients) == 3 and clients.previous("camera-000") is None
    assert clients.previous("camera-004") is not None
    now[0] = 11.0
    clients.arrive("camera-new")
    assert len(clients) == 1 and clients.previous("camera-004") is None


def post_live(client, data: bytes, camera: str | None):
    form = {"image": (io.BytesIO(data), "frame.jpg")}
    if camera is not None:
        form["client"] = camera
    return client.post("/api/recognize/live", data=form, content_type="multipart/form-data")


def test_live_endpoint_answers_and_refuses_a_bad_client_id(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3",
                         "RECOGNIZER": StubRecognizer()}).test_client()
    r = post_live(client, jpeg_bytes(640, 360), "page-1234abcd")
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json()["tiles"] and "superseded" not in r.get_json()
    noisy = np.random.default_rng(1).integers(0, 256, (720, 1280, 3), np.uint8)
    frame_1280 = cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()
    assert len(frame_1280) > 64 * 1024, "over the JSON endpoints' bound: a photo's bound applies"
    assert post_live(client, frame_1280, "page-1234abcd").status_code == 200
    for bad in [None, "short", "a b c d e f g h", "x" * 65]:
        r = post_live(client, jpeg_bytes(640, 360), bad)
        body = r.get_json()
        assert r.status_code == 400 and "client" in body["error"]
        assert "客户端" in body["error_zh"]


def test_a_tile_set_taught_more_makes_the_names_kept_stale():
    from vision.live import set_key
    from vision.tileset import TileSet

    taught = TileSet("my-set", codes=["1m"], ids=[1], next_id=2)
    assert set_key(taught) == set_key(TileSet("my-set", codes=["1m"], ids=[1], next_id=2))
    more = TileSet("my-set", codes=["1m", "2m"], ids=[1, 2], next_id=3)
    assert set_key(more) != set_key(taught) and set_key(None) is None


def shaken(image: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """``image`` as the camera sends it shaken ``dx`` right and ``dy`` down, encoded again."""
    m = np.float32([[1, 0, dx], [0, 1, dy]])
    moved = cv2.warpAffine(image, m, image.shape[1::-1], borderMode=cv2.BORDER_REPLICATE)
    return cv2.imdecode(cv2.imencode(".jpg", moved, [cv2.IMWRITE_JPEG_QUALITY, 80])[1],
                        cv2.IMREAD_COLOR)


def with_swap(image: np.ndarray, tiles: list[dict]) -> tuple[np.ndarray, dict, dict]:
    """``image`` with one tile's face covered by another kind's of about its size (a player
    swapping a tile), and the two tiles (covered, copied)."""
    a, b = next((s, t) for s in tiles for t in tiles if s["tile"] != t["tile"]
                and abs((s["box"][2] - s["box"][0]) - (t["box"][2] - t["box"][0])) < 3
                and "back" not in (s["tile"], t["tile"]))
    swapped = image.copy()
    ax1, ay1, ax2, ay2 = (round(v) for v in a["box"])
    bx1, by1, bx2, by2 = (round(v) for v in b["box"])
    swapped[ay1:ay2, ax1:ax2] = cv2.resize(image[by1:by2, bx1:bx2], (ax2 - ax1, ay2 - ay1))
    return swapped, a, b


def test_the_thumbnails_see_the_cameras_shift_and_a_changed_cell():
    from vision.still import CHANGED, MAX_SHIFT, compare, thumbnail

    image = frame(0)
    ref = thumbnail(image)
    assert compare(ref, ref, image.shape) == ((0.0, 0.0), 0.0)
    moved = compare(ref, thumbnail(shaken(image, 2, -1)), image.shape)
    assert moved.same_scene() and np.allclose(moved.shift, (2, -1), atol=0.6)
    far = round(image.shape[1] * MAX_SHIFT * 1.5)
    assert compare(ref, thumbnail(shaken(image, far, 0)), image.shape).change == float("inf")
    assert not compare(ref, thumbnail(frame(1)), image.shape).same_scene()
    assert compare(ref, thumbnail(frame(0)[:, :900]), image.shape).change == float("inf")
    blank = thumbnail(np.zeros_like(image))
    assert compare(blank, blank, image.shape).change == float("inf"), "nothing to line up by"
    spot = image.copy()
    patch = spot[200:230, 300:330]
    patch[:] = 0 if patch.mean() > 127 else 255  # a 30 px patch turned dark or light, no more
    assert compare(ref, thumbnail(spot), image.shape).change > CHANGED


@needs_model
@pytest.mark.parametrize("k", [1, 2, 3])  # photo 0, a close-up squashed to 16:9, is one where
# the detector's own boxes move 10-20 px and a tile comes and goes between two such frames
def test_a_still_or_shaken_frame_is_held_with_the_full_recognizers_tiles(recognizer, k):
    from vision.live import iou, read_live

    image = frame(k)
    first, memory, stats = read_live(recognizer, image, None, now=0.0)
    assert stats["frame"] == "read" and first == recognizer.detect(image)
    again, memory, stats = read_live(recognizer, shaken(image, 0, 0), memory, now=0.1)
    assert stats["frame"] == "held" and again == first, "the same scene: the same reading"
    for step, (dx, dy) in enumerate([(1, 1), (2, -1), (-1, 2)]):
        moved = shaken(image, dx, dy)
        live, memory, stats = read_live(recognizer, moved, memory, now=0.2 + 0.1 * step)
        assert stats["frame"] == "held" and np.allclose(stats["shift"], (dx, dy), atol=0.6)
        full = recognizer.detect(moved)
        assert len(live) == len(full)
        # listed by rows, which a pixel's shift may order otherwise; the detector's own boxes
        # jitter by up to 4 px between two such frames
        overlap = iou(np.array([t["box"] for t in full]), np.array([t["box"] for t in live]))
        for i, j in enumerate(overlap.argmax(axis=1)):
            assert live[j]["tile"] == full[i]["tile"] and overlap[i, j] > 0.8
        assert np.abs(np.array([t["box"] for t in live]) - [t["box"] for t in first]
                      - [*stats["shift"], *stats["shift"]]).max() <= 0.11, "boxes moved"


@needs_model
@pytest.mark.parametrize("k", [1, 4])
def test_one_tile_swapped_in_a_still_frame_is_read_again_and_named(recognizer, k):
    from vision.live import read_live

    image = frame(k)
    first, memory, _ = read_live(recognizer, image, None, now=0.0)
    _, memory, stats = read_live(recognizer, shaken(image, 1, 0), memory, now=0.1)
    assert stats["frame"] == "held"
    swapped, a, b = with_swap(image, first)
    live, memory, stats = read_live(recognizer, shaken(swapped, 1, 0), memory, now=0.2)
    assert stats["frame"] == "read" and stats["named"] >= 1
    at = min(live, key=lambda t: np.abs(np.subtract(t["box"], a["box"])).sum())
    assert at["tile"] == b["tile"], "the swapped-in face is read, not the one held"


@needs_model
def test_another_photo_is_read_in_full(recognizer):
    from vision.live import read_live

    _, memory, _ = read_live(recognizer, frame(0), None, now=0.0)
    live, _, stats = read_live(recognizer, frame(1), memory, now=0.1)
    assert stats["frame"] == "read" and live == recognizer.detect(frame(1))


class CountingRecognizer:
    """A one-stage recogniser that counts the frames it reads (three tiles, whatever the frame)."""

    def __init__(self) -> None:
        self.calls = 0

    def detect(self, image: np.ndarray, tileset=None) -> list[dict]:
        self.calls += 1
        return [{"tile": t, "box": [100.0 + 40 * i, 200.0, 136.0 + 40 * i, 250.0],
                 "confidence": 0.9} for i, t in enumerate(["1m", "2p", "3s"])]


def test_a_full_read_is_forced_after_a_time_or_a_count_of_held_frames():
    from vision.live import REFRESH_FRAMES, REFRESH_S, read_live
    from vision.tileset import TileSet

    counting, image = CountingRecognizer(), frame(2)
    _, memory, _ = read_live(counting, image, None, now=10.0)
    kinds = [read_live(counting, image, memory, now=10.0 + REFRESH_S * 0.9)[2]["frame"]]
    kinds.append(read_live(counting, image, memory, now=10.0 + REFRESH_S)[2]["frame"])
    assert kinds == ["held", "read"] and counting.calls == 2, "read again once the reading is old"
    frames = []
    for _ in range(2 * REFRESH_FRAMES):  # the reading of t=10 is old at t=20: the first is read
        _, memory, stats = read_live(counting, image, memory, now=20.0)
        frames.append(stats["frame"])
    assert frames == (["read"] + ["held"] * (REFRESH_FRAMES - 1)) * 2, \
        "a reading answers REFRESH_FRAMES frames, itself included, then the frame is read again"
    taught = TileSet("my-set", codes=["1m"], ids=[1], next_id=2)
    assert read_live(counting, image, memory, taught, now=20.0)[2]["frame"] == "read", \
        "a tile set other than the reading's: read again"
    assert read_live(counting, image[:, :900], memory, now=20.0)[2]["frame"] == "read"


def test_the_live_endpoint_says_a_still_frame_was_held(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3",
                         "RECOGNIZER": StubRecognizer()}).test_client()
    photo = cv2.imencode(".jpg", frame(0), [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()
    first = post_live(client, photo, "page-1234abcd").get_json()
    again = post_live(client, photo, "page-1234abcd").get_json()
    assert first["live"]["frame"] == "read" and again["live"] == {"frame": "held",
                                                                   "shift": [0.0, 0.0]}
    assert again["tiles"] == first["tiles"] and again["reading"] == first["reading"]
    assert first["reading"]["hand"] is not None, "the layout read, and kept for the held frame"
    other = post_live(client, photo, "page-other-camera").get_json()
    assert other["live"]["frame"] == "read", "each client holds its own reading"
