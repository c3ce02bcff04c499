"""The command line as users and the measuring harness call it: JSON keys, exit codes, errors."""

from __future__ import annotations

import json
import re
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
    assert set(d) == {"tile", "shanten", "ukeire", "tiles", "win_chance", "tenpai_chance",
                      "expected_points", "targets", "deal_in", "balance"} and d["tile"] == "5p"


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
    p.stderr.close()
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
    # The red five typed 0p is read as a five and kept counted (aka-dora).
    assert a["hand"].pop("red_fives") == 1
    assert a["is_win"] is True and a["hand"] == b["hand"]
    meld = {"concealed": "123m456p1122z", "melds": [{"type": "pung", "tiles": ["7z", "中", "C"]}],
            "win_tile": "1z"}
    r = json.loads(run("analyze", "--json", stdin=json.dumps(meld)).stdout)
    assert r["hand"]["melds"][0]["tiles"] == ["C", "C", "C"] and r["is_win"] is True
    p = run("analyze", stdin=json.dumps({**codes, "win_tile": "EE"}))
    assert p.returncode == 2 and "win_tile is one tile" in p.stderr


GD_WIN = {"concealed": "111m789pCCCFFFE", "variant": "guangdong", "win_tile": "E",
          "self_drawn": True}


def test_scores_said_as_players_say_them() -> None:
    zh = run("analyze", stdin=json.dumps(GD_WIN)).stdout
    en = run("analyze", "--lang", "en", stdin=json.dumps(GD_WIN)).stdout
    assert "合计: 3番 · 每家 8 分" in zh and "规则: 广东鸡平和" in zh
    assert "假定: 没有给出牌桌情况：东家坐庄" in zh and "no table" not in zh and "guangdong" not in zh
    assert "Total: 3 fan · 8 points from each payer" in en and "Variant: Guangdong" in en


def test_the_cap_is_said_as_a_cap() -> None:
    from assistant.report import score_lines

    score = {"items": [{"name_zh": "碰碰和", "name_en": "All pungs", "value": 2, "tiles": []},
                       {"name_zh": "箭刻", "name_en": "Dragon pung", "value": 1, "tiles": ["C"] * 3},
                       {"name_zh": "自摸", "name_en": "Self-drawn", "value": 1, "event": "self_drawn"},
                       {"name_zh": "爆和", "name_en": "Cap (4 fan capped to 3)", "value": -1,
                        "event": "cap"}],
             "total": 3, "fan": 3, "points": 8, "payments": {"E": 24, "S": -8, "W": -8, "N": -8}}
    zh = "\n".join(score_lines(score, "zh"))
    assert "封顶 3番（本手 4番）" in zh and "-1" not in zh and "每家 8 分" in zh
    assert "capped at 3 fan (the hand has 4)" in "\n".join(score_lines(score, "en"))


def test_errors_in_chinese_first_and_english_beside() -> None:
    p = run("analyze", "--hand", "11111m")
    assert p.returncode == 2
    assert "错误：1m（一万）有 5 张" in p.stderr and "5 copies of 1m" in p.stderr
    p = run("analyze", "--json", "--hand", "11111m")
    body = json.loads(p.stdout)
    assert "5 copies of 1m" in body["error"] and "每种牌只有四张" in body["error_zh"]
    p = run("analyze", "--lang", "en", "--hand", "11111m")
    assert "错误" not in p.stderr and "5 copies of 1m" in p.stderr


def test_photo_report_in_chinese_names_melds_in_chinese() -> None:
    from vision.commands.score import report

    out = {"read": [{"number": i + 1, "tile": t} for i, t in enumerate(["1p", "2p", "3p"])],
           "groups": [{"kind": "meld", "tiles": [1, 2, 3],
                       "meld": {"type": "chow", "concealed": False, "from": "left"}}],
           "doubts": [{"kind": "count", "message": "3 tiles read (a kong counting 3): a hand has "
                       "13 or 14", "tiles": []}], "result": None, "hand": {}}
    zh = report(out, "zh")
    assert "副露 (吃, 上家)" in zh and "识别到 3 张牌" in zh and "chow" not in zh
    assert "meld (chow, from the left (上家))" in report(out, "en")


def test_variants_and_claims_named_in_the_report_language() -> None:
    en = run("variants", "--lang", "en").stdout
    assert "Guangdong chicken hand" in en and "广东鸡平和" not in en
    assert "广东鸡平和" in run("variants").stdout
    p = run("table", "claim", "--variant", "guangdong", "--discarder", "E", "--claims", "S=chow",
            "W=pung")
    assert p.returncode == 0 and "W: 碰" in p.stdout and "pung" not in p.stdout


def test_table_claim_refuses_a_claim_the_seat_may_not_make() -> None:
    """A chow by a seat that is not the discarder's 下家 is refused in both languages, not
    dropped from the answer."""
    p = run("table", "claim", "--variant", "guangdong", "--discarder", "E", "--claims", "W=chow")
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "只有出牌者的下家" in p.stderr and "only the discarder's 下家 (seat S)" in p.stderr
    p = run("table", "claim", "--variant", "sichuan", "--options", '{"players": 2}',
            "--discarder", "E", "--claims", "S=pung", "--lang", "en")
    assert p.returncode == 2 and "成都 table never claim" in p.stderr


def test_english_variant_text_glosses_the_chinese_words() -> None:
    en = run("variants", "shaanxi", "--lang", "en").stdout
    assert "炮子 (paozi" in en


def test_make_demo_ends_on_a_scored_win() -> None:
    """The demo's last photo (Makefile WIN_PHOTO) is read as a winning hand and scored."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    makefile = (root / "Makefile").read_text()
    photo = re.search(r"^WIN_PHOTO \?= (\S+)", makefile, re.M).group(1)
    demo = makefile.split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    assert demo.rstrip().endswith("--lang en") and "$(WIN_PHOTO)" in demo.splitlines()[-1]
    assert "analyze --lang en < examples/hand.json" in demo
    if not (root / "models" / "tile_detector.onnx").exists():
        pytest.skip("the recognizer's models are not installed")
    p = run("score", str(root / photo), "--variant", "guangdong", "--json")
    out = json.loads(p.stdout)
    assert p.returncode == 0 and out["result"]["is_win"] and out["result"]["score"]["total"] > 0


def test_detect_says_a_folder_is_a_folder(tmp_path) -> None:
    from pathlib import Path

    if not (Path(__file__).resolve().parents[1] / "models" / "tile_detector.onnx").exists():
        pytest.skip("the recognizer's models are not installed")
    p = run("detect", str(tmp_path))
    assert p.returncode == 2 and "这是文件夹" in p.stderr and "Traceback" not in p.stderr
    p = run("detect", "--lang", "en", str(tmp_path))
    assert "is a folder, not a photo" in p.stderr
