"""Flowers and seasons (花牌) and the wind pungs of a seat, as Hong Kong and 十六张 tables count them.

A seat's own flower is the one numbered like its seat (East 1, South 2, West 3, North 4): 梅 or
春 for East. A full set of four flowers (or four seasons) is one item, instead of its own flower.

>>> [i["name_zh"] for i in flower_items(["1f", "5f", "2f"], "E", ("正花", "一台花"), 2)]
['正花', '正花']
>>> [i["value"] for i in flower_items(["1f", "2f", "3f", "4f", "6f"], "S", ("正花", "花杠"), 2)]
[2, 1]
"""

from __future__ import annotations

from typing import Any

from ..tiles import WINDS
from .items import item
from .patterns import WinningHand, is_little_four_winds, wind_pungs

FLOWERS, SEASONS = ("1f", "2f", "3f", "4f"), ("5f", "6f", "7f", "8f")


def all_eight(bonus: list[str]) -> bool:
    """All eight flowers and seasons held (八仙過海)."""
    return all(t in bonus for t in FLOWERS + SEASONS)


def flower_items(bonus: list[str], seat: str, names: tuple[str, str],
                 set_value: int) -> list[dict[str, Any]]:
    """Own flowers (one each) and full sets (``set_value`` each), named ``names`` (own, set)."""
    items = []
    number = WINDS.index(seat)
    for group in (FLOWERS, SEASONS):
        if all(t in bonus for t in group):
            items.append(item(names[1], "A full set of four flowers" if group is FLOWERS else
                              "A full set of four seasons", set_value, tiles=list(group)))
        elif group[number] in bonus:
            items.append(item(names[0], "Own flower", 1, tiles=[group[number]]))
    return items


def wind_items(hand: WinningHand, own: str, prevalent: str,
               names: tuple[str, str]) -> list[dict[str, Any]]:
    """The seat-wind and prevalent-wind pungs (one each), none beside 小四喜 or 大四喜 (their
    value includes them)."""
    winds = wind_pungs(hand)
    if is_little_four_winds(hand) or len(winds) == 4:
        return []
    items = []
    if own in winds:
        items.append(item(names[0], "Seat-wind pung", 1, tiles=[own] * 3))
    if prevalent in winds:
        items.append(item(names[1], "Prevalent-wind pung", 1, tiles=[prevalent] * 3))
    return items
