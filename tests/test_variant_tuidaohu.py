"""Guangdong 推倒和: the seed's 屁和 card on 136 tiles, 七小对, self-drawn only, kongs, 出冲."""

from __future__ import annotations

import pytest
from scoring_helpers import chow, pung, score, values

from assistant import MahjongError, analyze

SELF = {"dealer": "E", "seat": "S", "discarder": None}


@pytest.mark.parametrize(("hand", "win", "melds", "expected", "share"), [
    ("123m456p789s11s45m", "6m", [], {"推倒和（屁和）": 1}, 1),
    ("111m555p999s2m", "2m", [pung("777s")], {"对对胡": 2}, 2),
    ("123m456m789mE", "E", [pung("WWW")], {"混一色": 2}, 2),
    ("123m456m789m1m", "1m", [pung("999m")], {"清一色": 4}, 4),
    ("111m555m999m2m", "2m", [pung("777m")], {"清对对": 4}, 4),
    ("111m555mE", "E", [pung("777m"), pung("SSS")], {"混对对": 4}, 4),
    ("1155m2288p33sEEC", "C", [], {"七小对": 2}, 2),
    ("1133557799m22m4m", "4m", [], {"清一色全对": 12}, 12),
])
def test_the_card(hand: str, win: str, melds: list, expected: dict, share: int) -> None:
    s = score(hand, win, "tuidaohu", SELF, melds=melds, self_drawn=True)
    assert values(s) == expected and s["points"] == share
    assert s["payments"] == {"S": 3 * share, "E": -share, "W": -share, "N": -share}


def test_characters_are_in_play_unlike_the_hundred_tile_game() -> None:
    with pytest.raises(MahjongError):
        score("123m456p789s11s45m", "6m", "hundred", SELF, self_drawn=True)


def test_only_self_drawn_and_no_chow() -> None:
    with pytest.raises(MahjongError, match="only self-drawn"):
        score("123m456p789s11s45m", "6m", "tuidaohu", {"dealer": "E", "seat": "S",
                                                        "discarder": "W"})
    s = score("123m456p789s11s45m", "6m", "tuidaohu", {"dealer": "E", "seat": "S",
                                                        "discarder": "W"},
              options={"discard_wins": True})
    assert s["payments"] == {"S": 1, "W": -1, "E": 0, "N": 0}
    with pytest.raises(MahjongError, match="chow"):
        analyze({"concealed": "456p789s11s45m", "win_tile": "6m", "variant": "tuidaohu",
                 "melds": [chow("123m")], "self_drawn": True})


def test_seven_pairs_option_and_robbed_kong() -> None:
    with pytest.raises(MahjongError, match="qidui_multiplier"):
        score("1155m2288p33sEEC", "C", "tuidaohu", SELF, options={"qidui_multiplier": 0},
              self_drawn=True)
    s = score("123m456p789s11s45m", "6m", "tuidaohu",
              {"dealer": "E", "seat": "S", "discarder": "N"}, robbing_kong=True)
    assert s["payments"] == {"S": 3, "N": -3, "E": 0, "W": 0}


def test_kong_money() -> None:
    s = score("123m456p789s11s45m", "6m", "tuidaohu",
              {"dealer": "E", "seat": "S", "discarder": None,
               "kongs": {"W": [{"type": "zhi", "tile": "9p", "from": "S"}]}}, self_drawn=True)
    assert s["payments"] == {"S": 3 - 3, "E": -1, "W": -1 + 3, "N": -1}
