"""The variants a table can play: each is a rule profile (data) plus, where it scores, a scorer.

>>> get_profile("default").name
'default'
>>> get_profile("nonsense")
Traceback (most recent call last):
...
assistant.errors.MahjongError: unknown variant 'nonsense'; known variants: ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import MahjongError
from ..profile import RuleProfile
from ..shanten import Form

#: A scorer: (hand state, profile, decompositions of the winning hand) -> the ``score`` object
#: (``items``, ``total``, ``payments``); registered per variant name in :data:`SCORERS`.
Scorer = Callable[..., dict[str, Any]]
SCORERS: dict[str, Scorer] = {}

DEFAULT = RuleProfile(
    name="default", name_zh="通用",
    description_en="No regional rules: every hand form is allowed (four sets and a pair, seven "
                   "pairs with four of a kind as two pairs, thirteen orphans, 全不靠, 组合龙), "
                   "chows allowed, one winner per discard.",
    description_zh="不限地区：所有和牌型（基本和型、七对（四张可算两对）、十三幺、全不靠、组合龙），"
                   "可以吃牌，一炮只许一人和。",
    pass_lock=True,
)

RIICHI = RuleProfile(
    name="riichi", name_zh="日本立直麻将",
    description_en="Japanese riichi forms for comparison with riichi tools: seven pairs need seven "
                   "different pairs; no 全不靠 or 组合龙; several winners allowed.",
    description_zh="日本立直麻将的和牌型：七对须为七种不同的对子；无全不靠、组合龙；允许一炮多响。",
    forms=(Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS),
    four_as_two_pairs=False, multiple_winners=True, pass_lock=True,
)

MCR = RuleProfile(
    name="mcr", name_zh="国标麻将",
    description_en="Chinese Official (MCR 国标) hand forms: all five forms; a tile whose four "
                   "copies are in your own hand is not a wait.",
    description_zh="国标麻将的和牌型：五种和型；自己手中已有四张的牌不算听牌。",
    waits_in_own_hand=False, multiple_winners=True,
)

from ..scoring.by_card import read_card_table  # noqa: E402
from .changsha import CHANGSHA, instant_wins, read_changsha_table, score_changsha  # noqa: E402
from .guangdong import GUANGDONG, read_guangdong_table, score_guangdong  # noqa: E402
from .hundred import HUNDRED, read_hundred_table, score_hundred, settle_hundred_kongs  # noqa: E402, I001
from .jiangnan import JIANGNAN, score_jiangnan  # noqa: E402
from .nanjing import NANJING, score_nanjing  # noqa: E402
from .neimenggu import NEIMENGGU, score_neimenggu  # noqa: E402
from .shaanxi import SHAANXI, read_shaanxi_table, score_shaanxi, settle_shaanxi_kongs  # noqa: E402
from .sichuan import (  # noqa: E402
    SICHUAN,
    XUELIU,
    read_sichuan_table,
    score_sichuan,
    settle_sichuan_draw,
    settle_sichuan_kongs,
)
from .taiyuan import TAIYUAN, score_taiyuan  # noqa: E402
from .wuhu import WUHU, score_wuhu  # noqa: E402
from .xian import XIAN, read_xian_table, score_xian, settle_xian_kongs  # noqa: E402

PROFILES: dict[str, RuleProfile] = {p.name: p for p in (
    DEFAULT, RIICHI, MCR, SHAANXI, XIAN, GUANGDONG, SICHUAN, XUELIU, HUNDRED, CHANGSHA, NEIMENGGU,
    WUHU, TAIYUAN, NANJING, JIANGNAN)}
SCORERS.update({"shaanxi": score_shaanxi, "xian": score_xian, "guangdong": score_guangdong,
                "sichuan": score_sichuan, "xueliu": score_sichuan, "hundred": score_hundred,
                "changsha": score_changsha, "neimenggu": score_neimenggu, "wuhu": score_wuhu,
                "taiyuan": score_taiyuan, "nanjing": score_nanjing, "jiangnan": score_jiangnan})
#: variant -> (profile, table JSON or None, need a seat?) -> checked Table (bets in range etc.).
TABLE_READERS: dict[str, Callable[..., Any]] = {
    "shaanxi": read_shaanxi_table, "xian": read_xian_table, "guangdong": read_guangdong_table,
    "sichuan": read_sichuan_table, "xueliu": read_sichuan_table, "hundred": read_hundred_table,
    "changsha": read_changsha_table, **dict.fromkeys(
        ("neimenggu", "wuhu", "taiyuan", "nanjing", "jiangnan"), read_card_table)}
#: variant -> (hand state, profile) -> the 起手胡 a dealt hand shows (长沙), or None.
INSTANT_WINS: dict[str, Callable[..., dict[str, Any] | None]] = {"changsha": instant_wins}
#: variant -> (ledger, table, profile) -> kong items per seat, for variants that pay kongs at once.
KONG_SETTLERS: dict[str, Callable[..., dict[str, list[dict[str, Any]]]]] = {
    "shaanxi": settle_shaanxi_kongs, "xian": settle_xian_kongs, "sichuan": settle_sichuan_kongs,
    "xueliu": settle_sichuan_kongs, "hundred": settle_hundred_kongs}
#: variant -> (profile, table, hands per seat, ledger) -> items: a drawn hand's own settlement.
DRAW_SETTLERS: dict[str, Callable[..., list[dict[str, Any]]]] = {
    "sichuan": settle_sichuan_draw, "xueliu": settle_sichuan_draw}


def check_table(profile: RuleProfile, state: Any) -> None:
    """Check a hand's ``table`` under its variant before analysis, so bad table input (a bet out
    of range, an unknown seat) is an error even when the hand is not (yet) a win."""
    reader = TABLE_READERS.get(profile.name)
    if reader is not None and state.table is not None:
        reader(state, profile)


def read_variant_table(profile: RuleProfile, data: dict[str, Any] | None) -> Any:
    """A variant's checked ``table`` without a hand (a drawn hand: no seat, no discarder)."""
    reader = TABLE_READERS.get(profile.name)
    if reader is None:
        raise MahjongError(f"variant {profile.name!r} has no table rules; table rules exist for "
                           f"{', '.join(TABLE_READERS)}", profile.name)
    return reader(None, profile, data, need_seat=False)


def scorer_for(profile: RuleProfile) -> Scorer | None:
    """The variant's scoring function, or ``None`` for profiles that only read hands."""
    return SCORERS.get(profile.name)


def get_profile(name: str | None, options: dict | None = None) -> RuleProfile:
    """The profile of a variant by name (``None`` is the default), with option overrides."""
    if name is None:
        name = "default"
    if not isinstance(name, str):
        raise MahjongError(f"a variant is named by a string, got {name!r}", name)
    profile = PROFILES.get(name.lower())
    if profile is None:
        raise MahjongError(f"unknown variant {name!r}; known variants: {', '.join(PROFILES)}", name)
    return profile.with_options(options)
