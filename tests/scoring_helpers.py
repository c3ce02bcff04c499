"""Helpers for the variant tests: score a hand under a variant with a table, in one call."""

from __future__ import annotations

from typing import Any

from assistant import analyze, claims_on_discard


def score(hand: str, win: str, variant: str, table: dict[str, Any] | None = None,
          melds: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
          **context: Any) -> dict[str, Any]:
    """The ``score`` of a winning hand: ``hand`` the concealed tiles without ``win``."""
    data: dict[str, Any] = {"concealed": hand, "win_tile": win, "variant": variant,
                            "melds": melds or [], "context": context}
    if options:
        data["options"] = options
    if table is not None:
        data["table"] = table
    result = analyze(data)
    assert result["is_win"], result
    s = result["score"]
    assert sum(s["payments"].values()) == 0
    return s


def values(s: dict[str, Any]) -> dict[str, int]:
    """Items by Chinese name -> value (a name repeated sums)."""
    out: dict[str, int] = {}
    for i in s["items"]:
        out[i["name_zh"]] = out.get(i["name_zh"], 0) + i["value"]
    return out


def claims(variant: str, discarder: str, hands: dict[str, str], discard: str,
           **extra: Any) -> dict[str, Any]:
    """The claims resolution of ``discard`` for seats holding the given 13-tile hands."""
    return claims_on_discard({"discard": discard, "discarder": discarder, "variant": variant,
                              "hands": {s: {"concealed": h} for s, h in hands.items()}, **extra})


def pung(tiles: str, source: str = "left") -> dict[str, Any]:
    """An exposed pung meld, e.g. ``pung("CCC", "opposite")``."""
    from assistant.tiles import parse_tiles

    return {"type": "pung", "tiles": parse_tiles(tiles), "from": source}


def chow(tiles: str) -> dict[str, Any]:
    """A chow claimed from the 上家."""
    from assistant.tiles import parse_tiles

    return {"type": "chow", "tiles": parse_tiles(tiles), "from": "left"}
