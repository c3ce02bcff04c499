"""Hong Kong old style 老章 (``hongkong``): the Cantonese 番 card, 三番起糊, 爆棚 and half-doubling.

The rules, their sources and every decision are in ``docs/rules/hongkong.md`` (cases
``docs/rules/cases/hongkong-*.json``). Fan are added: the card's patterns, then the seat's own
items (門風, 圈風, flowers, 宝牌); a limit hand (滿糊) is worth the limit alone and a hand above
it is capped (爆棚). A hand below the minimum cannot win. Points are ``base ×`` the half-doubling
table (1 2 4 8 16 24 32 48 64 …): each of the three pays them on a self-draw; on a discard the
discarder pays them and each other seat half (半銃), or the discarder twice (全銃). A liable
seat (包) pays a self-draw alone.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.by_card import pay_self_drawn
from ..scoring.dora import dora_item
from ..scoring.fan_table import Entry, FanTable, Scored
from ..scoring.flowers import FLOWERS, SEASONS, all_eight, flower_items, wind_items
from ..scoring.items import item
from ..scoring.patterns import Win, WinningHand, winning_hands
from ..scoring.settlement import Ledger
from ..scoring.table import Table, read_hand_table
from ..shanten import Form
from ..tiles import is_bonus
from .guangdong import liable_for, seat_wind

LIMIT = "limit_fan"

SPECS: dict[str, OptionSpec] = {
    "flowers": OptionSpec("带花牌（144张，梅兰菊竹春夏秋冬）", "play with the 8 flowers and seasons "
                          "(144 tiles); without them 無花 and 正花 are not counted"),
    "min_fan": number("起糊番数（三番起糊）", "the fewest fan a hand needs to win (三番起糊: 3)", 13),
    LIMIT: number("滿糊（爆棚）番数", "the limit in fan (滿糊 / 爆棚): a limit hand's value and the "
                  "cap of every other hand", 20, 1),
    "payout": OptionSpec("番→分：半辣上（4番后每番×1.5/×4/3）/ 辣辣上（每番翻倍）",
                         "fan to points: half_doubling (1 2 4 8 16 24 32 48 64 …) or doubling "
                         "(2^fan)", kind="choice", choices=("half_doubling", "doubling")),
    "base": number("底（0番的分）", "points of a 0-fan hand (the table's stake)", 10000, 1),
    "discard_payment": OptionSpec("出銃：半銃（出銃者付全數，其餘兩家各付一半）/ 全銃（出銃者付兩份）",
                                  "a win on a discard: half (半銃: the discarder pays the points, "
                                  "each other seat half) or full (全銃: the discarder pays twice)",
                                  kind="choice", choices=("half", "full")),
    "ping_wu_fan": number("平糊番数", "fan of 平糊 (all chows)", 13),
    "dui_dui_fan": number("對對糊番数", "fan of 對對糊 (all pungs)", 13),
    "hun_yi_se_fan": number("混一色番数", "fan of 混一色 (one suit and honours)", 13),
    "qing_yi_se_fan": number("清一色番数", "fan of 清一色 (one suit)", 13),
    "hua_yao_jiu_fan": number("花么九番数", "fan of 花么九 (terminals and honours)", 13),
    "xiao_san_yuan_fan": number("小三元番数（含两个三元牌）", "fan of 小三元, its two dragon pungs "
                                "included", 13),
    "da_san_yuan_fan": number("大三元番数（含三个三元牌）", "fan of 大三元, its dragon pungs included",
                              13),
    "xiao_si_xi_fan": number("小四喜番数（含風刻）", "fan of 小四喜, its wind pungs included", 13),
    "gang_shang_gang_fan": number("槓上槓番数", "fan of 槓上槓 (won on the replacement of a second "
                                  "kong in a row)", 13),
    "dragon_pung_fan": number("三元牌番数（每副）", "fan of each dragon pung (三元牌)", 13),
    "no_flower_fan": number("無花番数", "fan of 無花 (no flower or season)", 13),
    "seat_flower_fan": number("正花番数（每隻）", "fan of each own flower (正花)", 13),
    "kong_flower_fan": number("槓上開花番数（另计自摸）", "fan of 槓上開花, self-drawn counted "
                              "besides", 13),
    "flower_set_fan": number("一台花番数", "fan of 一台花 (all four flowers, or all four seasons)",
                             13),
    "seven_pairs_fan": OptionSpec("七對番数（0 = 七對不算糊）", "fan of 七對, seven pairs (0: seven "
                                  "pairs is not a hand here, as at 老章 tables)", kind="int",
                                  minimum=0, maximum=13, engine=lambda fan: {"forms": (
                                      Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS)
                                      if fan else (Form.REGULAR, Form.THIRTEEN_ORPHANS)}),
    "ren_wu_limit": OptionSpec("人糊算滿糊（否则按牌型计）", "人糊 is a limit hand (else it scores "
                               "its patterns)"),
    "twelve_down_liability": OptionSpec("十二張落地包自摸", "the discarder who gave a player his "
                                        "4th exposed set pays that player's self-draw alone"),
    "big_hand_liability": OptionSpec("大三元、大四喜包自摸", "the discarder of the last dragon (wind) "
                                     "set of an exposed 大三元 (大四喜) pays the self-draw alone"),
    "seat_wind_follows_dealer": OptionSpec("門風随庄家轉（庄家为東）", "seat winds follow the dealer "
                                           "(the dealer's seat wind is East)"),
}

DEFAULTS: dict[str, Any] = {
    "flowers": True, "min_fan": 3, LIMIT: 13, "payout": "half_doubling", "base": 1,
    "discard_payment": "half", "ping_wu_fan": 1, "dui_dui_fan": 3, "hun_yi_se_fan": 3,
    "qing_yi_se_fan": 7, "hua_yao_jiu_fan": 1, "xiao_san_yuan_fan": 5, "da_san_yuan_fan": 8,
    "xiao_si_xi_fan": 6, "gang_shang_gang_fan": 8, "flower_set_fan": 2, "seven_pairs_fan": 0,
    "dragon_pung_fan": 1, "no_flower_fan": 1, "seat_flower_fan": 1, "kong_flower_fan": 1,
    "ren_wu_limit": True, "twelve_down_liability": True, "big_hand_liability": True,
    "seat_wind_follows_dealer": True,
}

#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "三元牌加自摸、门前清",
     "en": "A dragon pung, self-drawn, concealed",
     "hand": {"concealed": "111m999pCCC234s5s", "win_tile": "5s", "context": {"self_drawn": True}}},
    {"zh": "九子连环：满糊",
     "en": "Nine gates: the limit",
     "hand": {"concealed": "1112345678999m", "win_tile": "5m"}},
)

HONGKONG = RuleProfile(
    name="hongkong", name_zh="香港麻雀（老章）",
    description_en="Hong Kong old style (老章): 144 tiles with flowers and seasons; fan added from "
                   "the Cantonese card; 3 fan to win (三番起糊); limit hands and the cap at 13 "
                   "(爆棚); points by the half-doubling table; 半銃; 包 for 十二張落地, 大三元, "
                   "大四喜.",
    description_zh="香港麻雀老章：144张（含花）；番数相加；三番起糊；滿糊13番（爆棚）；番→分按半辣上；"
                   "半銃；十二張落地、大三元、大四喜包自摸。",
    forms=(Form.REGULAR, Form.THIRTEEN_ORPHANS), chow_allowed=True, multiple_winners=True,
    kong_robbable=True, pass_lock=True, extra=DEFAULTS, examples=EXAMPLES, extra_specs=SPECS,
    rules_summary=(
        ("牌：144张（含梅兰菊竹春夏秋冬），摸到花牌补花；正花按门风（東1 南2 西3 北4）。",
         "Tiles: 144 with flowers and seasons, replaced when drawn; a seat's own flower is the "
         "one numbered like its seat (East 1, South 2, West 3, North 4)."),
        ("一番：無花、正花（每隻）、門前清、自摸、平糊、花么九、三元牌（每副）、門風、圈風、海底撈月、"
         "河底撈魚、槓上開花、搶槓；一台花2番。",
         "1 fan: no flowers, each own flower, concealed hand, self-drawn, all chows, terminals "
         "and honours, each dragon pung, seat wind, prevalent wind, last tile, last discard, "
         "win on a kong replacement, robbing a kong; a full set of flowers 2."),
        ("對對糊3、混一色3、小三元5、小四喜6、清一色7、大三元8、槓上槓8。",
         "All pungs 3, half flush 3, little three dragons 5, little four winds 6, full flush 7, "
         "big three dragons 8, kong on kong 8."),
        ("滿糊（13番）：大四喜、字一色、清么九、坎坎糊、十三么、九子連環、十八羅漢、天糊、地糊、人糊、"
         "八仙過海；其他牌超过13番爆棚。",
         "Limit (13 fan): big four winds, all honours, pure terminals, four concealed pungs, "
         "thirteen orphans, nine gates, four kongs, heavenly, earthly, human win, all eight "
         "flowers; any other hand is capped at 13."),
        ("三番起糊；番→分：1 2 4 8 16 24 32 48 64 96 128 192 256 384（半辣上）。",
         "3 fan to win; points 1 2 4 8 16 24 32 48 64 96 128 192 256 384 (half-doubling)."),
        ("自摸三家各付；出銃（半銃）出銃者付全數、其餘兩家各付一半；包者一家代付。",
         "Self-drawn: each of the three pays; on a discard (半銃) the discarder pays in full and "
         "the other two half each; a liable seat pays alone."),
    ),
)

#: The card (fan added). Where a pattern contains another, the bigger one replaces it.
TABLE = FanTable(entries=(
    Entry("big_four_winds", LIMIT, limit=True, name_zh="大四喜"),
    Entry("all_honours", LIMIT, limit=True, name_zh="字一色"),
    Entry("all_terminals", LIMIT, limit=True, name_zh="清么九"),
    Entry("all_concealed_pungs", LIMIT, limit=True),
    Entry("thirteen_orphans", LIMIT, limit=True, name_zh="十三么"),
    Entry("nine_gates", LIMIT, limit=True, name_zh="九子連環"),
    Entry("four_kongs", LIMIT, limit=True, name_zh="十八羅漢"),
    Entry("heavenly", LIMIT, limit=True, name_zh="天糊"),
    Entry("earthly_draw", LIMIT, limit=True, name_zh="地糊"),
    Entry("human", "ren_wu_limit", limit=True, name_zh="人糊"),
    Entry("big_three_dragons", "da_san_yuan_fan", replaces=("dragon_pung",), name_zh="大三元"),
    Entry("little_three_dragons", "xiao_san_yuan_fan", replaces=("dragon_pung",),
          name_zh="小三元"),
    Entry("little_four_winds", "xiao_si_xi_fan", name_zh="小四喜"),
    Entry("full_flush", "qing_yi_se_fan", name_zh="清一色"),
    Entry("half_flush", "hun_yi_se_fan", name_zh="混一色"),
    Entry("all_pungs", "dui_dui_fan", name_zh="對對糊"),
    Entry("seven_pairs", "seven_pairs_fan", name_zh="七對"),
    Entry("all_chows", "ping_wu_fan", name_zh="平糊"),
    Entry("terminals_and_honours", "hua_yao_jiu_fan", name_zh="花么九"),
    Entry("dragon_pung", "dragon_pung_fan", name_zh="三元牌"),
    Entry("concealed", 1, name_zh="門前清"),
    Entry("self_drawn", 1),
    Entry("kong_on_kong", "gang_shang_gang_fan", replaces=("kong_flower",)),
    Entry("kong_flower", "kong_flower_fan", name_zh="槓上開花"),
    Entry("robbing_kong", 1, name_zh="搶槓"),
    Entry("last_tile_draw", 1, name_zh="海底撈月"),
    Entry("last_tile_discard", 1, name_zh="河底撈魚", name_en="Win on the last discard"),
), combine="fan", cap=LIMIT)


def half_doubling(fan: int) -> int:
    """半辣上: 2^fan up to 4 fan, then ×1.5 and ×4/3 in turn (5: 24, 6: 32, 7: 48, 8: 64).

    >>> [half_doubling(f) for f in (0, 3, 4, 5, 6, 7, 10, 13)]
    [1, 8, 16, 24, 32, 48, 128, 384]
    """
    if fan <= 4:
        return 2 ** fan
    return 2 ** (fan // 2 + 2) if fan % 2 == 0 else 3 * 2 ** (fan // 2 + 1)


def hk_flower_items(state: HandState, own: str, profile: RuleProfile) -> list[dict[str, Any]]:
    """無花, or 正花 for each flower or season numbered like the seat, 一台花 for a full set."""
    if not profile.option("flowers"):
        return []
    if not state.bonus:
        if state.flower_count:
            return []  # a count without the tiles: no 無花, and 正花 cannot be told
        fan = profile.option("no_flower_fan")
        return [item("無花", "No flowers", fan, event="no_flowers")] if fan else []
    items = flower_items(state.bonus, own, ("正花", "一台花"), profile.option("flower_set_fan"))
    for i in items:
        if i["name_zh"] == "正花":
            i["value"] = profile.option("seat_flower_fan")
    return [i for i in items if i["value"]]


def seat_items(hand: WinningHand, state: HandState, table: Table,
               profile: RuleProfile) -> list[dict[str, Any]]:
    """The items that depend on the seat: 門風, 圈風 (not beside 小四喜), flowers, 宝牌."""
    own = seat_wind(table, profile)
    prevalent = table.prevalent_wind or state.prevalent_wind
    items = wind_items(hand, own, prevalent, ("門風", "圈風"))
    items += hk_flower_items(state, own, profile)
    dora = dora_item(hand, profile)
    return items + ([dora] if dora else [])


def _score_reading(hand: WinningHand, state: HandState, table: Table, win: Win,
                   profile: RuleProfile) -> Scored:
    # 人糊's line is worth the limit where the table plays it as one, else it is dropped.
    options = {**profile.extra, "ren_wu_limit": profile.option(LIMIT) if profile.option(
        "ren_wu_limit") else 0}
    scored = TABLE.score(hand, win, options)
    if not scored.limit:
        scored = TABLE.score(hand, win, options, seat_items(hand, state, table, profile))
    eight = all_eight(state.bonus) and profile.option("flowers")
    if eight and not scored.limit:
        limit = profile.option(LIMIT)
        return Scored([item("八仙過海", "All eight flowers", limit, tiles=FLOWERS + SEASONS)],
                      limit, "fan", limit=True, uncapped=limit)
    if scored.capped:
        scored.items.append(item("爆棚", f"Limit ({scored.uncapped} fan capped to "
                                 f"{scored.total})", scored.total - scored.uncapped,
                                 event="cap"))
    return scored


def read_hongkong_table(state: HandState | None, profile: RuleProfile,
                        data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table of a Hong Kong hand (no bets; flowers only where they are played)."""
    if state is not None and state.bonus and not profile.option("flowers"):
        raise MahjongError(f"{profile.name}: the option flowers = false plays without flowers, "
                           "but the hand lists bonus tiles", state.bonus[0])
    if state is not None and any(not is_bonus(t) for t in state.bonus):
        raise MahjongError("bonus tiles are 1f-8f", "bonus")
    return read_hand_table(state, profile, data, need_seat, max_bet=0)


def points_of(fan: int, profile: RuleProfile) -> int:
    """What the hand is worth: ``base ×`` the half-doubling table (or 2^fan)."""
    worth = half_doubling(fan) if profile.option("payout") == "half_doubling" else 2 ** fan
    return profile.option("base") * worth


def score_hongkong(state: HandState, profile: RuleProfile,
                   readings: list[Decomposition]) -> dict[str, Any]:
    """Score a win: items in fan, the fan (capped at the limit), the points and the payments."""
    table = read_hongkong_table(state, profile)
    winner = table.seat
    assert winner is not None
    win = Win.of(state, winner == table.dealer)
    best: tuple[Scored, WinningHand] | None = None
    for hand in winning_hands(state, readings):
        scored = _score_reading(hand, state, table, win, profile)
        if best is None or (scored.total, scored.uncapped) > (best[0].total, best[0].uncapped):
            best = (scored, hand)
    assert best is not None
    scored, hand = best
    fan = scored.total
    minimum = profile.option("min_fan")
    if fan < minimum:
        raise MahjongError(f"{profile.name}: {fan} fan is below the minimum of {minimum} (起糊: "
                           f"a hand needs {minimum} fan to win; option min_fan)", "min_fan")
    points = points_of(fan, profile)
    names = [i["name_zh"] for i in scored.items]
    liable, rule = liable_for(state, table, profile, names)
    ledger = Ledger()
    if table.self_drawn or state.robbing_kong:
        pay_self_drawn(ledger, table, winner, points, liable, rule)
    else:
        assert table.discarder is not None
        if profile.option("discard_payment") == "full":
            ledger.pay(table.discarder, winner, 2 * points, "win on a discard (全銃)")
        else:
            ledger.pay(table.discarder, winner, points, "win on a discard (半銃)")
            others = [s for s in table.others if s != table.discarder]
            ledger.pay_each(others, winner, -(-points // 2), "half share (半銃)")
    return {
        "variant": profile.name, "items": scored.items, "total": fan, "fan": fan,
        "limit": fan >= profile.option(LIMIT), "points": points,
        "unit": "fan (番); points by the half-doubling table", "winner": winner,
        "dealer": table.dealer, "seat_wind": seat_wind(table, profile),
        "prevalent_wind": table.prevalent_wind or state.prevalent_wind,
        "liable": {"seat": liable, "rule": rule} if liable else None,
        "hand_form": hand.form.value, **ledger.to_json(), "assumed": table.assumed,
    }
