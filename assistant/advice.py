"""Discard advice (何切): for a 14-tile hand, every discard with the shanten it leaves and the tiles
that would then help (effective tiles, 进张), best first.

Copies left are counted from what the player can see: four minus their own tiles minus the tiles
visible on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import native
from .shanten import form_mask
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
    options = _core_options(counts, wilds, remaining, rules)
    if options is not None:
        options.sort(key=lambda o: (o.shanten, -o.ukeire, -len(o.tiles), INDEX[o.tile]))
        return options
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


def _core_options(counts: list[int], wilds: int, remaining: list[int],
                  rules: Rules) -> list[DiscardOption] | None:
    """The discards as ``_option`` makes them, each hand's shanten and effective tiles found by
    the compiled core in one call; ``None`` where it is not built or does not take the input."""
    core = native.core
    mask = form_mask(rules.forms) if core is not None else None
    if mask is None:
        return None
    found = core.discards(counts, wilds, mask, rules.three_player, rules.four_as_two_pairs)
    if found is NotImplemented:
        return None
    skip = set(rules.absent) | {INDEX[w] for w in rules.wild_codes}
    wild_tiles = list(rules.wild_codes)
    options = []
    for i, shanten, bits in found:
        if i < 0:
            if not rules.wild_codes:
                continue
            tile = rules.wild_codes[0]
        else:
            tile = TILES[i]
        tiles = []
        if shanten >= 0:
            tiles = [TILES[k] for k in range(34) if bits >> k & 1 and k not in skip] + wild_tiles
        ukeire = sum(remaining[INDEX[t]] for t in tiles)
        options.append(DiscardOption(tile, shanten, ukeire, tuple(tiles)))
    return options

