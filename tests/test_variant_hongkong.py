"""Hong Kong 老章: the 番 card, limit hands, 爆棚, 三番起糊, flowers, half-doubling, 包, payments."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_helpers import chow, pung, score, values
from test_variant_properties import winning_hands

from assistant import MahjongError, analyze, get_profile
from assistant.variants.hongkong import half_doubling

ON_DISCARD = {"dealer": "E", "seat": "S", "discarder": "W"}
SELF_DRAWN = {"dealer": "E", "seat": "S"}


def hk(hand: str, win: str, table: dict | None = None, melds: list | None = None,
       options: dict | None = None, bonus: list | None = None, **context: object) -> dict:
    """Score under hongkong; ``bonus`` lists the flowers held."""
    data = {"concealed": hand, "win_tile": win, "variant": "hongkong", "melds": melds or [],
            "context": context, "table": table or ON_DISCARD, "bonus": bonus or []}
    if options:
        data["options"] = options
    result = analyze(data)
    assert result["is_win"], result
    s = result["score"]
    assert sum(s["payments"].values()) == 0
    assert sum(i["value"] * i.get("count", 1) for i in s["items"]) == s["total"]
    return s


@pytest.mark.parametrize(("fan", "points"), [(0, 1), (1, 2), (3, 8), (4, 16), (5, 24), (6, 32),
                                             (7, 48), (8, 64), (9, 96), (10, 128), (13, 384)])
def test_half_doubling_table(fan: int, points: int) -> None:
    assert half_doubling(fan) == points


@pytest.mark.parametrize(("hand", "win", "melds", "expected"), [
    ("123m456m789p345s9s", "9s", [], {"平糊": 1, "門前清": 1, "無花": 1}),
    ("111m555p999s2m", "2m", [pung("777s")], {"對對糊": 3, "無花": 1}),
    ("123m456m789mN", "N", [pung("WWW")], {"混一色": 3, "無花": 1}),
    ("123m456m789m1m", "1m", [pung("999m")], {"清一色": 7, "無花": 1}),
    ("123m555sPPFF", "F", [pung("CCC")], {"小三元": 5, "無花": 1}),
    ("111m999pCCC9s", "9s", [pung("EEE")], {"對對糊": 3, "花么九": 1, "三元牌": 1, "圈風": 1,
                                         "無花": 1}),
    ("EEESSS123mW", "W", [pung("NNN")], {"小四喜": 6, "混一色": 3, "無花": 1}),
])
def test_patterns_on_the_card(hand: str, win: str, melds: list, expected: dict) -> None:
    assert values(hk(hand, win, melds=melds)) == expected


@pytest.mark.parametrize(("hand", "win", "melds", "name"), [
    ("EEESSSWWWNNN5m", "5m", [], "大四喜"),
    ("EEESSSCCCFFFP", "P", [], "字一色"),
    ("111m999m111p999p1s", "1s", [], "清么九"),
    ("19m19p19sESWNCFP", "C", [], "十三么"),
    ("1112345678999m", "5m", [], "九子連環"),
    ("111m555p999s222m7s", "7s", [], "坎坎糊"),
])
def test_limit_hands(hand: str, win: str, melds: list, name: str) -> None:
    s = hk(hand, win, melds=melds)
    assert values(s) == {name: 13}
    assert s["total"] == 13 and s["limit"] is True and s["points"] == 384


def test_four_concealed_pungs_won_on_a_pung_discard_is_not_kan_kan() -> None:
    s = hk("111m555p999s77s22m", "2m")
    assert "坎坎糊" not in values(s) and values(s)["對對糊"] == 3
    s = hk("111m555p999s77s22m", "2m", SELF_DRAWN, self_drawn=True)
    assert values(s) == {"坎坎糊": 13}


def test_the_limit_caps_other_hands_and_is_an_option() -> None:
    s = hk("111m333m555m9m", "9m", SELF_DRAWN, melds=[pung("777m")], self_drawn=True)
    assert values(s) == {"清一色": 7, "對對糊": 3, "自摸": 1, "無花": 1}
    assert s["total"] == 12 and s["limit"] is False and s["points"] == 256
    s = hk("111m333m555m9m", "9m", SELF_DRAWN, melds=[pung("777m")], self_drawn=True,
           options={"limit_fan": 10})
    assert s["total"] == 10 and s["limit"] is True and values(s)["爆棚"] == -2
    assert s["points"] == 128
    s = hk("EEESSSWWWNNN5m", "5m", options={"limit_fan": 10})
    assert values(s) == {"大四喜": 10}


def test_minimum_fan_to_win() -> None:
    with pytest.raises(MahjongError, match="min_fan"):
        hk("456p789s222s5m", "5m", melds=[chow("123m")], bonus=["1f"])
    s = hk("456p789s222s5m", "5m", melds=[chow("123m")], bonus=["1f"], options={"min_fan": 0})
    assert values(s) == {} and s["total"] == 0 and s["points"] == 1


def test_flowers_seat_flowers_and_a_full_set() -> None:
    base = ("123m456m789p345s9s", "9s")
    assert values(hk(*base, bonus=["2f", "6f", "1f"]))["正花"] == 2  # South: 2f and 6f
    assert values(hk(*base, bonus=["1f", "2f"])) == {"平糊": 1, "門前清": 1, "正花": 1}
    s = hk(*base, bonus=["1f", "2f", "3f", "4f", "6f"])
    assert values(s) == {"平糊": 1, "門前清": 1, "一台花": 2, "正花": 1}
    eight = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]
    assert values(hk(*base, bonus=eight)) == {"八仙過海": 13}
    with pytest.raises(MahjongError, match="flowers"):
        hk(*base, bonus=["1f"], options={"flowers": False})


def test_seat_and_prevalent_wind_pungs() -> None:
    table = {"dealer": "E", "seat": "S", "discarder": "W", "prevalent_wind": "S"}
    s = hk("123m456m789pSSS9s", "9s", table)
    assert values(s) == {"門風": 1, "圈風": 1, "門前清": 1, "無花": 1}


def test_situational_wins() -> None:
    kong = [{"type": "kong", "tiles": ["7p"] * 4, "concealed": True}]
    s = hk("123m456m789s9s", "9s", SELF_DRAWN, melds=kong, self_drawn=True,
           kong_replacement=True)
    assert values(s) == {"門前清": 1, "自摸": 1, "槓上開花": 1, "無花": 1}
    two = kong + [{"type": "kong", "tiles": ["5s"] * 4, "concealed": True}]
    s = hk("123m456m9s", "9s", SELF_DRAWN, melds=two, self_drawn=True,
           kong_replacement=True, kong_on_kong=True, options={"min_fan": 0})
    assert values(s)["槓上槓"] == 8 and "槓上開花" not in values(s)
    with pytest.raises(MahjongError, match="kong_on_kong"):
        hk("123m456m789s9s", "9s", SELF_DRAWN, melds=kong, self_drawn=True,
           kong_replacement=True, kong_on_kong=True)
    s = hk("123m456m789p345s9s", "9s", SELF_DRAWN, self_drawn=True, wall_last=True)
    assert values(s)["海底撈月"] == 1
    s = hk("123m456m789p345s9s", "9s", ON_DISCARD, wall_last=True)
    assert values(s)["河底撈魚"] == 1


@pytest.mark.parametrize(("table", "context", "name"), [
    ({"dealer": "E", "seat": "E"}, {"self_drawn": True}, "天糊"),
    ({"dealer": "E", "seat": "S"}, {"self_drawn": True}, "地糊"),
    ({"dealer": "E", "seat": "S", "discarder": "E"}, {}, "人糊"),
])
def test_first_go_around_limits(table: dict, context: dict, name: str) -> None:
    s = hk("123m456m789p345s9s", "9s", table, first_go_around=True, **context)
    assert values(s) == {name: 13}


def test_ren_wu_as_its_patterns() -> None:
    s = hk("123m456m789p345s9s", "9s", {"dealer": "E", "seat": "S", "discarder": "E"},
           first_go_around=True, options={"ren_wu_limit": False})
    assert values(s) == {"平糊": 1, "門前清": 1, "無花": 1}


def test_payments_half_and_full_gun_and_self_drawn() -> None:
    hand = ("111m555p999s2m", "2m", None, [pung("777s")])
    s = hk(*hand)  # 4 fan: 16 points
    assert s["payments"] == {"S": 32, "W": -16, "E": -8, "N": -8}
    s = hk(*hand, options={"discard_payment": "full"})
    assert s["payments"] == {"S": 32, "W": -32, "E": 0, "N": 0}
    s = hk("111m555p999s2m", "2m", SELF_DRAWN, [pung("777s")], self_drawn=True)
    assert s["total"] == 5 and s["points"] == 24
    assert s["payments"] == {"S": 72, "E": -24, "W": -24, "N": -24}
    s = hk(*hand, options={"payout": "doubling", "base": 2})
    assert s["points"] == 32


def test_bao_twelve_down_and_big_three_dragons() -> None:
    melds = [pung("CCC", "left"), pung("FFF", "right"), pung("PPP", "opposite"),
             pung("999s", "right")]
    s = hk("4s", "4s", SELF_DRAWN, melds=melds, self_drawn=True)
    # 大三元 8 + 混一色 3 + 對對糊 3 + 自摸 1 + 無花 1 = 16, capped at 13; 白 came from N (opposite
    # of S), the 4th set from W (right of S): 大三元 liability comes first.
    assert s["liable"] == {"seat": "N", "rule": "big_hand_liability"} and s["limit"] is True
    assert s["payments"] == {"S": 3 * 384, "N": -3 * 384, "E": 0, "W": 0}
    s = hk("4s", "4s", SELF_DRAWN, melds=melds, self_drawn=True,
           options={"big_hand_liability": False})
    assert s["liable"] == {"seat": "W", "rule": "twelve_down_liability"}


def test_dora_switch_adds_a_fan_per_copy() -> None:
    s = hk("123m456m789p34s88m", "5s", options={"dora_indicators": ["7m"]})
    assert values(s)["宝牌"] == 2
    with pytest.raises(MahjongError, match="dora_indicators"):
        get_profile("hongkong", {"dora_indicators": ["1f"]})


def test_options_are_named_in_variants() -> None:
    profile = get_profile("hongkong")
    for key in ("min_fan", "limit_fan", "payout", "discard_payment", "qing_yi_se_fan",
                "flowers"):
        assert key in profile.options()
    with pytest.raises(MahjongError, match="min_fan"):
        get_profile("hongkong", {"min_fan": -1})


def test_other_helpers_still_score_guangdong() -> None:
    assert values(score("123m456m789p345s9s", "9s", "guangdong", ON_DISCARD)) == {"平和": 1}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(winning_hands(), st.sampled_from("ESWN"), st.sampled_from("ESWN"), st.booleans(),
       st.sampled_from(["half", "full"]))
def test_property_payments_sum_to_zero_and_the_limit_holds(hand: dict, dealer: str, seat: str,
                                                           self_drawn: bool, mode: str) -> None:
    others = [s for s in "ESWN" if s != seat]
    table = {"dealer": dealer, "seat": seat, "discarder": None if self_drawn else others[0]}
    data = {**hand, "variant": "hongkong", "table": table, "context": {"self_drawn": self_drawn},
            "options": {"min_fan": 0, "discard_payment": mode}}
    s = analyze(data)["score"]
    assert sum(s["payments"].values()) == 0 and s["payments"][seat] > 0
    assert sum(i["value"] * i.get("count", 1) for i in s["items"]) == s["total"]
    assert 0 <= s["total"] <= 13 and (s["total"] == 13) == s["limit"]


def test_seven_pairs_only_where_the_table_plays_it() -> None:
    r = analyze({"concealed": "1133m5577p22sEEC", "win_tile": "C", "variant": "hongkong",
                 "table": ON_DISCARD})
    assert not r["is_win"]
    s = hk("1133m5577p22sEEC", "C", options={"seven_pairs_fan": 4})
    assert values(s) == {"七對": 4, "門前清": 1, "無花": 1}


def test_house_rule_values_of_the_small_items() -> None:
    hand = ("111m999pCCC9s", "9s", None, [pung("EEE")])
    s = hk(*hand, options={"dragon_pung_fan": 0, "no_flower_fan": 0})
    assert values(s) == {"對對糊": 3, "花么九": 1, "圈風": 1}
    s = hk("123m456m789p345s9s", "9s", bonus=["2f"], options={"seat_flower_fan": 2})
    assert values(s)["正花"] == 2
    s = hk("CCCFFFPPP123m4s", "4s", options={"da_san_yuan_fan": 13})
    assert s["total"] == 13 and s["limit"] is True


def test_claims_name_no_winner_below_the_minimum() -> None:
    # 三番起糊: S completes 123m 456p 789s 222s on 5m with fewer than 3 番, so claims pass it
    # over for W's 清一色, as the analysis refuses S's win and scores W's.
    from assistant import claims_on_discard

    hands = {"S": {"concealed": "123m456p789s222s5m"}, "W": {"concealed": "111m234m678m99m55m"}}
    r = claims_on_discard({"discard": "5m", "discarder": "E", "variant": "hongkong",
                           "hands": hands})
    assert not r["seats"]["S"]["win"] and r["seats"]["W"]["win"] and r["winners"] == ["W"]
    with pytest.raises(MahjongError, match="min_fan"):
        analyze({**hands["S"], "win_tile": "5m", "variant": "hongkong"})
    low = claims_on_discard({"discard": "5m", "discarder": "E", "variant": "hongkong",
                             "options": {"min_fan": 0}, "hands": hands})
    assert "S" in low["winners"]
