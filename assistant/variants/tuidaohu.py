"""Guangdong 推倒和 (``tuidaohu``): the seed's 推倒和（屁和）card on the full 136 tiles.

The seed lists 推倒和 twice: as one of the four Guangdong systems and, with its card, in the note
of the 100-tile game (``hundred``, which is the same game without 万). This is the 136-tile
game: no chow, self-drawn wins only, kong money at once, 被抢杠算出冲; the card 推倒和 ×1, 对对和 ×2,
混一色 ×2, 清一色 ×4, 混对对 ×4, 清对对 ×4, 清一色全对 12 points, and 七小对 (any suits, ×2) that
Guangdong tables add. Sources and decisions: ``docs/rules/tuidaohu.md``.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import RuleProfile, number
from ..scoring.fan_table import Combo, Entry, FanTable
from ..scoring.patterns import is_full_flush, winning_hands
from ..shanten import Form
from .hundred import DEFAULTS as HUNDRED_DEFAULTS
from .hundred import SPECS as HUNDRED_SPECS
from .hundred import score_hundred

SPECS = {**HUNDRED_SPECS,
         "qidui_multiplier": number("七小对倍数（0 = 不许七对，只许清一色全对）", "multiplier of "
                                    "七小对, seven pairs of any suits (0: only 清一色全对 wins as "
                                    "seven pairs)", 100)}
DEFAULTS: dict[str, Any] = {**HUNDRED_DEFAULTS, "qidui_multiplier": 2}

#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "推倒和：只许自摸",
     "en": "Plain win, self-drawn only",
     "hand": {"concealed": "123p456p789s234sE", "win_tile": "E", "context": {"self_drawn": True}}},
    {"zh": "对对和 ×2",
     "en": "All pungs ×2",
     "hand": {"concealed": "111m555p999sEEEC", "win_tile": "C", "context": {"self_drawn": True}}},
)

TUIDAOHU = RuleProfile(
    name="tuidaohu", name_zh="广东推倒和",
    description_en="Guangdong 推倒和 (屁和): 136 tiles, no flowers; pung and kong, no chow; "
                   "self-drawn wins only; 推倒和 ×1, 对对和 ×2, 混一色 ×2, 清一色 ×4, 混对对 ×4, "
                   "清对对 ×4, 七小对 ×2, 清一色全对 12; kong money at once; a robbed kong is 出冲.",
    description_zh="广东推倒和（屁和）：136张，无花；可碰可杠，不可吃；只许自摸；推倒和×1、对对和×2、"
                   "混一色×2、清一色×4、混对对×4、清对对×4、七小对×2、清一色全对12点；杠钱即付；被抢杠算出冲。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), chow_allowed=False, multiple_winners=True,
    kong_robbable=True, extra=DEFAULTS, examples=EXAMPLES, extra_specs=SPECS,
    rules_summary=(
        ("牌：136张（万筒条、东南西北中发白），无花；只许碰、杠，不许吃；只许自摸（选项可点炮）。",
         "Tiles: 136, no flowers; pung and kong, no chow; self-drawn wins only (an option "
         "allows wins on a discard)."),
        ("倍数：推倒和（屁和）×1、对对和×2、混一色×2、清一色×4、混对对×4、清对对×4、七小对×2；"
         "清一色全对12点。",
         "Multipliers: plain win ×1, all pungs ×2, half flush ×2, full flush ×4, half-flush all "
         "pungs ×4, full-flush all pungs ×4, seven pairs ×2; one-suit seven pairs 12 points."),
        ("杠：杠谁的谁多输3点；暗杠三家每家输2点；加杠每家1点。被抢杠算出冲（被抢者包三家）。",
         "Kongs: the discarder of a konged tile pays 3; a concealed kong 2 from each, an added "
         "kong 1 from each. A robbed kong is 出冲: the robbed seat pays all three shares."),
    ),
)

TABLE = FanTable(
    entries=(
        Entry("all_pungs", 2), Entry("half_flush", 2), Entry("full_flush", 4),
        Entry("full_flush_seven_pairs", "quandui_points", limit=True, name_zh="清一色全对",
              name_en="One-suit seven pairs (12 points)"),
        Entry("seven_pairs", "qidui_multiplier", name_zh="七小对", name_en="Seven pairs"),
    ),
    combine="multiply", fallback=Entry("chicken", 1, name_zh="推倒和（屁和）",
                                       name_en="Plain win (×1)"),
    combos=(Combo(("full_flush", "all_pungs"), "清对对", "Full-flush all pungs (×4)", 4),
            Combo(("half_flush", "all_pungs"), "混对对", "Half-flush all pungs (×4)")),
)


def score_tuidaohu(state: HandState, profile: RuleProfile,
                   readings: list[Decomposition]) -> dict[str, Any]:
    """Score a win on the 推倒和 card (the 100-tile game's scorer, this card)."""
    if all(d.form is Form.SEVEN_PAIRS for d in readings) and not profile.option(
            "qidui_multiplier"):
        if not is_full_flush(winning_hands(state, readings)[0]):
            raise MahjongError("tuidaohu: with qidui_multiplier = 0 seven pairs win only as "
                               "清一色全对 (one suit)", "qidui_multiplier")
    return score_hundred(state, profile, readings, TABLE)
