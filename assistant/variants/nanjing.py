"""Nanjing 南京麻将 (``nanjing``): 20 flowers (the dragons among them), 八枝 to win, no chow, one
claimed pung at most; the hand's 花 (flowers and the base) doubled by its patterns.

The seed's notes (003, l.157–167) and every decision are in ``docs/rules/nanjing.md``.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS, pay_win, read_card_table
from ..scoring.fan_table import Entry, FanTable, best_reading
from ..scoring.items import item
from ..scoring.patterns import Win, WinningHand, longest_suit
from ..scoring.settlement import Ledger
from ..shanten import Form
from ..tiles import DRAGONS, is_honor

SPECS: dict[str, OptionSpec] = {
    "dice": OptionSpec("掷骰：两颗骰掷两次（第二次点数起抓）/ 九自手（一次，小点起抓）",
                       "the dice: two throws, the second thrower's count (second_throw), or one "
                       "throw, the smaller die the stack (sum_and_smaller, 九自手)",
                       kind="choice", choices=("second_throw", "sum_and_smaller")),
    "base": number("底花", "the base 花 of every win", 100, 0),
    "max_claimed_pungs": number("最多碰几次（只能碰一对）", "pungs that may be claimed (只能碰一对: 1)",
                                4),
    **{k: v for k, v in MONEY_SPECS.items() if k != "base"},
}
DEFAULTS: dict[str, Any] = {"dice": "second_throw", "max_claimed_pungs": 1, **MONEY_DEFAULTS,
                            "base": 2, "self_drawn_factor": 2, "wall_stacks": 18}


def win_condition(state: HandState, hand: WinningHand,
                  profile: RuleProfile) -> tuple[str, str] | None:
    """和牌：不许吃牌只能碰一对，必须有八枝."""
    if longest_suit(hand)[1] < 8:
        return ("南京：和牌必须有八枝（一门八张以上）", "Nanjing: a win needs 八枝, eight or more "
                "tiles of one suit")
    claimed = sum(1 for m in state.melds if m.type == "pung" and not m.concealed)
    if claimed > profile.option("max_claimed_pungs"):
        return ("南京：只能碰一对", f"Nanjing: at most {profile.option('max_claimed_pungs')} "
                "claimed pung")
    return None


def _simples(hand: WinningHand, state: HandState) -> bool:
    """断幺九 as the seed has it: no 1 or 9, no wind and no flower."""
    return not state.bonus and not any(is_honor(t) or t[0] in "19" for t in hand.tiles)


#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "八枝，两张花",
     "en": "Eight of a suit, two flowers",
     "hand": {"concealed": "123456789m11pSS", "win_tile": "S", "bonus": ["C", "1f"]}},
    {"zh": "混一色翻倍",
     "en": "Half flush doubles",
     "hand": {"concealed": "123456789m11mSS", "win_tile": "S", "bonus": ["C"]}},
)

NANJING = RuleProfile(
    name="nanjing", name_zh="南京麻将",
    description_en="Nanjing: 144 tiles with 20 flowers (the 8 flowers and the 12 dragons), "
                   "replaced when drawn; 八枝 (eight of one suit) to win; no chow and one "
                   "claimed pung at most; 花 (the base and each flower) doubled by the patterns.",
    description_zh="南京麻将：20张花牌（八张花加中发白），摸到补花；和牌必须有八枝；不许吃牌，只能碰一对；"
                   "底花加花数，按牌型翻倍。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), absent_tiles=DRAGONS, chow_allowed=False,
    multiple_winners=False, dragons_as_flowers=True, win_condition=win_condition,
    examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("花牌：共20张，中发白也算花，所以没有大三元、大四喜之类的和法；摸到花牌补花。",
         "Flowers: 20, the dragons among them (so no 大三元 or 大四喜); a flower drawn is replaced."),
        ("和牌：不许吃牌，只能碰一对，必须有八枝（一门花色八张以上）。",
         "A win: no chow, one claimed pung at most, and 八枝 — eight or more tiles of one suit."),
        ("计分（种子只写断幺九，其余按常见打法）：底花2加每张花1；断幺九、清一色、混一色、对对胡、七对、杠上开花各翻一倍；"
         "自摸每家付两倍。",
         "Score (the seed names only 断幺九; the rest as commonly played): base 2 花 plus 1 a "
         "flower; 断幺九, 清一色, 混一色, 对对胡, 七对, 杠上开花 each double it; a self-draw paid "
         "double by each."),
        ("掷骰：两颗骰掷两次，第二次掷骰者门前按第二次点数起抓；或九自手（一次，大小点）。",
         "Dice: two throws, the second thrower's wall, counted by the second throw; or 九自手."),
    ),
)

TABLE = FanTable(
    entries=(Entry("full_flush", 1), Entry("half_flush", 1), Entry("all_pungs", 1),
             Entry("seven_pairs", 1), Entry("kong_flower", 1)),
    combine="fan",
)


def score_nanjing(state: HandState, profile: RuleProfile,
                  readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Nanjing win: 花 = base + flowers, doubled once per pattern, per payer."""
    table = read_card_table(state, profile)
    winner = table.seat
    assert winner is not None
    flowers = state.flower_count

    def own(hand: WinningHand) -> list[dict[str, Any]]:
        return ([item("断幺九", "All simples, no flower (doubles)", 1, tiles=sorted(hand.tiles))]
                if _simples(hand, state) else [])
    scored, hand = best_reading(state, readings, TABLE, Win.of(state, winner == table.dealer),
                                profile.extra, own)
    hua = profile.option("base") + flowers
    share = scored.worth(hua) * (profile.option("self_drawn_factor") if state.self_drawn else 1)
    ledger = Ledger()
    pay_win(ledger, table, winner, share, profile.option("dealer_factor"))
    items = [item("底花", "Base 花", profile.option("base"), event="base")]
    if flowers:
        items.append(item("花", "Flowers, one 花 each", flowers, tiles=list(state.bonus)))
    return {"variant": profile.name, "items": items + scored.items, "hua": hua,
            "total": scored.total, "points": share, "unit": "花 × 2^fan", "winner": winner,
            "dealer": table.dealer, "hand_form": hand.form.value, **ledger.to_json(),
            "assumed": table.assumed}
