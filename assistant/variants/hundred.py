"""百张麻将 (``hundred``): the seed's 100-tile note — no 万, pungs only, self-drawn wins only.

Its region is not named in the seed (it follows the Sichuan notes); the rules, the sentences and
the decisions are in ``docs/rules/hundred.md``. A win is worth ``base × multiplier`` from each of
the three: 推倒和 ×1, 对对和 ×2, 混一色 ×2, 混对对 ×4, 清一色 ×4, 清对对 ×4; 清一色全对 12 points.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.fan_table import Combo, Entry, FanTable, best_reading
from ..scoring.kongs import KongRate, settle_kongs
from ..scoring.patterns import Win, is_full_flush, winning_hands
from ..scoring.settlement import Ledger
from ..scoring.table import Table, read_hand_table
from ..shanten import Form

CHARACTERS = tuple(f"{n}m" for n in range(1, 10))

SPECS: dict[str, OptionSpec] = {
    "base": number("底分（每家）", "points each payer owes a 推倒和", 10000, 1),
    "discard_wins": OptionSpec("允许点炮和（字面：只许自摸）", "wins on a discard are allowed, "
                               "several on one (the seed: only self-drawn wins)"),
    "robbed_pays": OptionSpec("被抢杠者（算出冲）付：三家的份 / 一份", "the seat whose kong is "
                              "robbed (出冲) pays all three shares, or one", kind="choice",
                              choices=("three_shares", "one_share")),
    "gang_zhi": number("杠谁的谁多输（直杠）", "a kong on a discard: its discarder pays this", 100),
    "gang_an": number("暗杠每家输", "a concealed kong: each of the three pays this", 100),
    "gang_jia": number("加杠每家输（种子未写）", "an added kong: each of the three pays this "
                           "(the seed is silent)", 100),
    "quandui_points": number("清一色全对（七对）分数", "points of 清一色全对 (one-suit seven "
                                 "pairs), from each", 10000),
}

DEFAULTS: dict[str, Any] = {
    "base": 1, "discard_wins": False, "robbed_pays": "three_shares", "gang_zhi": 3, "gang_an": 2,
    "gang_jia": 1, "quandui_points": 12, "kongs_stand_on_draw": True,
    "dice": "one_throw", "wall_stacks": 25,
    # 轮庄 (l.215): the deal passes to the 下家 after every hand, won by the dealer or not.
    "next_dealer": "rotate",
}

#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "推倒和：只许自摸",
     "en": "Plain win, self-drawn only",
     "hand": {"concealed": "123p456p789s234sE", "win_tile": "E", "context": {"self_drawn": True}}},
    {"zh": "混对对 ×4",
     "en": "Half flush all pungs ×4",
     "hand": {"concealed": "111p555p999pEEEC", "win_tile": "C", "context": {"self_drawn": True}}},
)

HUNDRED = RuleProfile(
    name="hundred", name_zh="百张麻将（无万）",
    description_en="The seed's 100-tile game (region not named): winds, dragons, 筒 and 条; pung "
                   "and kong but no chow; self-drawn wins only; 推倒和 ×1, 对对和 ×2, 混一色 ×2, "
                   "清一色 ×4, 混对对 ×4, 清对对 ×4; 清一色全对 12; a robbed kong counts as 出冲.",
    description_zh="百张麻将（种子未写地区）：东南西北中发白、1-9筒、1-9条共100张；只许碰不许吃，只许自摸；"
                   "推倒和、对对和×2、混一色×2、清一色×4、混对对×4、清对对×4；清一色全对12点；被抢杠算出冲。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), absent_tiles=CHARACTERS, chow_allowed=False,
    multiple_winners=True, kong_robbable=True, examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("牌：100张（去掉万子），只许碰、杠，不许吃；只许自摸，不许点炮和（可选）。",
         "Tiles: 100 (no 万); pung and kong, no chow; self-drawn wins only (an option allows "
         "wins on a discard)."),
        ("倍数：推倒和（屁和）×1、对对和×2、混一色×2、清一色×4、混对对×4、清对对×4；清一色全对12点。",
         "Multipliers: 推倒和 ×1, 对对和 ×2, 混一色 ×2, 清一色 ×4, 混对对 ×4, 清对对 ×4; "
         "清一色全对 (one-suit seven pairs) 12."),
        ("杠：杠谁的谁多输3点；暗杠三家每家输2点。被抢杠算出冲（被抢者包三家）。",
         "Kongs: the discarder of a konged tile pays 3; a concealed kong 2 from each. A robbed "
         "kong counts as 出冲: the robbed seat pays all three shares."),
    ),
)

#: The card: multipliers multiplied; 清对对 is ×4, not 清一色 × 对对和; 全对 is a fixed 12.
TABLE = FanTable(
    entries=(
        Entry("all_pungs", 2), Entry("half_flush", 2), Entry("full_flush", 4),
        Entry("seven_pairs", "quandui_points", limit=True, name_zh="清一色全对",
              name_en="One-suit seven pairs (12 points)"),
    ),
    combine="multiply", fallback=Entry("chicken", 1, name_zh="推倒和（屁和）",
                                       name_en="Plain win (×1)"),
    combos=(Combo(("full_flush", "all_pungs"), "清对对", "Full-flush all pungs (×4)", 4),
            Combo(("half_flush", "all_pungs"), "混对对", "Half-flush all pungs (×4)")),
)


def kong_rates(profile: RuleProfile) -> dict[str, KongRate]:
    """杠谁的谁多输 3, 暗杠 2 from each, 加杠 from each (an option)."""
    o = profile.extra
    return {"zhi": KongRate("杠（放杠者付）", "Kong on a discard, from its discarder", o["gang_zhi"],
                            "discarder"),
            "an": KongRate("暗杠", "Concealed kong, from each", o["gang_an"]),
            "jia": KongRate("加杠", "Added kong, from each", o["gang_jia"])}


def settle_hundred_kongs(ledger: Ledger, table: Table,
                         profile: RuleProfile) -> dict[str, list[dict[str, Any]]]:
    """Pay every kong of the hand at once."""
    return settle_kongs(ledger, table, kong_rates(profile))


def read_hundred_table(state: HandState | None, profile: RuleProfile,
                       data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table: a win on a discard is refused unless ``discard_wins`` allows it."""
    table = read_hand_table(state, profile, data, need_seat, max_bet=0)
    if (state is not None and table.seat is not None and not state.self_drawn
            and not state.robbing_kong and not profile.option("discard_wins")):
        raise MahjongError(f"{profile.name}: only self-drawn wins (只允许自摸不允许吃糊); set the "
                           "option discard_wins = true to allow wins on a discard", "self_drawn")
    return table


def score_hundred(state: HandState, profile: RuleProfile, readings: list[Decomposition],
                  card: FanTable = TABLE) -> dict[str, Any]:
    """Score a win: the multiplier (or 全对's points), each payer's share and the kong money;
    ``card`` is the card (the 136-tile 推倒和 brings its own)."""
    table = read_hundred_table(state, profile)
    winner = table.seat
    assert winner is not None
    # 全对 wins only in one suit: a mixed seven-pairs reading is not a hand of this game.
    hands = winning_hands(state, readings)
    if card is TABLE and all(h.form is Form.SEVEN_PAIRS for h in hands) and not is_full_flush(
            hands[0]):
        raise MahjongError("hundred: seven pairs win only as 清一色全对 (one suit)", "seven_pairs")
    scored, hand = best_reading(state, readings, card, Win.of(state, winner == table.dealer),
                                profile.extra)
    share = scored.total if scored.limit else scored.worth(profile.option("base"))
    ledger = Ledger()
    kong_items = settle_hundred_kongs(ledger, table, profile)
    if state.robbing_kong:
        assert table.discarder is not None
        shares = 3 if profile.option("robbed_pays") == "three_shares" else 1
        ledger.pay(table.discarder, winner, share * shares, "robbed kong (出冲)")
    elif state.self_drawn:
        ledger.pay_each(table.others, winner, share, "self-drawn")
    else:
        assert table.discarder is not None
        ledger.pay(table.discarder, winner, share, "win on a discard")
    return {
        "variant": profile.name, "items": scored.items, "total": scored.total,
        "limit": scored.limit, "points": share, "unit": "points" if scored.limit else "multiplier",
        "winner": winner, "dealer": table.dealer, "kong_items": kong_items.get(winner, []),
        "hand_form": hand.form.value, **ledger.to_json(), "assumed": table.assumed,
    }
