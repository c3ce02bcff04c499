"""国标麻将 (``mcr``, Mahjong Competition Rules): the 81 fans and their points, one table.

The rules, the sources and every decision are in ``docs/rules/mcr.md``. A hand scores the reading
worth the most points; the 不计 rules are the table's ``replaces``; the fans made of several sets
(一般高, 喜相逢 …) are chosen together under the 套算一次 rule (``FanTable.sets_once``). 花牌 add
one point each after the 8-point minimum (起和八番). A self-draw is paid ``points + 8`` by each of
the three; a win on a discard ``points + 8`` by the discarder and 8 by each of the other two.

>>> from assistant import analyze
>>> score = analyze({"concealed": "123m456m789m123p5s", "win_tile": "5s"}, variant="mcr")["score"]
>>> [(i["name_zh"], i["value"], i["count"]) for i in score["items"]], score["total"]
([('清龙', 16, 1), ('门前清', 2, 1), ('平和', 2, 1), ('喜相逢', 1, 1), ('独听・单钓', 1, 1)], 22)
>>> score["payments"]
{'E': 46, 'S': -8, 'W': -8, 'N': -30}
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.fan_table import Chosen, Entry, FanTable, Scored
from ..scoring.items import item
from ..scoring.patterns import CATALOGUE, Win, WinningHand, winning_hands
from ..scoring.settlement import Ledger
from ..scoring.table import Table, read_hand_table
from ..shanten import Form
from ..tiles import TILES, to_counts
from ..waits import Rules, waits

#: Each payer's base (底分) in the MCR settlement: 8 points from every loser.
BASE = 8

SPECS: dict[str, OptionSpec] = {
    "min_points": number("起和番数（花牌不计；0 = 不限）", "the minimum points to win, flowers "
                         "not counted (起和八番; 0: no minimum)", 88),
    "knitted_wait_fan": OptionSpec("组合龙的和张可计边张、嵌张、单钓", "a 组合龙 hand still earns "
                                   "边张/嵌张/单钓 when its winning tile could complete the knitted "
                                   "straight (off: GB-Mahjong's reading)"),
}
DEFAULTS: dict[str, Any] = {"min_points": 8, "knitted_wait_fan": True}

# The 不计 lists of the rulebook: what each fan replaces. Fans that need a concealed hand (七对,
# 十三幺 …) replace 门前清 and 不求人 but keep 自摸.
CONCEALED = ("concealed_discard", "fully_concealed")
KONG_FANS = ("two_concealed_kongs", "concealed_and_melded_kong", "two_melded_kongs",
             "concealed_kong", "melded_kong")


def _e(pattern: str, points: int, *replaces: str, zh: str | None = None,
       en: str | None = None) -> Entry:
    return Entry(pattern, points, replaces=replaces, name_zh=zh, name_en=en)


TABLE = FanTable(
    entries=(
        # 88
        _e("big_four_winds", 88, "little_four_winds", "big_three_winds", "prevalent_wind_pung",
           "seat_wind_pung", "all_pungs", "terminal_pung", zh="大四喜", en="Big Four Winds"),
        _e("big_three_dragons", 88, "little_three_dragons", "two_dragon_pungs", "dragon_pung",
           zh="大三元", en="Big Three Dragons"),
        _e("all_green", 88, "half_flush"),
        _e("nine_gates", 88, "full_flush", *CONCEALED, "no_honours", zh="九莲宝灯",
           en="Nine Gates"),
        _e("four_kongs", 88, "three_kongs", *KONG_FANS, "all_pungs", "single_wait", zh="四杠",
           en="Four Kongs"),
        _e("seven_shifted_pairs", 88, "seven_pairs", "full_flush", *CONCEALED, "no_honours",
           "single_wait"),
        _e("thirteen_orphans", 88, "all_types", *CONCEALED, "single_wait",
           "terminals_and_honours", zh="十三幺", en="Thirteen Orphans"),
        # 64
        _e("all_terminals", 64, "terminals_and_honours", "all_pungs", "outside", "terminal_pung",
           "no_honours", "double_pung", zh="清幺九", en="All Terminals"),
        _e("little_four_winds", 64, "big_three_winds", "terminal_pung", zh="小四喜",
           en="Little Four Winds"),
        _e("little_three_dragons", 64, "two_dragon_pungs", "dragon_pung", zh="小三元",
           en="Little Three Dragons"),
        _e("all_honours", 64, "all_pungs", "terminals_and_honours", "outside", "terminal_pung",
           zh="字一色", en="All Honours"),
        _e("four_concealed_pungs", 64, "all_pungs", *CONCEALED),
        _e("pure_terminal_chows", 64, "seven_pairs", "full_flush", "mcr_all_chows",
           "pure_double_chow", "two_terminal_chows", "no_honours"),
        # 48
        _e("quadruple_chow", 48, "pure_shifted_pungs", "tile_hog"),
        _e("four_pure_shifted_pungs", 48, "pure_triple_chow", "all_pungs"),
        # 32
        _e("four_shifted_chows", 32),
        _e("three_kongs", 32, *KONG_FANS),
        _e("terminals_and_honours", 32, "all_pungs", "terminal_pung", "outside", zh="混幺九",
           en="All Terminals and Honours"),
        # 24
        _e("seven_pairs", 24, *CONCEALED, "single_wait", zh="七对", en="Seven Pairs"),
        _e("greater_honours_knitted", 24, "all_types", *CONCEALED, "single_wait",
           "lesser_honours_knitted"),
        _e("all_even_pungs", 24, "all_pungs", "all_simples", "no_honours"),
        _e("full_flush", 24, "no_honours", zh="清一色", en="Full Flush"),
        _e("pure_triple_chow", 24, "pure_shifted_pungs"),
        _e("pure_shifted_pungs", 24, "pure_triple_chow"),
        _e("upper_tiles", 24, "upper_four", "no_honours"),
        _e("middle_tiles", 24, "all_simples", "no_honours"),
        _e("lower_tiles", 24, "lower_four", "no_honours"),
        # 16
        _e("pure_straight_chows", 16),
        _e("three_suited_terminal_chows", 16, "mixed_double_chow", "two_terminal_chows",
           "no_honours", "mcr_all_chows"),
        _e("pure_shifted_chows", 16),
        _e("all_fives", 16, "all_simples", "no_honours"),
        _e("triple_pung", 16),
        _e("three_concealed_pungs", 16),
        # 12
        _e("lesser_honours_knitted", 12, "all_types", *CONCEALED, "single_wait"),
        _e("knitted_straight", 12),
        _e("upper_four", 12, "no_honours"),
        _e("lower_four", 12, "no_honours"),
        _e("big_three_winds", 12),
        # 8
        _e("mixed_straight", 8),
        _e("reversible", 8, "one_voided_suit"),
        _e("mixed_triple_chow", 8),
        _e("mixed_shifted_pungs", 8),
        _e("last_tile_draw", 8, "self_drawn", zh="妙手回春", en="Last Tile Draw"),
        _e("last_tile_discard", 8, zh="海底捞月", en="Last Tile Claim"),
        _e("kong_flower", 8, "self_drawn", zh="杠上开花", en="Out with Replacement Tile"),
        _e("robbing_kong", 8, "last_tile", zh="抢杠和", en="Robbing the Kong"),
        # 6
        _e("all_pungs", 6, zh="碰碰和", en="All Pungs"),
        _e("half_flush", 6, zh="混一色", en="Half Flush"),
        _e("mixed_shifted_chows", 6),
        _e("all_types", 6),
        _e("melded_hand", 6, "single_wait"),
        _e("two_concealed_kongs", 6, "two_concealed_pungs", "concealed_kong"),
        _e("two_dragon_pungs", 6, "dragon_pung"),
        # 5 (明暗杠: the rulebook's interpretation, 5 points)
        _e("concealed_and_melded_kong", 5, "concealed_kong", "melded_kong"),
        # 4
        _e("outside", 4, zh="全带幺", en="Outside Hand"),
        _e("fully_concealed", 4, "concealed_discard", "self_drawn"),
        _e("two_melded_kongs", 4, "melded_kong"),
        _e("last_tile", 4),
        # 2
        _e("dragon_pung", 2), _e("prevalent_wind_pung", 2), _e("seat_wind_pung", 2),
        _e("concealed_discard", 2), _e("mcr_all_chows", 2, "no_honours"), _e("tile_hog", 2),
        _e("double_pung", 2), _e("two_concealed_pungs", 2), _e("concealed_kong", 2),
        _e("all_simples", 2, "no_honours", zh="断幺", en="All Simples"),
        # 1
        _e("pure_double_chow", 1), _e("mixed_double_chow", 1), _e("short_straight", 1),
        _e("two_terminal_chows", 1), _e("terminal_pung", 1), _e("melded_kong", 1),
        _e("one_voided_suit", 1), _e("no_honours", 1), _e("edge_wait", 1), _e("closed_wait", 1),
        _e("single_wait", 1), _e("self_drawn", 1, zh="自摸", en="Self-Drawn"),
    ),
    combine="points",
    fallback=Entry("chicken", 8, name_zh="无番和", name_en="Chicken Hand"),
    sets_once=True,
)
FLOWER = ("花牌", "Flower Tiles")
#: What the points are counted in, as the score names it.
UNIT = "points (番)"


def fan_list() -> tuple[str, str]:
    """Every fan with its points, in Chinese and in English, for ``variants mcr``."""
    rows = [(e.name_zh or CATALOGUE[e.pattern].name_zh, e.name_en or CATALOGUE[e.pattern].name_en,
             int(e.value)) for e in (*TABLE.entries, TABLE.fallback) if e is not None]
    rows.append((*FLOWER, 1))
    rows.sort(key=lambda r: -r[2])
    return ("番种：" + "、".join(f"{zh}{v}" for zh, _, v in rows) + "（花牌每张）。",
            "Fans: " + ", ".join(f"{en} {v}" for _, en, v in rows) + " (flowers: each).")


#: Example hands for the rules page, each at least the 8-point minimum.
EXAMPLES = (
    {"zh": "清龙 + 门前清 + 平和 + 喜相逢 + 单钓将（点和，22番）",
     "en": "Pure straight, concealed, all chows, mixed double chow, single wait (discard, 22)",
     "hand": {"concealed": "123m456m789m123p5s", "win_tile": "5s"}},
    {"zh": "一般高×2 + 喜相逢：套算一次（自摸，带两张花）",
     "en": "Pure double chow ×2 and one mixed double chow: 套算一次 (self-drawn, two flowers)",
     "hand": {"concealed": "223344p5s", "win_tile": "5s", "melds": [
         {"type": "chow", "tiles": ["2m", "3m", "4m"], "from": "left"},
         {"type": "chow", "tiles": ["2m", "3m", "4m"], "from": "left"}],
         "context": {"self_drawn": True, "flowers": 2}}},
    {"zh": "七星不靠（自摸）", "en": "Greater honours and knitted tiles (self-drawn)",
     "hand": {"concealed": "14m25s369pESWNFP", "win_tile": "C", "context": {"self_drawn": True}}},
)

MCR = RuleProfile(
    name="mcr", name_zh="国标麻将",
    description_en="Chinese Official (MCR 国标) rules: all five hand forms; the 81 fans with their "
                   "points, the 不计 and 套算一次 rules; 8-point minimum; flowers 1 point each; "
                   "a self-draw pays points + 8 from each, a discard points + 8 from the "
                   "discarder and 8 from the others; the waits reported leave out a tile whose "
                   "four copies are in your own hand.",
    description_zh="国标麻将：五种和型；81个番种及其番数、不计原则与套算一次原则；起和八番；花牌每张1番；"
                   "自摸三家各付（番数+8），点和由点炮者付（番数+8）、其他两家各付8；报告听牌时不列自己手中"
                   "已有四张的牌。",
    waits_in_own_hand=False, multiple_winners=True, examples=EXAMPLES, extra=DEFAULTS,
    extra_specs=SPECS,
    rules_summary=(
        ("牌：144张（含8张花牌），可以吃、碰、杠；和牌型：基本和型、七对、十三幺、全不靠、组合龙。",
         "Tiles: 144 with 8 flowers; chow, pung and kong; forms: four sets and a pair, seven "
         "pairs, thirteen orphans, 全不靠, 组合龙."),
        ("番种：81种，88番至1番；不计原则：一个番种已包含的番种不再计；套算一次：未组合过的一副牌只能与"
         "组合过的一副牌套算一次。",
         "Fans: 81, from 88 points down to 1; a fan implied by a bigger one is not counted (不计); "
         "a set not yet combined combines with one already used only once (套算一次)."),
        ("起和八番：花牌以外不满8番不能和；花牌每张1番，和牌后计入。",
         "At least 8 points to win (起和八番), flowers not counted; each flower then adds 1."),
        ("边张、嵌张、单钓将只在只听这一张时计。",
         "边张, 嵌张 and 单钓将 count only when the hand waited on that one tile."),
        ("结算：自摸三家各付（番数+8）；点和时点炮者付（番数+8），另两家各付8。",
         "Settlement: a self-draw is paid points + 8 by each of the three; a win on a discard "
         "points + 8 by the discarder and 8 by each of the other two."),
        fan_list(),
    ),
)


#: The shape rules of MCR's waits (the profile's forms, made once: every win asks for 独听).
WAIT_RULES = Rules(forms=MCR.forms, four_as_two_pairs=MCR.four_as_two_pairs)


def read_mcr_table(state: HandState | None, profile: RuleProfile,
                   data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table of an MCR hand (no bets: the stakes are the points)."""
    if state is not None and state.flower_count > 8:
        raise MahjongError(f"flowers: {state.flower_count} given, but MCR has 8 flower tiles",
                           "flowers")
    if state is not None and state.robbing_kong and state.self_drawn:
        raise MahjongError("robbing_kong (抢杠和) is a win on another player's added kong, not "
                           "self-drawn", "robbing_kong")
    return read_hand_table(state, profile, data, need_seat, max_bet=0)


def unique_wait(state: HandState, profile: RuleProfile) -> bool:
    """独听: the 13 tiles before the win, by their shape, waited on the winning tile alone (as
    the published calculators read it, a tile whose four copies the hand holds still counts as
    a wait of the shape)."""
    if state.win_tile is None:
        return False
    rules = WAIT_RULES
    if profile.forms != rules.forms or profile.four_as_two_pairs != rules.four_as_two_pairs:
        rules = Rules(forms=profile.forms, four_as_two_pairs=profile.four_as_two_pairs)
    found = waits(to_counts(state.concealed), 0, rules, fifth_copy=True)
    return len(found) == 1 and TILES[found[0]] == state.win_tile


def last_copy(state: HandState) -> bool:
    """和绝张: the other three copies are shown, so none is in the concealed hand; then the input
    says so (``is_4th_tile``), or the three are in the winner's claimed sets and among the
    ``visible`` tiles of the table."""
    tile = state.win_tile
    if tile is None or tile in state.concealed:
        return False
    shown = sum(m.faces.count(tile) for m in state.melds if not m.concealed)
    return state.fourth_tile or shown + state.visible.count(tile) >= 3


def robbable(state: HandState) -> bool:
    """抢杠和 as the input says, unless the winner holds another copy of the tile: the other three
    are in the robbed kong, so the claim cannot be a robbing (the calculators then score the
    hand without 抢杠和)."""
    tile = state.win_tile
    return state.robbing_kong and tile is not None and state.own_counts()[tile] == 1


def _reading_win(hand: WinningHand, win: Win, profile: RuleProfile) -> Win:
    """The win facts for one reading: GB-Mahjong's rule (option off) drops the wait fan when the
    winning tile can complete the knitted straight."""
    if (win.unique_wait and not profile.option("knitted_wait_fan")
            and hand.form is Form.KNITTED_STRAIGHT and any(
                kind == "knitted" and hand.win_tile in tiles
                for kind, tiles in hand.concealed_groups)):
        return replace(win, unique_wait=False)
    return win


def score_hand(state: HandState, profile: RuleProfile,
               readings: list[Decomposition]) -> tuple[Scored, WinningHand]:
    """The reading worth the most points (ties: the first) and its score, flowers aside; the
    readings are compared by their totals, and only the best one's items are written."""
    win = Win.of(state, dealer=False, unique_wait=unique_wait(state, profile),
                 fourth_tile=last_copy(state), robbing_kong=robbable(state))
    best: tuple[int, Chosen, WinningHand, Win] | None = None
    hands = winning_hands(state, readings)
    for hand in hands:
        won = _reading_win(hand, win, profile)
        chosen = TABLE.choose(hand, won, profile.extra)
        total = TABLE.rank(chosen, [], profile.extra)[1] if len(hands) > 1 else 0
        if best is None or total > best[0]:
            best = (total, chosen, hand, won)
    if best is None:
        raise MahjongError("no reading of the hand to score", "concealed")
    _, chosen, hand, won = best
    return TABLE.scored(chosen, hand, won, profile.extra), hand


def settle(ledger: Ledger, table: Table, total: int) -> None:
    """MCR settlement: self-draw (total + 8) from each; on a discard (total + 8) from the
    discarder, 8 from each of the others."""
    winner = table.seat
    assert winner is not None
    if table.self_drawn:
        ledger.pay_each(table.others, winner, total + BASE, "self-drawn")
        return
    for seat in table.others:
        if seat == table.discarder:
            ledger.pay(seat, winner, total + BASE, "win on a discard (discarder)")
        else:
            ledger.pay(seat, winner, BASE, "win on a discard (base)")


def score_mcr(state: HandState, profile: RuleProfile, readings: list[Decomposition],
              table: Table | None = None) -> dict[str, Any]:
    """Score an MCR win: each fan with its count and tiles, the points (flowers included), the
    8-point minimum, and every seat's payment. ``table``: what :func:`read_mcr_table` read of
    this hand's table, where the caller has read it already (its ``assumed`` is added to);
    else it is read here."""
    if table is None:
        table = read_mcr_table(state, profile)
    if state.fourth_tile and not last_copy(state):
        table.assumed.append(fourth_tile_ignored(state.win_tile))
    if state.robbing_kong and not robbable(state):
        table.assumed.append(robbing_kong_ignored(state.win_tile))
    scored, hand = score_hand(state, profile, readings)
    items = scored.items  # the table's fresh items, each given its count where it has none
    for i in items:
        i.setdefault("count", 1)
    fans = scored.total
    flowers = state.flower_count
    if flowers:
        flower = item(*FLOWER, 1, tiles=state.bonus)
        flower.update(key="flowers", count=flowers)
        items.append(flower)
    total = fans + flowers
    minimum = profile.option("min_points")
    below = fans < minimum
    ledger = Ledger()
    if not below:
        settle(ledger, table, total)
    return {
        "variant": profile.name, "items": items, "total": total, "fans_points": fans,
        "flowers": flowers, "points": total, "unit": UNIT, "min_points": minimum,
        "below_minimum": below, "winner": table.seat, "dealer": table.dealer,
        "hand_form": hand.form.value, **ledger.to_json(), "assumed": table.assumed
        + ([under_minimum(fans, minimum)] if below else []),
    }


def fourth_tile_ignored(tile: str | None) -> str:
    """The note of an ``is_4th_tile`` that does not stand (a copy of the tile is concealed)."""
    return (f"is_4th_tile ignored: a copy of {tile} is in the concealed hand, so the winning "
            "tile is not the last of three shown (和绝张)")


def robbing_kong_ignored(tile: str | None) -> str:
    """The note of a ``robbing_kong`` that does not stand (the winner holds another copy)."""
    return (f"robbing_kong ignored: the winner holds another {tile}, but the other three copies "
            "would be in the robbed kong (抢杠和)")


def under_minimum(fans: int, minimum: int) -> str:
    """The note of a hand under the minimum points: no win, nothing paid."""
    return (f"{fans} points before flowers is under the {minimum}-point minimum (起和{minimum}番): "
            "not a legal win, nothing paid")


