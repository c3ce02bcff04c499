"""``/api/tilesets``: a player's own tile set owned like a table (id + secret), taught from a
layout photo, corrected tile by tile from the score page, undone, and read photos with.

The stub recogniser stands in for the model (its features say where a tile lies, so a
correction at a place is read back there); one test goes through the shipped models."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from test_service_support import STUB_TILES, StubRecognizer, jpeg_bytes

from assistant.service import create_app

ROOT = Path(__file__).resolve().parent.parent
#: The stub's tiles typed in its reading order.
STUB_LAYOUT = "123m456p789sEEESS"
#: The stub's first tile in the 320×240 test photo (its box; step 320 / 16 = 20 pixels).
FIRST_BOX = "20,96,38,144"


@pytest.fixture()
def stub() -> StubRecognizer:
    return StubRecognizer()


@pytest.fixture()
def app(tmp_path: Path, stub: StubRecognizer, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("MAHJONG_TILESETS", raising=False)
    return create_app({"DATABASE": tmp_path / "db" / "t.sqlite3", "RECOGNIZER": stub})


@pytest.fixture()
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()


@pytest.fixture()
def made(client) -> dict:  # type: ignore[no-untyped-def]
    r = client.post("/api/tilesets")
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def auth(made: dict) -> dict[str, str]:
    return {"Authorization": f"Bearer {made['secret']}"}


def photo(data: bytes | None = None, **fields: str) -> dict:
    return {"image": (io.BytesIO(data or jpeg_bytes()), "p.jpg"), **fields}


def recognize(client, **fields: str) -> list[str]:  # type: ignore[no-untyped-def]
    r = client.post("/api/recognize", data=photo(**fields), content_type="multipart/form-data")
    assert r.status_code == 200, r.get_json()
    return [t["tile"] for t in r.get_json()["tiles"]]


def test_a_set_is_kept_in_the_session_store_with_its_secrets_hash(app, client, made,
                                                                   tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import hashlib
    import sqlite3

    assert len(made["id"]) == 32 and int(made["id"], 16) >= 0 and len(made["secret"]) >= 40
    assert made["tileset"] == {"name": made["id"], "examples": 0, "kinds": {},
                               "missing": made["tileset"]["missing"], "recent": []}
    assert len(made["tileset"]["missing"]) == 42
    with sqlite3.connect(tmp_path / "db" / "t.sqlite3") as db:
        kept = db.execute("SELECT secret_hash FROM tileset WHERE id = ?", (made["id"],)).fetchone()
    assert kept == (hashlib.sha256(made["secret"].encode()).hexdigest(),)
    assert not (tmp_path / "db" / "tilesets").exists(), "no file beside the database"
    assert client.get(f"/api/tilesets/{made['id']}").get_json()["examples"] == 0
    assert client.post("/api/tilesets").get_json()["id"] != made["id"]


def test_learn_a_layout_photo(client, made) -> None:  # type: ignore[no-untyped-def]
    url = f"/api/tilesets/{made['id']}/learn"
    r = client.post(url, data=photo(tiles=STUB_LAYOUT), headers=auth(made))
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["count"] == 14 and body["read_right"] == 14
    assert body["per_kind"] == {"1m": 1, "2m": 1, "3m": 1, "4p": 1, "5p": 1, "6p": 1, "7s": 1,
                                "8s": 1, "9s": 1, "E": 3, "S": 2}
    assert [x["tile"] for x in body["learnt"]] == STUB_TILES
    assert body["learnt"][0]["box"] == [20.0, 96.0, 38.0, 144.0]
    # the player named the tiles otherwise than the recogniser read them: it says how many
    r = client.post(url, data=photo(tiles="213m456p789sEEESS"), headers=auth(made))
    assert r.get_json()["read_right"] == 12 and r.get_json()["tileset"]["examples"] == 28
    assert client.get(f"/api/tilesets/{made['id']}").get_json()["kinds"]["E"] == 6


@pytest.mark.parametrize("fields, status, zh", [
    ({"tiles": "123m"}, 400, "照片里有 14 张牌，但写了 3 张"),
    ({"tiles": "12x"}, 400, "12x"),
    ({"tiles": "1m back"}, 400, "牌组只学牌面"),
    ({"tiles": "1m" * 400}, 400, "上限 600"),
    ({}, 400, "表单字段 'tiles' 没有内容"),
])
def test_learn_refuses_bad_input_in_both_languages(client, made, fields, status, zh) -> None:  # type: ignore[no-untyped-def]
    r = client.post(f"/api/tilesets/{made['id']}/learn", data=photo(**fields), headers=auth(made))
    assert r.status_code == status, r.get_json()
    body = r.get_json()
    assert zh in body["error_zh"] and body["error_en"] == body["error"]
    assert not body["error_zh"].startswith("输入有误")  # a catalogued message, not a lead-in
    assert client.get(f"/api/tilesets/{made['id']}").get_json()["examples"] == 0


def test_writes_need_the_secret_and_an_id_that_is_there(client, made) -> None:  # type: ignore[no-untyped-def]
    base = f"/api/tilesets/{made['id']}"
    writes = [("post", f"{base}/learn", {"tiles": STUB_LAYOUT}),
              ("post", f"{base}/examples", {"box": FIRST_BOX, "tile": "9m"}),
              ("delete", f"{base}/examples/1", None), ("delete", base, None)]
    for method, url, fields in writes:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic x"}):
            data = photo(**fields) if fields is not None else None
            r = client.open(url, method=method.upper(), data=data, headers=headers)
            assert r.status_code == 403, (url, r.get_json())
            assert "密钥" in r.get_json()["error_zh"]
        other = url.replace(made["id"], "0" * 32)
        r = client.open(other, method=method.upper(), data=photo(tiles="1m"), headers=auth(made))
        assert r.status_code == 404 and "没有牌组" in r.get_json()["error_zh"]
    assert client.get("/api/tilesets/../../etc").status_code == 404
    assert client.get("/api/tilesets/" + "a" * 500).status_code == 404
    assert client.get(base).get_json()["examples"] == 0


def test_a_correction_is_read_back_and_undone(client, made, stub) -> None:  # type: ignore[no-untyped-def]
    assert recognize(client)[0] == "1m" and stub.tileset is None
    r = client.post(f"/api/tilesets/{made['id']}/examples", data=photo(box=FIRST_BOX, tile="9m"),
                    headers=auth(made))
    assert r.status_code == 201, r.get_json()
    example = r.get_json()["id"]
    assert r.get_json()["tileset"]["recent"] == [{"id": example, "tile": "9m",
                                                  "source": "correction"}]
    assert recognize(client, tileset=made["id"])[:2] == ["9m", "2m"]
    assert stub.tileset.name == made["id"]
    assert recognize(client)[0] == "1m"  # without the set, as before
    r = client.delete(f"/api/tilesets/{made['id']}/examples/{example}", headers=auth(made))
    assert r.status_code == 200 and r.get_json()["tileset"]["examples"] == 0
    assert recognize(client, tileset=made["id"])[0] == "1m"
    r = client.delete(f"/api/tilesets/{made['id']}/examples/{example}", headers=auth(made))
    assert r.status_code == 404 and "这个牌组里没有样本" in r.get_json()["error_zh"]
    r = client.delete(f"/api/tilesets/{made['id']}/examples/x1", headers=auth(made))
    assert r.status_code == 404


def test_a_set_of_an_older_classifier_is_computed_again_once_and_kept(app, client, made, stub) -> None:  # type: ignore[no-untyped-def]
    """A newer classifier (another fingerprint): the set's vectors are computed again from its
    examples' looks on the next photo read with it, and saved; a set without looks is refused
    with the reason, in both languages, and left as it was."""
    store = app.extensions["tilesets"]
    stub.classifier.fingerprint = "first"
    r = client.post(f"/api/tilesets/{made['id']}/examples", data=photo(box=FIRST_BOX, tile="9m"),
                    headers=auth(made))
    assert r.status_code == 201, r.get_json()
    kept = store.load(made["id"])
    assert kept.model == "first" and kept.looks[0] is not None
    stub.classifier.fingerprint = "second"
    recognize(client, tileset=made["id"])
    again = store.load(made["id"])
    assert again.model == "second" and again.codes == ["9m"]
    assert not np.allclose(again.vectors, kept.vectors)  # the stub's features of the look
    again.looks = [None]
    store.save(again)
    stub.classifier.fingerprint = "third"
    r = client.post("/api/recognize", data=photo(tileset=made["id"]),
                    content_type="multipart/form-data")
    assert r.status_code == 400 and "重新学" in r.get_json()["error_zh"], r.get_json()
    assert "learn it again" in r.get_json()["error"]
    assert store.load(made["id"]).model == "second"


@pytest.mark.parametrize("box, tile, zh", [
    ("1,2,3", "5p", "四个像素坐标"), ("nan,1,20,30", "5p", "四个像素坐标"),
    ("1,2,inf,30", "5p", "四个像素坐标"), ("a,b,c,d", "5p", "四个像素坐标"),
    ("20,96,18,144", "5p", "不在这张 320×240 的照片里"),
    ("300,96,330,144", "5p", "不在这张 320×240 的照片里"),
    ("-1,96,18,144", "5p", "不在这张 320×240 的照片里"),
    (FIRST_BOX, "back", "牌组只学牌面"), (FIRST_BOX, "5z", "牌组只学牌面"),
    ("1" * 200, "5p", "上限 100"),
])
def test_a_correction_is_bounded(client, made, box, tile, zh) -> None:  # type: ignore[no-untyped-def]
    r = client.post(f"/api/tilesets/{made['id']}/examples", data=photo(box=box, tile=tile),
                    headers=auth(made))
    assert r.status_code == 400 and zh in r.get_json()["error_zh"], r.get_json()


def test_photos_are_bounded_and_read_with_a_known_set_only(client, made) -> None:  # type: ignore[no-untyped-def]
    r = client.post(f"/api/tilesets/{made['id']}/learn", data=photo(b"not an image", tiles="1m"),
                    headers=auth(made))
    assert r.status_code == 415
    r = client.post("/api/recognize", data=photo(tileset="f" * 32))
    assert r.status_code == 404 and "没有牌组" in r.get_json()["error_zh"]
    r = client.post("/api/recognize", data=photo(tileset="x" * 100))
    assert r.status_code == 404
    assert client.post("/api/recognize", data=photo(tileset="")).status_code == 200


def test_delete_forgets_the_set(app, client, made) -> None:  # type: ignore[no-untyped-def]
    r = client.delete(f"/api/tilesets/{made['id']}", headers=auth(made))
    assert r.status_code == 200 and r.get_json() == {"deleted": made["id"]}
    assert client.get(f"/api/tilesets/{made['id']}").status_code == 404
    assert not app.extensions["tilesets"].exists(made["id"])
    assert client.delete(f"/api/tilesets/{made['id']}", headers=auth(made)).status_code == 404


def test_one_client_makes_a_bounded_number_of_sets(client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import assistant.service.tilesets_api as api

    monkeypatch.setattr(api, "MAX_TILESETS_PER_CLIENT_DAY", 2)
    assert [client.post("/api/tilesets").status_code for _ in range(3)] == [201, 201, 429]
    monkeypatch.setattr(api, "MAX_TILESETS_PER_CLIENT_DAY", 50)
    monkeypatch.setattr(api, "MAX_TILESETS", 2)
    r = client.post("/api/tilesets")
    assert r.status_code == 429 and "服务最多保存 2 个牌组" in r.get_json()["error_zh"]


@pytest.mark.skipif(not (ROOT / "models" / "tile_classifier.onnx").is_file(), reason="no models")
def test_the_shipped_models_learn_a_rows_photo_and_take_a_correction(tmp_path: Path) -> None:
    import cv2

    from datasets.synth.art import available_art_sets
    from datasets.synth.photos import rows_photo

    if not available_art_sets():
        pytest.skip("no tile art on this machine")
    scene = rows_photo(np.random.default_rng(1), "smooth", [f"{n}m" for n in range(1, 10)])
    data = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    made = client.post("/api/tilesets").get_json()
    r = client.post(f"/api/tilesets/{made['id']}/learn", data=photo(data, tiles="123456789m"),
                    headers=auth(made))
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["count"] == 9 and r.get_json()["tileset"]["kinds"]["5m"] == 1
    first = r.get_json()["learnt"][0]
    assert client.delete(f"/api/tilesets/{made['id']}/examples/{first['id']}",
                         headers=auth(made)).status_code == 200
    box = ",".join(str(v) for v in first["box"])
    r = client.post(f"/api/tilesets/{made['id']}/examples", data=photo(data, box=box, tile="E"),
                    headers=auth(made))
    assert r.status_code == 201, r.get_json()
    r = client.post("/api/recognize", data=photo(data, tileset=made["id"]))
    assert r.status_code == 200 and r.get_json()["tileset"] == made["id"]
    tiles = {tuple(t["box"]): t["tile"] for t in r.get_json()["tiles"]}
    assert tiles[tuple(first["box"])] == "E"  # the correction decides the tile it was made on


def test_sets_kept_as_files_are_imported_once(tmp_path: Path, stub: StubRecognizer,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The files of a service that kept sets in a folder are taken into the store on start,
    once: a set deleted after is not brought back by the next start."""
    import hashlib

    from vision.tileset import TileSet

    monkeypatch.delenv("MAHJONG_TILESETS", raising=False)
    folder = tmp_path / "db" / "tilesets"
    old = TileSet("a" * 32)
    old.add("5p", np.ones(64, np.float32) / 8)
    old.save(folder)
    (folder / f"{old.name}.key").write_text(hashlib.sha256(b"old secret").hexdigest())
    config = {"DATABASE": tmp_path / "db" / "t.sqlite3", "RECOGNIZER": stub}
    client = create_app(config).test_client()
    r = client.get(f"/api/tilesets/{old.name}")
    assert r.status_code == 200 and r.get_json()["kinds"] == {"5p": 1}
    assert client.delete(f"/api/tilesets/{old.name}",
                         headers={"Authorization": "Bearer old secret"}).status_code == 200
    again = create_app(config).test_client()
    assert again.get(f"/api/tilesets/{old.name}").status_code == 404
    assert (folder / f"{old.name}.npz").is_file(), "the files are left as they were"


def test_a_change_made_meanwhile_elsewhere_is_not_overwritten(app, made) -> None:  # type: ignore[no-untyped-def]
    """Two processes load one set, both change it: the second to save is told 409 (send it
    again) rather than dropping the first one's examples."""
    from assistant.service.errors import ApiError

    store = app.extensions["tilesets"]
    here, there = store.load(made["id"]), store.load(made["id"])
    here.add("5p", np.ones(64, np.float32) / 8)
    store.save(here)
    there.add("6p", np.ones(64, np.float32) / 8)
    with pytest.raises(ApiError) as conflict:
        store.save(there)
    assert conflict.value.status == 409 and conflict.value.extra["error_zh"] != ""
    assert store.load(made["id"]).kinds() == {"5p": 1}
