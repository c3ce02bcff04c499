"""The analysis a player sees: waits with copies left, discard advice, wins, own-turn moves."""

from __future__ import annotations

import pytest

from assistant import MahjongError, analyze
from assistant.variants import get_profile


def test_waits_count_copies_left_and_report_dead_waits() -> None:
    r = analyze({"concealed": "123m456p789s1122z", "visible": ["E", "E"]})
    assert r["shanten"] == 0
    assert r["waits"] == [{"tile": "E", "remaining": 0, "dead": True},
                          {"tile": "S", "remaining": 2, "dead": False}]
    quiet = analyze({"concealed": "123m456p789s1122z", "visible": ["E", "E"],
                     "options": {"dead_waits": False}})
    assert [w["tile"] for w in quiet["waits"]] == ["S"]


def test_melds_count_against_remaining_copies() -> None:
    r = analyze({"concealed": "23m456p789s11z",
                 "melds": [{"type": "pung", "tiles": ["1m", "1m", "1m"], "from": "left"}]})
    assert r["waits"] == [{"tile": "1m", "remaining": 1, "dead": False},
                          {"tile": "4m", "remaining": 4, "dead": False}]


def test_fourteen_tiles_give_discards_best_first() -> None:
    r = analyze({"concealed": "1112345678999m5p", "advice": "efficiency"})
    assert not r["is_win"]
    best = r["discards"][0]
    assert best["tile"] == "5p" and best["shanten"] == 0
    assert best["tiles"] == [f"{n}m" for n in range(1, 10)]
    assert best["ukeire"] == 23  # 九莲宝灯: nine waits, 1m and 9m with one copy left each
    assert [d["shanten"] for d in r["discards"]] == sorted(d["shanten"] for d in r["discards"])


def test_win_lists_every_reading() -> None:
    r = analyze({"concealed": "111222333m789p5s", "win_tile": "5s"})
    assert r["is_win"] and r["shanten"] == -1
    assert {d["groups"] for d in r["decompositions"]} == {
        "111m 222m 333m 789p 55s", "123m 123m 123m 789p 55s"}
    assert r["discards"] == []


def test_seven_pairs_with_four_of_a_kind_is_a_profile_switch() -> None:
    hand = {"concealed": "EEEESSWWNNCCFF"}  # four East as two pairs; no regular reading
    assert analyze(hand)["is_win"]
    assert not analyze(hand, variant="riichi")["is_win"]
    assert not analyze({**hand, "options": {"four_as_two_pairs": False}})["is_win"]


def test_special_forms() -> None:
    assert analyze({"concealed": "19m19p19s1234567z1m"})["decompositions"][0]["form"] == \
        "thirteen_orphans"
    knitted = analyze({"concealed": "147m258p369s12345z"})  # 全不靠: 14 different tiles
    assert {d["form"] for d in knitted["decompositions"]} == {"honors_and_knitted"}
    dragon = analyze({"concealed": "147m258p369s234sEE"})  # 组合龙 + 234s + EE
    assert {d["form"] for d in dragon["decompositions"]} == {"knitted_straight"}
    assert not analyze({"concealed": "147m258p369s12345z"}, variant="riichi")["is_win"]


def test_wild_tiles_fill_any_gap() -> None:
    # 红中 as wild: two of them complete 13m + a pair.
    r = analyze({"concealed": "13m456p567s789s11zC", "wilds": ["C"]})
    assert r["is_win"] and "123m" in r["decompositions"][0]["groups"].replace("*", "2")
    ready = analyze({"concealed": "123m456p789s1zCCC", "wilds": ["C"]})
    assert ready["shanten"] == 0
    tiles = {w["tile"] for w in ready["waits"]}
    assert len(tiles) == 34  # three wilds beside a single: every tile wins


def test_own_turn_moves() -> None:
    r = analyze({"concealed": "1111m456p789sSSW", "win_tile": "W",
                 "melds": [], "context": {"self_drawn": True}})
    assert r["own_turn"]["concealed_kongs"] == ["1m"]
    meld = {"type": "pung", "tiles": ["5s", "5s", "5s"], "from": "left"}
    r = analyze({"concealed": "123m456p78s5s55z", "melds": [meld]})
    assert r["own_turn"]["added_kongs"] == [{"tile": "5s", "robbable": True}]


def test_unknown_option_and_variant_are_errors() -> None:
    with pytest.raises(MahjongError, match="unknown option 'colour'"):
        analyze({"concealed": "123m456p789s1122z", "options": {"colour": 1}})
    with pytest.raises(MahjongError, match="must be true or false"):
        analyze({"concealed": "123m456p789s1122z", "options": {"chow_allowed": "no"}})
    with pytest.raises(MahjongError, match="unknown variant"):
        analyze({"concealed": "123m456p789s1122z"}, variant="klingon")


def test_a_table_of_options_is_one_card_whose_values_are_told_apart() -> None:
    riichi = get_profile("riichi")
    house = {"open_tanyao": False, "kazoe": "sanbaiman", "stick_value": 1000}
    card = riichi.with_options(house)
    assert riichi.with_options(dict(house)) is card  # the same values: the same card
    assert card.extra["open_tanyao"] is False and card.extra["kazoe"] == "sanbaiman"
    assert riichi.with_options({**house, "open_tanyao": True}).extra["open_tanyao"] is True
    assert get_profile("riichi_sanma").with_options(house).name == "riichi_sanma"
    # 0 equals False and 1000.0 equals 1000 in Python; as option values they are refused
    assert get_profile("default").with_options({"chow_allowed": False}).chow_allowed is False
    with pytest.raises(MahjongError, match="must be true or false"):
        get_profile("default").with_options({"chow_allowed": 0})
    with pytest.raises(MahjongError, match="must be a whole number"):
        riichi.with_options({**house, "stick_value": 1000.0})
    shaanxi = get_profile("shaanxi")
    walls = shaanxi.with_options({"walls_108": [14, 13, 13, 13]})
    assert shaanxi.with_options({"walls_108": [14, 13, 13, 13]}) is walls
    assert walls.extra["walls_108"] == (14, 13, 13, 13)
    assert shaanxi.with_options({"walls_108": [13, 14, 13, 13]}).extra["walls_108"] == (
        13, 14, 13, 13)
    with pytest.raises(MahjongError, match="walls_108"):
        shaanxi.with_options({"walls_108": [14, 13, 13, True]})


def test_void_suit_blocks_the_win_and_leads_the_discards() -> None:
    r = analyze({"concealed": "123456m234p678s99p", "context": {"void_suit": "s"}})
    assert not r["is_win"] and r["void_suit_held"] == ["6s", "7s", "8s"]
    assert {d["tile"] for d in r["discards"]} == {"6s", "7s", "8s"}


@pytest.mark.parametrize(("hand", "zh", "en"), [
    ({"concealed": "123456m234p678s99p", "variant": "sichuan", "context": {"void_suit": "s"}},
     "定缺", "void suit"),
    ({"concealed": "123456m789p234s55s", "variant": "sichuan"}, "缺一门", "three suits"),
    ({"concealed": "123456m789p234s5s", "win_tile": "5s", "variant": "mcr"}, "起和的8番",
     "8-point minimum"),
    ({"concealed": "123m456m234s5s", "melds": [{"type": "pung", "tiles": "777p"}],
      "win_tile": "5s", "variant": "riichi"}, "无役", "no yaku"),
    ({"concealed": "123456789m234p5p", "win_tile": "5p", "variant": "wuhan"}, "不开口不能胡",
     "must be open"),
])
def test_a_complete_hand_the_rules_refuse_says_why(hand: dict, zh: str, en: str) -> None:
    """Whatever refuses the win (the void suit, 缺一门, MCR's minimum, no yaku, 武汉's 开口),
    the answer gives the reason in both languages, and the report says "not a win", never
    "a win!"."""
    from assistant.report import analysis_report

    r = analyze(hand)
    assert zh in r["not_a_win"]["zh"] and en in r["not_a_win"]["en"], r["not_a_win"]
    report = analysis_report(r, "zh")
    assert "不算和牌" in report and "和牌！" not in report, report
    assert "a win!" not in analysis_report(r, "en")


def test_a_win_has_no_refusal() -> None:
    r = analyze({"concealed": "123m456m234s5s", "melds": [{"type": "pung", "tiles": "EEE"}],
                 "win_tile": "5s", "variant": "guangdong"})
    assert r["is_win"] and "not_a_win" not in r
