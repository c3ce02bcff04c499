"""Restricted wilds: the 16 special jokers (特别百搭), each standing for a tile of its group only.

Seed 003 (l.153): 元 a dragon, 喜 a wind, 合 any honour, 筒 / 索 / 万 any tile of that suit, 总
any number tile, 一皇 … 四皇 and 一后 … 四后 any tile, ranked; 花 is no joker (it adds two fan).
A joker held is a tile of one's choosing within its group, so a hand with jokers is complete,
or ``n`` from ready, exactly when some choice of tiles is: jokers for any tile go to the engine
as plain wilds, and the restricted ones are tried over their groups (few, so the product is
small). Built on the engine's own functions, nothing of it copied.

>>> from assistant.tiles import to_counts, parse_tiles
>>> c = to_counts(parse_tiles("123m456p789s11s CC"))  # 元 makes the pung of 中, 喜 cannot
>>> bool(joker_readings(c, ["元"])), bool(joker_readings(c, ["喜"])), bool(joker_readings(c, ["一皇"]))
(True, False, True)
>>> pung_priority("E", {"S": [], "W": ["一皇"]}), pung_priority("E", {"N": ["二皇"], "W": ["一后"]})
('S', 'N')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from .decompose import Decomposition, decompositions
from .errors import MahjongError
from .shanten import ALL_FORMS, Form, form_applies
from .tiles import TILES, WINDS
from .waits import Rules, form_shanten

_SUIT = {"万": 0, "筒": 9, "索": 18}


@dataclass(frozen=True)
class Joker:
    """A special joker: its name, the tiles (indices) it may stand for, its claim rank (1 best)."""

    name: str
    en: str
    group: tuple[int, ...]
    rank: int

    @property
    def free(self) -> bool:
        """Stands for any tile (皇, 后): the engine's plain wild."""
        return len(self.group) == 34


def _jokers() -> dict[str, Joker]:
    out = {
        "元": Joker("元", "dragon joker", (31, 32, 33), 9),
        "喜": Joker("喜", "wind joker", (27, 28, 29, 30), 9),
        "合": Joker("合", "honour joker", tuple(range(27, 34)), 9),
        "总": Joker("总", "number-tile joker", tuple(range(27)), 9),
    }
    for name, start in _SUIT.items():
        out[name] = Joker(name, f"suit joker ({name})", tuple(range(start, start + 9)), 9)
    for k, numeral in enumerate("一二三四"):
        out[f"{numeral}皇"] = Joker(f"{numeral}皇", f"emperor {k + 1}", tuple(range(34)), k + 1)
        out[f"{numeral}后"] = Joker(f"{numeral}后", f"empress {k + 1}", tuple(range(34)), k + 5)
    return out


#: The 16 special jokers by name (花 is a flower: two fan, no joker).
JOKERS: dict[str, Joker] = _jokers()


def joker(name: str) -> Joker:
    """The joker of that name; 花 and unknown names are refused, naming the rule."""
    if name == "花":
        raise MahjongError("花 is not a joker (特别百搭: 摸花加两番，并非百搭); list it as a flower",
                           name)
    if name not in JOKERS:
        raise MahjongError(f"unknown special joker {name!r}; jokers: {' '.join(JOKERS)}", name)
    return JOKERS[name]


def substitutions(names: list[str]) -> Iterator[tuple[int, ...]]:
    """Every choice of tiles (indices) for the restricted jokers among ``names``, each multiset
    once (jokers of one kind are interchangeable)."""
    by_kind: dict[str, int] = {}
    for name in names:
        j = joker(name)
        if not j.free:
            by_kind[name] = by_kind.get(name, 0) + 1
    choices = [list(combinations_with_replacement(JOKERS[k].group, n)) for k, n in by_kind.items()]
    seen: set[tuple[int, ...]] = set()
    for combo in product(*choices):
        tiles = tuple(sorted(t for part in combo for t in part))
        if tiles not in seen:
            seen.add(tiles)
            yield tiles


def _free(names: list[str]) -> int:
    return sum(joker(n).free for n in names)


def _with(counts: list[int], tiles: tuple[int, ...]) -> list[int]:
    out = list(counts)
    for t in tiles:
        out[t] += 1
    return out


def joker_readings(counts: list[int], names: list[str], forms: tuple[Form, ...] = ALL_FORMS,
                   four_as_two_pairs: bool = True, wilds: int = 0) -> list[Decomposition]:
    """The readings of a complete hand (natural ``counts`` and the jokers ``names``, ``wilds``
    plain wilds besides), each joker within its group; the restricted jokers' tiles appear as
    the tiles chosen."""
    free = _free(names) + wilds
    out: dict[Decomposition, None] = {}
    for tiles in substitutions(names):
        for d in decompositions(_with(counts, tiles), free, forms, four_as_two_pairs):
            out.setdefault(d, None)
    return list(out)


def joker_shanten(counts: list[int], names: list[str], rules: Rules | None = None,
                  wilds: int = 0) -> int:
    """The hand's shanten: the lowest over every choice of tiles for the restricted jokers
    (``wilds``: plain wild tiles besides)."""
    rules = rules or Rules()
    free = _free(names) + wilds
    n = sum(counts) + len(names) + wilds
    best = 99
    for tiles in substitutions(names):
        full = _with(counts, tiles)
        for form in rules.forms:
            if form_applies(form, n):
                best = min(best, form_shanten(form, full, free, rules.three_player,
                                              rules.four_as_two_pairs))
    return best


def joker_waits(counts: list[int], names: list[str], forms: tuple[Form, ...] = ALL_FORMS,
                four_as_two_pairs: bool = True, wilds: int = 0) -> list[int]:
    """The tiles (indices) that complete a ready hand with jokers."""
    return [t for t in range(34)
            if joker_readings(_with(counts, (t,)), names, forms, four_as_two_pairs, wilds)]


def joker_analysis(counts: list[int], wilds: int, names: list[str], rules: Rules,
                   four_as_two_pairs: bool = True) -> dict[str, object]:
    """Shanten, waits (13 tiles) or the win and its readings (14), for a hand with jokers."""
    shanten = joker_shanten(counts, names, rules, wilds)
    out: dict[str, object] = {"shanten": shanten, "jokers": list(names)}
    n = sum(counts) + wilds + len(names)
    if n % 3 == 1:
        out["waits"] = [TILES[t] for t in joker_waits(counts, names, rules.forms,
                                                      four_as_two_pairs, wilds)] if not shanten \
            else []
    else:
        readings = joker_readings(counts, names, rules.forms, four_as_two_pairs, wilds)
        out["is_win"] = bool(readings)
        out["decompositions"] = [{"form": d.form.value, "groups": d.describe()}
                                 for d in readings]
        if not readings:
            out["discards"] = joker_discards(counts, wilds, names, rules)
    return out


def joker_discards(counts: list[int], wilds: int, names: list[str],
                   rules: Rules) -> list[dict[str, object]]:
    """Each natural tile's discard with the shanten it leaves, best first (a joker is kept:
    it is never worse than the tile it could be)."""
    out = []
    for i, c in enumerate(counts):
        if c:
            counts[i] -= 1
            out.append({"tile": TILES[i], "shanten": joker_shanten(counts, names, rules, wilds)})
            counts[i] += 1
    return sorted(out, key=lambda d: (d["shanten"], TILES.index(d["tile"])))


def pung_priority(discarder: str, claims: dict[str, list[str]]) -> str:
    """抢碰: who pungs when several may. Two real tiles beat a joker; between jokers the best
    rank (一皇 first … 四后, then the restricted jokers) wins; a tie goes to the first seat in
    turn after the discarder. ``claims``: seat -> the jokers its pung would use ([] for two
    real tiles)."""
    if not claims:
        raise MahjongError("抢碰: no seat claims the pung", "claims")
    for seat in claims:
        if seat not in WINDS or seat == discarder:
            raise MahjongError(f"抢碰: {seat!r} cannot claim the discard of {discarder}", seat)

    def key(seat: str) -> tuple[int, int]:
        used = claims[seat]
        rank = 0 if not used else min(joker(n).rank for n in used)
        return rank, (WINDS.index(seat) - WINDS.index(discarder)) % 4

    return min(claims, key=key)
