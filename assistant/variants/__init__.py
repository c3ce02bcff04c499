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
from dataclasses import dataclass, replace
from typing import Any

from ..errors import MahjongError
from ..profile import RuleProfile

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

from ..scoring.by_card import read_card_table  # noqa: E402
from ..scoring.table import SHOWN_KEYS  # noqa: E402
from .changsha import CHANGSHA, instant_wins, read_changsha_table, score_changsha  # noqa: E402
from .fujian import FUJIAN, score_fujian  # noqa: E402
from .guangdong import GUANGDONG, read_guangdong_table, score_guangdong  # noqa: E402
from .hongkong import HONGKONG, read_hongkong_table, score_hongkong  # noqa: E402
from .hundred import HUNDRED, read_hundred_table, score_hundred, settle_hundred_kongs  # noqa: E402, I001
from .jiangnan import JIANGNAN, score_jiangnan  # noqa: E402
from .lianzhou import LIANZHOU, score_lianzhou  # noqa: E402
from .mcr import MCR, read_mcr_table, score_mcr  # noqa: E402
from .nanjing import NANJING, score_nanjing  # noqa: E402
from .neimenggu import NEIMENGGU, score_neimenggu  # noqa: E402
from .riichi import (  # noqa: E402
    RIICHI,
    has_yaku,
    read_riichi_table,
    score_riichi,
    settle_riichi_draw,
)
from .riichi_sanma import RIICHI_SANMA  # noqa: E402
from .shaanxi import SHAANXI, read_shaanxi_table, score_shaanxi, settle_shaanxi_kongs  # noqa: E402
from .sichuan import (  # noqa: E402
    SICHUAN,
    XUELIU,
    read_sichuan_table,
    score_sichuan,
    settle_sichuan_draw,
    settle_sichuan_kongs,
)
from .taiwan import TAIWAN, read_taiwan_table, score_taiwan  # noqa: E402
from .taiyuan import TAIYUAN, score_taiyuan  # noqa: E402
from .tianjin import TIANJIN, read_tianjin_table, score_tianjin  # noqa: E402
from .tuidaohu import TUIDAOHU, score_tuidaohu  # noqa: E402
from .wenzhou import WENZHOU, score_wenzhou  # noqa: E402
from .wuhan import WUHAN, score_wuhan  # noqa: E402
from .wuhu import WUHU, score_wuhu  # noqa: E402
from .xian import XIAN, read_xian_table, score_xian, settle_xian_kongs  # noqa: E402
from .xuzhou import XUZHOU, score_xuzhou  # noqa: E402


@dataclass(frozen=True)
class Variant:
    """A registered variant: its profile and the functions of its own rules (None: it has none)."""

    profile: RuleProfile
    scorer: Scorer | None = None
    #: (hand state or None, profile, table JSON, need a seat?) -> the checked Table.
    table_reader: Callable[..., Any] | None = None
    #: (ledger, table, profile) -> kong items per seat, for variants that pay kongs at once.
    kong_settler: Callable[..., dict[str, list[dict[str, Any]]]] | None = None
    #: (profile, table, hands per seat, ledger, analyze) -> items: a drawn hand's own settlement;
    #: ``analyze`` is :func:`assistant.analysis.analyze_state`, passed down by the caller since
    #: the analysis sits above the variants (and imports them).
    draw_settler: Callable[..., list[dict[str, Any]]] | None = None
    #: (hand state, profile) -> the 起手胡 a dealt hand shows (长沙), or None.
    instant_wins: Callable[..., dict[str, Any] | None] | None = None
    #: (hand with the claimed tile, profile, readings) -> whether it may win on that discard
    #: beyond its shape (riichi: a yaku is needed; the shape alone still waits).
    win_check: Callable[..., bool] | None = None
    #: Whether the scorer adds 宝牌 as 番 when a table turns on ``dora_indicators``.
    counts_dora: bool = False


VARIANTS: tuple[Variant, ...] = (
    Variant(DEFAULT), Variant(RIICHI, score_riichi, read_riichi_table,
                              draw_settler=settle_riichi_draw, win_check=has_yaku),
    Variant(RIICHI_SANMA, score_riichi, read_riichi_table, draw_settler=settle_riichi_draw,
            win_check=has_yaku),
    Variant(MCR, score_mcr, read_mcr_table),
    Variant(SHAANXI, score_shaanxi, read_shaanxi_table, settle_shaanxi_kongs),
    Variant(XIAN, score_xian, read_xian_table, settle_xian_kongs),
    Variant(GUANGDONG, score_guangdong, read_guangdong_table, counts_dora=True),
    Variant(SICHUAN, score_sichuan, read_sichuan_table, settle_sichuan_kongs, settle_sichuan_draw,
            counts_dora=True),
    Variant(XUELIU, score_sichuan, read_sichuan_table, settle_sichuan_kongs, settle_sichuan_draw,
            counts_dora=True),
    Variant(HUNDRED, score_hundred, read_hundred_table, settle_hundred_kongs),
    Variant(CHANGSHA, score_changsha, read_changsha_table, instant_wins=instant_wins),
    Variant(NEIMENGGU, score_neimenggu, read_card_table),
    Variant(WUHU, score_wuhu, read_card_table),
    Variant(TAIYUAN, score_taiyuan, read_card_table),
    Variant(NANJING, score_nanjing, read_card_table),
    Variant(JIANGNAN, score_jiangnan, read_card_table),
    Variant(HONGKONG, score_hongkong, read_hongkong_table, counts_dora=True),
    Variant(TUIDAOHU, score_tuidaohu, read_hundred_table, settle_hundred_kongs),
    Variant(TAIWAN, score_taiwan, read_taiwan_table, counts_dora=True),
    Variant(WUHAN, score_wuhan, read_card_table), Variant(WENZHOU, score_wenzhou, read_card_table),
    Variant(XUZHOU, score_xuzhou, read_card_table),
    Variant(LIANZHOU, score_lianzhou, read_card_table),
    Variant(FUJIAN, score_fujian, read_card_table),
    Variant(TIANJIN, score_tianjin, read_tianjin_table),
)
REGISTRY: dict[str, Variant] = {v.profile.name: v for v in VARIANTS}
PROFILES: dict[str, RuleProfile] = {name: v.profile for name, v in REGISTRY.items()}
SCORERS.update({name: v.scorer for name, v in REGISTRY.items() if v.scorer})
TABLE_READERS = {name: v.table_reader for name, v in REGISTRY.items() if v.table_reader}
KONG_SETTLERS = {name: v.kong_settler for name, v in REGISTRY.items() if v.kong_settler}
DRAW_SETTLERS = {name: v.draw_settler for name, v in REGISTRY.items() if v.draw_settler}
INSTANT_WINS = {name: v.instant_wins for name, v in REGISTRY.items() if v.instant_wins}
WIN_CHECKS = {name: v.win_check for name, v in REGISTRY.items() if v.win_check}
COUNTS_DORA = {name for name, v in REGISTRY.items() if v.counts_dora}
#: The Japanese variants: points held from a start, riichi sticks and honba carried, tenpai at a
#: draw (the table session keeps them for these).
RIICHI_FAMILY = frozenset(name for name, v in REGISTRY.items() if v.scorer is score_riichi)


def check_table(profile: RuleProfile, state: Any) -> Any | None:
    """Check a hand's ``table`` under its variant before analysis, so bad table input (a bet out
    of range, an unknown seat) is an error even when the hand is not (yet) a win. Returns the
    table read (``None`` where none was): :func:`score_with` hands it to a scorer that takes
    it, so the table is read once."""
    reader = TABLE_READERS.get(profile.name)
    scoring = {k: v for k, v in (state.table or {}).items() if k not in SHOWN_KEYS}
    if reader is None or not scoring:  # a table of rivers alone is the advice's, not a win's
        return None
    # The state as it is when its table shows nothing but the scoring keys (a copy of a
    # HandState is a dataclass replace over every field).
    return reader(state if len(scoring) == len(state.table) else replace(state, table=scoring),
                  profile)


#: The scorers that take the table :func:`check_table` read (``table=``) instead of reading it.
TAKES_TABLE = frozenset({score_riichi, score_mcr})


def score_with(scorer: Scorer, state: Any, profile: RuleProfile, readings: list[Any],
               table: Any | None) -> dict[str, Any]:
    """``scorer``'s answer for a win, given ``table`` (what :func:`check_table` read of the
    same hand, or ``None``) where the scorer takes it."""
    if table is not None and scorer in TAKES_TABLE:
        return scorer(state, profile, readings, table=table)
    return scorer(state, profile, readings)


def read_variant_table(profile: RuleProfile, data: dict[str, Any] | None) -> Any:
    """A variant's checked ``table`` without a hand (a drawn hand: no seat, no discarder)."""
    reader = TABLE_READERS.get(profile.name)
    if reader is None:
        raise MahjongError(f"variant {profile.name!r} has no table rules; table rules exist for "
                           f"{', '.join(TABLE_READERS)}", profile.name)
    return reader(None, profile, data, need_seat=False)


def scorer_for(profile: RuleProfile) -> Scorer | None:
    """The variant's scoring function, or ``None`` for profiles that only read hands; a table
    with 宝牌 under a variant that counts no 番 is refused naming the rule."""
    scorer = SCORERS.get(profile.name)
    if scorer is not None and profile.dora_indicators and profile.name not in COUNTS_DORA:
        raise MahjongError(f"宝牌 (dora_indicators) adds 番, but variant {profile.name!r} does not "
                           f"score in 番; they count in {', '.join(sorted(COUNTS_DORA))}",
                           "dora_indicators")
    return scorer


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
