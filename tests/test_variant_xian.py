"""Xi'an 西安麻将: claims, wait-shape multiples, bets, kongs, 杠后开花, 天胡, the base option."""

from __future__ import annotations

import pytest
from scoring_helpers import claims, score, values

from assistant import MahjongError, analyze, get_profile
from assistant.procedures import settle_draw

TABLE = {"dealer": "E", "seat": "S", "bets": {}}


def test_only_four_sets_and_a_pair_win() -> None:
    r = analyze({"concealed": "2266p88s99mCC44m3m", "win_tile": "3m", "variant": "xian"})
    assert r["is_win"] is False
    assert get_profile("xian").forms == get_profile("xian", {"forms": ["regular"]}).forms


@pytest.mark.parametrize(("hand", "win", "self_drawn", "name", "each"), [
    ("234m678p222sEE56s", "7s", True, "自摸", 2),
    ("234m678p222sEE57s", "6s", True, "夹张自摸", 3),
    ("234m678p222s567sE", "E", True, "单调自摸", 3),
    ("234m678p222sEE56s", "7s", False, "胡牌", 1),
    ("234m678p222sEE57s", "6s", False, "夹张胡", 2),
    ("234m678p222s567sE", "E", False, "单调胡", 2),
    ("234m678p222sEE12s", "3s", False, "胡牌", 1),  # 边张 is not 夹张
])
def test_win_multiples(hand: str, win: str, self_drawn: bool, name: str, each: int) -> None:
    table = {**TABLE, "discarder": None if self_drawn else "W"}
    s = score(hand, win, "xian", table, self_drawn=self_drawn)
    assert values(s) == {name: 3 * each}
    assert s["payments"]["S"] == 3 * each and s["payments"]["E"] == -each  # no dealer doubling


def test_most_favourable_reading_counts() -> None:
    # 3455s + 5s: 345 + 55 (pung wait) or 555 + 34? The 3-4-5-5 shape read as 单调 on 5s.
    s = score("123m456p789p3455s", "5s", "xian", {**TABLE, "discarder": "W"})
    assert "单调胡" in values(s)
    single = score("123m456p789p3455s", "5s", "xian", {**TABLE, "discarder": "W"},
                   options={"jia_dandiao_single_wait_only": True})
    assert values(single) == {"胡牌": 3}


def test_bets_doubled_on_self_draw() -> None:
    bets = {"E": 1, "S": 2, "W": 0, "N": 3}
    drawn = score("234m678p222sEE56s", "7s", "xian", {**TABLE, "bets": bets}, self_drawn=True)
    assert drawn["breakdown"]["N"]["bets"] == (3 + 2) * 2
    discard = score("234m678p222sEE56s", "7s", "xian", {**TABLE, "bets": bets, "discarder": "N"})
    assert discard["breakdown"]["N"]["bets"] == 3 + 2
    assert values(discard)["下注"] == (1 + 2) + (0 + 2) + (3 + 2)


def test_kongs_concealed_two_exposed_one() -> None:
    t = {"kongs": {"W": [{"type": "an", "tile": "3p"}], "N": [{"type": "zhi", "tile": "5s",
                                                               "from": "E"}]}}
    assert settle_draw(get_profile("xian"), t)["payments"] == {"W": 5, "N": 1, "E": -3, "S": -3}
    by_discarder = settle_draw(get_profile("xian", {"ming_gang_payers": "discarder"}), t)
    assert by_discarder["payments"] == {"W": 6, "N": 1, "E": -5, "S": -2}


def test_added_kong_option() -> None:
    t = {"kongs": {"W": [{"type": "jia", "tile": "3p"}]}}
    assert settle_draw(get_profile("xian"), t)["payments"]["W"] == 3
    with pytest.raises(MahjongError, match="added kong"):
        settle_draw(get_profile("xian", {"allow_added_kong": False}), t)


def test_gang_kai_doubles_and_tian_hu_triples() -> None:
    kong = {"type": "kong", "tiles": ["7m"] * 4, "concealed": True}
    kai = score("123p456sSS23m", "4m", "xian", {**TABLE, "seat": "E"}, melds=[kong],
                self_drawn=True, kong_replacement=True)
    assert values(kai) == {"自摸": 6, "杠后开花": 6}
    tian = score("11m234p567s999mCC", "C", "xian", {**TABLE, "seat": "E"}, self_drawn=True,
                 first_go_around=True)
    assert values(tian) == {"自摸": 6, "天胡": 12} and tian["payments"]["E"] == 18
    flat = score("11m234p567s999mCC", "C", "xian", {**TABLE, "seat": "E"}, self_drawn=True,
                 first_go_around=True, options={"tian_hu_mode": "flat"})
    assert flat["payments"]["E"] == 9
    # 天胡 is the dealer's: a non-dealer's first-round self-draw is a plain 自摸.
    plain = score("11m234p567s999mCC", "C", "xian", TABLE, self_drawn=True, first_go_around=True)
    assert "天胡" not in values(plain)


def test_base_is_an_option() -> None:
    s = score("234m678p222sEE56s", "7s", "xian", TABLE, self_drawn=True, options={"base": 5})
    assert values(s) == {"自摸": 30}
    with pytest.raises(MahjongError, match="at least 1"):
        get_profile("xian", {"base": 0})


def test_discarder_pays_option() -> None:
    s = score("234m678p222sEE56s", "7s", "xian", {**TABLE, "discarder": "W"},
              options={"discard_win_payers": "discarder"})
    assert s["payments"] == {"S": 3, "W": -3, "E": 0, "N": 0}


def test_claims_win_over_pung_over_chow_nearest_wins() -> None:
    ready = "123m456p789s11s EE"
    # E discards 5m: S (下家) can chow, N can pung -> N pungs.
    r = claims("xian", "E", {"S": "46m123p456p789sEW", "N": "55m123p456p789sEW"}, "5m")
    assert r["claim"] == {"seat": "N", "type": "pung", "can_kong": False} and not r["winners"]
    # S and W can both win on E's discard -> S, the nearest.
    assert claims("xian", "E", {"S": ready, "W": ready}, "E")["winners"] == ["S"]
    # W pungs, S wins -> S.
    assert claims("xian", "E", {"W": "EE123m456p789s19p", "S": ready}, "E")["winners"] == ["S"]
    # Only the discarder's 下家 may chow.
    r = claims("xian", "N", {"W": "46m123p456p789sEW", "E": "46m123p456p789sEW"}, "5m")
    assert r["claim"] == {"seat": "E", "type": "chow", "can_kong": False}
    assert r["seats"]["W"]["chows"] == []


def test_robbing_a_kong_is_not_in_the_seed() -> None:
    with pytest.raises(MahjongError, match="robbing a kong"):
        score("234m678p222sEE56s", "7s", "xian", {**TABLE, "discarder": "W"}, robbing_kong=True)
    s = score("234m678p222sEE56s", "7s", "xian", {**TABLE, "discarder": "W"}, robbing_kong=True,
              options={"kong_robbable": True})
    assert values(s) == {"胡牌": 3}


def test_bet_options() -> None:
    table = {**TABLE, "bets": {"S": 1, "E": 1}}
    s = score("234m678p222sEE56s", "7s", "xian", table, self_drawn=True,
              options={"bet_unit": 5, "bets_self_draw_factor": 3})
    assert s["breakdown"]["E"]["bets"] == (1 + 1) * 5 * 3
    with pytest.raises(MahjongError, match="0-2"):
        score("234m678p222sEE56s", "7s", "xian", {**TABLE, "bets": {"E": 3}}, self_drawn=True,
              options={"bets_max": 2})
    kong = {"type": "kong", "tiles": ["7m"] * 4, "concealed": True}
    kai = score("123p456sSS23m", "4m", "xian", {**TABLE, "bets": {"E": 1}}, melds=[kong],
                self_drawn=True, kong_replacement=True, options={"multipliers_apply_to_bets": True})
    assert kai["breakdown"]["E"]["bets"] == 1 * 2 * 2
