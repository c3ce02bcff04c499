"""Table procedures: dice → wall and stack, draw limits, next dealer, prevalent wind, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from assistant import MahjongError, get_profile
from assistant.procedures import (
    dead_wall_tiles,
    dice_start,
    is_draw,
    kong_replacement_tile,
    next_dealer,
    resolve_declared,
    seat_draw,
    settle_draw,
    wind_rounds,
)


@pytest.mark.parametrize("variant", ["shaanxi", "xian"])
def test_first_throw_picks_the_wall(variant: str) -> None:
    p = get_profile(variant)
    seats = {t: dice_start(p, "E", [t, 2])["wall_seat"] for t in range(2, 13)}
    assert [t for t, s in seats.items() if s == "E"] == [5, 9]
    assert [t for t, s in seats.items() if s == "S"] == [2, 6, 10]
    assert [t for t, s in seats.items() if s == "W"] == [3, 7, 11]
    assert [t for t, s in seats.items() if s == "N"] == [4, 8, 12]


def test_dice_given_as_faces_or_totals() -> None:
    p = get_profile("shaanxi")
    assert dice_start(p, "E", [[3, 4], [5, 2]]) == dice_start(p, "E", [7, 7])
    with pytest.raises(MahjongError, match="two throws"):
        dice_start(p, "E", [7])
    with pytest.raises(MahjongError, match="totals 2-12"):
        dice_start(p, "E", [13, 2])
    with pytest.raises(MahjongError, match="seat wind"):
        dice_start(p, "X", [7, 2])
    with pytest.raises(MahjongError, match="one throw of three dice"):
        dice_start(get_profile("guangdong"), "E", [7, 5])


def test_overflow_and_direction() -> None:
    xian = dice_start(get_profile("xian"), "E", [10, 5])
    assert (xian["wall_seat"], xian["skip_stacks"], xian["stacks_left_in_wall"]) == ("S", 15, 2)
    over = dice_start(get_profile("xian"), "E", [11, 9])
    assert (over["start_wall_seat"], over["skip_in_start_wall"]) == ("N", 3)
    cw = dice_start(get_profile("xian", {"wall_direction": "clockwise"}), "E", [11, 9])
    assert cw["start_wall_seat"] == "S"
    gd = dice_start(get_profile("guangdong"), "E", [[6, 6, 6]])
    assert (gd["wall_seat"], gd["start_wall_seat"], gd["skip_in_start_wall"]) == ("S", "E", 1)
    flowers = dice_start(get_profile("guangdong", {"flowers": True}), "E", [18])
    assert (flowers["start_wall_seat"], flowers["skip_in_start_wall"]) == ("E", 0)
    assert flowers["wall_stacks"] == 18
    on = dice_start(get_profile("guangdong", {"break_after_count": False}), "E", [7])
    assert (on["wall_seat"], on["skip_stacks"]) == ("W", 6)


def test_108_tile_walls() -> None:
    p = get_profile("shaanxi", {"tiles_108": True})
    r = dice_start(p, "E", [6, 7])  # S's wall has 13 stacks in the 108 layout
    assert r["wall_stacks"] == 13 and r["start_wall_seat"] == "W" and r["skip_in_start_wall"] == 0


@pytest.mark.parametrize("variant", ["shaanxi", "xian"])
def test_draw_limits_by_kongs(variant: str) -> None:
    p = get_profile(variant)
    assert [dead_wall_tiles(p, k) for k in range(6)] == [26, 14, 16, 26, 26, 26]
    assert is_draw(p, 1, 14)["draw"] and not is_draw(p, 1, 15)["draw"]
    assert is_draw(p, 0, 26)["draw"] and not is_draw(p, 2, 17)["draw"]


def test_guangdong_plays_to_the_last_tile() -> None:
    p = get_profile("guangdong")
    assert [dead_wall_tiles(p, k) for k in range(4)] == [0, 0, 0, 0]
    assert not is_draw(p, 1, 14)["draw"] and is_draw(p, 1, 0)["draw"]
    with pytest.raises(MahjongError):
        is_draw(p, -1, 3)


def test_next_dealer() -> None:
    assert next_dealer("E", ["E"]) == "E" and next_dealer("E", []) == "E"
    assert next_dealer("E", ["W"]) == "S" and next_dealer("N", ["S"]) == "E"
    assert next_dealer("E", ["S", "E"]) == "E"
    with pytest.raises(MahjongError):
        next_dealer("E", ["Q"])


@pytest.mark.parametrize("variant", ["hundred", "tuidaohu"])
def test_the_deal_rotates_every_hand(variant: str) -> None:
    # 轮庄 (seed 003 l.215): the dealer passes the deal on even when he wins or nobody does
    profile = get_profile(variant)
    assert [next_dealer("E", w, profile) for w in (["E"], [], ["S"], ["E", "W"])] == ["S"] * 4
    assert next_dealer("N", ["N"], profile) == "E"
    assert "S" in _cli("next-dealer", "--dealer", "E", "--winners", "E", "--variant",
                       variant).stdout


def test_prevalent_wind_moves_after_a_round() -> None:
    hands = [{"dealer": d, "winners": ["W" if d != "W" else "N"]} for d in "ESWN"]
    r = wind_rounds("E", hands + [{"dealer": "E", "winners": []}])
    assert r["prevalent_before_each_hand"] == ["E", "E", "E", "E", "S"]
    with pytest.raises(MahjongError, match="dealer should be S"):
        wind_rounds("E", [{"dealer": "E", "winners": ["N"]}, {"dealer": "W", "winners": []}])


def test_claim_resolution_per_variant() -> None:
    both = {"S": "win", "W": "win"}
    assert resolve_declared(get_profile("shaanxi"), "E", both) == {"S": "win"}
    assert resolve_declared(get_profile("xian"), "E", both) == {"S": "win"}
    assert resolve_declared(get_profile("guangdong"), "E", both) == {"S": "win", "W": "win"}
    no_chow = get_profile("shaanxi", {"chow_allowed": False})
    with pytest.raises(MahjongError, match="seat S cannot chow: variant 'shaanxi' does not allow"):
        resolve_declared(no_chow, "E", {"S": "chow"})
    with pytest.raises(MahjongError, match="a claim is one of"):
        resolve_declared(no_chow, "E", {"S": "steal"})


@pytest.mark.parametrize("discarder, declared, seat", [
    ("E", {"W": "chow"}, "W"), ("E", {"N": "chow", "W": "pung"}, "N"), ("N", {"S": "chow"}, "S")])
def test_a_chow_by_a_seat_not_the_discarders_next_is_refused(
        discarder: str, declared: dict, seat: str) -> None:
    """Only the 下家 chows: a record saying another seat chowed is refused, not dropped."""
    from assistant.catalogue import translate

    guangdong = get_profile("guangdong")
    with pytest.raises(MahjongError, match=f"seat {seat} cannot chow the discard of seat "
                                           f"{discarder}: only the discarder's 下家") as err:
        resolve_declared(guangdong, discarder, declared)
    assert "只有出牌者的下家" in translate(str(err.value))
    nxt = "SWNE"["ESWN".index(discarder)]
    assert resolve_declared(guangdong, discarder, {nxt: "chow"}) == {nxt: "chow"}


def test_drawn_hand_without_kong_money() -> None:
    r = settle_draw(get_profile("guangdong"), {"kongs": {"E": [{"type": "an"}]}})
    assert r["payments"] == dict.fromkeys("ESWN", 0)


def _cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "assistant", "table", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_cli_table_commands() -> None:
    dice = json.loads(_cli("dice", "--variant", "shaanxi", "--throws", "3,4", "5,2", "--dealer",
                           "E", "--json").stdout)
    assert dice["wall_seat"] == "W" and dice["skip_stacks"] == 14
    draw = json.loads(_cli("draw", "--variant", "guangdong", "--kongs", "1", "--stacks-left", "7",
                           "--json").stdout)
    assert draw["draw"] is False
    assert "S" in _cli("next-dealer", "--dealer", "E", "--winners", "W").stdout
    settle = json.loads(_cli("settle-draw", "--variant", "xian", "--json",
                             stdin='{"kongs": {"W": [{"type": "an"}]}}').stdout)
    assert settle["payments"]["W"] == 6
    bad = _cli("dice", "--variant", "nowhere", "--throws", "7", "7")
    assert bad.returncode == 2 and "unknown variant" in bad.stderr
    text = _cli("dice", "--variant", "shaanxi", "--throws", "6", "7").stdout
    assert "两把抓干" in text


def _spot(wall: str, stack: int, layer: str | None = None) -> dict[str, object]:
    return {"wall_seat": wall, "stack": stack, **({"layer": layer} if layer else {})}


def test_xian_deal_three_rounds_then_the_two_upper_tiles() -> None:
    # 每次四张…每人均起完三次牌（12张）时，由坐庄者再起两张牌（上面相邻的两张），其余三人按顺序再起一张
    r = dice_start(get_profile("xian"), "E", [10, 5])  # the seed's example: S's wall after 15
    grabs = r["deal"]["grabs"]
    assert grabs[0] == {"seat": "E", "round": 1, "tiles": 4,
                        "stacks": [_spot("S", 16), _spot("S", 17)]}
    assert grabs[1]["stacks"] == [_spot("W", 1), _spot("W", 2)]
    assert [(g["seat"], g["stacks"][0]) for g in grabs[12:]] == [
        ("E", _spot("N", 6, "upper")), ("E", _spot("N", 7, "upper")),
        ("S", _spot("N", 6, "lower")), ("W", _spot("N", 7, "lower")), ("N", _spot("N", 8, "upper"))]
    assert r["deal"]["hands"] == {"E": 14, "S": 13, "W": 13, "N": 13}
    assert r["deal"]["next_draw"] == _spot("N", 8, "lower") and r["kong_end"] == _spot("S", 15)


def test_guangdong_deal_jumps_a_stack_and_the_dora_indicator_sits_third_from_the_end() -> None:
    # 直到每个人抓3次共12张牌再由庄家跳牌(隔一墩)抓上層两牌，其他人依次各抓一张
    r = dice_start(get_profile("guangdong"), "E", [[3, 4, 5]])  # 12: 上家 N, after 12 stacks
    assert [(g["seat"], g["stacks"][0]) for g in r["deal"]["grabs"][12:]] == [
        ("E", _spot("S", 3, "upper")), ("E", _spot("S", 5, "upper")),
        ("S", _spot("S", 3, "lower")), ("W", _spot("S", 4, "upper")), ("N", _spot("S", 4, "lower"))]
    # 宝牌：把扛尾倒数第三墩上层的牌翻开 — the tail is N's 12th stack, before the opening
    assert r["kong_end"] == _spot("N", 12)
    assert {k: r["dora_indicator"][k] for k in ("wall_seat", "stack", "layer")} == _spot(
        "N", 10, "upper")
    assert "deal" not in dice_start(get_profile("shaanxi"), "E", [7, 6])  # its seed is silent
    assert "dora_indicator" not in dice_start(get_profile("xian"), "E", [10, 5])


def test_kong_replacement_upper_for_an_exposed_kong_lower_for_a_concealed_one() -> None:
    # 补牌的顺序应是最后一墩牌的其中一张，补牌时，应遵守，明杠上面，暗杠下面
    xian = get_profile("xian")
    assert [kong_replacement_tile(xian, k)["layer"] for k in ("an", "zhi", "jia", "concealed")] \
        == ["lower", "upper", "upper", "lower"]
    assert kong_replacement_tile(get_profile("shaanxi"), "an")["layer"] is None
    with pytest.raises(MahjongError, match="a kong is one of"):
        kong_replacement_tile(xian, "big")
    assert "暗杠取下层" in _cli("kong-tile", "--variant", "xian", "--kind", "an").stdout


def test_xian_seat_methods() -> None:
    xian = get_profile("xian")
    # A: 和为6，按四个方向，逆时针数到6，6所在的方向即为东 — place 2 (1 is the thrower)
    assert seat_draw(xian, [6], method="A")["seats"] == {"1": "N", "2": "E", "3": "S", "4": "W"}
    # B: 按点子数和的大小，决定：东，西，南，北
    assert seat_draw(xian, [8, 5, 11, 3], method="B")["seats"] == {"1": "W", "2": "S", "3": "E",
                                                                    "4": "N"}
    with pytest.raises(MahjongError, match="throw again"):
        seat_draw(xian, [8, 8, 11, 3], method="B")
    # C (the default seat_method): the throw 7 makes place 3 draw first
    c = seat_draw(xian, [[3, 4]], ["S", "E", "N", "W"])
    assert c["method"] == "C" and c["seats"] == {"1": "N", "2": "W", "3": "S", "4": "E"}
    assert c["dealer_place"] == 4
    with pytest.raises(MahjongError, match="four different winds"):
        seat_draw(xian, [7], ["S", "S", "N", "W"])
    with pytest.raises(MahjongError, match="no way of drawing seats"):
        seat_draw(get_profile("guangdong"), [7])
    out = json.loads(_cli("seats", "--variant", "xian", "--method", "A", "--throws", "6",
                          "--json").stdout)
    assert out["dealer_place"] == 2


def test_sichuan_last_four_tiles_win_by_themselves() -> None:
    # 最后四张自动和
    sichuan = get_profile("sichuan")
    assert is_draw(sichuan, 0, 4)["auto_win"] and not is_draw(sichuan, 0, 5)["auto_win"]
    assert "auto_win" not in is_draw(get_profile("guangdong"), 0, 4)
    assert "自动和" in _cli("draw", "--variant", "xueliu", "--tiles-left", "2").stdout


def test_seventeen_tile_note_streak_base_and_reseating() -> None:
    # 如果庄家连庄则还是此位玩家当庄底数增加，如果庄家连庄四把之后四位玩家重新排定位置
    kept = [{"winners": ["E"]}] * 5 + [{"winners": ["S"]}]
    r = wind_rounds("E", kept, reseat_after=4, base=1, base_step=1)
    assert r["streak_before_each_hand"] == [0, 1, 2, 3, 0, 1]
    assert r["base_before_each_hand"] == [1, 2, 3, 4, 1, 2]
    assert r["reseat_before_each_hand"] == [False] * 4 + [True, False]
    assert r["next_dealer"] == "S" and not r["reseat_before_next"]
    assert "reseat_before_each_hand" not in wind_rounds("E", kept)
    with pytest.raises(MahjongError, match="reseat_after"):
        wind_rounds("E", kept, reseat_after=0)
    out = json.loads(_cli("wind", "--reseat-after", "4", "--json",
                          stdin=json.dumps([{"winners": ["E"]}] * 4)).stdout)
    assert out["reseat_before_next"] and out["next_dealer"] == "E"
    # 每人手里抓17张牌: the 16-tile hand with its draw
    with pytest.raises(MahjongError, match="use hand_size 16"):
        get_profile("default", {"hand_size": 17})
