"""MCR (国标麻将): every scored vector row, then the rules one by one (不计, 套算一次, 独听, the
minimum, flowers, settlement), each test able to fail without its rule."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import vector_params

from assistant import MahjongError, analyze
from assistant.decompose import decompositions
from assistant.hand import HandState
from assistant.scoring.fan_table import Entry, FanTable
from assistant.scoring.patterns import CATALOGUE, RELATIONS, Win, winning_hands
from assistant.shanten import Form
from assistant.tiles import to_counts
from assistant.variants import get_profile
from assistant.variants.mcr import TABLE

RULEBOOK = "mcr_summerinsects/mcr_rulebook_examples.jsonl"
GBM = "mcr_gbmahjong_zhengfan/mcr_gbm_fans.jsonl"
#: GB-Mahjong's rule variant (README of its folder): no wait fan when the winning tile can
#: complete the knitted straight.
GBM_KNITTED_WAIT = {"gbm-fan-080", "gbm-fan-090"}
#: Points the rulebook text leaves blank (明暗杠 was added after it): the current value.
MISSING_POINTS = {"明暗杠": 5}
CONTEXT_KEYS = ("self_drawn", "prevalent_wind", "seat_wind", "is_4th_tile", "about_kong",
                "wall_last", "flowers")


def request(row: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The analyze request of a vector row."""
    context = {k: row["context"][k] for k in CONTEXT_KEYS if k in row["context"]}
    return {"concealed": row["concealed"], "melds": row["melds"], "win_tile": row["win_tile"],
            "context": context, "options": options}


def fan_split(fans: list[dict[str, Any]]) -> tuple[Counter[str], int]:
    """Fan name -> count, and the total they make."""
    names = Counter({f.get("name_zh_normalized", f["name_zh"]): f["count"] for f in fans})
    total = sum((f["points"] if f["points"] is not None else MISSING_POINTS[f["name_zh"]])
                * f["count"] for f in fans)
    return names, total


def score(data: dict[str, Any], **options: Any) -> dict[str, Any]:
    """The ``score`` of an MCR hand."""
    data = {**data, "options": {**data.get("options", {}), **options}}
    return analyze(data, variant="mcr")["score"]


def names(result: dict[str, Any]) -> Counter[str]:
    return Counter({i["name_zh"]: i["count"] for i in result["items"]})


@pytest.mark.parametrize("row", vector_params(RULEBOOK) + vector_params(GBM))
def test_vector_row(row: dict[str, Any]) -> None:
    options = {"knitted_wait_fan": False} if row["id"] in GBM_KNITTED_WAIT else {}
    got = analyze(request(row, **options), variant="mcr")["score"]
    want, total = fan_split(row["expected"]["fans"])
    splits = [want] + [fan_split(a)[0] for a in row["expected"]["acceptable_alternatives"]]
    assert got["total"] == total
    assert names(got) in splits


def test_every_fan_has_names_and_points() -> None:
    keys = {e.pattern for e in TABLE.entries}
    # 81 fans: 79 here, 无番和 the fallback, 花牌 added by the scorer; and 明暗杠 (5) besides.
    assert len(keys) == len(TABLE.entries) == 80 and TABLE.fallback is not None
    for e in TABLE.entries:
        pattern = CATALOGUE[e.pattern]
        assert (e.name_zh or pattern.name_zh) and (e.name_en or pattern.name_en)
        assert all(r in keys for r in e.replaces), e.pattern


def test_knitted_wait_option_changes_the_fan() -> None:
    hand = {"concealed": "258m23469p14788s", "win_tile": "3p"}
    assert "独听・嵌张" in names(score(hand))
    assert "独听・嵌张" not in names(score(hand, knitted_wait_fan=False))


# --- 不计 -------------------------------------------------------------------------------------


def test_exclusions_drop_implied_fans() -> None:
    # 清一色 implies 无字; 七对 implies 门前清 and 单钓 but keeps 自摸.
    got = names(score({"concealed": "1122445566889p", "win_tile": "9p",
                       "context": {"self_drawn": True}}))
    assert got == Counter({"清一色": 1, "七对": 1, "自摸": 1})


def test_fully_concealed_replaces_concealed_and_self_drawn() -> None:
    got = names(score({"concealed": "12345566789s22p", "win_tile": "4s",
                       "context": {"self_drawn": True}}))
    assert "不求人" in got and "门前清" not in got and "自摸" not in got


def test_terminal_pung_not_counted_for_wind_pung_fans() -> None:
    # East pung as prevalent and seat wind earns 圈风刻 and 门风刻, not 幺九刻; 9m earns it.
    got = names(score({"concealed": "EEE999m123p456s7s", "win_tile": "7s"}))
    assert got["圈风刻"] == 1 and got["门风刻"] == 1 and got["幺九刻"] == 1
    # As South's seat in an East round, the same pung is 圈风刻 only; still no 幺九刻 for it.
    south = names(score({"concealed": "EEE999m123p456s7s", "win_tile": "7s",
                         "context": {"seat_wind": "S"}}))
    assert "门风刻" not in south and south["幺九刻"] == 1


CHOW_123M = {"type": "chow", "tiles": ["1m", "2m", "3m"], "from": "left"}
CHOW_234M = {"type": "chow", "tiles": ["2m", "3m", "4m"], "from": "left"}


# --- 套算一次 ----------------------------------------------------------------------------------


def test_sets_combine_once() -> None:
    # 123m 123m 123p 123p: the pairs make a cycle; only three combinations count (4 points).
    got = score({"concealed": "112233p5s", "melds": [CHOW_123M, CHOW_123M], "win_tile": "5s"})
    chows = {k: v for k, v in names(got).items() if k in ("一般高", "喜相逢")}
    assert sum(chows.values()) == 3 and chows["一般高"] == 2


def test_counted_fan_lists_its_tiles() -> None:
    got = score({"concealed": "234m667788s5p", "melds": [CHOW_234M], "win_tile": "5p"})
    double = next(i for i in got["items"] if i["name_zh"] == "一般高")
    assert double["count"] == 2 and sorted(double["tiles"]) == sorted(
        "2m 3m 4m 2m 3m 4m 6s 7s 8s 6s 7s 8s".split())


def test_bigger_combination_not_split() -> None:
    # 一色三同顺 holds three 一般高: none of them counts (不拆移).
    got = names(score({"concealed": "111222333m456p7s", "win_tile": "7s"}))
    assert "一色三同顺" in got or "一色三节高" in got
    assert "一般高" not in got


def test_relations_cover_the_set_fans() -> None:
    assert set(RELATIONS) <= {e.pattern for e in TABLE.entries}


# --- 独听 -------------------------------------------------------------------------------------


def test_edge_wait_counts_only_when_unique() -> None:
    unique = names(score({"concealed": "12m456m789p234sEE", "win_tile": "3m"}))
    assert unique["独听・边张"] == 1
    # 1234m waits 1m and 4m: winning on 4m as the pair is no 单钓.
    several = names(score({"concealed": "1234m789p234sEEE", "win_tile": "4m"}))
    assert not {"独听・边张", "独听・嵌张", "独听・单钓"} & set(several)
    # 45m waits 3m and 6m: 345m won on 3m earns nothing.
    open_wait = names(score({"concealed": "45m123m789p234sEE", "win_tile": "3m"}))
    assert "独听・边张" not in open_wait


def test_single_wait_on_pair() -> None:
    got = names(score({"concealed": "123m456p789s123sE", "win_tile": "E"}))
    assert got["独听・单钓"] == 1


# --- minimum, flowers, settlement -------------------------------------------------------------


CHICKEN = {"concealed": "56s678pWW", "melds": [
    {"type": "chow", "tiles": ["1m", "2m", "3m"], "from": "left"},
    {"type": "chow", "tiles": ["3m", "4m", "5m"], "from": "left"}], "win_tile": "7s"}
SMALL = {"concealed": "112233p5s", "melds": [CHOW_123M, CHOW_123M], "win_tile": "5s"}  # 6
DRAGON = {"concealed": "123m456m789m123p5s", "win_tile": "5s"}  # 22 on a discard


def test_minimum_refuses_payment_below_eight() -> None:
    got = score(SMALL)
    assert got["total"] < 8 and got["below_minimum"] and set(got["payments"].values()) == {0}
    free = score(SMALL, min_points=0)
    assert not free["below_minimum"] and free["payments"]["E"] > 0


def test_flowers_count_after_the_minimum() -> None:
    got = score({**SMALL, "context": {"flowers": 3}})
    assert got["below_minimum"] and got["total"] == got["fans_points"] + 3
    chicken = score({**CHICKEN, "context": {"flowers": ["1f", "5f"]}})
    assert names(chicken) == Counter({"无番和": 1, "花牌": 2}) and chicken["total"] == 10


@pytest.mark.parametrize("flowers", [9, -1, True, "2"])
def test_bad_flowers_are_an_error(flowers: Any) -> None:
    with pytest.raises(MahjongError, match="flowers"):
        score({**CHICKEN, "context": {"flowers": flowers}})


def test_robbing_a_kong_is_not_self_drawn() -> None:
    with pytest.raises(MahjongError, match="robbing_kong"):
        score({**DRAGON, "context": {"robbing_kong": True, "self_drawn": True}})


def test_robbing_a_held_tile_is_no_robbing() -> None:
    held = score({"concealed": "123m456m789m12p33p", "win_tile": "3p",
                  "context": {"robbing_kong": True}})
    assert "抢杠和" not in names(held) and any("robbing_kong ignored" in a for a in held["assumed"])
    ok = score({"concealed": "123m456m789m12p55p", "win_tile": "3p",
                "context": {"robbing_kong": True}})
    assert "抢杠和" in names(ok) and "独听・边张" in names(ok)


def test_kong_flower_needs_a_kong() -> None:
    with pytest.raises(MahjongError, match="kong"):
        score({**DRAGON, "context": {"kong_replacement": True, "self_drawn": True}})


def test_settlement_self_drawn() -> None:
    got = score({**DRAGON, "context": {"self_drawn": True}})
    total = got["total"]
    assert total == 16 + 4 + 2 + 1 + 1  # 清龙 不求人 平和 喜相逢 单钓
    assert got["payments"] == {"E": 3 * (total + 8), "S": -(total + 8), "W": -(total + 8),
                               "N": -(total + 8)}


def test_settlement_discard() -> None:
    got = score({**CHICKEN, "table": {"discarder": "W"}})
    assert got["payments"] == {"E": 16 + 16, "S": -8, "W": -16, "N": -8}
    assert sum(got["payments"].values()) == 0


@pytest.mark.parametrize("row", vector_params(GBM))
def test_payments_sum_to_zero(row: dict[str, Any]) -> None:
    got = analyze(request(row, min_points=0), variant="mcr")["score"]
    assert sum(got["payments"].values()) == 0
    assert max(got["payments"].values()) == (3 * (got["total"] + 8) if row["context"]["self_drawn"]
                                             else got["total"] + 24)


def test_options_listed() -> None:
    profile = get_profile("mcr")
    assert {"min_points", "knitted_wait_fan"} <= set(profile.options())
    with pytest.raises(MahjongError, match="min_points"):
        get_profile("mcr", {"min_points": 100})


# --- random hands: payments, and agreement with PyMahjongGB where it is installed -------------

SUITED = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
ALL_TILES = SUITED + list("ESWNCFP")


def random_hand(rng: random.Random) -> dict[str, Any]:
    """A random complete MCR hand: four sets (some claimed, some kongs) and a pair, often of one
    suit so that the set fans meet; random winds, self-draw, flowers and last-tile flags."""
    while True:
        pool = SUITED[:9] + ALL_TILES[27:] if rng.random() < 0.4 else ALL_TILES
        held: Counter[str] = Counter()
        melds, concealed = [], []
        for _ in range(4):
            if rng.random() < 0.5:
                suit, low = rng.choice("mps" if pool is ALL_TILES else "m"), rng.randint(1, 7)
                tiles, kind = [f"{low + k}{suit}" for k in range(3)], "chow"
            else:
                kind = "kong" if rng.random() < 0.12 else "pung"
                tiles = [rng.choice(pool)] * (4 if kind == "kong" else 3)
            held.update(tiles)
            if kind == "kong":
                hidden = rng.random() < 0.5
                melds.append({"type": "kong", "tiles": tiles, "concealed": hidden,
                              "from": None if hidden else "opposite"})
            elif rng.random() < 0.35:
                melds.append({"type": kind, "tiles": tiles, "from": "left"})
            else:
                concealed += tiles
        pair = rng.choice(pool)
        held.update([pair, pair])
        if max(held.values()) <= 4:
            break
    concealed += [pair, pair]
    win = concealed.pop(rng.randrange(len(concealed)))
    self_drawn = rng.random() < 0.4
    return {"concealed": concealed, "melds": melds, "win_tile": win, "context": {
        "self_drawn": self_drawn, "prevalent_wind": rng.choice("ESWN"),
        "seat_wind": rng.choice("ESWN"), "flowers": rng.choice((0, 0, 1, 2)),
        "wall_last": rng.random() < 0.05, "is_4th_tile": rng.random() < 0.05,
        "about_kong": self_drawn and any(m["type"] == "kong" for m in melds)
        and rng.random() < 0.2}}


BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "mcr_speed.py"
HANDS = [random_hand(random.Random(seed)) for seed in range(300)]


@pytest.mark.parametrize("hand", HANDS[:100])
def test_random_payments_sum_to_zero(hand: dict[str, Any]) -> None:
    got = score(hand, min_points=0)
    assert sum(got["payments"].values()) == 0 and got["payments"][got["winner"]] > 0


def test_agrees_with_pymahjonggb() -> None:
    peer = pytest.importorskip("MahjongGB")
    spec = importlib.util.spec_from_file_location("mcr_speed", BENCHMARK)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    peer_args = bench.peer_args

    differ = []
    for hand in HANDS:
        ours = score(hand)["total"]
        theirs = sum(points for points, _ in peer.MahjongFanCalculator(*peer_args(hand)))
        if ours != theirs:
            differ.append((hand, ours, theirs))
    assert not differ


def test_sets_once_is_a_table_switch() -> None:
    """Without ``sets_once`` a table counts every pair of sets; with it, 套算一次 chooses."""
    state = HandState.from_json({"concealed": "112233m112233p5s", "win_tile": "5s"})
    hand = next(h for h in winning_hands(state, decompositions(to_counts(state.tiles)))
                if h.form is Form.REGULAR)
    plain = FanTable((Entry("pure_double_chow", 1), Entry("mixed_double_chow", 1)),
                     combine="points")
    assert plain.score(hand, Win(), {}).total == 2 + 4
    assert dataclasses.replace(plain, sets_once=True).score(hand, Win(), {}).total == 3


def test_items_name_the_tiles_that_earn_them() -> None:
    got = score({"concealed": "222m555p34sCC", "win_tile": "5s", "melds": [
        {"type": "kong", "tiles": ["E", "E", "E", "E"], "concealed": True}]})
    tiles = {i["name_zh"]: i["tiles"] for i in got["items"]}
    assert tiles["暗杠"] == ["E"] * 4 and tiles["圈风刻"] == ["E"] * 3
    assert sorted(tiles["三暗刻"]) == sorted(["2m"] * 3 + ["5p"] * 3 + ["E"] * 4)
    single = score({"concealed": "123m456p789s123sE", "win_tile": "E"})
    assert next(i for i in single["items"] if i["name_zh"] == "独听・单钓")["tiles"] == ["E"]
