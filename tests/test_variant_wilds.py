"""Wild-tile variants of seed 003 (武汉, 温州, 徐州, 连州, 福建, 天津) and the indicator schemes:
each rule a test that fails without it."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from assistant import analyze
from assistant.decompose import decompositions
from assistant.errors import MahjongError
from assistant.hand import HandState
from assistant.legality import resolve_melds
from assistant.procedures import pass_lock, wild_tiles
from assistant.tiles import to_counts
from assistant.variants import get_profile
from assistant.wilds import wilds_from_indicator


def result(variant: str, concealed: str, win: str | None = None, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"concealed": concealed, "variant": variant, **extra}
    if win:
        data["win_tile"] = win
    return analyze(data)


def items(r: dict[str, Any]) -> dict[str, int]:
    return {i["name_zh"]: i["value"] * i.get("count", 1) for i in r["score"]["items"]}


def pung(tiles: str, source: str = "left") -> dict[str, Any]:
    return {"type": "pung", "tiles": tiles, "from": source}


def kong(tiles: str, concealed: bool = False) -> dict[str, Any]:
    return {"type": "kong", "tiles": tiles, "concealed": concealed,
            "from": None if concealed else "left"}


# --- which tile is wild: every example of the seed ----------------------------------------

@pytest.mark.parametrize("scheme,indicator,wilds", [
    # 武汉: 翻出五万六万就是赖子, 翻出九万一万就是赖子, 北 → 发 (红中 skipped), 中 → 发, 白 → 东.
    ("next_no_red", "5m", ("6m",)), ("next_no_red", "9m", ("1m",)),
    ("next_no_red", "N", ("F",)), ("next_no_red", "C", ("F",)), ("next_no_red", "P", ("E",)),
    ("next_no_red", "W", ("N",)),
    # 福建 带弟百搭: 三万 → 四万, 九万 → 一万, 北 → 红中; 白 → 东 (首尾相连).
    ("next", "3m", ("4m",)), ("next", "9m", ("1m",)), ("next", "N", ("C",)),
    ("next", "P", ("E",)),
    # 活动百搭: the turned tile itself.
    ("same", "3m", ("3m",)),
    # 连州: 反的出来是一万，就拿九万当王.
    ("previous", "1m", ("9m",)), ("previous", "5p", ("4p",)),
    # 窗百搭: 四万 → 三万 四万 五万 四筒 四索; 开红中 → 中 发 白 东 南.
    ("window", "4m", ("3m", "4m", "5m", "4p", "4s")),
    ("window", "C", ("C", "F", "P", "E", "S")),
    # 天津 中下滚, 7 tiles: the turned kind and the next.
    ("same_and_next", "5m", ("5m", "6m")), ("same_and_next", "9s", ("9s", "1s")),
])
def test_indicator_schemes_follow_the_seed(scheme: str, indicator: str,
                                           wilds: tuple[str, ...]) -> None:
    assert wilds_from_indicator(scheme, indicator) == wilds


def test_each_variant_derives_its_wilds() -> None:
    assert wild_tiles(get_profile("wuhan"), "N")["wilds"] == ["F"]
    assert wild_tiles(get_profile("wenzhou"), "5p")["wilds"] == ["5p"]
    assert wild_tiles(get_profile("wenzhou"), "5p")["stand_in"] == {"tile": "P", "as": "5p"}
    assert wild_tiles(get_profile("xuzhou"), "9m")["wilds"] == ["1m"]
    assert wild_tiles(get_profile("lianzhou"), "1m")["wilds"] == ["9m"]
    assert wild_tiles(get_profile("fujian"), "3m")["wilds"] == ["3m"]
    assert wild_tiles(get_profile("fujian", {"baida": "daidi"}), "N")["wilds"] == ["C"]
    assert "stand_in" not in wild_tiles(get_profile("fujian", {"baida": "daidi"}), "N")
    assert wild_tiles(get_profile("tianjin"), "4m")["wilds"] == ["4m", "5m"]
    assert wild_tiles(get_profile("tianjin", {"hun": "next"}), "4m")["wilds"] == ["5m"]
    # 连州 without 2万–8万: 九万 turned makes 一万 the 王 (the previous tile in the short set).
    assert wild_tiles(get_profile("lianzhou", {"short_set": True}), "1m")["wilds"] == ["9m"]
    assert wild_tiles(get_profile("lianzhou", {"short_set": True}), "9m")["wilds"] == ["1m"]
    # Any profile can switch a scheme on.
    assert wild_tiles(get_profile("default", {"wild_indicator": "window"}), "4m")["wilds"] == [
        "3m", "4m", "5m", "4p", "4s"]
    with pytest.raises(MahjongError, match="wild_indicator"):
        wild_tiles(get_profile("sichuan"), "5m")
    with pytest.raises(MahjongError, match="wild_indicator"):
        get_profile("default", {"wild_indicator": "sideways"})


def test_table_wild_command() -> None:
    out = subprocess.run([sys.executable, "-m", "assistant", "table", "wild", "--variant", "wuhan",
                          "--indicator", "5m", "--json"], capture_output=True, text=True,
                         check=True).stdout
    assert json.loads(out)["wilds"] == ["6m"]
    text = subprocess.run([sys.executable, "-m", "assistant", "table", "wild", "--variant",
                           "wuhan", "--indicator", "北"], capture_output=True, text=True,
                          check=True).stdout
    assert "发" in text


def test_the_hand_state_indicator() -> None:
    # 武汉 with 五万 turned: 六万 is the 赖子 and completes the hand; without it, not.
    hand = {"concealed": "123m456p8s6m55s", "win_tile": "9s", "self_drawn": True,
            "melds": [pung("EEE")], "variant": "wuhan"}
    assert analyze({**hand, "indicator": "5m"})["is_win"]
    assert not analyze({**hand, "indicator": "4m"})["is_win"]
    assert analyze({**hand, "indicator": "5m"})["hand"]["indicator"] == "5m"
    # The turned tile is a seen copy.
    with pytest.raises(MahjongError, match="copies of 5s"):
        analyze({**hand, "concealed": "123m456p8s6m55s", "visible": "55s", "indicator": "5s"})
    with pytest.raises(MahjongError, match="indicator"):
        analyze({"concealed": "123m456p789s1122z", "indicator": "5m", "variant": "sichuan"})
    with pytest.raises(MahjongError, match="playing tile"):
        analyze({"concealed": "123m456p789s1122z", "indicator": "1f", "variant": "wuhan"})


# --- 武汉 红中赖子杠 ------------------------------------------------------------------------

WUHAN_PI = {"concealed": "123m456p8s6m55s", "win_tile": "9s", "self_drawn": True,
            "indicator": "5m", "melds": [pung("EEE")]}


def wuhan(**changes: Any) -> dict[str, Any]:
    return analyze({**WUHAN_PI, "variant": "wuhan", **changes})


def test_wuhan_needs_an_open_hand() -> None:
    r = wuhan(concealed="123m456p8s6m55s777p", melds=[])
    assert not r["is_win"] and "开口" in r["not_a_win"]["zh"]
    assert wuhan()["is_win"]
    # A concealed kong opens by default (开口 即碰, 吃, 杠), not where the option says no.
    closed = {"concealed": "123m456p8s6m55s", "melds": [kong("EEEE", concealed=True)]}
    assert wuhan(**closed)["is_win"]
    assert not analyze({**WUHAN_PI, **closed, "variant": "wuhan",
                        "options": {"concealed_kong_opens": False}})["is_win"]


def test_wuhan_red_dragon_in_hand_cannot_win() -> None:
    r = wuhan(concealed="123m456p55sCC", win_tile="C")
    assert not r["is_win"] and "红中" in r["not_a_win"]["zh"]
    with pytest.raises(MahjongError, match="红中杠"):
        wuhan(melds=[pung("CCC")])


def test_wuhan_laizi_never_in_a_claimed_set() -> None:
    with pytest.raises(MahjongError, match="cannot be used to chow, pung or kong"):
        wuhan(concealed="123m456p8s7s55s", melds=[pung("6m6m6m")], win_tile="9s")
    # Nor is a discarded 赖子 won on.
    from assistant.claims import claims_on_discard

    waiting = {"concealed": "123m456p8s9s55s", "melds": [pung("EEE")], "indicator": "5m"}
    seats = claims_on_discard({"discard": "7s", "discarder": "S", "variant": "wuhan",
                               "hands": {"W": waiting}})["seats"]
    assert seats["W"]["win"]
    seats = claims_on_discard({"discard": "6m", "discarder": "S", "variant": "wuhan",
                               "hands": {"W": waiting}})["seats"]
    assert not seats["W"]["win"] and not seats["W"]["pung"]


def test_wuhan_two_laizi_cannot_win_a_small_hand() -> None:
    r = wuhan(concealed="123m456p8s6m55s", win_tile="6m")
    assert not r["is_win"] and "两个赖子" in r["not_a_win"]["zh"]
    # A 大胡 with two 赖子 wins: 清一色 (10) with both standing in.
    r = wuhan(concealed="123m44m789m6m1m", win_tile="6m", melds=[pung("999m")])
    assert r["is_win"] and "清一色" in items(r)


def test_wuhan_small_win_needs_a_258_pair() -> None:
    r = wuhan(concealed="123m456p8s6m33s", win_tile="9s")
    assert not r["is_win"] and "二五八" in r["not_a_win"]["zh"]
    assert analyze({**WUHAN_PI, "concealed": "123m456p8s6m33s", "variant": "wuhan",
                    "options": {"pinghu_258_pair": False}})["is_win"]


def test_wuhan_soft_and_hard() -> None:
    soft = wuhan()
    assert items(soft) == {"屁胡": 1, "开口番": 1} and not soft["score"]["hard"]
    assert soft["score"]["wilds_as"] == ["7s"] and soft["score"]["payments"]["E"] == 6
    hard = wuhan(concealed="123m456p78s55s", win_tile="9s")
    assert items(hard) == {"屁胡": 1, "硬胡": 1, "开口番": 1} and hard["score"]["total"] == 4
    # The 赖子 as itself (归位) is hard too: 六万 in 456m.
    back = wuhan(concealed="123m45m6m78s55s", win_tile="9s")
    assert back["score"]["hard"] and back["score"]["total"] == 4


def test_wuhan_big_wins() -> None:
    table = {"seat": "E", "discarder": "S"}
    r = wuhan(concealed="555m888s22s55p", win_tile="5p", self_drawn=False, table=table,
              melds=[pung("222p")])
    assert items(r)["碰碰胡"] == 10 and items(r)["将一色"] == 10
    r = wuhan(concealed="5m", win_tile="5m", self_drawn=False, table=table,
              melds=[pung("123m", "left") | {"type": "chow"}, pung("SSS"), pung("WWW"),
                     pung("NNN")])
    assert "全求人" in items(r)
    # 杠开 after a 红中杠 (laid out singly).
    r = wuhan(kong_replacement=True, laid_out=["C"])
    assert "杠开" in items(r) and items(r)["红中杠"] == 1
    # 海底捞 and 风一色.
    assert "海底捞" in items(wuhan(wall_last=True))
    r = wuhan(concealed="SSSWWWNNNF", win_tile="F", melds=[pung("EEE")])
    assert "风一色" in items(r)


def test_wuhan_shapeless_all_258() -> None:
    # 将一色 needs no shape: every tile a 2, 5 or 8 (the 赖子 standing for one).
    r = wuhan(concealed="258m258p25s6m5m", win_tile="8s", melds=[pung("222s")])
    assert r["is_win"] and items(r)["将一色"] == 10
    assert r["decompositions"][0]["shapeless"]["zh"] == "将一色"
    # A ready 将一色 of no shape waits on every 2, 5 and 8 (and the 赖子).
    ready = wuhan(concealed="258m258p25s6m5m", win_tile=None, melds=[pung("222s")])
    shapeless = {w["tile"] for w in ready["waits"] if w.get("shapeless")}
    assert {"8s", "2m", "5p", "6m"} <= shapeless and "3m" not in shapeless


def test_wuhan_kongs_and_open_fan() -> None:
    r = wuhan(laid_out=["C", "6m"], melds=[kong("EEEE")])
    got = items(r)
    assert got["红中杠"] == 1 and got["赖子杠"] == 2 and got["明杠"] == 1 and got["开口番"] == 1
    assert r["score"]["fan"] == 5 and r["score"]["total"] == 32
    with pytest.raises(MahjongError, match="laid out singly"):
        wuhan(laid_out=["F"])
    # 口口番: ×2 for each claimed chow or pung instead of once.
    two = {"concealed": "456p8s6m55s", "melds": [pung("EEE"), pung("SSS")]}
    assert items(wuhan(**two))["开口番"] == 1
    kou = analyze({**WUHAN_PI, **two, "variant": "wuhan", "options": {"open_fan": "koukou"}})
    assert items(kou)["口口番"] == 2


def test_wuhan_robbing_a_kong_the_robbed_pays_all() -> None:
    r = wuhan(self_drawn=False, robbing_kong=True, table={"seat": "E", "discarder": "S"})
    assert "抢杠" in items(r)
    share = r["score"]["points"]
    assert r["score"]["payments"] == {"E": 3 * share, "S": -3 * share, "W": 0, "N": 0}


# --- 温州 财神 ------------------------------------------------------------------------------

def test_wenzhou_caishen_and_the_white_stand_in() -> None:
    # 5p turned: the 5p is 财神 and stands for 3m; 白板 counts as a real 5p in 456p.
    r = result("wenzhou", "12m5p46pP789s11s99p", "9p", self_drawn=True, indicator="5p")
    assert r["is_win"] and r["score"]["wilds_as"] == ["3m"]
    assert items(r) == {"软牌": 1}
    # Without the stand-in the 白板 is only a 白板: no win.
    assert not analyze({"concealed": "12m5p46pP789s11s99p", "win_tile": "9p", "indicator": "5p",
                        "variant": "wenzhou", "options": {"white_stands_in": False}})["is_win"]


def test_wenzhou_caishen_never_discarded_nor_claimed() -> None:
    r = result("wenzhou", "12m5p46pP789s11s99pE", indicator="5p")
    assert r["discards"] and all(d["tile"] != "5p" for d in r["discards"])
    assert any(d["tile"] == "5p" for d in analyze({"concealed": "12m5p46pP789s11s99pE",
                                                   "indicator": "5p", "variant": "wenzhou",
                                                   "options": {"wild_discard": True}})["discards"])
    with pytest.raises(MahjongError, match="chow, pung or kong"):
        result("wenzhou", "46pP789s11s99p", "9p", indicator="5p",
               melds=[{"type": "chow", "tiles": "345p", "from": "left"}])


def test_wenzhou_hard_and_doubling_hands() -> None:
    hard = result("wenzhou", "123m456p789s11s99p", "9p", self_drawn=True, indicator="5m",
                  table={"seat": "S", "dealer": "E"})
    assert items(hard) == {"硬牌": 2}
    heaven = result("wenzhou", "123m456p789s11s99p", "9p", self_drawn=True, indicator="5m",
                    first_go_around=True)
    assert items(heaven)["天和"] == 2 and heaven["score"]["total"] == 4
    single = result("wenzhou", "E", "E", indicator="5m", table={"seat": "E", "discarder": "N"},
                    melds=[pung("111m"), pung("222p"), pung("333s"), pung("999s")])
    assert items(single)["单吊"] == 2


def test_wenzhou_three_caishen_win_without_a_shape() -> None:
    r = result("wenzhou", "159m258p369sES7m7m", "7m", self_drawn=True, indicator="7m")
    assert r["is_win"] and items(r) == {"硬牌": 2} and r["score"]["hard"]
    assert not analyze({"concealed": "159m258p369sES7m7m", "win_tile": "7m", "indicator": "7m",
                        "self_drawn": True, "variant": "wenzhou",
                        "options": {"three_caishen_instant": False}})["is_win"]


def test_wenzhou_one_winner_nearest_first() -> None:
    with pytest.raises(MahjongError, match="截和"):
        result("wenzhou", "123m456p789s11s99p", "9p", indicator="5m",
               table={"seat": "S", "discarder": "E", "winners": ["S", "W"]})
    from assistant.procedures import resolve_declared

    assert resolve_declared(get_profile("wenzhou"), "E", {"W": "win", "S": "win"}) == {"S": "win"}


# --- 徐州 配儿 ------------------------------------------------------------------------------

def test_xuzhou_needs_a_closed_wait_of_four_to_eight() -> None:
    assert result("xuzhou", "46m123p789p234s99s", "5m", indicator="E")["is_win"]
    # An edge or side wait, or the pair, is no 夹.
    r = result("xuzhou", "45m123p789p234s99s", "6m", indicator="E")
    assert not r["is_win"] and "夹" in r["not_a_win"]["zh"]
    assert not result("xuzhou", "456m123p789p234s9s", "9s", indicator="E")["is_win"]
    # A 夹 of 2 or 3 is outside 4-8.
    assert not result("xuzhou", "13m123p789p234s99s", "2m", indicator="E")["is_win"]
    assert result("xuzhou", "13m123p789p234s99s", "2m", indicator="E",
                  options={"jia_range": [2, 8]})["is_win"]
    # The waits of a ready hand are its 夹 only.
    # The waits of a ready hand are its 夹, and the 配儿 (跑配成牌, drawn).
    assert [w["tile"] for w in result("xuzhou", "46m123p789p234s99s", indicator="E")["waits"]
            ] == ["5m", "S"]
    assert [w["tile"] for w in result("xuzhou", "45m123p789p234s99s", indicator="E")["waits"]
            ] == ["S"]


def test_xuzhou_exemptions() -> None:
    assert result("xuzhou", "11m33m55p77p99s24sS", "2s", indicator="E")["is_win"]
    assert result("xuzhou", "19m19p19sESWNCFP", "P", indicator="E")["is_win"]
    # 跑配成牌: won on a drawn 配儿, no 夹 needed.
    r = result("xuzhou", "45m123p789p234s99s", "S", indicator="E", self_drawn=True)
    assert r["is_win"] and "跑配成牌" in items(r)


def test_xuzhou_counts_no_fan_and_locks_a_passed_win() -> None:
    seven = result("xuzhou", "11m33m55p77p99s24sS", "2s", indicator="E", self_drawn=True)
    plain = result("xuzhou", "46m123p789p234s99s", "5m", indicator="E", self_drawn=True)
    assert seven["score"]["points"] == plain["score"]["points"] == 1
    profile = get_profile("xuzhou")
    assert profile.pass_lock and profile.option("pass_lock_scope") == "any_tile"
    events = [["S", "pass_win", "5m"], ["S", "try_win", "8m"], ["S", "draw", None],
              ["S", "try_win", "8m"]]
    assert pass_lock(events, profile.option("pass_lock_scope"))["try_win_results"] == [False, True]


# --- 连州 王 / 福建 百搭 ----------------------------------------------------------------------

def test_lianzhou_wang_and_seven_pairs() -> None:
    r = result("lianzhou", "11m33m55p77pEECC9m", "F", indicator="1m")
    assert r["is_win"] and items(r) == {"七对": 2} and r["score"]["wilds_as"] == ["F"]
    assert not result("lianzhou", "11m33m55p77pEECC9m", "F", indicator="5s")["is_win"]
    with pytest.raises(MahjongError, match="not in the tile set"):
        result("lianzhou", "123m456p789s2m5s55s", indicator="1m", options={"short_set": True})


def test_fujian_huodong_and_daidi() -> None:
    hand = "12mP456p3m789s11s9p"
    r = result("fujian", hand, "9p", indicator="3m")
    assert r["is_win"] and r["score"]["wilds"] == ["3m"]
    # 带弟: 三万 turned makes 四万 wild, and 白板 no longer stands in.
    assert not analyze({"concealed": hand, "win_tile": "9p", "indicator": "3m",
                        "variant": "fujian", "options": {"baida": "daidi"}})["is_win"]
    r = analyze({"concealed": "12m4m456p3m789s11s9p", "win_tile": "9p", "indicator": "3m",
                 "variant": "fujian", "options": {"baida": "daidi"}})
    assert r["is_win"] and r["score"]["wilds"] == ["4m"]


# --- 天津 混儿 ------------------------------------------------------------------------------

def test_tianjin_self_drawn_only_no_chow_no_seven_pairs() -> None:
    with pytest.raises(MahjongError, match="没有炮和"):
        result("tianjin", "123p46p789pEEE99s", "5p", indicator="4m",
               table={"seat": "E", "discarder": "S"})
    with pytest.raises(MahjongError, match="does not allow chows"):
        result("tianjin", "46p789pEEE99s", "5p", indicator="4m", self_drawn=True,
               melds=[{"type": "chow", "tiles": "123p", "from": "left"}])
    assert not result("tianjin", "11m33m55p77p99sEEW", "W", indicator="4s",
                      self_drawn=True)["is_win"]
    from assistant.claims import claims_on_discard

    seats = claims_on_discard({"discard": "5p", "discarder": "S", "variant": "tianjin",
                               "hands": {"W": {"concealed": "123p46p789pEEE99s",
                                               "indicator": "4m"}}})["seats"]
    assert not seats["W"]["win"]


def test_tianjin_items_stack() -> None:
    r = result("tianjin", "123p46p789pEEE99s", "5p", indicator="4m", self_drawn=True)
    assert items(r) == {"捉伍儿": 3, "龙": 4, "没混儿": 2} and r["score"]["points"] == 9
    assert items(result("tianjin", "123p456p789sEEE9s", "9s", indicator="4m",
                        self_drawn=True)) == {"没混儿": 2}
    # 混儿吊: a 混儿 (5m) waiting as half of the pair, the drawn 9s pairing it.
    r = result("tianjin", "123p456p789sEEE5m", "9s", indicator="4m", self_drawn=True)
    assert items(r) == {"混儿吊": 2}
    # 本混儿龙: 龙 of 万 with the 混儿 5m as itself doubles the hand.
    r = result("tianjin", "1234m5m6789mEEE9s", "9s", indicator="4m", self_drawn=True)
    assert items(r)["本混儿龙"] == items(r)["龙"] and r["score"]["total"] == 8


def test_score_photo_takes_the_indicator(tmp_path, capsys) -> None:
    from assistant.cli import main
    from tests.test_layout import row

    path = tmp_path / "det.json"
    path.write_text(json.dumps({"path": "hand.jpg", "image": {"width": 900, "height": 500},
                                "tiles": row("123m9m45p789s234s55s", apart=(13,), gap=25)}),
                    encoding="utf-8")
    main(["score", "--detections", str(path), "--json", "--variant", "lianzhou",
          "--indicator", "一万"])
    data = json.loads(capsys.readouterr().out)
    assert data["hand"]["indicator"] == "1m" and data["result"]["is_win"]
    assert data["result"]["score"]["wilds_as"] in (["3p"], ["6p"])
    main(["score", "--detections", str(path), "--json", "--variant", "lianzhou", "--force"])
    assert not json.loads(capsys.readouterr().out)["result"]["is_win"]


# --- advice -----------------------------------------------------------------------------------

def test_advice_says_what_each_wild_stands_for() -> None:
    ready = analyze({**WUHAN_PI, "win_tile": None, "self_drawn": False, "variant": "wuhan"})
    waits = {w["tile"]: w["wilds_as"] for w in ready["waits"]}
    assert waits["7s"] == ["6s"] and waits["9s"] == ["7s"]
    # Drawing the second 赖子 makes no 屁胡 (两个赖子不能胡), so 六万 is no wait here.
    assert "6m" not in waits
    assert wuhan()["decompositions"][0]["wilds_as"] == ["7s"]


# --- engine options any profile can switch on ---------------------------------------------

def test_baida_forms_sets_only() -> None:
    on = {"wild_sets_only": True}
    # The 百搭 may pung (55p + 中) …
    assert analyze({"concealed": "123m456p789s55p11s", "win_tile": "C", "wilds": ["C"],
                    "options": on})["is_win"]
    # … but is never half of a pair or in a chow.
    assert analyze({"concealed": "123m456p789sEEE5p", "win_tile": "C", "wilds": ["C"]})["is_win"]
    assert not analyze({"concealed": "123m456p789sEEE5p", "win_tile": "C", "wilds": ["C"],
                        "options": on})["is_win"]
    assert not analyze({"concealed": "12m456p789s555p11s", "win_tile": "C", "wilds": ["C"],
                        "options": on})["is_win"]


def test_kong_takes_no_replacement() -> None:
    on = {"kong_no_replacement": True}
    one = {"concealed": "234m456p789s", "win_tile": "5p", "melds": [kong("1111m")]}
    # One kong: a single eye (独眼) in place of the pair.
    r = analyze({**one, "options": on})
    assert r["is_win"] and r["decompositions"][0]["groups"].endswith(" 55p")
    with pytest.raises(MahjongError, match="must make 14"):
        analyze(one)
    # Two kongs: no eye at all.
    two = {"concealed": "234m45p", "win_tile": "6p", "melds": [kong("1111m"), kong("EEEE")],
           "options": on}
    assert analyze(two)["is_win"]
    assert not analyze({"concealed": "234m456p79s5p", "win_tile": "1s", "melds": [kong("1111m")],
                        "options": on})["is_win"]
    ready = analyze({"concealed": "234m456p789s", "melds": [kong("1111m")], "options": on})
    assert {w["tile"] for w in ready["waits"]} >= {"2m", "5p", "9s"}


# --- 特别百搭: restricted jokers ------------------------------------------------------------

def test_special_jokers_in_the_hand() -> None:
    on = {"special_jokers": True}
    assert analyze({"concealed": "123m456p789s11sCC", "jokers": ["元"], "options": on})["is_win"]
    assert not analyze({"concealed": "123m456p789s11sCC", "jokers": ["喜"],
                        "options": on})["is_win"]
    for name, wins in (("喜", True), ("合", True), ("总", False), ("元", False)):
        assert analyze({"concealed": "123m456p789sCCCE", "jokers": [name],
                        "options": on})["is_win"] is wins
    assert analyze({"concealed": "123m45p789s11sEEE", "jokers": ["筒"], "options": on})["is_win"]
    assert not analyze({"concealed": "123m45p789s11sEEE", "jokers": ["索"],
                        "options": on})["is_win"]
    assert analyze({"concealed": "123m45p789s11sEEE", "jokers": ["四后"], "options": on})["is_win"]
    waits = analyze({"concealed": "123m456p789s11sC", "jokers": ["总"], "options": on})["waits"]
    assert waits == ["C"]
    advice = analyze({"concealed": "123m456p789s11sCN", "jokers": ["总"], "options": on})
    assert advice["discards"][0] == {"tile": "N", "shanten": 0} and advice["shanten"] == 0
    with pytest.raises(MahjongError, match="special_jokers"):
        analyze({"concealed": "123m456p789s11sCC", "jokers": ["元"]})
    with pytest.raises(MahjongError, match="并非百搭"):
        analyze({"concealed": "123m456p789s11sCC", "jokers": ["花"], "options": on})


def test_pung_priority_real_pair_then_joker_rank() -> None:
    from assistant.jokers import pung_priority

    assert pung_priority("E", {"N": [], "S": ["一皇"]}) == "N"
    assert pung_priority("E", {"S": ["四后"], "W": ["一皇"]}) == "W"
    assert pung_priority("E", {"S": ["元"], "W": ["四后"]}) == "W"
    # Same rank: the first in turn after the discarder.
    assert pung_priority("E", {"N": [], "W": []}) == "W"
    with pytest.raises(MahjongError, match="抢碰"):
        pung_priority("E", {"E": []})


def test_rules_page_examples_show_the_wilds() -> None:
    from assistant.service.api import describe_variant

    for name in ("wuhan", "wenzhou", "xuzhou", "lianzhou", "fujian", "tianjin"):
        examples = describe_variant(name)["examples"]
        assert examples and all(ex["wilds"] for ex in examples)
        for ex in examples:
            r = analyze({**ex["hand"], "variant": name})
            assert r["is_win"] and r["score"]["wilds"] == ex["wilds"]
    assert describe_variant("wuhan")["examples"][0]["wilds"] == ["6m"]


def test_wenzhou_a_discarded_caishen_is_impossible() -> None:
    from assistant.claims import claims_on_discard

    with pytest.raises(MahjongError, match="财神不能打出"):
        claims_on_discard({"discard": "5p", "discarder": "S", "variant": "wenzhou",
                           "hands": {"W": {"concealed": "123m456p789s11s99p", "indicator": "5p"}}})
    with pytest.raises(MahjongError, match="财神不能打出"):
        result("wenzhou", "123m456p789s11s99p", indicator="5p", discards=["5p"])


# --- 昆: five of a kind, a wild standing in (百搭 that forms sets) ---------------------------

def quint(tiles: str, concealed: bool = False) -> dict[str, Any]:
    return {"type": "quint", "tiles": tiles, "concealed": concealed,
            "from": None if concealed else "left"}


#: 福建 活动百搭, 三万 turned: 三万 is the 百搭; 四只成杠五只成昆 under wild_sets_only.
QUINT_HAND: dict[str, Any] = {
    "concealed": "111m999sNNNE", "win_tile": "E", "variant": "fujian", "indicator": "3m",
    "options": {"wild_sets_only": True}, "melds": [quint("5p5p5p5p3m")]}


def test_a_declared_quint_is_one_set_and_scores_as_a_kong() -> None:
    r = analyze(QUINT_HAND)
    # The quint is one set (3 of the 14, like a kong): 111m 999s NNN + the quint + EE wins.
    assert r["is_win"] and r["tile_count"] == 14
    score = r["score"]
    # It counts as a pung in 对对胡 (×2 on the plain card), the 三万 standing for a 五筒.
    assert items(r) == {"对对胡": 2} and score["total"] == 2
    assert score["wilds_as"] == ["5p"] and score["wilds_held"] == ["3m"] and not score["hard"]
    concealed = analyze({**QUINT_HAND, "melds": [quint("5p5p5p3m5p", concealed=True)]})
    assert concealed["is_win"] and items(concealed) == {"对对胡": 2}


def test_a_quint_is_a_kong_for_the_kong_patterns() -> None:
    from assistant.scoring.patterns import kongs, winning_hands

    state = HandState.from_json(QUINT_HAND)
    read = resolve_melds(get_profile("fujian", {"wild_sets_only": True}), state, ("3m",))
    hand = winning_hands(read, decompositions(to_counts(read.tiles)))[0]
    assert kongs(hand) == ["5p"] and hand.pungs[-1] == "5p"
    assert hand.counts["5p"] == 5 and "3m" not in hand.counts


def test_a_quint_without_a_wild_is_refused() -> None:
    # 三万 is no wild when 二万 is turned (活动百搭: the turned kind): five of a kind is impossible.
    with pytest.raises(MahjongError, match="not five of a kind.*neither is wild"):
        analyze({**QUINT_HAND, "indicator": "2m"})
    with pytest.raises(MahjongError, match="5 copies of 5p"):
        analyze({**QUINT_HAND, "concealed": "111m999sNNNE", "melds": [quint("5p5p5p5p5p")]})
    with pytest.raises(MahjongError, match="a quint has 5 tiles"):
        analyze({**QUINT_HAND, "melds": [quint("5p5p5p3m")]})


def test_a_quint_needs_baida_that_forms_sets() -> None:
    with pytest.raises(MahjongError, match="wild_sets_only"):
        analyze({**QUINT_HAND, "options": {}})


def test_a_quint_takes_two_tiles_short_without_replacement() -> None:
    # 开杠不补牌: a quint draws no replacement for its two tiles past a pung, so no eye is left.
    on = {"wild_sets_only": True, "kong_no_replacement": True}
    r = analyze({**QUINT_HAND, "concealed": "111m999sNN", "win_tile": "N", "options": on})
    assert r["is_win"]


def test_a_flower_with_the_special_jokers_adds_two_fan() -> None:
    # 特别百搭: 摸“花”加两番，并非百搭. 对对胡 (1 番) + two 花 (2 番 each) = 5 番; base 1 × 2^5 = 32.
    hand = {"concealed": "111m999sNNNEE55p", "win_tile": "5p", "variant": "fujian",
            "indicator": "3m", "bonus": ["1f", "6f"], "options": {"special_jokers": True}}
    r = analyze(hand)
    assert items(r) == {"对对胡": 1, "摸花（特别百搭）": 4}
    assert r["score"]["total"] == 1 + 2 * 2 and r["score"]["points"] == 2 ** 5
    assert r["score"]["unit"] == "fan"
    # Without 花 the hand costs what the plain card says (对对胡 ×2) …
    bare = analyze({**hand, "bonus": []})
    assert bare["score"]["total"] == 1 and bare["score"]["points"] == 2
    # … and without the special jokers a flower adds nothing.
    plain = analyze({**hand, "options": {}})
    assert items(plain) == {"对对胡": 2} and plain["score"]["points"] == 2
    lianzhou = analyze({"concealed": "111m999pNNNEE55s", "win_tile": "5s", "variant": "lianzhou",
                        "bonus": ["3f"], "options": {"special_jokers": True}})
    assert lianzhou["score"]["total"] == 3 and lianzhou["score"]["points"] == 8


def test_a_seat_with_a_quint_wins_on_a_discard() -> None:
    from assistant.claims import seat_claims

    waiting = HandState.from_json({k: v for k, v in QUINT_HAND.items() if k != "win_tile"})
    on = get_profile("fujian", {"wild_sets_only": True})
    assert seat_claims(waiting, on, "E", False)["win"]
    with pytest.raises(MahjongError, match="wild_sets_only"):
        seat_claims(waiting, get_profile("fujian"), "E", False)


# --- 武汉: what the seed says of a second 赖子, a concealed kong and 红中 -------------------

def test_wuhan_a_second_laizi_drawn_is_the_discard_advised() -> None:
    # "听牌時有一个癞子又自摸一个癞子，必须打出一个": ready with one 赖子 (6m, 5m turned), a
    # second drawn; keeping both leaves no 屁胡 to win, so discarding the 赖子 ranks first.
    r = wuhan(concealed="123m456p55s7s6m", win_tile="6m")
    assert not r["is_win"]
    best = r["discards"][0]
    assert best["tile"] == "6m" and best["tiles"] == ["5s", "6s", "7s", "8s", "9s"]
    assert all(d.get("no_legal_wait") and not d["tiles"] for d in r["discards"][1:])


def test_wuhan_a_concealed_kong_that_opens_the_hand_gets_the_open_fan() -> None:
    # "开口番:吃、碰、杠均认为是开口": the concealed kong opened the hand, so it doubles too.
    r = wuhan(melds=[kong("EEEE", concealed=True)])
    assert r["is_win"] and items(r)["开口番"] == 1 and items(r)["暗杠"] == 2
    closed = analyze({**WUHAN_PI, "variant": "wuhan", "melds": [pung("EEE"),
                                                                kong("SSSS", concealed=True)],
                      "concealed": "456p8s6m55s"})
    assert items(closed)["开口番"] == 1  # once, however many sets opened it


def test_wuhan_a_discarded_red_dragon_is_never_claimed() -> None:
    from assistant import claims_on_discard

    r = claims_on_discard({"discard": "C", "discarder": "E", "variant": "wuhan",
                           "hands": {"S": {"concealed": "123m456p789s11pCC", "indicator": "5m"},
                                     "W": {"concealed": "123m456p789s1pCCC", "indicator": "5m"}}})
    assert not r["seats"]["S"]["pung"] and not r["seats"]["W"]["kong"] and r["claim"] is None
    with pytest.raises(MahjongError, match="红中杠"):
        wuhan(concealed="456p8s6m55s", melds=[pung("EEE"), pung("CCC")])


def test_wenzhou_three_caishen_doubles_only_with_a_hand_form() -> None:
    # "3个财神同时符合其他和牌牌型（三财神）" is the 双翻; three 财神 of no shape win as 硬牌
    # only ("手中有 3张财神牌不须符合和牌牌型就可和牌（算硬牌）").
    shapeless_win = result("wenzhou", "159m258p369sES7m7m", "7m", self_drawn=True, indicator="7m")
    assert items(shapeless_win) == {"硬牌": 2} and shapeless_win["score"]["total"] == 2
    shaped = result("wenzhou", "123m456p789s7m7m7m9p", "9p", self_drawn=True, indicator="7m")
    assert items(shaped)["三财神"] == 2 and shaped["score"]["total"] == 4


# --- 福建 百搭: the window's 白板, pungs and kongs with the 百搭, 特别百搭 in claims --

def test_fujian_white_stands_for_the_turned_tile_under_the_window() -> None:
    # "白板可以用莋代替该张翻开的牌": with the window 百搭 and 四万 turned (三四五万, 四筒, 四索
    # wild), 白板 is the turned 四万 itself, not 三万: 1m 2m 白 is no chow.
    from assistant.rules import rules_of

    profile = get_profile("fujian", {"wild_indicator": "window"})
    state = HandState.from_json({"concealed": "12mP789p123s789s1p", "indicator": "4m"})
    assert rules_of(profile, state).stand_in == (("P", "4m"),)
    r = analyze({"concealed": "12mP789p123s789s1p", "win_tile": "1p", "indicator": "4m",
                 "variant": "fujian", "options": {"wild_indicator": "window"}})
    assert not r["is_win"]


def test_fujian_baida_pungs_and_kongs() -> None:
    # "百搭可碰任何牌成搭，四只成杠": a pung or kong holding the 百搭 (三万 turned) is a set.
    from assistant import claims_on_discard

    pung_ = analyze({"concealed": "123m456p11s99p", "win_tile": "9p", "indicator": "3m",
                     "variant": "fujian", "melds": [pung("5s5s3m")]})
    assert pung_["is_win"]
    kong_ = analyze({"concealed": "123m456p11s99p", "win_tile": "9p", "indicator": "3m",
                     "variant": "fujian", "melds": [kong("5s5s3m3m")]})
    assert kong_["is_win"]
    r = claims_on_discard({"discard": "5s", "discarder": "E", "variant": "fujian",
                           "hands": {"W": {"concealed": "5s3m3m124p789p11sEE",
                                           "indicator": "3m"}}})
    seat = r["seats"]["W"]
    assert seat["pungs"] == [["3m", "5s", "5s"], ["3m", "3m", "5s"]]
    assert seat["kongs"] == [["3m", "3m", "5s", "5s"]] and r["claim"]["can_kong"]


def test_fujian_special_jokers_in_claims() -> None:
    # 特别百搭: a joker held wins on a discard, pungs with one real tile, and 抢碰 decides
    # ("以两只真牌碰牌者优先以一真牌与一百搭去碰时，则视乎百搭的级数决定优先权").
    from assistant import claims_on_discard

    options = {"special_jokers": True}
    r = claims_on_discard({"discard": "9p", "discarder": "E", "variant": "fujian",
                           "options": options,
                           "hands": {"S": {"concealed": "123m456p789s11s9p", "jokers": ["筒"]}}})
    assert r["seats"]["S"]["win"] and r["winners"] == ["S"]
    hands = {"S": {"concealed": "5p123m789s11sEEN", "jokers": ["四后"]},
             "N": {"concealed": "5p123m789s11sEEW", "jokers": ["一皇"]}}
    r = claims_on_discard({"discard": "5p", "discarder": "E", "variant": "fujian",
                           "options": options, "hands": hands})
    assert r["seats"]["S"]["joker_pungs"] == ["四后"] and r["seats"]["N"]["pung"]
    assert r["claim"]["seat"] == "N"  # 一皇 outranks 四后, though S is first in turn
    hands["W"] = {"concealed": "5p5p123m789s11sEEN"}
    r = claims_on_discard({"discard": "5p", "discarder": "E", "variant": "fujian",
                           "options": options, "hands": hands})
    assert r["claim"]["seat"] == "W"  # two real tiles first


def test_xuzhou_peier_makes_a_pung_with_one_real_tile() -> None:
    # "配儿可以充当玩家想要的任何一张牌", wilds allowed in claims: 配儿 (南, 东 turned) + 5p
    # pungs a discarded 5p, and the hand after the pung is read.
    from assistant import claims_on_discard

    r = claims_on_discard({"discard": "5p", "discarder": "E", "variant": "xuzhou",
                           "hands": {"W": {"concealed": "5pS123m789s11sNNN", "indicator": "E"}}})
    assert r["claim"] == {"seat": "W", "type": "pung", "can_kong": False}
    assert r["seats"]["W"]["pungs"] == [["5p", "5p", "S"]]
    after = result("xuzhou", "123m789s11sNNN", indicator="E",
                   melds=[{"type": "pung", "tiles": "5p5pS", "from": "opposite"}])
    assert after["shanten"] <= 1
