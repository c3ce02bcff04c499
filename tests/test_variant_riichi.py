"""Japanese riichi: each rule of the card, the options, bad input, and a seeded random-hand
differential test against the PyPI ``mahjong`` hand calculator (the oracle, a dev dependency)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from riichi_hands import random_case

from assistant import analyze
from assistant.commands.variants import describe
from assistant.errors import MahjongError, NotScored
from assistant.variants.riichi import DORA_OF, YAKU

#: Hands of the differential test; ``python benchmarks/riichi_speed.py --hands N`` runs more.
DIFFERENTIAL_HANDS = 1000
SEED = 20260601


def score(hand: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The score of a riichi win; a complete hand the rules refuse raises :class:`NotScored`."""
    result = analyze({"variant": "riichi", **hand, "options": options})
    assert result["is_win"], result
    if "score_error" in result:
        raise NotScored(result["score_error"]["message"], result["score_error"]["rule"])
    return result["score"]


def keys(s: dict[str, Any]) -> dict[str, int]:
    return {i["key"]: i["value"] * i["count"] for i in s["items"]}


PINFU = {"concealed": "234m567p22s345s78s", "win_tile": "9s", "context": {"seat_wind": "S"},
         "table": {"discarder": "W"}}


def test_differential_against_the_oracle() -> None:
    """Han, fu (beside a yakuman) and what the winner receives agree with the oracle on seeded
    random hands; a hand the oracle finds without yaku is refused naming the rule."""
    pytest.importorskip("mahjong")
    from riichi_hands import oracle

    rng = random.Random(SEED)
    disagree = []
    for n in range(DIFFERENTIAL_HANDS):
        case = random_case(rng)
        want = oracle(case)
        if want.error:
            assert want.error == "no_yaku", (n, want.error, case.state)
            refused = analyze(case.state)
            assert refused["is_win"] and "no yaku" in refused["score_error"]["message"]
            assert "score" not in refused
            continue
        got = analyze(case.state)["score"]
        fu_ok = got["yakuman"] > 0 or got["fu"] == want.fu
        if not (got["han"] == want.han and fu_ok and got["received"] == want.cost["total"]):
            disagree.append((n, case.state, got["han"], want.han, got["fu"], want.fu))
        pays = got["payments"]
        assert sum(pays.values()) == 0
        own = case.state["context"]["riichi"] or case.state["context"]["double_riichi"]
        assert pays[got["winner"]] == got["received"] - 1000 * own
    assert not disagree, disagree[:3]


def test_no_yaku_is_refused() -> None:
    """An open hand with a terminal and no yakuhai has no yaku; its dora do not make one. The
    analysis still reads it (complete), and says why it is not scored."""
    with pytest.raises(NotScored, match="no yaku"):
        score({"concealed": "234m22s345s78s", "win_tile": "9s",
               "melds": [{"type": "chow", "tiles": "123p"}], "context": {"seat_wind": "S"},
               "dora_indicators": "1s", "table": {"discarder": "W"}})


def test_pinfu_ron_is_one_han_thirty_fu() -> None:
    s = score(PINFU)
    assert keys(s) == {"pinfu": 1} and (s["han"], s["fu"], s["points"]) == (1, 30, 1000)


def test_pinfu_tsumo_is_twenty_fu() -> None:
    s = score({**PINFU, "context": {"seat_wind": "S", "self_drawn": True}, "table": {}})
    assert (s["han"], s["fu"], s["points"]) == (2, 20, 1500)  # 400-700


def test_dora_red_fives_and_ura() -> None:
    hand = {**PINFU, "concealed": "234m0p67p22s345s78s",
            "context": {"seat_wind": "S", "riichi": True}, "dora_indicators": "1s",
            "ura_dora_indicators": "4s"}
    s = score(hand)
    assert keys(s) == {"riichi": 1, "pinfu": 1, "dora": 2, "aka_dora": 1, "ura_dora": 1}
    assert "aka_dora" not in keys(score(hand, aka_dora=False))


def test_indicators_wrap_around() -> None:
    assert (DORA_OF["9m"], DORA_OF["N"], DORA_OF["C"], DORA_OF["P"]) == ("1m", "E", "P", "F")


def test_ura_dora_needs_riichi() -> None:
    with pytest.raises(MahjongError, match="ura_dora"):
        score({**PINFU, "dora_indicators": "1s", "ura_dora_indicators": "4s"})


def test_riichi_needs_a_concealed_hand_and_ippatsu_a_riichi() -> None:
    with pytest.raises(MahjongError, match="concealed hand"):
        score({"concealed": "234m22s345s78s", "win_tile": "9s",
               "melds": [{"type": "chow", "tiles": "567p"}],
               "context": {"seat_wind": "S", "riichi": True}, "table": {"discarder": "W"}})
    with pytest.raises(MahjongError, match="ippatsu"):
        score({**PINFU, "context": {"seat_wind": "S", "ippatsu": True}})


def test_open_tanyao_option() -> None:
    hand = {"concealed": "234m22s345s67s", "win_tile": "8s",
            "melds": [{"type": "chow", "tiles": "567p"}], "context": {"seat_wind": "S"},
            "table": {"discarder": "W"}}
    assert keys(score(hand)) == {"tanyao": 1}
    with pytest.raises(NotScored, match="no yaku"):
        score(hand, open_tanyao=False)


def test_kiriage_option() -> None:
    hand = {**PINFU, "context": {"seat_wind": "S", "riichi": True}, "dora_indicators": "1s"}
    assert score(hand)["points"] == 7700  # 4 han 30 fu
    assert score(hand, kiriage=True)["points"] == 8000


def test_kazoe_options() -> None:
    # riichi, tsumo, pinfu, iipeiko, ittsu, chinitsu (12) and three dora: 15 han
    hand = {"concealed": "1122334555789m", "win_tile": "6m",
            "context": {"seat_wind": "S", "self_drawn": True, "riichi": True},
            "dora_indicators": "4m", "table": {}}
    s = score(hand)
    assert s["han"] >= 13 and s["limit"] == "kazoe yakuman" and s["points"] == 32000
    assert score(hand, kazoe="sanbaiman")["points"] == 24000


def test_double_yakuman_option() -> None:
    hand = {"concealed": "19m19p19sESWNCFP", "win_tile": "1m", "context": {"seat_wind": "S"},
            "table": {"discarder": "E"}}
    assert (score(hand)["yakuman"], score(hand)["points"]) == (2, 64000)
    assert score(hand, double_yakuman=False)["points"] == 32000


def test_dealer_tsumo_honba_and_sticks() -> None:
    hand = {**PINFU, "context": {"seat_wind": "E", "self_drawn": True, "riichi": True},
            "table": {"honba": 2, "riichi_sticks": {"N": 1}}}
    s = score(hand)  # riichi tsumo pinfu: 3 han 20 fu, 1300 all; +200 each; N's stick
    assert (s["hand_points"], s["points"]) == (3900, 4500)
    assert s["payments"] == {"E": 5500, "S": -1500, "W": -1500, "N": -2500}


def test_two_winners_only_the_nearest_takes_honba_and_sticks() -> None:
    table = {"discarder": "E", "honba": 1, "riichi_sticks": {"E": 1}, "winners": ["S", "N"]}
    south = score({**PINFU, "table": {**table, "seat": "S"}})
    north = score({**PINFU, "context": {"seat_wind": "N"}, "table": {**table, "seat": "N"}})
    assert south["payments"]["S"] == 1000 + 300 + 1000 and north["payments"]["N"] == 1000


def test_table_rules() -> None:
    with pytest.raises(MahjongError, match="dealer sits East"):
        score({**PINFU, "table": {"discarder": "W", "dealer": "S"}})
    with pytest.raises(MahjongError, match="riichi_sticks maps"):
        score({**PINFU, "table": {"discarder": "W", "riichi_sticks": 2}})
    with pytest.raises(MahjongError, match="honba"):
        score({**PINFU, "table": {"discarder": "W", "honba": -1}})


def test_every_yaku_is_named_in_three_languages_and_options_listed() -> None:
    for y in YAKU:
        assert y.name_ja and y.name_zh and y.name_en, y.key
    options = describe("riichi")["options"]
    for key in ("open_tanyao", "aka_dora", "double_yakuman", "kazoe", "kiriage", "renhou"):
        assert key in options and options[key]["en"]


def test_ron_on_a_shanpon_makes_that_pung_open() -> None:
    """Three concealed pungs, one completed on a discard: no 三暗刻 on ron, 三暗刻 on tsumo."""
    tanki = {"concealed": "222m444p666s789m9s", "win_tile": "9s",
             "context": {"seat_wind": "S", "riichi": True}, "table": {"discarder": "W"}}
    assert "sanankou" in keys(score(tanki))
    shanpon = {**tanki, "concealed": "222m444p66s789m99s", "win_tile": "6s"}
    assert "sanankou" not in keys(score(shanpon))
    drawn = {**shanpon, "context": {"seat_wind": "S", "riichi": True, "self_drawn": True},
             "table": {}}
    assert "sanankou" in keys(score(drawn))


def test_fu_of_sets_waits_and_pairs() -> None:
    # closed ron: 20 + 10, kanchan 2, concealed terminal pung 8, double-east pair 4 = 44 -> 50
    s = score({"concealed": "13m999p456s789sEE", "win_tile": "2m",
               "context": {"seat_wind": "E", "prevalent_wind": "E", "riichi": True},
               "table": {"discarder": "S"}})
    parts = {i["name_en"]: i["fu"] for i in s["fu_items"]}
    assert parts == {"base": 20, "concealed ron": 10, "kanchan": 2, "pung": 8, "pair": 4}
    assert s["fu"] == 50
    seven = score({"concealed": "1122m3344p5566sE", "win_tile": "E",
                   "context": {"seat_wind": "S"}, "table": {"discarder": "W"}})
    assert (seven["fu"], keys(seven)) == (25, {"chiitoitsu": 2})


def test_red_fives_in_melds_and_on_the_winning_tile() -> None:
    s = score({"concealed": "234m22s345s67p", "win_tile": "0p",
               "melds": [{"type": "pung", "tiles": ["5s", "0s", "5s"]}],
               "context": {"seat_wind": "S"}, "table": {"discarder": "W"}})
    assert keys(s) == {"tanyao": 1, "aka_dora": 2}


def test_indicators_count_against_the_four_copies() -> None:
    with pytest.raises(MahjongError, match="copies"):
        score({**PINFU, "concealed": "234m567p22s345s78s", "dora_indicators": ["2s", "2s", "2s"]})


def test_situational_yaku_and_their_refusals() -> None:
    base = {"concealed": "234m567p22s345s78s", "win_tile": "9s", "context": {"seat_wind": "S"}}
    assert "haitei" in keys(score({**base, "context": {"seat_wind": "S", "self_drawn": True,
                                                       "wall_last": True}}))
    assert "houtei" in keys(score({**base, "context": {"seat_wind": "S", "wall_last": True},
                                   "table": {"discarder": "W"}}))
    with pytest.raises(MahjongError, match="kong_replacement"):
        score({**base, "context": {"seat_wind": "S", "kong_replacement": True},
               "table": {"discarder": "W"}})
    with pytest.raises(MahjongError, match="robbing_kong"):
        score({**base, "context": {"seat_wind": "S", "robbing_kong": True, "self_drawn": True}})
    with pytest.raises(MahjongError, match="first go-around"):
        score({**base, "context": {"seat_wind": "S", "riichi": True, "first_go_around": True},
               "table": {"discarder": "W"}})


def test_first_go_around_yakuman_and_renhou_options() -> None:
    base = {"concealed": "234m567p22s345s78s", "win_tile": "9s"}
    tenhou = score({**base, "context": {"seat_wind": "E", "self_drawn": True,
                                        "first_go_around": True}})
    assert (keys(tenhou), tenhou["points"]) == ({"tenhou": 13}, 48000)
    ron = {**base, "context": {"seat_wind": "S", "first_go_around": True},
           "table": {"discarder": "W"}}
    assert "renhou" not in keys(score(ron))
    assert keys(score(ron, renhou="five_han"))["renhou"] == 5
    assert score(ron, renhou="yakuman")["yakuman"] == 1


def test_red_fives_survive_the_hand_json() -> None:
    """The echoed hand writes fives plainly and keeps the count; read back, it scores the same."""
    from assistant.hand import HandState

    hand = {**PINFU, "concealed": "234m0p67p22s345s78s", "variant": "riichi"}
    echoed = analyze(hand)["hand"]
    assert echoed["red_fives"] == 1 and "0p" not in echoed["concealed"]
    assert HandState.from_json(echoed).red_fives == 1
    with pytest.raises(MahjongError, match="red fives"):
        HandState.from_json({**echoed, "red_fives": 3})


def test_without_a_winning_tile_the_best_tile_is_taken() -> None:
    """Fourteen tiles and no ``win_tile``: any of them may be the winning one (the engine's
    convention), so the four concealed pungs on a discard are read as won on the pair."""
    s = score({"concealed": "222m444p666s888s99s", "context": {"seat_wind": "S"},
               "table": {"discarder": "W"}})
    assert keys(s) == {"suuankou_tanki": 26} and s["wait_group"] == ["9s", "9s"]
    assert any("win_tile" in a for a in s["assumed"])


DAISANGEN = {"concealed": "PPP234m5s", "win_tile": "5s",
             "melds": [{"type": "pung", "tiles": "CCC"}, {"type": "pung", "tiles": "FFF"}],
             "context": {"seat_wind": "S"}}


def test_pao_on_a_self_draw_the_liable_seat_pays_all() -> None:
    s = score({**DAISANGEN, "context": {"seat_wind": "S", "self_drawn": True},
               "table": {"liable": {"seat": "W", "rule": "pao"}, "honba": 1}})
    assert s["payments"] == {"E": 0, "S": 32300, "W": -32300, "N": 0}
    assert s["points"] == 32300


def test_pao_on_another_discard_half_each_and_the_honba_on_the_liable() -> None:
    s = score({**DAISANGEN, "table": {"discarder": "N", "liable": {"seat": "W", "rule": "pao"},
                                      "honba": 1}})
    assert s["payments"] == {"E": 0, "S": 32300, "W": -16300, "N": -16000}
    with pytest.raises(MahjongError, match="pao"):
        score({**DAISANGEN, "table": {"discarder": "N", "liable": {"seat": "W"}}}, pao=False)
    with pytest.raises(MahjongError, match="大三元"):
        score({**PINFU, "table": {"discarder": "W", "liable": {"seat": "N"}}})


def test_pao_covers_only_its_yakuman() -> None:
    """大三元 + 字一色 by self-draw, W liable for 大三元: W pays 大三元 whole and the honba, the
    字一色 is paid as a usual self-draw."""
    s = score({"concealed": "PPPEEEN", "win_tile": "N",
               "melds": [{"type": "pung", "tiles": "CCC"}, {"type": "pung", "tiles": "FFF"}],
               "context": {"seat_wind": "S", "self_drawn": True},
               "table": {"liable": {"seat": "W", "rule": "pao"}, "honba": 1}})
    assert s["yakuman"] == 2
    assert s["payments"] == {"E": -16000, "S": 64300, "W": -40300, "N": -8000}


def test_nine_gates_pure_and_not() -> None:
    ron = {"context": {"seat_wind": "S"}, "table": {"discarder": "W"}}
    assert keys(score({**ron, "concealed": "1112345678999m", "win_tile": "5m"})) == {
        "junsei_chuuren": 26}
    assert keys(score({**ron, "concealed": "1122345678999m", "win_tile": "1m"})) == {
        "chuuren": 13}


READY = "234m567p22s345s78s"  # waits 6s / 9s
NOT_READY = "19m19p19s1234z568p"


@pytest.mark.parametrize(("ready", "paid"), [
    ("E", {"E": 3000, "S": -1000, "W": -1000, "N": -1000}),
    ("ES", {"E": 1500, "S": 1500, "W": -1500, "N": -1500}),
    ("ESW", {"E": 1000, "S": 1000, "W": 1000, "N": -3000}),
    ("", {"E": 0, "S": 0, "W": 0, "N": 0}),
    ("ESWN", {"E": 0, "S": 0, "W": 0, "N": 0}),
])
def test_exhaustive_draw_noten_payments(ready: str, paid: dict[str, int]) -> None:
    from assistant.procedures import settle_draw
    from assistant.variants import get_profile

    hands = {w: {"concealed": READY if w in ready else NOT_READY} for w in "ESWN"}
    result = settle_draw(get_profile("riichi"), {"hands": hands})
    assert result["payments"] == paid
