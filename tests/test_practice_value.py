"""The value exercises of the teach page through the API: a hand whose advised discard is not
the most efficient one for each family, the answer worked out by the advice when checked, the
reason in both languages, and a 4xx naming the problem for bad input."""

from __future__ import annotations

import re

import pytest
from test_service_support import StubRecognizer

from assistant.analysis import analyze
from assistant.service import create_app
from assistant.tiles import tile_name

FAMILIES = ("mcr", "sichuan", "guangdong", "riichi", "riichi_defence")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"DATABASE": tmp_path_factory.mktemp("db") / "t.sqlite3",
                      "RECOGNIZER": StubRecognizer()})
    return app.test_client()


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_asks_a_hand_where_value_and_efficiency_disagree(client, family):
    q = client.get(f"/api/practice/value?family={family}&seed=3").get_json()
    assert len(q["hand"]) == 14 and q["family"] == family
    state = {"concealed": q["hand"], "variant": q["variant"],
             "context": {"draws_left": q["draws_left"]}, **({"table": q["table"]} if q["table"] else {})}
    advised = analyze(state)["discards"][0]
    efficient = analyze({**state, "advice": "efficiency"})["discards"][0]
    assert advised["tile"] != efficient["tile"]
    # a wrong answer (the efficient tile) is told the advised one, and why, in both languages
    wrong = client.post("/api/practice/value/check", json={
        "seed": q["seed"], "family": family, "answer": efficient["tile"]}).get_json()
    assert not wrong["correct"] and wrong["best"] == advised["tile"]
    assert wrong["efficient"] == efficient["tile"]
    assert tile_name(advised["tile"], "zh") in wrong["why"]["zh"]
    assert tile_name(advised["tile"], "en") in wrong["why"]["en"]
    right = client.post("/api/practice/value/check", json={
        "seed": q["seed"], "family": family, "answer": advised["tile"]}).get_json()
    assert right["correct"]
    if family == "riichi_defence":  # the lesson is the safer tile against the riichi
        assert q["table"]["declared"] == {"S": 5}
        assert right["verdict"]["discard"] == advised["tile"]
        assert advised["deal_in"] < next(d for d in analyze(state)["discards"]
                                         if d["tile"] == efficient["tile"])["deal_in"]
    else:  # the lesson is value: clearly more expected points than the efficient discard
        numbers = {d["tile"]: d for d in right["discards"]}
        fast = next(d for d in analyze(state)["discards"] if d["tile"] == efficient["tile"])
        assert numbers[advised["tile"]]["expected_points"] >= 1.25 * fast["expected_points"] > 0 \
            or fast["expected_points"] == 0


def test_the_same_seed_is_the_same_exercise(client):
    a = client.get("/api/practice/value?family=sichuan&seed=11").get_json()
    b = client.get("/api/practice/value?family=sichuan&seed=11").get_json()
    assert a == b


@pytest.mark.parametrize(("path", "body", "words"), [
    ("/api/practice/value?family=poker", None, "family"),
    ("/api/practice/value?seed=abc", None, "seed"),
    ("/api/practice/value/check", {"seed": 1, "family": "mcr", "answer": "1m2m"}, "one tile"),
    ("/api/practice/value/check", {"seed": "x", "family": "mcr", "answer": "1m"}, "seed"),
    ("/api/practice/value/check", {"family": "mcr", "answer": "1m"}, "seed"),
    ("/api/practice/value/check", {"seed": 1, "family": ["mcr"], "answer": "1m"}, "family"),
])
def test_bad_input_is_a_4xx_naming_it_in_both_languages(client, path, body, words):
    r = client.get(path) if body is None else client.post(path, json=body)
    assert r.status_code in (400, 422), r.get_data(as_text=True)
    got = r.get_json()
    assert words in got["error"]
    assert re.search(r"[\u4e00-\u9fff]", got["error_zh"]) and "输入有误" not in got["error_zh"], got


def test_a_large_seed_is_checked_when_sent_as_digits(client):
    """JSON numbers are bounded by the service (1e9); an 18-digit seed travels as a string."""
    q = client.get("/api/practice/value?family=riichi&seed=123456789012345678").get_json()
    r = client.post("/api/practice/value/check", json={
        "seed": "123456789012345678", "family": "riichi", "answer": q["hand"][0]})
    assert r.status_code == 200 and r.get_json()["best"] in q["hand"]
    assert all(client.get("/api/practice/value?family=mcr").get_json()["seed"] < 10**9
               for _ in range(3))
