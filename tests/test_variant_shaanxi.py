"""Shaanxi 陕西麻将: tiles, wins, 炮子, kongs, self-draw and discard money, dealer doubling, 截和."""

from __future__ import annotations

import pytest
from scoring_helpers import claims, score, values

from assistant import MahjongError, analyze, get_profile
from assistant.procedures import dead_wall_tiles, settle_draw

NO_BETS = {"dealer": "E", "bets": {}}


def test_profile_by_name_and_defaults() -> None:
    p = get_profile("Shaanxi")
    assert p.name == "shaanxi" and not p.multiple_winners and p.absent_tiles == ()
    assert p.option("base_score") == 3 and p.option("paozi_max") == 4


def test_108_tile_form_removes_honours_and_plays_to_the_last_tile() -> None:
    p = get_profile("shaanxi", {"tiles_108": True})
    assert set(p.absent_tiles) == {"E", "S", "W", "N", "C", "F", "P"}
    assert dead_wall_tiles(p, 0) == 0 and dead_wall_tiles(get_profile("shaanxi"), 0) == 26
    with pytest.raises(MahjongError, match="not in the tile set"):
        analyze({"concealed": "123m456p789s1122z", "variant": "shaanxi",
                 "options": {"tiles_108": True}})
    s = score("123m456p789s11s22p", "2p", "shaanxi", {"seat": "S", "discarder": "E"},
              options={"tiles_108": True})
    assert s["payments"]["S"] > 0


@pytest.mark.parametrize(("hand", "win", "form"), [
    ("19m19p19sESWNCFP", "C", "thirteen_orphans"),
    ("2266p88s99mCC44m3m", "3m", "seven_pairs"),
    ("147m258p369sESWC", "F", "honors_and_knitted"),
    ("147m258p369s555m9p", "9p", "knitted_straight"),
    ("123m456p789s111sE", "E", "regular"),
])
def test_every_shape_wins_with_base_3(hand: str, win: str, form: str) -> None:
    s = score(hand, win, "shaanxi", {"dealer": "N", "seat": "S", "discarder": "W"})
    assert s["hand_form"] == form
    # 3 from each of the three, the dealer N paying double.
    assert s["payments"] == {"S": 12, "E": -3, "W": -3, "N": -6}
    assert values(s)["放炮和牌"] == 9 and values(s)["庄家翻倍"] == 3


def test_self_draw_six_from_each_discard_three_from_each() -> None:
    table = {"dealer": "N", "seat": "S"}
    drawn = score("123m456p789s111sE", "E", "shaanxi", {**table, "discarder": None},
                  self_drawn=True)
    assert drawn["payments"] == {"S": 24, "E": -6, "W": -6, "N": -12}
    assert values(drawn)["自摸"] == 18
    on_discard = score("123m456p789s111sE", "E", "shaanxi", {**table, "discarder": "E"})
    assert on_discard["payments"] == {"S": 12, "E": -3, "W": -3, "N": -6}
    assert values(on_discard)["放炮和牌"] == 9


def test_dealer_gains_and_losses_doubled() -> None:
    won = score("123m456p789s111sE", "E", "shaanxi", {"dealer": "E", "seat": "E",
                                                      "discarder": "S"})
    assert won["payments"] == {"E": 18, "S": -6, "W": -6, "N": -6}
    lost = score("123m456p789s111sE", "E", "shaanxi", {"dealer": "W", "seat": "E",
                                                       "discarder": "S"})
    assert lost["payments"] == {"E": 12, "S": -3, "W": -6, "N": -3}
    off = score("123m456p789s111sE", "E", "shaanxi", {"dealer": "W", "seat": "E", "discarder": "S"},
                options={"dealer_doubles": False})
    assert off["payments"] == {"E": 9, "S": -3, "W": -3, "N": -3}


def test_paozi_winner_and_loser_formulas_agree() -> None:
    bets = {"E": 1, "S": 3, "W": 0, "N": 4}
    s = score("123m456p789s111sE", "E", "shaanxi", {"dealer": "E", "seat": "S", "bets": bets,
                                                    "discarder": "N"})
    # Winner: (3 × own + the others) × 3; each loser: (own + winner's) × 3.
    assert values(s)["下炮子"] == (3 * 3 + 1 + 0 + 4) * 3
    assert s["breakdown"]["N"]["paozi"] == (4 + 3) * 3
    assert s["breakdown"]["W"]["paozi"] == (0 + 3) * 3


def test_bets_are_zero_to_four() -> None:
    with pytest.raises(MahjongError, match="bets 5, but the bets are 0-4"):
        score("123m456p789s111sE", "E", "shaanxi", {"bets": {"E": 5}, "discarder": "S"})
    with pytest.raises(MahjongError, match="unknown seat 'X'"):
        score("123m456p789s111sE", "E", "shaanxi", {"bets": {"X": 1}, "discarder": "S"})
    with pytest.raises(MahjongError, match="whole number"):
        score("123m456p789s111sE", "E", "shaanxi", {"bets": {"E": -1}, "discarder": "S"})
    s = score("123m456p789s111sE", "E", "shaanxi", {"bets": {"E": 5}, "discarder": "S"},
              options={"paozi_max": 6})
    assert values(s)["下炮子"] > 0


@pytest.mark.parametrize(("kind", "source", "expected"), [
    ("jia", None, {"W": 9, "E": -3, "S": -3, "N": -3}),
    ("an", None, {"W": 18, "E": -6, "S": -6, "N": -6}),
    ("zhi", "S", {"W": 6, "E": 0, "S": -6, "N": 0}),
])
def test_kong_payments_at_once(kind: str, source: str | None, expected: dict[str, int]) -> None:
    kong = {"type": kind, "tile": "9p", **({"from": source} if source else {})}
    drawn = settle_draw(get_profile("shaanxi"), {"dealer": "N", "kongs": {"W": [kong]}})
    assert drawn["payments"] == expected
    assert settle_draw(get_profile("shaanxi", {"kongs_stand_on_draw": False}),
                       {"kongs": {"W": [kong]}})["payments"] == dict.fromkeys("ESWN", 0)


def test_kong_names_of_the_issue_are_accepted() -> None:
    t = {"dealer": "N", "kongs": {"W": [{"type": "concealed"}, {"type": "added"},
                                        {"type": "exposed", "from": "S"}]}}
    assert settle_draw(get_profile("shaanxi"), t)["payments"]["W"] == 18 + 9 + 6
    with pytest.raises(MahjongError, match="'from'"):
        settle_draw(get_profile("shaanxi"), {"kongs": {"W": [{"type": "zhi"}]}})


def test_no_table_scores_with_defaults_and_says_so() -> None:
    s = score("123m456p789s111sE", "E", "shaanxi", None)
    assert s["winner"] == "E" and s["dealer"] == "E"
    assert any("no table" in a for a in s["assumed"]) and any("上家" in a for a in s["assumed"])
    assert s["payments"] == {"E": 18, "S": -6, "W": -6, "N": -6}


def test_discarder_pays_option() -> None:
    s = score("123m456p789s111sE", "E", "shaanxi", {"dealer": "N", "seat": "S", "discarder": "E"},
              options={"discard_win_payers": "discarder"})
    assert s["payments"] == {"S": 12, "E": -12, "W": 0, "N": 0}  # 3 + 3 + 6 (N deals)


def test_one_winner_nearest_in_turn_order() -> None:
    ready = "123m456p789s11s EE"
    r = claims("shaanxi", "S", {"W": ready, "E": ready}, "E")
    assert r["winners"] == ["W"]
    r = claims("shaanxi", "N", {"S": ready, "E": ready}, "E")
    assert r["winners"] == ["E"]


def test_unknown_option_and_bad_value() -> None:
    with pytest.raises(MahjongError, match="unknown option 'paozi'"):
        get_profile("shaanxi", {"paozi": 2})
    with pytest.raises(MahjongError, match="'settlement' takes one of"):
        get_profile("shaanxi", {"settlement": "other"})
    with pytest.raises(MahjongError, match="list of 4 numbers"):
        get_profile("shaanxi", {"walls_108": [14, 13]})
    with pytest.raises(MahjongError, match="'base_score' must be a whole number"):
        get_profile("shaanxi", {"base_score": "3"})


def test_dealer_doubling_of_paozi_and_kongs_are_options() -> None:
    table = {"dealer": "E", "seat": "S", "bets": {"E": 1, "S": 1}, "discarder": "W"}
    plain = score("123m456p789s111sE", "E", "shaanxi", table)
    assert plain["breakdown"]["E"] == {"hand": 6, "paozi": 6}
    both = score("123m456p789s111sE", "E", "shaanxi", table,
                 options={"dealer_doubles_paozi": True})
    assert both["breakdown"]["E"] == {"hand": 6, "paozi": 12}
    kongs = {"dealer": "E", "kongs": {"W": [{"type": "an"}]}}
    doubled = settle_draw(get_profile("shaanxi", {"dealer_doubles_kongs": True}), kongs)
    assert doubled["payments"] == {"W": 24, "E": -12, "S": -6, "N": -6}
