"""Score items: one line of the itemised score, named in Chinese and English.

>>> item("自摸", "Self-drawn", 1, event="self_drawn")
{'name_zh': '自摸', 'name_en': 'Self-drawn', 'value': 1, 'event': 'self_drawn'}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def item(name_zh: str, name_en: str, value: int, *, tiles: Iterable[str] | None = None,
         event: str | None = None) -> dict[str, Any]:
    """One score item; ``tiles`` (the tiles that earned it) or ``event`` (what happened) says why."""
    out: dict[str, Any] = {"name_zh": name_zh, "name_en": name_en, "value": value}
    if tiles is not None:
        out["tiles"] = list(tiles)
    if event is not None:
        out["event"] = event
    return out
