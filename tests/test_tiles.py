"""Tile notation: parsing the forms people type, names, and clear errors."""

from __future__ import annotations

import pytest

from assistant import MahjongError, parse_tiles, tile_name
from assistant.tiles import ALL_CODES, to_compact


@pytest.mark.parametrize("text, expected", [
    ("123m456p789s1122z", "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S"),
    ("567z", "P F C"),
    ("EESSWW", "E E S S W W"),
    ("1m, 2m; 3m", "1m 2m 3m"),
    ("一万 五筒 三条 九萬 二饼 七索", "1m 5p 3s 9m 2p 7s"),
    ("东東南西北中發发白", "E E S W N C F F P"),
    ("红中 白板 发财 東風", "C P F E"),
    ("梅兰蘭菊竹春夏秋冬", "1f 2f 2f 3f 4f 5f 6f 7f 8f"),
    ("1234f back", "1f 2f 3f 4f back"),
    ("5筒5万", "5p 5m"),
    ("0m", "5m"),
])
def test_parse_forms(text: str, expected: str) -> None:
    assert parse_tiles(text) == expected.split()


@pytest.mark.parametrize("text, token", [
    ("123x", "123x"), ("12", "12"), ("8z", "8z"), ("9f", "9f"), ("1m hello", "hello"),
    ("龙", "龙"),
])
def test_parse_errors_name_the_token(text: str, token: str) -> None:
    with pytest.raises(MahjongError) as err:
        parse_tiles(text)
    assert err.value.token == token
    assert repr(token) in str(err.value)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(MahjongError, match="text"):
        parse_tiles(123)  # type: ignore[arg-type]


def test_every_code_has_both_names() -> None:
    for code in ALL_CODES:
        assert tile_name(code, "zh") and tile_name(code, "en")
    assert tile_name("C", "zh") == "中" and tile_name("C", "en") == "Red Dragon"
    assert tile_name("7s", "zh") == "七条" and tile_name("1f", "en") == "Plum"
    with pytest.raises(MahjongError, match="unknown tile"):
        tile_name("10m")


def test_compact_round_trip() -> None:
    tiles = parse_tiles("9s1m5p EE 3m 2f")
    assert parse_tiles(to_compact(tiles)) == sorted(tiles, key=ALL_CODES.index)
