"""Shaanxi 陕西麻将: every hand is worth a base of 3, raised by 炮子 bets; kongs paid at once.

The rules and every decision are in ``docs/rules/shaanxi.md``; the seed's two worked examples
are tests (``docs/rules/cases/shaanxi-*.json``). Per loser L of a win by W:
hand ``base × (2 if self-drawn) × (2 if W or L deals)`` plus 炮子 ``(p[L] + p[W]) × unit``,
the unit being the base on a discard and ``base × paozi_self_draw_factor`` on a self-draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile
from ..scoring.items import item
from ..scoring.kongs import KongRate, settle_kongs
from ..scoring.settlement import Ledger
from ..scoring.table import Table, read_hand_table
from ..shanten import ALL_FORMS
from ..tiles import HONORS

SPECS: dict[str, OptionSpec] = {
    "tiles_108": OptionSpec("108张新式打法（无风、无箭），打到最后一张",
                            "108-tile form: no winds or dragons, played to the last tile",
                            engine=lambda on: {"absent_tiles": HONORS if on else ()}),
    "walls_108": OptionSpec("108张时各家牌墙墩数（庄、下家、对家、上家）",
                            "108-tile form: stacks in the walls of dealer, 下家, 对家, 上家",
                            kind="int_list", minimum=1, maximum=30, length=4),
    "must_discard_last_tile": OptionSpec("108张时最后一张必须打出",
                                         "108-tile form: the last tile drawn must be discarded"),
    "base_score": OptionSpec("底分", "base score of every winning hand", kind="int", minimum=1),
    "paozi_max": OptionSpec("炮子上限", "most 炮子 a seat may bet", kind="int", minimum=0,
                            maximum=100),
    "paozi_self_draw_factor": OptionSpec(
        "自摸时炮子单位 = 底分 × 此数（例二：4；字面：2）",
        "炮子 unit on a self-draw = base × this (4 as the seed's example 2; 2 = literal text)",
        kind="choice", choices=(2, 4)),
    "discard_win_payers": OptionSpec("放炮时谁付：三家都付 / 放炮者包三家",
                                     "who pays a win on a discard: all three, or the discarder "
                                     "for all three", kind="choice", choices=("all", "discarder")),
    "dealer_doubles": OptionSpec("庄家翻倍（和牌分）", "the dealer's hand score is doubled, won or lost"),
    "dealer_doubles_paozi": OptionSpec("庄家翻倍也适用于炮子", "the dealer doubling also applies "
                                       "to 炮子"),
    "dealer_doubles_kongs": OptionSpec("庄家翻倍也适用于杠分", "the dealer doubling also applies "
                                       "to kong payments"),
    "settlement": OptionSpec("结算方式：逐家计算 / 例一字面（三家均付和牌者总分）",
                             "settlement: per loser, or the literal example 1 (each loser pays the "
                             "winner's whole 炮子 total)", kind="choice",
                             choices=("per_loser", "flat_total")),
    "kongs_stand_on_draw": OptionSpec("荒庄时杠分照付", "kong payments stand in a drawn hand"),
    "huangzhuang_stacks": OptionSpec("荒庄留墩数（按杠数）", "stacks left that end the hand as a "
                                     "draw, by kongs made", kind="stacks"),
    "wall_direction": OptionSpec("抓牌方向（牌墙用完转入下家或上家的牌墙）",
                                 "direction of the deal: counterclockwise continues into the 下家's "
                                 "wall, clockwise into the 上家's", kind="choice",
                                 choices=("counterclockwise", "clockwise")),
}

DEFAULTS: dict[str, Any] = {
    "tiles_108": False, "walls_108": (14, 13, 14, 13), "must_discard_last_tile": False,
    "base_score": 3, "paozi_max": 4, "paozi_self_draw_factor": 4, "discard_win_payers": "all",
    "dealer_doubles": True, "dealer_doubles_paozi": False, "dealer_doubles_kongs": False,
    "settlement": "per_loser", "kongs_stand_on_draw": True,
    "huangzhuang_stacks": {0: 13, 1: 7, 2: 8, 3: 13}, "wall_direction": "counterclockwise",
    # Table procedure facts (not options).
    "dice": "two_throws", "wall_stacks": 17,
    "dice_sayings": {13: "五八（七六）十三，两把抓干", 16: "七九十六，两头凑（拐头肉）",
                     12: "五七十二，两把一带", 9: "四五（三六）九，一家一手（家家有）",
                     11: "七四十一，三手齐"},
}

SHAANXI = RuleProfile(
    name="shaanxi", name_zh="陕西麻将",
    description_en="Shaanxi: 136 tiles (or 108 without honours, played to the last tile); any "
                   "complete hand wins, 十三幺/七对/全不靠/组合龙 too, all with a base of 3; 炮子 "
                   "bets 0-4; kongs paid at once; the dealer's gains and losses doubled; one "
                   "winner per hand (截和).",
    description_zh="陕西麻将：136张（或无字牌的108张，打到最后一张）；基本牌型及十三幺、七对、全不靠、"
                   "组合龙均可和，底分一律3分；下炮子0-4个；杠分立即收取；庄家得失翻倍；每盘只许一人和"
                   "（截和）。",
    forms=ALL_FORMS, chow_allowed=True, multiple_winners=False, kong_robbable=True,
    extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("牌：136张（东南西北中发白、万筒条），两枚骰子；或108张无字牌，打到最后一张。",
         "Tiles: 136 (winds, dragons, three suits), two dice; or 108 without honours, played to "
         "the last tile."),
        ("和牌：基本牌型（4组+1对）及十三幺、七对、全不靠、组合龙，底分均为3分。",
         "Wins: four sets and a pair, or 十三幺, 七对, 全不靠, 组合龙; every hand has a base of 3."),
        ("炮子：庄家出牌前每家可下0-4个。和牌者得(3×自己炮子+三家炮子)×3；未和者付(自己+和牌者炮子)×3；"
         "自摸时炮子单位为12（例二）。",
         "炮子: each seat bets 0-4 before the dealer's first discard. Each loser pays (own + "
         "winner's bets) × 3, × 12 on a self-draw (the seed's example 2)."),
        ("和牌分：自摸每家付6分，放炮每家付3分；庄家得失翻倍。",
         "Win: self-draw 6 from each, a win on a discard 3 from each; the dealer's gains and "
         "losses doubled."),
        ("杠分（立即）：明杠（加杠）每家3分，暗杠每家6分，放杠由放杠者付6分。",
         "Kongs (paid at once): 明杠 (added) 3 from each, 暗杠 6 from each, 放杠 6 from the "
         "discarder."),
        ("每盘只许一人和；多人要和时离放炮者最近者和（截和）。",
         "One winner per hand: the nearest seat after the discarder wins (截和)."),
        ("荒庄：无杠剩13墩，一杠7墩，二杠8墩，三杠以上13墩；庄家和牌或荒庄连庄，否则下家坐庄。",
         "Draw: 13 stacks left with no kong, 7 with one, 8 with two, 13 with three or more; the "
         "dealer keeps the deal on a win or a draw, else his 下家 deals."),
        ("开牌：庄家掷骰定第二掷骰人（1、5、9自己，2、6、10下家，3、7、11对家，4、8、12上家），"
         "两次点数之和为跳过的墩数。",
         "Deal: the dealer's throw picks the second thrower's wall (1/5/9 own, 2/6/10 下家, 3/7/11 "
         "对家, 4/8/12 上家); the two sums added are the stacks skipped."),
    ),
)

KONG_NAMES = {"jia": ("明杠", "Added kong (明杠), base from each"),
              "an": ("暗杠", "Concealed kong, 2 × base from each"),
              "zhi": ("放杠", "Kong on a discard (放杠), 2 × base from the discarder")}


def kong_rates(profile: RuleProfile) -> dict[str, KongRate]:
    """明杠 1 × base from each, 暗杠 2 × base from each, 放杠 2 × base from the discarder."""
    b = profile.option("base_score")
    return {"jia": KongRate(*KONG_NAMES["jia"], b, "each"),
            "an": KongRate(*KONG_NAMES["an"], 2 * b, "each"),
            "zhi": KongRate(*KONG_NAMES["zhi"], 2 * b, "discarder")}


def settle_shaanxi_kongs(ledger: Ledger, table: Table,
                         profile: RuleProfile) -> dict[str, list[dict[str, Any]]]:
    """Pay every kong of the hand at once (doubled to/from the dealer with dealer_doubles_kongs)."""
    o = profile.extra
    return settle_kongs(ledger, table, kong_rates(profile),
                        _dealer_factor(table, o["dealer_doubles"] and o["dealer_doubles_kongs"]))


def _dealer_factor(table: Table, enabled: bool) -> Callable[[str, str], int]:
    """× 2 on a payment to or from the dealer, when ``enabled``."""
    def factor(a: str, b: str) -> int:
        return 2 if enabled and table.dealer in (a, b) else 1
    return factor


def read_shaanxi_table(state: HandState | None, profile: RuleProfile,
                       data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table of a Shaanxi hand (bets 0 to ``paozi_max``)."""
    return read_hand_table(state, profile, data, need_seat, max_bet=profile.option("paozi_max"))


def score_shaanxi(state: HandState, profile: RuleProfile,
                  readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Shaanxi win: items, the winner's gross total and every seat's net payment."""
    o = profile.extra
    table = read_shaanxi_table(state, profile)
    winner = table.seat
    assert winner is not None
    b, bets, self_drawn = o["base_score"], table.bets, table.self_drawn
    s = 2 if self_drawn else 1
    unit = b * o["paozi_self_draw_factor"] if self_drawn else b
    doubled = _dealer_factor(table, o["dealer_doubles"])
    paozi_doubled = _dealer_factor(table, o["dealer_doubles"] and o["dealer_doubles_paozi"])
    ledger = Ledger()
    kong_items = settle_shaanxi_kongs(ledger, table, profile)
    hand = {L: b * s * doubled(L, winner) for L in table.others}
    if o["settlement"] == "flat_total":
        whole = (3 * bets[winner] + sum(bets[L] for L in table.others)) * unit
        paozi = {L: whole * paozi_doubled(L, winner) for L in table.others}
    else:
        paozi = {L: (bets[L] + bets[winner]) * unit * paozi_doubled(L, winner) for L in table.others}
    payers_mode = o["discard_win_payers"] if not self_drawn else "all"
    for L in table.others:
        payer = table.discarder if payers_mode == "discarder" else L
        ledger.pay(payer, winner, hand[L] + paozi[L], "win")
    items = _win_items(self_drawn, b * s * 3, sum(hand.values()), sum(paozi.values()),
                       o["settlement"] == "flat_total", table.discarder)
    items += kong_items.get(winner, [])
    return {
        "variant": profile.name, "items": items, "total": sum(i["value"] for i in items),
        "unit": "points", "winner": winner, "dealer": table.dealer,
        "breakdown": {L: {"hand": hand[L], "paozi": paozi[L]} for L in table.others},
        "hand_form": readings[0].form.value,
        **ledger.to_json(), "assumed": table.assumed,
    }


def _win_items(self_drawn: bool, plain: int, hand: int, paozi: int, flat: bool,
               discarder: str | None) -> list[dict[str, Any]]:
    event = "self_drawn" if self_drawn else f"discard by {discarder}"
    if flat:
        items = [item("和牌得分", "Win score incl. dealer doubling, from each of three", hand,
                      event=event)]
    else:
        items = [item("自摸", "Self-drawn win, 2 × base from each", plain, event=event)
                 if self_drawn else
                 item("放炮和牌", "Win on a discard, base from each", plain, event=event)]
        if hand > plain:
            items.append(item("庄家翻倍", "Dealer doubling", hand - plain, event="dealer"))
    if paozi:
        items.append(item("下炮子", "Paozi bets", paozi, event="bets"))
    return items
