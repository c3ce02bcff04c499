"""Which tiles are wild: the tile turned up at the start (the indicator) and each table's scheme.

A scheme maps the indicator to the wild tiles (赖子 / 财神 / 百搭 / 配儿 / 混儿 / 王). The number
tiles run 1 → 9 and round again; each scheme has its own order for the honours (seed 003):

>>> wilds_from_indicator("next_no_red", "5m"), wilds_from_indicator("next_no_red", "9m")
(('6m',), ('1m',))
>>> [wilds_from_indicator("next_no_red", t)[0] for t in ("N", "C", "P")]  # 武汉: 红中 skipped
['F', 'F', 'E']
>>> wilds_from_indicator("next", "N"), wilds_from_indicator("previous", "1m")
(('C',), ('9m',))
>>> wilds_from_indicator("window", "4m"), wilds_from_indicator("window", "C")
(('3m', '4m', '5m', '4p', '4s'), ('C', 'F', 'P', 'E', 'S'))
>>> wilds_from_indicator("same_and_next", "9p")
('9p', '1p')
>>> wilds_from_indicator("sideways", "5m")
Traceback (most recent call last):
...
assistant.errors.MahjongError: unknown wild-tile scheme 'sideways'; schemes: next, next_no_red, ...
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import MahjongError
from .tiles import INDEX, TILES, check_code, is_bonus, tile_name

#: The honour orders: E S W N C F P round again (带弟百搭, 北 → 中); 武汉 skips 红中 (东南西北发白).
HONOUR_ORDER = ("E", "S", "W", "N", "C", "F", "P")
HONOUR_ORDER_NO_RED = ("E", "S", "W", "N", "F", "P")

#: Scheme -> (Chinese, English) description, for ``variants NAME`` and ``table wild``.
SCHEMES: dict[str, tuple[str, str]] = {
    "next": ("翻牌的下一张（一到九循环，东南西北中发白循环）",
             "the tile after the indicator (9 → 1; E S W N C F P round, N → C)"),
    "next_no_red": ("翻牌的下一张，跳过红中（东南西北发白循环，北、中 → 发）",
                    "the tile after the indicator, 红中 skipped (E S W N F P round; N and C → F)"),
    "same": ("翻开的牌本身", "the indicator's own kind"),
    "previous": ("翻牌的上一张（一万 → 九万）", "the tile before the indicator (1 → 9)"),
    "window": ("窗百搭：翻牌、相连两张及其他两门同数；字牌为翻牌起相连五张",
               "window joker: the indicator, its two neighbours and the same number in the other "
               "suits; honours: the indicator and the next four (中 → 中发白东南)"),
    "same_and_next": ("中下滚：翻牌本身及其下一张（共七张）",
                      "中下滚: the indicator's kind and the tile after it (seven tiles)"),
}


def _step(tile: str, steps: int, honours: tuple[str, ...], absent: Iterable[str] = ()) -> str:
    """The tile ``steps`` places along the cycle of ``tile`` (its suit, or ``honours``), tiles
    not in the set skipped (连州 without 2万–8万: 九万 → 一万)."""
    gone = set(absent)
    if tile in HONOUR_ORDER:
        cycle = honours if tile in honours else HONOUR_ORDER
    else:
        cycle = tuple(f"{n}{tile[1]}" for n in range(1, 10))
    cycle = tuple(t for t in cycle if t not in gone or t == tile)
    if tile not in cycle:  # 红中 in the order without it: it counts from 北
        return cycle[(cycle.index("N") + steps) % len(cycle)]
    return cycle[(cycle.index(tile) + steps) % len(cycle)]


def wilds_from_indicator(scheme: str, indicator: str,
                         absent: Iterable[str] = ()) -> tuple[str, ...]:
    """The wild tiles a scheme makes of the turned-up tile (see the module docstring)."""
    if scheme not in SCHEMES:
        raise MahjongError(f"unknown wild-tile scheme {scheme!r}; schemes: {', '.join(SCHEMES)}",
                           scheme)
    tile = check_indicator(indicator)
    gone = tuple(absent)
    if scheme == "same":
        return (tile,)
    if scheme == "next":
        return (_step(tile, 1, HONOUR_ORDER, gone),)
    if scheme == "next_no_red":
        return (_step(tile, 1, HONOUR_ORDER_NO_RED, gone),)
    if scheme == "previous":
        return (_step(tile, -1, HONOUR_ORDER, gone),)
    if scheme == "same_and_next":
        return tuple(dict.fromkeys((tile, _step(tile, 1, HONOUR_ORDER, gone))))
    if tile in HONOUR_ORDER:  # window: the indicator and the next four, as 开红中 → 中发白东南
        return tuple(_step(tile, k, HONOUR_ORDER) for k in range(5))
    same_number = tuple(f"{tile[0]}{s}" for s in "mps" if s != tile[1])
    return tuple(dict.fromkeys((_step(tile, -1, HONOUR_ORDER), tile, _step(tile, 1, HONOUR_ORDER))
                               + same_number))


def check_indicator(indicator: object) -> str:
    """The indicator as a playing tile code; a flower, a face-down tile or nonsense is refused."""
    tile = check_code(indicator)
    if is_bonus(tile) or tile not in INDEX:
        raise MahjongError(f"the indicator (the tile turned up at the start) must be a playing "
                           f"tile, got {tile!r}", tile)
    return tile


def describe_wilds(wilds: Iterable[str], lang: str = "zh") -> str:
    """The wild tiles by name, e.g. ``六万`` or ``3 Characters, 4 Dots``."""
    return ("、" if lang == "zh" else ", ").join(tile_name(t, lang) for t in wilds)


__all__ = ["HONOUR_ORDER", "SCHEMES", "TILES", "check_indicator", "describe_wilds",
           "wilds_from_indicator"]


def wild_codes_for(profile: object, state: object) -> tuple[str, ...]:
    """The wild tiles of a hand: the profile's fixed ones, the hand's ``wilds`` and those its
    ``indicator`` makes under the profile's scheme; an indicator where the variant turns up none
    is refused, naming the rule."""
    codes = tuple(getattr(profile, "wild_tiles", ())) + tuple(getattr(state, "wilds", ()))
    indicator = getattr(state, "indicator", None)
    if indicator:
        scheme = getattr(profile, "wild_indicator", "")
        if not scheme:
            raise MahjongError(f"variant {getattr(profile, 'name', '?')!r} turns up no tile for "
                               "wild tiles (option wild_indicator is off), but the hand gives an "
                               "indicator", "indicator")
        absent = tuple(getattr(profile, "absent_tiles", ()))
        if getattr(profile, "three_player", False):
            absent += tuple(f"{n}m" for n in range(2, 9))
        codes += wilds_from_indicator(scheme, indicator, absent)
    return tuple(dict.fromkeys(codes))


def stand_ins(profile: object, wild_codes: tuple[str, ...],
              indicator: str | None = None) -> tuple[tuple[str, str], ...]:
    """(tile, what it stands for) pairs: a 白板 as the turned tile's own kind (活动百搭, 财神:
    "白板可以用莋代替该张翻开的牌"), where the profile says so and 白板 is not itself wild; a
    scheme making several wilds (窗百搭) still has 白板 stand for the turned tile itself."""
    if getattr(profile, "white_stands_in", False) and wild_codes and "P" not in wild_codes:
        return (("P", indicator if indicator in wild_codes else wild_codes[0]),)
    return ()
