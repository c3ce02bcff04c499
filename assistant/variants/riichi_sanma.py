"""三人麻将 (三麻, ``riichi_sanma``): riichi for three seats, on riichi's own card and scorer.

The 108 tiles lack 2万–8万; nobody chows; a 北 may be set aside (抜きドラ, the hand's
``nukidora``) for a replacement draw and counts one dora; seats E S W, so a self-draw is paid by
two and the empty North seat's share is lost (``tsumo_loss``) or split. The rules, the choices
where tables differ and their options are in ``docs/rules/riichi_sanma.md``.

>>> from assistant import analyze
>>> s = analyze({"variant": "riichi_sanma", "concealed": "111p456p789pEEE1m", "win_tile": "1m",
...              "nukidora": 2, "dora_indicators": "9m", "context": {"seat_wind": "S"},
...              "table": {"discarder": "W"}})["score"]
>>> [(i["name_ja"], i["count"]) for i in s["items"]], s["han"], s["payments"]
([('役牌 場風牌', 1), ('ドラ', 2), ('抜きドラ', 2)], 5, {'E': 0, 'S': 8000, 'W': -8000})
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..profile import OptionSpec, number
from .riichi import DEFAULTS as RIICHI_DEFAULTS
from .riichi import RIICHI
from .riichi import SPECS as RIICHI_SPECS

#: What each player holds when a three-player table starts (35000点持ち).
START_POINTS = 35000

SPECS: dict[str, OptionSpec] = {
    **RIICHI_SPECS,
    "tsumo_loss": OptionSpec("自摸损：自摸时空着的北家那一份不付（false：由两家平分，北家折半）",
                             "tsumo loss: on a self-draw the empty North seat's share is not "
                             "paid (false: the two payers split it, 北家折半)"),
    "nukidora": OptionSpec("拔北：北可拔出放在一旁作宝牌并补牌（false：北只是普通风牌）",
                           "nukidora: a 北 may be set aside as a dora, with a replacement draw "
                           "(false: 北 is only a wind tile)"),
    "nukidora_rinshan": OptionSpec("拔北后补牌自摸算岭上开花", "a self-draw on the tile drawn "
                                   "after setting a 北 aside is 嶺上開花 (rinshan)"),
    "start_points": number("起始点数", "the points each player holds at the start", 1_000_000,
                           1000),
    "honba_ron": number("本场：荣和时放铳者每本付", "honba: what the discarder pays a counter on "
                        "a discard", 10000),
    "honba_tsumo": number("本场：自摸时每家每本付", "honba: what each payer pays a counter on a "
                          "self-draw", 10000),
}

DEFAULTS: dict[str, Any] = {
    **RIICHI_DEFAULTS, "tsumo_loss": True, "nukidora": True, "nukidora_rinshan": True,
    "start_points": START_POINTS,
    "honba_ron": 1000, "honba_tsumo": 500, "noten_payment": 2000,
}

EXAMPLES = (
    {"zh": "场风东、拔北两张（闲家荣和）", "en": "Round wind pung and two North set aside (on a "
     "discard)",
     "hand": {"concealed": "111p456p789pEEE9s", "win_tile": "9s", "nukidora": 2,
              "context": {"seat_wind": "S"}, "table": {"discarder": "W"}}},
    {"zh": "立直、门前清自摸、宝牌（翻出九万，一万为宝牌）", "en": "Riichi and self-draw; 9m "
     "turned, so 1m is the dora",
     "hand": {"concealed": "11m234p567p345s66s", "win_tile": "6s", "dora_indicators": "9m",
              "context": {"riichi": True, "self_drawn": True, "seat_wind": "W"}}},
)

RIICHI_SANMA = replace(
    RIICHI, name="riichi_sanma", name_zh="三人麻将（三麻）",
    description_en="Three-player riichi (三麻): 108 tiles without 2万–8万, no chow, 北 set aside "
                   "as a dora (nukidora) with a replacement draw, seats East, South and West, "
                   "35000 points each; the riichi card, han and fu; a self-draw is paid by two "
                   "(tsumo loss, or the empty seat's share split).",
    description_zh="三人立直麻将（三麻）：108张，去掉二万至八万；不能吃；北可拔出作宝牌并补牌；东南西三家，"
                   "每家35000点；役、番、符同立直麻将；自摸由两家支付（自摸损，或北家那份两家平分）。",
    three_player=True, chow_allowed=False, seats=3,
    extra=DEFAULTS, extra_specs=SPECS, examples=EXAMPLES,
    rules_summary=RIICHI.rules_summary[:2] + (
        ("牌：108张（万子只有一万、九万），不能吃；宝牌指示牌一万则九万为宝牌，九万则一万。",
         "Tiles: 108 (of the characters only 1m and 9m), no chow; an indicator 1m makes 9m the "
         "dora, 9m makes 1m."),
        ("拔北：北可拔出放在一旁并从岭上补牌，每张算一番宝牌（不算役）；北也可以留在手里当普通风牌用。",
         "North: a 北 may be set aside with a replacement draw, one dora each (not a yaku); it "
         "may also stay in the hand as an ordinary wind."),
        ("点数：同立直麻将；自摸由另外两家支付，北家那份不付（自摸损），或按选项由两家平分。",
         "Points: as in riichi; a self-draw is paid by the other two, the North seat's share "
         "lost (tsumo loss), or split between them by the option."),
        ("本场每本荣和1000、自摸每家500；流局不听罚符合计2000；起始35000点。",
         "Honba: 1000 a counter on a discard, 500 from each payer on a self-draw; noten "
         "payments 2000 in all; 35000 points at the start."),
    ),
)
