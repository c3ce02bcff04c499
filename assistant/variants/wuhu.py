"""Wuhu 芜湖麻将 (``wuhu``): 112 tiles, one of each wind, 八支 to win, pungs and kongs, no chow.

The seed (003, l.305–335) names the hands but gives no fan values; the card's values, the
payments and every decision are in ``docs/rules/wuhu.md``.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS, score_by_card
from ..scoring.fan_table import Entry, FanTable
from ..scoring.items import item
from ..scoring.patterns import WinningHand, longest_suit, wait_shapes
from ..scoring.readings import wait_tiles
from ..shanten import Form
from ..tiles import DRAGONS, WINDS

SPECS: dict[str, OptionSpec] = {
    "yadang_fan": OptionSpec("压档番数：按所压牌的点数 / 一律1番", "压档 (a closed wait on one tile): "
                             "its number in fan (rank), or 1 fan (one)", kind="choice",
                             choices=("rank", "one")),
    "qingyise_fan": number("清一色番数", "fan of 清一色", 20),
    "hunyise_fan": number("混一色番数", "fan of 混一色 (one suit and winds)", 20),
    **MONEY_SPECS,
}
DEFAULTS: dict[str, Any] = {"yadang_fan": "rank", "qingyise_fan": 4, "hunyise_fan": 2,
                            **MONEY_DEFAULTS, "self_drawn_factor": 2}


def win_condition(state: HandState, hand: WinningHand,
                  profile: RuleProfile) -> tuple[str, str] | None:
    """和牌必须够八支: one suit with eight tiles or more."""
    if longest_suit(hand)[1] < 8:
        return ("芜湖：和牌必须够八支（一门花色八张以上）", "Wuhu: a win needs 八支, eight or more "
                "tiles of one suit")
    return None


#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "八支加通天，三张风成刻",
     "en": "Eight of a suit and a straight; three winds make a pung",
     "hand": {"concealed": "123456789m11pES", "win_tile": "W"}},
    {"zh": "压档：夹五万",
     "en": "Closed wait on 5m",
     "hand": {"concealed": "111m46m789m99pESW", "win_tile": "5m"}},
)

WUHU = RuleProfile(
    name="wuhu", name_zh="芜湖麻将",
    description_en="Wuhu: 112 tiles (the three suits and one of each wind); four sets and a pair "
                   "only, with 八支 (eight of one suit); any winds make a pair, pung or kong "
                   "together; pung and kong, no chow; one winner, the first in turn.",
    description_zh="芜湖麻将：筒条万加东南西北各一张，共112张；只有基本牌型，和牌必须够八支；四张风牌任意两张"
                   "可做对子、三张成刻、四张成杠；可碰可杠不准吃；一盘只有一位和牌者。",
    forms=(Form.REGULAR,), absent_tiles=DRAGONS, chow_allowed=False, multiple_winners=False,
    winds_as_one=True, one_copy=WINDS, win_condition=win_condition, examples=EXAMPLES,
    extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("牌：筒、条、万加东南西北各一张，共112张。风牌任意两张成对、三张成刻、四张成杠。",
         "Tiles: 112, the three suits and one of each wind; any two winds make a pair, three a "
         "pung, four a kong."),
        ("和牌：只有基本牌型，必须够八支（一门花色八张以上）；可碰可杠，不准吃；一炮只有下家方向最近的一人和。",
         "A win: four sets and a pair, with eight or more tiles of one suit; pung and kong, no "
         "chow; one winner per discard, the nearest in turn."),
        ("番（种子未给番数，按常见打法）：平和（八支1番，每多一张加1番）、压档（所压牌的点数）、对对胡2、通天2、"
         "四活2（双四活4）、混一色2、清一色4、双八支4、杠后开花2；番数相加，每番一个底分，自摸每家付两倍。",
         "Fan (the seed gives none; as commonly played): 平和 (八支 1, one more a tile), 压档 (the "
         "tile's number), 对对胡 2, 通天 2, 四活 2 (双四活 4), 混一色 2, 清一色 4, 双八支 4, 杠后开花 "
         "2; fan added, each worth the base; a self-draw paid double by each."),
    ),
)

TABLE = FanTable(
    entries=(
        Entry("eight_of_a_suit", 1, name_zh="平和（八支）"), Entry("all_pungs", 2),
        Entry("pure_straight", 2), Entry("four_in_use", 2), Entry("half_flush", "hunyise_fan"),
        Entry("full_flush", "qingyise_fan", replaces=("half_flush",)),
        Entry("double_eight", 4), Entry("kong_flower", 2),
    ),
    combine="points",
)


def _yadang(state: HandState, profile: RuleProfile, hand: WinningHand) -> list[dict[str, Any]]:
    """压档: won on the middle of a chow that was the hand's only wait."""
    win = state.win_tile
    if win is None or "closed" not in wait_shapes(hand) or len(wait_tiles(state, profile)) != 1:
        return []
    value = int(win[0]) if profile.option("yadang_fan") == "rank" else 1
    return [item("压档", f"Closed wait on one tile ({win})", value, tiles=[win])]


def score_wuhu(state: HandState, profile: RuleProfile,
               readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Wuhu win on its card, 压档 added from the wait."""
    return score_by_card(state, profile, readings, TABLE,
                         extra=lambda hand: _yadang(state, profile, hand))
