"""Inner Mongolia 内蒙麻将 (``neimenggu``): 136 tiles; a win needs a pung, an open hand and 幺九.

The seed (003, l.219) gives only the three conditions; the card, the payments and every decision
are in ``docs/rules/neimenggu.md``.
"""

from __future__ import annotations

from typing import Any

from ..hand import HandState
from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS, card_scorer
from ..scoring.fan_table import Entry, FanTable
from ..scoring.patterns import WinningHand, dragon_pungs
from ..shanten import Form
from ..tiles import is_honor

SPECS: dict[str, OptionSpec] = {
    "yaojiu_rule": OptionSpec("必须有幺九：手中有幺九牌即可 / 须有幺九刻（或箭刻）",
                              "幺九 required: any 1, 9 or honour in the hand (tile), or a pung of "
                              "1, 9 or a wind, or a dragon pung (pung)", kind="choice",
                              choices=("tile", "pung")),
    "concealed_kong_opens": OptionSpec("暗杠也算开门", "a concealed kong counts as opening the hand"),
    **MONEY_SPECS,
}

DEFAULTS: dict[str, Any] = {"yaojiu_rule": "tile", "concealed_kong_opens": False, **MONEY_DEFAULTS,
                            "self_drawn_factor": 2, "dealer_factor": 2}


def _terminal_or_honour(tile: str) -> bool:
    return is_honor(tile) or tile[0] in "19"


def win_condition(state: HandState, hand: WinningHand,
                  profile: RuleProfile) -> tuple[str, str] | None:
    """The seed's three conditions: 碰或杠 (a concealed pung counts), 开门, 幺九 or a dragon pung."""
    if not any(s.is_pung for s in hand.sets):
        return ("内蒙：必须有碰或杠（手中暗刻也可）", "Inner Mongolia: a win needs a pung or a kong "
                "(a concealed pung counts)")
    opens = profile.option("concealed_kong_opens")
    if not any(not m.concealed or opens for m in state.melds):
        return ("内蒙：必须开门（吃上家或碰别人的牌）", "Inner Mongolia: the hand must be open (a "
                "chow from the 上家 or a pung from anyone)")
    if profile.option("yaojiu_rule") == "tile":
        ok = any(_terminal_or_honour(t) for t in hand.tiles)
    else:
        ok = bool(dragon_pungs(hand)) or any(s.is_pung and _terminal_or_honour(s.tile)
                                             for s in hand.sets)
    if not ok:
        return ("内蒙：必须有幺九或箭刻", "Inner Mongolia: a win needs 幺九 (a 1, 9 or honour) or a "
                "dragon pung")
    return None


#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "有碰、开门、有幺九",
     "en": "A pung, open, with a 1-9 or honour",
     "hand": {"concealed": "123m456p789s4m",
              "melds": [{"type": "pung", "tiles": "EEE", "from": "left"}],
              "win_tile": "4m"}},
)

NEIMENGGU = RuleProfile(
    name="neimenggu", name_zh="内蒙麻将",
    description_en="Inner Mongolia: 136 tiles; a win needs a pung or kong (a concealed pung "
                   "counts), an open hand (a chow from the 上家 or a pung) and a 1, 9 or honour "
                   "(or a dragon pung); four sets and a pair only.",
    description_zh="内蒙麻将：136张；和牌须有碰或杠（手中暗刻也可）、须开门（吃上家或碰别人的牌）、须有幺九或"
                   "箭刻；只有基本和型。",
    forms=(Form.REGULAR,), chow_allowed=True, multiple_winners=False, kong_robbable=True,
    win_condition=win_condition, examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("和牌条件：一、必须有碰或杠，手里有暗刻也可；二、必须开门（吃上家或碰别人的牌）；三、必须有幺九或箭刻。",
         "To win: a pung or kong (a concealed pung counts); an open hand (a chow from the 上家 or "
         "a pung from anyone); a 1, 9 or honour, or a dragon pung."),
        ("计分（种子未写，按常见打法）：平和0番、对对胡1、清一色2、混一色1、杠上开花1、海底捞月1、抢杠1；"
         "底分×2^番；自摸每家付两倍，庄家得失翻倍。",
         "Score (not in the seed; as commonly played): plain 0 fan, 对对胡 1, 清一色 2, 混一色 1, "
         "杠上开花 1, 海底捞月 1, 抢杠 1; base × 2^fan; a self-draw paid double by each, the "
         "dealer's gains and losses doubled."),
    ),
)

TABLE = FanTable(
    entries=(Entry("all_pungs", 1), Entry("full_flush", 2), Entry("half_flush", 1),
             Entry("kong_flower", 1), Entry("last_tile_draw", 1), Entry("robbing_kong", 1)),
    combine="fan", fallback=Entry("chicken", 0),
)


#: A win is scored on the card alone.
score_neimenggu = card_scorer(TABLE)
