"""Three-player riichi (三麻, ``riichi_sanma``) and the three-seat path every variant with three
seats takes (成都 三人 too): the 108-tile set in shanten, waits and advice, 抜きドラ, no chow,
settlement between E S W with and without tsumo loss, and the table session."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant import analyze
from assistant.claims import claims_on_discard
from assistant.errors import MahjongError
from assistant.hand import HandState
from assistant.procedures import next_dealer, settle_draw
from assistant.rules import rules_of
from assistant.scoring.readings import remaining_copies
from assistant.service.sessions import SessionStore
from assistant.tiles import INDEX, TILES
from assistant.variants import get_profile

SANMA = "riichi_sanma"
#: The 27 kinds of the 108-tile set: 1m 9m, the pins and sous, the honours.
SET_108 = [t for t in TILES if not (t[1:] == "m" and t[0] in "2345678")]
OUT = {f"{n}m" for n in range(2, 9)}
#: Riichi and self-draw, 30 fu 2 han: base 480 (a 13-tile wait on 6s, a pung made by drawing).
TSUMO = {"concealed": "11m234p567p345s66s", "win_tile": "6s",
         "context": {"riichi": True, "self_drawn": True}}


def sanma(hand: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The analysis of a hand under three-player riichi."""
    return analyze({"variant": SANMA, **hand, "options": options})


def keys(score: dict[str, Any]) -> dict[str, int]:
    return {i["key"]: i["value"] * i["count"] for i in score["items"]}


def test_nukidora_counts_a_dora_each_and_the_indicator_wraps_from_9m_to_1m() -> None:
    s = sanma({"concealed": "111p456p789pEEE1m", "win_tile": "1m", "nukidora": 2,
               "dora_indicators": "9m", "context": {"seat_wind": "S"},
               "table": {"discarder": "W"}})["score"]
    assert keys(s) == {"yakuhai_round": 1, "dora": 2, "nukidora": 2}
    assert s["han"] == 5 and s["limit"] == "mangan"
    assert s["payments"] == {"E": 0, "S": 8000, "W": -8000}


def test_indicator_1m_makes_9m_the_dora() -> None:
    s = sanma({"concealed": "99m234p567p345s66s", "win_tile": "6s", "dora_indicators": "1m",
               "context": {"riichi": True, "self_drawn": True, "seat_wind": "S"}})["score"]
    assert keys(s)["dora"] == 2


def test_a_north_set_aside_is_dora_again_where_north_is_the_dora() -> None:
    s = sanma({**TSUMO, "nukidora": 1, "dora_indicators": "W",
               "context": {**TSUMO["context"], "seat_wind": "S"}})["score"]
    assert keys(s)["nukidora"] == 1 and keys(s)["dora"] == 1


def test_nukidora_is_bounded_and_only_three_player_riichi_has_it() -> None:
    with pytest.raises(MahjongError, match="three-player riichi"):
        analyze({"variant": "riichi", **TSUMO, "nukidora": 1})
    with pytest.raises(MahjongError, match="0-4"):
        sanma({**TSUMO, "nukidora": 5})
    with pytest.raises(MahjongError, match="only 北"):
        sanma({**TSUMO, "nukidora": "NE"})
    with pytest.raises(MahjongError, match="four copies"):  # three held, two set aside
        sanma({"concealed": "NNN234p567p345s66s", "win_tile": "6s", "nukidora": 2})
    with pytest.raises(MahjongError, match="nukidora = false"):
        sanma({**TSUMO, "nukidora": 1}, nukidora=False)


def test_a_chow_is_refused_naming_the_rule_and_never_offered() -> None:
    with pytest.raises(MahjongError, match="does not allow chows"):
        sanma({"concealed": "11m234p567p66s", "win_tile": "6s",
               "melds": [{"type": "chow", "tiles": "345s"}], "context": {"self_drawn": True}})
    r = claims_on_discard({"variant": SANMA, "discard": "5p", "discarder": "E",
                           "hands": {"S": {"concealed": "46p11m789s123sEEE"}}})
    assert r["seats"]["S"]["chows"] == [] and r["claim"] is None


def test_tiles_out_of_the_set_are_refused() -> None:
    with pytest.raises(MahjongError, match="not in the tile set"):
        sanma({"concealed": "123m234p567p345s6s"})
    with pytest.raises(MahjongError, match="not in the tile set"):
        sanma({**TSUMO, "dora_indicators": "5m"})


def test_the_north_seat_is_empty() -> None:
    with pytest.raises(MahjongError, match="no seat at a table of 3"):
        sanma({**TSUMO, "context": {"self_drawn": True, "seat_wind": "N"}})
    with pytest.raises(MahjongError, match="no seat at a table of 3"):
        sanma({**TSUMO, "context": {"seat_wind": "S"}, "table": {"discarder": "N"}})
    with pytest.raises(MahjongError, match="no seat at a table of 3"):
        claims_on_discard({"variant": SANMA, "discard": "5p", "discarder": "N",
                           "hands": {"S": {"concealed": "46p11m789s123sEEE"}}})
    for key in ("riichi", "passed"):  # the lists of seats refuse North as the hands do
        with pytest.raises(MahjongError, match=f"'{key}': N has no seat at a table of 3"):
            claims_on_discard({"variant": SANMA, "discard": "5p", "discarder": "E", key: ["N"],
                               "hands": {"S": {"concealed": "46p11m789s123sEEE"}}})


def test_effective_tiles_and_waits_never_name_2m_to_8m() -> None:
    hand = {"concealed": "1m9m99p123s456sEEE"}
    four = {e["tile"] for e in analyze({"variant": "riichi", **hand})["effective"]}
    three = {e["tile"] for e in sanma(hand)["effective"]}
    assert four & OUT and three == {"1m", "9m", "9p"}


def test_random_hands_from_the_108_tiles_are_advised_and_counted_within_the_set() -> None:
    rng = random.Random(20261206)
    wall = [t for t in SET_108 for _ in range(4)]
    for _ in range(300):
        tiles = rng.sample(wall, 14)
        held, drawn = tiles[:13], tiles[13]
        r = sanma({"concealed": held})
        for row in r["waits"] + r["effective"]:
            assert row["tile"] not in OUT
        state = HandState.from_json({"concealed": held + [drawn]})
        left = remaining_copies(state, rules_of(get_profile(SANMA), state).absent)
        assert sum(left) == 108 - 14
        for option in sanma({"concealed": held + [drawn]})["discards"]:
            assert not set(option["tiles"]) & OUT
            assert option["ukeire"] == sum(left[INDEX[t]] for t in option["tiles"])


def _complete_108(rng: random.Random) -> list[str]:
    """A random complete hand of the 108 tiles: four pungs or chows (pins, sous) and a pair."""
    while True:
        tiles: list[str] = []
        for _ in range(4):
            if rng.random() < 0.5:
                suit, start = rng.choice("ps"), rng.randint(1, 7)
                tiles += [f"{start + k}{suit}" for k in range(3)]
            else:
                tiles += [rng.choice(SET_108)] * 3
        tiles += [rng.choice(SET_108)] * 2
        if all(tiles.count(t) <= 4 for t in tiles):
            return tiles


def test_ready_hands_of_the_108_tiles_wait_only_on_tiles_of_the_set() -> None:
    rng = random.Random(108)
    for _ in range(200):
        tiles = _complete_108(rng)
        tiles.remove(rng.choice(tiles))
        waits = [w["tile"] for w in sanma({"concealed": tiles})["waits"]]
        assert waits and not set(waits) & OUT, tiles


def test_ready_hand_waits_with_copies_left_counting_the_norths_set_aside() -> None:
    r = sanma({"concealed": "19m19p19sESWNCFP", "nukidora": 1})
    waits = {w["tile"]: w["remaining"] for w in r["waits"]}
    assert set(waits) == {"1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P"}
    assert waits["N"] == 2 and waits["1m"] == 3


@pytest.mark.parametrize(("seat", "loss", "payments"), [
    ("E", True, {"E": 2000, "S": -1000, "W": -1000}),
    ("S", True, {"E": -1000, "S": 1500, "W": -500}),
    ("E", False, {"E": 3000, "S": -1500, "W": -1500}),   # 北家折半: 2×480 + 480 each → 1500
    ("S", False, {"E": -1200, "S": 2000, "W": -800}),    # 2.5×480 → 1200, 1.5×480 → 800
])
def test_self_draw_is_paid_by_two_with_or_without_tsumo_loss(seat: str, loss: bool,
                                                              payments: dict[str, int]) -> None:
    s = sanma({**TSUMO, "context": {**TSUMO["context"], "seat_wind": seat}}, tsumo_loss=loss)[
        "score"]
    assert (s["han"], s["fu"], s["base_points"]) == (2, 30, 480)
    assert s["payments"] == payments and sum(s["payments"].values()) == 0
    assert set(s["matrix"]) == {"E", "S", "W"}


def test_honba_is_1000_a_counter_on_a_discard_and_500_from_each_on_a_self_draw() -> None:
    ron = sanma({"concealed": "111p456p789pEEE1m", "win_tile": "1m", "dora_indicators": "9m",
                 "context": {"seat_wind": "S"}, "table": {"discarder": "W", "honba": 2}})["score"]
    assert ron["honba_points"] == 2000
    tsumo = sanma({**TSUMO, "context": {**TSUMO["context"], "seat_wind": "S"},
                   "table": {"honba": 1}})["score"]
    assert tsumo["honba_points"] == 1000
    tenhou = sanma({**TSUMO, "context": {**TSUMO["context"], "seat_wind": "S"},
                    "table": {"honba": 1}}, honba_tsumo=100)["score"]
    assert tenhou["honba_points"] == 200


def test_a_win_on_the_draw_after_setting_a_north_aside_is_rinshan_by_option() -> None:
    hand = {**TSUMO, "nukidora": 1, "context": {**TSUMO["context"], "kong_replacement": True,
                                                "seat_wind": "S"}}
    assert "rinshan" in keys(sanma(hand)["score"])
    with pytest.raises(MahjongError, match="nukidora_rinshan"):
        sanma(hand, nukidora_rinshan=False)


def test_noten_payments_at_a_draw_are_shared_between_three_seats() -> None:
    hands = {"E": {"concealed": "19m19p19sESWNCFP"}, "S": {"concealed": "11m22p33p44s55sECF"},
             "W": {"concealed": "1m9m1p9p1s9sE2468p24s"}}
    r = settle_draw(get_profile(SANMA), {"hands": hands})
    assert r["payments"] == {"E": 2000, "S": -1000, "W": -1000}


def test_the_deal_passes_east_south_west_and_back_to_east() -> None:
    profile = get_profile(SANMA)
    assert next_dealer("W", ["E"], profile) == "E"
    assert next_dealer("S", ["W"], profile) == "W"


def _winning_sichuan(seat: str, **table: Any) -> dict[str, Any]:
    return analyze({"variant": "sichuan", "options": {"players": 3},
                    "concealed": "1113335557779m", "win_tile": "9m",
                    "context": {"self_drawn": not table, "seat_wind": seat}, "table": table or None})


def test_chengdu_three_players_pay_a_self_draw_between_three_seats() -> None:
    s = _winning_sichuan("S")["score"]
    assert s["payments"] == {"E": -s["per_payer"], "S": 2 * s["per_payer"], "W": -s["per_payer"]}
    with pytest.raises(MahjongError, match="no seat at a table of 3"):
        _winning_sichuan("S", discarder="N")
    draw = settle_draw(get_profile("sichuan", {"players": 3}),
                       {"kongs": {"E": [{"type": "an", "tile": "5p"}]}})
    assert draw["payments"] == {"E": 4, "S": -2, "W": -2}


@pytest.fixture
def store(tmp_path: Any) -> SessionStore:
    return SessionStore(tmp_path / "t.sqlite3")


def test_a_sanma_table_seats_three_and_passes_the_deal_e_s_w(store: SessionStore) -> None:
    with pytest.raises(MahjongError, match="3 players' names"):
        store.create({"players": ["A", "B", "C", "D"], "variant": SANMA})
    t = store.create({"players": ["A", "B", "C"], "variant": SANMA})
    assert t["held"] == [35000] * 3 and [p["seat_wind"] for p in t["players"]] == ["E", "S", "W"]
    tid = t["id"]
    # B (South) draws his win: A (East) and C (West) pay; the North share is lost.
    t = store.record(tid, {"result": "win", "winner": 1, "discarder": None, "hand": TSUMO})
    assert t["totals"] == [-1000, 1500, -500] and t["dealer"] == 1
    assert [p["seat_wind"] for p in t["players"]] == ["W", "E", "S"]
    t = store.record(tid, {"result": "draw", "tenpai": [0]})   # dealer B not ready: C deals
    assert t["dealer"] == 2 and t["honba"] == 1 and t["totals"] == [1000, 500, -1500]
    t = store.record(tid, {"result": "win", "winner": 1, "discarder": 0,
                           "points": [-3000, 3000, 0]})
    assert (t["dealer"], t["prevalent_wind"]) == (0, "S")   # back to A: the South round
    with pytest.raises(MahjongError, match="0-2"):
        store.record(tid, {"result": "win", "winner": 3, "discarder": 0,
                           "points": [-3000, 3000, 0]})
    with pytest.raises(MahjongError, match="3 whole numbers"):
        store.record(tid, {"result": "win", "winner": 1, "discarder": 0,
                           "points": [-3000, 3000, 0, 0]})


def test_a_chengdu_table_of_three_takes_the_same_three_seat_path(store: SessionStore) -> None:
    t = store.create({"players": ["A", "B", "C"], "variant": "sichuan",
                      "options": {"players": 3}})
    hand = {"concealed": "1113335557779m", "win_tile": "9m"}
    t = store.record(t["id"], {"result": "win", "winner": 2, "discarder": None, "hand": hand})
    paid = t["hands"][0]["payments"]
    assert len(paid) == 3 and paid[2] > 0 and paid[0] == paid[1] < 0 and sum(paid) == 0
    assert t["dealer"] == 2   # 成都: the first winner deals next


def test_a_chengdu_table_of_two_pays_between_the_two_players(store: SessionStore) -> None:
    """成都 两人: a table of two names two players and a self-draw moves money between them only."""
    t = store.create({"players": ["A", "B"], "variant": "sichuan", "options": {"players": 2}})
    assert [p["seat_wind"] for p in t["players"]] == ["E", "S"]
    hand = {"concealed": "1113335557779m", "win_tile": "9m"}
    t = store.record(t["id"], {"result": "win", "winner": 1, "discarder": None, "hand": hand})
    paid = t["hands"][0]["payments"]
    assert len(paid) == 2 and paid[1] > 0 and paid[0] == -paid[1] and t["totals"] == paid
    with pytest.raises(MahjongError, match="a table of 2"):
        store.record(t["id"], {"result": "win", "winner": 2, "discarder": None, "hand": hand})


def test_the_table_page_is_told_the_seats_and_the_api_makes_a_table_of_three(tmp_path: Any) -> None:
    from assistant.service import create_app

    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    assert client.get(f"/api/variants/{SANMA}").get_json()["seats"] == 3
    assert client.get("/api/variants/riichi").get_json()["seats"] == 4
    made = client.post("/api/tables", json={"players": ["A", "B", "C"], "variant": SANMA})
    assert made.status_code == 201 and made.get_json()["held"] == [35000] * 3
    four = client.post("/api/tables", json={"players": ["A", "B", "C", "D"], "variant": SANMA})
    assert four.status_code == 422 and "3" in four.get_json()["error"]


def test_chengdu_three_players_exchange_three_tiles_among_three_seats() -> None:
    from assistant.procedures import exchange_three

    three = get_profile("sichuan", {"players": 3})
    passes = {"E": ["1m"] * 3, "S": ["2p"] * 3, "W": ["3s"] * 3}
    assert exchange_three(three, passes, "clockwise")["received"] == {
        "E": ["2p"] * 3, "S": ["3s"] * 3, "W": ["1m"] * 3}
    with pytest.raises(MahjongError, match="nobody sits opposite"):
        exchange_three(three, passes, "opposite")
    with pytest.raises(MahjongError, match="E S W"):
        exchange_three(three, {**passes, "N": ["4p"] * 3}, "clockwise")


def test_practice_asks_about_hands_of_the_108_tiles() -> None:
    from assistant.service.practice import check, question

    for seed in range(20):
        q = question(seed, SANMA)
        assert not set(q["hand"]) & OUT
        melds = q.get("melds", [])
        assert not {t for m in melds for t in m["tiles"]} & OUT
        waits = [w["tile"] for w in sanma({"concealed": q["hand"], "melds": melds})["waits"]]
        assert check(q["hand"], waits, SANMA, melds)["correct"]


def test_the_dice_count_round_the_three_seats_present() -> None:
    from assistant.procedures import dice_start

    three = get_profile("sichuan", {"players": 3})
    assert (dice_start(three, "E", [[1, 2]])["wall_seat"],
            dice_start(three, "E", [[2, 2]])["wall_seat"]) == ("W", "E")
    assert dice_start(three, "E", [[1, 2]])["wall_zh"] == "上家"
    with pytest.raises(MahjongError, match="no seat at a table of 3"):
        dice_start(three, "N", [[1, 2]])
