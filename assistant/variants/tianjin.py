"""Tianjin 天津麻将 (``tianjin``): 混儿 wild (中下滚, seven tiles), self-drawn wins only, no chow.

The seed (003, l.261–267) and every decision are in ``docs/rules/tianjin.md``. The turned
tile's other three copies and the four of the tile after it are the 混儿. No chow, no win on a
discard, no 七对 or 十三幺. Items add up: 混儿吊 2, 没混儿 2, 捉伍儿 3, 龙 4, 杠开 2; a plain
win (素和) is 1; 本混儿龙 (the 龙 with a 混儿 as itself) doubles the hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS, read_card_table
from ..scoring.fan_table import Entry, FanTable
from ..scoring.items import item
from ..scoring.patterns import Win, WinningHand, is_pure_straight
from ..scoring.table import Table
from ..scoring.wild_hands import held_wilds, score_wild_card
from ..shanten import Form
from ..wilds import wild_codes_for

SPECS: dict[str, OptionSpec] = {
    "hun": OptionSpec("混儿：中下滚（翻牌本身及下一张，共7张） / 只有下一张", "混儿: the turned "
                      "kind and the tile after it, seven tiles (same_and_next), or the tile after "
                      "it only (next)", kind="choice", choices=("same_and_next", "next"),
                      engine=lambda v: {"wild_indicator": v}),
    "hun_diao": number("混儿吊", "混儿吊: a 混儿 waiting as half of the pair", 10),
    "no_hun": number("没混儿", "没混儿: no 混儿 in the hand", 10),
    "zhuo_wu": number("捉伍儿", "捉伍儿: won on a closed 5", 10),
    "long": number("龙", "龙: 1-9 of one suit", 10),
    "gang_kai": number("杠开", "杠开: won on a kong replacement", 10),
    "discard_wins": OptionSpec("允许点炮和（种子：没有炮和）", "wins on a discard are allowed (the "
                               "seed: 没有炮和, none)"),
    **MONEY_SPECS,
}
DEFAULTS: dict[str, Any] = {"hun": "same_and_next", "hun_diao": 2, "no_hun": 2, "zhuo_wu": 3,
                            "long": 4, "gang_kai": 2, "discard_wins": False, **MONEY_DEFAULTS}

TABLE = FanTable(
    entries=(Entry("closed_five", "zhuo_wu"), Entry("pure_straight", "long", name_zh="龙"),
             Entry("kong_flower", "gang_kai", name_zh="杠开")),
    combine="points", fallback=Entry("chicken", 1, name_zh="素和"),
)


def _own(state: HandState, profile: RuleProfile, hand: WinningHand, stood: list[str],
         ) -> list[dict[str, Any]]:
    """混儿吊, 没混儿, and 本混儿龙 (worth the rest again: the hand doubles)."""
    codes = wild_codes_for(profile, state)
    held = held_wilds(state, codes)
    o, out = profile.extra, []
    if not held:
        out.append(item("没混儿", "No 混儿 in the hand", o["no_hun"], event="no_hun"))
    if (hand.pair and hand.pair == state.win_tile and hand.pair not in codes
            and hand.pair in stood):
        out.append(item("混儿吊", "A 混儿 waiting as half of the pair", o["hun_diao"],
                        tiles=[hand.pair]))
    as_itself = Counter(stood) & Counter(held)
    if is_pure_straight(hand) and any(t in codes for t in as_itself):
        rest = TABLE.score(hand, Win.of(state, False), o, out).total
        out.append(item("本混儿龙", "龙 with a 混儿 as itself: ×2", rest, event="double"))
    return out


def read_tianjin_table(state: HandState | None, profile: RuleProfile,
                       data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table; a win on a discard is refused (没有炮和)."""
    if (state is not None and state.win_tile is not None and not state.self_drawn
            and not profile.option("discard_wins")):
        raise MahjongError("tianjin: 没有炮和 — a win is self-drawn only (set self_drawn, or the "
                           "option discard_wins)", "self_drawn")
    return read_card_table(state, profile, data, need_seat)


EXAMPLES = (
    {"zh": "翻出四万：四万（其余三张）和五万是混儿；捉伍儿加龙", "en": "4m turned: the other 4m and "
     "the 5m are 混儿; 捉伍儿 and 龙",
     "hand": {"concealed": "123p46p789pEEE99s", "indicator": "4m", "win_tile": "5p",
              "self_drawn": True}},
    {"zh": "没混儿", "en": "No 混儿",
     "hand": {"concealed": "123p456p789sEEE9s", "indicator": "4m", "win_tile": "9s",
              "self_drawn": True}},
)

TIANJIN = RuleProfile(
    name="tianjin", name_zh="天津麻将",
    description_en="Tianjin: 混儿 (中下滚: the turned kind and the tile after it, seven tiles) "
                   "wild; no chow, self-drawn wins only, no 七对 or 十三幺; items add: 混儿吊 2, "
                   "没混儿 2, 捉伍儿 3, 龙 4, 杠开 2; 本混儿龙 ×2.",
    description_zh="天津麻将：有混儿（中下滚，7张）；不许吃，没有炮和；没有七对、十三幺；番种叠加：混儿吊2、"
                   "没混儿2、捉伍儿3、龙4、杠开2，本混儿龙×2。",
    forms=(Form.REGULAR,), chow_allowed=False, wild_indicator="same_and_next",
    examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("混儿（中下滚，7张）：翻出的牌其余三张和它的下一张四张都是混儿，可当任何牌。",
         "混儿 (中下滚, seven tiles): the other three of the turned kind and the four of the tile "
         "after it are wild."),
        ("不许吃，没有炮和（只能自摸），没有七对、十三幺。", "No chow, no win on a discard "
         "(self-drawn only), no 七对 or 十三幺."),
        ("番种叠加（相加）：混儿吊2、没混儿2、捉伍儿3、龙4、杠开2；都没有为素和1；本混儿龙（龙中混儿当本身）×2。",
         "Items add: 混儿吊 2, 没混儿 2, 捉伍儿 3, 龙 4, 杠开 2; none: 素和 1; 本混儿龙 (the 龙 "
         "with a 混儿 as itself) doubles."),
    ),
)


def score_tianjin(state: HandState, profile: RuleProfile,
                  readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Tianjin self-drawn win: its items added, 本混儿龙 doubling."""
    return score_wild_card(state, profile, readings, TABLE,
                           table=read_tianjin_table(state, profile),
                           extra=lambda hand, stood: _own(state, profile, hand, stood))
