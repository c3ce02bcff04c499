"""``mahjong-assistant score`` with tiles given as a detections file (no model needed)."""

from __future__ import annotations

import json

from assistant.cli import main
from tests.test_layout import row


def _write(tmp_path, dets, name="det.json"):
    path = tmp_path / name
    path.write_text(json.dumps({"path": "hand.jpg", "image": {"width": 900, "height": 500},
                                "tiles": dets}), encoding="utf-8")
    return str(path)


def _run(capsys, *argv):
    code = main(["score", *argv])
    return code, capsys.readouterr()


def test_json_holds_tiles_hand_doubts_and_result(tmp_path, capsys):
    dets = row("123m456p789s11222z", apart=(13,), gap=25)
    code, out = _run(capsys, "--detections", _write(tmp_path, dets), "--json", "--self-drawn",
                     "--seat", "S", "--prevalent", "E")
    assert code == 0
    data = json.loads(out.out)
    assert data["tiles"] == json.loads(json.dumps(dets))
    assert data["hand"]["win_tile"] == "S" and data["hand"]["context"]["self_drawn"] is True
    assert data["hand"]["context"]["seat_wind"] == "S"
    assert data["doubts"] == [] and data["sure"] is True
    assert data["result"]["is_win"] is True and data["result"]["shanten"] == -1


def test_variant_and_table_reach_the_engine(tmp_path, capsys):
    table = tmp_path / "table.json"
    table.write_text(json.dumps({"dealer": "E", "seat": "E"}), encoding="utf-8")
    dets = row("123m456p789s11222z", apart=(13,), gap=25)
    code, out = _run(capsys, "--detections", _write(tmp_path, dets), "--json",
                     "--variant", "guangdong", "--table", str(table))
    data = json.loads(out.out)
    assert data["hand"]["variant"] == "guangdong" and data["hand"]["table"]["dealer"] == "E"
    assert code in (0, 2)


def test_unsure_reading_is_not_scored_and_fix_repairs_it(tmp_path, capsys):
    dets = row("11111m456p789s11z")
    path = _write(tmp_path, dets)
    code, out = _run(capsys, "--detections", path, "--json")
    data = json.loads(out.out)
    assert code == 1 and data["result"] is None and not data["sure"]
    assert any(d["kind"] == "copies" for d in data["doubts"])
    code, out = _run(capsys, "--detections", path, "--json", "--fix", "5=9p")
    data = json.loads(out.out)
    assert code == 0 and data["sure"] and data["result"] is not None
    assert data["read"][4]["tile"] == "9p"


def test_readable_report_in_both_languages(tmp_path, capsys):
    path = _write(tmp_path, row("123m456p789s11222z", apart=(13,), gap=25))
    code, out = _run(capsys, "--detections", path, "--lang", "en")
    assert code == 0 and "Tiles read" in out.out and "winning tile" in out.out
    code, out = _run(capsys, "--detections", path)
    assert code == 0 and "和牌张" in out.out
    code, out = _run(capsys, "--detections", _write(tmp_path, row("123m456p789s11z"), "b.json"),
                     "--lang", "en")
    assert code == 1 and "Unsure" in out.out and "--fix" in out.out


def test_annotated_image_is_written(tmp_path, capsys):
    path = _write(tmp_path, row("123m456p789s11222z", apart=(13,), gap=25))
    out_img = tmp_path / "out.png"
    code, _ = _run(capsys, "--detections", path, "--annotate", str(out_img))
    assert code == 0 and out_img.stat().st_size > 0


def test_missing_model_or_input_is_a_clean_error(tmp_path, capsys):
    import cv2
    import numpy as np

    photo = tmp_path / "p.jpg"
    cv2.imwrite(str(photo), np.zeros((20, 20, 3), np.uint8))
    empty = tmp_path / "models"
    empty.mkdir()
    code, out = _run(capsys, str(photo), "--models", str(empty))
    assert code == 2 and "error" in out.err and "Traceback" not in out.err
    code, out = _run(capsys)
    assert code == 2 and "--detections" in out.err
    code, out = _run(capsys, "--detections", str(tmp_path / "none.json"))
    assert code == 2 and "cannot read" in out.err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out = _run(capsys, "--detections", str(bad), "--json")
    assert code == 2 and "error" in json.loads(out.out)


def test_winning_tile_that_completes_nothing_is_a_doubt(tmp_path, capsys):
    dets = row("123m456p789s11232z", apart=(13,), gap=25)  # 1122z + W set apart: no win
    code, out = _run(capsys, "--detections", _write(tmp_path, dets), "--json")
    data = json.loads(out.out)
    assert code == 1 and not data["sure"]
    assert any(d["kind"] == "not_complete" for d in data["doubts"])
    assert data["result"]["is_win"] is False
