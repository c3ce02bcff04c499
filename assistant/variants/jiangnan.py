"""Jiangnan 江南麻将 心皇 (``jiangnan``): one tile fewer and an imagined tile that only completes the
win; 排列出牌: a tile one has discarded can be neither chowed nor won on by that player.

The seed (003, l.123–125) and every decision are in ``docs/rules/jiangnan.md``.
"""

from __future__ import annotations

from typing import Any

from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS, PLAIN_CARD, card_scorer
from ..shanten import Form

SPECS: dict[str, OptionSpec] = {**MONEY_SPECS}
DEFAULTS: dict[str, Any] = {**MONEY_DEFAULTS, "self_drawn_factor": 2}


#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "心皇：十二张加想象的一张",
     "en": "12 tiles and the imagined one",
     "hand": {"concealed": "123m456p789s1m2m5p", "win_tile": "3m"}},
)

JIANGNAN = RuleProfile(
    name="jiangnan", name_zh="江南麻将·心皇",
    description_en="Jiangnan 心皇: each hand holds 12 tiles and an imagined tile that can only "
                   "complete the win (never chow or pung); discards kept in order, a tile one has "
                   "discarded can be neither chowed nor won on by that player.",
    description_zh="江南心皇麻将：每家少拿一张牌，心中想象一张心皇牌，只能用作和牌，不能上牌或碰牌；排列出牌，"
                   "曾放过的牌既不能上更不能和。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS), hand_size=12,
    imagined_tile=True, discard_lock="any", examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("心皇：每家少拿一张牌（12张），心中想象一张牌；心皇牌不能用来上牌或碰牌，只能用作和牌。",
         "心皇: 12 tiles each and an imagined tile, good only to complete the win."),
        ("排列出牌：每家出的牌依次序整齐放在自己门前；曾放过的牌既不能上更不能和。",
         "Discards in order in front of each player; a tile one has discarded can be neither "
         "chowed nor won on by that player."),
        ("计分（种子未写，按常见打法）：平和1，对对胡、清一色、七对各×2；自摸每家付两倍。",
         "Score (not in the seed; as commonly played): plain 1, 对对胡, 清一色, 七对 ×2 each; a "
         "self-draw paid double by each."),
    ),
)


#: A win is scored on the card alone.
score_jiangnan = card_scorer(PLAIN_CARD, unit="multiplier")
