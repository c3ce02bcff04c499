"""日本立直麻将 (``riichi``): yaku and yakuman, han and fu, dora, riichi sticks and honba, and the
points each seat pays.

The rules, conventions and options, with every difference from the PyPI ``mahjong`` package (the
tests' oracle), are in ``docs/rules/riichi.md``. The yaku are a card (:data:`YAKU`): hand shapes
are catalogue patterns, the situational yaku (riichi, ippatsu, haitei …) read :class:`Situation`.
Where the compiled core is built, one call per hand (``riichi_score`` in ``assistant/_riichi.c``,
on the card and options packed once per option values by :func:`native_card`) scores every
reading, picks the best, settles its payments and writes the answer; Python writes the best
reading's items. ``analyze`` of a whole riichi request with a yaku is answered by one core call
before any of this (``riichi_answer``, :mod:`assistant.one_call`), on the same card.
:func:`native_reading` (``riichi_yaku``) is the same per reading, for :func:`has_yaku`. The
Python tests here are the pure path and what ``tests/test_riichi_native.py`` compares the core
with.

>>> from assistant import analyze
>>> s = analyze({"variant": "riichi", "concealed": "234m567p22s345s78s", "win_tile": "9s",
...              "context": {"riichi": True, "seat_wind": "S"}, "dora_indicators": "1s",
...              "table": {"discarder": "W"}})["score"]
>>> [(i["name_ja"], i["value"], i["count"]) for i in s["items"]], s["han"], s["fu"], s["points"]
([('立直', 1, 1), ('平和', 1, 1), ('ドラ', 1, 2)], 4, 30, 7700)
>>> s["payments"]
{'E': 0, 'S': 7700, 'W': -7700, 'N': 0}
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any

from .. import native
from ..decompose import Decomposition
from ..errors import MahjongError, NotScored
from ..hand import HandState
from ..profile import OptionSpec, RuleProfile, number
from ..scoring.items import item
from ..scoring.pattern_bits import BIT, NATIVE_KEYS, NATIVE_MASK, present
from ..scoring.patterns import CATALOGUE, Win, WinningHand, winning_hands
from ..scoring.settlement import Ledger
from ..scoring.table import (
    Table,
    check_kong_robbing,
    check_seat,
    check_win,
    next_seat,
    read_hand_table,
    read_table,
    seat_winds,
)
from ..shanten import Form, shanten
from ..tiles import DRAGONS, INDEX, WINDS, is_honor, sorted_tiles, to_counts

TABLE_OWN_KEYS = ("honba", "riichi_sticks")
HONBA_RON = 300  # a discarder pays 300 a honba counter, each payer of a self-draw 100
HONBA_TSUMO = 100
STICK = 1000
START_POINTS = 25000  # what each player holds when a table starts (25000点持ち)
#: Base points of the limit hands: mangan 2000 … sanbaiman 6000, yakuman 8000 a multiple.
LIMITS = ((13, 8000, "yakuman"), (11, 6000, "sanbaiman"), (8, 4000, "baiman"),
          (6, 3000, "haneman"), (5, 2000, "mangan"))
LIMIT_NAMES = {"mangan": ("满贯", "満貫"), "haneman": ("跳满", "跳満"), "baiman": ("倍满", "倍満"),
               "sanbaiman": ("三倍满", "三倍満"), "yakuman": ("役满", "役満")}
MAX_YAKUMAN = 6  # six yakuman at most, as the oracle caps them


def _next_tile(tile: str) -> str:
    """The tile after ``tile`` in its suit or cycle, which an indicator makes dora."""
    if tile in WINDS:
        return WINDS[(WINDS.index(tile) + 1) % 4]
    if tile in DRAGONS:  # 白 → 發 → 中 → 白
        return {"P": "F", "F": "C", "C": "P"}[tile]
    return f"{int(tile[0]) % 9 + 1}{tile[1]}"


#: The dora an indicator points at: the next tile of its suit, winds and dragons in their cycles.
DORA_OF: dict[str, str] = {t: _next_tile(t) for t in INDEX}
#: The tiles three players leave out of the set (三麻: 2万–8万).
THREE_PLAYER_OUT = frozenset(f"{n}m" for n in range(2, 9))
#: Three players (三麻): 2万–8万 are out of the set, so 1m points at 9m and 9m at 1m.
DORA_OF_THREE: dict[str, str] = {**DORA_OF, "1m": "9m", "9m": "1m"}

SPECS: dict[str, OptionSpec] = {
    "open_tanyao": OptionSpec("食断：副露也算断幺九", "all simples (tanyao) counts in an open hand "
                              "(kuitan)"),
    "aka_dora": OptionSpec("赤宝牌：红五（0m 0p 0s）各算一番宝牌", "red fives (typed 0m 0p 0s) are "
                           "dora, one han each"),
    "double_yakuman": OptionSpec("双倍役满：国士十三面、四暗刻单骑、纯正九莲、大四喜算两倍",
                                 "13-sided thirteen orphans, four concealed pungs on a pair "
                                 "wait, pure nine gates and big four winds count as double "
                                 "yakuman"),
    "kazoe": OptionSpec("累计役满：13番以上无役满时按役满（yakuman）、三倍满（sanbaiman）或不封顶"
                        "（none：26番双倍役满…）", "13 han or more without a yakuman: paid as "
                        "yakuman, as sanbaiman, or with no limit (none: 26 han a double "
                        "yakuman …)", kind="choice", choices=("yakuman", "sanbaiman", "none")),
    "kiriage": OptionSpec("切上满贯：4番30符、3番60符按满贯", "kiriage mangan: 4 han 30 fu and "
                          "3 han 60 fu are paid as mangan"),
    "renhou": OptionSpec("人和：闲家第一巡前荣和：不算（none）、5番役（five_han）、役满（yakuman）",
                         "renhou, a non-dealer's win on a discard before his first draw: not a "
                         "yaku (none), a 5-han yaku (five_han) or a yakuman",
                         kind="choice", choices=("none", "five_han", "yakuman")),
    "stick_value": number("立直棒（供托）每根点数", "points of one riichi stick", 10000, 0),
    "noten_payment": number("流局不听罚符（合计）", "points the seats not ready pay the ready ones "
                            "in all at an exhaustive draw", 30000),
    "pao": OptionSpec("责任支付（包牌）：大三元、大四喜放最后一组者负责（table.liable）", "pao: the "
                      "seat that fed the last set of 大三元 or 大四喜 (table.liable) pays it all on a "
                      "self-draw, half on another's discard, and the honba"),
}

DEFAULTS: dict[str, Any] = {
    "open_tanyao": True, "aka_dora": True, "double_yakuman": True, "kazoe": "yakuman",
    "kiriage": False, "renhou": "none", "stick_value": STICK, "pao": True,
    "noten_payment": 3000,
}

#: Example wins for the rules page.
EXAMPLES = (
    {"zh": "立直、平和、宝牌两张（闲家荣和 7700）", "en": "Riichi, pinfu, two dora (7700 on a discard)",
     "hand": {"concealed": "234m567p22s345s78s", "win_tile": "9s", "dora_indicators": "1s",
              "context": {"riichi": True, "seat_wind": "S"}, "table": {"discarder": "W"}}},
    {"zh": "役牌中、混一色（副露）", "en": "Red dragon pung and half flush, open",
     "hand": {"concealed": "123p456p99pNN", "win_tile": "N",
              "melds": [{"type": "pung", "tiles": "CCC"}],
              "context": {"seat_wind": "W"}, "table": {"discarder": "E"}}},
    {"zh": "七对子（25符）", "en": "Seven pairs (25 fu)",
     "hand": {"concealed": "1122m3344p5566sE", "win_tile": "E",
              "context": {"seat_wind": "S", "self_drawn": True}}},
    {"zh": "国士无双十三面：双倍役满", "en": "Thirteen orphans on the 13-sided wait: double yakuman",
     "hand": {"concealed": "19m19p19sESWNCFP", "win_tile": "C",
              "context": {"seat_wind": "E"}, "table": {"discarder": "N"}}},
)

RIICHI = RuleProfile(
    name="riichi", name_zh="日本立直麻将",
    description_en="Japanese riichi: yaku and yakuman, han and fu, dora (indicators, ura-dora, "
                   "red fives), riichi and double riichi, ippatsu, honba and riichi sticks, the "
                   "points each seat pays; seven pairs need seven different pairs; several "
                   "winners allowed.",
    description_zh="日本立直麻将：役与役满、番与符、宝牌（指示牌、里宝牌、赤宝牌）、立直与两立直、一发、"
                   "本场与立直棒、各家支付；七对子须为七种不同的对子；允许一炮多响。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS),
    four_as_two_pairs=False, multiple_winners=True, pass_lock=True,
    extra=DEFAULTS, extra_specs=SPECS, examples=EXAMPLES,
    rules_summary=(
        ("和牌须至少一役（宝牌不算役）；番数相加，役满不计其他役与宝牌。",
         "A win needs a yaku (dora are not yaku); han add up; a yakuman hand counts only its "
         "yakuman."),
        ("符：底符20，门前荣和+10，七对子25；刻子、杠子、听牌形、雀头、自摸加符，进位到10。",
         "Fu: 20, +10 for a concealed hand won on a discard, seven pairs 25; sets, the wait, the "
         "pair and a self-draw add fu, rounded up to 10."),
        ("点数：基本点=符×2^(番+2)，5番满贯起封顶；庄家荣和×6、闲家×4，自摸庄家各付×2、闲家庄付×2闲付×1，"
         "进位到百。",
         "Points: base = fu × 2^(han+2), limits from 5 han (mangan); ron ×6 dealer, ×4 "
         "non-dealer; tsumo ×2 from each (dealer) or ×2 from the dealer and ×1 from the others, "
         "rounded up to 100."),
        ("本场每本荣和300、自摸每家100；供托立直棒归和牌者。",
         "Honba: 300 a counter on a discard, 100 from each payer on a self-draw; the riichi "
         "sticks on the table go to the winner."),
    ),
)


#: How the core tests a line (``riichi_yaku`` in ``assistant/_patterns.c``): a catalogue
#: pattern's bit, a fact of the situation, or one of riichi's own tests on the reading.
(Y_PATTERN, Y_SITUATION, Y_PINFU, Y_SEAT_PUNG, Y_ROUND_PUNG, Y_SANANKOU, Y_SUUANKOU, Y_KOKUSHI,
 Y_TANYAO) = range(9)
#: The core where it answers riichi readings (``None``: the pure path, or a core built before).
_CORE = native.core if hasattr(native.core, "riichi_yaku") else None


def _native(test: Callable[..., int], code: int, arg: int = 0) -> Callable[..., int]:
    """``test`` marked with the core's test of the same rule (:data:`Y_PATTERN` …)."""
    test.native = (code, arg)  # type: ignore[attr-defined]
    return test


@dataclass(frozen=True)
class Situation:
    """How a riichi hand was won: the engine's :class:`Win` plus the riichi-only facts."""

    win: Win
    seat_wind: str
    round_wind: str
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    options: dict[str, Any]
    #: Indicator -> dora (三麻: 1m ↔ 9m) and the 北 the winner set aside (抜きドラ).
    dora_of: dict[str, str] = field(default_factory=lambda: DORA_OF)
    nukidora: int = 0

    @cached_property
    def situational(self) -> int:
        """The situational lines that hold, as bits by their number in :data:`YAKU` (what the
        core reads for them: they depend on how the hand was won, not on the reading)."""
        return sum(1 << i for i, test in SITUATIONAL if test(None, self))


@dataclass(frozen=True)
class Reading:
    """One reading of the hand with the group the winning tile completed (``None``: 13 orphans)."""

    hand: WinningHand
    group: tuple[str, tuple[str, ...]] | None
    self_drawn: bool
    #: Whether anything was claimed (a concealed kong keeps the hand closed).
    open: bool = False

    def patterns(self, win: Win) -> tuple[int, dict[int, int]]:
        """The catalogue patterns the reading has (:mod:`~assistant.scoring.pattern_bits`),
        tested once for the win and kept: the card asks a dozen of them per reading."""
        kept = self.__dict__.get("_patterns")
        if kept is None or kept[0] is not win:
            kept = (win, present(self.hand, win, NATIVE_MASK, ()))
            object.__setattr__(self, "_patterns", kept)
        return kept[1]

    def concealed_pungs(self) -> int:
        """Pungs and kongs not claimed; a pung completed on a discard counts as claimed."""
        n = sum(1 for s in self.hand.sets if s.is_pung and not s.exposed)
        if not self.self_drawn and self.group is not None and self.group[0] == "pung":
            n -= 1
        return n


@dataclass(frozen=True)
class Yaku:
    """A line of the card: names, han concealed and open (0: a concealed hand only), the yakuman
    multiple (0: not a yakuman; 2: a double yakuman where ``double_yakuman`` is on), the test
    (how many times the hand has it) and the lines it replaces."""

    key: str
    name_ja: str
    name_zh: str
    name_en: str
    closed: int
    open: int
    test: Callable[[Reading, Situation], int]
    yakuman: int = 0
    replaces: tuple[str, ...] = ()
    #: A quick gate on the hand's :func:`kinds`: all of ``needs`` present, none of ``excludes``.
    needs: str = ""
    excludes: str = ""


#: What each tile is for :func:`kinds`.
TILE_KIND = {t: "honour" if is_honor(t) else "terminal" if t[0] in "19" else "simple"
             for t in INDEX}


def kinds(hand: WinningHand) -> frozenset[str]:
    """What the hand is made of, for the gates: ``honour``, ``terminal``, ``simple``, ``chow``,
    ``pung`` (a kong too), ``suited``."""
    out = {TILE_KIND[t] for t in hand.tiles}
    for x in hand.sets:
        out.add("chow" if x.kind == "chow" else "pung")
    if "terminal" in out or "simple" in out:
        out.add("suited")
    return frozenset(out)


def _pattern(key: str) -> Callable[[Reading, Situation], int]:
    """The test of a catalogue pattern, as a line of the card reads it: its bit among the
    reading's patterns where the compiled core holds it (:func:`yaku_of` reads that bit itself,
    see :func:`_native_bit`), else its Python predicate."""
    if key not in NATIVE_KEYS:
        pattern = CATALOGUE[key]
        return lambda r, s: pattern.count(r.hand, s.win)
    bit = BIT[key]

    def test(r: Reading, s: Situation) -> int:
        bits, counts = r.patterns(s.win)
        return counts.get(bit, 1) if bits >> bit & 1 else 0
    test.native_bit = bit  # type: ignore[attr-defined]
    return _native(test, Y_PATTERN, bit)


def _native_bit(y: Yaku) -> int:
    """The core's bit of the pattern a line tests (-1: a test of its own, or the pure path)."""
    return getattr(y.test, "native_bit", -1)


def _is_pinfu(r: Reading, s: Situation) -> int:
    """平和: concealed, four sets and a pair that earn no fu (a two-sided wait, no valued pair)."""
    return int(not r.open and _fu_parts(r, s)[1] == 0 and r.hand.form is Form.REGULAR)


_native(_is_pinfu, Y_PINFU)


def _wind_pung(wind: Callable[[Situation], str], code: int) -> Callable[[Reading, Situation], int]:
    """A pung or kong of the seat or round wind (``wind`` picks which, ``code`` the core's)."""
    return _native(lambda r, s: int(any(x.is_pung and x.tile == wind(s) for x in r.hand.sets)),
                   code)


def _first(dealer: bool, drawn: bool) -> Callable[[Reading | None, Situation], int]:
    """A first go-around win by the dealer or not, self-drawn or not (天和, 地和, 人和)."""
    return _native(lambda r, s: int(s.win.first_go_around and s.win.dealer is dealer
                                    and s.win.self_drawn is drawn), Y_SITUATION)


def _renhou(kind: str) -> Callable[[Reading | None, Situation], int]:
    """人和 where the ``renhou`` option scores it as ``kind``."""
    first = _first(False, False)
    return _native(lambda r, s: int(s.options["renhou"] == kind and first(r, s) == 1),
                   Y_SITUATION)


def _kokushi(thirteen_sided: bool) -> Callable[[Reading, Situation], int]:
    """国士無双, on the 13-sided wait (the winning tile makes the pair) or not."""
    def test(r: Reading, s: Situation) -> int:
        if r.hand.form is not Form.THIRTEEN_ORPHANS:
            return 0
        pair_wait = r.hand.concealed_tiles.count(r.hand.win_tile) == 2 if r.hand.win_tile else False
        return int(pair_wait is thirteen_sided)
    return _native(test, Y_KOKUSHI, thirteen_sided)


def _suuankou(tanki: bool) -> Callable[[Reading, Situation], int]:
    """四暗刻, won on the pair (単騎) or not; a pung completed on a discard is not concealed."""
    def test(r: Reading, s: Situation) -> int:
        if r.open or r.hand.form is not Form.REGULAR or r.concealed_pungs() != 4:
            return 0
        return int((r.group is not None and r.group[0] == "pair") is tanki)
    return _native(test, Y_SUUANKOU, tanki)


def _flag(test: Callable[[Situation], bool]) -> Callable[[Reading | None, Situation], int]:
    """A situational yaku: a fact of how the hand was won, whatever its shape."""
    return _native(lambda r, s: int(test(s)), Y_SITUATION)


_ALL_SIMPLES = _pattern("all_simples")


def _tanyao(r: Reading, s: Situation) -> int:
    """断幺九, in an open hand only with ``open_tanyao``."""
    return int((not r.open or s.options["open_tanyao"]) and _ALL_SIMPLES(r, s) == 1)


if hasattr(_ALL_SIMPLES, "native"):
    _native(_tanyao, Y_TANYAO, _ALL_SIMPLES.native[1])


def _sanankou(r: Reading, s: Situation) -> int:
    """三暗刻: three pungs or kongs not claimed (a pung completed on a discard is claimed)."""
    return int(r.hand.form is Form.REGULAR and r.concealed_pungs() == 3)


_native(_sanankou, Y_SANANKOU)


#: The card. Han as the usual tables give them (the oracle's too): concealed, then open.
YAKU: tuple[Yaku, ...] = (
    # situational
    Yaku("riichi", "立直", "立直", "Riichi", 1, 0, _flag(lambda s: s.riichi)),
    Yaku("double_riichi", "両立直", "两立直", "Double riichi", 2, 0,
         _flag(lambda s: s.double_riichi), replaces=("riichi",)),
    Yaku("ippatsu", "一発", "一发", "Ippatsu (within one go-around of riichi)", 1, 0,
         _flag(lambda s: s.ippatsu)),
    Yaku("menzen_tsumo", "門前清自摸和", "门前清自摸和", "Concealed self-draw", 1, 0,
         _flag(lambda s: s.win.self_drawn)),
    Yaku("pinfu", "平和", "平和", "Pinfu (all chows, no fu)", 1, 0, _is_pinfu, needs="chow"),
    Yaku("haitei", "海底摸月", "海底摸月", "Win on the last tile drawn", 1, 1,
         _flag(lambda s: s.win.last_tile and s.win.self_drawn)),
    Yaku("houtei", "河底撈魚", "河底捞鱼", "Win on the last discard", 1, 1,
         _flag(lambda s: s.win.last_tile and not s.win.self_drawn)),
    Yaku("rinshan", "嶺上開花", "岭上开花", "Win on a kong replacement", 1, 1,
         _flag(lambda s: s.win.kong_replacement)),
    Yaku("chankan", "槍槓", "抢杠", "Robbing a kong", 1, 1, _flag(lambda s: s.win.robbing_kong)),
    Yaku("renhou", "人和", "人和", "Renhou (first go-around, on a discard)", 5, 0,
         _renhou("five_han")),
    # hand shapes
    Yaku("tanyao", "断幺九", "断幺九", "All simples", 1, 1, _tanyao, excludes="honour terminal"),
    Yaku("iipeiko", "一盃口", "一杯口", "Pure double chow", 1, 0, _pattern("identical_chows"),
         needs="chow"),
    Yaku("yakuhai_dragon", "役牌 三元牌", "役牌 三元牌", "Dragon pung", 1, 1,
         _pattern("dragon_pung"), needs="honour pung"),
    Yaku("yakuhai_seat", "役牌 自風牌", "役牌 自风", "Seat wind pung", 1, 1,
         _wind_pung(lambda s: s.seat_wind, Y_SEAT_PUNG), needs="honour pung"),
    Yaku("yakuhai_round", "役牌 場風牌", "役牌 场风", "Round wind pung", 1, 1,
         _wind_pung(lambda s: s.round_wind, Y_ROUND_PUNG), needs="honour pung"),
    Yaku("sanshoku", "三色同順", "三色同顺", "Mixed triple chow", 2, 1,
         _pattern("same_chow_three_suits"), needs="chow"),
    Yaku("ittsu", "一気通貫", "一气通贯", "Pure straight", 2, 1, _pattern("one_suit_straight"), needs="chow"),
    Yaku("chanta", "混全帯幺九", "混全带幺九", "Outside hand (honours, a chow)", 2, 1,
         _pattern("outside_with_honours"), needs="chow honour"),
    Yaku("chiitoitsu", "七対子", "七对子", "Seven pairs", 2, 0, _pattern("seven_pairs")),
    Yaku("toitoi", "対々和", "对对和", "All pungs", 2, 2, _pattern("all_pungs"), needs="pung",
         excludes="chow"),
    Yaku("sanankou", "三暗刻", "三暗刻", "Three concealed pungs", 2, 2,
         _sanankou, needs="pung"),
    Yaku("sanshoku_doukou", "三色同刻", "三色同刻", "Triple pung", 2, 2, _pattern("same_pung_three_suits"),
         needs="pung"),
    Yaku("sankantsu", "三槓子", "三杠子", "Three kongs", 2, 2, _pattern("three_kongs"), needs="pung"),
    Yaku("shousangen", "小三元", "小三元", "Little three dragons", 2, 2,
         _pattern("little_three_dragons"), needs="honour pung"),
    Yaku("honroutou", "混老頭", "混老头", "All terminals and honours", 2, 2,
         _pattern("terminals_and_honours"), excludes="simple"),
    Yaku("honitsu", "混一色", "混一色", "Half flush", 3, 2, _pattern("half_flush"),
         needs="honour suited"),
    Yaku("junchan", "純全帯幺九", "纯全带幺九", "Terminal in every set", 3, 2,
         _pattern("pure_outside"), needs="chow", excludes="honour"),
    Yaku("ryanpeiko", "二盃口", "两杯口", "Twice pure double chow", 3, 0,
         _pattern("identical_chows_twice"), needs="chow"),
    Yaku("chinitsu", "清一色", "清一色", "Full flush", 6, 5, _pattern("full_flush"), excludes="honour"),
    # yakuman
    Yaku("kokushi", "国士無双", "国士无双", "Thirteen orphans", 13, 0, _kokushi(False), 1),
    Yaku("kokushi_13", "国士無双十三面", "国士无双十三面", "Thirteen orphans, 13-sided wait", 26,
         0, _kokushi(True), 2),
    Yaku("suuankou", "四暗刻", "四暗刻", "Four concealed pungs", 13, 0, _suuankou(False), 1,
         needs="pung", excludes="chow"),
    Yaku("suuankou_tanki", "四暗刻単騎", "四暗刻单骑", "Four concealed pungs, pair wait", 26, 0,
         _suuankou(True), 2, needs="pung", excludes="chow"),
    Yaku("daisangen", "大三元", "大三元", "Big three dragons", 13, 13,
         _pattern("big_three_dragons"), 1, needs="honour pung"),
    Yaku("shousuushii", "小四喜", "小四喜", "Little four winds", 13, 13,
         _pattern("little_four_winds"), 1, needs="honour pung"),
    Yaku("daisuushii", "大四喜", "大四喜", "Big four winds", 26, 26, _pattern("big_four_winds"), 2,
         needs="honour pung"),
    Yaku("tsuuiisou", "字一色", "字一色", "All honours", 13, 13, _pattern("all_honours"), 1,
         excludes="suited"),
    Yaku("ryuuiisou", "緑一色", "绿一色", "All green", 13, 13, _pattern("all_green"), 1,
         excludes="terminal"),
    Yaku("chinroutou", "清老頭", "清老头", "All terminals", 13, 13, _pattern("all_terminals"), 1,
         excludes="simple honour"),
    Yaku("chuuren", "九蓮宝燈", "九莲宝灯", "Nine gates", 13, 0, _pattern("nine_gates_any"), 1,
         excludes="honour"),
    Yaku("junsei_chuuren", "純正九蓮宝燈", "纯正九莲宝灯", "Pure nine gates (9-sided wait)", 26, 0,
         _pattern("nine_gates"), 2, replaces=("chuuren",), excludes="honour"),
    Yaku("suukantsu", "四槓子", "四杠子", "Four kongs", 13, 13, _pattern("four_kongs"), 1, needs="pung"),
    Yaku("tenhou", "天和", "天和", "Heavenly hand (dealer's first draw)", 13, 0, _first(True, True),
         1),
    Yaku("chiihou", "地和", "地和", "Earthly hand (first draw, non-dealer)", 13, 0,
         _first(False, True), 1),
    Yaku("renhou_yakuman", "人和", "人和", "Renhou as yakuman", 13, 0, _renhou("yakuman"), 1),
)
YAKU_BY_KEY = {y.key: y for y in YAKU}
#: Each line with its gate as sets: (line, needs, excludes).
GATED = tuple((y, frozenset(y.needs.split()), frozenset(y.excludes.split())) for y in YAKU)
#: The lines a concealed hand and an open hand may score, each with its han there: (line, han,
#: needs, excludes, the core's bit of its pattern or -1); a line worth nothing on that side (a
#: concealed-only yaku) is left out.
GATED_BY_OPEN = {is_open: tuple((y, y.open if is_open else y.closed, needs, excludes,
                                 _native_bit(y))
                                for y, needs, excludes in GATED if (y.open if is_open else y.closed))
                 for is_open in (False, True)}

#: The situational lines, by their number in :data:`YAKU`, with their tests (of the situation
#: alone: they are given no reading).
SITUATIONAL = tuple((i, y.test) for i, y in enumerate(YAKU)
                    if getattr(y.test, "native", (None,))[0] == Y_SITUATION)
#: What each kind of :func:`kinds` is for the core's gates.
KIND_BIT = {"honour": 1, "terminal": 2, "simple": 4, "chow": 8, "pung": 16, "suited": 32}


def _rows(lines: tuple[tuple[Yaku, int, frozenset[str], frozenset[str], int], ...]
          ) -> bytes | None:
    """A side's lines packed for the core, four bytes a line (its test, the test's argument, the
    gate's needs and excludes as :data:`KIND_BIT` masks); ``None`` where some line's test is
    not the core's (a pattern it does not hold, the pure path)."""
    out = bytearray()
    for y, _, needs, excludes, _ in lines:
        code, arg = getattr(y.test, "native", (None, 0))
        if code is None or _CORE is None:
            return None
        if code == Y_SITUATION:
            arg = YAKU.index(y)
        out += bytes((code, arg, sum(KIND_BIT[k] for k in needs),
                      sum(KIND_BIT[k] for k in excludes)))
    return bytes(out)


#: Each side's card as the core reads it (``None``: the lines are tested in Python).
NATIVE_ROWS = {is_open: _rows(GATED_BY_OPEN[is_open]) for is_open in (False, True)}

#: The situational lines as ``riichi_score``'s card names them (``S_*`` in assistant/_riichi.c):
#: the facts of how the hand was won that each tests. 人和 is the line of the kind the ``renhou``
#: option plays; the other kind's line is packed as :data:`S_NEVER`.
SITUATION_CODE = {"riichi": 0, "double_riichi": 1, "ippatsu": 2, "menzen_tsumo": 3, "haitei": 4,
                  "houtei": 5, "rinshan": 6, "chankan": 7, "tenhou": 8, "chiihou": 9,
                  "renhou": 10, "renhou_yakuman": 10}
S_NEVER = 11
RENHOU_KIND = {"renhou": "five_han", "renhou_yakuman": "yakuman"}
KAZOE_CODE = {"yakuman": 0, "sanbaiman": 1, "none": 2}
#: The limit codes of ``riichi_score`` (RiichiValue.limit in assistant/_riichi.h).
LIMIT_OF_CODE = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman")
DORA_KEYS = ("dora", "aka_dora", "ura_dora", "nukidora")
_INT32 = 2 ** 31 - 1


def native_card(options: dict[str, Any], three_player: bool) -> bytes | None:
    """Both sides of the card and the options that change a score, packed for the core's
    ``riichi_score`` once per option values (``None``: the pure path, or an option value the
    core does not hold, e.g. an amount past int32)."""
    key = (bool(options["open_tanyao"]), bool(options["aka_dora"]),
           bool(options["double_yakuman"]), options["kazoe"], bool(options["kiriage"]),
           options["renhou"], bool(options.get("tsumo_loss", True)), three_player,
           options.get("honba_ron", HONBA_RON), options.get("honba_tsumo", HONBA_TSUMO),
           options["stick_value"])
    try:
        return _packed_card(key)
    except TypeError:  # an unhashable option value: the Python path reads it
        return None


@lru_cache(maxsize=256)  # a few rule sets in use at once; a bound, as options come from requests
def _packed_card(key: tuple[Any, ...]) -> bytes | None:
    """:func:`native_card`'s bytes for its key: a 24-byte head (``RIC1``, the rows of each side,
    kazoe, kiriage, aka_dora, open_tanyao, three players, tsumo_loss, then honba on a discard,
    honba a payer of a self-draw and a stick's points as int32), then 16 bytes a line (test,
    argument, gates, han, yakuman, the lines it replaces as a 64-bit mask)."""
    open_tanyao, aka_dora, double_yakuman, kazoe, kiriage, renhou, tsumo_loss, three_player = (
        key[:8])
    amounts = key[8:]
    if (NATIVE_ROWS[False] is None or NATIVE_ROWS[True] is None or _CORE is None
            or not hasattr(_CORE, "riichi_score") or kazoe not in KAZOE_CODE
            or any(type(a) is not int or not 0 <= a <= _INT32 for a in amounts)):
        return None
    sides = [GATED_BY_OPEN[False], GATED_BY_OPEN[True]]
    out = bytearray(struct.pack("<4s8B3i", b"RIC1", len(sides[0]), len(sides[1]),
                                KAZOE_CODE[kazoe], kiriage, aka_dora, open_tanyao, three_player,
                                tsumo_loss, *amounts))
    for lines in sides:
        at = {y.key: i for i, (y, *_) in enumerate(lines)}
        for y, han, needs, excludes, _ in lines:
            code, arg = y.test.native  # type: ignore[attr-defined]
            if code == Y_SITUATION:
                if y.key not in SITUATION_CODE:  # a fact the core does not know
                    return None
                kind = RENHOU_KIND.get(y.key)
                arg = S_NEVER if kind is not None and renhou != kind else SITUATION_CODE[y.key]
            if y.yakuman == 2 and not double_yakuman:
                han = 13
            replaces = sum(1 << at[k] for k in y.replaces if k in at)
            out += struct.pack("<8BQ", code, arg, sum(KIND_BIT[k] for k in needs),
                               sum(KIND_BIT[k] for k in excludes), han, y.yakuman > 0, 0, 0,
                               replaces)
    return bytes(out)


#: Dora lines: (key, 日本語, 中文, English).
DORA_NAMES = {"dora": ("ドラ", "宝牌", "Dora"), "aka_dora": ("赤ドラ", "赤宝牌", "Red five"),
              "ura_dora": ("裏ドラ", "里宝牌", "Ura-dora"),
              "nukidora": ("抜きドラ", "拔北宝牌", "North set aside (nukidora)")}

#: Fu of a pung or kong: [terminal or honour][kong][concealed].
SET_FU = (((2, 4), (8, 16)), ((4, 8), (16, 32)))


def _terminal_or_honour(tile: str) -> bool:
    """幺九牌: a 1, a 9 or an honour (their sets earn double fu)."""
    return is_honor(tile) or tile[0] in "19"


def _fu_parts(r: Reading, s: Situation) -> tuple[list[tuple[str, int]], int]:
    """The fu items of a regular reading beyond the base, and their sum (0: a pinfu shape)."""
    parts: list[tuple[str, int]] = []
    group, win = r.group, r.hand.win_tile
    if group is not None and win is not None:
        kind, tiles = group
        if kind == "pair":
            parts.append(("tanki", 2))
        elif kind == "chow" and tiles[1] == win:
            parts.append(("kanchan", 2))
        elif kind == "chow" and ((tiles[0][0] == "1" and win == tiles[2])
                                 or (tiles[0][0] == "7" and win == tiles[0])):
            parts.append(("penchan", 2))
    pair = r.hand.pair
    if pair is not None:
        valued = (pair in DRAGONS) + (pair == s.seat_wind) + (pair == s.round_wind)
        if valued:
            parts.append(("pair", 2 * valued))
    ron_pung = not r.self_drawn and group is not None and group[0] == "pung"
    for x in r.hand.sets:
        if not x.is_pung:
            continue
        concealed = not x.exposed
        if ron_pung and concealed and x.kind == "pung" and x.tile == group[1][0]:
            concealed, ron_pung = False, False
        parts.append((x.kind, SET_FU[_terminal_or_honour(x.tile)][x.kind == "kong"][concealed]))
    return parts, sum(v for _, v in parts)


def fu_of(r: Reading, s: Situation) -> tuple[int, list[dict[str, Any]]]:
    """The hand's fu, rounded up to 10, with its items: 25 for seven pairs, 0 for 13 orphans."""
    fu, parts = fu_with_parts(r, s)
    return fu, [{"name_en": k, "fu": v} for k, v in parts]


def fu_with_parts(r: Reading, s: Situation) -> tuple[int, list[tuple[str, int]]]:
    """:func:`fu_of` with its items as (name, fu) pairs (every reading is compared by its fu;
    the best one's items only are written)."""
    form = r.hand.form
    if form is Form.SEVEN_PAIRS:
        return 25, [("seven pairs", 25)]
    if form is Form.THIRTEEN_ORPHANS:
        return 0, []
    parts, extra = _fu_parts(r, s)
    items = [("base", 20)]
    if not r.open and not r.self_drawn:
        items.append(("concealed ron", 10))
    items += parts
    if r.self_drawn and (extra or r.open):
        items.append(("tsumo", 2))
    elif r.open and not extra:
        items.append(("open pinfu shape", 2))  # no 20-fu open hand: 30 fu
    total = sum(v for _, v in items)
    return (total + 9) // 10 * 10, items


def readings_of(state: HandState, readings: list[Decomposition]) -> list[Reading]:
    """Every reading, once for each distinct concealed group the winning tile may have completed."""
    out = []
    for hand in winning_hands(state, readings):
        groups = {(k, t) for k, t in hand.concealed_groups
                  if hand.win_tile in t and k in ("pair", "chow", "pung")}
        if hand.form is Form.THIRTEEN_ORPHANS or not groups:
            out.append(Reading(hand, None, state.self_drawn, hand.melds_exposed > 0))
        for g in sorted(groups):
            out.append(Reading(hand, g, state.self_drawn, hand.melds_exposed > 0))
    return out


@dataclass
class Valued:
    """A reading scored: its yaku (line, han each, count), dora by kind, han, fu, yakuman
    multiple, base points and limit name; its items are written when asked (the best reading's
    only: the others are compared by their numbers)."""

    reading: Reading
    found: list[tuple[Yaku, int, int]]
    dora: dict[str, int]
    han: int
    fu: int
    fu_parts: list[tuple[str, int]]
    yakuman: int
    base: int
    limit: str | None

    @property
    def fu_items(self) -> list[dict[str, Any]]:
        """The fu items: each part's name and fu."""
        return [{"name_en": k, "fu": v} for k, v in self.fu_parts]

    @cached_property
    def items(self) -> list[dict[str, Any]]:
        """The score items: each yaku with the hand's tiles, then each kind of dora held."""
        return _items(self.found, self.dora, sorted_tiles(self.reading.hand.tiles))


def _items(found: list[tuple[Yaku, int, int]], dora: dict[str, int], tiles: list[str]
           ) -> list[dict[str, Any]]:
    """The score items: each yaku line found (han each, count) with the hand's tiles in order,
    then each kind of dora held."""
    out = [_item(y, han, count, tiles) for y, han, count in found]
    for key, n in dora.items():
        if n:
            ja, zh, en = DORA_NAMES[key]
            out.append({"key": key, "name_ja": ja, "name_zh": zh, "name_en": en, "value": 1,
                        "count": n})
    return out


def _item(y: Yaku, value: int, count: int, tiles: list[str]) -> dict[str, Any]:
    """A score item of a yaku line, with its three names."""
    out: dict[str, Any] = {"key": y.key, "name_ja": y.name_ja, "name_zh": y.name_zh,
                           "name_en": y.name_en, "value": value, "count": count, "tiles": tiles}
    if y.yakuman:
        out["yakuman"] = value // 13
    return out


def native_reading(r: Reading, s: Situation
                   ) -> tuple[list[tuple[Yaku, int, int]], int, list[tuple[str, int]]] | None:
    """The reading's yaku (as :func:`yaku_of`), fu and fu parts (as :func:`fu_with_parts`) from
    the core in one call; ``None`` where it does not answer (then the Python tests do)."""
    rows = NATIVE_ROWS[r.open]
    if rows is None or _CORE is None:
        return None
    got = _CORE.riichi_yaku(r.hand, s.win, r.group, rows, s.situational, r.open,
                            bool(s.options["open_tanyao"]))
    if got is NotImplemented:
        return None
    lines = GATED_BY_OPEN[r.open]
    return _kept([(lines[i][0], lines[i][1], count) for i, count in got[0]], s), got[1], list(
        got[2])


def _kept(found: list[tuple[Yaku, int, int]], s: Situation) -> list[tuple[Yaku, int, int]]:
    """The lines found, a double yakuman single where ``double_yakuman`` is off, less the lines
    replaced; a yakuman hand keeps its yakuman only."""
    if not s.options["double_yakuman"]:
        found = [(y, 13 if y.yakuman == 2 else han, c) for y, han, c in found]
    replaced = {k for y, _, _ in found for k in y.replaces}
    if replaced:
        found = [f for f in found if f[0].key not in replaced]
    yakuman = [f for f in found if f[0].yakuman]
    return yakuman or found


def yaku_of(r: Reading, s: Situation) -> list[tuple[Yaku, int, int]]:
    """The yaku of a reading as (line, han each, count); a yakuman hand keeps its yakuman only."""
    got = native_reading(r, s)
    return got[0] if got is not None else python_yaku_of(r, s)


def python_yaku_of(r: Reading, s: Situation) -> list[tuple[Yaku, int, int]]:
    """:func:`yaku_of` by the Python tests (the pure path, and what the core is compared with)."""
    found: list[tuple[Yaku, int, int]] = []
    made = kinds(r.hand)
    # The reading's pattern bits, read once: a line testing a pattern the hand lacks is passed
    # over before its gate (most lines of most hands).
    bits, counts = r.patterns(s.win) if NATIVE_KEYS else (0, {})
    for y, han, needs, excludes, bit in GATED_BY_OPEN[r.open]:
        if bit >= 0 and not bits >> bit & 1:
            continue
        if not needs <= made or excludes & made:
            continue
        count = y.test(r, s) if bit < 0 else counts.get(bit, 1)
        if count:
            found.append((y, han, count))
    return _kept(found, s)


def dora_count(state: HandState, hand: WinningHand, indicators: list[str],
               dora_of: dict[str, str] = DORA_OF, nukidora: int = 0) -> int:
    """How many dora the hand holds for these indicators (a tile counts once per indicator); a
    北 set aside (抜きドラ) is the winner's tile too, so it counts where 北 is the dora."""
    return sum(hand.tiles.count(dora_of[i]) + nukidora * (dora_of[i] == "N") for i in indicators)


def base_points(han: int, fu: int, yakuman: int, options: dict[str, Any]) -> tuple[int, str | None]:
    """The base points of han and fu (or a yakuman multiple), and the limit reached if any."""
    if yakuman:
        return 8000 * min(yakuman, MAX_YAKUMAN), "yakuman"
    if han >= 13:
        kazoe = options["kazoe"]
        if kazoe == "yakuman":
            return 8000, "kazoe yakuman"
        if kazoe == "sanbaiman":
            return 6000, "sanbaiman"
        if han >= 26:
            return 8000 * min(han // 13, MAX_YAKUMAN), "kazoe yakuman"
    for least, base, name in LIMITS:
        if han >= least:
            return base, name
    base = fu * 2 ** (han + 2)
    if base > 2000 or (options["kiriage"] and (han, fu) in ((4, 30), (3, 60))):
        return 2000, "mangan"
    return base, None


def _up(points: int) -> int:
    """Rounded up to the next 100, as every payment is."""
    return (points + 99) // 100 * 100


def shares(base: int, dealer: bool, self_drawn: bool) -> dict[str, int]:
    """What each payer owes for the hand: ``discarder`` on a discard, else ``dealer`` and
    ``other`` (each non-dealer) on a self-draw, rounded up to 100."""
    if not self_drawn:
        return {"discarder": _up(base * (6 if dealer else 4))}
    if dealer:
        return {"other": _up(base * 2)}
    return {"dealer": _up(base * 2), "other": _up(base)}


def value_reading(state: HandState, r: Reading, s: Situation) -> Valued | None:
    """Score one reading; ``None`` when it has no yaku."""
    got = native_reading(r, s)
    if got is not None:
        found, fu, parts = got
    else:
        found = python_yaku_of(r, s)
        fu, parts = fu_with_parts(r, s) if found else (0, [])
    if not found:
        return None
    yakuman = sum(y.yakuman and han // 13 for y, han, _ in found)
    han = sum(h * c for _, h, c in found)
    dora: dict[str, int] = {}
    if not yakuman:
        dora = {"dora": dora_count(state, r.hand, state.dora_indicators, s.dora_of, s.nukidora),
                "aka_dora": state.red_fives if s.options["aka_dora"] else 0,
                "ura_dora": dora_count(state, r.hand, state.ura_dora_indicators, s.dora_of,
                                       s.nukidora) if s.riichi or s.double_riichi else 0,
                "nukidora": s.nukidora}
        han += sum(dora.values())
    base, limit = base_points(han, fu, yakuman, s.options)
    if limit == "kazoe yakuman":
        yakuman = max(1, han // 13) if s.options["kazoe"] == "none" else 1
    return Valued(r, found, dora, han, fu, parts, yakuman, base, limit)


def read_riichi_table(state: HandState | None, profile: RuleProfile,
                      data: dict[str, Any] | None = None, need_seat: bool = True) -> Table:
    """The checked table: dealer East, the winner at his seat wind; ``honba`` and
    ``riichi_sticks`` (seat -> sticks it put on the table) are read by :func:`table_extras`
    into the table's fields of those names."""
    raw = state.table if state is not None else data
    raw = dict(raw) if isinstance(raw, dict) else raw
    own = {k: raw.pop(k) for k in TABLE_OWN_KEYS if k in raw} if isinstance(raw, dict) else {}
    if state is not None:
        check_kong_robbing(state.robbing_kong, profile.kong_robbable, profile.name)
        table = read_table(raw, self_drawn=state.self_drawn, default_seat=state.seat_wind,
                           max_bet=0, robbing_kong=state.robbing_kong,
                           prevalent_wind=state.prevalent_wind, seats=seat_winds(profile))
        check_win(state, table, profile)
    else:
        table = read_hand_table(None, profile, raw, need_seat, max_bet=0)
    if isinstance(raw, dict) and raw.get("dealer") not in (None, "E"):
        raise MahjongError("riichi: the dealer sits East (the seats are seat winds), so "
                           f"table.dealer is E, not {raw['dealer']!r}", "dealer")
    if state is not None and table.seat != state.seat_wind:
        raise MahjongError(f"riichi: table.seat {table.seat} must be the winner's seat wind "
                           f"{state.seat_wind}", "seat")
    table.honba, table.riichi_sticks = table_extras(own, table.seats)
    return table


def table_extras(own: dict[str, Any], seats: tuple[str, ...] = WINDS
                 ) -> tuple[int, dict[str, int]]:
    """``honba`` (a whole number from 0) and ``riichi_sticks`` (seat -> sticks, checked)."""
    honba = own.get("honba", 0)
    if isinstance(honba, bool) or not isinstance(honba, int) or honba < 0:
        raise MahjongError(f"table.honba is a whole number of counters from 0, got {honba!r}",
                           "honba")
    sticks = own.get("riichi_sticks") or {}
    if not isinstance(sticks, dict):
        raise MahjongError("table.riichi_sticks maps each seat to the riichi sticks it put on the "
                           "table, e.g. {\"S\": 1, \"W\": 2}: the payments sum to zero only when "
                           "each stick's owner is known", "riichi_sticks")
    out = {}
    for seat, n in sticks.items():
        if seat not in WINDS:
            raise MahjongError(f"table.riichi_sticks: unknown seat {seat!r}; seats are E S W N",
                               seat)
        check_seat(seat, "table.riichi_sticks", seats)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise MahjongError(f"table.riichi_sticks: seat {seat} has {n!r} sticks; a whole "
                               "number from 0", n)
        out[seat] = n
    return honba, out


def check_riichi_hand(state: HandState) -> None:
    """Refuse what riichi's rules make impossible, naming the rule."""
    exposed = any(not m.concealed for m in state.melds)
    declared = state.riichi or state.double_riichi
    if declared and exposed:
        raise MahjongError("riichi needs a concealed hand: no claimed meld (a concealed kong is "
                           "allowed)", "riichi")
    if state.ippatsu and not declared:
        raise MahjongError("ippatsu (一发) is a win within one go-around of a riichi: it needs "
                           "context.riichi or context.double_riichi", "ippatsu")
    if declared and state.first_go_around:
        raise MahjongError("a first go-around win (天和/地和/人和) comes before any riichi "
                           "discard: riichi and first_go_around exclude each other", "riichi")
    if state.ura_dora_indicators and not declared:
        raise MahjongError("ura_dora_indicators are turned only for a winner who declared riichi",
                           "ura_dora_indicators")
    if len(state.ura_dora_indicators) > len(state.dora_indicators):
        raise MahjongError("ura_dora_indicators: one under each dora indicator, so no more of "
                           "them than dora_indicators", "ura_dora_indicators")
    if state.kong_replacement and not state.self_drawn:
        raise MahjongError("kong_replacement (岭上开花) is a self-drawn win on the replacement "
                           "tile", "kong_replacement")
    if state.robbing_kong and state.self_drawn:
        raise MahjongError("robbing_kong (抢杠) is a win on another seat's kong tile, not "
                           "self-drawn", "robbing_kong")
    if state.last_tile and (state.kong_replacement or state.robbing_kong):
        what = "kong replacement" if state.kong_replacement else "robbed kong"
        raise MahjongError(f"wall_last (海底/河底) and a {what} exclude each other: the "
                           "replacement tile is not the last tile of the wall, and a robbed "
                           "kong is not a discard", "wall_last")


def situation(state: HandState, profile: RuleProfile, dealer: bool) -> Situation:
    """The riichi facts of a hand state under a profile's options."""
    return Situation(Win.of(state, dealer), state.seat_wind, state.prevalent_wind, state.riichi
                     and not state.double_riichi, state.double_riichi, state.ippatsu,
                     profile.extra, DORA_OF_THREE if profile.three_player else DORA_OF,
                     state.nukidora)


def has_yaku(state: HandState, profile: RuleProfile, readings: list[Decomposition]) -> bool:
    """Whether some reading of the complete hand has a yaku (a claim of a win checks this; the
    seat East deals)."""
    s = situation(state, profile, state.seat_wind == "E")
    return any(yaku_of(r, s) for r in readings_of(state, readings))


def score_riichi(state: HandState, profile: RuleProfile, readings: list[Decomposition],
                 table: Table | None = None) -> dict[str, Any]:
    """Score a riichi win: the best reading's yaku, han, fu and points, and who pays what.
    ``table``: what :func:`read_riichi_table` read of this hand's table, where the caller has
    read it already (the analysis checks it first); else it is read here."""
    check_riichi_hand(state)
    if (state.kong_replacement and not any(m.is_kong for m in state.melds)
            and not profile.extra.get("nukidora_rinshan", True)):
        raise MahjongError("kong_replacement (嶺上開花): the draw after setting a 北 aside is not "
                           "a kong's replacement at this table (option nukidora_rinshan = "
                           "false); declare a kong among the melds", "kong_replacement")
    if table is None:
        table = read_riichi_table(state, profile)
    honba, sticks = table.honba, table.riichi_sticks
    winner = table.seat
    assert winner is not None
    assumed = list(table.assumed)
    declared = state.riichi or state.double_riichi
    if declared and not sticks.get(winner):
        sticks = {**sticks, winner: 1}
        assumed.append(f"the winner's riichi stick: riichi_sticks.{winner} = 1")
    dealer = winner == table.dealer
    first = nearest_winner(table)  # of several winners, the one who takes honba and sticks
    native = _native_score(state, profile, readings, table, dealer, sticks, winner == first,
                           assumed)
    if native is not None:
        return native
    v = _best_reading(state, profile, readings, table, dealer, assumed)
    ledger = Ledger(table.seats)
    bonus = honba if winner == first else 0
    liable = pao_seat(table, v, profile)
    pao_base = 8000 * sum(i["yakuman"] for i in v.items if i["key"] in PAO_YAKUMAN) if liable else 0
    settle_hand(ledger, table, v.base - pao_base, dealer, state.self_drawn, bonus,
                None if liable is None or liable == table.discarder else liable, profile.extra)
    if pao_base:
        assert liable is not None
        settle_pao(ledger, table, pao_base, dealer, liable)
    if liable is not None:
        assumed.append(f"pao (責任払い): {liable} is liable for "
                       + ", ".join(i["name_ja"] for i in v.items if i["key"] in PAO_YAKUMAN))
    if winner == first:
        for seat, n in sticks.items():
            if seat != winner:
                ledger.pay(seat, winner, n * profile.option("stick_value"), "riichi sticks")
    honba_points = sum(a for _, _, a, why in ledger.entries if why == "honba")
    points = sum(a for _, _, a, why in ledger.entries if why not in ("honba", "riichi sticks"))
    stick_points = sum(sticks.values()) * profile.option("stick_value") if winner == first else 0
    out: dict[str, Any] = {
        "variant": profile.name, "items": v.items, "han": v.han, "fu": v.fu,
        "fu_items": v.fu_items, "yakuman": v.yakuman, "total": v.han, "fan": v.han,
        "limit": v.limit, "base_points": v.base, "hand_points": points,
        "points": points + honba_points, "unit": "han", "honba": honba,
        "honba_points": honba_points, "riichi_sticks": sum(sticks.values()),
        "sticks_points": stick_points, "received": points + honba_points + stick_points,
        "winner": winner, "dealer": table.dealer, "hand_form": v.reading.hand.form.value,
        "wait_group": list(v.reading.group[1]) if v.reading.group else None,
        **ledger.to_json(), "assumed": assumed,
    }
    if v.limit in LIMIT_NAMES:
        out["limit_zh"], out["limit_ja"] = LIMIT_NAMES[v.limit]
    return out


def _no_yaku() -> NotScored:
    """The refusal of a win without a yaku."""
    return NotScored("riichi: no yaku (役なし / 无役): a win needs at least one yaku, and dora do "
                     "not count as one", "no_yaku")


def _best_reading(state: HandState, profile: RuleProfile, readings: list[Decomposition],
                  table: Table, dealer: bool, assumed: list[str]) -> Valued:
    """The best reading by the Python tests (the pure path): by what the winner receives, then
    yakuman, han and fu; without a win tile each tile of the hand is tried as it."""
    if state.win_tile is None:
        assumed.append("no win_tile: each tile of the hand tried as the winning tile, the best "
                       "kept")
    s = situation(state, profile, dealer)
    best: tuple[tuple[int, int, int, int], Valued] | None = None
    candidates = [state] if state.win_tile is not None else [
        replace(state, concealed=_without(state.concealed, t), win_tile=t)
        for t in sorted_tiles(set(state.concealed))]
    for r in (r for c in candidates for r in readings_of(c, readings)):
        v = value_reading(state, r, s)
        if v is None:
            continue
        paid = shares(v.base, dealer, state.self_drawn)
        others = len(table.seats) - 1  # the payers of a self-draw: two at a table of three
        total = paid.get("discarder", 0) + paid.get("dealer", 0) + paid.get("other", 0) * (
            others if dealer else others - 1)
        key = (total, v.yakuman, v.han, v.fu)
        if best is None or key > best[0]:
            best = (key, v)
    if best is None:
        raise _no_yaku()
    return best[1]


def _native_score(state: HandState, profile: RuleProfile, readings: list[Decomposition],
                  table: Table, dealer: bool, sticks: dict[str, int], takes: bool,
                  assumed: list[str]) -> dict[str, Any] | None:
    """The answer from the core's ``riichi_score`` in one call: the best reading, its payments
    and the answer's numbers from the core, its items written here. ``sticks``: the riichi
    sticks on the table (the winner's own counted); ``takes``: the winner takes the honba and the
    sticks. ``None`` where the core does not answer (the pure path, no win tile, pao, a value
    it does not hold)."""
    if _CORE is None or state.win_tile is None or isinstance(table.liable, dict) or len(
            table.in_play) < 4:
        return None
    card = native_card(profile.extra, profile.three_player)
    if card is None:
        return None
    context = (state.riichi, state.double_riichi, state.ippatsu, state.red_fives,
               state.nukidora, state.dora_indicators, state.ura_dora_indicators,
               len(table.seats), table.seat, table.discarder,
               table.honba if takes else 0, takes, sticks, dealer)
    got = _CORE.riichi_score(state, readings, card, context,
                             (profile.name, table.honba, table.dealer, assumed))
    if got is NotImplemented:
        return None
    if got is None:
        raise _no_yaku()
    out, lines, tiles, dora, limit = got
    side = GATED_BY_OPEN[any(not m.concealed for m in state.melds)]
    limit_name = LIMIT_OF_CODE[limit]
    out["items"] = _items([(side[row][0], each, count) for row, each, count in lines],
                          {} if limit_name == "yakuman" and out["yakuman"]
                          else dict(zip(DORA_KEYS, dora, strict=True)), tiles)
    if limit_name in LIMIT_NAMES:
        out["limit_zh"], out["limit_ja"] = LIMIT_NAMES[limit_name]
    return out


#: Yakuman a seat that fed the last set is liable for (責任払い, pao).
PAO_YAKUMAN = ("daisangen", "daisuushii")


def pao_seat(table: Table, v: Valued, profile: RuleProfile) -> str | None:
    """The seat liable for the hand (``table.liable``), checked: pao is only for 大三元 and
    大四喜, and only where the ``pao`` option plays it."""
    liable = table.liable if isinstance(table.liable, dict) else None
    if liable is None:
        return None
    if not profile.option("pao"):
        raise MahjongError("table.liable: pao (責任払い) is off (option pao = false)", "liable")
    if not any(i["key"] in PAO_YAKUMAN for i in v.items):
        raise MahjongError("table.liable: pao (責任払い) applies to 大三元 and 大四喜 only, and "
                           "the hand has neither", "liable")
    return liable["seat"]


def settle_hand(ledger: Ledger, table: Table, base: int, dealer: bool, self_drawn: bool,
                bonus: int, honba_payer: str | None, options: dict[str, Any] | None = None
                ) -> None:
    """Record the payments of a hand worth ``base`` (and ``bonus`` honba counters, paid by
    ``honba_payer`` where pao makes one seat pay them, else as usual). At a table of three a
    self-draw is paid by two: the empty seat's share is lost (``tsumo_loss``) or split between
    them (北家折半)."""
    winner = table.seat
    assert winner is not None
    options = options or {}
    honba_ron = options.get("honba_ron", HONBA_RON)
    honba_tsumo = options.get("honba_tsumo", HONBA_TSUMO)
    paid = shares(base, dealer, self_drawn) if base else {}
    if self_drawn:
        missing = 4 - len(table.seats)
        if paid and missing and not options.get("tsumo_loss", True):
            # 北家折半: each payer's part of the base and an even part of the empty seat's (a
            # non-dealer's: the dealer always sits), rounded up to 100, so a self-draw is worth
            # about what the same hand wins on a discard.
            payers = len(table.seats) - 1
            empty = (2 if dealer else 1) * base * missing
            paid = {k: _up(-(-((2 if k == "dealer" or dealer else 1) * base * payers + empty)
                             // payers)) for k in paid}
        for seat in table.others:
            if paid:
                ledger.pay(seat, winner, paid["dealer"] if seat == table.dealer
                           else paid["other"], "self-drawn")
            if honba_payer is None:
                ledger.pay(seat, winner, honba_tsumo * bonus, "honba")
    else:
        assert table.discarder is not None
        if paid:
            ledger.pay(table.discarder, winner, paid["discarder"], "win on a discard")
        if honba_payer is None:
            ledger.pay(table.discarder, winner, honba_ron * bonus, "honba")
    if honba_payer is not None:
        ledger.pay(honba_payer, winner, honba_ron * bonus, "honba")


def settle_pao(ledger: Ledger, table: Table, base: int, dealer: bool, liable: str) -> None:
    """The liable seat's part: the whole value on a self-draw (as if it had dealt in), half of it
    beside the discarder on another's discard, all of it when it dealt in itself."""
    winner = table.seat
    assert winner is not None
    value = _up(base * (6 if dealer else 4))
    if table.discarder is None or table.discarder == liable:
        ledger.pay(liable, winner, value, "pao (責任払い)")
        return
    ledger.pay(liable, winner, value // 2, "pao (責任払い), half")
    ledger.pay(table.discarder, winner, value - value // 2, "win on a discard, half (pao)")


def settle_riichi_draw(profile: RuleProfile, table: Table, hands: dict[str, Any], ledger: Ledger,
                       analyze: Callable[..., dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """流局 (an exhaustive draw): the seats not ready (不聴) pay the ready ones (聴牌)
    ``noten_payment`` in all, shared out evenly; none when all or none are ready (readiness is
    the hand's shanten, so the whole analysis ``analyze`` is not needed)."""
    states = {}
    seats = table.seats
    for seat in seats:
        if seat not in hands:
            raise MahjongError(f"noten payments: the hand of seat {seat} is missing", seat)
        try:
            states[seat] = HandState.from_json(hands[seat], profile.hand_size)
        except MahjongError as exc:
            raise MahjongError(f"seat {seat}: {exc}", exc.token) from None
        absent = [t for t in states[seat].tiles if profile.three_player and t in THREE_PLAYER_OUT]
        if absent:
            raise MahjongError(f"seat {seat}: {absent[0]} is not in the tile set of variant "
                               f"{profile.name!r}", absent[0])
    ready = [w for w, st in states.items() if st.tile_count == profile.hand_size and shanten(
        to_counts(st.tiles), 0, profile.forms, profile.four_as_two_pairs) == 0]
    items = [item("听牌" if w in ready else "不听", "Ready (tenpai)" if w in ready
                  else "Not ready (noten)", 0, event=f"{'tenpai' if w in ready else 'noten'}_{w}")
             for w in seats]
    for payer, payee, each in noten_payments(profile.option("noten_payment"), ready, seats):
        ledger.pay(payer, payee, each, "noten payment")
    return items


def noten_payments(total: int, ready: list[str], seats: tuple[str, ...] = WINDS
                   ) -> list[tuple[str, str, int]]:
    """流局's payments (payer, payee, amount): the seats not ready pay the ready ones ``total``
    in all, shared out evenly; none when all or none are ready.

    >>> noten_payments(2000, ["E"], ("E", "S", "W"))
    [('S', 'E', 1000), ('W', 'E', 1000)]
    """
    if not 0 < len(ready) < len(seats):
        return []
    each = total // (len(ready) * (len(seats) - len(ready)))
    return [(payer, payee, each) for payer in seats if payer not in ready for payee in ready]


def _without(tiles: list[str], tile: str) -> list[str]:
    """``tiles`` less one copy of ``tile``."""
    out = list(tiles)
    out.remove(tile)
    return out


def nearest_winner(table: Table) -> str | None:
    """Of several winners on one discard, the first in turn order after the discarder takes the
    honba and the riichi sticks (頭跳ね)."""
    if table.discarder is None or len(table.winners) < 2:
        return table.seat
    return next(w for w in (next_seat(table.discarder, k, table.seats)
                            for k in range(1, len(table.seats))) if w in table.winners)
