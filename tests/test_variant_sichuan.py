"""Sichuan 血战到底 / 血流成河 and the 100-tile game: the card, the options, 刮风下雨, 血战's seats
still in, 查花猪 / 查大叫, 成都 hand sizes, and the shared vectors of dcmshi/sichuan-mahjong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import analyze
from assistant.errors import MahjongError
from assistant.procedures import settle_draw
from assistant.variants import get_profile

VECTORS = Path(__file__).resolve().parents[2] / "shared" / "vectors" / "sichuan_dcmshi"
#: dcmshi's house rules, as its README names them, in this variant's options.
DCMSHI = {"jingoudiao_scope": "pair_wait", "self_drawn": "add_base", "fan_cap": 3}
#: dcmshi's fan names -> the catalogue keys that say the same (Kong and Root are both 根 here).
FAN_KEYS = {"AllPungs": "all_pungs", "FullFlush": "full_flush", "SevenPairs": "seven_pairs",
            "Root": "root", "Kong": "root", "GoldenWait": "all_pungs_pair_wait",
            "UnderTheSea": "last_tile_draw", "WinAfterKong": "kong_flower"}
SUBTYPE = {"normal": {}, "underTheSea": {"wall_last": True, "self_drawn": True},
           "winAfterKong": {"kong_replacement": True, "self_drawn": True}}


def score(data: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The score of a Sichuan win (variant ``sichuan`` unless ``data`` names another)."""
    result = analyze({"variant": "sichuan", **data, "options": {**data.get("options", {}),
                                                                 **options}})
    assert result["is_win"], result
    return result["score"]


def names(s: dict[str, Any]) -> dict[str, int]:
    return {i["name_zh"]: i["value"] * i.get("count", 1) for i in s["items"]}


def keys(s: dict[str, Any]) -> set[str]:
    return {k for i in s["items"] if "key" in i for k in i["key"].split("+")}


def vector_rows() -> list:
    path = VECTORS / "sichuan_scoring_cases.jsonl"
    if not path.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{path} is not beside the "
                                                                 "project"))]
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [pytest.param(r, id=r["id"]) for r in rows]


@pytest.mark.parametrize("row", vector_rows())
def test_dcmshi_vectors(row: dict[str, Any]) -> None:
    ctx = row["context"]
    context = {"void_suit": ctx["void_suit"], **SUBTYPE[ctx.get("hu_subtype", "normal")]}
    if ctx.get("self_drawn"):
        context["self_drawn"] = True
    data = {"concealed_incl_win_tile": row["concealed_incl_win_tile"], "melds": row["melds"],
            "win_tile": row["win_tile"], "context": context, "variant": "sichuan",
            "options": {**DCMSHI, "fan_cap": ctx["fan_cap"]},
            "table": {"seat": "E", "dealer": "E",
                      **({"discarder": None} if context.get("self_drawn") else {})}}
    expected = row["expected"]
    if row["id"] == "sc-seven-pairs-win-after-kong":
        # A kong cannot sit in seven pairs: 杠上开花 with no kong is refused, not scored.
        with pytest.raises(MahjongError, match="杠上开花"):
            analyze(data)
        return
    result = analyze(data)
    if "score_deltas_by_seat" in expected:
        assert list(result["score"]["payments"].values()) == expected["score_deltas_by_seat"]
        return
    assert result["is_win"] == expected["is_win"]
    if not expected["is_win"]:
        assert result["void_suit_held"]
        return
    s = result["score"]
    assert s["points"] == expected.get("hand_value", s["points"])
    if isinstance(expected.get("total_fan"), int):
        assert s["total"] == expected["total_fan"]
    elif expected.get("total_fan") == "cap(3)":
        assert s["total"] == 3 and s["limit"]
    wanted = {FAN_KEYS[name] for name in expected["fans"]}
    if "all_pungs_pair_wait" in wanted:  # 金钩钓 replaces 对对胡 here, its fan taken with it
        wanted.discard("all_pungs")
    if expected["match"] == "exact":
        assert keys(s) == wanted or (not wanted and keys(s) == {"chicken"})
    else:
        assert wanted <= keys(s)


def test_the_card_of_chengdu() -> None:
    # 根 (四归一 and 杠) 1 each, 对对胡 1, 七对 2, 清一色 2, 平和 0; fan added, 2^fan, 封顶 3.
    assert names(score({"concealed": "123456m234p678p9p", "win_tile": "9p"})) == {"平和": 0}
    assert names(score({"concealed": "111m444m222p777p9p", "win_tile": "9p"})) == {"对对胡": 1}
    s = score({"concealed": "11m11m66m99m22p55p8p", "win_tile": "8p"})
    assert names(s) == {"龙七对": 3} and s["points"] == 8
    s = score({"concealed": "1122335566779m", "win_tile": "9m"})
    assert names(s) == {"清七对": 4, "封顶": -1} and s["total"] == 3 and s["limit"]
    s = score({"concealed": "1113335557779m", "win_tile": "9m"}, fan_cap=None)
    assert names(s) == {"清对": 3} and s["points"] == 8 and not s["limit"]
    # 将对: all pungs of 2, 5 and 8 (3 fan, replacing 对对胡).
    assert names(score({"concealed": "222m555m888p222p5p", "win_tile": "5p"})) == {"将对": 3}
    # 根 counts a fourth copy kept inside a chow (四归一) as well as a kong.
    s = score({"concealed": "111123m456p789p9p", "win_tile": "9p"})
    assert names(s) == {"根": 1}


def test_jingoudiao_and_eighteen_arhats() -> None:
    melds = [{"type": "pung", "tiles": "111p", "from": "left"},
             {"type": "pung", "tiles": "444m", "from": "right"},
             {"type": "pung", "tiles": "999p", "from": "opposite"},
             {"type": "pung", "tiles": "555p", "from": "left"}]
    hand = {"concealed": "2p", "melds": melds, "win_tile": "2p"}
    assert names(score(hand, fan_cap=None)) == {"金钩钓": 2}
    assert names(score(hand, fan_cap=None, jingoudiao_fan=0)) == {"对对胡": 1}
    assert names(score(hand, fan_cap=None, jingoudiao_fan=3)) == {"金钩钓": 3}
    # A concealed all-pungs hand won on its pair is 金钩钓 only with the pair_wait scope.
    closed = {"concealed": "111m444m222p777p9p", "win_tile": "9p"}
    assert names(score(closed)) == {"对对胡": 1}
    assert names(score(closed, jingoudiao_scope="pair_wait")) == {"金钩钓": 2}
    kongs = [{"type": "kong", "tiles": t * 4 if len(t) == 2 else t, "concealed": True}
             for t in ("1111p", "4444m", "9999p", "5555p")]
    s = score({"concealed": "2p", "melds": kongs, "win_tile": "2p"}, fan_cap=None)
    assert names(s) == {"十八罗汉": 2, "根": 4}


def test_situations_and_options() -> None:
    plain = {"concealed": "123456m234p678p9p", "win_tile": "9p"}
    kong = [{"type": "kong", "tiles": "3333s", "concealed": True}]
    flower = {"concealed": "123456m456s9s", "melds": kong, "win_tile": "9s",
              "context": {"self_drawn": True, "kong_replacement": True}}
    assert names(score(flower)) == {"根": 1, "杠上开花": 1}
    assert names(score({**plain, "context": {"after_kong_discard": True}})) == {"杠上炮": 1}
    assert names(score({**plain, "context": {"robbing_kong": True}})) == {"抢杠胡": 1}
    assert names(score({**plain, "context": {"wall_last": True, "self_drawn": True}})) == {
        "海底捞月": 1}
    assert names(score({**plain, "context": {"wall_last": True}})) == {"海底炮": 1}
    heavenly = {**plain, "context": {"first_go_around": True, "self_drawn": True},
                "table": {"dealer": "E", "seat": "E", "discarder": None}}
    assert names(score(heavenly)) == {"天胡": 3}
    # 七对's fan, and the three ways a self-draw counts.
    pairs = {"concealed": "11m44m66m99m22p55p8p", "win_tile": "8p"}
    assert names(score(pairs, qidui_fan=1)) == {"七对": 1}
    drawn = {**plain, "context": {"self_drawn": True}}
    assert score(drawn)["payments"] == {"E": 6, "S": -2, "W": -2, "N": -2}  # 自摸加底
    s = score(drawn, self_drawn="add_fan")
    assert names(s) == {"自摸加番": 1} and s["payments"]["E"] == 6
    assert score(drawn, self_drawn="double")["payments"]["E"] == 6
    assert score(drawn, base=5)["payments"]["E"] == 30


def test_gua_feng_xia_yu_kong_money() -> None:
    # 下雨 (暗杠) 2 from each, 刮风 直杠 2 from the discarder, 加杠 1 from each; the win paid apart.
    data = {"concealed": "123456m234p678p9p", "win_tile": "9p",
            "table": {"seat": "E", "discarder": "S",
                      "kongs": {"W": [{"type": "an", "tile": "5s"}],
                                "N": [{"type": "zhi", "tile": "7s", "from": "E"},
                                      {"type": "jia", "tile": "8s"}]}}}
    s = score(data)
    assert s["payments"] == {"E": 1 - 2 - 2 - 1, "S": -1 - 2 - 1, "W": 6 - 1, "N": 2 + 3 - 2}
    assert sum(s["payments"].values()) == 0


def test_xuezhan_only_the_seats_still_in_pay() -> None:
    drawn = {"concealed": "123456m234p678p9p", "win_tile": "9p", "context": {"self_drawn": True},
             "table": {"seat": "E", "discarder": None, "in_play": ["E", "W", "N"],
                       "kongs": {"W": [{"type": "an", "tile": "5s"}]}}}
    s = score(drawn)
    assert s["payments"] == {"E": 4 - 2, "S": 0, "W": -2 + 4, "N": -2 - 2}
    with pytest.raises(MahjongError, match="already left"):
        analyze({**drawn, "variant": "sichuan", "table": {**drawn["table"], "in_play": ["W", "N"]}})


def test_several_winners_on_one_discard_only_where_allowed() -> None:
    win = {"concealed": "123456m234p678p9p", "win_tile": "9p",
           "table": {"seat": "E", "discarder": "S", "winners": ["E", "W"]}}
    assert score(win)["payments"] == {"E": 1, "S": -1, "W": 0, "N": 0}
    with pytest.raises(MahjongError, match="截和"):
        analyze({**win, "concealed": "123456m234p678pE", "win_tile": "E", "variant": "shaanxi"})


@st.composite
def xuezhan_hands(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A 血战 hand: up to three wins, each by a seat still in, on a discard or self-drawn."""
    in_play, wins = ["E", "S", "W", "N"], []
    hands = [("123456m234p678p9p", "9p"), ("111m444m222p777p9p", "9p"),
             ("11m44m66m99m22p55p8p", "8p"), ("1113335557779m", "9m")]
    for _ in range(draw(st.integers(1, 3))):
        seat = draw(st.sampled_from(in_play))
        others = [s for s in in_play if s != seat]
        discarder = draw(st.sampled_from([None, *others]))
        concealed = draw(st.sampled_from(hands))
        kongs = {s: [{"type": "an", "tile": "5s"}] for s in others[:draw(st.integers(0, 1))]}
        wins.append({"concealed": concealed[0], "win_tile": concealed[1],
                     "context": {"self_drawn": discarder is None},
                     "table": {"seat": seat, "discarder": discarder, "in_play": list(in_play),
                               "kongs": kongs}})
        in_play.remove(seat)
    return wins


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xuezhan_hands())
def test_payments_sum_to_zero_at_every_step_of_a_xuezhan_hand(wins: list[dict[str, Any]]) -> None:
    running = dict.fromkeys("ESWN", 0)
    for win in wins:
        s = score(win)
        assert sum(s["payments"].values()) == 0
        gone = set("ESWN") - set(win["table"]["in_play"])
        assert all(s["payments"][seat] == 0 for seat in gone)
        running = {k: running[k] + s["payments"][k] for k in running}
    assert sum(running.values()) == 0


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([f"{n}{s}" for n in range(1, 10) for s in "mps"]), min_size=14,
                max_size=14), st.sampled_from("mps"))
def test_a_hand_holding_its_void_suit_never_wins(tiles: list[str], void: str) -> None:
    if max(tiles.count(t) for t in tiles) > 4 or not any(t.endswith(void) for t in tiles):
        return
    result = analyze({"concealed": tiles, "variant": "sichuan", "context": {"void_suit": void}})
    assert not result["is_win"] and result["void_suit_held"]
    assert all(d["tile"].endswith(void) for d in result["discards"])


def test_lack_a_suit_without_a_declaration() -> None:
    three = analyze({"concealed": "123m456p789s11999m", "variant": "sichuan"})
    assert not three["is_win"] and three["three_suits_held"]
    assert analyze({"concealed": "123m456p789s11999m"})["is_win"]  # no such rule by default


def test_chengdu_hand_sizes() -> None:
    # Five players hold 10 tiles, six 7, seven or more 4: read, advised and scored as such.
    ten = score({"concealed": "123m456m7899p", "win_tile": "9p", "options": {"players": 5}})
    assert names(ten) == {"平和": 0}
    seven = analyze({"concealed": "123m4567p", "variant": "sichuan", "options": {"players": 6}})
    assert seven["shanten"] == 0 and {w["tile"] for w in seven["waits"]} == {"4p", "7p"}
    four = score({"concealed": "111m2p", "win_tile": "2p", "options": {"players": 7}})
    assert four["total"] == 0
    with pytest.raises(MahjongError, match="too many tiles"):
        analyze({"concealed": "123456m234p678p9p", "win_tile": "9p", "variant": "sichuan",
                 "options": {"players": 5}})
    with pytest.raises(MahjongError, match="清一色"):
        analyze({"concealed": "123456m234p678p9p", "win_tile": "9p", "variant": "sichuan",
                 "options": {"players": 2}})
    assert score({"concealed": "1113335557779m", "win_tile": "9m",
                  "options": {"players": 2}})["total"] == 3


def test_two_players_claim_nothing() -> None:
    # 两人麻将：必须是清一色，不能吃、碰 (seed 003 l.189): a claimed pung is refused, not scored 清对
    pung = {"type": "pung", "tiles": "111m", "from": "opposite"}
    claimed = {"concealed": "3335557779m", "melds": [pung], "win_tile": "9m", "variant": "sichuan",
               "options": {"players": 2}}
    assert names(score({**claimed, "options": {}})) == {"清对": 3}  # four players: a pung is fine
    for hand in (claimed, {**claimed, "win_tile": None, "concealed": "3335557779m"}):
        with pytest.raises(MahjongError, match="不能吃、碰"):
            analyze(hand)
    kong = {"type": "kong", "tiles": "1111m", "concealed": True}  # a concealed kong takes no discard
    assert score({**claimed, "melds": [kong]})["fan"] == 3


def test_seven_or_more_players_hold_four_tiles() -> None:
    # 七人以上：每方起手只拿四张牌 — eight or more play as seven; the deal is bounded at 13 players
    for players in (8, 13):
        assert score({"concealed": "111m2p", "win_tile": "2p", "options": {"players": players}}
                     )["total"] == 0
    with pytest.raises(MahjongError, match="players"):
        get_profile("sichuan", {"players": 14})


def test_xueliu_every_other_seat_pays() -> None:
    # 血流成河：和牌之后并不出局 — nobody leaves, so a self-draw is paid by all three
    drawn = {"concealed": "123456m234p678p9p", "win_tile": "9p", "variant": "xueliu",
             "context": {"self_drawn": True}, "table": {"seat": "E", "discarder": None}}
    assert score(drawn)["payments"] == {"E": 6, "S": -2, "W": -2, "N": -2}
    with pytest.raises(MahjongError, match="并不出局"):
        analyze({**drawn, "table": {**drawn["table"], "in_play": ["E", "W", "N"]}})


def test_no_chow_and_no_honours() -> None:
    chow = [{"type": "chow", "tiles": "123m", "from": "left"}]
    with pytest.raises(MahjongError, match="does not allow chows"):
        analyze({"concealed": "456m234p678p9p", "melds": chow, "win_tile": "9p",
                 "variant": "sichuan"})
    with pytest.raises(MahjongError, match="not in the tile set"):
        analyze({"concealed": "123456m234p678pE", "variant": "sichuan"})


def test_drawn_hand_cha_huazhu_and_cha_dajiao() -> None:
    profile = get_profile("sichuan")
    hands = {"E": {"concealed": "123m456m789m1p2p3p9p"},  # ready on 9p: 平和, 1 point
             "S": {"concealed": "111m444m222p777p9p"},   # ready on 9p as 对对胡, 1 fan: 2
             "W": {"concealed": "123m456p789s1m2m3m5m"},  # three suits: 花猪
             "N": {"concealed": "123m456m79m1p3p5p8p9p"}}   # not ready
    r = settle_draw(profile, {"hands": hands})
    assert sum(r["payments"].values()) == 0
    # 花猪 pays the cap (8) to each of the three; N pays E 1 and S 2.
    assert r["payments"] == {"E": 8 + 1, "S": 8 + 2, "W": -24, "N": 8 - 3}
    assert {"查花猪", "查大叫"} <= {i["name_zh"] for i in r["items"]}
    # 退税: the seat not ready pays back the kong money it took.
    kongs = {"N": [{"type": "an", "tile": "5s"}]}
    plain = settle_draw(profile, {"hands": hands, "kongs": kongs})["payments"]
    back = settle_draw(get_profile("sichuan", {"tuishui": True}),
                       {"hands": hands, "kongs": kongs})["payments"]
    assert plain["N"] - back["N"] == 6 and sum(back.values()) == 0
    with pytest.raises(MahjongError, match="missing"):
        settle_draw(profile, {"hands": {"E": hands["E"]}})


def test_xueliu_scores_as_xuezhan_and_keeps_its_options() -> None:
    data = {"concealed": "111m444m222p777p9p", "win_tile": "9p", "variant": "xueliu"}
    assert names(score(data)) == {"对对胡": 1}
    opts = get_profile("xueliu").options()
    assert opts["winner_may_change_wait"] is False and opts["winner_discards_claimable"] is True


def hundred(data: dict[str, Any], **options: Any) -> dict[str, Any]:
    return score({"variant": "hundred", "context": {"self_drawn": True}, **data}, **options)


def test_the_hundred_tile_game() -> None:
    s = hundred({"concealed": "123p456p789s234sE", "win_tile": "E"})
    assert names(s) == {"推倒和（屁和）": 1} and s["payments"]["E"] == 3
    assert names(hundred({"concealed": "111p555p999pEEEC", "win_tile": "C"})) == {"混对对": 4}
    s = hundred({"concealed": "111p555p999p333p7p", "win_tile": "7p"})
    assert names(s) == {"清对对": 4} and s["payments"]["E"] == 12
    assert names(hundred({"concealed": "123p456p789p234p7p", "win_tile": "7p"})) == {"清一色": 4}
    s = hundred({"concealed": "11p22p33p44p55p66p7p", "win_tile": "7p"})
    assert s["limit"] and s["payments"]["E"] == 36
    with pytest.raises(MahjongError, match="清一色全对"):
        hundred({"concealed": "11p33p55p77s99sEEF", "win_tile": "F"})
    with pytest.raises(MahjongError, match="只允许自摸"):
        analyze({"concealed": "123p456p789s234sE", "win_tile": "E", "variant": "hundred"})
    assert score({"concealed": "123p456p789s234sE", "win_tile": "E", "variant": "hundred"},
                 discard_wins=True)["payments"]["N"] == -1
    robbed = {"concealed": "123p456p789s234sE", "win_tile": "E",
              "context": {"robbing_kong": True}, "table": {"seat": "E", "discarder": "W"}}
    assert score({**robbed, "variant": "hundred"})["payments"] == {"E": 3, "S": 0, "W": -3, "N": 0}
    kongs = {"S": [{"type": "zhi", "tile": "5s", "from": "N"}, {"type": "an", "tile": "F"}]}
    s = hundred({"concealed": "123p456p789s234sE", "win_tile": "E",
                 "table": {"seat": "E", "discarder": None, "kongs": kongs}})
    assert s["payments"] == {"E": 3 - 2, "S": 3 + 6 - 1, "W": -1 - 2, "N": -1 - 3 - 2}
    with pytest.raises(MahjongError, match="not in the tile set"):
        analyze({"concealed": "123m456p789s234sE", "variant": "hundred"})


def test_exchange_three_and_the_next_dealer() -> None:
    from assistant.procedures import exchange_advice, exchange_three, next_dealer
    from assistant.tiles import parse_tiles

    profile = get_profile("sichuan", {"exchange_three": "counterclockwise"})
    passes = {"E": ["1m", "2m", "3m"], "S": ["4p", "5p", "6p"], "W": ["1s", "1s", "1s"],
              "N": ["9m", "9m", "8m"]}
    got = exchange_three(profile, passes)["received"]
    assert got == {"S": ["1m", "2m", "3m"], "W": ["4p", "5p", "6p"], "N": ["1s", "1s", "1s"],
                   "E": ["9m", "9m", "8m"]}
    assert exchange_three(profile, passes, "opposite")["received"]["W"] == ["1m", "2m", "3m"]
    with pytest.raises(MahjongError, match="one suit"):
        exchange_three(profile, {**passes, "E": ["1m", "2m", "3p"]})
    with pytest.raises(MahjongError, match="direction"):
        exchange_three(get_profile("sichuan"), passes)
    advice = exchange_advice(parse_tiles("1239m45p1235789s"))
    assert len(advice["pass"]) == 3 and all(t.endswith("m") for t in advice["pass"])
    assert advice["void_suit"] == "m"
    sichuan = get_profile("sichuan")
    assert next_dealer("E", ["W", "S"], sichuan, "N") == "W"  # the first winner deals
    multiple = get_profile("sichuan", {"next_dealer": "discarder_on_multiple"})
    assert next_dealer("E", ["W", "S"], multiple, "N") == "N"
    assert next_dealer("E", ["W"], multiple, "N") == "W"
    assert next_dealer("E", ["W"]) == "S"  # elsewhere the deal passes to the 下家


def test_hujiao_zhuanyi_hands_the_kong_money_on() -> None:
    data = {"concealed": "123456m234p678p9p", "win_tile": "9p",
            "context": {"after_kong_discard": True},
            "table": {"seat": "E", "discarder": "S", "kongs": {"S": [{"type": "an", "tile": "5s"}]}}}
    plain = score(data)["payments"]
    moved = score(data, hujiao_zhuanyi=True)
    # S's 下雨 took 2 from each of the three (6); on 杠上炮 S hands those 6 on to the winner.
    assert moved["payments"]["E"] - plain["E"] == 6 and moved["payments"]["S"] - plain["S"] == -6
    assert "呼叫转移" in names(moved)
    with pytest.raises(MahjongError, match="呼叫转移"):
        score({**data, "table": {"seat": "E", "discarder": "S"}}, hujiao_zhuanyi=True)


def test_claims_know_the_void_suit_and_no_chow() -> None:
    from assistant.claims import claims_on_discard

    hand = {"concealed": "123456m234p678p9s", "context": {"void_suit": "s"}}
    r = claims_on_discard({"discard": "9s", "discarder": "E", "variant": "sichuan",
                           "hands": {"S": hand}})
    assert not r["seats"]["S"]["win"] and r["seats"]["S"]["chows"] == []
    ready = {"concealed": "123456m234p678p9p", "context": {"void_suit": "s"}}
    r = claims_on_discard({"discard": "9p", "discarder": "E", "variant": "sichuan",
                           "hands": {"S": ready}})
    assert r["seats"]["S"]["win"]
    pungs = {"concealed": "123456m234p78p99s", "context": {"void_suit": "s"}}
    r = claims_on_discard({"discard": "9s", "discarder": "E", "variant": "sichuan",
                           "hands": {"S": pungs}})
    assert not r["seats"]["S"]["pung"] and not r["seats"]["S"]["kong"]
    r = claims_on_discard({"discard": "7p", "discarder": "E", "variant": "sichuan",
                           "hands": {"S": {"concealed": "123456m234p568p9p"}}})
    assert r["seats"]["S"]["chows"] == []  # no chow in Sichuan, even from the 上家


def test_two_players_claims_only_what_the_analysis_takes() -> None:
    # "两人麻将：必须是清一色，不能吃、碰": claims name no winner but a full flush, and offer
    # no pung or kong of the discard; a claimed pung is refused in the hand too.
    from assistant import claims_on_discard

    two = {"players": 2}
    hands = {"S": {"concealed": "123p456p789p222m5m"}, "W": {"concealed": "111m234m678m99m55m"}}
    mixed = claims_on_discard({"discard": "5m", "discarder": "E", "variant": "sichuan",
                               "options": two, "hands": {"S": hands["S"]}})
    r = claims_on_discard({"discard": "5m", "discarder": "E", "variant": "sichuan",
                           "options": two, "hands": {"S": hands["W"]}})
    assert not mixed["seats"]["S"]["win"] and r["seats"]["S"]["win"]
    assert not r["seats"]["S"]["pung"] and not r["seats"]["S"]["kong"]
    with pytest.raises(MahjongError, match="清一色"):
        analyze({**hands["S"], "win_tile": "5m", "variant": "sichuan", "options": two})
    with pytest.raises(MahjongError, match="不能吃、碰"):
        analyze({"concealed": "234m678m99m55m", "win_tile": "5m", "variant": "sichuan",
                 "options": two, "melds": [{"type": "pung", "tiles": "111m", "from": "left"}]})
    four = claims_on_discard({"discard": "5m", "discarder": "E", "variant": "sichuan",
                              "hands": hands})
    assert four["seats"]["W"]["pung"]
    # The table's resolution of declared claims asks the same rule.
    from assistant.procedures import resolve_declared

    for claim in ("pung", "kong", "zhi_kong", "chow"):
        with pytest.raises(MahjongError, match="成都 table never claim a discard"):
            resolve_declared(get_profile("sichuan", two), "E", {"S": claim})
    assert resolve_declared(get_profile("sichuan", two), "E", {"S": "win"}) == {"S": "win"}
    assert resolve_declared(get_profile("sichuan"), "E", {"W": "pung"}) == {"W": "pung"}


def _two_player_win(seat: str, **table: object) -> dict:
    return analyze({"variant": "sichuan", "options": {"players": 2},
                    "concealed": "1113335557779m", "win_tile": "9m",
                    "context": {"self_drawn": not table, "seat_wind": seat}, "table": table or None})


def test_two_players_settle_between_the_two_seats_present() -> None:
    """成都 两人: the two sit E and S; a self-draw is paid by the one other player, not by two
    empty seats, and a seat or discarder W or N is refused."""
    from assistant.procedures import exchange_three, next_dealer, settle_draw

    s = _two_player_win("S")["score"]
    assert s["payments"] == {"E": -s["per_payer"], "S": s["per_payer"]}
    on_discard = _two_player_win("S", discarder="E")["score"]
    assert set(on_discard["payments"]) == {"E", "S"} and on_discard["payments"]["E"] < 0
    for bad in ({"discarder": "W"}, {"discarder": "N"}):
        with pytest.raises(MahjongError, match="no seat at a table of 2"):
            _two_player_win("S", **bad)
    with pytest.raises(MahjongError, match="no seat at a table of 2"):
        _two_player_win("W")
    profile = get_profile("sichuan", {"players": 2})
    draw = settle_draw(profile, {"kongs": {"E": [{"type": "an", "tile": "5p"}]}})
    assert draw["payments"] == {"E": 2, "S": -2}
    assert next_dealer("E", ["S"], profile) == "S" and next_dealer("S", [], profile) == "S"
    swap = exchange_three(profile, {"E": ["1m"] * 3, "S": ["2p"] * 3}, "opposite")
    assert swap["received"] == {"E": ["2p"] * 3, "S": ["1m"] * 3}
