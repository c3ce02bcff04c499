"""Lianzhou 连州麻将 (``lianzhou``): the 王 is the tile before the turned one; 七小对 wins.

The seed (003, l.337–341) and every decision are in ``docs/rules/lianzhou.md``: 一万 turned up
makes 九万 the 王 (the previous tile, 1 → 9); the 2万–8万 removal is an option (then 九万 → 一万
too); the seed names no scores, so the plain card is played.
"""

from __future__ import annotations

from typing import Any

from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import JOKER_CARD, MONEY_DEFAULTS, MONEY_SPECS, PLAIN_CARD
from ..scoring.wild_hands import wild_card_scorer
from ..shanten import Form

SPECS: dict[str, OptionSpec] = {
    "short_set": OptionSpec("减二万至八万", "2万–8万 removed (有时候会减二万至八万)",
                            engine=lambda on: {"three_player": on}),
    **MONEY_SPECS,
}
DEFAULTS: dict[str, Any] = {"short_set": False, **MONEY_DEFAULTS}

EXAMPLES = (
    {"zh": "翻出一万，九万是王；王补四五筒成顺", "en": "1m turned up: 9m is the 王, completing a "
     "chow with 4p 5p",
     "hand": {"concealed": "123m45p9m789s234s5s", "indicator": "1m", "win_tile": "5s"}},
    {"zh": "七小对，王配一对", "en": "Seven pairs, the 王 pairing",
     "hand": {"concealed": "11m33m55p77pEECC9m", "indicator": "1m", "win_tile": "F"}},
)

LIANZHOU = RuleProfile(
    name="lianzhou", name_zh="连州麻将",
    description_en="Lianzhou: a tile turned up from the last stack; the tile before it is the 王 "
                   "(wild): 一万 → 九万; 七小对 wins; 2万–8万 may be removed.",
    description_zh="连州麻将：在最尾的一墩牌里反一只牌，其上一张为「王」（反出一万则九万当王）；七小对也可胡；"
                   "有时减去二万至八万。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), wild_indicator="previous", examples=EXAMPLES,
    extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("反「王」：在最尾的一墩牌里反一只牌，其上一张为王（一万 → 九万，字牌按东南西北中发白倒数），"
         "王可当任何牌。",
         "反王: a tile is turned from the last stack; the tile before it is the 王 (1m → 9m; "
         "honours counted back along E S W N C F P), standing for any tile."),
        ("和牌：四组一对，或七小对。有时减去二万至八万（选项）。计分按常见打法：平和1，对对胡、清一色、七小对各×2。",
         "A win: four sets and a pair, or seven pairs. 2万–8万 may be removed (an option). Score "
         "as commonly played: a win 1, 对对胡, 清一色, 七小对 ×2 each."),
    ),
)


#: A win is scored on the plain card, each 王 as what it stands for; with the special jokers
#: (特别百搭) on the plain card in 番, each flower held a 花 worth two.
score_lianzhou = wild_card_scorer(PLAIN_CARD, JOKER_CARD)
