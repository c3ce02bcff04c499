"""A table's hands corrected and undone, the table deleted, its read-only link, retried writes
recorded once (``Idempotency-Key``), and its secret guarded (no-store, wrong secrets slowed);
on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3

import pytest

from assistant.service import create_app
from assistant.service.common import MAX_WRONG_SECRETS

PLAYERS = ["Ann", "Bo", "Chen", "Dai"]
WIN = {"concealed": "123m456p789s1112z", "win_tile": "S"}



@pytest.fixture(params=["sqlite", "postgresql"])
def client(request, tmp_path, postgres):
    if request.param == "sqlite":
        target = tmp_path / "t.sqlite3"
    elif isinstance(postgres, str):
        pytest.skip(f"PostgreSQL store tests skipped: {postgres}")
    else:
        target = postgres.database()
    return create_app({"DATABASE": target}).test_client()


def made(client) -> tuple[dict, dict]:  # type: ignore[no-untyped-def]
    r = client.post("/api/tables", json={"players": PLAYERS, "variant": "guangdong"})
    assert r.status_code == 201
    table = r.get_json()
    return table, {"Authorization": f"Bearer {table['secret']}"}


def test_a_hand_is_corrected_and_every_later_hand_follows(client):
    """Hand 1 was recorded as the dealer's win (he kept the deal); it was in fact Bo's win on
    Ann's discard: the deal passes at hand 2, so hand 2 is recorded again with Bo dealing."""
    table, auth = made(client)
    url = f"/api/tables/{table['id']}/hands"
    client.post(url, json={"result": "win", "winner": 0, "discarder": None, "hand": WIN},
                headers=auth)
    t = client.post(url, json={"result": "win", "winner": 2, "discarder": 3,
                               "points": [0, 0, 8, -8]}, headers=auth).get_json()
    assert t["hands"][1]["dealer"] == 0 and t["totals"][0] > 0
    r = client.put(f"{url}/1", json={"result": "win", "winner": 1, "discarder": 0,
                                     "points": [-10, 10, 0, 0]}, headers=auth)
    assert r.status_code == 200, r.get_json()
    t = r.get_json()
    assert [h["number"] for h in t["hands"]] == [1, 2]
    assert t["hands"][0]["payments"] == [-10, 10, 0, 0]
    assert t["hands"][1]["dealer"] == 1, "the deal passed at the corrected hand"
    assert t["totals"] == [-10, 10, 8, -8] and t["dealer"] == 2
    assert client.get(f"/api/tables/{table['id']}").get_json()["totals"] == [-10, 10, 8, -8]


def test_a_correction_that_makes_a_later_hand_impossible_changes_nothing(client):
    table, auth = made(client)
    url = f"/api/tables/{table['id']}/hands"
    client.post(url, json={"result": "draw"}, headers=auth)
    before = client.post(url, json={"result": "win", "winner": 1, "discarder": 2,
                                    "points": [0, 4, -4, 0]}, headers=auth).get_json()
    # Hand 1 corrected to a win by Bo on his own discard... refused as any hand would be.
    r = client.put(f"{url}/1", json={"result": "win", "winner": 1, "discarder": 1,
                                     "points": [0, 4, -4, 0]}, headers=auth)
    assert r.status_code == 422 and r.get_json()["error_zh"]
    r = client.put(f"{url}/3", json={"result": "draw"}, headers=auth)
    assert r.status_code == 404 and "没有第" in r.get_json()["error_zh"]
    assert client.get(f"/api/tables/{table['id']}").get_json()["hands"] == before["hands"]


def test_the_last_hand_is_undone_and_the_table_is_as_before_it(client):
    table, auth = made(client)
    url = f"/api/tables/{table['id']}/hands"
    client.post(url, json={"result": "draw"}, headers=auth)
    before = client.get(f"/api/tables/{table['id']}").get_json()
    client.post(url, json={"result": "win", "winner": 2, "discarder": 3,
                           "points": [0, 0, 6, -6]}, headers=auth)
    r = client.delete(f"{url}/1", headers=auth)
    assert r.status_code == 409 and "只能撤销最后一手" in r.get_json()["error_zh"]
    assert client.delete(f"{url}/2").status_code == 403
    r = client.delete(f"{url}/2", headers=auth)
    assert r.status_code == 200
    assert r.get_json() == before
    assert client.delete(f"{url}/x", headers=auth).status_code == 404


def test_a_table_is_deleted_with_its_secret_only(client):
    table, auth = made(client)
    assert client.delete(f"/api/tables/{table['id']}").status_code == 403
    assert client.delete(f"/api/tables/{table['id']}", headers=auth).get_json() == {
        "deleted": table["id"]}
    assert client.get(f"/api/tables/{table['id']}").status_code == 404


def test_the_read_only_link_reads_everything_and_changes_nothing(client):
    table, auth = made(client)
    url = f"/api/tables/{table['id']}"
    client.post(f"{url}/hands", json={"result": "draw"}, headers=auth)
    shown = client.get(url).get_json()
    assert shown["hands"] and "secret" not in shown
    for method, path, body in (("post", "/hands", {"result": "draw"}),
                               ("put", "/hands/1", {"result": "draw"}),
                               ("delete", "/hands/1", None), ("delete", "", None)):
        r = getattr(client, method)(url + path, json=body)
        assert r.status_code == 403, (method, path)
    assert client.get(url).get_json() == shown


def test_a_retried_write_is_recorded_once(client):
    table, auth = made(client)
    url = f"/api/tables/{table['id']}/hands"
    key = {"Idempotency-Key": "0d8e9c6a-5f0e-4b7e-9a63-2b3c4d5e6f70", **auth}
    first = client.post(url, json={"result": "draw"}, headers=key)
    again = client.post(url, json={"result": "draw"}, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"] == "true"
    assert client.get(f"/api/tables/{table['id']}").get_json()["hand_number"] == 2
    r = client.post(url, json={"result": "win", "winner": 1, "discarder": 0,
                               "points": [-1, 1, 0, 0]}, headers=key)
    assert r.status_code == 422 and "Idempotency-Key" in r.get_json()["error"]
    other = client.post(url, json={"result": "draw"}, headers={**auth, "Idempotency-Key": "2"})
    assert other.get_json()["hand_number"] == 3, "a new key is a new hand"
    bad = client.post(url, json={"result": "draw"}, headers={**auth, "Idempotency-Key": "a b"})
    assert bad.status_code == 400 and bad.get_json()["error_zh"]
    # A refused request keeps nothing: sent again with its secret it is recorded.
    key = {"Idempotency-Key": "k-403"}
    assert client.post(url, json={"result": "draw"}, headers=key).status_code == 403
    assert client.post(url, json={"result": "draw"}, headers={**key, **auth}).status_code == 201


def test_a_retried_create_gives_the_same_table_and_the_store_keeps_no_secret(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    key = {"Idempotency-Key": "create-1"}
    first = client.post("/api/tables", json={"players": PLAYERS}, headers=key)
    again = client.post("/api/tables", json={"players": PLAYERS}, headers=key)
    assert again.get_json() == first.get_json()
    assert first.headers["Cache-Control"] == again.headers["Cache-Control"] == "no-store"
    with sqlite3.connect(tmp_path / "t.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM game").fetchone()[0] == 1
        dump = "\n".join(db.iterdump())
    assert first.get_json()["secret"] not in dump and "create-1" not in dump


def test_secrets_are_answered_no_store_and_wrong_ones_are_slowed(client):
    table, auth = made(client)
    assert client.get(f"/api/tables/{table['id']}").headers.get("Cache-Control") != "no-store"
    r = client.post("/api/tilesets")
    assert r.status_code in (201, 503) and (r.status_code == 503
                                            or r.headers["Cache-Control"] == "no-store")
    url = f"/api/tables/{table['id']}/hands"
    for _ in range(MAX_WRONG_SECRETS):
        assert client.post(url, json={"result": "draw"},
                           headers={"Authorization": "Bearer guess"}).status_code == 403
    r = client.post(url, json={"result": "draw"}, headers=auth)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert "密钥错误次数太多" in r.get_json()["error_zh"]
    assert client.get(f"/api/tables/{table['id']}").status_code == 200, "reading is not slowed"


def test_a_key_whose_first_request_is_still_running_is_a_409(tmp_path):
    from assistant.service.errors import ApiError
    from assistant.service.sessions import SessionStore

    store = SessionStore(tmp_path / "t.sqlite3")
    assert store.idempotency_begin("POST /x", "k", "body") is None
    with pytest.raises(ApiError) as running:
        store.idempotency_begin("POST /x", "k", "body")
    assert running.value.status == 409 and running.value.headers["Retry-After"] == "1"
    store.idempotency_finish("POST /x", "k", 201, "sealed")
    assert store.idempotency_begin("POST /x", "k", "body") == (201, "sealed")


def test_a_hand_corrected_to_what_it_was_leaves_a_riichi_table_as_it_was(tmp_path):
    """Sticks, honba and the dealer's streak carried through every later hand: correcting the
    first hand with its own result works every later one out again to the same table."""
    from test_sessions import RIICHI_WIN

    from assistant.service.sessions import SessionStore

    store = SessionStore(tmp_path / "t.sqlite3")
    t = store.create({"players": PLAYERS, "variant": "riichi"})
    first = {"result": "draw", "riichi": [1], "tenpai": [1]}
    for data in (first, {"result": "win", "winner": 2, "discarder": 3, "riichi": [2],
                         "hand": RIICHI_WIN},
                 {"result": "win", "winner": 2, "discarder": 0, "hand": RIICHI_WIN},
                 {"result": "draw", "riichi": [0], "tenpai": [0, 2]},
                 {"result": "win", "winner": 1, "discarder": 3, "points": [0, 2000, 0, -2000]}):
        t = store.record(t["id"], data)
    assert store.correct(t["id"], 1, first) == t
    changed = store.correct(t["id"], 1, {"result": "draw", "tenpai": [0, 1, 2, 3]})
    assert changed["hands"][0]["payments"] == [0, 0, 0, 0]
    assert changed["hands"][1]["dealer"] == 0, "all tenpai: the dealer kept the deal"
    assert sum(changed["held"]) == 100000
