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
    next_dealer,
    resolve_declared,
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
    assert resolve_declared(no_chow, "E", {"S": "chow"}) == {}
    with pytest.raises(MahjongError, match="a claim is one of"):
        resolve_declared(no_chow, "E", {"S": "steal"})


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
