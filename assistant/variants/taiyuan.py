"""Taiyuan 太原立四麻将 (``taiyuan``): four tiles stood up at the start (立四) may only pung, kong
or make the wait (听); the main hand is never the waiting part.

The seed (003, l.341–347) and every decision are in ``docs/rules/taiyuan.md``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..hand import HandState
from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS, PLAIN_CARD, card_scorer
from ..scoring.patterns import WinningHand
from ..shanten import Form

SPECS: dict[str, OptionSpec] = {
    "listen_rule": OptionSpec("听牌：等待的那一组至少含一张立四 / 全是立四",
                              "the wait: the group the winning tile completes holds at least one "
                              "stood tile (any_stood), or only stood tiles (all_stood)",
                              kind="choice", choices=("any_stood", "all_stood")),
    **MONEY_SPECS,
}
#: 没有花牌 (l.341) is a table fact, not an option: a hand with a flower is refused naming it.
DEFAULTS: dict[str, Any] = {"listen_rule": "any_stood", **MONEY_DEFAULTS, "self_drawn_factor": 2,
                            "no_flowers": True}


def win_condition(state: HandState, hand: WinningHand,
                  profile: RuleProfile) -> tuple[str, str] | None:
    """立四: the winning tile completes a group made with the standing tiles."""
    win = state.win_tile
    if win is None:
        return None
    stood = Counter(state.stood)
    for _, tiles in hand.concealed_groups:
        if win not in tiles:
            continue
        others = list(tiles)
        others.remove(win)
        used = Counter(others) & stood
        if profile.option("listen_rule") == "all_stood" and sum(used.values()) == len(others):
            return None
        if profile.option("listen_rule") == "any_stood" and used:
            return None
    return ("立四：只能用立四的牌听牌，主牌不能用于听", "立四: the wait must be made with the stood "
            "tiles; the main hand cannot be the waiting part")


#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "立四听牌：用立着的一万二万听三万",
     "en": "The wait made with the standing 1m 2m",
     "hand": {"concealed": "123m456p789s12m99p", "stood": ["1m", "2m", "9p", "9p"], "win_tile": "3m"}},
)

TAIYUAN = RuleProfile(
    name="taiyuan", name_zh="太原立四麻将",
    description_en="Taiyuan 立四: 136 tiles, no flowers; four tiles stood up at the start may only "
                   "pung, kong or make the wait; they are used with the main hand, which is "
                   "never the waiting part.",
    description_zh="太原立四麻将：没有花牌；起手各四张牌立于最前面，只能用于碰、杠、听；立四的牌和主牌连用，"
                   "主牌不能用于听。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), win_condition=win_condition, examples=EXAMPLES, extra=DEFAULTS,
    extra_specs=SPECS,
    rules_summary=(
        ("立四：起手各四张牌立于最前面（stood），只能用于碰、杠、听，不能打出，也不能吃。",
         "立四: four tiles stood up at the start (`stood`) may only pung, kong or wait; never "
         "discarded or chowed."),
        ("听：和牌那一张所成的一组必须用到立四的牌；主牌不能用于听。",
         "The group the winning tile completes must use a stood tile; the main hand cannot wait."),
        ("座位：抽牌决定东南西北。计分（种子未写，按常见打法）：平和1，对对胡、清一色、七对各×2，自摸每家付两倍。",
         "Seats are drawn with the wind tiles. Score (not in the seed): plain 1, 对对胡, 清一色, "
         "七对 ×2 each, a self-draw paid double by each."),
    ),
)


#: A win is scored on the card alone.
score_taiyuan = card_scorer(PLAIN_CARD, unit="multiplier")
