"""The command line as users and the measuring harness call it: JSON keys, exit codes, errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "assistant", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_analyze_json_contract() -> None:
    p = run("analyze", "--json", stdin=json.dumps({"concealed": "123m456p789s1122z"}))
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    for key in ("shanten", "shanten_forms", "waits", "discards", "is_win"):
        assert key in r
    assert r["shanten"] == 0 and r["is_win"] is False
    assert set(r["shanten_forms"]) == {"regular", "seven_pairs", "thirteen_orphans",
                                       "honors_and_knitted", "knitted_straight"}
    assert r["waits"] == [{"tile": "E", "remaining": 2, "dead": False},
                          {"tile": "S", "remaining": 2, "dead": False}]


def test_analyze_discards_keys() -> None:
    p = run("analyze", "--json", "--hand", "1112345678999m5p")
    d = json.loads(p.stdout)["discards"][0]
    assert set(d) == {"tile", "shanten", "ukeire", "tiles"} and d["tile"] == "5p"


def test_analyze_complete_hand() -> None:
    r = json.loads(run("analyze", "--json", "--hand", "123m456p789s11222z").stdout)
    assert r["is_win"] is True and r["shanten"] == -1


def test_jsonl_goes_on_after_a_bad_line() -> None:
    lines = [json.dumps({"concealed": "123m456p789s1122z"}), "{not json",
             json.dumps({"concealed": "11111m"}), json.dumps({"concealed": "19m19p19s1234567z"})]
    p = run("analyze", "--json", "--jsonl", stdin="\n".join(lines) + "\n")
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert len(out) == 4 and p.returncode != 0
    assert out[0]["shanten"] == 0 and out[3]["shanten"] == 0
    assert "not valid JSON" in out[1]["error"] and out[1]["line"] == 2
    assert "5 copies of 1m" in out[2]["error"]
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize("stdin, message", [
    ("", "not valid JSON"),
    ("[1,2]", "JSON object"),
    ('{"concealed": "123m456p789s1122z", "variant": "nowhere"}', "unknown variant"),
    ('{"concealed": "123m456p789s1122z5m5m"}', "too many tiles"),
    ('{"concealed": "123m456p789s11zQ"}', "unknown tile"),
])
def test_bad_input_is_a_clear_error(stdin: str, message: str) -> None:
    p = run("analyze", "--json", stdin=stdin)
    assert p.returncode == 2
    assert message in json.loads(p.stdout)["error"]
    assert "Traceback" not in p.stderr
    p = run("analyze", stdin=stdin)
    assert p.returncode == 2 and message in p.stderr and "Traceback" not in p.stderr


def test_readable_reports_in_both_languages() -> None:
    zh = run("analyze", "--hand", "123m456p789s1122z").stdout
    en = run("analyze", "--hand", "123m456p789s1122z", "--lang", "en").stdout
    assert "听" in zh and "东" in zh
    assert "Waits" in en and "East Wind" in en


def test_claims_command() -> None:
    req = {"discard": "5p", "discarder": "E", "hands": {"S": {"concealed": "46p123m456s78sEES"}}}
    r = json.loads(run("claims", "--json", stdin=json.dumps(req)).stdout)
    assert r["claim"]["seat"] == "S" and r["claim"]["type"] == "chow"


def test_parse_and_variants() -> None:
    r = json.loads(run("parse", "--json", "一万", "5p", "EE").stdout)
    assert r["tiles"] == ["1m", "5p", "E", "E"]
    listing = json.loads(run("variants", "--json").stdout)
    assert {v["name"] for v in listing["variants"]} >= {"default", "riichi", "mcr"}
    one = run("variants", "mcr", "--lang", "en").stdout
    assert "waits_in_own_hand" in one
    bad = run("variants", "nowhere")
    assert bad.returncode == 2 and "unknown variant" in bad.stderr


def test_output_into_a_closed_pipe_is_no_traceback() -> None:
    """``mahjong-assistant … | head -1``: the reader goes away after a line, the program ends quietly."""
    p = subprocess.Popen([sys.executable, "-m", "assistant", "parse", "123456789m" * 3000],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    first = p.stdout.readline()
    p.stdout.close()  # far more than a pipe holds is still to come: the next write fails
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert first.startswith(b"111")
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert p.returncode == 141


@pytest.mark.parametrize("flags", [(), ("--json",), ("--jsonl", "--json")])
def test_deeply_nested_json_is_a_clear_error(flags: tuple[str, ...]) -> None:
    p = run("analyze", *flags, stdin="[" * 100_000 + "]" * 100_000 + "\n")
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "nested too deeply" in p.stdout + p.stderr
    assert "Traceback" not in p.stderr and "RecursionError" not in p.stderr


def test_jsonl_exit_status_says_a_line_failed() -> None:
    good = json.dumps({"concealed": "123m456p789s1122z"})
    assert run("analyze", "--jsonl", stdin=good + "\n" + good + "\n").returncode == 0
    assert run("analyze", "--jsonl", stdin=good + "\n{bad\n" + good + "\n").returncode == 2


def test_unknown_variant_before_the_photo_is_read(tmp_path) -> None:
    p = run("score", str(tmp_path / "no-such-photo.jpg"), "--variant", "tokyo")
    assert p.returncode == 2
    assert "unknown variant 'tokyo'" in p.stderr and "no such file" not in p.stderr
    assert "Traceback" not in p.stderr


def test_claims_without_a_discard_says_so() -> None:
    req = {"discarder": "E", "hands": {"S": {"concealed": "46p123m456s78sEES"}}}
    p = run("claims", stdin=json.dumps(req))
    assert p.returncode == 2 and "no 'discard'" in p.stderr and "NoneType" not in p.stderr


def test_claims_discard_in_any_notation() -> None:
    req = {"discard": "五筒", "discarder": "E", "hands": {"S": {"concealed": "46p123m456s78sEES"}}}
    r = json.loads(run("claims", "--json", stdin=json.dumps(req)).stdout)
    assert r["discard"] == "5p" and r["claim"]["type"] == "chow"


@pytest.mark.parametrize("hand, bad", [("1188z", "'8z'"), ("123m45p99f", "'9f'"),
                                       ("123m456p789s11zQ", "'Q'")])
def test_errors_name_the_exact_bad_tile(hand: str, bad: str) -> None:
    p = run("analyze", "--hand", hand)
    assert p.returncode == 2 and f"unknown tile {bad}" in p.stderr, p.stderr


def test_one_tile_grammar_for_win_tile_visible_and_melds() -> None:
    """``win_tile``, ``visible`` and meld tiles take what ``concealed`` takes: 0m, 1z, 五筒."""
    typed = {"concealed": "123m406p789s1122z", "win_tile": "东", "visible": ["0p", "一万"],
             "melds": []}
    codes = {"concealed": "123m456p789s1122z", "win_tile": "E", "visible": ["5p", "1m"]}
    a = json.loads(run("analyze", "--json", stdin=json.dumps(typed)).stdout)
    b = json.loads(run("analyze", "--json", stdin=json.dumps(codes)).stdout)
    assert a["is_win"] is True and a["hand"] == b["hand"]
    meld = {"concealed": "123m456p1122z", "melds": [{"type": "pung", "tiles": ["7z", "中", "C"]}],
            "win_tile": "1z"}
    r = json.loads(run("analyze", "--json", stdin=json.dumps(meld)).stdout)
    assert r["hand"]["melds"][0]["tiles"] == ["C", "C", "C"] and r["is_win"] is True
    p = run("analyze", stdin=json.dumps({**codes, "win_tile": "EE"}))
    assert p.returncode == 2 and "win_tile is one tile" in p.stderr
