"""Guangdong 鸡平和 (Cantonese chicken hand): fan → points 2^fan, the 爆和 cap, 包自摸 liability.

The rules and decisions are in ``docs/rules/guangdong.md`` (cases ``docs/rules/cases/guangdong-
*.json``). A hand scores the highest special hand beyond the cap if it has one, nothing added;
otherwise its patterns inside the cap plus the +1s (自摸, 门风, 圈风, each dragon pung), capped.
一炮三响, 杠上开花 (包杠), 海底捞月 and 抢杠 lift the hand to at least 3 fan. Each paying share is
2^fan: all three on a self-draw, the discarder on a discard, the liable seat alone under 包.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState, Meld
from ..profile import OptionSpec, RuleProfile
from ..scoring.by_card import pay_self_drawn
from ..scoring.dora import dora_item
from ..scoring.fan_table import Entry, FanTable
from ..scoring.items import item
from ..scoring.patterns import (
    Win,
    WinningHand,
    dragon_pungs,
    is_all_chows,
    is_all_pungs,
    is_half_flush,
    wind_pungs,
    winning_hands,
)
from ..scoring.settlement import Ledger
from ..scoring.table import NOT_GIVEN, Table, next_seat, read_hand_table
from ..shanten import Form
from ..tiles import DRAGONS, WINDS, sorted_tiles

SPECS: dict[str, OptionSpec] = {
    "flowers": OptionSpec("带花牌（144张，每家18墩，补花）", "play with the 8 flowers: 144 tiles, "
                          "18-stack walls, flowers replaced (they score nothing)"),
    "bao_he_cap": OptionSpec("爆和（封顶）番数，null = 不封顶", "the 爆和 cap in fan for hands inside "
                             "it (null: no cap)", kind="int_or_null", minimum=0),
    "event_min_fan": OptionSpec("一炮三响、杠上开花、包杠、海底捞月、抢杠的最低番数",
                                "fan floor of 一炮三响, 杠上开花, 杠上开花包杠, 海底捞月 and 抢杠",
                                kind="int", minimum=0),
    "two_winner_floor": OptionSpec("一炮两响也按最低番计算", "一炮两响 also gets the fan floor"),
    "double_wind_counts_twice": OptionSpec("门风与圈风相同时刻子算2番", "a pung of a wind that is "
                                           "both seat and prevalent wind earns +2"),
    "specials_stack": OptionSpec("爆和以外的牌型可以叠加", "special hands beyond the cap add up "
                                 "(else only the highest counts)"),
    "tian_he_fan": OptionSpec("天和番数", "fan of 天和 (heavenly win)", kind="int", minimum=0),
    "di_he_fan": OptionSpec("地和番数", "fan of 地和 (earthly win)", kind="int", minimum=0),
    "ren_he_fan": OptionSpec("人和番数", "fan of 人和 (human win)", kind="int", minimum=0),
    "discard_payment": OptionSpec("点炮谁付：点炮者付一份 / 点炮者包三家 / 三家各付",
                                  "who pays a win on a discard: the discarder one share, the "
                                  "discarder three shares, or each of the three one share",
                                  kind="choice", choices=("discarder", "discarder_x3", "all")),
    "pass_lock_scope": OptionSpec("过手不和：只锁同一张牌 / 锁所有点炮",
                                  "a passed win locks the same tile only, or every win on a "
                                  "discard, until the player draws or claims", kind="choice",
                                  choices=("same_tile", "any_tile")),
    "twelve_down_liability": OptionSpec("十二张落地包自摸（包先不包后）", "the discarder who gave a "
                                        "player his 4th exposed set pays that player's self-draw "
                                        "alone (first one only)"),
    "big_hand_liability": OptionSpec("大四喜、大三元包自摸", "the discarder of the last wind (dragon) "
                                     "set of an exposed 大四喜 (大三元) pays the self-draw alone"),
    "seat_wind_follows_dealer": OptionSpec("门风随庄家转（庄家为东）", "seat winds follow the dealer "
                                           "(the dealer's seat wind is East)"),
    "dead_wall_stacks": OptionSpec("流局时留的墩数", "stacks kept back when the hand is drawn",
                                   kind="int", minimum=0, maximum=17),
    "wall_direction": OptionSpec("抓牌方向", "direction of the deal: clockwise continues into the "
                                 "上家's wall", kind="choice",
                                 choices=("clockwise", "counterclockwise")),
    "break_after_count": OptionSpec("庄家从数到的那一墩之后开始抓", "the dealer starts after the "
                                    "counted stack (else on it)"),
}

DEFAULTS: dict[str, Any] = {
    "flowers": False, "bao_he_cap": 3, "event_min_fan": 3, "two_winner_floor": False,
    "double_wind_counts_twice": True, "specials_stack": False, "tian_he_fan": 6, "di_he_fan": 6,
    "ren_he_fan": 6, "discard_payment": "discarder", "pass_lock_scope": "same_tile",
    "twelve_down_liability": True, "big_hand_liability": True, "seat_wind_follows_dealer": True,
    "dead_wall_stacks": 0, "wall_direction": "clockwise", "break_after_count": True,
    "dice": "three_dice", "wall_stacks": 17,
    # The deal (l.7): three rounds of two stacks, then "由庄家跳牌(隔一墩)抓上層两牌，其他人依次各抓一张".
    "deal_finish": "jump",
}

GUANGDONG = RuleProfile(
    name="guangdong", name_zh="广东鸡平和",
    description_en="Guangdong 鸡平和: 136 tiles; any complete hand wins (鸡和, 0 fan) or 十三幺; "
                   "fan → points 2^fan; the 爆和 cap (3 fan) with special hands above it; "
                   "self-draw, seat and prevalent wind, dragon pungs +1 inside the cap; several "
                   "winners on one discard; 包自摸 liabilities; a passed win is locked.",
    description_zh="广东鸡平和：136张；任何和牌均可和（鸡和0番），另有十三幺；番数→分值2^番；爆和3番封顶，"
                   "特殊牌型不受限；自摸、门风、圈风、箭刻在爆和内各加1番；允许一炮多响；包自摸；过手不和。",
    forms=(Form.REGULAR, Form.THIRTEEN_ORPHANS), chow_allowed=True, multiple_winners=True,
    kong_robbable=True, pass_lock=True, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("牌：136张，无花牌，三颗骰子。", "Tiles: 136, no flowers, three dice."),
        ("番种（爆和以内）：鸡和0、平和1、碰碰和2、混一色2；自摸、门风刻、圈风刻、每个箭刻各+1；爆和3番封顶。",
         "Inside the cap: 鸡和 0, 平和 1, 碰碰和 2, 混一色 2; +1 each for self-draw, seat-wind "
         "pung, prevalent-wind pung, each dragon pung; capped at 3 fan (爆和)."),
        ("爆和以外：清一色4、混碰4、清碰5、混幺九5、小三元5、小四喜5、字一色6、清幺九6、大三元6、大四喜6、"
         "九莲宝灯6、十三幺6；不再叠加其他番种。天和、地和、人和各6番。",
         "Beyond the cap: 清一色 4, 混碰 4, 清碰 5, 混幺九 5, 小三元 5, 小四喜 5, 字一色 6, 清幺九 6, "
         "大三元 6, 大四喜 6, 九莲宝灯 6, 十三幺 6; nothing added. 天和, 地和, 人和 6 each."),
        ("分值：2的番数次方；自摸三家各付，点炮由点炮者付。",
         "Points: 2^fan per share; a self-draw is paid by all three, a win on a discard by the "
         "discarder."),
        ("一炮三响、杠上开花、杠上开花包杠、海底捞月、抢杠：不满3番按3番计算。",
         "一炮三响, 杠上开花, 杠上开花包杠, 海底捞月, 抢杠: at least 3 fan."),
        ("包自摸：十二张落地（包先不包后）、大四喜、大三元、抢杠、杠上开花包杠由责任者包三家。",
         "Liability: 十二张落地 (the first only), 大四喜, 大三元, 抢杠 and 杠上开花包杠 make one "
         "seat pay all three shares."),
        ("允许一炮多响；过手不和：放弃和牌后，动牌前不能和同一张牌。",
         "Several winners on one discard; a seat that passed a win cannot win on that tile until "
         "it draws or claims."),
        ("流局：摸完最后一张；庄家和牌或流局连庄，否则下家坐庄；每打完一圈风圈按东南西北转换。",
         "Draw: after the last tile; the dealer keeps the deal on a win or a draw, else his 下家 "
         "deals; the prevalent wind moves E → S → W → N after each round."),
    ),
)

#: Special hands beyond the cap (爆和以外): the card. When specials stack, a bigger one replaces
#: those it contains; else only the highest counts.
SPECIALS = FanTable(entries=(
    Entry("nine_gates", 6, replaces=("full_flush", "full_flush_all_pungs")),
    Entry("full_flush", 4),
    Entry("full_flush_all_pungs", 5, replaces=("full_flush", "half_flush_all_pungs")),
    Entry("half_flush_all_pungs", 4),
    Entry("terminals_and_honours", 5, replaces=("half_flush_all_pungs",)),
    Entry("big_three_dragons", 6), Entry("little_three_dragons", 5),
    Entry("big_four_winds", 6), Entry("little_four_winds", 5),
    Entry("all_honours", 6, replaces=("half_flush_all_pungs",)),
    Entry("all_terminals", 6, replaces=("full_flush_all_pungs", "full_flush")),
    Entry("thirteen_orphans", 6, replaces=("terminals_and_honours",)),
), combine="points")
FIRST_ROUND = {"天和": ("Heavenly win", "tian_he_fan"), "地和": ("Earthly win", "di_he_fan"),
               "人和": ("Human win", "ren_he_fan")}


def seat_wind(table: Table, profile: RuleProfile) -> str:
    """The winner's 门风: counted from the dealer (East) when seat winds follow the dealer."""
    assert table.seat is not None
    if not profile.option("seat_wind_follows_dealer"):
        return table.seat
    return WINDS[(WINDS.index(table.seat) - WINDS.index(table.dealer)) % 4]


def special_hands(hand: WinningHand, profile: RuleProfile) -> list[dict[str, Any]]:
    """The special hands beyond the cap that this reading makes: all of them where they stack,
    else the highest."""
    items = SPECIALS.score(hand, Win(), profile.extra).items
    if items and not profile.option("specials_stack"):
        return [max(items, key=lambda i: i["value"])]
    return items


def first_round_win(state: HandState, table: Table) -> str | None:
    """天和 (the dealer's dealt hand), 地和 (a non-dealer's first draw) or 人和 (a non-dealer's win
    on a discard in the first go-around), from ``first_go_around``."""
    if not state.first_go_around:
        return None
    if table.self_drawn:
        return "天和" if table.seat == table.dealer else "地和"
    return "人和" if table.seat != table.dealer else None


def _special_items(hand: WinningHand, first: str | None,
                   profile: RuleProfile) -> list[dict[str, Any]]:
    items = special_hands(hand, profile)
    if first:
        zh_en, key = FIRST_ROUND[first]
        value = profile.option(key)
        if profile.option("specials_stack") or value > max((i["value"] for i in items), default=-1):
            items = (items if profile.option("specials_stack") else []) + [
                item(first, zh_en, value, event="first_go_around")]
    return items


def _inside_items(hand: WinningHand, state: HandState, table: Table, profile: RuleProfile,
                  counted_self: bool) -> list[dict[str, Any]]:
    tiles = sorted_tiles(hand.tiles)
    items = []
    if is_all_chows(hand):
        items.append(item("平和", "All chows", 1, tiles=tiles))
    if is_all_pungs(hand):
        items.append(item("碰碰和", "All pungs", 2, tiles=tiles))
    if is_half_flush(hand):
        items.append(item("混一色", "Half flush", 2, tiles=tiles))
    if not items:
        items.append(item("鸡和", "Chicken hand", 0, tiles=tiles))
    own, prevalent = seat_wind(table, profile), table.prevalent_wind or state.prevalent_wind
    winds = wind_pungs(hand)
    if own in winds:
        items.append(item("门风刻", "Seat-wind pung", 1, tiles=[own] * 3))
    if prevalent in winds and (prevalent != own or profile.option("double_wind_counts_twice")):
        items.append(item("圈风刻", "Prevalent-wind pung", 1, tiles=[prevalent] * 3))
    for d in dragon_pungs(hand):
        items.append(item("箭刻", "Dragon pung", 1, tiles=[d] * 3))
    if counted_self:
        en = "Self-drawn" if table.self_drawn else "Counted as self-drawn"
        items.append(item("自摸", en, 1, event="self_drawn"))
    dora = dora_item(hand, profile)  # 宝牌 where the table turns the switch on: inside the cap
    if dora:
        items.append(dora)
    cap = profile.option("bao_he_cap")
    fan = sum(i["value"] for i in items)
    if cap is not None and fan > cap:
        items.append(item("爆和", f"Cap ({fan} fan capped to {cap})", cap - fan, event="cap"))
    return items


def _kong_flower_liable(state: HandState, table: Table) -> str | None:
    """杠上开花包杠: after a kong on a discard (暗刻开明杠) its discarder is liable."""
    kongs = table.kongs_of(table.seat or "")
    if state.kong_replacement and table.self_drawn and kongs and kongs[-1].kind == "zhi":
        return kongs[-1].source
    return None


def _floor_event(state: HandState, table: Table, profile: RuleProfile) -> tuple[str, str] | None:
    if state.robbing_kong:
        return "抢杠", "Robbing a kong"
    if state.kong_replacement and table.self_drawn:
        if _kong_flower_liable(state, table):
            return "杠上开花包杠", "Kong flower, the kong's discarder pays"
        return "杠上开花", "Win on a kong replacement"
    if state.last_tile and table.self_drawn:
        return "海底捞月", "Win on the last tile"
    winners = len(table.winners)
    if not table.self_drawn and (winners == 3 or winners == 2 and profile.option("two_winner_floor")):
        return ("一炮三响", "Three wins on one discard") if winners == 3 else (
            "一炮两响", "Two wins on one discard")
    return None


def hand_items(hand: WinningHand, state: HandState, table: Table,
               profile: RuleProfile) -> list[dict[str, Any]]:
    """The items of one reading: specials (or patterns and +1s, capped) and the fan floor."""
    counted_self = table.self_drawn or state.robbing_kong
    items = _special_items(hand, first_round_win(state, table), profile)
    inside = _inside_items(hand, state, table, profile, counted_self)
    # A hand scores its best: a special (天和 … included) or, if higher, its own inside value.
    if sum(i["value"] for i in inside) > sum(i["value"] for i in items) or not items:
        items = inside
    event = _floor_event(state, table, profile)
    fan = sum(i["value"] for i in items)
    floor = profile.option("event_min_fan")
    if event and fan < floor:
        items.append(item(event[0], f"{event[1]} (floor {floor})", floor - fan,
                          event=event[1].lower().replace(" ", "_")))
    return items


def _source_seat(owner: str, meld: Meld) -> str | None:
    steps = {"left": 3, "opposite": 2, "right": 1}.get(meld.source or "")
    return next_seat(owner, steps) if steps else None


def derive_liable(state: HandState, table: Table, profile: RuleProfile,
                  specials: list[str]) -> tuple[str, str] | None:
    """(seat, rule) liable for a self-draw, read from the melds in claim order: the discarder of
    the last wind (dragon) set of an exposed 大四喜 (大三元), or of the 4th exposed set."""
    owner = table.seat or ""
    exposed = [m for m in state.melds if not m.concealed]
    if profile.option("big_hand_liability"):
        for name, tiles, size in (("大四喜", WINDS, 4), ("大三元", DRAGONS, 3)):
            sets = [m for m in exposed if m.type in ("pung", "kong", "quint") and m.tile in tiles]
            if name in specials and len(sets) == size:
                seat = _source_seat(owner, sets[-1])
                if seat:
                    return seat, "big_hand_liability"
    if profile.option("twelve_down_liability") and len(exposed) == 4:
        seat = _source_seat(owner, exposed[-1])
        if seat:
            return seat, "twelve_down_liability"
    return None


def liable_for(state: HandState, table: Table, profile: RuleProfile,
            specials: list[str]) -> tuple[str | None, str | None]:
    """(seat, rule) paying a self-draw alone (包): the robbed seat, the kong's discarder on 杠上开花包杠,
    ``table.liable``, or what the melds show (:func:`derive_liable`)."""
    if state.robbing_kong:
        return table.discarder, "rob_kong"
    bao_gang = _kong_flower_liable(state, table)
    if bao_gang:
        return bao_gang, "kong_flower"
    if not table.self_drawn:
        return None, None
    if table.liable == NOT_GIVEN:
        found = derive_liable(state, table, profile, specials)
        if found:
            table.assumed.append(f"liable seat {found[0]} ({found[1]}) read from the melds; give "
                                 "table.liable to say otherwise")
            return found
        return None, None
    if table.liable is None:
        return None, None
    rule = table.liable.get("rule")
    if rule in ("big_hand_liability", "twelve_down_liability") and not profile.option(rule):
        return None, None
    return table.liable["seat"], rule


def read_guangdong_table(state: HandState | None, profile: RuleProfile,
                         data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table of a Guangdong hand (no bets in 鸡平和)."""
    if state is not None and state.bonus and not profile.option("flowers"):
        raise MahjongError("guangdong plays without flowers; set the option flowers = true to "
                           "score a hand with flowers", state.bonus[0])
    return read_hand_table(state, profile, data, need_seat, max_bet=0)


def score_guangdong(state: HandState, profile: RuleProfile,
                    readings: list[Decomposition]) -> dict[str, Any]:
    """Score a 鸡平和 win: items in fan, the fan, the points 2^fan and every seat's payment."""
    table = read_guangdong_table(state, profile)
    winner = table.seat
    assert winner is not None
    best: tuple[int, list[dict[str, Any]], WinningHand] | None = None
    for hand in winning_hands(state, readings):
        items = hand_items(hand, state, table, profile)
        fan = sum(i["value"] for i in items)
        if best is None or fan > best[0]:
            best = (fan, items, hand)
    assert best is not None
    fan, items, hand = best
    points = 2 ** fan
    liable, rule = liable_for(state, table, profile, [i["name_zh"] for i in items])
    ledger = Ledger()
    if table.self_drawn or state.robbing_kong:
        pay_self_drawn(ledger, table, winner, points, liable, rule)
    else:
        assert table.discarder is not None
        mode = profile.option("discard_payment")
        if mode == "all":
            ledger.pay_each(table.others, winner, points, "win on a discard")
        else:
            ledger.pay(table.discarder, winner, points * (3 if mode == "discarder_x3" else 1),
                       "win on a discard")
    return {
        "variant": profile.name, "items": items, "total": fan, "fan": fan, "points": points,
        "unit": "points (2^fan per share)", "winner": winner, "dealer": table.dealer,
        "seat_wind": seat_wind(table, profile),
        "prevalent_wind": table.prevalent_wind or state.prevalent_wind,
        "liable": {"seat": liable, "rule": rule} if liable else None,
        "hand_form": hand.form.value, **ledger.to_json(), "assumed": table.assumed,
    }
