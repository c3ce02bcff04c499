"""A variant's scoring table: which catalogue patterns it counts, what each is worth, which
replaces which, how the values combine and where they stop.

A table is data, like the rule card a table pins on the wall. ``combine`` says how the values
make the hand's worth: ``fan`` (added, then ``base × 2^fan``), ``multiply`` (multipliers
multiplied into the base) or ``points`` (added, each worth the base). A value may be the name of
one of the variant's options (a house rule); an entry marked ``limit`` is the hand's whole value.

A card is scored as arrays: once per set of option values it becomes bit masks (:class:`Card`:
each line's pattern bit, value and the patterns it replaces as a mask), a reading's patterns come
as one bit set (:mod:`~assistant.scoring.pattern_bits`, the compiled core's predicates where
built), and :func:`best_reading` ranks the readings by their totals (:meth:`FanTable.rank`),
writing the items of the best one only. Where the core is built and holds every pattern of the
card, :meth:`FanTable.choose` is one core call on the card's rows packed once (:func:`native_rows`:
the patterns, the replacements, the relations chosen together); the Python choice is the pure
path and gives the same lines (``tests/test_pattern_bits.py``).

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

from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..decompose import Decomposition
from ..hand import HandState
from .items import item
from .pattern_bits import BIT, NATIVE_MASK, Check, mask_of, native_choice, present, python_checks
from .patterns import (
    CATALOGUE,
    RELATIONS,
    Win,
    WinningHand,
    combine_sets,
    fours,
    kongs,
    relation_numbers,
    winning_hands,
)

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
class Line:
    """One line of a card under fixed house rules: its entry, value, pattern bit, the patterns
    it replaces (a bit mask) and its place on the card."""

    entry: Entry
    value: int
    bit: int
    replaces: int
    order: int
    #: The names of the line's item and how it finds its tiles (:meth:`FanTable.scored`).
    name_zh: str = ""
    name_en: str = ""
    tiles: Callable[[WinningHand, Win], Iterable[str]] | None = None


def all_tiles(hand: WinningHand, win: Win) -> tuple[str, ...]:
    """A pattern of the whole hand shows every tile."""
    return hand.sorted_tiles


def _root_tiles(hand: WinningHand, win: Win) -> list[str]:
    """根: each tile held four times."""
    return [t for t in fours(hand) for _ in range(4)]


def _kong_tiles(hand: WinningHand, win: Win) -> list[str]:
    """杠: each kong's four tiles."""
    return [t for t in kongs(hand) for _ in range(4)]


def _line(entry: Entry, value: int, order: int) -> Line:
    """A card line with its item's names and tile finder worked out."""
    pattern = CATALOGUE[entry.pattern]
    tiles = pattern.tiles or {"root": _root_tiles, "kong": _kong_tiles}.get(entry.pattern,
                                                                             all_tiles)
    return Line(entry, value, BIT[entry.pattern], mask_of(entry.replaces), order,
                entry.name_zh or pattern.name_zh, entry.name_en or pattern.name_en, tiles)


@dataclass(frozen=True)
class Card:
    """A card as arrays for one set of house rules, made once: the patterns counted one by one
    (``wanted``, with the Python ``checks`` of those the core does not answer), each pattern's
    line by bit, and the relations chosen together (``joint``, in the card's order)."""

    wanted: int
    checks: tuple[Check, ...]
    lines: dict[int, Line]
    joint: tuple[Line, ...]
    #: The relations' bits, points by key and those points as the core reads them.
    joint_mask: int = 0
    joint_values: dict[str, int] = field(default_factory=dict)
    joint_numbers: tuple[tuple[int, int], ...] = ()
    joint_lines: dict[str, Line] = field(default_factory=dict)
    #: Each counted pattern's place on the card and in the replacement order (the biggest value
    #: first, equal values in the card's order), by bit, and the bits of the limit lines.
    order_of: dict[int, int] = field(default_factory=dict)
    rank_of: dict[int, int] = field(default_factory=dict)
    limit_mask: int = 0
    #: The card as the compiled core's choose reads it (:func:`native_rows`; None: chosen in
    #: Python), and every line by its bit.
    native: bytes | None = None
    by_bit: dict[int, Line] = field(default_factory=dict)


#: A reading's chosen lines: (line, count, the sets of a relation or None), in the card's order,
#: and whether a limit hand was among the patterns found.
Chosen = tuple[list[tuple[Line, int, list[tuple[int, ...]] | None]], bool]


def native_rows(ranked: list[Line], joint: list[Line],
                numbers: tuple[tuple[int, int], ...]) -> bytes | None:
    """A card's lines packed for the core's choose (``_patterns.c`` ``choose_lines``): int32
    rows of bit, value, order, limit, relation (-1: counted one by one), the replaces mask in
    four 32-bit words; the lines counted one by one in the replacement order (``ranked``), then
    the relations in the card's order. None where the core could not hold the card (a relation
    it does not know, a bit past 128, a value it does not take: under 1 or over a million)."""
    rows = [(line, -1) for line in ranked]
    for line, (number, _) in zip(joint, numbers, strict=True):
        if number < 0:
            return None
        rows.append((line, number))
    if any(line.bit >= 128 or line.replaces >> 128 or not 0 < line.value <= 1_000_000
           for line, _ in rows):
        return None
    packed = array("I", [word for line, relation in rows for word in (
        line.bit, line.value, line.order, int(line.entry.limit), relation & 0xFFFFFFFF,
        *(line.replaces >> (32 * k) & 0xFFFFFFFF for k in range(4)))])
    return packed.tobytes() if packed.itemsize == 4 else None


@dataclass(frozen=True)
class FanTable:
    """The scoring table of a variant (see the module docstring)."""

    entries: tuple[Entry, ...]
    combine: str = "fan"
    cap: int | str | None = None
    fallback: Entry | None = None  # the line a hand with no pattern scores (平和 at 0 fan)
    combos: tuple[Combo, ...] = ()  # the biggest first: each item joins one combo at most
    #: 套算一次: patterns made of several sets (``RELATIONS``: 一般高, 双同刻 …) are chosen
    #: together, by :func:`~assistant.scoring.patterns.combine_sets`, after the replacements.
    sets_once: bool = False
    #: The card as arrays, by the values its house rules give (see :meth:`card`).
    _cards: dict[tuple[int, ...], Card] = field(default_factory=dict, init=False, repr=False,
                                                compare=False, hash=False)
    _options: tuple[tuple[int, str], ...] = field(default=(), init=False, repr=False,
                                                  compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.combine not in COMBINES:
            raise ValueError(f"combine is one of {COMBINES}, got {self.combine!r}")
        # The house rules a card's values read: a card is made once per set of their values.
        object.__setattr__(self, "_options", tuple(
            (n, e.value) for n, e in enumerate(self.entries) if isinstance(e.value, str)))
        named = [e.pattern for e in self.entries]
        twice = sorted({k for k in named if named.count(k) > 1})
        if twice:
            raise ValueError(f"a card names each pattern once, these twice: {twice}")

    def cap_of(self, options: Mapping[str, Any]) -> int | None:
        """The cap under the house rules (``None``: no cap)."""
        if isinstance(self.cap, str):
            return options[self.cap]
        return self.cap

    def card(self, options: Mapping[str, Any]) -> Card:
        """The card as arrays under the house rules in ``options`` (made once per set of values
        the options give its lines)."""
        key = tuple(int(options[name]) for _, name in self._options)
        card = self._cards.get(key)
        if card is None:
            card = self._cards[key] = self._arrays(key)
        return card

    def _arrays(self, key: tuple[int, ...]) -> Card:
        values = [e.value if isinstance(e.value, int) else 0 for e in self.entries]
        for (n, _), value in zip(self._options, key, strict=True):
            values[n] = value
        lines, joint, wanted = {}, [], 0
        for n, (entry, value) in enumerate(zip(self.entries, values, strict=True)):
            if not value:
                continue
            line = _line(entry, value, n)
            if self.sets_once and entry.pattern in RELATIONS:
                joint.append(line)
            else:
                lines[line.bit] = line
                wanted |= 1 << line.bit
        values = {line.entry.pattern: line.value for line in joint}
        by_value = sorted(lines.values(), key=lambda line: (-line.value, line.order))
        checks = python_checks(wanted)
        numbers = relation_numbers(values)
        return Card(wanted, checks, lines, tuple(joint), mask_of(values), values, numbers,
                    {line.entry.pattern: line for line in joint},
                    {n: line.order for n, line in lines.items()},
                    {line.bit: k for k, line in enumerate(by_value)},
                    mask_of(line.entry.pattern for line in lines.values() if line.entry.limit),
                    None if checks or NATIVE_MASK == 0 else native_rows(by_value, joint, numbers),
                    {**lines, **{line.bit: line for line in joint}})

    def choose(self, hand: WinningHand, win: Win, options: Mapping[str, Any]) -> Chosen:
        """The lines a reading scores: every pattern present, less those replaced by another
        present one, the relations chosen together after the replacements."""
        card = self.card(options)
        if card.native is not None:
            got = native_choice(hand, win, card.native)
            if got is not NotImplemented:
                limit, rows = got  # type: ignore[misc]
                by_bit = card.by_bit
                return [(by_bit[bit], count, sets) for bit, count, sets in rows], limit
        bits, counts = present(hand, win, card.wanted, card.checks)
        present_bits = []
        rest = bits
        while rest:
            low = rest & -rest
            present_bits.append(low.bit_length() - 1)
            rest ^= low
        lines = card.lines
        joint = card.joint
        limit = bool(bits & card.limit_mask)
        if limit:
            best = max((n for n in present_bits if card.limit_mask >> n & 1),
                       key=lambda n: (lines[n].value, -lines[n].order))
            present_bits, joint = [best], ()
        # The replacements, biggest first (the card's rank order: the same as sorting the lines
        # found by value, equal values in the card's order).
        present_bits.sort(key=card.rank_of.__getitem__)
        replaced = 0
        for n in present_bits:
            if not replaced >> n & 1:
                replaced |= lines[n].replaces
        present_bits.sort(key=card.order_of.__getitem__)
        found: list[tuple[Line, int, list[tuple[int, ...]] | None]] = [
            (lines[n], counts.get(n, 1), None) for n in present_bits]
        chosen = None
        if joint:
            if replaced & card.joint_mask:
                chosen = combine_sets(hand, {line.entry.pattern: line.value for line in joint
                                             if not replaced >> line.bit & 1})
            else:
                chosen = combine_sets(hand, card.joint_values, card.joint_numbers)
        if not chosen:
            return [f for f in found if not replaced >> f[0].bit & 1], limit
        found += [(card.joint_lines[key], len(sets), sets) for key, sets in chosen.items()]
        replaced = self._replaced(found)
        kept = [f for f in found if not replaced >> f[0].bit & 1]
        kept.sort(key=lambda f: f[0].order)
        return kept, limit

    def rank(self, chosen: Chosen, extra: list[dict[str, Any]],
             options: Mapping[str, Any]) -> tuple[bool, int, int]:
        """(limit, total, uncapped) of :meth:`scored` on the same lines, without its items: how
        :func:`best_reading` compares readings."""
        lines, limit = chosen
        values = {line.entry.pattern: line.value * count for line, count, _ in lines}
        merged = []
        for combo in self.combos:
            if all(k in values for k in combo.keys):
                parts = [values.pop(k) for k in combo.keys]
                merged.append(combo.value if combo.value is not None else self._combine(parts))
        own = [i["value"] * i.get("count", 1) for i in extra]
        every = merged + list(values.values()) + own
        if not every and self.fallback is not None:
            every = [self.fallback.worth(options)]
        total = self._combine(every)
        cap = self.cap_of(options)
        capped = cap is not None and not limit and total > cap
        return limit, cap if capped else total, total

    def score(self, hand: WinningHand, win: Win, options: Mapping[str, Any],
              extra: Iterable[dict[str, Any]] = ()) -> Scored:
        """Score one reading: every entry present, less those replaced by another present one;
        ``extra`` items (a variant's own rules) join before the values combine."""
        return self.scored(self.choose(hand, win, options), hand, win, options, extra)

    def scored(self, chosen: Chosen, hand: WinningHand, win: Win, options: Mapping[str, Any],
               extra: Iterable[dict[str, Any]] = ()) -> Scored:
        """The itemised score of the lines :meth:`choose` gave for the reading."""
        lines, limit = chosen
        items = []
        for line, count, sets in lines:
            tiles = (line.tiles(hand, win) if sets is None  # type: ignore[misc]
                     else [t for combo in sets for i in combo for t in hand.sets[i].tiles])
            out = {"name_zh": line.name_zh, "name_en": line.name_en, "value": line.value,
                   "tiles": list(tiles), "key": line.entry.pattern}
            if count > 1:
                out["count"] = count
            items.append(out)
        if self.combos:
            items = self._named(items)
        items += extra
        if not items and self.fallback is not None:
            items.append(self._item(self.fallback, 1, self.fallback.worth(options), hand, win))
        total = self._combine(i["value"] * i.get("count", 1) for i in items)
        cap = self.cap_of(options)
        capped = cap is not None and not limit and total > cap
        return Scored(items, cap if capped else total, self.combine, capped, limit, total)

    @staticmethod
    def _replaced(found: list[tuple[Line, int, Any]]) -> int:
        """The patterns present but replaced, as bits: the biggest first (equal values in the
        order found), and a replaced pattern replaces nothing itself (七对 replaces 不求人, so
        不求人 does not take 自摸 with it)."""
        replaced = 0
        for line, _, _ in sorted(found, key=lambda f: -f[0].value):
            if not replaced >> line.bit & 1:
                replaced |= line.replaces
        return replaced

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
    def _item(entry: Entry, count: int, value: int, hand: WinningHand, win: Win,
              sets: list[tuple[int, ...]] | None = None) -> dict[str, Any]:
        pattern = CATALOGUE[entry.pattern]
        zh, en = entry.name_zh or pattern.name_zh, entry.name_en or pattern.name_en
        if sets is not None:
            tiles = [t for combo in sets for i in combo for t in hand.sets[i].tiles]
        elif pattern.tiles is not None:
            tiles = pattern.tiles(hand, win)
        elif entry.pattern == "root":
            tiles = [t for t in fours(hand) for _ in range(4)]
        elif entry.pattern == "kong":
            tiles = [t for t in kongs(hand) for _ in range(4)]
        else:
            tiles = list(hand.sorted_tiles)
        out = item(zh, en, value, tiles=tiles)
        out["key"] = entry.pattern
        if count > 1:
            out["count"] = count
        return out


def best_reading(state: HandState, readings: list[Decomposition], table: FanTable, win: Win,
                 options: Mapping[str, Any], extra: Any = None) -> tuple[Scored, WinningHand]:
    """The reading the table values highest (ties: the first), with its score; ``extra(hand)``
    gives a variant's own items for a reading. Readings are compared by :meth:`FanTable.rank`;
    only the best one's items are written."""
    best: tuple[tuple[bool, int, int], Chosen, WinningHand, list[dict[str, Any]]] | None = None
    for hand in winning_hands(state, readings):
        chosen = table.choose(hand, win, options)
        own = list(extra(hand)) if extra else []
        key = table.rank(chosen, own, options)
        if best is None or key > best[0]:
            best = (key, chosen, hand, own)
    if best is None:
        raise ValueError("no reading to score")
    _, chosen, hand, own = best
    return table.scored(chosen, hand, win, options, own), hand
