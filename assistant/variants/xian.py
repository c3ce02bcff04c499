"""Xi'an 西安麻将: fixed multiples of a base (基数) by how the hand was won, bets per seat.

The rules and decisions are in ``docs/rules/xian.md`` (the seed has no scored example; the
constructed cases are ``docs/rules/cases/xian-*.json``). Per loser: the win ``m × base × g``
(m: 自摸 2, 夹张/单调自摸 3, 胡 1, 夹张/单调胡 2; g: 杠后开花 ×2, 天胡 ×3) plus the bets
``(p[W] + p[L]) × bet_unit``, doubled on a self-draw; 暗杠 2 × base and 明杠 1 × base from each.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile
from ..scoring.items import item
from ..scoring.kongs import KongRate, settle_kongs
from ..scoring.patterns import WinningHand, wait_shapes, winning_hands
from ..scoring.readings import wait_tiles
from ..scoring.settlement import Ledger
from ..scoring.table import Table, read_hand_table
from ..shanten import Form

SPECS: dict[str, OptionSpec] = {
    "base": OptionSpec("基数", "the base (基数) every multiple is of", kind="int", minimum=1),
    "bet_unit": OptionSpec("每注分数", "points per bet", kind="int", minimum=1),
    "bets_max": OptionSpec("下注上限（null = 不限）", "most bets a seat may place (null: no "
                           "maximum, as in the seed)", kind="int_or_null", minimum=0),
    "bets_self_draw_factor": OptionSpec("自摸时注数倍数", "bets are multiplied by this on a "
                                        "self-draw (自摸时，注数翻一倍)", kind="int", minimum=1),
    "multipliers_apply_to_bets": OptionSpec("杠后开花/天胡的倍数也乘下注",
                                            "杠后开花 and 天胡 also multiply the bets"),
    "discard_win_payers": OptionSpec("胡牌时谁付：三家都付 / 放炮者包三家",
                                     "who pays a win on a discard: all three, or the discarder "
                                     "for all three (bets stay per seat)", kind="choice",
                                     choices=("all", "discarder")),
    "ming_gang_payers": OptionSpec("明杠谁付：三家各付1倍 / 放杠者付3倍",
                                   "who pays a 明杠 on a discard: each of the three 1 × base, or "
                                   "the discarder 3 × base", kind="choice",
                                   choices=("all", "discarder")),
    "allow_added_kong": OptionSpec("允许加杠（按明杠计分）", "an added kong (加杠) is allowed, "
                                   "scored as 明杠"),
    "jia_dandiao_single_wait_only": OptionSpec(
        "只有单听一张时才算夹张/单调", "夹张/单调 count only when the hand waited on that one tile"),
    "tian_hu_mode": OptionSpec("天胡：自摸分×3 / 共3倍基数",
                               "天胡: three times the self-draw score, or 3 × base in all",
                               kind="choice", choices=("multiply", "flat")),
    "kongs_stand_on_draw": OptionSpec("荒牌时杠分照付", "kong payments stand in a drawn hand"),
    "huangzhuang_stacks": OptionSpec("荒牌留墩数（按杠数）", "stacks left that end the hand as a "
                                     "draw, by kongs made", kind="stacks"),
    "seat_method": OptionSpec("定座位的方法 A/B/C", "how seats are drawn: A one throw, B everyone "
                              "throws, C draw the wind tiles", kind="choice",
                              choices=("A", "B", "C")),
    "wall_direction": OptionSpec("起牌方向（不够时转入下家或上家的牌墙）",
                                 "direction of the deal: counterclockwise continues into the 下家's "
                                 "wall, clockwise into the 上家's", kind="choice",
                                 choices=("counterclockwise", "clockwise")),
}

DEFAULTS: dict[str, Any] = {
    "base": 1, "bet_unit": 1, "bets_max": None, "bets_self_draw_factor": 2,
    "multipliers_apply_to_bets": False, "discard_win_payers": "all", "ming_gang_payers": "all",
    "allow_added_kong": True, "jia_dandiao_single_wait_only": False, "tian_hu_mode": "multiply",
    "kongs_stand_on_draw": True, "huangzhuang_stacks": {0: 13, 1: 7, 2: 8, 3: 13},
    "seat_method": "C", "wall_direction": "counterclockwise",
    "dice": "two_throws", "wall_stacks": 17,
    # 补牌 from the last stack: "明杠上面，暗杠下面" (seed 002, 三.8).
    "kong_replacement_layer": {"zhi": "upper", "jia": "upper", "an": "lower"},
    # The deal: three rounds of four tiles, then "由坐庄者再起两张牌（上面相邻的两张），
    # 其余三人按顺序再起一张" (三.4).
    "deal_finish": "two_tops",
}

XIAN = RuleProfile(
    name="xian", name_zh="西安麻将",
    description_en="Xi'an: 136 tiles; four sets and a pair only; chows from the 上家; win over "
                   "pung/kong over chow, the nearest seat wins; bets per seat, doubled on a "
                   "self-draw; 自摸 2×, 夹张/单调自摸 3×, 胡 1×, 夹张/单调胡 2× the base; 暗杠 2×, "
                   "明杠 1×; 杠后开花 doubles, 天胡 triples.",
    description_zh="西安麻将：136张；只有基本和型；可吃上家；胡>碰杠>吃，多人胡时离放炮者最近者胡；"
                   "每家下注，自摸注数翻倍；自摸2倍、夹张单调自摸3倍、胡1倍、夹张单调胡2倍基数；暗杠2倍、"
                   "明杠1倍；杠后开花翻二倍，天胡三倍。",
    forms=(Form.REGULAR,), chow_allowed=True, multiple_winners=False, kong_robbable=False,
    extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("牌：136张，两只骰子，每家17墩。", "Tiles: 136, two dice, 17 stacks per wall."),
        ("和牌：一对将头加四组顺子或刻子（字牌不成顺子）。",
         "Win: a pair and four chows or pungs (honours make no chows)."),
        ("吃碰：只能吃上家；胡牌优先，碰杠优先于吃；多人胡时离放炮者最近者胡。",
         "Claims: chow only from the 上家; win beats pung/kong beats chow; the nearest seat to "
         "the discarder wins."),
        ("下注：掷骰前每家定注；赢家从每家收(自己注+该家注)，自摸翻倍。",
         "Bets: declared before the dice; the winner gets (own + that seat's bets) from each "
         "seat, doubled on a self-draw."),
        ("记分：自摸2倍基数，夹张/单调自摸3倍；胡牌1倍，夹张/单调胡2倍；不分庄闲。",
         "Score: self-draw 2 × base, 夹张/单调 self-draw 3×; win on a discard 1×, 夹张/单调 2×; "
         "no dealer doubling."),
        ("杠：暗杠每家2倍基数，明杠每家1倍。杠后开花翻二倍，天胡三倍。",
         "Kongs: 暗杠 2 × base from each, 明杠 1×. 杠后开花 doubles the win, 天胡 triples it."),
        ("荒牌：无杠剩13墩，一杠7墩，二杠8墩，三杠以上13墩；庄家赢或荒牌连庄，否则下家坐庄。",
         "Draw: 13 stacks left with no kong, 7 with one, 8 with two, 13 with three or more; the "
         "dealer keeps the deal on a win or a draw, else his 下家 deals."),
        ("开牌：庄家掷骰数到起牌的一家，该家再掷，两数之和为起牌墩数。",
         "Deal: the dealer's throw picks the wall, its owner throws, the two sums added are the "
         "stacks skipped."),
    ),
)


def kong_rates(profile: RuleProfile) -> dict[str, KongRate]:
    """暗杠 2 × base from each; 明杠 (and an allowed 加杠) 1 × base from each, or 3 × base
    from the discarder with ``ming_gang_payers = "discarder"``."""
    b = profile.option("base")
    ming = "discarder_all" if profile.option("ming_gang_payers") == "discarder" else "each"
    rates = {"an": KongRate("暗杠", "Concealed kong, 2 × base from each", 2 * b, "each"),
             "zhi": KongRate("明杠", "Exposed kong, base from each", b, ming)}
    if profile.option("allow_added_kong"):
        rates["jia"] = KongRate("明杠", "Added kong (scored as 明杠), base from each", b, "each")
    return rates


def settle_xian_kongs(ledger: Ledger, table: Table,
                      profile: RuleProfile) -> dict[str, list[dict[str, Any]]]:
    """Pay every kong of the hand at once: 暗杠 2 × base, 明杠 1 × base (no dealer doubling)."""
    return settle_kongs(ledger, table, kong_rates(profile))


def read_xian_table(state: HandState | None, profile: RuleProfile,
                    data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table of a Xi'an hand; an added kong is refused unless allowed."""
    table = read_hand_table(state, profile, data, need_seat, max_bet=profile.option("bets_max"))
    added = any(k.kind == "jia" for k in table.kongs) or bool(
        state and any(m.added_kong for m in state.melds))
    if added and not profile.option("allow_added_kong"):
        raise MahjongError("xian: an added kong (加杠) is not allowed with allow_added_kong = false",
                           "jia")
    return table


def wait_shape(state: HandState, profile: RuleProfile, hands: list[WinningHand]) -> str | None:
    """``closed`` (夹张) or ``pair`` (单调) if a reading of the hand allows it (the most
    favourable reading counts), else ``None``."""
    shapes: set[str] = set()
    for h in hands:
        shapes |= wait_shapes(h)
    if not shapes:
        return None
    if profile.option("jia_dandiao_single_wait_only") and len(wait_tiles(state, profile)) != 1:
        return None
    return "closed" if "closed" in shapes else "pair"


_WIN_NAMES = {
    (True, None): ("自摸", "Self-drawn win, 2 × base from each"),
    (True, "closed"): ("夹张自摸", "Self-drawn win on a closed wait, 3 × base from each"),
    (True, "pair"): ("单调自摸", "Self-drawn win on a pair wait, 3 × base from each"),
    (False, None): ("胡牌", "Win on a discard, base from each"),
    (False, "closed"): ("夹张胡", "Win on a discard, closed wait, 2 × base from each"),
    (False, "pair"): ("单调胡", "Win on a discard, pair wait, 2 × base from each"),
}


def score_xian(state: HandState, profile: RuleProfile,
               readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Xi'an win: items, the winner's gross total and every seat's net payment."""
    o = profile.extra
    table = read_xian_table(state, profile)
    winner = table.seat
    assert winner is not None
    b, self_drawn = o["base"], table.self_drawn
    tian_hu = state.first_go_around and self_drawn and winner == table.dealer
    gang_kai = state.kong_replacement and self_drawn
    shape = None if tian_hu else wait_shape(state, profile, winning_hands(state, readings))
    m = (3 if shape else 2) if self_drawn else (2 if shape else 1)
    g_kai = 2 if gang_kai else 1
    if tian_hu and o["tian_hu_mode"] == "flat":
        g_tian, m_tian = 1, 3
    else:
        g_tian, m_tian = (3 if tian_hu else 1), m
    win_each = m_tian * b * g_kai * g_tian
    bet_factor = (o["bets_self_draw_factor"] if self_drawn else 1) * o["bet_unit"]
    if o["multipliers_apply_to_bets"]:
        bet_factor *= g_kai * g_tian
    bets = {L: (table.bets[winner] + table.bets[L]) * bet_factor for L in table.others}
    ledger = Ledger()
    kong_items = settle_xian_kongs(ledger, table, profile)
    discarder_pays = not self_drawn and o["discard_win_payers"] == "discarder"
    for L in table.others:
        ledger.pay(L, winner, bets[L], "bets")
        ledger.pay(table.discarder if discarder_pays else L, winner, win_each, "win")
    plain = m * b * 3
    name_zh, name_en = _WIN_NAMES[(self_drawn, shape)]
    event = "self_drawn" if self_drawn else f"discard by {table.discarder}"
    items = [item(name_zh, name_en, plain, event=event,
                  **({"tiles": [state.win_tile]} if shape and state.win_tile else {}))]
    if gang_kai:
        items.append(item("杠后开花", "Win on the kong replacement (× 2)", plain,
                          event="kong_replacement"))
    if tian_hu:
        items.append(item("天胡", "Heavenly win (× 3)", win_each * 3 - plain * g_kai,
                          event="heavenly"))
    if sum(bets.values()):
        items.append(item("下注", "Bets" + (", doubled on a self-draw" if self_drawn else ""),
                          sum(bets.values()), event="bets"))
    items += kong_items.get(winner, [])
    return {
        "variant": profile.name, "items": items, "total": sum(i["value"] for i in items),
        "unit": "points", "winner": winner, "dealer": table.dealer,
        "breakdown": {L: {"win": win_each, "bets": bets[L]} for L in table.others},
        **ledger.to_json(), "assumed": table.assumed,
    }


__all__ = ["XIAN", "score_xian", "kong_rates", "read_xian_table", "wait_shape"]
