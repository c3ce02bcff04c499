"""十六张 (``taiwan``): 16-tile hands, five sets and a pair, scored in 台; 连庄 and 拉庄; 一炮多响.

The seed names 十六张牌 (每家取十六张), 连庄 ("每连庄一次便加上一番"), 拉庄 and 一炮三响; the card is
the one Taiwanese 16-tile tables play (``docs/rules/taiwan.md``, every value an assumption where
the seed is silent). 台 are added; each payer owes ``底 + 台 × 台钱``: each of the three on a
self-draw, the discarder on a discard. The dealer's 台 (莊家 1, and 1 per 连庄) count only between
the dealer and the winner. 拉庄: a seat that asks it pays the dealer two thirds now and leaves
the third as the stake of the next hand (``carried``).
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.dora import dora_item
from ..scoring.fan_table import Combo, Entry, FanTable, Scored
from ..scoring.flowers import FLOWERS, SEASONS, all_eight, flower_items, wind_items
from ..scoring.items import item
from ..scoring.patterns import Win, WinningHand, winning_hands
from ..scoring.settlement import Ledger
from ..scoring.table import Table, read_hand_table
from ..shanten import Form
from ..tiles import WINDS
from .guangdong import seat_wind

SPECS: dict[str, OptionSpec] = {
    "base": number("底", "the base every payer owes a win", 100000, 0),
    "per_tai": number("台钱（每台）", "what each 台 adds to a payment", 100000, 1),
    "lian_zhuang_tai": number("每连庄一次加几台", "台 added per hand the dealer has kept (seed: "
                              "每连庄一次便加上一番)", 10),
    "dealer_tai": number("庄家台", "台 of the dealer, between the dealer and the winner", 10),
    "min_tai": number("起胡台数（0 = 屁胡可胡）", "the fewest 台 to win (0: any hand wins)", 20),
    "flowers": OptionSpec("带花牌（144张）", "play with the 8 flowers and seasons (144 tiles)"),
    "seat_wind_follows_dealer": OptionSpec("门风随庄家转（庄家为東）", "seat winds follow the dealer "
                                           "(the dealer's seat wind is East)"),
}

DEFAULTS: dict[str, Any] = {
    "base": 0, "per_tai": 1, "lian_zhuang_tai": 1, "dealer_tai": 1, "min_tai": 0,
    "flowers": True, "seat_wind_follows_dealer": True,
}

#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "十六张：五组加一对",
     "en": "Sixteen tiles: five sets and a pair",
     "hand": {"concealed": "123m456m789m123p45pEE", "win_tile": "6p"}},
    {"zh": "清一色自摸",
     "en": "Full flush, self-drawn",
     "hand": {"concealed": "123m456m789m123m4m5m6mE", "win_tile": "E", "context": {"self_drawn": True}}},
)

TAIWAN = RuleProfile(
    name="taiwan", name_zh="十六张（台湾麻将）",
    description_en="16-tile mahjong: 144 tiles, 16 in a hand, five sets and a pair; 台 added "
                   "(门清 1, 自摸 1, 门清自摸 3, 平胡 2, 碰碰胡 4, 混一色 4, 清一色 8 …); the dealer 1 "
                   "台 and 1 per 连庄; 拉庄; several winners on one discard.",
    description_zh="十六张：144张，每家16张，五组一将；台数相加（门清1、自摸1、门清自摸3、平胡2、碰碰胡4、"
                   "混一色4、清一色8……）；庄家1台，每连庄一次加1台；拉庄；允许一炮多响。",
    forms=(Form.REGULAR,), chow_allowed=True, multiple_winners=True, kong_robbable=True,
    hand_size=16, extra=DEFAULTS, examples=EXAMPLES, extra_specs=SPECS,
    rules_summary=(
        ("牌：144张（含花），每家16张，和牌为五组一将；摸到花牌补花。",
         "Tiles: 144 with flowers; 16 in a hand; a win is five sets and a pair."),
        ("1台：门清、自摸、门风、圈风、三元牌（每副）、正花（每只）、海底捞月、河底捞鱼、杠上开花、抢杠；"
         "2台：平胡、全求人、三暗刻、花杠（一套四只）；门清自摸3。",
         "1 台: concealed, self-drawn, seat wind, prevalent wind, each dragon pung, each own "
         "flower, last tile, last discard, kong replacement, robbing a kong; 2: all chows, all "
         "melded, three concealed pungs, a full set of flowers; concealed self-drawn 3."),
        ("4台：碰碰胡、混一色、小三元；5：四暗刻；8：清一色、大三元、小四喜、五暗刻、八仙过海、人胡；"
         "16：字一色、大四喜、天胡、地胡。",
         "4: all pungs, half flush, little three dragons; 5: four concealed pungs; 8: full "
         "flush, big three dragons, little four winds, five concealed pungs, all eight "
         "flowers, human win; 16: all honours, big four winds, heavenly, earthly."),
        ("庄家1台，每连庄一次加1台（只算庄家与和牌者之间）；拉庄：闲家留三分之一作下一盘的博注。",
         "The dealer: 1 台, and 1 more per hand kept (连庄), between the dealer and the "
         "winner only; 拉庄: a non-dealer leaves a third of what he owes the dealer as the "
         "stake of the next hand."),
        ("每家付：底 + 台数 × 台钱；自摸三家付，放枪者一家付；一炮多响各自计算。",
         "Each payer owes base + 台 × the price of a 台: all three on a self-draw, the "
         "discarder on a discard; several winners on one discard are each paid."),
    ),
)

TABLE = FanTable(entries=(
    Entry("heavenly", 16, name_zh="天胡"), Entry("earthly_draw", 16, name_zh="地胡"),
    Entry("human", 8, name_zh="人胡"),
    Entry("all_honours", 16, replaces=("all_pungs", "half_flush")),
    Entry("big_four_winds", 16, replaces=("all_pungs",)),
    Entry("little_four_winds", 8),
    Entry("big_three_dragons", 8, replaces=("dragon_pung",)),
    Entry("little_three_dragons", 4, replaces=("dragon_pung",)),
    Entry("full_flush", 8), Entry("half_flush", 4),
    Entry("all_pungs", 4, name_zh="碰碰胡"),
    Entry("five_concealed_pungs", 8), Entry("four_concealed_pungs", 5),
    Entry("three_concealed_pungs", 2),
    Entry("all_chows", 2, name_zh="平胡"),
    Entry("all_melded", 2),
    Entry("dragon_pung", 1, name_zh="三元牌"),
    Entry("concealed", 1, name_zh="门清"), Entry("self_drawn", 1),
    Entry("kong_flower", 1), Entry("robbing_kong", 1),
    Entry("last_tile_draw", 1), Entry("last_tile_discard", 1, name_zh="河底捞鱼",
                                      name_en="Win on the last discard"),
), combine="points", combos=(Combo(("concealed", "self_drawn"), "门清自摸",
                                   "Concealed hand, self-drawn", 3),))


def own_items(hand: WinningHand, state: HandState, table: Table,
              profile: RuleProfile) -> list[dict[str, Any]]:
    """门风, 圈风 (not beside 小/大四喜), 正花, 花杠, 八仙过海 and 宝牌."""
    own = seat_wind(table, profile)
    items = wind_items(hand, own, table.prevalent_wind or state.prevalent_wind, ("门风", "圈风"))
    if profile.option("flowers") and all_eight(state.bonus):
        items.append(item("八仙过海", "All eight flowers", 8, tiles=FLOWERS + SEASONS))
    elif profile.option("flowers"):
        items += flower_items(state.bonus, own, ("正花", "花杠"), 2)
    dora = dora_item(hand, profile)
    return items + ([dora] if dora else [])


def dealer_items(table: Table, profile: RuleProfile) -> list[dict[str, Any]]:
    """莊家 and 连庄 (each hand kept adds a 台: the seed's 每连庄一次便加上一番)."""
    items = [item("庄家", "Dealer", profile.option("dealer_tai"), event="dealer")]
    streak = table.streak
    if streak:
        items.append(item("连庄", f"Dealer kept {streak} time(s)",
                          streak * profile.option("lian_zhuang_tai"), event="lian_zhuang"))
    return items


def read_taiwan_table(state: HandState | None, profile: RuleProfile,
                      data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table, with ``streak`` (连庄 count) and ``la_zhuang`` (seats that 拉庄)."""
    if state is not None and state.bonus and not profile.option("flowers"):
        raise MahjongError("taiwan: the option flowers = false plays without flowers, but the "
                           "hand lists bonus tiles", state.bonus[0])
    raw = (state.table if state is not None else data) or {}
    table = read_hand_table(state, profile, data, need_seat, max_bet=0)
    streak = raw.get("streak", 0)
    if isinstance(streak, bool) or not isinstance(streak, int) or not 0 <= streak <= 99:
        raise MahjongError(f"table.streak (连庄) is the number of hands the dealer has kept in a "
                           f"row, 0-99, got {streak!r}", "streak")
    la = raw.get("la_zhuang") or []
    if not isinstance(la, list) or any(s not in WINDS for s in la):
        raise MahjongError("table.la_zhuang (拉庄) lists seat winds", "la_zhuang")
    if table.dealer in la:
        raise MahjongError("table.la_zhuang: 拉庄 is asked by a non-dealer of the dealer "
                           "(闲家可以向庄家提出拉庄)", "la_zhuang")
    table.streak, table.la_zhuang = streak, list(la)
    return table


def _best(state: HandState, readings: list[Decomposition], table: Table, win: Win,
          profile: RuleProfile) -> tuple[Scored, WinningHand]:
    best: tuple[Scored, WinningHand] | None = None
    for hand in winning_hands(state, readings):
        scored = TABLE.score(hand, win, profile.extra, own_items(hand, state, table, profile))
        if best is None or scored.total > best[0].total:
            best = (scored, hand)
    assert best is not None
    return best


def score_taiwan(state: HandState, profile: RuleProfile,
                 readings: list[Decomposition]) -> dict[str, Any]:
    """Score a 16-tile win: items in 台, the 台 (the dealer's where he is involved), payments."""
    table = read_taiwan_table(state, profile)
    winner = table.seat
    assert winner is not None
    dealer = table.dealer
    win = Win.of(state, winner == dealer)
    scored, hand = _best(state, readings, table, win, profile)
    tai = scored.total
    if tai < profile.option("min_tai"):
        raise MahjongError(f"taiwan: {tai} 台 is below the minimum of {profile.option('min_tai')} "
                           "(option min_tai)", "min_tai")
    extra = dealer_items(table, profile)
    extra_tai = sum(i["value"] for i in extra)
    payers = table.others if table.self_drawn or state.robbing_kong else [table.discarder]
    ledger = Ledger()
    breakdown: dict[str, int] = {}
    carried = []
    for payer in payers:
        assert payer is not None
        involved = dealer in (winner, payer)
        payer_tai = tai + (extra_tai if involved else 0)
        amount = profile.option("base") + payer_tai * profile.option("per_tai")
        breakdown[payer] = payer_tai
        if winner == dealer and payer in table.la_zhuang:
            kept = amount // 3
            carried.append({"from": payer, "to": winner, "amount": kept, "rule": "la_zhuang"})
            amount -= kept
        ledger.pay(payer, winner, amount, "self-drawn" if table.self_drawn else "win on a discard")
    items = list(scored.items)
    if dealer == winner or (not table.self_drawn and table.discarder == dealer):
        items += extra
        tai += extra_tai
    return {
        "variant": profile.name, "items": items, "total": tai, "tai": tai, "limit": False,
        "points": profile.option("base") + tai * profile.option("per_tai"),
        "unit": "台 (each payer owes base + 台 × per_tai)", "winner": winner, "dealer": dealer,
        "dealer_items": extra, "tai_by_payer": breakdown, "streak": table.streak,
        "carried": carried, "hand_form": hand.form.value, **ledger.to_json(),
        "assumed": table.assumed,
    }
