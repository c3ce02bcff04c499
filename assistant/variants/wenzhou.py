"""Wenzhou 温州麻将 (``wenzhou``): 财神 stand for any tile, never discarded nor used to claim.

The seed (003, l.225–249) and every decision are in ``docs/rules/wenzhou.md``. The turned-up
tile is the 财神 and a 白板 stands for its own kind; a win is four sets and a pair (a 牛), or
three 财神 whatever the shape. 硬牌 (no 财神 standing for another tile) doubles, and so does each
special hand: 三财神, 天和, 地和, 单吊 after claims. One winner per discard, the nearest.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS
from ..scoring.fan_table import Entry, FanTable
from ..scoring.items import item
from ..scoring.patterns import WinningHand
from ..scoring.wild_hands import held_wilds, is_hard, score_wild_card
from ..shanten import Form
from ..wilds import wild_codes_for

SPECS: dict[str, OptionSpec] = {
    "three_caishen_instant": OptionSpec("手中三张财神不须符合牌型即可和", "three 财神 in hand win "
                                        "whatever the shape (算硬牌)"),
    **MONEY_SPECS,
}
DEFAULTS: dict[str, Any] = {"three_caishen_instant": True, **MONEY_DEFAULTS}

#: 双翻: each special hand doubles; a plain win is 1.
TABLE = FanTable(
    entries=(Entry("heavenly", 2, name_zh="天和"), Entry("earthly", 2, name_zh="地和"),
             Entry("single_tile_wait", 2, name_zh="单吊")),
    combine="multiply", fallback=Entry("chicken", 1, name_zh="平和"),
)


def shapeless_win(state: HandState, profile: RuleProfile) -> tuple[str, str] | None:
    """手中有3张财神牌不须符合和牌牌型就可和牌."""
    if profile.option("three_caishen_instant") and len(
            held_wilds(state, wild_codes_for(profile, state))) >= 3:
        return ("三财神", "Three 财神: a win whatever the shape")
    return None


def _extra(state: HandState, profile: RuleProfile, hand: WinningHand,
           stood: list[str]) -> list[dict[str, Any]]:
    """硬牌 (×2) and 三财神 (×2); 财神抢框和 counts as 硬. 三财神 doubles only a reading that is
    a hand form too ("3个财神同时符合其他和牌牌型"); three 财神 of no shape win as 硬牌 alone
    ("不须符合和牌牌型就可和牌（算硬牌）")."""
    held = held_wilds(state, wild_codes_for(profile, state))
    out = []
    shaped = not any(kind == "single" for kind, _ in hand.concealed_groups)
    if len(held) >= 3 and shaped:
        out.append(item("三财神", "Three 财神 and a hand form", 2, tiles=held))
    if not held or is_hard(stood, held) or state.robbing_kong or len(held) >= 3:
        out.append(item("硬牌", "Hard: no 财神 standing for another tile", 2, event="hard"))
    else:
        out.append(item("软牌", "Soft: a 财神 stands for another tile", 1, event="soft"))
    return out


EXAMPLES = (
    {"zh": "翻出五筒：五筒是财神，白板当五筒；财神当三万，软牌",
     "en": "5p turned up: 5p is the 财神, 白板 counts as 5p; the 财神 stands for 3m (soft)",
     "hand": {"concealed": "12m5p46pP789s11s99p", "indicator": "5p", "win_tile": "9p",
              "self_drawn": True, "melds": []}},
    {"zh": "三财神：不须符合牌型", "en": "Three 财神: a win whatever the shape",
     "hand": {"concealed": "159m258p369sES7m7m", "indicator": "7m", "win_tile": "7m",
              "self_drawn": True}},
)

WENZHOU = RuleProfile(
    name="wenzhou", name_zh="温州麻将",
    description_en="Wenzhou: the turned-up tile is the 财神 (wild; a 白板 counts as its kind); "
                   "财神 stand for any tile at the win, are never discarded nor used to claim; "
                   "four sets and a pair; three 财神 win at once; 硬牌 and the special hands "
                   "(三财神, 天和, 地和, 单吊) double; one winner, the nearest.",
    description_zh="温州麻将：翻出的牌为财神（白板当财神本身的牌）；财神和牌时可当任何牌，不能打出、不能用于吃"
                   "碰；和牌须有对子（牛）；手中三张财神即可和；硬牌及特殊牌型（三财神、天和、地和、单吊）双翻；"
                   "一盘只有一位和牌者。",
    forms=(Form.REGULAR,), multiple_winners=False, wild_indicator="same", white_stands_in=True,
    wild_discard=False, wild_in_claims=False, shapeless_win=shapeless_win, examples=EXAMPLES,
    extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("财神：开牌时翻出的牌即为财神，白板代替该牌本身；财神和牌时可替代任何牌，不能打出，不能用于吃碰。",
         "财神: the turned-up tile's kind is wild, a 白板 counts as that kind; a 财神 stands for "
         "any tile at the win, is never discarded and never used to chow or pung."),
        ("和牌：基本牌型须有对子当牛；手中三张财神不须符合牌型即可和（算硬牌）。一炮只有从打牌者按逆时针最近的"
         "一人和。",
         "A win: four sets and a pair (the 牛); three 财神 win whatever the shape (hard). One "
         "winner per discard, the first in turn from the discarder."),
        ("计分：平和1；硬牌（无财神或财神归位；财神抢框和）×2；三财神（同时符合和牌牌型）、天和、地和、单吊各×2，"
         "相乘。",
         "Score: a win 1; hard (no 财神 standing for another tile, or 财神 抢框和) ×2; 三财神 "
         "(with a hand form), "
         "天和, 地和, 单吊 ×2 each, multiplied."),
    ),
)


def score_wenzhou(state: HandState, profile: RuleProfile,
                  readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Wenzhou win on its card with 硬/软 and 三财神."""
    return score_wild_card(state, profile, readings, TABLE,
                           extra=lambda hand, stood: _extra(state, profile, hand, stood))
