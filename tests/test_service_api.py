"""The JSON API through Flask's test client: answers, and a 4xx (never a 500) for bad input."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
from test_service_support import StubRecognizer, huge_png, jpeg_bytes, real_photo

from assistant.analysis import analyze
from assistant.claims import claims_on_discard
from assistant.service import create_app


@pytest.fixture()
def stub() -> StubRecognizer:
    return StubRecognizer()


@pytest.fixture()
def client(tmp_path, stub):
    app = create_app({"DATABASE": tmp_path / "t.sqlite3", "RECOGNIZER": stub,
                      "MAX_CONTENT_LENGTH": 2 * 1024 * 1024})
    return app.test_client()


def upload(client, data: bytes, name: str = "photo.jpg", field: str = "image"):
    return client.post("/api/recognize", data={field: (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def assert_error(response, status: int, words: str = "") -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["status"] == status and body["error"]
    assert words.lower() in body["error"].lower()
    return body


# -- answers --------------------------------------------------------------------------------

def test_analyze_answers_what_the_engine_gives():
    hand = {"concealed": "123m456p789s1122z"}
    app = create_app({"DATABASE": ":memory:"})
    r = app.test_client().post("/api/analyze", json=hand)
    assert r.status_code == 200
    assert r.get_json() == json.loads(json.dumps(analyze(hand)))


def test_analyze_scores_a_win_of_a_scoring_variant(client):
    hand = {"concealed": "123m456p789s1112z", "win_tile": "S", "variant": "guangdong",
            "context": {"self_drawn": True, "seat_wind": "E"}}
    body = client.post("/api/analyze?lang=en", json=hand).get_json()
    assert body["is_win"] and body["score"]["items"]
    assert sum(body["score"]["payments"].values()) == 0
    assert "report" in body


def test_claims_answers_what_the_engine_gives(client):
    req = {"discard": "5p", "discarder": "E",
           "hands": {"S": {"concealed": "46p123m456s78sEES"}, "W": {"concealed": "55p19m19s1234567z"}}}
    r = client.post("/api/claims", json=req)
    assert r.status_code == 200 and r.get_json() == claims_on_discard(req)


def test_variants_and_options(client):
    body = client.get("/api/variants").get_json()
    names = [v["name"] for v in body["variants"]]
    assert "default" in names and all("options" in v for v in body["variants"])
    one = client.get(f"/api/variants/{names[-1]}").get_json()
    assert one["name"] == names[-1]
    assert_error(client.get("/api/variants/nowhere"), 404, "unknown variant")


def test_recognize_with_a_recogniser(client, stub):
    r = upload(client, jpeg_bytes(1280, 720))
    assert r.status_code == 200, r.get_data(as_text=True)
    body = r.get_json()
    assert (body["image"]["width"], body["image"]["height"]) == (1280, 720)
    assert [d["tile"] for d in body["tiles"]] == stub.tiles
    assert body["reading"]["hand"]["concealed"] == stub.tiles
    assert body["reading"]["doubts"], "the low-confidence tile is a doubt"


def test_recognize_a_real_photo(client):
    photo = real_photo()
    if photo is None:
        pytest.skip("the shared dataset of real photos is not beside the project")
    assert upload(client, photo.read_bytes()).status_code == 200


def test_recognize_without_the_model_is_503(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "vision.recognizer", None)  # the import fails
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    assert_error(upload(client, jpeg_bytes()), 503, "not available")
    assert_error(upload(client, b""), 400, "empty"), "bad uploads are refused before the model"


@pytest.mark.parametrize("variant", ["wuhan", "taiyuan", "taiwan", "sichuan"])
def test_practice_of_a_variant_that_needs_melds_stood_tiles_or_sixteen(client, variant):
    # 武汉 wins open, 太原 waits with the stood tiles, 台湾 holds 16, 四川 plays 108 tiles.
    q = client.get(f"/api/practice?seed=3&variant={variant}").get_json()
    state = {"melds": q["melds"], "stood": q["stood"], "variant": variant}
    waits = [w["tile"] for w in client.post("/api/analyze", json={"concealed": q["hand"],
                                                                  **state}).get_json()["waits"]]
    assert waits
    ok = client.post("/api/practice/check", json={"hand": q["hand"], "answer": waits,
                                                  **state}).get_json()
    assert ok["correct"] and set(ok["decompositions"]) == set(waits)


def test_practice_round_trip(client):
    q = client.get("/api/practice?seed=11").get_json()
    state = {"melds": q["melds"], "stood": q["stood"]}
    waits = [w["tile"] for w in client.post("/api/analyze", json={"concealed": q["hand"], **state})
             .get_json()["waits"]]
    ok = client.post("/api/practice/check", json={"hand": q["hand"], "answer": waits,
                                                  **state}).get_json()
    assert ok["correct"]
    bad = client.post("/api/practice/check", json={"hand": q["hand"], "answer": waits[:1] + ["P"]
                                                   if "P" not in waits else ["1m"],
                                                   **state}).get_json()
    assert not bad["correct"]


def test_parse(client):
    assert client.get("/api/parse?text=一万 东").get_json()["tiles"] == ["1m", "E"]


def test_pages_are_served(client):
    for path in ("/", "/score", "/live", "/teach", "/table"):
        r = client.get(path)
        assert r.status_code == 200 and r.mimetype == "text/html"


# -- bad input: always 4xx with a message -----------------------------------------------------

@pytest.mark.parametrize("data,status,words", [
    (b"", 400, "empty"),
    (b"hello, this is not a picture", 415, "not an image"),
    (b"%PDF-1.4 not an image either", 415, "not an image"),
    (b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", 415, "HEIC"),
    (b"\xff\xd8\xff\xe0", 400, "truncated"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, 400, ""),
])
def test_recognize_refuses_bad_uploads(client, data, status, words):
    assert_error(upload(client, data), status, words)


def test_recognize_refuses_a_truncated_jpeg(client, stub):
    data = jpeg_bytes(640, 480)
    assert_error(upload(client, data[: len(data) // 2]), 400, "truncated")
    photo = real_photo()
    if photo is not None:
        raw = photo.read_bytes()
        assert_error(upload(client, raw[: len(raw) * 2 // 3]), 400, "truncated")
    assert stub.calls == 0


def test_recognize_refuses_a_100_megapixel_image(client, stub):
    data = huge_png()
    assert len(data) < 2 * 1024 * 1024, "small file, huge image"
    body = assert_error(upload(client, data, "big.png"), 413, "megapixels")
    assert body["width"] == 10_000
    assert stub.calls == 0


def test_recognize_refuses_an_upload_over_the_byte_limit(client):
    assert_error(upload(client, b"\xff\xd8" + b"\x00" * (3 * 1024 * 1024)), 413, "too large")


def test_recognize_refuses_the_wrong_content_type(client):
    assert_error(client.post("/api/recognize", data=jpeg_bytes(),
                             content_type="image/jpeg"), 415, "multipart")
    assert_error(client.post("/api/recognize", json={"image": "x"}), 415, "multipart")
    assert_error(upload(client, jpeg_bytes(), field="photo"), 400, "image")


@pytest.mark.parametrize("body,words", [
    ({"concealed": "123m456p789s112223z"}, "too many tiles"),
    ({"concealed": "11111m2345678p"}, "5 copies"),
    ({"concealed": "123m456p789s1122z", "variant": "nowhere"}, "unknown variant"),
    ({"concealed": "123x"}, ""),
    ({"concealed": 42}, ""),
    ({"concealed": "123m456p789s1122z", "options": {"no_such_option": True}}, "unknown option"),
    ({}, ""),
])
def test_analyze_refuses_invalid_hands(client, body, words):
    assert_error(client.post("/api/analyze", json=body), 422, words)


def test_analyze_refuses_bad_bodies(client):
    assert_error(client.post("/api/analyze", data="{not json", content_type="application/json"),
                 400, "not valid JSON")
    assert_error(client.post("/api/analyze", json=[1, 2]), 400, "object")
    assert_error(client.post("/api/analyze", data="concealed=123m",
                             content_type="application/x-www-form-urlencoded"), 415, "JSON")
    assert_error(client.post("/api/analyze?lang=fr", json={"concealed": "123m"}), 400, "lang")


def test_claims_refuses_bad_requests(client):
    assert_error(client.post("/api/claims", json={"discard": "5p"}), 422, "discarder")
    assert_error(client.post("/api/claims", json={
        "discard": "5p", "discarder": "E", "hands": {"S": {"concealed": "123m"}},
        "variant": "nowhere"}), 422, "unknown variant")


def test_other_bad_requests(client):
    assert_error(client.get("/api/nothing"), 404)
    r = client.get("/api/analyze")
    assert_error(r, 405)
    assert "POST" in r.headers["Allow"]
    assert_error(client.get("/api/practice?seed=abc"), 400, "seed")
    assert_error(client.get("/api/parse"), 400)
    assert_error(client.get("/api/parse?text=xyz"), 422)
    assert_error(client.post("/api/practice/check", json={"hand": "123m"}), 422)


def test_read_again_after_a_correction(client, stub):
    body = upload(client, jpeg_bytes(1280, 720)).get_json()
    tiles = body["tiles"]
    tiles[-1]["tile"] = "P"
    r = client.post("/api/read", json={"tiles": tiles})
    assert r.status_code == 200
    hand = r.get_json()["hand"]
    assert "P" in hand["concealed"] + [hand.get("win_tile")]
    assert_error(client.post("/api/read", json={"tiles": [{"tile": "1m"}]}), 422, "box")
    assert_error(client.post("/api/read", json={"tiles": [{"tile": "9z", "box": [0, 0, 1, 1]}]}),
                 422, "unknown tile")
    assert_error(client.post("/api/read", json={"tiles": "x"}), 422, "tiles")


def test_random_junk_never_gets_a_500(client):
    """Random JSON to every POST endpoint: always a 2xx or a 4xx with a message."""
    import random

    rng = random.Random(7)
    atoms = [None, True, 0, -1, 1.5, 10**30, "", "x", "E", "5p", "123m", "back", "1f", [], {},
             ["E"], {"a": 1}]
    keys = ["concealed", "melds", "win_tile", "context", "variant", "options", "table", "discard",
            "discarder", "hands", "hand", "answer", "players", "bets", "result", "winner",
            "points", "detections", "tiles", "type", "seat"]

    def value(depth: int = 0):
        r = rng.random()
        if depth > 2 or r < 0.5:
            return rng.choice(atoms)
        if r < 0.75:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        return {rng.choice(keys): value(depth + 1) for _ in range(rng.randint(0, 4))}

    made = client.post("/api/tables", json={"players": ["a", "b", "c", "d"]}).get_json()
    tid = made["id"]
    headers = {"Authorization": f"Bearer {made['secret']}"}
    paths = ["/api/analyze", "/api/claims", "/api/practice/check", "/api/tables",
             f"/api/tables/{tid}/hands", "/api/read"]
    for _ in range(300):
        body = {"concealed": "123m456p789s1112z", "win_tile": "S"} if rng.random() < 0.5 else {}
        body.update({rng.choice(keys): value() for _ in range(rng.randint(1, 3))})
        r = client.post(rng.choice(paths), json=body, headers=headers)
        assert r.status_code < 500, (body, r.get_json())
        if r.status_code >= 400:
            assert r.get_json()["error"]


def test_multipart_edge_cases(client):
    assert_error(client.post("/api/recognize", data=b"--x\r\n", content_type="multipart/form-data"),
                 400)
    assert_error(upload(client, b"GIF89a\x10\x00\x10\x00" + b"\x00" * 20, "a.gif"), 400)
    assert_error(upload(client, b"II*\x00" + b"\x00" * 100, "a.tif"), 415)


def test_recognize_with_the_model_file_missing_is_503(tmp_path, monkeypatch):
    recognizer = pytest.importorskip("vision.recognizer")
    from assistant.errors import MahjongError

    def missing(*args, **kwargs):
        raise MahjongError("the tile detector model models/tile_detector.onnx is missing")

    monkeypatch.setattr(recognizer.Recognizer, "load", classmethod(missing))
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    assert_error(upload(client, jpeg_bytes()), 503, "tile_detector.onnx")


def test_service_errors_carry_a_chinese_message(client):
    body = assert_error(upload(client, b""), 400, "empty")
    assert "空" in body["error_zh"]
    assert assert_error(client.get("/api/nothing"), 404)["error_zh"]
    assert "百万像素" in assert_error(upload(client, huge_png(), "big.png"), 413)["error_zh"]


def test_a_real_bug_is_a_logged_json_500(tmp_path, caplog):
    app = create_app({"DATABASE": tmp_path / "t.sqlite3"})

    @app.get("/boom")
    def boom():  # type: ignore[no-untyped-def]
        raise RuntimeError("secret detail 42")

    body = assert_error(app.test_client().get("/boom"), 500, "internal error")
    assert "secret" not in body["error"], "no internals leak to the client"
    assert any("internal error" in r.message for r in caplog.records)


def test_a_riichi_table_over_http_carries_sticks_and_refuses_bad_facts(client):
    made = client.post("/api/tables", json={"players": ["a", "b", "c", "d"],
                                            "variant": "riichi"}).get_json()
    hands = f"/api/tables/{made['id']}/hands"
    headers = {"Authorization": f"Bearer {made['secret']}"}
    assert_error(client.post(hands, json={"result": "draw", "tenpai": [7]}, headers=headers),
                 422, "tenpai")
    assert_error(client.post(hands, json={"result": "draw", "la_zhuang": [1]}, headers=headers),
                 422, "la_zhuang")
    r = client.post(hands, json={"result": "draw", "riichi": [2], "tenpai": [2]}, headers=headers)
    assert r.status_code == 201
    t = client.get(f"/api/tables/{made['id']}").get_json()
    assert t["riichi_sticks"] == [0, 0, 1, 0] and t["honba"] == 1 and t["dealer"] == 1
    assert t["held"] == [24000, 24000, 27000, 24000] and t["start_points"] == 25000


def test_analyze_names_the_wild_tiles_of_a_hand_short_of_a_win(client):
    """The wild tiles the indicator makes are in the answer even when the hand is no win."""
    body = {"concealed": "234m456p789s234p5m", "variant": "tianjin", "indicator": "4s"}
    r = client.post("/api/analyze", json=body)
    assert r.status_code == 200 and not r.get_json()["is_win"]
    assert r.get_json()["wilds"] == ["4s", "5s"]
    r = client.post("/api/analyze", json={"concealed": "234m456p789s234p5m", "variant": "guangdong"})
    assert "wilds" not in r.get_json(), "a variant with no wild tiles names none"


def test_variant_examples_carry_their_indicator_and_wilds(client):
    """/api/variants/wuhan: each example hand keeps the tile turned up and lists the wilds it
    makes under 武汉's scheme (五万 → 六万), which the rules page marks on the tiles."""
    r = client.get("/api/variants/wuhan")
    assert r.status_code == 200
    examples = r.get_json()["examples"]
    assert [ex["hand"]["indicator"] for ex in examples] == ["5m", "5p"]
    assert [ex["wilds"] for ex in examples] == [["6m"], ["6p"]]
    listed = {v["name"]: v for v in client.get("/api/variants").get_json()["variants"]}
    assert listed["wuhan"]["examples"][0]["wilds"] == ["6m"]
    assert all(not ex["wilds"] for ex in listed["sichuan"]["examples"])


# -- the Charleston (查理士顿) ------------------------------------------------------------

CHARLESTON_HAND = "123m456p789s11sEWC"


def test_charleston_advice_names_three_tiles_and_why_in_both_languages(client):
    r = client.post("/api/charleston-advice", json={"concealed": CHARLESTON_HAND, "pass": "left"})
    assert r.status_code == 200, r.get_data(as_text=True)
    body = r.get_json()
    assert body["pass"] == ["C", "E", "W"] and len(body["keep"]) == 11
    assert body["direction"] == "left" and body["round"] == 1 and body["step"] == 2
    assert body["next"] == {"direction": "opposite", "round": 1, "dealer_calls": False}
    assert body["title_zh"] == "第1轮 · 第2次换牌：传给上家"
    assert body["title_en"] == "Round 1 · pass 2: to the left (上家)"
    assert body["reasons"][0]["reason_zh"] == "中：孤张字牌，手里没有同样的牌"
    assert body["reasons"][0]["reason_en"] == "Red Dragon: a lone honour, no copy held"
    # The dealer's 14th tile may come as the hand state's win_tile.
    dealt = client.post("/api/charleston-advice", json={"concealed": CHARLESTON_HAND[:-1],
                                                        "win_tile": "C"}).get_json()
    assert dealt["pass"] == body["pass"] and dealt["keep"] == body["keep"]


def test_charleston_passes_walk_the_seeds_order_and_the_dealers_second_round(client):
    seen = []
    step: dict | None = {"direction": "right", "round": 1}
    while step is not None:
        body = client.post("/api/charleston-advice", json={
            "concealed": CHARLESTON_HAND, "pass": step["direction"],
            "round": step["round"]}).get_json()
        seen.append((body["direction"], body["round"], body["dealer_calls"]))
        step = body["next"]
    assert seen == [("right", 1, False), ("left", 1, False), ("opposite", 1, False),
                    ("right", 2, True), ("left", 2, True), ("opposite", 2, True)]


def test_charleston_advice_reads_the_variants_hand_size(client):
    taiwan = "123m456m789m123p45pEC"  # 16 dealt tiles
    body = client.post("/api/charleston-advice", json={"concealed": taiwan, "variant": "taiwan"})
    assert body.status_code == 200 and body.get_json()["pass"][:2] == ["C", "E"]
    assert_error(client.post("/api/charleston-advice", json={"concealed": taiwan}), 400,
                 "too many tiles")


@pytest.mark.parametrize("body,words,zh", [
    ({"concealed": CHARLESTON_HAND, "pass": "up"}, "right, left or opposite", "换牌方向"),
    ({"concealed": CHARLESTON_HAND, "round": 3}, "round is 1 or 2", "轮次"),
    ({"concealed": CHARLESTON_HAND, "round": True}, "round is 1 or 2", "轮次"),
    ({"concealed": CHARLESTON_HAND, "round": 1.5}, "round is 1 or 2", "轮次"),
    ({"concealed": CHARLESTON_HAND, "pass": ["right"]}, "right, left or opposite", "换牌方向"),
    ({"concealed": "123m"}, "too few tiles", "牌太少"),
    ({"concealed": "11111m456p789s11sEW"}, "5 copies", "只有四张"),
    ({"concealed": "123x"}, "", ""),
    ({"concealed": 42}, "", ""),
    ({}, "no 'concealed'", "暗牌"),
    ({"concealed": CHARLESTON_HAND, "variant": "nowhere"}, "unknown variant", "未知"),
    ({"concealed": CHARLESTON_HAND, "variant": 7}, "variant", "variant"),
    ({"concealed": CHARLESTON_HAND, "options": []}, "options", "对象"),
    ({"concealed": CHARLESTON_HAND, "melds": [{"type": "pung", "tiles": "111m"}]}, "melds",
     "副露"),
])
def test_charleston_advice_refuses_bad_input_with_400_in_both_languages(client, body, words, zh):
    got = assert_error(client.post("/api/charleston-advice", json=body), 400, words)
    assert got["error_en"] == got["error"] and zh in got["error_zh"]
    assert re.search(r"[\u4e00-\u9fff]", got["error_zh"]), got


def test_charleston_advice_body_is_bounded_before_any_work(client):
    assert_error(client.post("/api/charleston-advice", json={"concealed": ["1m"] * 700}), 400,
                 "limit is 600")
    big = {"concealed": CHARLESTON_HAND, "note": "x" * 300, "more": ["y" * 300] * 40}
    assert_error(client.post("/api/charleston-advice", json=big), 413, "8192")
