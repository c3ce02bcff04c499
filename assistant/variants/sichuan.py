"""Sichuan 四川麻将: 血战到底 (``sichuan``) and 血流成河 (``xueliu``) with 成都计番.

The rules, the seed sentences and every decision are in ``docs/rules/sichuan.md``. 108 tiles, no
chow, 缺一门 (定缺), 刮风下雨 (kong money at once), 一炮多响. Fan are added, capped (封顶) and a
payer owes ``base × 2^fan``: the discarder on a discard, each seat still in on a self-draw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.dora import dora_item
from ..scoring.fan_table import Combo, Entry, FanTable, Scored, best_reading
from ..scoring.items import item
from ..scoring.kongs import KongRate, settle_kongs
from ..scoring.patterns import Win, WinningHand
from ..scoring.settlement import Ledger
from ..scoring.table import Table, read_hand_table
from ..shanten import Form
from ..tiles import HONORS

#: 成都: players at the table -> tiles in a hand (两人、三人、四人 13; 五人 10; 六人 7; 七人以上 4).
HAND_SIZE_BY_PLAYERS = {2: 13, 3: 13, 4: 13, 5: 10, 6: 7} | dict.fromkeys(range(7, 14), 4)
#: 七人以上 has no upper end in the seed: the deal may take at most the 53 tiles of four players'
#: (4 × 13 + 1), about half of the 108, so that the wall still plays: 4 × 13 + 1 = 53 is 13 players.
MAX_PLAYERS = max(HAND_SIZE_BY_PLAYERS)

SPECS: dict[str, OptionSpec] = {
    "fan_cap": OptionSpec("封顶番数（null = 不封顶）", "the cap in fan (封顶; null: no cap)",
                          kind="int_or_null", minimum=0, maximum=13),
    "self_drawn": OptionSpec("自摸：加番 / 加底 / 翻倍", "a self-draw adds a fan (add_fan), adds the "
                             "base to each payment (add_base) or doubles it (double)",
                             kind="choice", choices=("add_fan", "add_base", "double")),
    "jingoudiao_fan": number("金钩钓番数（取代对对胡；0 = 不计）", "fan of 金钩钓, replacing "
                                 "对对胡 (0: not counted)", 13),
    "jingoudiao_scope": OptionSpec("金钩钓：四组落地单钓 / 对对胡钓将即算",
                                   "金钩钓 is four sets laid out and one tile held (single_tile), "
                                   "or any all-pungs hand won on its pair (pair_wait)",
                                   kind="choice", choices=("single_tile", "pair_wait")),
    "qidui_fan": number("七对番数", "fan of 七对 (seven pairs)", 13),
    "tianhu_fan": number("天胡番数", "fan of 天胡 (the dealer wins on his dealt hand)", 13),
    "dihu_fan": number("地胡番数", "fan of 地胡 (a non-dealer wins in the first go-around)", 13),
    "daiyaojiu_fan": number("带幺九番数（0 = 不计）", "fan of 带幺九 (0: not counted)", 13),
    "duanyaojiu_fan": number("断幺九（中张）番数（0 = 不计）", "fan of 断幺九 / 中张 (0: not "
                                 "counted)", 13),
    "menqing_fan": number("门清番数（0 = 不计）", "fan of 门清, nothing claimed (0: not "
                              "counted)", 13),
    "base": number("底分", "the base a 0-fan hand is worth", 10000, 1),
    "gang_an": number("下雨：暗杠每家付（× 底分）", "下雨: a concealed kong, paid by each seat "
                          "still in (× base)", 100),
    "gang_zhi": number("刮风：直杠由放杠者付（× 底分）", "刮风: a kong on a discard, paid by the "
                           "discarder (× base)", 100),
    "gang_jia": number("刮风：加杠每家付（× 底分）", "刮风: an added kong, paid by each seat "
                           "still in (× base)", 100),
    "hujiao_zhuanyi": OptionSpec("呼叫转移：杠上炮时放炮者把刚收的杠钱转给和牌者",
                                 "呼叫转移: on 杠上炮 the discarder hands the money of the kong he "
                                 "just made to the winner"),
    "tuishui": OptionSpec("退税：流局未听牌者退还杠钱", "退税: at a drawn hand a seat not ready "
                          "pays back the kong money it took"),
    "players": OptionSpec("人数（成都：2-13人；五人10张、六人7张、七人以上4张）",
                          "players at the table (成都: 2 to 13; five play 10 tiles, six 7, seven "
                          "or more 4)", kind="int", minimum=2, maximum=MAX_PLAYERS,
                          engine=lambda n: {"hand_size": HAND_SIZE_BY_PLAYERS[n],
                                            "seats": n if n < 4 else 4}),
    "three_player_flush_only": OptionSpec("三人麻将必须清一色", "three players: only a full flush "
                                          "wins (as two players must)"),
    "exchange_three": OptionSpec("换三张方向（none = 不换）", "换三张: the three-tile exchange and "
                                 "its direction", kind="choice",
                                 choices=("none", "clockwise", "counterclockwise", "opposite")),
    "next_dealer": OptionSpec("下一局庄家：首位和牌者 / 点炮多响时点炮者",
                              "who deals next: the first winner (first_winner), or the discarder "
                              "when one discard made several winners (discarder_on_multiple)",
                              kind="choice", choices=("first_winner", "discarder_on_multiple")),
    "winner_may_change_wait": OptionSpec("血流成河：和牌后可以换听", "血流成河: a seat that has won "
                                         "may change its wait"),
    "winner_discards_claimable": OptionSpec("血流成河：和牌者打出的牌别人可以碰杠和",
                                            "血流成河: others may pung, kong or win on a winner's "
                                            "discards"),
}

DEFAULTS: dict[str, Any] = {
    "fan_cap": 3, "self_drawn": "add_base", "jingoudiao_fan": 2, "jingoudiao_scope": "single_tile",
    "qidui_fan": 2, "tianhu_fan": 3, "dihu_fan": 3, "daiyaojiu_fan": 0, "duanyaojiu_fan": 0,
    "menqing_fan": 0, "base": 1, "gang_an": 2, "gang_zhi": 2, "gang_jia": 1,
    "hujiao_zhuanyi": False, "tuishui": False,
    "players": 4, "three_player_flush_only": False, "exchange_three": "none",
    "next_dealer": "first_winner", "winner_may_change_wait": False,
    "winner_discards_claimable": True,
    # Table facts (not options): kongs paid at once stand on a draw; a winner leaves (血战).
    "kongs_stand_on_draw": True, "after_win": "leave", "dice": "one_throw", "wall_stacks": 18,
    "wall_direction": "counterclockwise",
    # 最后四张自动和 (l.207): with this many tiles left a ready seat's winning tile wins at once.
    "auto_win_tiles": 4,
}

#: 成都计番, the card: 根/杠 1 each, 对对胡 1, 杠上开花 1, 七对 2, 清一色 2, and what Sichuan tables add.
TABLE = FanTable(
    entries=(
        Entry("root", 1), Entry("all_pungs", 1), Entry("seven_pairs", "qidui_fan"),
        Entry("full_flush", 2),
        Entry("four_kongs", "jingoudiao_fan", replaces=("all_pungs", "single_tile_wait",
                                                       "all_pungs_pair_wait")),
        Entry("single_tile_wait", "jingoudiao_single", replaces=("all_pungs",)),
        Entry("all_pungs_pair_wait", "jingoudiao_pair", replaces=("all_pungs",)),
        Entry("all_258_pungs", 3, replaces=("all_pungs",)),
        Entry("outside", "daiyaojiu_fan"), Entry("all_simples", "duanyaojiu_fan"),
        Entry("concealed", "menqing_fan"),
        Entry("kong_flower", 1), Entry("kong_discard", 1), Entry("robbing_kong", 1),
        Entry("last_tile_draw", 1), Entry("last_tile_discard", 1),
        Entry("heavenly", "tianhu_fan"), Entry("earthly", "dihu_fan"),
    ),
    combine="fan", cap="fan_cap", fallback=Entry("chicken", 0, name_en="Plain win (平和, 0 fan)"),
    combos=(
        Combo(("full_flush", "seven_pairs", "root"), "清龙七对", "Full-flush seven pairs with a root"),
        Combo(("full_flush", "four_kongs"), "清十八罗汉", "Full-flush four kongs"),
        Combo(("full_flush", "seven_pairs"), "清七对", "Full-flush seven pairs"),
        Combo(("full_flush", "single_tile_wait"), "清金钩钓", "Full-flush golden hook"),
        Combo(("full_flush", "all_pungs"), "清对", "Full-flush all pungs"),
        Combo(("seven_pairs", "root"), "龙七对", "Seven pairs with a root"),
    ),
)

_SUMMARY = (
    ("牌：108张（万筒条，无字牌），不能吃牌；开局每家定缺一门，手中还有该门的牌不能和，应先打掉。",
     "Tiles: 108 (no honours), no chow; each seat gives up a suit (定缺) and cannot win while "
     "holding one of its tiles, which it discards first."),
    ("番：根（杠或四归一）每个1番，对对胡1，杠上开花1，七对2，清一色2；金钩钓2（取代对对胡），将对3，"
     "龙七对、清七对、清对等为各项相加；杠上炮、抢杠胡、海底捞月、海底炮各1；天胡、地胡封顶；无番为平和。",
     "Fan: each root (a kong or four copies) 1, 对对胡 1, 杠上开花 1, 七对 2, 清一色 2; 金钩钓 2 "
     "(replacing 对对胡), 将对 3, 龙七对/清七对/清对 the sum of their parts; 杠上炮, 抢杠胡, 海底捞月, "
     "海底炮 1 each; 天胡, 地胡 at the cap; a hand with no fan wins as 平和."),
    ("分：底分 × 2^番，封顶3番；点炮者付，自摸时仍在局的每家付（自摸加底）。一炮多响。",
     "Points: base × 2^fan, capped at 3 fan; the discarder pays, or on a self-draw each seat still "
     "in (plus the base: 自摸加底). Several winners on one discard."),
    ("刮风下雨：暗杠每家付2，直杠放杠者付2，加杠每家付1（× 底分），杠时立即收。",
     "刮风下雨: a concealed kong 2 from each, a kong on a discard 2 from the discarder, an added "
     "kong 1 from each (× base), paid at once."),
    ("流局：查花猪（手中三门的一家赔每家封顶），查大叫（未听牌的赔听牌者最大番），可选退税。",
     "A drawn hand: 查花猪 (a seat holding three suits pays each other the cap) and 查大叫 (a seat "
     "not ready pays each ready seat its best hand); 退税 as an option."),
)

#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "平和：缺一门，无番",
     "en": "Plain win, one suit void, no fan",
     "hand": {"concealed": "123456m234p678p9p", "win_tile": "9p", "context": {"void_suit": "s"}}},
    {"zh": "清对：清一色加对对胡",
     "en": "Full flush all pungs",
     "hand": {"concealed": "1113335557779m", "win_tile": "9m", "context": {"self_drawn": True}}},
    {"zh": "龙七对：七对带根",
     "en": "Seven pairs with a root",
     "hand": {"concealed": "11m11m66m99m22p55p8p", "win_tile": "8p"}},
)

SICHUAN = RuleProfile(
    name="sichuan", name_zh="四川麻将·血战到底",
    description_en="Sichuan 血战到底 with 成都计番: 108 tiles, no chow, a void suit (缺一门), kong "
                   "money at once (刮风下雨), several winners on one discard; a winner leaves and "
                   "the others play on; fan added, 2^fan, capped at 3.",
    description_zh="四川血战到底（成都计番）：108张，不能吃，缺一门，刮风下雨，一炮多响；和牌者退出，其余"
                   "继续打到最后一人；番数相加，2的番数次方，3番封顶。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), absent_tiles=HONORS, chow_allowed=False,
    multiple_winners=True, kong_robbable=True, lack_a_suit=True, examples=EXAMPLES, extra=DEFAULTS,
    extra_specs=SPECS, rules_summary=_SUMMARY + (
        ("血战到底：和牌者不亮牌、退出，其余人继续，直到剩一人或摸完牌；每次和牌在仍在局者之间即时结算。",
         "血战到底: a winner leaves; the others play on until one is left or the wall is empty; "
         "each win is settled at once between the seats still in."),),
)

XUELIU = replace(
    SICHUAN, name="xueliu", name_zh="四川麻将·血流成河", extra={**DEFAULTS, "after_win": "stay"},
    description_en="Sichuan 血流成河: scored as 血战到底, but a winner stays in and may win again "
                   "until the wall is empty.",
    description_zh="四川血流成河：计分同血战到底，但和牌者不退出，可以继续和牌，直到摸完牌。",
    rules_summary=_SUMMARY + (
        ("血流成河：和牌后不出局，继续摸打；能否换听、和牌者打出的牌别人能否碰杠和，由选项决定。",
         "血流成河: a winner plays on; whether he may change his wait and whether others may claim "
         "his discards are options."),),
)


def kong_rates(profile: RuleProfile) -> dict[str, KongRate]:
    """刮风下雨: 暗杠 from each, 直杠 from the discarder, 加杠 from each, in units of the base."""
    o, b = profile.extra, profile.option("base")
    return {"an": KongRate("下雨（暗杠）", "Concealed kong (下雨), from each", o["gang_an"] * b),
            "zhi": KongRate("刮风（直杠）", "Kong on a discard (刮风), from the discarder",
                            o["gang_zhi"] * b, "discarder"),
            "jia": KongRate("刮风（加杠）", "Added kong (刮风), from each", o["gang_jia"] * b)}


def settle_sichuan_kongs(ledger: Ledger, table: Table,
                         profile: RuleProfile) -> dict[str, list[dict[str, Any]]]:
    """Pay every kong of the hand at once, by the seats still in."""
    return settle_kongs(ledger, table, kong_rates(profile))


def read_sichuan_table(state: HandState | None, profile: RuleProfile,
                       data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table of a Sichuan hand (no bets; ``in_play``: the seats still in)."""
    if state is not None:
        _check_flush(state, profile)
    table = read_hand_table(state, profile, data, need_seat, max_bet=0)
    if profile.option("after_win") == "stay" and len(table.in_play) < 4:
        gone = [s for s in "ESWN" if s not in table.in_play]
        raise MahjongError(f"血流成河: nobody leaves the hand after a win (和牌之后并不出局), so every "
                           f"seat is in play and pays; table.in_play leaves out {' '.join(gone)}",
                           "in_play")
    return table


def _check_flush(state: HandState, profile: RuleProfile) -> None:
    """成都 two players (three with the option): "必须是清一色" — a win is one suit."""
    players = profile.option("players")
    flush_only = players == 2 or (players == 3 and profile.option("three_player_flush_only"))
    if flush_only and state.tile_count == profile.hand_size + 1:
        tiles = state.tiles + [t for m in state.melds for t in m.faces]
        if len({t[1] for t in tiles}) != 1:
            raise MahjongError(f"{players} players at a 成都 table: only 清一色 (a full flush) "
                               "wins", "players")


def values(profile: RuleProfile) -> dict[str, Any]:
    """The options the card reads, with 金钩钓's value given to the scope the table plays."""
    o = dict(profile.extra)
    single = o["jingoudiao_scope"] == "single_tile"
    o["jingoudiao_single"] = o["jingoudiao_fan"] if single else 0
    o["jingoudiao_pair"] = 0 if single else o["jingoudiao_fan"]
    return o


def score_hand(state: HandState, profile: RuleProfile, readings: list[Decomposition],
               table: Table) -> tuple[Scored, WinningHand]:
    """The best reading on the card, 自摸加番 included when the table plays it."""
    win = Win.of(state, table.seat == table.dealer)
    add_fan = state.self_drawn and profile.option("self_drawn") == "add_fan"

    def own(hand: WinningHand) -> list[dict[str, Any]]:
        out = [item("自摸加番", "Self-drawn, one fan more", 1, event="self_drawn")] if add_fan else []
        dora = dora_item(hand, profile)  # 宝牌 where the table turns the switch on
        return out + ([dora] if dora else [])
    return best_reading(state, readings, TABLE, win, values(profile), own)


def score_sichuan(state: HandState, profile: RuleProfile,
                  readings: list[Decomposition]) -> dict[str, Any]:
    """Score a 血战/血流 win: items in fan, the fan (capped), the points per payer, payments."""
    table = read_sichuan_table(state, profile)
    winner = table.seat
    assert winner is not None
    scored, hand = score_hand(state, profile, readings, table)
    base = profile.option("base")
    points = scored.worth(base)
    mode = profile.option("self_drawn")
    per_payer = points
    if state.self_drawn and mode == "add_base":
        per_payer += base
    elif state.self_drawn and mode == "double":
        per_payer *= 2
    ledger = Ledger(table.seats)
    kong_items = settle_sichuan_kongs(ledger, table, profile)
    payers = table.others if state.self_drawn else [table.discarder]
    for payer in payers:
        assert payer is not None
        ledger.pay(payer, winner, per_payer, "self-drawn" if state.self_drawn else "win on a discard")
    items = list(scored.items)
    if state.after_kong_discard and profile.option("hujiao_zhuanyi"):
        items += _transfer_kong(ledger, table, profile, winner)
    if scored.capped:
        items.append(item("封顶", f"Cap: {scored.uncapped} fan counted as {scored.total}",
                          scored.total - scored.uncapped, event="cap"))
    return {
        "variant": profile.name, "items": items, "total": scored.total, "fan": scored.total,
        "limit": scored.capped, "points": points, "per_payer": per_payer, "unit": "fan",
        "winner": winner, "dealer": table.dealer, "in_play": table.in_play,
        "kong_items": kong_items.get(winner, []), "hand_form": hand.form.value,
        **ledger.to_json(), "assumed": table.assumed,
    }


def _transfer_kong(ledger: Ledger, table: Table, profile: RuleProfile,
                   winner: str) -> list[dict[str, Any]]:
    """呼叫转移: the discarder's last kong money goes on to the winner of his discard."""
    assert table.discarder is not None
    kongs = table.kongs_of(table.discarder)
    if not kongs:
        raise MahjongError("呼叫转移: 杠上炮 needs the discarder's kong in table.kongs",
                           "after_kong_discard")
    kong = kongs[-1]
    rate = kong_rates(profile)[kong.kind]
    payers = 1 if kong.kind == "zhi" else sum(1 for s in table.in_play if s != table.discarder)
    amount = rate.amount * payers
    ledger.pay(table.discarder, winner, amount, "呼叫转移")
    return [item("呼叫转移", "The kong money of the discarder's kong, handed to the winner",
                 amount, event="kong_transfer")]


def best_fan_of_ready(state: HandState, profile: RuleProfile,
                      analyze: Callable[[HandState, RuleProfile], dict[str, Any]]
                      ) -> tuple[int, str] | None:
    """查大叫: the most a ready 13-tile hand can win on a discard (fan capped, wait), or None;
    ``analyze`` is the whole analysis of a hand (:func:`assistant.analysis.analyze_state`), given
    by the caller because it scores through the variants' registry, which imports this module."""
    result = analyze(state, profile)
    best: tuple[int, str] | None = None
    for wait in result["waits"]:
        won = replace(state, win_tile=wait["tile"], self_drawn=False, table=None)
        scored = analyze(won, profile).get("score")
        if scored is not None and (best is None or scored["total"] > best[0]):
            best = (scored["total"], wait["tile"])
    return best


def settle_sichuan_draw(profile: RuleProfile, table: Table, hands: dict[str, Any], ledger: Ledger,
                        analyze: Callable[[HandState, RuleProfile], dict[str, Any]]
                        ) -> list[dict[str, Any]]:
    """流局: 查花猪 (three suits held: pays each other seat in the cap), 查大叫 (not ready: pays each
    ready seat its best hand), 退税 (not ready: kong money paid back) among the seats still in."""
    base, cap = profile.option("base"), profile.option("fan_cap")
    cap_points = base * 2 ** (cap if cap is not None else 3)
    states: dict[str, HandState] = {}
    for seat in table.in_play:
        if seat not in hands:
            raise MahjongError(f"查大叫: the hand of seat {seat}, still in, is missing", seat)
        try:
            states[seat] = HandState.from_json(hands[seat], profile.hand_size)
        except MahjongError as exc:
            raise MahjongError(f"seat {seat}: {exc}", exc.token) from None
    pigs = [s for s, st in states.items() if len({t[1] for t in st.tiles + [
        t for m in st.melds for t in m.faces]}) == 3]
    ready = {s: best for s in states if s not in pigs
             and (best := best_fan_of_ready(states[s], profile, analyze)) is not None}
    items: list[dict[str, Any]] = []
    for pig in pigs:
        for other in (s for s in states if s not in pigs):
            ledger.pay(pig, other, cap_points, "花猪")
        items.append(item("查花猪", f"Flower pig {pig}: holds three suits, pays the cap to each",
                          -cap_points * (len(states) - len(pigs)), event=f"pig_{pig}"))
    for seat in (s for s in states if s not in pigs and s not in ready):
        for winner, (fan, _) in ready.items():
            ledger.pay(seat, winner, base * 2 ** fan, "查大叫")
        if ready:
            items.append(item("查大叫", f"Not ready {seat}: pays each ready seat its best hand",
                              -sum(base * 2 ** f for f, _ in ready.values()), event=f"not_ready_{seat}"))
        if profile.option("tuishui"):
            for kong in table.kongs_of(seat):
                rate = kong_rates(profile)[kong.kind]
                payers = [kong.source] if kong.kind == "zhi" else [
                    s for s in table.in_play if s != seat]
                for payer in payers:
                    if payer is not None:
                        ledger.pay(seat, payer, rate.amount, "退税")
            if table.kongs_of(seat):
                items.append(item("退税", f"Not ready {seat}: kong money paid back", 0,
                                  event=f"tuishui_{seat}"))
    return items

