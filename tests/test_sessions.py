"""Table sessions in SQLite and PostgreSQL: rotation, totals, restarts, tables kept apart, concurrency."""

from __future__ import annotations

import sqlite3

import pytest

from assistant.errors import MahjongError
from assistant.service import create_app
from assistant.service.sessions import MIGRATIONS, SessionStore, rotate, seat_wind

PLAYERS = ["Ann", "Bo", "Chen", "Dai"]
WIN = {"concealed": "123m456p789s1112z", "win_tile": "S"}



@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path, postgres):
    """Where a store keeps its tables: a SQLite file, or a fresh database on PostgreSQL (the
    same tests, skipped saying why when no server can be had)."""
    if request.param == "sqlite":
        return tmp_path / "t.sqlite3"
    if isinstance(postgres, str):
        pytest.skip(f"PostgreSQL store tests skipped: {postgres}")
    return postgres.database()


def auth(table: dict) -> dict:
    """The header that lets a client change ``table`` (as created, with its secret)."""
    return {"Authorization": f"Bearer {table['secret']}"}


def test_rotation_rule():
    assert rotate(0, "E", dealer_keeps=True) == (0, "E")
    assert rotate(2, "E", dealer_keeps=False) == (3, "E")
    assert rotate(3, "E", dealer_keeps=False) == (0, "S")
    assert [seat_wind(i, 1) for i in range(4)] == ["N", "E", "S", "W"]


def test_hands_rotate_the_deal_and_add_up(tmp_path, target):
    store = SessionStore(target)
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


PLAIN = {"concealed": "123456m234p678p9p", "win_tile": "9p"}  # Sichuan 平和 (0 fan), void s
PUNGS = {"concealed": "111m444m222p777p9p", "win_tile": "9p"}  # 对对胡 (1 fan)


def test_xuezhan_hand_records_each_win_between_the_players_still_in(target):
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "sichuan"})
    t = store.record(t["id"], {"result": "win", "wins": [
        {"winner": 1, "discarder": 0, "hand": PLAIN},          # Bo wins on Ann's discard: 1
        {"winner": 2, "discarder": None, "hand": PUNGS},       # Chen self-draws: Ann, Dai pay 2+1
        {"discarder": 3, "winners": [{"winner": 0, "hand": PLAIN}]},  # Ann on Dai's discard: 1
    ]})
    hand = t["hands"][0]["result"]
    assert [w["winner"] for w in hand["wins"]] == [1, 2, 0]
    assert [w["still_in"] for w in hand["wins"]] == [[0, 1, 2, 3], [0, 2, 3], [0, 3]]
    assert hand["wins"][1]["payments"] == [-3, 0, 6, -3]  # Bo has left: he pays nothing
    assert hand["still_in"] == [3] and t["totals"] == [-1 - 3 + 1, 1, 6, -3 - 1]
    assert sum(t["totals"]) == 0
    assert t["dealer"] == 1, "the first winner deals the next hand"
    with pytest.raises(MahjongError, match="left the hand"):
        store.record(t["id"], {"result": "win", "wins": [
            {"winner": 1, "discarder": 0, "hand": PLAIN}, {"winner": 1, "discarder": None,
                                                           "hand": PLAIN}]})
    with pytest.raises(MahjongError, match="first win"):
        other = store.create({"players": PLAYERS, "variant": "guangdong"})
        store.record(other["id"], {"result": "win", "wins": [{"winner": 1, "discarder": 0,
                                                               "hand": WIN}]})


def test_xueliu_winner_stays_and_a_draw_checks_the_rest(target):
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "xueliu"})
    t = store.record(t["id"], {"result": "win", "wins": [
        {"winner": 1, "discarder": 0, "hand": PLAIN},
        {"winner": 1, "discarder": 2, "hand": PLAIN}]})  # Bo wins again: 血流 keeps him in
    assert t["hands"][0]["result"]["still_in"] == [0, 1, 2, 3] and t["totals"] == [-1, 2, -1, 0]
    with pytest.raises(MahjongError, match="32 at most"):  # bounded before any is scored
        store.record(t["id"], {"result": "win", "wins": [
            {"winner": 1, "discarder": 0, "hand": PLAIN}] * 33})
    # 血战 to the draw: Chen and Dai still in; Dai holds three suits (花猪) and pays Chen the cap.
    t = store.create({"players": PLAYERS, "variant": "sichuan"})
    t = store.record(t["id"], {"result": "win", "wins": [
        {"winner": 0, "discarder": 1, "hand": PLAIN}, {"winner": 1, "discarder": None,
                                                        "hand": PLAIN}],
        "draw": {"hands": {"2": {"concealed": "123m456m789m1p2p3p9p"},
                           "3": {"concealed": "123m456p789s1m2m3m5m"}}}})
    # Ann +1 from Bo; Bo's self-draw paid 1 + 1 by Chen and Dai (Ann has left); Dai pays Chen 8.
    assert t["totals"] == [1, -1 + 4, -2 + 8, -2 - 8] and sum(t["totals"]) == 0


def test_changsha_tongpao_player_deals_next(target):
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "changsha"})
    t = store.record(t["id"], {"result": "win", "discarder": 3, "winners": [
        {"winner": 1, "hand": {"concealed": "123m456m789p234s5s", "win_tile": "5s"}},
        {"winner": 2, "hand": {"concealed": "123m456m789p234s5s", "win_tile": "5s"}}]})
    assert t["dealer"] == 3 and t["prevalent_wind"] == "E"  # 通炮者坐庄


def test_survives_a_restart(tmp_path, target):
    path = target
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


def test_tables_are_kept_apart(tmp_path, target):
    store = SessionStore(target)
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


@pytest.mark.parametrize("variant, bets, words", [
    ("guangdong", [1, 0, 0, 0], "no bets"), ("sichuan", [0, 2, 0, 0], "no bets"),
    ("shaanxi", [5, 0, 0, 0], "0-4")])
def test_bets_the_variant_refuses_are_refused_when_the_table_is_made(tmp_path, variant, bets,
                                                                     words):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    r = client.post("/api/tables", json={"players": PLAYERS, "variant": variant, "bets": bets})
    body = r.get_json()
    assert r.status_code == 422 and words in body["error"] and "下注" in body["error_zh"], body
    made = client.post("/api/tables", json={"players": PLAYERS, "variant": "shaanxi",
                                            "bets": [2, 0, 4, 0]})
    assert made.status_code in (200, 201), made.get_json()
    r = client.post(f"/api/tables/{made.get_json()['id']}/hands",
                    json={"result": "draw", "bets": [9, 0, 0, 0]}, headers=auth(made.get_json()))
    assert r.status_code == 422 and "0-4" in r.get_json()["error"]


def test_bad_hands_are_422_and_unknown_tables_404(tmp_path, target):
    client = create_app({"DATABASE": target}).test_client()
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


def test_kongs_are_paid_on_a_draw_where_the_variant_says_so(tmp_path, target):
    store = SessionStore(target)
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


def test_several_winners_on_one_discard_where_the_variant_allows_it(tmp_path, target):
    store = SessionStore(target)
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


@pytest.mark.parametrize("where", ["file", "memory", "postgresql"])
def test_concurrent_hands_are_numbered_rotated_and_paid_once_each(tmp_path, where, postgres):
    """8 threads × 25 hands into one table: numbers 1..200, each hand's dealer the rotation of
    the hands before it, totals the sum of every hand sent (in a file, and in memory, where a
    busy table used to be an error)."""
    import threading

    if where == "postgresql" and isinstance(postgres, str):
        pytest.skip(f"PostgreSQL store tests skipped: {postgres}")
    store = SessionStore({"file": tmp_path / "t.sqlite3", "memory": ":memory:"}.get(where)
                         or postgres.database())
    table = store.create({"players": PLAYERS, "variant": "default"})
    errors: list[BaseException] = []

    def worker(k: int) -> None:
        winner, loser = k % 4, (k + 1) % 4
        points = [0, 0, 0, 0]
        points[winner], points[loser] = k + 1, -(k + 1)
        try:
            for _ in range(25):
                store.record(table["id"], {"result": "win", "winner": winner, "discarder": loser,
                                           "points": points})
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    final = store.get(table["id"])
    hands = final["hands"]
    assert [h["number"] for h in hands] == list(range(1, 201)), "no number lost or repeated"
    dealer, prevalent = 0, "E"
    for h in hands:
        assert (h["dealer"], h["prevalent_wind"]) == (dealer, prevalent), h["number"]
        dealer, prevalent = rotate(dealer, prevalent, h["result"]["winner"] == dealer)
    assert (final["dealer"], final["prevalent_wind"]) == (dealer, prevalent)
    expected = [0, 0, 0, 0]
    for k in range(8):
        expected[k % 4] += 25 * (k + 1)
        expected[(k + 1) % 4] -= 25 * (k + 1)
    assert final["totals"] == expected and final["hand_number"] == 201


def test_recording_while_the_table_is_deleted_is_never_a_500(tmp_path, target):
    import threading

    app = create_app({"DATABASE": target})
    made = app.test_client().post("/api/tables", json={"players": PLAYERS}).get_json()
    statuses: list[int] = []
    recording = threading.Event()

    def recorder() -> None:
        """Record hands until the table is gone (a bounded number of tries)."""
        client = app.test_client()
        for _ in range(300):
            status = client.post(f"/api/tables/{made['id']}/hands", headers=auth(made),
                                 json={"result": "draw"}).status_code
            statuses.append(status)
            recording.set()
            if status != 201:
                break

    threads = [threading.Thread(target=recorder) for _ in range(3)]
    for t in threads:
        t.start()
    assert recording.wait(60)
    deleted = app.test_client().delete(f"/api/tables/{made['id']}", headers=auth(made))
    for t in threads:
        t.join()
    assert deleted.status_code == 200
    assert set(statuses) == {201, 404} and statuses.count(404) == 3, statuses
    store = SessionStore(target)
    assert store.list() == []  # the table is gone ...
    with store._db() as db:  # ... and so are its hands
        assert db.execute("SELECT COUNT(*) AS n FROM hand").fetchone()["n"] == 0, "orphan hands"


def test_a_table_is_changed_only_with_its_secret(tmp_path, target):
    client = create_app({"DATABASE": target}).test_client()
    made = client.post("/api/tables", json={"players": PLAYERS}).get_json()
    other = client.post("/api/tables", json={"players": PLAYERS}).get_json()
    assert len(made["id"]) == 32 and int(made["id"], 16) >= 0, "128 random bits, in hex"
    assert made["id"] != other["id"] and len(made["secret"]) >= 40
    hands = f"/api/tables/{made['id']}/hands"
    for headers in ({}, {"Authorization": "Bearer wrong"}, auth(other),
                    {"Authorization": made["secret"]}):
        r = client.post(hands, json={"result": "draw"}, headers=headers)
        assert r.status_code == 403 and "Bearer" in r.get_json()["error"], headers
        assert r.get_json()["error_zh"]
        assert client.delete(f"/api/tables/{made['id']}", headers=headers).status_code == 403
    assert client.post(hands, json={"result": "draw"}, headers=auth(made)).status_code == 201
    got = client.get(f"/api/tables/{made['id']}").get_json()
    assert "secret" not in got and got["hand_number"] == 2, "reading needs the link only"
    assert client.get("/api/tables").get_json()["tables"] == [], "no table is listed"


def test_a_table_from_before_secrets_is_read_only(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(MIGRATIONS[0] + "; " + MIGRATIONS[1] + "; PRAGMA user_version = 2;")
        db.execute("INSERT INTO game (id, name, variant, options, players, bets, dealer, prevalent,"
                   " created) VALUES ('old1', 'old', 'default', '{}', ?, '[0,0,0,0]', 0, 'E', 0)",
                   ('["a","b","c","d"]',))
    client = create_app({"DATABASE": path}).test_client()
    assert client.get("/api/tables/old1").status_code == 200
    r = client.post("/api/tables/old1/hands", json={"result": "draw"},
                    headers={"Authorization": "Bearer anything"})
    assert r.status_code == 403


def test_limits_on_tables_per_client_hands_per_table_and_pages(tmp_path, monkeypatch, target):
    from assistant.service import sessions

    monkeypatch.setattr(sessions, "MAX_TABLES_PER_CLIENT_DAY", 2)
    monkeypatch.setattr(sessions, "MAX_HANDS", 3)
    client = create_app({"DATABASE": target}).test_client()
    made = [client.post("/api/tables", json={"players": PLAYERS}) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 429]
    assert made[2].get_json()["error_zh"] and made[2].headers["Retry-After"]
    table = made[0].get_json()
    hands = f"/api/tables/{table['id']}/hands"
    codes = [client.post(hands, json={"result": "draw"}, headers=auth(table)).status_code
             for _ in range(4)]
    assert codes == [201, 201, 201, 409]
    page = client.get(f"/api/tables/{table['id']}?offset=1&limit=1").get_json()
    assert [h["number"] for h in page["hands"]] == [2] and page["hands_total"] == 3
    assert page["totals"] == [0, 0, 0, 0] and page["hand_number"] == 4
    assert client.get(f"/api/tables/{table['id']}?limit=x").status_code == 400
    assert client.get("/api/tables/" + "a" * 100).status_code == 404


def test_the_database_is_private(tmp_path):
    import stat

    path = tmp_path / "data" / "t.sqlite3"
    SessionStore(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_the_postgresql_schema_is_migrated_once_and_kept(postgres):
    if isinstance(postgres, str):
        pytest.skip(f"PostgreSQL store tests skipped: {postgres}")
    url = postgres.database()
    store = SessionStore(url)
    table = store.create({"players": PLAYERS, "variant": "guangdong"})
    again = SessionStore(url)  # a second process starting on the same server
    assert again.migrate() == len(MIGRATIONS)
    with again._db() as db:
        versions = [r["version"] for r in db.execute("SELECT version FROM schema_version")]
    assert versions == list(range(1, len(MIGRATIONS) + 1))
    assert again.get(table["id"])["players"][0]["name"] == "Ann"
    assert again.authorized(table["id"], table["secret"])


RIICHI_WIN = {"concealed": "234m456m678p22s34s", "win_tile": "5s"}  # tanyao; riichi if declared


def test_riichi_table_carries_points_sticks_and_honba(target):
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "riichi"})
    assert t["start_points"] == 25000 and t["held"] == [25000] * 4
    assert t["honba"] == 0 and t["riichi_sticks"] == [0] * 4
    # A draw: Bo declared riichi and alone is tenpai; the dealer Ann is noten, so the deal passes.
    t = store.record(t["id"], {"result": "draw", "riichi": [1], "tenpai": [1]})
    assert t["totals"] == [-1000, 3000, -1000, -1000]  # noten payments
    assert t["riichi_sticks"] == [0, 1, 0, 0] and t["honba"] == 1 and t["dealer"] == 1
    assert t["held"] == [24000, 27000, 24000, 24000]  # Bo's stick is on the table
    # Chen declares riichi and wins on Dai's discard: he takes both sticks and the honba.
    t = store.record(t["id"], {"result": "win", "winner": 2, "discarder": 3, "riichi": [2],
                               "hand": RIICHI_WIN})
    score = t["hands"][-1]["result"]["score"]
    assert score["riichi_sticks"] == 2 and score["honba"] == 1 and score["honba_points"] == 300
    assert any(i["key"] == "riichi" for i in score["items"])
    assert sum(t["hands"][-1]["payments"]) == 0 and sum(t["held"]) == 100000
    assert t["held"][1] == 27000 - 1000 + 1000  # Bo's stick paid to Chen, off the table
    # A non-dealer won: the deal passes and honba resets.
    assert t["riichi_sticks"] == [0] * 4 and t["honba"] == 0 and t["dealer"] == 2
    # The dealer Chen wins: he keeps the deal (renchan) and the honba counter goes up.
    t = store.record(t["id"], {"result": "win", "winner": 2, "discarder": 0, "hand": RIICHI_WIN})
    assert t["dealer"] == 2 and t["honba"] == 1 and t["streak"] == 1
    # A draw with the dealer tenpai: he keeps the deal; the sticks stay on the table.
    t = store.record(t["id"], {"result": "draw", "riichi": [0], "tenpai": [0, 2]})
    assert t["dealer"] == 2 and t["honba"] == 2 and t["riichi_sticks"] == [1, 0, 0, 0]
    assert t["hands"][-1]["payments"] == [1500, -1500, 1500, -1500]
    # A win given as points: the session pays the sticks to the winner itself.
    t = store.record(t["id"], {"result": "win", "winner": 1, "discarder": 3,
                               "points": [0, 2000, 0, -2000]})
    assert t["hands"][-1]["payments"] == [-1000, 3000, 0, -2000]
    assert t["riichi_sticks"] == [0] * 4 and t["honba"] == 0 and t["dealer"] == 3
    assert sum(t["held"]) == 100000
    # The store reads the same carried state back.
    again = SessionStore(target).get(t["id"])
    assert again["held"] == t["held"] and again["honba"] == 0


def test_riichi_and_taiwan_facts_are_checked(target):
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "riichi"})
    for bad, word in (({"result": "draw", "riichi": [4]}, "riichi"),
                      ({"result": "draw", "riichi": [1, 1]}, "twice"),
                      ({"result": "draw", "tenpai": "all"}, "tenpai"),
                      ({"result": "win", "winner": 1, "discarder": 0, "tenpai": [1],
                        "points": [-1, 1, 0, 0]}, "tenpai"),
                      ({"result": "win", "winner": 1, "discarder": 0, "la_zhuang": [1],
                        "points": [-1, 1, 0, 0]}, "la_zhuang")):
        with pytest.raises(MahjongError, match=word):
            store.record(t["id"], bad)
    other = store.create({"players": PLAYERS, "variant": "guangdong"})
    with pytest.raises(MahjongError, match="riichi"):
        store.record(other["id"], {"result": "draw", "riichi": [0]})
    assert store.get(t["id"])["hands"] == [] and store.get(other["id"])["hands"] == []


def test_chinese_riichi_switch_carries_the_1000_sticks_to_the_next_winner(target):
    # Seed 003 l.139: 立直：在叫和时拿出一千点筹码放在列牌区前 — a 1000 stake each declaration.
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "guangdong", "options": {"riichi": True}})
    assert t["riichi_stick"] == 1000 and t["riichi_sticks"] == [0] * 4 and t["start_points"] == 0
    # A draw with Bo and Chen declared: their sticks stay on the table, nothing is paid yet.
    t = store.record(t["id"], {"result": "draw", "riichi": [1, 2]})
    assert t["hands"][-1]["result"]["riichi"] == [1, 2]
    assert t["hands"][-1]["payments"] == [0] * 4
    assert t["riichi_sticks"] == [0, 1, 1, 0] and t["held"] == [0, -1000, -1000, 0]
    # Dai declares too and wins on Ann's discard: he takes his own stick back and the other two.
    t = store.record(t["id"], {"result": "win", "winner": 3, "discarder": 0, "riichi": [3],
                               "hand": WIN})
    result = t["hands"][-1]["result"]
    assert result["riichi"] == [3]
    assert result["wins"][0]["riichi_sticks"] == {"taken": 3, "each": 1000}
    score = result["score"]["payments"]
    by_player = [int(score.get(seat_wind(i, 0), 0)) for i in range(4)]
    assert t["hands"][-1]["payments"] == [by_player[0], by_player[1] - 1000,
                                          by_player[2] - 1000, by_player[3] + 2000]
    assert sum(t["hands"][-1]["payments"]) == 0 and sum(t["totals"]) == 0
    assert t["riichi_sticks"] == [0] * 4 and t["held"] == t["totals"]
    # A win given as points takes the sticks the same way; without any, nothing more moves.
    t = store.record(t["id"], {"result": "win", "winner": 0, "discarder": 1, "riichi": [2],
                               "points": [10, -10, 0, 0]})
    assert t["hands"][-1]["payments"] == [1010, -10, -1000, 0]
    t = store.record(t["id"], {"result": "win", "winner": 0, "discarder": 1,
                               "points": [10, -10, 0, 0]})
    assert t["hands"][-1]["payments"] == [10, -10, 0, 0]
    assert sum(t["totals"]) == 0
    again = SessionStore(target).get(t["id"])
    assert again["riichi_sticks"] == [0] * 4 and again["totals"] == t["totals"]


def test_chinese_riichi_needs_the_switch_and_tenpai_stays_riichis(target):
    store = SessionStore(target)
    off = store.create({"players": PLAYERS, "variant": "sichuan"})
    with pytest.raises(MahjongError, match="option riichi = false"):
        store.record(off["id"], {"result": "draw", "riichi": [0]})
    on = store.create({"players": PLAYERS, "variant": "sichuan", "options": {"riichi": True}})
    with pytest.raises(MahjongError, match="tenpai"):
        store.record(on["id"], {"result": "draw", "riichi": [0], "tenpai": [0]})
    assert store.get(off["id"])["hands"] == [] and store.get(on["id"])["hands"] == []
    assert store.get(off["id"])["riichi_stick"] == 0


TAIWAN_WIN = {"concealed": "123m456m789m123p456p7s", "win_tile": "7s"}  # 16 tiles: 平胡 门清


def test_taiwan_table_keeps_the_streak_and_carries_la_zhuang(target):
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "taiwan",
                      "options": {"base": 3, "per_tai": 3}})
    t = store.record(t["id"], {"result": "win", "winner": 0, "discarder": 1, "hand": TAIWAN_WIN})
    assert t["streak"] == 1 and t["dealer"] == 0
    assert t["hands"][0]["result"]["hand"]["concealed"]  # a 16-tile hand is kept
    # Self-drawn with Bo asking 拉庄: the scorer counts 连庄 1; Bo leaves a third for next hand.
    t = store.record(t["id"], {"result": "win", "winner": 0, "discarder": None,
                               "hand": TAIWAN_WIN, "la_zhuang": [1]})
    score = t["hands"][-1]["result"]["score"]
    assert score["streak"] == 1
    assert any(i.get("event") == "lian_zhuang" and i["value"] == 1 for i in score["items"])
    assert score["carried"] == [{"from": "S", "to": "E", "amount": 8, "rule": "la_zhuang"}]
    assert t["hands"][-1]["payments"] == [64, -16, -24, -24]
    assert t["stakes"] == [{"from": 1, "to": 0, "amount": 8}] and t["streak"] == 2
    # The next hand (a draw) pays the carried stake; the dealer keeps the deal.
    t = store.record(t["id"], {"result": "draw"})
    assert t["hands"][-1]["payments"] == [8, -8, 0, 0] and t["stakes"] == []
    assert t["streak"] == 3 and sum(t["totals"]) == 0
    # Another wins: the deal passes and the streak ends.
    t = store.record(t["id"], {"result": "win", "winner": 2, "discarder": 0, "hand": TAIWAN_WIN})
    assert t["streak"] == 0 and t["dealer"] == 1
    with pytest.raises(MahjongError, match="la_zhuang"):  # the dealer cannot ask 拉庄 of himself
        store.record(t["id"], {"result": "win", "winner": 1, "discarder": None,
                               "hand": TAIWAN_WIN, "la_zhuang": [1]})


def test_mcr_hand_records_its_8_point_settlement(target):
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "mcr"})
    t = store.record(t["id"], {"result": "win", "winner": 2, "discarder": 1,
                               "hand": {"concealed": "258m23469p14788s", "win_tile": "3p"}})
    score = t["hands"][0]["result"]["score"]
    # 8 from each player, the hand's points more from the discarder.
    assert t["totals"] == [-8, -8 - score["total"], 24 + score["total"], -8]
    assert sum(t["totals"]) == 0 and t["start_points"] == 0 and t["held"] == t["totals"]


def test_a_hand_keeps_its_rivers_and_a_correction_replaces_them(tmp_path):
    """Each hand keeps the rivers it was recorded with, by seat wind, for its history."""
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    made = client.post("/api/tables", json={"players": PLAYERS, "variant": "guangdong"}).get_json()
    rivers = {"E": ["9s", "E", "1m"], "S": ["N"], "W": [], "N": ["5p", "5p"]}
    r = client.post(f"/api/tables/{made['id']}/hands", headers=auth(made),
                    json={"result": "win", "winner": 1, "discarder": 0, "hand": WIN,
                          "rivers": rivers})
    assert r.status_code == 201, r.get_json()
    kept = r.get_json()["hands"][0]["result"]
    assert kept["rivers"] == rivers
    again = client.get(f"/api/tables/{made['id']}").get_json()["hands"][0]["result"]["rivers"]
    assert again == rivers
    fixed = client.put(f"/api/tables/{made['id']}/hands/1", headers=auth(made),
                       json={"result": "draw", "rivers": {"E": ["1m", "2m"]}}).get_json()
    assert fixed["hands"][0]["result"]["rivers"] == {"E": ["1m", "2m"]}
    plain = client.post(f"/api/tables/{made['id']}/hands", headers=auth(made),
                        json={"result": "draw"}).get_json()
    assert "rivers" not in plain["hands"][1]["result"]


@pytest.mark.parametrize("rivers, words, zh", [
    ({"E": ["9s"] * 31}, "at most 30 tiles", "至多 30 张"),
    ({"E": ["9s"] * 3, "S": ["9s"] * 2}, "show 9s 5 times", "只有 4 张"),
    ({"X": []}, "unknown seat 'X'", "未知座位 'X'"),
    ({"E": ["9x"]}, "9x", "9x"),
    (["9s"], "must map seat winds", "门风"),
])
def test_bad_rivers_are_refused_in_both_languages(tmp_path, rivers, words, zh):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    made = client.post("/api/tables", json={"players": PLAYERS, "variant": "guangdong"}).get_json()
    r = client.post(f"/api/tables/{made['id']}/hands", headers=auth(made),
                    json={"result": "draw", "rivers": rivers})
    body = r.get_json()
    assert r.status_code == 422 and words in body["error"] and zh in body["error_zh"], body
    assert client.get(f"/api/tables/{made['id']}").get_json()["hand_number"] == 1


def test_rivers_at_a_table_of_three_refuse_the_north_seat(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    made = client.post("/api/tables", json={"players": PLAYERS[:3], "variant": "riichi_sanma"})
    made = made.get_json()
    r = client.post(f"/api/tables/{made['id']}/hands", headers=auth(made),
                    json={"result": "draw", "rivers": {"N": ["1m"]}})
    body = r.get_json()
    assert r.status_code == 422 and "no seat at a table of 3" in body["error"]
    assert "没有这个座位" in body["error_zh"]


def test_a_first_go_around_win_is_refused_where_the_recorded_rivers_show_a_claim(target):
    """地和 for W (player 2): E and S discard once each before his first draw; N discarding
    then means N punged or chowed out of turn (guangdong: 如果闲家抓牌前有人吃碰杠那么不算地和)."""
    store = SessionStore(target)
    t = store.create({"players": PLAYERS, "variant": "guangdong"})
    hand = {"concealed": "11m234p567s999mCC", "win_tile": "C", "context": {"first_go_around": True}}
    with pytest.raises(MahjongError, match="seat N chowed, punged or konged"):
        store.record(t["id"], {"result": "win", "winner": 2, "discarder": None, "hand": hand,
                               "rivers": {"E": ["2m"], "S": ["9p"], "N": ["E"]}})
    with pytest.raises(MahjongError, match="someone chowed, punged or konged"):
        store.record(t["id"], {"result": "win", "winner": 2, "discarder": None, "hand": hand,
                               "rivers": {"E": ["2m", "3m"], "S": ["9p"]}})
    t = store.record(t["id"], {"result": "win", "winner": 2, "discarder": None, "hand": hand,
                               "rivers": {"E": ["2m"], "S": ["9p"]}})
    items = t["hands"][0]["result"]["score"]["items"]
    assert "地和" in {i["name_zh"] for i in items}
