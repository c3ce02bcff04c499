"""Changsha 长沙麻将 (``changsha``): 小和 and 大和, 起手胡 on the dealt hand, 扎鸟, 通炮.

The seed's notes (003, l.169–177, no region named: the hands are Changsha's) and every decision
are in ``docs/rules/changsha.md``. A 小胡 needs a pair of 2, 5 or 8 (将); a hand that is also a
大胡 counts as 大 (大和含小和). Per payer: 小胡 1 × base (self-drawn 2), each 大胡 6 × base;
the dealer's payments one base more; each bird on the winner or a payer adds one share.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..decompose import Decomposition
from ..errors import MahjongError
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.fan_table import Entry, FanTable, best_reading
from ..scoring.items import item
from ..scoring.patterns import Win, WinningHand
from ..scoring.settlement import Ledger
from ..scoring.table import Table, next_seat, read_hand_table
from ..shanten import Form
from ..tiles import HONORS

SPECS: dict[str, OptionSpec] = {
    "base": number("底分", "the base: a 小胡 on a discard", 10000, 1),
    "big_value": number("每个大胡的分数（× 底分）", "each 大胡 is worth this many bases", 100, 1),
    "small_self_drawn": number("小胡自摸每家付（× 底分）", "a self-drawn 小胡: each payer pays this "
                               "many bases", 10, 1),
    "dealer_bonus": number("庄闲：庄家得失多算几个底分", "庄闲: a payment to or from the dealer is "
                           "this many bases more", 10),
    "birds": number("扎鸟张数", "bird tiles turned up after a win (扎鸟)", 8),
    "bird_mode": OptionSpec("中鸟：每只加付一份 / 每只加一个底分", "a bird on the winner (every payer) "
                            "or on a payer adds one share (share) or one base (base)",
                            kind="choice", choices=("share", "base")),
    "pinghu_258_pair": OptionSpec("小胡必须二五八做将", "a 小胡 needs a pair of 2, 5 or 8 (将)"),
    "big_combine": OptionSpec("几个大胡：相加 / 翻倍", "several 大胡 add up (add) or double each "
                              "time (double)", kind="choice", choices=("add", "double")),
}
DEFAULTS: dict[str, Any] = {
    "base": 1, "big_value": 6, "small_self_drawn": 2, "dealer_bonus": 1, "birds": 2,
    "bird_mode": "share", "pinghu_258_pair": True, "big_combine": "add",
    "next_dealer": "discarder_on_multiple", "dice": "one_throw", "wall_stacks": 14,
}

#: 大和 — each worth ``big_value``; 天胡 … 海底炮 are 大胡 by how the hand was won.
BIG = FanTable(
    entries=(
        Entry("seven_pairs", 1, name_zh="七巧对"), Entry("all_pungs", 1, name_zh="碰碰胡"),
        Entry("all_258", 1, name_zh="将将胡"), Entry("full_flush", 1),
        Entry("kong_flower", 1, name_zh="杠上花"), Entry("heavenly", 1, name_zh="天胡"),
        Entry("earthly", 1, name_zh="地胡"), Entry("robbing_kong", 1, name_zh="抢杠胡"),
        Entry("last_tile_draw", 1), Entry("last_tile_discard", 1, name_zh="海底炮"),
    ),
    combine="points",
)


def is_258(tile: str | None) -> bool:
    """A 2, 5 or 8 of a suit: the only pair (将) a 小胡 may have."""
    return tile is not None and len(tile) == 2 and tile[0] in "258"


def win_condition(state: HandState, hand: WinningHand,
                  profile: RuleProfile) -> tuple[str, str] | None:
    """A reading wins as a 大胡, or as a 小胡 with a 2-5-8 pair."""
    big = any(BIG.score(hand, Win.of(state, dealer), profile.extra).items for dealer in (True, False))
    if big or not profile.option("pinghu_258_pair") or is_258(hand.pair):
        return None
    return ("长沙：小胡必须二五八做将", "Changsha: a 小胡 needs a pair of 2, 5 or 8 (将)")


#: Example hands for the rules page, scored under this variant.
EXAMPLES = (
    {"zh": "平胡：二五八做将",
     "en": "Small win with a 2-5-8 pair",
     "hand": {"concealed": "123m456m789p234s5s", "win_tile": "5s"}},
    {"zh": "碰碰胡：大胡，不需将",
     "en": "All pungs: a big win, no 2-5-8 pair needed",
     "hand": {"concealed": "111m444m222p777p9p", "win_tile": "9p"}},
    {"zh": "七巧对", "en": "Seven pairs", "hand": {"concealed": "11m33m55m77m99m22p4p", "win_tile": "4p"}},
)

CHANGSHA = RuleProfile(
    name="changsha", name_zh="长沙麻将",
    description_en="Changsha: 108 tiles; a 小胡 needs a 2-5-8 pair; 大胡 (七巧对, 碰碰胡, 将将胡, "
                   "清一色, 杠上花, 天胡, 地胡, 抢杠胡, 海底捞月, 海底炮) 6 each; 起手胡 on the dealt hand "
                   "(四喜, 板板胡, 缺一色); 扎鸟; 通炮 (several winners, the discarder deals next).",
    description_zh="长沙麻将：108张；小胡必须二五八做将；大胡（七巧对、碰碰胡、将将胡、清一色、杠上花、天胡、"
                   "地胡、抢杠胡、海底捞月、海底炮）每个6分；起手小胡（四喜、板板胡、缺一色）；扎鸟；通炮者坐庄。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS), absent_tiles=HONORS, chow_allowed=True,
    multiple_winners=True, kong_robbable=True, pass_lock=True, win_condition=win_condition,
    examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("牌：108张（万筒条）。可吃、碰、杠（补张）。首局先入座者为庄；其后通炮者坐庄，其次和家坐庄。",
         "Tiles: 108. Chow, pung and kong (补张). The first dealer is the first seated; then the "
         "discarder of several winners (通炮) deals, else the winner."),
        ("小和：平胡（必须二五八做将）自摸每家2分，点炮1分；起手小胡四喜、板板胡、缺一色，每家付2分。",
         "小和: 平胡 (a 2-5-8 pair) 2 from each when self-drawn, 1 from the discarder; the dealt "
         "hand's 四喜, 板板胡, 缺一色 2 from each."),
        ("大和（含小和，按大和计）：七巧对、碰碰胡、将将胡、清一色、杠上花、天胡、地胡、抢杠胡、海底捞月、海底炮，"
         "每个6分，几个大胡相加。",
         "大和 (counted as 大 even where the hand is also a 小): 七巧对, 碰碰胡, 将将胡, 清一色, "
         "杠上花, 天胡, 地胡, 抢杠胡, 海底捞月, 海底炮, 6 each, added."),
        ("庄闲：庄家得失多一分。扎鸟：和牌后翻2张鸟，点数1、5、9中和家，2、6下家，3、7对家，4、8上家；"
         "中鸟者多付一份（中和家则每家多付）。",
         "庄闲: the dealer's payments one base more. 扎鸟: two birds turned after a win; 1/5/9 hit "
         "the winner, 2/6 his 下家, 3/7 对家, 4/8 上家; each hit adds one share."),
        ("通炮：一炮多响，点炮者付每个和家。漏和：放过和牌，要等自己摸牌后才能再和。海底漫游：最后一张依次轮摸。",
         "通炮: several winners on one discard, each paid by the discarder. 漏和: a passed win "
         "waits for one's own draw. 海底漫游: the last tile goes round the table."),
    ),
)


def bird_seat(bird: str, winner: str) -> str:
    """The seat a bird hits, counted from the winner: 1/5/9 him, 2/6 下家, 3/7 对家, 4/8 上家."""
    return next_seat(winner, (int(bird[0]) - 1) % 4)


def read_changsha_table(state: HandState | None, profile: RuleProfile,
                        data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table (no bets; ``birds`` the bird tiles, as many as the option says)."""
    table = read_hand_table(state, profile, data, need_seat, max_bet=0)
    if table.birds and len(table.birds) != profile.option("birds"):
        raise MahjongError(f"changsha: {profile.option('birds')} birds are turned up (option "
                           f"birds), the table gives {len(table.birds)}", "birds")
    return table


def _settle(table: Table, winner: str, share: int, profile: RuleProfile) -> Ledger:
    """Each payer pays ``share`` (the dealer's one base more) plus the birds that hit."""
    base = profile.option("base")
    payers = table.others if table.self_drawn else [table.discarder]
    hits = Counter(bird_seat(b, winner) for b in table.birds)
    ledger = Ledger()
    for payer in payers:
        assert payer is not None
        due = share + (profile.option("dealer_bonus") * base if table.dealer in (payer, winner)
                       else 0)
        extra = hits[winner] + hits[payer]
        bird = (due if profile.option("bird_mode") == "share" else base) * extra
        ledger.pay(payer, winner, due, "win")
        if bird:
            ledger.pay(payer, winner, bird, "扎鸟")
    return ledger


def score_changsha(state: HandState, profile: RuleProfile,
                   readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Changsha win: its 大胡 (or the 小胡), the share per payer, 庄闲 and the birds."""
    table = read_changsha_table(state, profile)
    winner = table.seat
    assert winner is not None
    o, base = profile.extra, profile.option("base")
    scored, hand = best_reading(state, readings, BIG, Win.of(state, winner == table.dealer), o)
    bigs = len(scored.items)
    if bigs:
        per = o["big_value"] * base
        share = per * bigs if o["big_combine"] == "add" else per * 2 ** (bigs - 1)
        items = [{**i, "value": per} for i in scored.items]
    else:
        share = base * (o["small_self_drawn"] if state.self_drawn else 1)
        items = [item("平胡", "小胡 with a 2-5-8 pair", share, tiles=sorted(hand.tiles))]
    ledger = _settle(table, winner, share, profile)
    hits = [{"tile": b, "seat": bird_seat(b, winner)} for b in table.birds]
    return {"variant": profile.name, "items": items, "total": share, "kind": "big" if bigs else
            "small", "points": share, "unit": "points", "winner": winner, "dealer": table.dealer,
            "birds": hits, "hand_form": hand.form.value, **ledger.to_json(),
            "assumed": table.assumed}


#: 起手小胡, judged on the dealt hand: (zh, en, test on the tile counts).
INSTANT = (
    ("四喜", "Four of a kind in the dealt hand", lambda c: any(n == 4 for n in c.values())),
    ("板板胡", "No 2, 5 or 8 in the dealt hand", lambda c: not any(is_258(t) for t in c)),
    ("缺一色", "A suit missing from the dealt hand", lambda c: len({t[1] for t in c}) < 3),
)


def instant_wins(state: HandState, profile: RuleProfile) -> dict[str, Any] | None:
    """起手胡: the 小和 a dealt hand shows (each paid 2 × base by each of the others), or None."""
    counts = Counter(state.concealed)
    found = [item(zh, en, profile.option("small_self_drawn") * profile.option("base"),
                  tiles=sorted(state.concealed)) for zh, en, test in INSTANT if test(counts)]
    if not found:
        return None
    table = read_changsha_table(None, profile, state.table, need_seat=False)
    seat = (state.table or {}).get("seat", state.seat_wind)
    ledger = Ledger()
    share = sum(i["value"] for i in found)
    for other in (next_seat(seat, k) for k in (1, 2, 3)):
        ledger.pay(other, seat, share + (profile.option("dealer_bonus") * profile.option("base")
                                         if table.dealer in (seat, other) else 0), "起手胡")
    return {"variant": profile.name, "items": found, "total": share, "winner": seat,
            **ledger.to_json()}
