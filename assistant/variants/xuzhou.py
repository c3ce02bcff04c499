"""Xuzhou 徐州麻将 (``xuzhou``): 配儿 wild, a win needs a 夹 of 4 to 8, no fan counted.

The seed (003, l.221, l.251–259) and every decision are in ``docs/rules/xuzhou.md``. The tile
after the turned one is the 配儿 (as 带弟百搭). A 平和 is won on the middle tile of a chow (夹),
never on the pair, and that tile is a 4 … 8 (``jia_range``); 国士无双 (乱牌) and 七对 are exempt,
and so is 跑配成牌 (won on a drawn 配儿). Every win pays the same (不计番); passing a win
locks the seat on every tile until it draws or claims.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS
from ..scoring.fan_table import Entry, FanTable
from ..scoring.patterns import WinningHand, wait_shapes
from ..scoring.wild_hands import score_wild_card
from ..shanten import Form
from ..wilds import wild_codes_for

SPECS: dict[str, OptionSpec] = {
    "jia_range": OptionSpec("夹的数目范围（夹张的点数）", "the 夹 (the closed-wait tile) must be "
                            "a number in this range", kind="int_list", length=2, minimum=1,
                            maximum=9),
    "pao_pei_exempt": OptionSpec("跑配成牌（摸到配儿和牌）不受夹的限制", "跑配成牌 (won on a drawn "
                                 "配儿) needs no 夹"),
    "pass_lock_scope": OptionSpec("过手不和：锁到自己摸牌或吃碰杠为止", "a passed win locks every "
                                  "tile (any_tile) or only that tile (same_tile)", kind="choice",
                                  choices=("any_tile", "same_tile")),
    **MONEY_SPECS,
}
DEFAULTS: dict[str, Any] = {"jia_range": (4, 8), "pao_pei_exempt": True,
                            "pass_lock_scope": "any_tile", **MONEY_DEFAULTS}

#: 不计番: each win is named, and all are worth 1 (the values multiply, so any mix stays 1).
TABLE = FanTable(
    entries=(Entry("seven_pairs", 1), Entry("thirteen_orphans", 1, name_zh="国士无双（乱牌）"),
             Entry("heavenly", 1, name_zh="天和", limit=True)),
    combine="multiply", fallback=Entry("chicken", 1, name_zh="平和"),
)


def _pao_pei(state: HandState, profile: RuleProfile) -> bool:
    """跑配成牌: the winning tile is a drawn 配儿."""
    return bool(state.self_drawn and state.win_tile
                and state.win_tile in wild_codes_for(profile, state))


def win_condition(state: HandState, hand: WinningHand,
                  profile: RuleProfile) -> tuple[str, str] | None:
    """平和 needs a 夹 of 4 to 8, never the pair; 七对, 乱牌 and 跑配成牌 are exempt."""
    if hand.form is not Form.REGULAR or (profile.option("pao_pei_exempt")
                                         and _pao_pei(state, profile)):
        return None
    low, high = profile.option("jia_range")
    win = state.win_tile
    if win is None or "closed" not in wait_shapes(hand) or not low <= int(win[0]) <= high:
        return ("徐州：平和必须有夹，不能和将牌，夹的数目在4-8之间", f"Xuzhou: a 平和 is won on "
                f"a 夹 (the middle of a chow) of {low} to {high}, never on the pair")
    return None


EXAMPLES = (
    {"zh": "平和：夹五万", "en": "平和 won on the closed 5m",
     "hand": {"concealed": "46m123p789p234s99s", "indicator": "E", "win_tile": "5m"}},
    {"zh": "七对：配儿（南风，翻东）配一对", "en": "Seven pairs, the 配儿 (S, E turned) pairing",
     "hand": {"concealed": "11m33m55p77p99s24sS", "indicator": "E", "win_tile": "2s"}},
)

XUZHOU = RuleProfile(
    name="xuzhou", name_zh="徐州麻将",
    description_en="Xuzhou: the tile after the turned one is the 配儿 (wild); a 平和 is won on a "
                   "夹 of 4 to 8 (the middle of a chow), never on the pair; 七对 and 国士无双 (乱牌) "
                   "are exempt; no fan; a passed win locks until one draws or claims.",
    description_zh="徐州麻将：翻牌的下一张为配儿（百搭）；平和必须有夹，不能和将牌，夹的数目在4-8之间；七对、"
                   "国士无双（乱牌）除外；不计番；放弃和牌后须等自己摸牌或吃碰杠后才能再和。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS), multiple_winners=False,
    pass_lock=True, wild_indicator="next", win_condition=win_condition, examples=EXAMPLES,
    extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("配儿：翻牌的下一张（一到九循环，东南西北中发白循环），可当任何牌。",
         "配儿: the tile after the turned one (9 → 1; E S W N C F P round), standing for any "
         "tile."),
        ("和牌：平和必须有夹（和顺子中间一张），不能和将牌，夹的点数在4-8之间；七对、国士无双（乱牌）不受限制；"
         "摸到配儿和牌（跑配成牌）也不受限制。",
         "A win: a 平和 is won on the middle of a chow, a 4 to 8, never on the pair; 七对 and 国士"
         "无双 (乱牌) are exempt, and so is a win on a drawn 配儿 (跑配成牌)."),
        ("不计番：平和、七对、天和、跑配成牌都算一样。过手不和：放弃和牌后，须自己摸牌或吃碰杠后才能再和。",
         "No fan: 平和, 七对, 天和, 跑配成牌 all pay the same. A passed win locks the seat until "
         "it draws or claims."),
    ),
)


def _named(state: HandState, profile: RuleProfile, hand: WinningHand,
           stood: list[str]) -> list[dict[str, Any]]:
    from ..scoring.items import item

    return [item("跑配成牌", "Won on a drawn 配儿", 1, event="pao_pei")] if _pao_pei(
        state, profile) else []


def score_xuzhou(state: HandState, profile: RuleProfile,
                 readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Xuzhou win: its name, worth the base from each payer (不计番)."""
    return score_wild_card(state, profile, readings, TABLE,
                           extra=lambda hand, stood: _named(state, profile, hand, stood))
