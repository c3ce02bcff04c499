"""States the rules make impossible are refused naming the rule, in every variant — never scored
as if they were possible (each found when the variants were checked against their seeds)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from assistant import analyze
from assistant.claims import claims_on_discard
from assistant.errors import MahjongError
from assistant.procedures import liabilities, next_dealer
from assistant.variants import get_profile

READY = "123m456p789s234m"  # waits on a pair: anything completing it
PUNG = {"type": "pung", "tiles": "777s", "from": "opposite"}


def win(variant: str, **extra: Any) -> dict[str, Any]:
    return {"concealed": "123m456p789s2m3m4mE", "win_tile": "E", "variant": variant, **extra}


@pytest.mark.parametrize("variant", ["guangdong", "xian", "shaanxi", "sichuan"])
def test_first_go_around_after_a_claim_or_kong(variant: str) -> None:
    hand = {"concealed": "123m456p2m3m4mE", "melds": [PUNG], "win_tile": "E",
            "variant": variant, "context": {"first_go_around": True, "self_drawn": True},
            "table": {"seat": "E", "dealer": "E", "discarder": None}}
    if variant == "sichuan":
        hand.update(concealed="123m456p2m3m4m9m", win_tile="9m")
    with pytest.raises(MahjongError, match="first go-around"):
        analyze(hand)
    kong = {**hand, "melds": [{"type": "kong", "tiles": "7777s", "concealed": True}]}
    with pytest.raises(MahjongError, match="first go-around"):
        analyze(kong)


def test_heavenly_win_still_scored_on_a_dealt_hand() -> None:
    s = analyze({"concealed": "11m234p567s999mCC", "win_tile": "C", "variant": "guangdong",
                 "context": {"first_go_around": True, "self_drawn": True},
                 "table": {"seat": "E", "dealer": "E", "discarder": None}})["score"]
    assert "天和" in {i["name_zh"] for i in s["items"]}


@pytest.mark.parametrize("kind, message", [("an", "concealed kong"),
                                           ("zhi", "ordinary win on the discard")])
def test_robbing_only_an_added_kong(kind: str, message: str) -> None:
    kong: dict[str, Any] = {"type": kind, "tile": "E"}
    if kind == "zhi":
        kong["from"] = "N"
    data = win("guangdong", context={"robbing_kong": True},
               table={"seat": "E", "discarder": "S", "kongs": {"S": [kong]}})
    with pytest.raises(MahjongError, match=message):
        analyze(data)
    robbed = win("guangdong", context={"robbing_kong": True}, table={"seat": "E", "discarder": "S"})
    assert analyze(robbed)["score"]["payments"]["S"] < 0


def test_a_chow_comes_only_from_the_left() -> None:
    chow = {"type": "chow", "tiles": "123m", "from": "opposite"}
    with pytest.raises(MahjongError, match="上家"):
        analyze({"concealed": "456p789s2m3m4mE", "melds": [chow]})
    assert analyze({"concealed": "456p789s2m3m4mE",
                    "melds": [{**chow, "from": "left"}]})["shanten"] == 0
    claims = [{"seat": "S", "claim": "chow", "tile": "3m", "from": "W"}]
    with pytest.raises(MahjongError, match="上家"):
        liabilities(get_profile("guangdong"), claims)
    assert liabilities(get_profile("guangdong"), [{**claims[0], "from": "E"}]) == {}


@pytest.mark.parametrize("variant", ["shaanxi", "xian"])
def test_one_winner_per_discard_where_the_nearest_wins(variant: str) -> None:
    data = win(variant, table={"seat": "E", "discarder": "S", "winners": ["E", "W"]})
    with pytest.raises(MahjongError, match="截和"):
        analyze(data)
    assert analyze(win(variant, table={"seat": "E", "discarder": "S"}))["is_win"]


@pytest.mark.parametrize("variant", ["shaanxi", "xian"])
def test_no_pass_lock_where_the_variant_has_none(variant: str) -> None:
    request = {"discard": "5p", "discarder": "E", "variant": variant, "passed": ["S"],
               "hands": {"S": {"concealed": "46p123m456s789sEE"}}}
    with pytest.raises(MahjongError, match="过手不和"):
        claims_on_discard(request)
    assert claims_on_discard({**request, "variant": "guangdong"})["winners"] == []
    assert claims_on_discard({**request, "passed": []})["winners"] == ["S"]
    p = subprocess.run([sys.executable, "-m", "assistant", "table", "pass-lock", "--variant",
                        variant], input='[["S", "pass_win", "5p"]]', capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 2 and "过手不和" in p.stdout + p.stderr


def test_nine_gates_is_judged_on_the_thirteen_before_the_win() -> None:
    def items(concealed: str, tile: str) -> dict[str, int]:
        s = analyze({"concealed": concealed, "win_tile": tile, "variant": "guangdong",
                     "context": {"self_drawn": True}})["score"]
        return {i["name_zh"]: i["value"] for i in s["items"]}
    for tile in "123456789":
        assert items("1112345678999m", f"{tile}m") == {"九莲宝灯": 6}
    assert items("1123456778999m", "1m") == {"清一色": 4}


def test_kong_flower_needs_a_kong_and_kong_discard_a_discard() -> None:
    with pytest.raises(MahjongError, match="杠上开花"):
        analyze(win("guangdong", context={"self_drawn": True, "kong_replacement": True}))
    with pytest.raises(MahjongError, match="杠上炮"):
        analyze(win("sichuan", concealed="123m456p789p2m3m4m9m", win_tile="9m",
                    context={"self_drawn": True, "after_kong_discard": True}))


@pytest.mark.parametrize("variant", ["guangdong", "tuidaohu", "sichuan"])
def test_a_robbed_kong_is_never_made_nor_paid(variant: str) -> None:
    data = win(variant, context={"robbing_kong": True},
               table={"seat": "E", "discarder": "S",
                      "kongs": {"S": [{"type": "jia", "tile": "E"}]}})
    if variant == "sichuan":
        data.update(concealed="123m456p789p2m3m4m9m", win_tile="9m")
        data["table"]["kongs"]["S"][0]["tile"] = "9m"
    if variant == "tuidaohu":
        data["context"]["self_drawn"] = False
    with pytest.raises(MahjongError, match="never made"):
        analyze(data)
    other = {"S": [{"type": "jia", "tile": "7p"}]}  # another kong of the robbed seat stands
    assert analyze({**data, "table": {**data["table"], "kongs": other}})["is_win"]


def test_kong_flower_is_never_a_win_on_a_discard() -> None:
    kong = {"type": "kong", "tiles": "7777s", "concealed": True}
    hand = {"concealed": "123m456p2m3m4mE", "melds": [kong], "win_tile": "E",
            "variant": "guangdong", "context": {"kong_replacement": True},
            "table": {"seat": "E", "discarder": "S"}}
    with pytest.raises(MahjongError, match="after_kong_discard"):
        analyze(hand)
    drawn = {**hand, "context": {"kong_replacement": True, "self_drawn": True},
             "table": {"seat": "E", "discarder": None}}
    assert "杠上开花" in {i["name_zh"] for i in analyze(drawn)["score"]["items"]}


@pytest.mark.parametrize("variant", ["shaanxi", "xian"])
def test_one_winner_per_discard_in_next_dealer(variant: str) -> None:
    with pytest.raises(MahjongError, match="截和"):
        next_dealer("E", ["S", "W"], get_profile(variant), "N")
    assert next_dealer("E", ["S"], get_profile(variant), "N") == "S"
    assert next_dealer("E", ["S", "W"], get_profile("guangdong"), "N") == "S"
    p = subprocess.run([sys.executable, "-m", "assistant", "table", "next-dealer", "--dealer", "E",
                        "--winners", "S", "W", "--variant", variant], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 2 and "截和" in p.stdout + p.stderr


@pytest.mark.parametrize("who, seat, discarder", [("天和", "E", None), ("地和", "N", None),
                                                  ("人和", "W", "E")])
@pytest.mark.parametrize("kong", [{"type": "an", "tile": "7p"},
                                  {"type": "zhi", "tile": "7p", "from": "N"}])
def test_another_seats_kong_ends_the_first_go_around(who: str, seat: str, discarder: str | None,
                                                     kong: dict[str, Any]) -> None:
    # 如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和 (guangdong.md §4.5)
    hand = {"concealed": "11m234p567s999mCC", "win_tile": "C", "variant": "guangdong",
            "context": {"first_go_around": True, "self_drawn": discarder is None},
            "table": {"seat": seat, "dealer": "E", "discarder": discarder}}
    assert who in {i["name_zh"] for i in analyze(hand)["score"]["items"]}
    maker = "S" if seat != "S" else "E"
    with pytest.raises(MahjongError, match="ends the first go-around"):
        analyze({**hand, "table": {**hand["table"], "kongs": {maker: [kong]}}})
