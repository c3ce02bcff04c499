"""Fujian 福建麻将 (``fujian``): 百搭 from the tile turned at the kong end — 活动 or 带弟.

The seed (003, l.129) and every decision are in ``docs/rules/fujian.md``. 活动百搭: the turned
tile's kind is wild and a 白板 counts as that kind; 带弟百搭: the tile after it is wild (九万 →
一万, 北 → 中). The seed names no scores, so the plain card is played.
"""

from __future__ import annotations

from typing import Any

from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import JOKER_CARD, MONEY_DEFAULTS, MONEY_SPECS, PLAIN_CARD
from ..scoring.wild_hands import wild_card_scorer
from ..shanten import Form


def _mode(mode: str) -> dict[str, Any]:
    """The engine switches of each 百搭: 活动 (the turned kind, 白板 for it) or 带弟 (the next)."""
    if mode == "huodong":
        return {"wild_indicator": "same", "white_stands_in": True}
    return {"wild_indicator": "next", "white_stands_in": False}


SPECS: dict[str, OptionSpec] = {
    "baida": OptionSpec("百搭：活动百搭（翻开的牌，白板代替） / 带弟百搭（下一张）", "百搭: the "
                        "turned kind, a 白板 standing in for it (huodong), or the tile after it "
                        "(daidi)", kind="choice", choices=("huodong", "daidi"), engine=_mode),
    **MONEY_SPECS,
}
DEFAULTS: dict[str, Any] = {"baida": "huodong", **MONEY_DEFAULTS}

EXAMPLES = (
    {"zh": "活动百搭：翻出三万，三万是百搭，白板当三万", "en": "活动百搭: 3m turned, 3m wild, "
     "白板 counts as 3m",
     "hand": {"concealed": "12mP456p3m789s11s9p", "indicator": "3m", "win_tile": "9p",
              "melds": []}},
)

FUJIAN = RuleProfile(
    name="fujian", name_zh="福建麻将（百搭）",
    description_en="Fujian 百搭: a tile is turned at the kong end; 活动百搭 — its kind is wild, "
                   "a 白板 counts as that kind; 带弟百搭 (option) — the tile after it is wild "
                   "(9 → 1; E S W N C F P round).",
    description_zh="福建麻将百搭：开牌时将杠尾的一张牌翻开。活动百搭：该牌就是百搭，白板可代替该张翻开的牌；"
                   "带弟百搭（选项）：翻开的下一张是百搭（九一相连，东南西北中发白首尾相连）。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), wild_indicator="same", white_stands_in=True,
    examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("活动百搭：开牌时将杠尾的一张牌翻开，该牌就是百搭，白板可以代替该张翻开的牌（当那张牌本身用）。",
         "活动百搭: the tile turned at the kong end is wild; a 白板 stands for that tile's own "
         "kind (as a natural tile)."),
        ("带弟百搭（选项 baida = daidi）：翻开三万则四万是百搭；九万 → 一万；"
         "东南西北中发白首尾相连，北 → 中。",
         "带弟百搭 (option baida = daidi): 3m turned makes 4m wild; 9m → 1m; E S W N C F P "
         "round, N → C."),
        ("计分（种子未写）：平和1，对对胡、清一色、七对各×2。", "Score (the seed gives none): a win "
         "1; 对对胡, 清一色, 七对 ×2 each."),
    ),
)


#: A win is scored on the plain card, each 百搭 as what it stands for; with the special jokers
#: (特别百搭) on the plain card in 番, each flower held a 花 worth two.
score_fujian = wild_card_scorer(PLAIN_CARD, JOKER_CARD)
