"""Table sessions in SQLite: rotation, totals, surviving a restart, tables kept apart."""

from __future__ import annotations

import sqlite3

import pytest

from assistant.errors import MahjongError
from assistant.service import create_app
from assistant.service.sessions import MIGRATIONS, SessionStore, rotate, seat_wind

PLAYERS = ["Ann", "Bo", "Chen", "Dai"]
WIN = {"concealed": "123m456p789s1112z", "win_tile": "S"}


def auth(table: dict) -> dict:
    """The header that lets a client change ``table`` (as created, with its secret)."""
    return {"Authorization": f"Bearer {table['secret']}"}


def test_rotation_rule():
    assert rotate(0, "E", dealer_keeps=True) == (0, "E")
    assert rotate(2, "E", dealer_keeps=False) == (3, "E")
    assert rotate(3, "E", dealer_keeps=False) == (0, "S")
    assert [seat_wind(i, 1) for i in range(4)] == ["N", "E", "S", "W"]


def test_hands_rotate_the_deal_and_add_up(tmp_path):
    store = SessionStore(tmp_path / "t.sqlite3")
    t = store.create({"players": PLAYERS, "variant": "guangdong"})
    assert t["dealer"] == 0 and t["prevalent_wind"] == "E" and t["totals"] == [0, 0, 0, 0]
    # The dealer wins self-drawn: he keeps the deal.
    t = store.record(t["id"], {"result": "win", "winner": 0, "discarder": None, "hand": WIN})
    assert t["dealer"] == 0 and sum(t["totals"]) == 0 and t["totals"][0] > 0
    assert t["hands"][0]["result"]["score"]["items"]
    # A draw: the dealer keeps it again.
    t = store.record(t["id"], {"result": "draw"})
    assert t["dealer"] == 0 and t["hand_number"] == 3
    # Another player wins on a discard: the deal passes on.
    before = t["totals"]
    t = store.record(t["id"], {"result": "win", "winner": 2, "discarder": 1, "points": [0, -5, 5, 0]})
    assert t["dealer"] == 1 and t["totals"] == [before[0], before[1] - 5, before[2] + 5, before[3]]
    assert [p["seat_wind"] for p in t["players"]] == ["N", "E", "S", "W"]
    for dealer in (1, 2, 3):
        t = store.record(t["id"], {"result": "win", "winner": (dealer + 1) % 4, "discarder": dealer,
                                   "points": [0, 0, 0, 0]})
    assert t["dealer"] == 0 and t["prevalent_wind"] == "S"


def test_survives_a_restart(tmp_path):
    path = tmp_path / "t.sqlite3"
    app = create_app({"DATABASE": path})
    made = app.test_client().post("/api/tables", json={"players": PLAYERS, "variant": "guangdong"}
                                  ).get_json()
    tid = made["id"]
    r = app.test_client().post(f"/api/tables/{tid}/hands", headers=auth(made),
                               json={"result": "win", "winner": 1, "discarder": 0, "hand": WIN})
    assert r.status_code == 201
    first = app.test_client().get(f"/api/tables/{tid}").get_json()
    again = create_app({"DATABASE": path}).test_client().get(f"/api/tables/{tid}").get_json()
    assert again == first and again["dealer"] == 1 and len(again["hands"]) == 1


def test_tables_are_kept_apart(tmp_path):
    store = SessionStore(tmp_path / "t.sqlite3")
    a = store.create({"players": PLAYERS, "variant": "guangdong"})
    b = store.create({"players": ["W1", "W2", "W3", "W4"], "variant": "default", "bets": [1, 0, 0, 2]})
    store.record(a["id"], {"result": "win", "winner": 3, "discarder": 0, "points": [-8, 0, 0, 8]})
    assert store.get(b["id"])["totals"] == [0, 0, 0, 0] and store.get(b["id"])["hands"] == []
    assert store.get(b["id"])["dealer"] == 0 and store.get(a["id"])["dealer"] == 1
    assert {t["id"] for t in store.list()} == {a["id"], b["id"]}
    other = SessionStore(tmp_path / "other.sqlite3")
    assert other.list() == []


def test_schema_is_migrated_from_an_old_file(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[0] + "; PRAGMA user_version = 1;")
        db.execute("INSERT INTO game VALUES ('old1', 'old', 'default', '{}', ?, '[0,0,0,0]', 0, "
                   "'E', 0)", ('["a","b","c","d"]',))
    store = SessionStore(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert store.get("old1")["players"][0]["name"] == "a"


@pytest.mark.parametrize("data,words", [
    ({"players": ["a", "b", "c"]}, "four"),
    ({"players": ["a", "a", "c", "d"]}, "different"),
    ({"players": PLAYERS, "variant": "nowhere"}, "unknown variant"),
    ({"players": PLAYERS, "bets": [1, 2]}, "bets"),
])
def test_bad_tables_are_refused(tmp_path, data, words):
    with pytest.raises(MahjongError, match=words):
        SessionStore(tmp_path / "t.sqlite3").create(data)


def test_bad_hands_are_422_and_unknown_tables_404(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    made = client.post("/api/tables", json={"players": PLAYERS, "variant": "default"}).get_json()
    tid = made["id"]
    for body in ({"result": "maybe"}, {"result": "win", "winner": 7},
                 {"result": "win", "winner": 1, "discarder": 1, "points": [0, 0, 0, 0]},
                 {"result": "win", "winner": 1, "points": [1, 0, 0, 0]},
                 {"result": "win", "winner": 1, "hand": WIN}):
        r = client.post(f"/api/tables/{tid}/hands", json=body, headers=auth(made))
        assert r.status_code == 422, (body, r.get_json())
    assert client.get("/api/tables/nope").status_code == 404
    assert client.post("/api/tables/nope/hands", json={"result": "draw"},
                       headers=auth(made)).status_code == 404
    assert client.delete(f"/api/tables/{tid}", headers=auth(made)).status_code == 200
    assert client.get(f"/api/tables/{tid}").status_code == 404
    assert client.get("/api/tables").get_json()["tables"] == []


def test_kongs_are_paid_on_a_draw_where_the_variant_says_so(tmp_path):
    store = SessionStore(tmp_path / "t.sqlite3")
    shaanxi = store.create({"players": PLAYERS, "variant": "shaanxi"})
    t = store.record(shaanxi["id"], {"result": "draw", "kongs": {"1": [{"type": "an", "tile": "5p"}]}})
    assert sum(t["totals"]) == 0 and t["totals"][1] > 0, "Shaanxi: kong money stands on a draw"
    assert t["dealer"] == 0
    guangdong = store.create({"players": PLAYERS, "variant": "guangdong"})
    t = store.record(guangdong["id"], {"result": "draw", "kongs": {"1": [{"type": "an", "tile": "5p"}]}})
    assert t["totals"] == [0, 0, 0, 0]
    with pytest.raises(MahjongError, match="player"):
        store.record(guangdong["id"], {"result": "draw", "kongs": {"seven": []}})
    with pytest.raises(MahjongError, match="from"):
        store.record(guangdong["id"], {"result": "draw",
                                       "kongs": {"1": [{"type": "zhi", "tile": "5p", "from": 9}]}})


def test_an_in_memory_store_keeps_its_tables_between_requests():
    client = create_app({"DATABASE": ":memory:"}).test_client()
    made = client.post("/api/tables", json={"players": PLAYERS}).get_json()
    tid = made["id"]
    assert client.post(f"/api/tables/{tid}/hands", json={"result": "draw"},
                       headers=auth(made)).status_code == 201
    assert client.get(f"/api/tables/{tid}").get_json()["hand_number"] == 2
    other = create_app({"DATABASE": ":memory:"}).test_client()
    assert other.get(f"/api/tables/{tid}").status_code == 404


def test_several_winners_on_one_discard_where_the_variant_allows_it(tmp_path):
    store = SessionStore(tmp_path / "t.sqlite3")
    gd = store.create({"players": PLAYERS, "variant": "guangdong"})  # 一炮多响 allowed
    t = store.record(gd["id"], {"result": "win", "discarder": 3, "winners": [
        {"winner": 1, "hand": WIN}, {"winner": 2, "points": [0, 0, 4, -4]}]})
    hand = t["hands"][0]
    assert hand["result"]["winners"] == [1, 2] and sum(hand["payments"]) == 0
    assert hand["payments"][2] == 4 + hand["result"]["wins"][0]["payments"][2]
    assert t["dealer"] == 1, "the dealer did not win: the deal passes on"
    t = store.record(gd["id"], {"result": "win", "discarder": 0, "winners": [
        {"winner": 1, "points": [-2, 2, 0, 0]}, {"winner": 3, "points": [-2, 0, 0, 2]}]})
    assert t["dealer"] == 1, "the dealer won with another: he keeps the deal"
    sx = store.create({"players": PLAYERS, "variant": "shaanxi"})  # 截和: one winner
    with pytest.raises(MahjongError, match="only one player"):
        store.record(sx["id"], {"result": "win", "discarder": 0, "winners": [
            {"winner": 1, "points": [0, 0, 0, 0]}, {"winner": 2, "points": [0, 0, 0, 0]}]})
    for bad, words in (({"discarder": None, "winners": [{"winner": 1, "points": [0, 0, 0, 0]},
                                                        {"winner": 2, "points": [0, 0, 0, 0]}]},
                        "discard"),
                       ({"discarder": 0, "winners": [{"winner": 1, "points": [0, 0, 0, 0]},
                                                     {"winner": 1, "points": [0, 0, 0, 0]}]},
                        "twice"),
                       ({"discarder": 0, "winners": []}, "winners")):
        with pytest.raises(MahjongError, match=words):
            store.record(gd["id"], {"result": "win", **bad})
