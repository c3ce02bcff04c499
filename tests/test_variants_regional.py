"""The remaining systems of seed 003: Changsha, Inner Mongolia, Wuhu, Taiyuan 立四, Nanjing,
Jiangnan 心皇, and the dice notes — each rule a test that fails without it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant import analyze
from assistant.claims import claims_on_discard
from assistant.errors import MahjongError
from assistant.procedures import dice_start, next_dealer
from assistant.tiles import parse_tiles
from assistant.variants import get_profile


def result(variant: str, concealed: str, win: str | None = None, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"concealed": concealed, "variant": variant, **extra}
    if win:
        data["win_tile"] = win
    return analyze(data)


def items(r: dict[str, Any]) -> dict[str, int]:
    return {i["name_zh"]: i["value"] * i.get("count", 1) for i in r["score"]["items"]}


# --- 长沙 -----------------------------------------------------------------------------------

def test_changsha_small_win_needs_a_258_pair() -> None:
    r = result("changsha", "123m456m789p234s5s", "5s")
    assert items(r) == {"平胡": 1} and r["score"]["payments"] == {"E": 2, "S": 0, "W": 0, "N": -2}
    r = result("changsha", "123m456m789p234s6s", "6s")
    assert not r["is_win"] and "二五八" in r["not_a_win"]["zh"]
    assert result("changsha", "123m456m789p234s6s", "6s",
                  options={"pinghu_258_pair": False})["is_win"]
    # A 13-tile hand waits only on what makes a 2-5-8 pair or a 大胡.
    assert result("changsha", "123m456m789p234s6s")["waits"] == []
    assert {w["tile"] for w in result("changsha", "123m456m789p234s5s")["waits"]} == {"2s", "5s"}


def test_changsha_big_wins_count_as_big_and_add_up() -> None:
    # 碰碰胡 with a 9 pair: a 大胡 needs no 将; counted as 大 even where it could be read as 小.
    r = result("changsha", "111m444m222p777p9p", "9p", table={"seat": "S", "discarder": "W"})
    assert items(r) == {"碰碰胡": 6} and r["score"]["payments"]["W"] == -6
    r = result("changsha", "222m555m888m222s5s", "5s", table={"seat": "S", "discarder": "W"})
    assert items(r) == {"碰碰胡": 6, "将将胡": 6}
    doubled = result("changsha", "222m555m888m222s5s", "5s", options={"big_combine": "double"},
                     table={"seat": "S", "discarder": "W"})
    assert doubled["score"]["payments"]["W"] == -12
    r = result("changsha", "11m33m55m77m99m22p4p", "4p", table={"seat": "S", "discarder": "W"})
    assert items(r) == {"七巧对": 6}


def test_changsha_birds_and_the_dealer() -> None:
    # Self-drawn 碰碰胡 by the dealer E: 6 + 1 (庄闲) from each; bird 1m hits the winner (every
    # payer pays one share more), bird 3p hits 对家 W (one more share from W).
    r = result("changsha", "111m444m222p777p9p", "9p", context={"self_drawn": True},
               table={"seat": "E", "dealer": "E", "discarder": None, "birds": ["1m", "3p"]})
    assert r["score"]["payments"] == {"E": 49, "S": -14, "W": -21, "N": -14}
    assert [b["seat"] for b in r["score"]["birds"]] == ["E", "W"]
    with pytest.raises(MahjongError, match="birds"):
        result("changsha", "111m444m222p777p9p", "9p", table={"birds": ["1m"]})


def test_changsha_instant_wins_on_the_dealt_hand() -> None:
    r = result("changsha", "111123456m6789p", context={"dealt_hand": True})
    found = {i["name_zh"] for i in r["instant_win"]["items"]}
    assert found == {"四喜", "缺一色"}
    assert r["instant_win"]["payments"] == {"E": 15, "S": -5, "W": -5, "N": -5}
    assert result("changsha", "123m456m789p2399s", context={"dealt_hand": True})["instant_win"] is None
    assert {i["name_zh"] for i in result("changsha", "134679m134679p1s",
                                         context={"dealt_hand": True})["instant_win"]["items"]} == {
        "板板胡"}
    with pytest.raises(MahjongError, match="起手胡"):  # 起手胡 claimed after a discard
        result("changsha", "111123456m6789p", context={"dealt_hand": True}, discards=["5s"])
    with pytest.raises(MahjongError, match="起手胡"):
        result("shaanxi", "111123456m6789p", context={"dealt_hand": True})


def test_changsha_tongpao_dealer() -> None:
    profile = get_profile("changsha")
    assert next_dealer("E", ["S", "N"], profile, "W") == "W"  # 通炮者坐庄
    assert next_dealer("E", ["S"], profile, "W") == "S"  # 其次和家坐庄


# --- 内蒙 -----------------------------------------------------------------------------------

OPEN_PUNG = [{"type": "pung", "tiles": "EEE", "from": "left"}]


def test_neimenggu_three_conditions() -> None:
    assert result("neimenggu", "123m456p789s4m", "4m", melds=OPEN_PUNG)["is_win"]
    chow = [{"type": "chow", "tiles": "234s", "from": "left"}]
    r = result("neimenggu", "123m456p789s4m", "4m", melds=chow)
    assert not r["is_win"] and "pung" in r["not_a_win"]["en"]
    r = result("neimenggu", "123m456p789s444m4p", "4p")
    assert not r["is_win"] and "open" in r["not_a_win"]["en"]
    pung = [{"type": "pung", "tiles": "555s", "from": "right"}]
    r = result("neimenggu", "234m456p678s4m", "4m", melds=pung)
    assert not r["is_win"] and "幺九" in r["not_a_win"]["zh"]
    # 幺九 as a pung: a 9 in a chow is not enough.
    ninth = result("neimenggu", "789m456p555s4m", "4m",
                   melds=[{"type": "pung", "tiles": "666s", "from": "left"}],
                   options={"yaojiu_rule": "pung"})
    assert not ninth["is_win"]
    assert result("neimenggu", "789m456p555s4m", "4m",
                  melds=[{"type": "pung", "tiles": "666s", "from": "left"}])["is_win"]


# --- 芜湖 -----------------------------------------------------------------------------------

def test_wuhu_eight_of_a_suit_and_the_winds() -> None:
    r = result("wuhu", "123456789m11pES", "W")
    assert items(r) == {"平和（八支）": 2, "通天": 2} and r["score"]["points"] == 4
    # Any winds make the pung: waiting on 1p or any wind not held.
    assert {w["tile"] for w in result("wuhu", "123456789m11pES")["waits"]} == {"1p", "W", "N"}
    r = result("wuhu", "123m456p789s456sE", "S")
    assert not r["is_win"] and "八支" in r["not_a_win"]["zh"]
    with pytest.raises(MahjongError, match="one E"):
        result("wuhu", "123456789m11pEE")
    with pytest.raises(MahjongError, match="chow"):
        result("wuhu", "456789m11pESW", melds=[{"type": "chow", "tiles": "123m", "from": "left"}])
    with pytest.raises(MahjongError, match="not in the tile set"):
        result("wuhu", "123456789m11pEC")
    assert not get_profile("wuhu").multiple_winners


def test_wuhu_yadang_and_four_in_use() -> None:
    # 压档: 5m between 4m and 6m, the only wait: worth its number.
    r = result("wuhu", "111m46m789m99pESW", "5m")
    assert items(r)["压档"] == 5
    assert items(result("wuhu", "111m46m789m99pESW", "5m",
                        options={"yadang_fan": "one"}))["压档"] == 1
    # 四活: four 1m, used as a pung and in a chow, no kong.
    r = result("wuhu", "111123m456m789mE", "S")
    assert items(r)["四活"] == 2


def test_wuhu_claims_pung_a_wind_with_any_two() -> None:
    r = claims_on_discard({"discard": "N", "discarder": "E", "variant": "wuhu",
                           "hands": {"S": {"concealed": "12345678m123pES"}}})
    assert r["seats"]["S"]["pung"] and r["seats"]["S"]["chows"] == []


def test_wuhu_a_wind_pung_claimed_is_one_the_analysis_accepts() -> None:
    # "四单张风牌…也可与第三张风碰牌或四张一起也可以开杠": claims offer the pung of 北 with 东 南
    # and the kong of the four winds, and the hand after either is read.
    after = result("wuhu", "123456789m1pW", melds=[{"type": "pung", "tiles": "ESN",
                                                   "from": "opposite"}])
    assert after["shanten"] == 0
    r = claims_on_discard({"discard": "N", "discarder": "W", "variant": "wuhu",
                           "hands": {"E": {"concealed": "123456789m1pESW"}}})
    seat = r["seats"]["E"]
    assert seat["kong"] and r["claim"] == {"seat": "E", "type": "pung", "can_kong": True}
    assert ["E", "S", "N"] in seat["pungs"] and seat["kongs"] == [["E", "S", "W", "N"]]
    kong = result("wuhu", "123456789m1p", "1p",
                  melds=[{"type": "kong", "tiles": "ESWN", "from": "opposite"}])
    assert kong["is_win"]
    with pytest.raises(MahjongError, match="is not a pung"):
        result("wuhu", "123456789m1pW", melds=[{"type": "pung", "tiles": "EEN"}])


def test_wuhu_double_eight_beside_two_kongs_of_another_suit() -> None:
    # "双八支：由一种花色的八支牌与另一种花色的两个杠组成": eight 万 and two 筒 kongs (eight 筒
    # too), or kongs of 筒 and 条.
    for kongs in (("1111p", "9999p"), ("1111p", "9999s")):
        melds = [{"type": "kong", "tiles": t, "from": "left"} for t in kongs]
        assert items(result("wuhu", "123m456m8m", "8m", melds=melds))["双八支"] == 4


# --- 太原立四 ---------------------------------------------------------------------------------

def test_taiyuan_the_wait_uses_the_stood_tiles() -> None:
    hand = "123m456p789s12m99p"
    assert [w["tile"] for w in result("taiyuan", hand, stood=["1m", "2m", "9p", "9p"])["waits"]] \
        == ["3m"]
    assert result("taiyuan", hand, stood=["4p", "5p", "6p", "9p"])["waits"] == []
    r = result("taiyuan", hand, "3m", stood=["4p", "5p", "6p", "9p"])
    assert not r["is_win"] and "立四" in r["not_a_win"]["zh"]
    # The standing tiles are never discarded.
    r = result("taiyuan", "123m456p789s12m99pE", stood=["E", "1m", "2m", "9p"])
    assert r["discards"] and all(d["tile"] != "E" for d in r["discards"])
    with pytest.raises(MahjongError, match="stood"):
        result("taiyuan", hand, stood=["5s"])


@pytest.mark.parametrize("flowers", [{"bonus": ["1f"]}, {"context": {"flowers": 2}}])
def test_taiyuan_has_no_flowers(flowers: dict[str, Any]) -> None:
    # 1.没有花牌 (seed 003 l.341)
    hand = "123m456p789s12m99p"
    with pytest.raises(MahjongError, match="没有花牌"):
        result("taiyuan", hand, "3m", stood=["1m", "2m", "9p", "9p"], **flowers)
    assert result("taiyuan", hand, "3m", stood=["1m", "2m", "9p", "9p"])["is_win"]


# --- 南京 -----------------------------------------------------------------------------------

def test_nanjing_flowers_dragons_and_eight_of_a_suit() -> None:
    r = result("nanjing", "123456789m11pSS", "S", bonus=["C", "1f"])
    assert items(r) == {"底花": 2, "花": 2} and r["score"]["payments"]["N"] == -4
    flush = result("nanjing", "123456789m11mSS", "S", bonus=["C"])
    assert items(flush)["混一色"] == 1 and flush["score"]["points"] == 6
    with pytest.raises(MahjongError, match="not in the tile set"):
        result("nanjing", "123456789m11pCC")
    with pytest.raises(MahjongError, match="flower only"):
        result("guangdong", "123456789m11pSS", "S", bonus=["C"])
    r = result("nanjing", "123m456m789p11pSS", "S")
    assert not r["is_win"] and "八枝" in r["not_a_win"]["zh"]
    two = [{"type": "pung", "tiles": "555m", "from": "left"},
           {"type": "pung", "tiles": "666m", "from": "right"}]
    r = result("nanjing", "123m789mS", "S", melds=two)
    assert not r["is_win"] and "碰一对" in r["not_a_win"]["zh"]


def test_the_dice_notes() -> None:
    # 南京 (l.159): 庄家掷6点，下家掷11点，从下家第12墩开始.
    r = dice_start(get_profile("nanjing"), "E", [6, 11])
    assert r["wall_seat"] == "S" and r["skip_stacks"] == 11
    # 九自手 (l.167): 4 + 5 → own wall, from the 4th stack.
    r = dice_start(get_profile("nanjing", {"dice": "sum_and_smaller"}), "E", [[4, 5]])
    assert r["wall_seat"] == "E" and r["skip_stacks"] == 3
    with pytest.raises(MahjongError, match="both dice"):
        dice_start(get_profile("nanjing", {"dice": "sum_and_smaller"}), "E", [9])
    # Sichuan throws two dice once.
    assert dice_start(get_profile("sichuan"), "E", [7])["wall_seat"] == "W"


# --- 江南心皇 ---------------------------------------------------------------------------------

def test_jiangnan_imagined_tile_and_discards_in_order() -> None:
    hand = "123m456p789s1m2m5p"
    r = result("jiangnan", hand)
    assert r["shanten"] == 0 and {"3m", "5p"} <= {w["tile"] for w in r["waits"]}
    assert result("jiangnan", hand, "3m")["is_win"]
    r = result("jiangnan", hand, "3m", discards=["3m"])
    assert not r["is_win"] and "排列出牌" in r["not_a_win"]["zh"]
    drawn = result("jiangnan", hand, "3m", discards=["3m"], context={"self_drawn": True},
                   options={"discard_lock": "discard"})
    assert drawn["is_win"]
    # The imagined tile never makes a pung: one 3m in hand wins on 3m but cannot pung it.
    c = claims_on_discard({"discard": "3m", "discarder": "E", "variant": "jiangnan",
                           "hands": {"S": {"concealed": hand}}})
    assert c["seats"]["S"]["win"] and not c["seats"]["S"]["pung"]
    c = claims_on_discard({"discard": "3m", "discarder": "E", "variant": "jiangnan",
                           "hands": {"S": {"concealed": hand, "discards": ["3m"]}}})
    assert not c["seats"]["S"]["win"] and c["seats"]["S"]["chows"] == []
    with pytest.raises(MahjongError, match="too many tiles"):
        result("jiangnan", "123m456p789s1m2m5p99s")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["changsha", "neimenggu", "wuhu", "nanjing", "jiangnan", "taiyuan"]),
       st.booleans(), st.sampled_from("ESWN"), st.sampled_from("ESWN"))
def test_payments_sum_to_zero(variant: str, self_drawn: bool, seat: str, dealer: str) -> None:
    hands = {"changsha": ("111m444m222p777p9p", "9p", {}),
             "neimenggu": ("123m456p789s4m", "4m", {"melds": OPEN_PUNG}),
             "wuhu": ("123456789m11pES", "W", {}),
             "nanjing": ("123456789m11pSS", "S", {"bonus": ["C"]}),
             "jiangnan": ("123m456p789s1m2m5p", "3m", {}),
             "taiyuan": ("123m456p789s12m99p", "3m", {"stood": ["1m", "2m"]})}
    concealed, win, extra = hands[variant]
    discarder = None if self_drawn else next(s for s in "NWSE" if s != seat)
    r = result(variant, concealed, win, context={"self_drawn": self_drawn}, **extra,
               table={"seat": seat, "dealer": dealer, "discarder": discarder})
    payments = r["score"]["payments"]
    assert sum(payments.values()) == 0 and payments[seat] > 0


def test_every_new_variant_is_listed_with_its_rules() -> None:
    for name in ("changsha", "neimenggu", "wuhu", "taiyuan", "nanjing", "jiangnan"):
        profile = get_profile(name)
        assert profile.name_zh and profile.rules_summary and profile.description_en
        assert parse_tiles("1m")  # the parser is shared by all


def test_every_example_hand_of_the_rules_page_wins_and_scores() -> None:
    from assistant.variants import PROFILES, SCORERS

    shown = 0
    for name, profile in PROFILES.items():
        for example in profile.examples:
            r = analyze({**example["hand"], "variant": name})
            assert r["is_win"] and "score" in r, (name, example["zh"])
            assert sum(r["score"]["payments"].values()) == 0
            shown += 1
        assert profile.examples or name not in SCORERS or name in (
            "shaanxi", "xian", "guangdong"), f"{name} has no example hands"
    assert shown >= 15
