"""Discard advice (何切): for a 14-tile hand, every discard with the shanten it leaves and the tiles
that would then help (effective tiles, 进张), best first.

Copies left are counted from what the player can see: four minus their own tiles minus the tiles
visible on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import INDEX, TILES
from .waits import Rules, helpful_draws


@dataclass(frozen=True)
class DiscardOption:
    """One possible discard: the shanten after it, and the draws that would improve the hand."""

    tile: str
    shanten: int
    ukeire: int
    tiles: tuple[str, ...]

    def to_json(self) -> dict:
        return {"tile": self.tile, "shanten": self.shanten, "ukeire": self.ukeire,
                "tiles": list(self.tiles)}


def discard_options(counts: list[int], wilds: int, remaining: list[int],
                    rules: Rules) -> list[DiscardOption]:
    """Every distinct discard of a ``3n+2`` hand, best first (lowest shanten, most tiles left).

    ``counts`` holds the natural tiles, ``wilds`` the number of wild tiles in hand, and
    ``remaining`` the unseen copies of each of the 34 tiles.
    """
    options = []
    for i in range(34):
        if not counts[i]:
            continue
        counts[i] -= 1
        options.append(_option(TILES[i], counts, wilds, remaining, rules))
        counts[i] += 1
    if wilds:
        for code in rules.wild_codes[:1]:
            options.append(_option(code, counts, wilds - 1, remaining, rules))
    options.sort(key=lambda o: (o.shanten, -o.ukeire, -len(o.tiles), INDEX[o.tile]))
    return options


def _option(tile: str, counts: list[int], wilds: int, remaining: list[int],
            rules: Rules) -> DiscardOption:
    shanten, found = helpful_draws(counts, wilds, rules)
    tiles = [TILES[i] for i in found] + (list(rules.wild_codes) if shanten >= 0 else [])
    ukeire = sum(remaining[INDEX[t]] for t in tiles)
    return DiscardOption(tile, shanten, ukeire, tuple(tiles))
