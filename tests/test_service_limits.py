"""Work bounded before it is done, and no 500 for any input (each case found by probing)."""

from __future__ import annotations

import io
import threading

import numpy as np
import pytest
from test_service_support import StubRecognizer, huge_png, jpeg_bytes

from assistant.service import create_app
from assistant.service.errors import SafeJSONProvider
from assistant.service.limits import MAX_JSON_BYTES, MAX_STRING
from assistant.service.upload import decode_upload


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": tmp_path / "t.sqlite3", "RECOGNIZER": StubRecognizer()})


@pytest.fixture()
def client(app):
    return app.test_client()


def json_error(response, status: int, words: str = "") -> dict:
    """The answer is a JSON error of ``status`` in English and Chinese, naming ``words``."""
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert body["status"] == status and body["error"] and body["error_zh"]
    assert words.lower() in body["error"].lower(), body["error"]
    return body


def upload(client, data: bytes, name: str = "photo.jpg"):
    return client.post("/api/recognize", data={"image": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


# -- sizes ------------------------------------------------------------------------------------

def test_a_10_mb_concealed_string_is_refused_by_its_size(client):
    body = '{"concealed": "' + "1" * 10_000_000 + '"}'
    json_error(client.post("/api/analyze", data=body, content_type="application/json"), 413,
               f"limit for /api/analyze is {MAX_JSON_BYTES} bytes")


def test_a_long_string_inside_the_size_bound_is_refused_before_parsing_tiles(client):
    body = {"concealed": "1" * (MAX_STRING + 1) + "m"}
    json_error(client.post("/api/analyze", json=body), 400, "body.concealed")
    json_error(client.post("/api/claims", json={"discard": "5p", "discarder": "E",
                                                "hands": {"S": {"concealed": ["1m"] * 601}}}),
               400, "the limit is 600")


def test_bodies_have_a_bound_per_endpoint(client):
    tiles = [{"tile": "1m", "box": [i, 0, i + 10, 10], "confidence": 0.9} for i in range(100)]
    assert client.post("/api/read", json={"tiles": tiles}).status_code == 200, \
        "100 detections (about 8 kB) are within the bound of /api/read"
    padded = {"concealed": "123m456p789s1112z", "pad": ["x" * 300] * 250}
    json_error(client.post("/api/analyze", json=padded), 413, "/api/analyze")


def test_413_and_431_are_json(client):
    json_error(upload(client, b"\xff\xd8" + b"\x00" * (21 * 1024 * 1024)), 413,
               "limit for /api/recognize")
    json_error(client.get("/api/health", headers={"X-Big": "a" * 20_000}), 431, "headers")
    json_error(client.get("/api/parse?text=" + "1m" * 3000), 414, "query string")
    json_error(client.get("/api/parse?text=" + "1m" * 250), 400, "'text'")


# -- photos -----------------------------------------------------------------------------------

def test_a_large_jpeg_is_decoded_reduced_and_boxes_are_in_the_photo(tmp_path):
    stub = StubRecognizer()
    seen = []
    detect = stub.detect
    stub.detect = lambda image: seen.append(image.shape) or detect(image)  # type: ignore[method-assign]
    client = create_app({"DATABASE": tmp_path / "t.sqlite3", "RECOGNIZER": stub,
                         "WORK_SIDE": 512}).test_client()
    body = upload(client, jpeg_bytes(2400, 1800)).get_json()
    assert seen == [(225, 300, 3)], "decoded at 1/8: between half the work size and the work size"
    assert body["image"]["width"] == 2400 and body["image"]["height"] == 1800
    assert body["image"]["recognized_at"] == {"width": 300, "height": 225}
    upload(client, jpeg_bytes(1000, 700))
    assert seen[-1] == (350, 500, 3), "decoded at 1/2 (1/4 would be under half the work size)"
    upload(client, jpeg_bytes(500, 300))
    assert seen[-1] == (300, 500, 3), "within the work size: decoded whole, as sent"
    assert max(t["box"][2] for t in body["tiles"]) > 2000, "boxes are in the photo's pixels"
    assert "decode" in body["timing_ms"]


def test_reduced_decoding_reads_the_same_picture():
    image = np.zeros((1600, 2400, 3), np.uint8)
    image[:, :1200] = (0, 0, 255)  # left half red
    import cv2

    data = cv2.imencode(".jpg", image)[1].tobytes()
    small, info = decode_upload(data, work_side=1000)
    assert small.shape == (400, 600, 3) and info.scale == 0.25, "decoded at 1/4"
    assert (info.width, info.height) == (2400, 1600)
    assert small[200, 100, 2] > 200 and small[200, 500, 2] < 50, "colours kept (BGR order)"


def test_a_png_too_big_to_decode_whole_is_refused_before_decoding(client):
    body = json_error(upload(client, huge_png(5000, 5000), "big.png"), 413, "decoded whole")
    assert "百万像素" in body["error_zh"]


def test_a_full_recognition_queue_answers_503_with_retry_after(tmp_path):
    release = threading.Event()
    entered = threading.Event()

    class Slow(StubRecognizer):
        def detect(self, image_bgr):  # type: ignore[no-untyped-def]
            entered.set()
            release.wait(10)
            return super().detect(image_bgr)

    app = create_app({"DATABASE": tmp_path / "t.sqlite3", "RECOGNIZER": Slow(),
                      "RECOGNIZE_CONCURRENCY": 1, "RECOGNIZE_QUEUE": 0})
    first: list = []
    worker = threading.Thread(target=lambda: first.append(upload(app.test_client(),
                                                                 jpeg_bytes())))
    worker.start()
    try:
        assert entered.wait(10)
        busy = upload(app.test_client(), jpeg_bytes())
        json_error(busy, 503, "busy")
        assert busy.headers["Retry-After"].isdigit()
        json_error(upload(app.test_client(), b""), 400, "empty")  # bad uploads: no turn needed
    finally:
        release.set()
        worker.join(10)
    assert first[0].status_code == 200
    assert upload(app.test_client(), jpeg_bytes()).status_code == 200, "the turn came back"


# -- no 500 -----------------------------------------------------------------------------------

def test_json_nested_10000_deep_is_a_400(client):
    for text in ("[" * 10_000 + "]" * 10_000, '{"a":' * 5000 + "1" + "}" * 5000,
                 '{"concealed": ' + "[" * 50 + "]" * 50 + "}"):
        json_error(client.post("/api/analyze", data=text, content_type="application/json"), 400,
                   "nested too deep")


@pytest.mark.parametrize("path,body", [
    ("/api/analyze", {"concealed": "123m\ud800"}),
    ("/api/claims", {"discard": "\ud800", "discarder": "E", "hands": {}}),
    ("/api/read", {"tiles": [{"tile": "\udfff", "box": [0, 0, 1, 1]}]}),
    ("/api/tables", {"players": ["a", "b", "c", "\ud800"]}),
    ("/api/tables", {"players": ["a", "b", "c", "d"], "name": "\ud800"}),
    ("/api/practice/check", {"hand": "55m99p234456sNNN", "answer": "\ud800"}),
])
def test_a_lone_surrogate_is_a_400_not_a_crash(client, path, body):
    json_error(client.post(path, json=body), 400, "surrogate")


def test_the_json_of_an_answer_survives_a_lone_surrogate(app):
    text = SafeJSONProvider(app).dumps({"error": "bad \ud800 tile"})
    assert text.encode("utf-8") and "\\ud800" in text


@pytest.mark.parametrize("seed", ["²", "١٢", "9" * 19, "9" * 5000, "-1", "1e3"])
def test_practice_seeds_that_are_not_small_whole_numbers_are_refused(client, seed):
    r = client.get("/api/practice", query_string={"seed": seed})
    assert r.status_code in (400, 414) and r.get_json()["error_zh"], r.get_data(as_text=True)


def test_practice_answers_that_are_not_strings_are_422(client):
    for answer in ([1, 2], [None], [["5m"]], 5, {"a": "5m"}):
        json_error(client.post("/api/practice/check",
                               json={"hand": "55m99p234456sNNN", "answer": answer}), 422, "answer")
    json_error(client.post("/api/practice/check", json={"hand": 5, "answer": "5m"}), 422, "hand")
    json_error(client.post("/api/practice/check", json={"hand": "55m99p234456sNNN",
                                                        "answer": "5m", "variant": [1]}),
               422, "variant")


def test_wrong_types_in_a_hand_and_kongs_are_422(client):
    made = client.post("/api/tables", json={"players": ["a", "b", "c", "d"],
                                            "variant": "guangdong"}).get_json()
    auth = {"Authorization": f"Bearer {made['secret']}"}
    hands = f"/api/tables/{made['id']}/hands"
    win = {"concealed": "123m456p789s1112z", "win_tile": "S"}
    for hand in ({**win, "context": [1]}, {**win, "context": "x"}, {**win, "table": "x"},
                 {**win, "table": [["dealer", "E"]]}):
        json_error(client.post(hands, headers=auth, json={"result": "win", "winner": 0,
                                                          "hand": hand}), 422)
        json_error(client.post("/api/analyze", json={**hand, "variant": "guangdong"}), 422)
    listed = {"1": [{"type": ["an"], "tile": "5p"}]}
    json_error(client.post(hands, headers=auth, json={"result": "draw", "kongs": listed}), 422,
               "kong")
    json_error(client.post(hands, headers=auth, json={"result": "win", "winner": 0, "hand": win,
                                                      "kongs": listed}), 422, "kong")
    json_error(client.post("/api/analyze", json={**win, "variant": "shaanxi", "table": {
        "kongs": {"E": [{"type": ["an"], "tile": "5p"}]}}}), 422, "kong")
    json_error(client.post(hands, headers=auth, json={"result": "win", "winner": 0, "discarder": 1,
                                                      "points": [-10**7, 10**7, 0, 0]}), 422,
               "points")
    json_error(client.post(hands, headers=auth, json=[1]), 400, "object")


def test_falsy_values_of_the_wrong_type_are_refused_not_read_as_empty(client):
    win = {"concealed": "123m456p789s1112z", "win_tile": "S"}
    for key in ("options", "context", "table"):
        json_error(client.post("/api/analyze", json={**win, key: False}), 422, key)
    assert client.post("/api/analyze", json={**win, "options": None}).status_code == 200
    json_error(client.post("/api/tables", json={"players": ["a", "b", "c", "d"], "options": 0}),
               422, "options")
    json_error(client.post("/api/claims", json={"discard": "5p", "discarder": "E", "passed": [1],
                                                "hands": {"S": {"concealed": "46p123m456s78sEES"}}}),
               422, "passed")


def test_digits_that_are_not_decimal_are_no_tile_digits(client):
    """``'²'.isdigit()`` is true but ``int('²')`` fails: it was a 500 (found by the fuzz test)."""
    json_error(client.get("/api/parse", query_string={"text": "²m"}), 422)
    json_error(client.post("/api/analyze", json={"concealed": "①23m456p789s1112z"}), 422)
    assert client.get("/api/parse", query_string={"text": "一万 9s"}).status_code == 200


def test_recognition_turns_go_in_arrival_order():
    from assistant.service.recognize import FairSlots

    slots = FairSlots(1)
    assert slots.acquire(timeout=1)
    order: list[int] = []

    def wait_turn(k: int) -> None:
        assert slots.acquire(timeout=30)
        order.append(k)
        slots.release()

    threads = []
    for k in range(4):  # each one waiting before the next arrives
        threads.append(threading.Thread(target=wait_turn, args=(k,)))
        threads[-1].start()
        while slots.waiting() < k + 1:
            threading.Event().wait(0.001)
    slots.release()
    for t in threads:
        t.join(30)
    assert order == [0, 1, 2, 3]
    assert not FairSlots(0).acquire(timeout=0.01), "no slot: the wait runs out"
    assert slots.waiting() == 0


def test_a_freed_turn_goes_to_the_waiter_not_to_a_newcomer():
    """Python's semaphore lets the releasing thread take the slot straight back (barging)."""
    from assistant.service.recognize import FairSlots

    slots = FairSlots(1)
    assert slots.acquire(timeout=1)
    got: list[bool] = []
    waiter = threading.Thread(target=lambda: got.append(slots.acquire(timeout=30)))
    waiter.start()
    while slots.waiting() < 1:
        threading.Event().wait(0.001)
    slots.release()
    assert not slots.acquire(timeout=0.01), "the slot was handed to the one waiting"
    waiter.join(30)
    assert got == [True]
