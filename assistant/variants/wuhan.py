"""Wuhan 武汉麻将 红中赖子杠 (``wuhan``): the 赖子 after the turned tile, 红中 laid out as a kong.

The seed (003, l.269–303) and every decision are in ``docs/rules/wuhan.md``. A win must be open
(开口), hold no 红中, and a 屁胡 needs a 2-5-8 pair and at most one 赖子; 大胡 are worth
``big_value`` each (added). The worth is ``base × (大胡 or 1) × 2^fan``, the fan being 硬胡 1,
开口番 1 (or 口口番: one per claimed chow or pung), 明杠 1, 暗杠 2, 红中杠 1, 赖子杠 2.
"""

from __future__ import annotations

from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.by_card import MONEY_DEFAULTS, MONEY_SPECS, pay_win, read_card_table
from ..scoring.fan_table import Entry, FanTable
from ..scoring.items import item
from ..scoring.patterns import Win, WinningHand
from ..scoring.settlement import Ledger
from ..scoring.wild_hands import Shapeless, held_wilds, is_hard, natural_counts, resolved_hands
from ..shanten import Form
from ..tiles import HONORS, is_honor
from ..wilds import wild_codes_for

SPECS: dict[str, OptionSpec] = {
    "big_value": number("每个大胡的分数（屁胡为1）", "each 大胡 is worth this many 屁胡", 100, 1),
    "open_fan": OptionSpec("开口番：开口即×2 / 口口番：每吃碰一次×2", "开口番: ×2 once open "
                           "(kaikou), or 口口番: ×2 for each claimed chow or pung (koukou)",
                           kind="choice", choices=("kaikou", "koukou")),
    "concealed_kong_opens": OptionSpec("暗杠也算开口", "a concealed kong counts as opening"),
    "pinghu_258_pair": OptionSpec("屁胡须二五八做将", "a 屁胡 needs a pair of 2, 5 or 8"),
    "fan_cap": OptionSpec("封顶番数（null = 不封顶）", "the cap in fan (null: none)",
                          kind="int_or_null", minimum=0, maximum=20),
    "hongzhong_kong_fan": number("红中杠番数", "fan of each 红中杠", 4),
    "laizi_kong_fan": number("赖子杠番数", "fan of each 赖子杠", 4),
    "kong_fan": number("明杠番数", "fan of each exposed kong", 4),
    "concealed_kong_fan": number("暗杠番数", "fan of each concealed kong", 4),
    **MONEY_SPECS,
}
DEFAULTS: dict[str, Any] = {
    "big_value": 10, "open_fan": "kaikou", "concealed_kong_opens": True, "pinghu_258_pair": True,
    "fan_cap": None, "hongzhong_kong_fan": 1, "laizi_kong_fan": 2, "kong_fan": 1,
    "concealed_kong_fan": 2, **MONEY_DEFAULTS,
}

#: 大胡, each worth ``big_value``; a hand with none is a 屁胡 (1).
BIG = FanTable(
    entries=(
        Entry("all_pungs", 1, name_zh="碰碰胡"), Entry("all_258", 1, name_zh="将一色"),
        Entry("full_flush", 1), Entry("all_honours", 1, name_zh="风一色"),
        Entry("all_claimed", 1), Entry("kong_flower", 1, name_zh="杠开"),
        Entry("last_tile_draw", 1, name_zh="海底捞"), Entry("robbing_kong", 1, name_zh="抢杠"),
    ),
    combine="points",
)


def _opened(state: HandState, profile: RuleProfile) -> bool:
    """开口: a chow, pung or kong made (a concealed kong where the option says so)."""
    return any(not m.concealed or profile.option("concealed_kong_opens") for m in state.melds)


def _bigs(state: HandState, hand: WinningHand, profile: RuleProfile) -> list[dict[str, Any]]:
    return BIG.score(hand, Win.of(state, False), profile.extra).items


def win_condition(state: HandState, hand: WinningHand,
                  profile: RuleProfile) -> tuple[str, str] | None:
    """开口; no 红中 in hand; a 屁胡 with a 2-5-8 pair and fewer than two 赖子."""
    if "C" in state.tiles:
        return ("武汉：红中留在手上不能胡", "Wuhan: a hand holding 红中 cannot win (lay it out as "
                "红中杠)")
    if not _opened(state, profile):
        return ("武汉：不开口不能胡（须吃、碰或杠）", "Wuhan: the hand must be open (a chow, pung or "
                "kong) to win")
    if _bigs(state, hand, profile):
        return None
    if len(held_wilds(state, wild_codes_for(profile, state))) >= 2:
        return ("武汉：两个赖子不能胡屁胡", "Wuhan: with two 赖子 a 屁胡 cannot win (only a 大胡)")
    if profile.option("pinghu_258_pair") and not (hand.pair and not is_honor(hand.pair)
                                                  and hand.pair[0] in "258"):
        return ("武汉：屁胡须二五八做将", "Wuhan: a 屁胡 needs a pair of 2, 5 or 8")
    return None


def shapeless_win(state: HandState, profile: RuleProfile) -> tuple[str, str] | None:
    """将一色 and 风一色 of any shape ("凑足所有牌是将就OK"): every tile a 2, 5 or 8, or every
    tile a wind (or 發 白), the 赖子 standing for any; the hand open, no 红中 held."""
    if "C" in state.tiles or not _opened(state, profile):
        return None
    codes = wild_codes_for(profile, state)
    tiles = [t for t in state.tiles + [t for m in state.melds for t in m.faces] if t not in codes]
    if all(not is_honor(t) and t[0] in "258" for t in tiles):
        return ("将一色", "All 2, 5 and 8, any shape")
    if all(t in HONORS for t in tiles):
        return ("风一色", "All winds (and 發 白), any shape")
    return None


#: Example hands for the rules page (indicator 5m: 六万 is the 赖子).
EXAMPLES = (
    {"zh": "屁胡：碰了东风，二五八做将，赖子（六万）当七条，软胡",
     "en": "屁胡: a pung of East claimed, a 2-5-8 pair, the 赖子 (6m) standing for 7s (soft)",
     "hand": {"concealed": "123m456p8s6m55s", "indicator": "5m", "win_tile": "9s",
              "self_drawn": True,
              "melds": [{"type": "pung", "tiles": "EEE", "from": "left"}]}},
    {"zh": "清一色（大胡），碰了一万，硬胡",
     "en": "Full flush (a 大胡), a pung of 1m claimed, no 赖子: hard",
     "hand": {"concealed": "234m345m789m9m", "indicator": "5p", "win_tile": "9m",
              "melds": [{"type": "pung", "tiles": "111m", "from": "left"}]}},
)

WUHAN = RuleProfile(
    name="wuhan", name_zh="武汉麻将（红中赖子杠）",
    description_en="Wuhan 红中赖子杠: the tile after the turned one is 赖子 (wild); 红中 is laid "
                   "out singly as a kong; a win must be open, hold no 红中; 屁胡 (a 2-5-8 pair, "
                   "at most one 赖子) and 大胡 (碰碰胡, 将一色, 清一色, 风一色, 全求人, 杠开, 海底捞, "
                   "抢杠); soft ×1, hard ×2, 开口番, kong fan.",
    description_zh="武汉红中赖子杠：翻牌的下一张为赖子（跳过红中）；红中只能单张成杠；讲究开口，红中留在手上"
                   "不能胡；屁胡须二五八做将、两个赖子不能胡屁胡；大胡：碰碰胡、将一色、清一色、风一色、全求人、"
                   "杠开、海底捞、抢杠；软胡×1、硬胡×2，开口番，杠番。",
    forms=(Form.REGULAR,), chow_allowed=True, multiple_winners=False, kong_robbable=True,
    wild_indicator="next_no_red", wild_in_claims=False, laid_out_tiles=("C",),
    wild_laid_out=True, win_condition=win_condition, shapeless_win=shapeless_win,
    examples=EXAMPLES, extra=DEFAULTS, extra_specs=SPECS,
    rules_summary=(
        ("赖子：翻出的牌加一（一到九循环；东南西北发白循环，跳过红中：北、中 → 发，白 → 东）。赖子可当任何牌"
         "（软胡×1）或本身（硬胡×2）；自己不能用来吃碰杠，打出去别人也不能吃碰杠胡。",
         "赖子: the tile after the turned one (9 → 1; E S W N F P round, 红中 skipped: N and C → "
         "F, P → E). It stands for any tile (soft ×1) or itself (hard ×2); never used to chow, "
         "pung or kong, and a discarded one cannot be claimed."),
        ("红中杠、赖子杠：红中或赖子单张打出成杠（红中杠1番、赖子杠2番），杠后补牌可杠开。",
         "红中杠 / 赖子杠: a 红中 or a 赖子 laid out singly as a kong (1 and 2 fan); the "
         "replacement may win (杠开)."),
        ("和牌：须开口（吃、碰、杠），红中留在手上不能胡；屁胡须二五八做将，两个赖子不能胡屁胡。",
         "A win: open (a chow, pung or kong); no 红中 held; a 屁胡 needs a 2-5-8 pair and at most "
         "one 赖子."),
        ("大胡（每个10倍屁胡，相加）：碰碰胡、将一色、清一色、风一色、全求人、杠开、海底捞、抢杠（被抢者包）。"
         "番（每番×2）：硬胡1、开口1（或口口番：每吃碰一次1）、明杠1、暗杠2、红中杠1、赖子杠2。",
         "大胡 (10 屁胡 each, added): 碰碰胡, 将一色, 清一色, 风一色, 全求人, 杠开, 海底捞, 抢杠 (the "
         "robbed player pays for all). Fan (×2 each): hard 1, 开口 1 (or 口口番: 1 per claimed "
         "chow or pung), exposed kong 1, concealed kong 2, 红中杠 1, 赖子杠 2."),
    ),
)


def _fan_items(state: HandState, profile: RuleProfile, hard: bool) -> list[dict[str, Any]]:
    """The doubling items: 硬胡, 开口番 or 口口番, and the kongs."""
    o, out = profile.extra, []
    if hard:
        out.append(item("硬胡", "Hard win: no 赖子 standing for another tile", 1, event="hard"))
    claimed = [m for m in state.melds if not m.concealed and not m.is_kong]
    # 开口番 "吃、碰、杠均认为是开口": whatever opened the hand for the win doubles it, a
    # concealed kong included where it opens (concealed_kong_opens).
    if o["open_fan"] == "kaikou" and _opened(state, profile):
        out.append(item("开口番", "Open hand", 1, event="open"))
    elif o["open_fan"] == "koukou" and claimed:
        out.append({**item("口口番", "Each claimed chow or pung", 1, event="open"),
                    "count": len(claimed)})
    codes = wild_codes_for(profile, state)
    kongs = (("明杠", "Exposed kong", "kong_fan", sum(m.is_kong and not m.concealed
                                                     for m in state.melds)),
             ("暗杠", "Concealed kong", "concealed_kong_fan",
              sum(m.is_kong and m.concealed for m in state.melds)),
             ("红中杠", "红中 laid out as a kong", "hongzhong_kong_fan", state.laid_out.count("C")),
             ("赖子杠", "赖子 laid out as a kong", "laizi_kong_fan",
              sum(t in codes for t in state.laid_out)))
    for zh, en, key, count in kongs:
        if count and o[key]:
            out.append({**item(zh, en, o[key], event="kong"), **({"count": count}
                                                                  if count > 1 else {})})
    return out


def score_wuhan(state: HandState, profile: RuleProfile,
                readings: list[Decomposition]) -> dict[str, Any]:
    """Score a Wuhan win: 大胡 or 屁胡, times 2 per fan; 抢杠: the robbed player pays for all."""
    table = read_card_table(state, profile)
    o = profile.extra
    natural, codes = natural_counts(state, profile)
    held = held_wilds(state, codes)
    best: tuple[int, list[dict[str, Any]], list[str], bool, int] | None = None
    for reading, (hand, stood) in zip(readings, resolved_hands(state, readings, natural, codes),
                                      strict=True):
        if isinstance(reading, Shapeless):
            bigs = [item(reading.name_zh, reading.name_en, 1, tiles=state.tiles)]
        else:
            bigs = _bigs(state, hand, profile)
        hard = is_hard(stood, held)
        fans = _fan_items(state, profile, hard)
        fan = sum(i["value"] * i.get("count", 1) for i in fans)
        if o["fan_cap"] is not None:
            fan = min(fan, o["fan_cap"])
        points = o["big_value"] * len(bigs) if bigs else 1
        worth = points * 2 ** fan
        if best is None or worth > best[0]:
            big_items = [{**i, "value": o["big_value"]} for i in bigs] or [
                item("屁胡", "Small win", 1, tiles=sorted(hand.tiles))]
            best = (worth, big_items + fans, stood, hard, fan)
    assert best is not None
    worth, items, stood, hard, fan = best
    share = worth * o["base"]
    ledger = Ledger()
    if state.robbing_kong:
        assert table.discarder is not None and table.seat is not None
        ledger.pay(table.discarder, table.seat, share * len(table.others), "抢杠包")
    else:
        pay_win(ledger, table, table.seat, share * (o["self_drawn_factor"] if state.self_drawn
                                                    else 1), o["dealer_factor"],
                "self-drawn" if state.self_drawn else "win on a discard")
    return {"variant": profile.name, "items": items, "total": worth, "fan": fan, "points": share,
            "unit": "points", "winner": table.seat, "dealer": table.dealer, "wilds": list(codes),
            "wilds_held": held, "wilds_as": stood, "hard": hard, **ledger.to_json(),
            "assumed": table.assumed}
