"""十六张 (taiwan): 16-tile hands in 台, the dealer's 台 and 连庄, 拉庄, 一炮多响, flowers."""

from __future__ import annotations

import pytest
from scoring_helpers import pung, score, values

from assistant import MahjongError, analyze
from assistant.procedures import wind_rounds

ON_DISCARD = {"dealer": "E", "seat": "S", "discarder": "W"}
HAND = ("123m456m789m123p456p7s", "7s")


def tw(hand: str, win: str, table: dict | None = None, **kw: object) -> dict:
    s = score(hand, win, "taiwan", table or ON_DISCARD, **kw)
    assert sum(i["value"] * i.get("count", 1) for i in s["items"]) == s["total"]
    return s


def test_a_sixteen_tile_hand_is_five_sets_and_a_pair() -> None:
    s = tw(*HAND)
    assert values(s) == {"平胡": 2, "门清": 1} and s["total"] == 3
    assert s["payments"] == {"S": 3, "W": -3, "E": 0, "N": 0}
    with pytest.raises(MahjongError, match="16"):
        analyze({"concealed": "123m456m789m1p", "win_tile": "1p", "variant": "taiwan"})


@pytest.mark.parametrize(("hand", "win", "melds", "expected"), [
    ("111m222p333s44m55s", "4m", [pung("EEE")], {"碰碰胡": 4, "三暗刻": 2, "圈风": 1}),
    ("111m222p333s444m5s", "5s", [pung("EEE")], {"碰碰胡": 4, "四暗刻": 5, "圈风": 1}),
    ("123m456m789m123m4566m", "6m", [], {"门清": 1, "清一色": 8, "平胡": 2}),
    ("123m456m789m123mE", "E", [pung("CCC")], {"混一色": 4, "三元牌": 1}),
    ("123m456m789m4p", "4p", [pung("CCC"), pung("FFF")], {"三元牌": 1}),
])
def test_card(hand: str, win: str, melds: list, expected: dict) -> None:
    s = tw(hand, win, melds=melds)
    assert values(s) == expected


def test_self_drawn_concealed_is_three() -> None:
    s = tw(*HAND, {"dealer": "E", "seat": "S"}, self_drawn=True)
    assert values(s) == {"门清自摸": 3, "平胡": 2}
    # the dealer pays his 台 too: 5 + 庄家 1
    assert s["tai_by_payer"] == {"W": 5, "N": 5, "E": 6}
    assert s["payments"] == {"S": 16, "W": -5, "N": -5, "E": -6}


def test_lian_zhuang_adds_one_per_hand_kept() -> None:
    table = {"dealer": "E", "seat": "E", "discarder": "S", "streak": 3}
    s = tw(*HAND, table)
    assert values(s) == {"平胡": 2, "门清": 1, "庄家": 1, "连庄": 3} and s["total"] == 7
    assert s["payments"] == {"E": 7, "S": -7, "W": 0, "N": 0}
    plain = tw(*HAND, {"dealer": "E", "seat": "W", "discarder": "S", "streak": 3})
    assert plain["total"] == 3  # neither winner nor payer deals: no dealer 台


def test_la_zhuang_leaves_a_third_as_the_next_stake() -> None:
    table = {"dealer": "E", "seat": "E", "streak": 1, "la_zhuang": ["S"]}
    s = tw(*HAND, table, options={"base": 3, "per_tai": 3}, self_drawn=True)
    # 门清自摸 3 + 平胡 2 + 庄家 1 + 连庄 1 = 7 台: 3 + 21 = 24 from each; S pays 16, leaves 8.
    assert s["total"] == 7 and s["points"] == 24
    assert s["carried"] == [{"from": "S", "to": "E", "amount": 8, "rule": "la_zhuang"}]
    assert s["payments"] == {"E": 64, "S": -16, "W": -24, "N": -24}
    with pytest.raises(MahjongError, match="la_zhuang"):
        tw(*HAND, {"dealer": "E", "seat": "S", "la_zhuang": ["E"]}, self_drawn=True)
    with pytest.raises(MahjongError, match="streak"):
        tw(*HAND, {"dealer": "E", "seat": "S", "streak": -1}, self_drawn=True)


def test_three_winners_on_one_discard() -> None:
    hands = {"S": HAND, "W": HAND, "N": HAND}
    paid = {}
    for seat, (hand, win) in hands.items():
        table = {"dealer": "E", "seat": seat, "discarder": "E", "winners": ["S", "W", "N"]}
        paid[seat] = tw(hand, win, table)["payments"]["E"]
    assert paid == {"S": -4, "W": -4, "N": -4}  # 3 台 + the dealer's 1, each


def test_flowers() -> None:
    s = analyze({"concealed": HAND[0], "win_tile": HAND[1], "variant": "taiwan",
                 "table": ON_DISCARD, "bonus": ["2f", "6f", "1f"]})["score"]
    assert values(s)["正花"] == 2
    s = analyze({"concealed": HAND[0], "win_tile": HAND[1], "variant": "taiwan",
                 "table": ON_DISCARD, "bonus": ["1f", "2f", "3f", "4f"]})["score"]
    assert values(s)["花杠"] == 2


def test_the_streak_before_each_hand_for_the_table_session() -> None:
    hands = [{"winners": ["E"]}, {"winners": []}, {"winners": ["S"]}, {"winners": ["S"]}]
    got = wind_rounds("E", hands)
    assert got["streak_before_each_hand"] == [0, 1, 2, 0] and got["streak_after_last"] == 1
