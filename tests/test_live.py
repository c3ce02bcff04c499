"""The live lane: a frame named only where it changed (vision.live), the newest frame of each
client read and older ones superseded (assistant.service.live, POST /api/recognize/live)."""

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
    first, seen, stats = read_live(recognizer, image, None)
    assert stats["reused"] == 0 and first == recognizer.detect(image)
    again, seen, stats = read_live(recognizer, image, seen)
    assert again == recognizer.detect(image), "the same frame: the same tiles, names, confidences"
    assert stats["named"] == 0 and stats["reused"] >= len(again), "no tile named a second time"
    for shift in [(2, 1), (3, 3)]:  # the camera sliding a few pixels
        moved = np.roll(image, shift, axis=(0, 1))
        live, seen, stats = read_live(recognizer, moved, seen)
        assert reading(live) == reading(recognizer.detect(moved))
        assert stats["reused"] > 0


@needs_model
def test_a_swapped_tile_is_named_again(recognizer):
    from vision.live import read_live

    image = frame(1)
    full = recognizer.detect(image)
    _, seen, _ = read_live(recognizer, image, None)
    # put another kind's face over one tile of about its size, as a player swapping a tile
    a, b = next((s, t) for s in full for t in full if s["tile"] != t["tile"]
                and abs((s["box"][2] - s["box"][0]) - (t["box"][2] - t["box"][0])) < 3
                and s["tile"] not in ("back",) and t["tile"] not in ("back",))
    swapped = image.copy()
    ax1, ay1, ax2, ay2 = (round(v) for v in a["box"])
    bx1, by1, bx2, by2 = (round(v) for v in b["box"])
    swapped[ay1:ay2, ax1:ax2] = cv2.resize(image[by1:by2, bx1:bx2], (ax2 - ax1, ay2 - ay1))
    live, _, stats = read_live(recognizer, swapped, seen)
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
