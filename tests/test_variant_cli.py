"""The variants through the command line: analyze with a table, variants NAME, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

EX1 = {"concealed": "1m3mCC2p3p4p6s7s8s", "win_tile": "2m", "variant": "shaanxi",
       "melds": [{"type": "pung", "tiles": ["5p", "5p", "5p"], "from": "left"}],
       "table": {"dealer": "E", "seat": "E", "bets": {"E": 2, "S": 2, "W": 3, "N": 4},
                 "discarder": "W", "kongs": {}}}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "assistant", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_analyze_scores_with_the_table() -> None:
    p = run("analyze", "--json", stdin=json.dumps(EX1))
    assert p.returncode == 0, p.stderr
    score = json.loads(p.stdout)["score"]
    assert score["total"] == 63 and score["payments"] == {"E": 63, "S": -18, "W": -21, "N": -24}
    assert {"name_zh", "name_en", "value"} <= set(score["items"][0])
    report = run("analyze", stdin=json.dumps(EX1)).stdout
    assert "下炮子" in report and "结算" in report and "北家 → 东家: 24" in report


def test_analyze_bad_table_input() -> None:
    for table, message in (({**EX1["table"], "bets": {"E": 5}}, "0-4"),
                           ({**EX1["table"], "seat": "Q"}, "table.seat"),
                           ({**EX1["table"], "wind": "E"}, "unknown key 'wind'")):
        p = run("analyze", "--json", stdin=json.dumps({**EX1, "table": table}))
        assert p.returncode == 2 and message in json.loads(p.stdout)["error"]
    p = run("analyze", "--json", stdin=json.dumps({**EX1, "variant": "sichuanese"}))
    assert p.returncode == 2 and "unknown variant" in p.stdout


def test_variants_lists_and_explains() -> None:
    listing = json.loads(run("variants", "--json").stdout)
    names = {v["name"] for v in listing["variants"]}
    assert {"shaanxi", "xian", "guangdong"} <= names
    one = run("variants", "guangdong", "--lang", "en").stdout
    assert "Rules:" in one and "bao_he_cap = 3" in one and "爆和" in one
    info = json.loads(run("variants", "xian", "--json").stdout)
    assert info["options"]["discard_win_payers"]["choices"] == ["all", "discarder"]
    assert info["rules"] and info["scores"] is True


def test_table_checked_before_the_hand_is_a_win() -> None:
    ready = {"concealed": "123m456p789s1122z", "variant": "shaanxi",
             "table": {"bets": {"E": 5}}}
    p = run("analyze", "--json", stdin=json.dumps(ready))
    assert p.returncode == 2 and "0-4" in json.loads(p.stdout)["error"]
