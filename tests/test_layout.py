"""Unit checks of the layout reader on hand-made boxes: rows, tilt, two rows, sideways tiles,
concealed kongs, bonus tiles, the winning tile, doubts and corrections."""

from __future__ import annotations

import math

import pytest

from assistant.errors import MahjongError
from assistant.tiles import parse_tiles
from vision.hand_reader import parse_fix, read_hand
from vision.layout import Box, find_rows


def row(codes, x0=100.0, y0=300.0, w=40.0, h=54.0, step=1.5, angle=0.0, apart=(), gap=25.0,
        sideways=(), conf=1.0):
    """Detections for tiles laid along a line turned by ``angle`` degrees.

    ``apart``: positions before which ``gap`` px of extra space is left; ``sideways``: positions
    of tiles turned a quarter (their footprint is h along the row and w across).
    """
    codes = parse_tiles(codes) if isinstance(codes, str) else codes
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    out, pos = [], 0.0
    for k, code in enumerate(codes):
        if k in apart:
            pos += gap
        along, across = (h, w) if k in sideways else (w, h)
        centre = pos + along / 2
        cx, cy = x0 + centre * c, y0 + centre * s
        # the axis-aligned box of the turned rectangle
        bw = along * abs(c) + across * abs(s)
        bh = along * abs(s) + across * abs(c)
        out.append({"tile": code, "box": [cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2],
                    "confidence": conf})
        pos += along + step
    return out


def test_one_horizontal_row_is_the_concealed_hand():
    r = read_hand(row("123m456p789s1122z"))
    assert r.hand["concealed"] == parse_tiles("123m456p789s1122z")
    assert r.hand["melds"] == [] and r.hand["win_tile"] is None
    assert r.sure, r.doubts


@pytest.mark.parametrize("angle", [-20, -8, 12, 25])
def test_tilted_row_with_winning_tile_set_apart(angle):
    r = read_hand(row("123m456p789s11222z", angle=angle, apart=(13,), gap=20))
    assert r.hand["concealed"] == parse_tiles("123m456p789s1122z")
    assert r.hand["win_tile"] == "S"
    assert r.sure


def test_front_view_of_standing_tiles_and_overhead_flat_tiles():
    standing = read_hand(row("123m456p789s11222z", w=30, h=62, step=-6, apart=(13,), gap=14))
    flat = read_hand(row("123m456p789s11222z", w=44, h=34, apart=(13,), gap=18))
    for r in (standing, flat):
        assert r.hand["win_tile"] == "S" and len(r.hand["concealed"]) == 13


def test_hand_in_two_rows():
    dets = row("123m456p7s", y0=200) + row("89s1122z", y0=300)
    r = read_hand(dets)
    assert r.hand["concealed"] == parse_tiles("123m456p789s1122z")
    assert [t.code for t in r.tiles] == parse_tiles("123m456p789s1122z")


def test_meld_row_with_sideways_tiles_and_sources():
    concealed = row("123m456p77z", y0=200)
    # pung of 5s claimed from opposite (middle sideways), chow 345m claimed (left sideways)
    melds = row(["5s", "5s", "5s", "3m", "4m", "5m"], y0=300, apart=(3,), gap=30,
                sideways=(1, 3))
    r = read_hand(concealed + melds)
    assert r.hand["concealed"] == parse_tiles("123m456p77z")
    assert r.hand["melds"] == [
        {"type": "pung", "tiles": ["5s"] * 3, "concealed": False, "from": "opposite",
         "claimed_index": 2},
        {"type": "chow", "tiles": ["3m", "4m", "5m"], "concealed": False, "from": "left",
         "claimed_index": 1},
    ]
    assert r.sure


def test_pung_claimed_from_the_right():
    r = read_hand(row("123m456p789s1z", y0=200) + row("CCC", y0=300, sideways=(2,)))
    assert r.hand["melds"][0]["from"] == "right" and r.hand["melds"][0]["claimed_index"] == 3


def test_concealed_kong_with_face_down_tiles_and_bonus_tiles():
    concealed = row("123m456p789s1z", y0=200)
    front = row(["back", "W", "W", "back", "1f", "6f"], y0=300, apart=(4,), gap=40)
    r = read_hand(concealed + front)
    assert r.hand["melds"] == [{"type": "kong", "tiles": ["W"] * 4, "concealed": True,
                                "from": None}]
    assert r.hand["bonus"] == ["1f", "6f"]
    assert r.sure


def test_row_of_backs_far_away_is_ignored():
    dets = row(["back"] * 10, y0=60, w=25, h=34) + row("123m456p789s1122z", y0=300)
    r = read_hand(dets)
    assert len(r.hand["concealed"]) == 13 and r.sure
    assert any(g["kind"] == "ignored" and len(g["tiles"]) == 10 for g in r.groups)


def test_winning_tile_named_by_the_caller():
    r = read_hand(row("123m456p789s11222z"), win_tile="E")
    assert r.hand["win_tile"] == "E" and r.hand["concealed"].count("E") == 1


def test_doubts_name_the_tiles():
    fifth = read_hand(row("11111m456p789s11z"))
    assert any(d["kind"] == "copies" and d["tiles"] == [1, 2, 3, 4, 5] for d in fifth.doubts)
    low = row("123m456p789s1122z")
    low[4]["confidence"] = 0.2
    r = read_hand(low)
    assert [d["tiles"] for d in r.doubts if d["kind"] == "confidence"] == [[5]]
    short = read_hand(row("123m456p789s11z"))
    assert any(d["kind"] == "count" for d in short.doubts)
    not_set = read_hand(row("123m456p7z", y0=200)
                        + row(["5s", "5s", "5s", "1m", "5m", "9m"], y0=300, apart=(3,), gap=30,
                              sideways=(1,)))
    assert [d["tiles"] for d in not_set.doubts if d["kind"] == "group"] == [[11, 12, 13]]


def test_fix_rebuilds_the_state():
    dets = row("11111m456p789s11z")
    r = read_hand(dets, fixes=["5=9p"])
    assert r.sure and r.hand["concealed"].count("9p") == 1
    dropped = read_hand(row("123m456p789s1122z") + row("5p", x0=900, y0=500), fixes=["14=-"])
    assert len(dropped.tiles) == 13 and dropped.sure
    assert parse_fix("3=5p") == (3, "5p") and parse_fix("2=-") == (2, None)
    with pytest.raises(MahjongError):
        parse_fix("x=5p")
    with pytest.raises(MahjongError):
        read_hand(dets, fixes=["99=5p"])


def test_rows_order_far_to_near_and_left_to_right():
    boxes = [Box(k, d["tile"], tuple(d["box"])) for k, d in
             enumerate(row("456p", y0=300) + row("123m", y0=150, x0=300))]
    rows = find_rows(boxes)
    assert [r.codes for r in rows] == [["1m", "2m", "3m"], ["4p", "5p", "6p"]]


def test_bad_detections_are_clear_errors():
    with pytest.raises(MahjongError):
        read_hand([{"tile": "9x", "box": [0, 0, 1, 1]}])
    with pytest.raises(MahjongError):
        read_hand([{"tile": "1m", "box": [0, 0]}])
    with pytest.raises(MahjongError):
        read_hand("nonsense")


def test_kong_with_every_tile_face_down_is_a_doubt_until_fixed():
    dets = row("123m456p789s1z", y0=200) + row(["back"] * 4, y0=300)
    r = read_hand(dets)
    assert r.hand["melds"][0]["type"] == "kong" and r.hand["melds"][0]["concealed"]
    assert [d["tiles"] for d in r.doubts if d["kind"] == "back"] == [[11, 12, 13, 14]]
    fixed = read_hand(dets, fixes=["12=W"])
    assert fixed.sure and fixed.hand["melds"][0]["tiles"] == ["W"] * 4


def test_loose_tiles_in_line_with_the_hand_are_left_out():
    dets = row("123m456p789s1122z") + row("9p9p", x0=100 + 13 * 41.5 + 120)
    r = read_hand(dets)
    assert r.hand["concealed"] == parse_tiles("123m456p789s1122z") and r.sure


def test_numbers_stay_those_of_the_first_reading_after_a_drop():
    dets = row("5p", x0=40, y0=300) + row("123m456p789s1122z", x0=120)
    r = read_hand(dets, fixes=["1=-"])
    assert [r.number(t) for t in r.tiles] == list(range(2, 15))
    again = read_hand(dets, fixes=["1=-", "14=N"])
    assert again.hand["concealed"][-1] == "N"


@pytest.mark.parametrize("w, h, step", [(30.0, 40.0, 1.0), (40.0, 54.0, 1.5), (40.0, 60.0, 4.0)])
def test_a_lone_claimed_set_with_its_tile_sideways_is_one_group(w, h, step):
    """A row of three, the claimed tile turned a quarter between two others, a few pixels apart:
    one group, however much longer along the row the sideways tile is (a short row measures the
    space between boxes, not the centres' spacing, which the sideways tile alone stretches by
    (h - w) / 2)."""
    boxes = [Box(k, d["tile"], tuple(d["box"]))
             for k, d in enumerate(row("EEE", w=w, h=h, step=step, sideways=(1,)))]
    (found,) = find_rows(boxes)
    assert [[b.code for b in g] for g in found.groups] == [["E", "E", "E"]]
    assert all(abs(g - step / w) < 1e-6 for g in found.gaps)
