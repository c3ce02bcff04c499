"""A variant's scoring table: which catalogue patterns it counts, what each is worth, which
replaces which, how the values combine and where they stop.

A table is data, like the rule card a table pins on the wall. ``combine`` says how the values
make the hand's worth: ``fan`` (added, then ``base × 2^fan``), ``multiply`` (multipliers
multiplied into the base) or ``points`` (added, each worth the base). A value may be the name of
one of the variant's options (a house rule); an entry marked ``limit`` is the hand's whole value.

>>> from assistant.hand import HandState
>>> from assistant.decompose import decompositions
>>> from assistant.tiles import to_counts
>>> from assistant.scoring.patterns import Win, winning_hands
>>> table = FanTable((Entry("all_pungs", 1), Entry("full_flush", 2), Entry("root", 1)),
...                  combine="fan", cap=2)
>>> s = HandState.from_json({"concealed": "1113335557779m", "win_tile": "9m"})
>>> hand = winning_hands(s, decompositions(to_counts(s.tiles)))[0]
>>> scored = table.score(hand, Win(), {})
>>> [(i["name_zh"], i["value"]) for i in scored.items], scored.total, scored.capped, scored.worth(1)
([('对对胡', 1), ('清一色', 2)], 2, True, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from ..tiles import sorted_tiles
from .items import item
from .patterns import CATALOGUE, Win, WinningHand, fours, kongs, winning_hands

COMBINES = ("fan", "multiply", "points")


@dataclass(frozen=True)
class Entry:
    """One line of the card: a catalogue pattern, its value (a number, or the name of the option
    that holds it; 0 drops the line), the patterns it replaces, and whether it is a limit hand."""

    pattern: str
    value: int | str
    replaces: tuple[str, ...] = ()
    limit: bool = False
    name_zh: str | None = None
    name_en: str | None = None

    def __post_init__(self) -> None:
        if self.pattern not in CATALOGUE:
            raise ValueError(f"pattern {self.pattern!r} is not in the catalogue")

    def worth(self, options: Mapping[str, Any]) -> int:
        """The value under the house rules in ``options``."""
        return int(options[self.value]) if isinstance(self.value, str) else self.value


@dataclass(frozen=True)
class Combo:
    """Patterns players name together (清 + 七对 = 清七对): when all of ``keys`` are scored, their
    items become one item of that name, worth ``value`` or else what they were worth together."""

    keys: tuple[str, ...]
    name_zh: str
    name_en: str
    value: int | None = None


@dataclass
class Scored:
    """A reading scored by a table: its items, the total in the table's unit and the cap."""

    items: list[dict[str, Any]]
    total: int
    combine: str
    capped: bool = False
    limit: bool = False
    uncapped: int = 0

    def worth(self, base: int) -> int:
        """What one payer owes for the hand: ``base × 2^fan``, ``base × product``, ``base × points``."""
        if self.combine == "fan":
            return base * 2 ** self.total
        return base * self.total


@dataclass(frozen=True)
class FanTable:
    """The scoring table of a variant (see the module docstring)."""

    entries: tuple[Entry, ...]
    combine: str = "fan"
    cap: int | str | None = None
    fallback: Entry | None = None  # the line a hand with no pattern scores (平和 at 0 fan)
    combos: tuple[Combo, ...] = ()  # the biggest first: each item joins one combo at most

    def __post_init__(self) -> None:
        if self.combine not in COMBINES:
            raise ValueError(f"combine is one of {COMBINES}, got {self.combine!r}")

    def cap_of(self, options: Mapping[str, Any]) -> int | None:
        """The cap under the house rules (``None``: no cap)."""
        if isinstance(self.cap, str):
            return options[self.cap]
        return self.cap

    def score(self, hand: WinningHand, win: Win, options: Mapping[str, Any],
              extra: Iterable[dict[str, Any]] = ()) -> Scored:
        """Score one reading: every entry present, less those replaced by another present one;
        ``extra`` items (a variant's own rules) join before the values combine."""
        found: dict[str, tuple[Entry, int, int]] = {}
        for entry in self.entries:
            value = entry.worth(options)
            count = CATALOGUE[entry.pattern].count(hand, win) if value else 0
            if count:
                found[entry.pattern] = (entry, count, value)
        limits = [k for k, (e, _, _) in found.items() if e.limit]
        if limits:
            best = max(limits, key=lambda k: found[k][2])
            found = {best: found[best]}
        replaced = {r for entry, _, _ in found.values() for r in entry.replaces}
        items = [self._item(entry, count, value, hand) for key, (entry, count, value)
                 in found.items() if key not in replaced]
        items = self._named(items) + list(extra)
        if not items and self.fallback is not None:
            items.append(self._item(self.fallback, 1, self.fallback.worth(options), hand))
        total = self._combine(i["value"] * i.get("count", 1) for i in items)
        cap = self.cap_of(options)
        capped = cap is not None and not limits and total > cap
        return Scored(items, cap if capped else total, self.combine, capped, bool(limits), total)

    def _named(self, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for combo in self.combos:
            parts = [i for i in items if i.get("key") in combo.keys]
            if len(parts) != len(combo.keys):
                continue
            value = combo.value if combo.value is not None else self._combine(
                i["value"] * i.get("count", 1) for i in parts)
            merged = item(combo.name_zh, combo.name_en, value,
                          tiles=max((i["tiles"] for i in parts), key=len))
            merged["key"] = "+".join(combo.keys)
            items = [merged] + [i for i in items if i not in parts]
        return items

    def _combine(self, values: Iterable[int]) -> int:
        if self.combine == "multiply":
            out = 1
            for v in values:
                out *= v
            return out
        return sum(values)

    @staticmethod
    def _item(entry: Entry, count: int, value: int, hand: WinningHand) -> dict[str, Any]:
        pattern = CATALOGUE[entry.pattern]
        zh, en = entry.name_zh or pattern.name_zh, entry.name_en or pattern.name_en
        if entry.pattern == "root":
            tiles = [t for t in fours(hand) for _ in range(4)]
        elif entry.pattern == "kong":
            tiles = [t for t in kongs(hand) for _ in range(4)]
        else:
            tiles = sorted_tiles(hand.tiles)
        out = item(zh, en, value, tiles=tiles)
        out["key"] = entry.pattern
        if count > 1:
            out["count"] = count
        return out


def best_reading(state: HandState, readings: list[Decomposition], table: FanTable, win: Win,
                 options: Mapping[str, Any], extra: Any = None) -> tuple[Scored, WinningHand]:
    """The reading the table values highest (ties: the first), with its score; ``extra(hand)``
    gives a variant's own items for a reading."""
    best: tuple[Scored, WinningHand] | None = None
    for hand in winning_hands(state, readings):
        scored = table.score(hand, win, options, extra(hand) if extra else ())
        key = (scored.limit, scored.total, scored.uncapped)
        if best is None or key > (best[0].limit, best[0].total, best[0].uncapped):
            best = (scored, hand)
    if best is None:
        raise ValueError("no reading to score")
    return best
