"""Legal random hands (the ground truth of a player's tiles) and random tile draws.

A hand is 13 tiles (14 with the drawn or winning tile) counting each meld as 3; no tile kind is
used more than four times (bonus tiles once) in a scene; chows are three consecutive tiles of one
suit, pungs three and kongs four of a kind.  About half of the hands are complete (four sets and
a pair) so that the later layout reader and scorer see real winning shapes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from vision.classes import BONUS_CODES, HONOR_CODES, SUIT_CODES

PLAY_CODES = SUIT_CODES + HONOR_CODES
_SUIT_ORDER = {c: i for i, c in enumerate(SUIT_CODES + HONOR_CODES + BONUS_CODES)}


@dataclass
class Meld:
    """An exposed (or concealed-kong) set: ``tiles`` in display order, left to right."""

    type: str  # "chow" | "pung" | "kong"
    tiles: list[str]
    concealed: bool = False
    claimed_index: int | None = None  # display position of the tile turned sideways

    def to_json(self) -> dict:
        """The meld in the project's hand-state JSON shape."""
        return {"type": self.type, "tiles": list(self.tiles), "concealed": self.concealed,
                "claimed_index": self.claimed_index}


@dataclass
class Hand:
    """A player's hand state: concealed tiles, melds, bonus tiles and the set-apart winning tile."""

    concealed: list[str] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    win_tile: str | None = None
    flowers: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        """The hand in the JSON shape ``{"concealed", "melds", "win_tile", "flowers"}``."""
        return {"concealed": list(self.concealed), "melds": [m.to_json() for m in self.melds],
                "win_tile": self.win_tile, "flowers": list(self.flowers)}

    def all_tiles(self) -> list[str]:
        """Every face code in the hand (kongs count four tiles), for the copy-count check."""
        tiles = list(self.concealed) + list(self.flowers)
        for m in self.melds:
            tiles += m.tiles
        if self.win_tile:
            tiles.append(self.win_tile)
        return tiles


def sort_key(code: str) -> int:
    """Class-order sort key that players use to arrange a hand (suits, then honours)."""
    return _SUIT_ORDER[code]


def is_legal(hand: Hand) -> bool:
    """Check copy counts, meld shapes and the 13/14-tile size (melds counted as three)."""
    counts = Counter(hand.all_tiles())
    for code, n in counts.items():
        if n > (1 if code in BONUS_CODES else 4) or code not in _SUIT_ORDER:
            return False
    if any(c in BONUS_CODES for c in hand.all_tiles() if c not in hand.flowers):
        return False
    if any(c not in BONUS_CODES for c in hand.flowers):
        return False
    for m in hand.melds:
        t = m.tiles
        if m.type == "chow":
            if len(t) != 3 or t[0] not in SUIT_CODES:
                return False
            nums = sorted(int(c[0]) for c in t)
            if len({c[1] for c in t}) != 1 or nums != [nums[0], nums[0] + 1, nums[0] + 2]:
                return False
        elif m.type in ("pung", "kong"):
            if len(t) != (3 if m.type == "pung" else 4) or len(set(t)) != 1:
                return False
        else:
            return False
        if m.claimed_index is not None and not 0 <= m.claimed_index < len(t):
            return False
        if m.concealed and m.claimed_index is not None:
            return False
    size = len(hand.concealed) + 3 * len(hand.melds) + (1 if hand.win_tile else 0)
    return size in (13, 14)


class TilePool:
    """The tiles still unused in a scene: four of each playing tile, one of each bonus tile."""

    def __init__(self, allowed: list[str] | None = None) -> None:
        self.left = Counter({c: 4 for c in PLAY_CODES})
        self.left.update({c: 1 for c in BONUS_CODES})
        if allowed is not None:
            for c in list(self.left):
                if c not in allowed:
                    del self.left[c]

    def take(self, code: str, n: int = 1) -> bool:
        """Remove ``n`` copies of ``code`` if they are all still there."""
        if self.left.get(code, 0) < n:
            return False
        self.left[code] -= n
        return True

    def draw(self, rng: np.random.Generator, codes: list[str] | None = None,
             by_kind: bool = False) -> str | None:
        """Draw one random tile, optionally from ``codes`` only.

        Weighted by copies left, like a real draw; ``by_kind`` weighs every kind still there
        equally instead, so that rare bonus tiles are not four times rarer in training data.
        """
        pool = [c for c in (codes or list(self.left)) if self.left.get(c, 0) > 0]
        if not pool:
            return None
        w = np.array([1 if by_kind else self.left[c] for c in pool], float)
        code = pool[int(rng.choice(len(pool), p=w / w.sum()))]
        self.left[code] -= 1
        return code


def _random_set(rng: np.random.Generator, pool: TilePool, allow_kong: bool) -> Meld | None:
    """Try to take a random chow, pung or kong out of ``pool``."""
    for _ in range(20):
        kind = rng.choice(["chow", "pung", "kong"], p=[0.5, 0.35, 0.15] if allow_kong
                          else [0.55, 0.45, 0.0])
        if kind == "chow":
            suit, start = "mps"[rng.integers(3)], int(rng.integers(1, 8))
            tiles = [f"{start + i}{suit}" for i in range(3)]
            if all(pool.left.get(t, 0) > 0 for t in tiles):
                for t in tiles:
                    pool.take(t)
                return Meld("chow", tiles)
        else:
            n = 3 if kind == "pung" else 4
            code = PLAY_CODES[int(rng.integers(len(PLAY_CODES)))]
            if pool.take(code, n):
                return Meld(str(kind), [code] * n)
    return None


def random_hand(rng: np.random.Generator, pool: TilePool, allow_bonus: bool = True,
                concealed_kong: bool = False) -> Hand:
    """A random legal hand drawn from ``pool``: 0-4 melds, concealed rest, maybe bonus tiles;
    with ``concealed_kong`` its first meld is a concealed kong (a scene to find backs in)."""
    n_melds = int(rng.choice(5, p=[0.3, 0.25, 0.2, 0.15, 0.1]))
    complete = rng.random() < 0.5
    melds: list[Meld] = []
    concealed_sets: list[Meld] = []
    if concealed_kong:
        n_melds = max(n_melds, 1)
        for code in rng.permutation(PLAY_CODES):
            if pool.take(str(code), 4):
                melds.append(Meld("kong", [str(code)] * 4, concealed=True))
                break
    for _ in range(n_melds - len(melds)):
        m = _random_set(rng, pool, allow_kong=True)
        if m is None:
            break
        if m.type == "kong" and rng.random() < 0.4:
            m.concealed = True
        else:
            m.claimed_index = int(rng.integers(len(m.tiles)))
        melds.append(m)
    concealed: list[str] = []
    if complete:
        for _ in range(4 - len(melds)):
            m = _random_set(rng, pool, allow_kong=False)
            if m is None:
                break
            concealed_sets.append(m)
            concealed += m.tiles
        pair = next((c for c in rng.permutation(PLAY_CODES) if pool.take(str(c), 2)), None)
        if pair is not None:
            concealed += [str(pair)] * 2
    target = (14 if rng.random() < 0.6 else 13) - 3 * len(melds)
    while len(concealed) > target:
        pool.left[concealed.pop(int(rng.integers(len(concealed))))] += 1
    while len(concealed) < target:
        code = pool.draw(rng, PLAY_CODES)
        if code is None:
            break
        concealed.append(code)
    win_tile = None
    if len(concealed) + 3 * len(melds) == 14 and rng.random() < 0.5:
        win_tile = concealed.pop(int(rng.integers(len(concealed))))
    if rng.random() < 0.75:
        concealed.sort(key=sort_key)
    else:
        concealed = [concealed[i] for i in rng.permutation(len(concealed))]
    flowers: list[str] = []
    if allow_bonus:
        for _ in range(int(rng.choice(4, p=[0.45, 0.3, 0.15, 0.1]))):
            code = pool.draw(rng, BONUS_CODES)
            if code:
                flowers.append(code)
        flowers.sort(key=sort_key)
    return Hand(concealed, melds, win_tile, flowers)


def hand_from_json(data: dict) -> Hand:
    """Rebuild a ``Hand`` from its JSON shape (the inverse of ``Hand.to_json``)."""
    melds = [Meld(m["type"], list(m["tiles"]), bool(m["concealed"]), m["claimed_index"])
             for m in data["melds"]]
    return Hand(list(data["concealed"]), melds, data["win_tile"], list(data["flowers"]))
