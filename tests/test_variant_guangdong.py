"""Guangdong 鸡平和: the fan table, the cap, the +1s, fan floors, 包自摸, payments, claims."""

from __future__ import annotations

import pytest
from scoring_helpers import chow, claims, pung, score, values

from assistant import MahjongError, analyze, get_profile
from assistant.procedures import liabilities, pass_lock

ON_DISCARD = {"dealer": "E", "seat": "S", "discarder": "W"}
SELF_DRAWN = {"dealer": "E", "seat": "S"}


@pytest.mark.parametrize(("hand", "win", "name", "fan"), [
    ("123m345m567m777m9m", "9m", "清一色", 4),
    ("111m555m999mEEES", "S", "混碰", 4),
    ("111m333m555m999m7m", "7m", "清碰", 5),
    ("111m999pEEECCC9s", "9s", "混幺九", 5),
    ("123m555sPPCCCFF", "F", "小三元", 5),
    ("EEESSSWWW123mN", "N", "小四喜", 5),
    ("EEESSSCCCFFFP", "P", "字一色", 6),
    ("111m999m111p999p1s", "1s", "清幺九", 6),
    ("CCCFFFPPP123m4s", "4s", "大三元", 6),
    ("EEESSSWWWNNN5m", "5m", "大四喜", 6),
    ("1112345678999m", "5m", "九莲宝灯", 6),
    ("19m19p19sESWNCFP", "C", "十三幺", 6),
])
def test_special_hands_beyond_the_cap(hand: str, win: str, name: str, fan: int) -> None:
    s = score(hand, win, "guangdong", ON_DISCARD)
    assert values(s) == {name: fan}
    assert s["total"] == fan and s["points"] == 2 ** fan
    assert s["payments"] == {"S": 2 ** fan, "W": -(2 ** fan), "E": 0, "N": 0}


def test_specials_take_no_additions() -> None:
    s = score("123m345m567m777m9m", "9m", "guangdong", SELF_DRAWN, self_drawn=True)
    assert values(s) == {"清一色": 4}
    s = score("CCCFFFPPP123m4s", "4s", "guangdong", SELF_DRAWN, self_drawn=True)
    assert values(s) == {"大三元": 6}


def test_specials_stack_option() -> None:
    s = score("EEESSSWWWNNNC", "C", "guangdong", ON_DISCARD, options={"specials_stack": True})
    assert values(s) == {"大四喜": 6, "字一色": 6}


@pytest.mark.parametrize(("hand", "win", "melds", "expected"), [
    ("456p789s222s5m", "5m", [chow("123m")], {"鸡和": 0}),
    ("123m456m789p345s9s", "9s", [], {"平和": 1}),
    ("111m555p999s222m7s", "7s", [], {"碰碰和": 2}),
    ("123m456m789mWWWN", "N", [], {"混一色": 2}),
    ("123p234p456p678pW", "W", [], {"平和": 1, "混一色": 2}),
])
def test_patterns_inside_the_cap(hand: str, win: str, melds: list, expected: dict) -> None:
    assert values(score(hand, win, "guangdong", ON_DISCARD, melds=melds)) == expected


def test_additions_and_the_cap() -> None:
    melds = [pung("SSS"), pung("CCC", "opposite")]
    capped = score("222m88p55s", "8p", "guangdong", SELF_DRAWN, melds=melds, self_drawn=True)
    assert values(capped) == {"碰碰和": 2, "门风刻": 1, "箭刻": 1, "自摸": 1, "爆和": -2}
    assert capped["total"] == 3
    free = score("222m88p55s", "8p", "guangdong", SELF_DRAWN, melds=melds, self_drawn=True,
                 options={"bao_he_cap": None})
    assert free["total"] == 5 and free["points"] == 32


def test_prevalent_and_seat_wind() -> None:
    east = {"dealer": "E", "seat": "E", "discarder": "S"}
    both = score("EEE123m567p9s9s23s", "4s", "guangdong", east)
    assert values(both) == {"鸡和": 0, "门风刻": 1, "圈风刻": 1}
    once = score("EEE123m567p9s9s23s", "4s", "guangdong", east,
                 options={"double_wind_counts_twice": False})
    assert values(once) == {"鸡和": 0, "门风刻": 1}
    # Seat winds follow the dealer: the dealer S sits East.
    follows = score("EEE123m567p9s9s23s", "4s", "guangdong",
                    {"dealer": "S", "seat": "S", "discarder": "W", "prevalent_wind": "N"})
    assert values(follows) == {"鸡和": 0, "门风刻": 1}
    fixed = score("EEE123m567p9s9s23s", "4s", "guangdong",
                  {"dealer": "S", "seat": "S", "discarder": "W", "prevalent_wind": "N"},
                  options={"seat_wind_follows_dealer": False})
    assert values(fixed) == {"鸡和": 0}


def test_two_winner_floor_option() -> None:
    table = {"dealer": "E", "seat": "W", "discarder": "S", "winners": ["W", "N"]}
    plain = score("456p789s222s5m", "5m", "guangdong", table, melds=[chow("123m")])
    assert plain["total"] == 0
    floored = score("456p789s222s5m", "5m", "guangdong", table, melds=[chow("123m")],
                    options={"two_winner_floor": True})
    assert values(floored) == {"鸡和": 0, "一炮两响": 3}


def test_liability_read_from_the_melds_when_not_given() -> None:
    melds = [chow("123m"), pung("999s", "opposite"), pung("555m", "right"), pung("777p", "opposite")]
    s = score("4s", "4s", "guangdong", SELF_DRAWN, melds=melds, self_drawn=True)
    assert s["payments"] == {"S": 6, "N": -6, "E": 0, "W": 0}
    assert s["liable"] == {"seat": "N", "rule": "twelve_down_liability"} and s["assumed"]
    off = score("4s", "4s", "guangdong", SELF_DRAWN, melds=melds, self_drawn=True,
                options={"twelve_down_liability": False})
    assert off["payments"] == {"S": 6, "E": -2, "W": -2, "N": -2}
    # On a discard the liable seat is not involved: the discarder pays as usual.
    on_discard = score("4s", "4s", "guangdong", ON_DISCARD, melds=melds)
    assert on_discard["payments"] == {"S": 1, "W": -1, "E": 0, "N": 0}


def test_big_three_dragons_liability() -> None:
    melds = [pung("CCC"), pung("FFF", "right"), pung("PPP", "opposite")]
    table = {"dealer": "E", "seat": "W"}
    s = score("33m45s", "6s", "guangdong", table, melds=melds, self_drawn=True)
    assert s["payments"] == {"W": 192, "E": -192, "S": 0, "N": 0}
    off = score("33m45s", "6s", "guangdong", table, melds=melds, self_drawn=True,
                options={"big_hand_liability": False, "twelve_down_liability": False})
    assert off["payments"] == {"W": 192, "E": -64, "S": -64, "N": -64}


def test_discard_payment_options() -> None:
    s = score("456p789s222s5m", "5m", "guangdong", ON_DISCARD, melds=[chow("123m")],
              options={"discard_payment": "all"})
    assert s["payments"] == {"S": 3, "E": -1, "W": -1, "N": -1}


def test_no_bets_no_flowers_no_seven_pairs() -> None:
    with pytest.raises(MahjongError, match="no bets"):
        score("456p789s222s5m", "5m", "guangdong", {**ON_DISCARD, "bets": {"E": 1}},
              melds=[chow("123m")])
    with pytest.raises(MahjongError, match="without flowers"):
        analyze({"concealed": "456p789s222s5m", "win_tile": "5m", "bonus": ["1f"],
                 "melds": [chow("123m")], "variant": "guangdong"})
    assert not analyze({"concealed": "2266p88s99mCC44m3m", "win_tile": "3m",
                        "variant": "guangdong"})["is_win"]


def test_several_winners_on_one_discard() -> None:
    ready = "123m456p789s11s EE"
    r = claims("guangdong", "S", {"W": ready, "N": ready, "E": "19m19p19s1234567z"}, "E")
    assert r["winners"] == ["W", "N", "E"]
    one = claims("guangdong", "S", {"W": ready, "N": ready}, "E",
                 options={"multiple_winners": False})
    assert one["winners"] == ["W"]


def test_passed_win_is_locked_until_the_seat_moves() -> None:
    ready = "123m456p789s11s EE"
    assert claims("guangdong", "S", {"N": ready}, "E", passed=["N"])["winners"] == []
    events = [["E", "discard", "E"], ["N", "pass_win", "E"], ["S", "discard", "E"],
              ["N", "try_win", "E"], ["N", "try_win", "1s"], ["N", "pung", None],
              ["N", "try_win", "E"]]
    assert pass_lock(events)["try_win_results"] == [False, True, True]
    assert pass_lock(events, "any_tile")["try_win_results"] == [False, False, True]


def test_first_round_wins_score_at_least_their_own_value() -> None:
    table = {"dealer": "E", "seat": "W", "discarder": "E"}
    human = score("123p234p456p678pW", "W", "guangdong", table, first_go_around=True)
    assert values(human) == {"人和": 6}
    low = score("123p234p456p678pW", "W", "guangdong", table, first_go_around=True,
                options={"ren_he_fan": 2})
    assert values(low) == {"平和": 1, "混一色": 2}
    heavenly = score("123p234p456p678pW", "W", "guangdong", {"dealer": "E", "seat": "E"},
                     self_drawn=True, first_go_around=True)
    assert values(heavenly) == {"天和": 6} and heavenly["payments"]["E"] == 192


@pytest.mark.parametrize("claims_before, who", [(["S"], "seat S"), (["N", "S"], "seat N S"),
                                                (True, "someone")])
def test_another_seats_claim_voids_the_first_round_wins(claims_before: object, who: str) -> None:
    """如果闲家抓牌前有人吃碰杠（包括暗杠）那么不算地和: a chow or pung by another seat before the
    winner's first draw (table.claims_before) refuses first_go_around, naming the rule."""
    table = {"dealer": "E", "seat": "W", "discarder": None, "claims_before": claims_before}
    with pytest.raises(MahjongError, match=f"impossible: {who} chowed.*不算地和"):
        score("123p234p456p678pW", "W", "guangdong", table, self_drawn=True,
              first_go_around=True)
    earthly = score("123p234p456p678pW", "W", "guangdong", {**table, "claims_before": False},
                    self_drawn=True, first_go_around=True)
    assert values(earthly) == {"地和": 6}
    later = score("123p234p456p678pW", "W", "guangdong", table, self_drawn=True)
    assert "地和" not in values(later)


@pytest.mark.parametrize("bad, message", [(["X"], "must be a seat wind"),
                                          (["S", "S"], "lists a seat twice"),
                                          ("S", "must list the seats")])
def test_claims_before_is_checked(bad: object, message: str) -> None:
    table = {"dealer": "E", "seat": "W", "discarder": "E", "claims_before": bad}
    with pytest.raises(MahjongError, match=message):
        score("123p234p456p678pW", "W", "guangdong", table)


def test_twelve_down_liability_first_only_bao_xian_bu_bao_hou() -> None:
    claims = [{"seat": s, "claim": "pung", "tile": t, "from": f} for s, t, f in (
        ("S", "9s", "N"), ("S", "5m", "W"), ("S", "1m", "E"), ("S", "7p", "N"),  # N: S's 4th set
        ("W", "6m", "E"), ("W", "1s", "S"), ("W", "3m", "E"), ("W", "2p", "N"))]  # N again
    got = liabilities(get_profile("guangdong"), claims)
    assert got == {"S": {"seat": "N", "rule": "twelve_down_liability"}}
    dragons = [{"seat": "W", "claim": "pung", "tile": t, "from": f}
               for t, f in (("C", "S"), ("F", "N"), ("P", "E"))]
    assert liabilities(get_profile("guangdong"), dragons)["W"] == {"seat": "E",
                                                                  "rule": "big_hand_liability"}
    off = get_profile("guangdong", {"big_hand_liability": False, "twelve_down_liability": False})
    assert liabilities(off, claims + dragons) == {}


def test_event_floor_is_an_option() -> None:
    s = score("123m456p888s33m78m", "9m", "guangdong", SELF_DRAWN, self_drawn=True, wall_last=True,
              options={"event_min_fan": 5})
    assert s["total"] == 5 and values(s)["海底捞月"] == 4
