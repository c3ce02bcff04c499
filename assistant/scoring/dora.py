"""宝牌 (dora) as the seed orders them: the tile after the indicator, and the 番 they add.

The seed: 万索筒 the next number (九 → 一); 东 → 南 → 西 → 北 → 东; 白 → 发 → 中 → 白. Each copy of
a 宝牌 in the winning hand adds one 番 (two 八万 as the pair with 七万 shown: two 番).

>>> [dora_of(t) for t in ("1m", "8s", "9p", "E", "N", "P", "F", "C")]
['2m', '9s', '1p', 'S', 'E', 'F', 'C', 'P']
>>> dora_of("1f")
Traceback (most recent call last):
...
assistant.errors.MahjongError: 宝牌: the indicator must be a suit, wind or dragon tile, got '1f'
"""

from __future__ import annotations

from typing import Any

from ..errors import MahjongError
from ..tiles import INDEX, is_honor, sorted_tiles
from .items import item

WIND_ORDER = ("E", "S", "W", "N")
DRAGON_ORDER = ("P", "F", "C")  # 白 → 发 → 中 → 白


def dora_of(indicator: str) -> str:
    """The 宝牌 an indicator shows."""
    if not isinstance(indicator, str) or indicator not in INDEX:
        raise MahjongError(f"宝牌: the indicator must be a suit, wind or dragon tile, got "
                           f"{indicator!r}", "indicator")
    if not is_honor(indicator):
        return f"{int(indicator[0]) % 9 + 1}{indicator[1]}"
    order = WIND_ORDER if indicator in WIND_ORDER else DRAGON_ORDER
    return order[(order.index(indicator) + 1) % len(order)]


def dora_tiles(indicators: tuple[str, ...]) -> list[str]:
    """The 宝牌 of each indicator, in order (an indicator shown twice counts twice)."""
    return [dora_of(t) for t in indicators]


def dora_item(hand: Any, profile: Any) -> dict[str, Any] | None:
    """The 宝牌 item of a winning hand (one 番 per copy held, a kong as four), or None."""
    doras = dora_tiles(profile.dora_indicators)
    held = [t for d in doras for t in hand.tiles if t == d]
    if not held:
        return None
    return item("宝牌", "Dora (one fan each)", len(held), tiles=sorted_tiles(held))
