"""Danger: each discard's chance to pay an opponent now (``deal_in``), from what the table shows.

An opponent who is ready waits on one wait shape (两面, 嵌张, 边张, 双碰, 单骑); each shape is
as likely as the ways the unseen tiles can make it, times a prior that favours 两面 (players keep
them). A shape is impossible where the rules forbid the win on it: riichi's furiten (a tile in the
declarer's river, or passed after his declaration: 现物, and suji follows, since a 两面 wait on a
tile he threw is furiten), the pass lock of the Chinese variants that have one (a tile discarded
since his last turn), the void suit of a Sichuan player. Kabe and one-chance follow from the
counts: a shape that needs a tile whose copies are all seen has no way to be made. The chance an
opponent is ready is 1 once he declared, else an estimate from his discards and melds. The model
is written out in docs/advice.md.

>>> t = Table.read({"rivers": {"E": [], "S": ["5m", "2p"], "W": [], "N": []},
...                 "declared": {"S": 1}}, "E")
>>> pool = [4] * 34
>>> deal_in("5m", t, pool, riichi=True, pass_lock=False) == 0.0
True
>>> deal_in("2m", t, pool, riichi=True, pass_lock=False) > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Any

from .errors import MahjongError
from .hand import Meld
from .table_view import MAX_MELDS, face_down_kong, read_rivers
from .tiles import BACK, INDEX, TILES, WINDS

#: Variants with furiten (振听): a seat never wins on a discard of a tile in its own river. The
#: Japanese rules have it; the Chinese ones do not (their pass lock is ``RuleProfile.pass_lock``).
FURITEN_VARIANTS = ("riichi",)
#: Prior weight of each wait shape, before the counts: a ready hand waits on 两面 about as often as
#: on all the others together (players keep two-sided shapes and let the others go).
PRIOR = {"two_sided": 4.0, "closed": 1.0, "edge": 1.0, "pair": 1.0, "single": 1.0}
#: The discards after which an undeclared opponent is as likely ready as not (the estimate
#: ``n² / (n² + HALF_READY²)``); each exposed meld brings him a set closer.
HALF_READY = 12
MELD_READY = 0.3


@dataclass(frozen=True)
class Table:
    """The table as the advice reads it: each seat's river, melds, declarations, void suits."""

    seat: str
    rivers: dict[str, list[str]] = field(default_factory=dict)
    melds: dict[str, list[list[str]]] = field(default_factory=dict)
    declared: dict[str, int] = field(default_factory=dict)
    void_suits: dict[str, str] = field(default_factory=dict)

    @property
    def opponents(self) -> list[str]:
        """The other seats, in turn order after the player."""
        start = WINDS.index(self.seat)
        return [WINDS[(start + k) % 4] for k in (1, 2, 3)]

    @classmethod
    def read(cls, data: dict[str, Any] | None, seat: str) -> Table:
        """Check ``table.rivers``, ``melds``, ``declared`` and ``void_suits`` (bounded first)."""
        data = data or {}
        out_rivers = read_rivers(data.get("rivers") or {})
        melds = _by_seat(data.get("melds"), "melds")
        declared = _by_seat(data.get("declared"), "declared")
        voids = _by_seat(data.get("void_suits"), "void_suits")
        out_melds: dict[str, list[list[str]]] = {}
        for s, group in melds.items():
            if s == seat:
                raise MahjongError(f"table.melds.{s} is the player's own seat; his melds go "
                                   "under 'melds'", "melds")
            if not isinstance(group, list) or len(group) > MAX_MELDS:
                raise MahjongError(f"table.melds.{s} must be a list of at most {MAX_MELDS} melds",
                                   "melds")
            # a concealed kong shows only its face-up tiles (all face down: nothing to read);
            # its hidden ones are not seen, as ``table_view.seen_on_table`` counts them
            out_melds[s] = [[t for t in Meld.from_json(m, i).tiles if t != BACK]
                            for i, m in enumerate(group) if not face_down_kong(m)]
        out_declared: dict[str, int] = {}
        for s, index in declared.items():
            river = out_rivers.get(s, [])
            if isinstance(index, bool) or not isinstance(index, int) or not (
                    0 <= index < max(len(river), 1)) or not river:
                raise MahjongError(f"table.declared.{s} must be the index of a discard in "
                                   f"{s}'s river (0 to {len(river) - 1})", "declared")
            if s == seat:
                raise MahjongError(f"table.declared.{s} is the player's own seat; the advice is "
                                   "for a player still choosing", "declared")
            out_declared[s] = index
        out_voids: dict[str, str] = {}
        for s, suit in voids.items():
            if suit not in ("m", "p", "s"):
                raise MahjongError(f"table.void_suits.{s} must be m, p or s, got {suit!r}",
                                   "void_suits")
            out_voids[s] = suit
        return cls(seat, out_rivers, out_melds, out_declared, out_voids)


def _by_seat(value: Any, what: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise MahjongError(f"table.{what} must be an object by seat (E S W N)", what)
    for s in value:
        if s not in WINDS:
            raise MahjongError(f"table.{what} must be an object by seat (E S W N), got {s!r}", what)
    return value


def _shapes(pool: list[int]) -> list[tuple[float, tuple[int, ...]]]:
    """Every wait shape with its weight (prior × the ways the unseen tiles make the tiles held)
    and the tiles it wins on."""
    out = []
    for suit in range(3):
        base = 9 * suit
        for a in range(1, 7):  # 两面: numbers a+1, a+2 held, on a and a+3
            i = base + a
            out.append((PRIOR["two_sided"] * pool[i] * pool[i + 1], (i - 1, i + 2)))
        for a in range(7):  # 嵌张: a and a+2 held, on a+1
            i = base + a
            out.append((PRIOR["closed"] * pool[i] * pool[i + 2], (i + 1,)))
        out.append((PRIOR["edge"] * pool[base] * pool[base + 1], (base + 2,)))
        out.append((PRIOR["edge"] * pool[base + 7] * pool[base + 8], (base + 6,)))
    for i in range(34):
        out.append((PRIOR["pair"] * comb(pool[i], 2), (i,)))
        out.append((PRIOR["single"] * pool[i], (i,)))
    return [(w, tiles) for w, tiles in out if w > 0]


def ready_chance(table: Table, seat: str) -> float:
    """How likely ``seat`` is ready: 1 once declared, else by its discards and melds."""
    if seat in table.declared:
        return 1.0
    n = len(table.rivers.get(seat, []))
    p = n * n / (n * n + HALF_READY * HALF_READY)
    melds = len(table.melds.get(seat, []))
    return 1.0 - (1.0 - p) * (1.0 - MELD_READY) ** melds


def safe_against(table: Table, seat: str, riichi: bool, pass_lock: bool) -> set[int]:
    """Tiles ``seat`` cannot win on from the player now: riichi's furiten (his own river, and
    every discard after his declaration), the pass lock (discards since his last turn)."""
    own = table.rivers.get(seat, [])
    safe: set[int] = set()
    if riichi:
        safe |= {INDEX[t] for t in own}
        if seat in table.declared:
            safe |= {INDEX[t] for t in _after(table, seat, table.declared[seat])}
    if pass_lock:
        safe |= {INDEX[t] for t in _after(table, seat, len(own) - 1)}
    return safe


def _after(table: Table, seat: str, index: int) -> list[str]:
    """The discards of the other seats after ``seat``'s discard number ``index`` (turn order
    E → S → W → N: a seat after him in the round discards its number ``index`` later, a seat
    before him its number ``index + 1``)."""
    out = []
    me = WINDS.index(seat)
    for other, river in table.rivers.items():
        if other == seat:
            continue
        first = index if WINDS.index(other) > me else index + 1
        out += river[first:]
    return out


def deal_in(tile: str, table: Table, pool: list[int], riichi: bool, pass_lock: bool) -> float:
    """The chance that discarding ``tile`` now pays some opponent: 1 - Π (1 - p_seat)."""
    return deal_in_all(table, pool, riichi, pass_lock)[INDEX[tile]]


def deal_in_all(table: Table, pool: list[int], riichi: bool, pass_lock: bool) -> list[float]:
    """``deal_in`` of each of the 34 tiles."""
    shapes = _shapes(pool)
    clear = [1.0] * 34
    for seat in table.opponents:
        ready = ready_chance(table, seat)
        if ready <= 0:
            continue
        safe = safe_against(table, seat, riichi, pass_lock)
        void = table.void_suits.get(seat)
        hits = [0.0] * 34
        total = 0.0
        for weight, tiles in shapes:
            if any(t in safe for t in tiles):
                continue
            if void and any(TILES[t].endswith(void) and len(TILES[t]) == 2 for t in tiles):
                continue
            total += weight
            for t in tiles:
                hits[t] += weight
        if total <= 0:
            continue
        for t in range(34):
            clear[t] *= 1.0 - ready * hits[t] / total
    return [round(min(1.0, max(0.0, 1.0 - c)), 4) for c in clear]
