"""立直 and 宝牌 switches on the Chinese profiles, ``table dora``, and the Charleston (查理士顿)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from scoring_helpers import claims, score, values

from assistant import MahjongError, analyze
from assistant.claims import claims_on_discard
from assistant.procedures import charleston, charleston_advice, settle_riichi
from assistant.scoring.dora import dora_of
from assistant.tiles import parse_tiles
from assistant.variants import get_profile


@pytest.mark.parametrize(("indicator", "dora"), [
    ("1m", "2m"), ("8s", "9s"), ("9p", "1p"), ("9m", "1m"), ("E", "S"), ("W", "N"), ("N", "E"),
    ("P", "F"), ("F", "C"), ("C", "P"),
])
def test_dora_order_as_the_seed_gives_it(indicator: str, dora: str) -> None:
    assert dora_of(indicator) == dora


def test_table_dora_command() -> None:
    out = subprocess.run([sys.executable, "-m", "assistant", "table", "dora", "--indicator", "7m",
                          "--json"], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == {"dora": "8m"}
    bad = subprocess.run([sys.executable, "-m", "assistant", "table", "dora", "--indicator", "1f",
                          "--json"], capture_output=True, text=True)
    assert bad.returncode != 0 and "宝牌" in bad.stdout + bad.stderr


def test_seed_example_two_eights_as_the_pair_add_two_fan() -> None:
    # 宝牌开出七万，和出者用两只八万做眼即加两番 (guangdong, inside the cap of 3).
    table = {"dealer": "E", "seat": "S", "discarder": "W"}
    s = score("456p789s88m23s", "4s", "guangdong", table,
              melds=[{"type": "chow", "tiles": ["1m", "2m", "3m"], "from": "left"}],
              options={"dora_indicators": ["7m"]})
    assert values(s) == {"平和": 1, "宝牌": 2} and s["total"] == 3
    plain = score("456p789s88m23s", "4s", "guangdong", table,
                  melds=[{"type": "chow", "tiles": ["1m", "2m", "3m"], "from": "left"}])
    assert "宝牌" not in values(plain)


def test_dora_refused_where_the_variant_counts_no_fan() -> None:
    with pytest.raises(MahjongError, match="dora_indicators"):
        score("123m456p789s11s45m", "6m", "tuidaohu", {"dealer": "E", "seat": "S"},
              options={"dora_indicators": ["5m"]}, self_drawn=True)


def test_riichi_blocks_chow_and_pung_but_not_the_win() -> None:
    hands = {"S": "46p123m456s78sEES", "W": "55p19m19s1234567z", "N": "123m456m789m46p11s"}
    free = claims("guangdong", "E", hands, "5p", options={"riichi": True})
    assert free["seats"]["S"]["chows"] and free["seats"]["W"]["pung"]
    held = claims("guangdong", "E", hands, "5p", options={"riichi": True}, riichi=["S", "W", "N"])
    assert held["seats"]["S"]["chows"] == [] and held["seats"]["W"]["pung"] is False
    assert held["seats"]["N"]["win"] is True and held["winners"] == ["N"]
    with pytest.raises(MahjongError, match="riichi"):
        claims("guangdong", "E", hands, "5p", riichi=["S"])


HANDS = {"E": parse_tiles("123m456m789mEESWN"), "S": parse_tiles("123p456p789p11sCF"),
         "W": parse_tiles("123s456s789s99mPP"), "N": parse_tiles("111m222p333s44sSW")}


def _pass(first: dict[str, str]) -> dict[str, list[str]]:
    return {s: parse_tiles(t) for s, t in first.items()}


def test_charleston_right_left_opposite() -> None:
    first = _pass({"E": "SWN", "S": "CF1s", "W": "PP9m", "N": "SW4s"})
    passes = [first, _pass({"E": "SW4s", "S": "SWN", "W": "CF1s", "N": "PP9m"}), first]
    r = charleston(HANDS, passes)
    assert [p["direction"] for p in r["passes"]] == ["right", "left", "opposite"]
    # first pass to the 下家: E's S W N go to S.
    assert r["passes"][0]["received"]["S"] == parse_tiles("SWN")
    assert sorted(r["hands"]["E"]) == sorted(parse_tiles("123m456m789mEEPP9m"))
    assert sorted(r["hands"]["N"]) == sorted(parse_tiles("111m222p333s4sCF1s"))
    assert all(len(h) == len(HANDS[s]) for s, h in r["hands"].items())


def test_charleston_refuses_bad_passes() -> None:
    with pytest.raises(MahjongError, match="does not hold"):
        charleston(HANDS, [_pass({"E": "CCC", "S": "CF1s", "W": "PP9m", "N": "SW4s"})] * 3)
    with pytest.raises(MahjongError, match="6 passes"):
        charleston(HANDS, [], second_round=True)
    with pytest.raises(MahjongError, match="three tiles"):
        charleston(HANDS, [_pass({"E": "SW", "S": "CF1s", "W": "PP9m", "N": "SW4s"})] * 3)


def test_charleston_advice_passes_the_loose_honours() -> None:
    assert charleston_advice(parse_tiles("123m456p789s11sEWC"))["pass"] == ["C", "E", "W"]
    with pytest.raises(MahjongError):
        charleston_advice(parse_tiles("123m"))


def test_riichi_sticks_go_to_the_winner_or_stay() -> None:
    r = settle_riichi(["S", "W"], ["E"])
    assert r["payments"] == {"E": 2000, "S": -1000, "W": -1000, "N": 0}
    drawn = settle_riichi(["S"], [])
    assert drawn["payments"] == {"E": 0, "S": 0, "W": 0, "N": 0} and drawn["pot_after"] == ["S"]
    later = settle_riichi([], ["S"], pot=drawn["pot_after"])
    assert later["payments"] == {"E": 0, "S": 0, "W": 0, "N": 0} and later["sticks"] == 1
    with pytest.raises(MahjongError, match="once"):
        settle_riichi(["S", "S"], ["E"])


@pytest.mark.parametrize("variant", ["guangdong", "sichuan", "mcr", "hongkong"])
def test_discard_lock_is_a_switch_for_any_table(variant: str) -> None:
    # 曾放过的牌不能和 (seed 003 l.125), played by 江南 and by any table that turns it on
    concealed, tile = ("123m456m789m23p99p", "1p") if variant == "sichuan" else (
        "123m456p789s23m99p", "4m")
    hand = {"concealed": concealed, "win_tile": tile, "variant": variant, "discards": [tile]}
    assert analyze(hand)["is_win"]  # off by default
    locked = analyze({**hand, "options": {"discard_lock": "any"}})
    assert not locked["is_win"] and "曾放过的牌不能和" in locked["not_a_win"]["zh"]
    drawn = {**hand, "context": {"self_drawn": True}, "options": {"discard_lock": "discard"}}
    assert analyze(drawn)["is_win"]
    assert not analyze({**drawn, "context": {}})["is_win"]
    request = {"discard": tile, "discarder": "N", "variant": variant,
               "hands": {"E": {"concealed": concealed, "discards": [tile]}}}
    assert claims_on_discard(request)["winners"] == ["E"]
    assert claims_on_discard({**request, "options": {"discard_lock": "any"}})["winners"] == []
    with pytest.raises(MahjongError, match="discard_lock"):
        get_profile(variant, {"discard_lock": "sometimes"})
