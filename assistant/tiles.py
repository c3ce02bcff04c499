"""Tile codes, their indices and their names in Chinese and English, and the tile-string parser.

A tile is written as a short code: ``1m``-``9m`` 万, ``1p``-``9p`` 筒, ``1s``-``9s`` 条, winds
``E S W N``, dragons ``C`` 中 (red), ``F`` 發 (green), ``P`` 白 (white), bonus tiles ``1f``-``8f``
(梅 蘭 菊 竹 春 夏 秋 冬) and ``back`` for a face-down tile.

>>> parse_tiles("123m5p EE 中")
['1m', '2m', '3m', '5p', 'E', 'E', 'C']
>>> parse_tiles("1122z")  # riichi z order: E S W N 白 發 中
['E', 'E', 'S', 'S']
>>> parse_tiles("一万 五筒 三条 东 發 白 梅")
['1m', '5p', '3s', 'E', 'F', 'P', '1f']
>>> parse_tiles("0m0p0s"), red_fives("0m0p0s 5m"), red_fives(["0p", "5p"])  # red fives read as 5s
(['5m', '5p', '5s'], 3, 1)
>>> tile_name("5p", "zh"), tile_name("5p", "en")
('五筒', '5 Dots')
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import MahjongError

SUITS = "mps"
HONORS = ("E", "S", "W", "N", "C", "F", "P")
WINDS = ("E", "S", "W", "N")
DRAGONS = ("C", "F", "P")
BONUS = tuple(f"{n}f" for n in range(1, 9))
BACK = "back"
_BONUS_SET = frozenset(BONUS)  # the order of BONUS is the players'; a set answers "is it one" at once

#: The ranks of a suit (a suited tile shows as many pips as its rank).
RANKS = tuple(range(1, 10))
#: The 34 playing tiles in index order: 1m..9m, 1p..9p, 1s..9s, E S W N C F P.
TILES: tuple[str, ...] = tuple(f"{n}{s}" for s in SUITS for n in RANKS) + HONORS
INDEX: dict[str, int] = {t: i for i, t in enumerate(TILES)}
#: Every code the parser knows, bonus tiles and ``back`` included.
ALL_CODES: tuple[str, ...] = TILES + BONUS + (BACK,)

TERMINALS_AND_HONORS: tuple[str, ...] = ("1m", "9m", "1p", "9p", "1s", "9s") + HONORS

_ZH_NUMERALS = "一二三四五六七八九"
_ZH_SUIT = {"m": "万", "p": "筒", "s": "条"}
_EN_SUIT = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
_ZH_HONOR = {"E": "东", "S": "南", "W": "西", "N": "北", "C": "中", "F": "发", "P": "白"}
_EN_HONOR = {
    "E": "East Wind", "S": "South Wind", "W": "West Wind", "N": "North Wind",
    "C": "Red Dragon", "F": "Green Dragon", "P": "White Dragon",
}
_ZH_BONUS = "梅兰菊竹春夏秋冬"
_EN_BONUS = ("Plum", "Orchid", "Chrysanthemum", "Bamboo flower",
             "Spring", "Summer", "Autumn", "Winter")

# Chinese spellings accepted by the parser (traditional and simplified, with common long forms).
_ZH_SUIT_CHARS = {"万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p", "条": "s", "條": "s", "索": "s"}
_ZH_WORDS: dict[str, str] = {
    "东风": "E", "東風": "E", "南风": "S", "南風": "S", "西风": "W", "西風": "W", "北风": "N", "北風": "N",
    "红中": "C", "紅中": "C", "发财": "F", "發財": "F", "青发": "F", "白板": "P",
    "东": "E", "東": "E", "南": "S", "西": "W", "北": "N", "中": "C", "发": "F", "發": "F", "白": "P",
    "梅": "1f", "兰": "2f", "蘭": "2f", "菊": "3f", "竹": "4f",
    "春": "5f", "夏": "6f", "秋": "7f", "冬": "8f", "背": BACK,
}
_RIICHI_Z = ("E", "S", "W", "N", "P", "F", "C")
#: Red fives (赤ドラ) in riichi notation: a five in every rule, a dora where aka-dora is played.
RED_FIVES = {"0m": "5m", "0p": "5p", "0s": "5s"}


def index(tile: str) -> int:
    """Index 0..33 of a playing tile (bonus tiles and ``back`` have none)."""
    try:
        return INDEX[tile]
    except KeyError:
        raise MahjongError(f"not a playing tile: {tile!r}", tile) from None


def is_suited(tile: str) -> bool:
    """True for 1m..9s."""
    return len(tile) == 2 and tile[1] in SUITS and tile[0] in "123456789"


def is_honor(tile: str) -> bool:
    """True for winds and dragons."""
    return tile in HONORS


def is_bonus(tile: str) -> bool:
    """True for flowers and seasons (1f..8f)."""
    return tile in _BONUS_SET


def is_terminal_or_honor(tile: str) -> bool:
    """True for 1 and 9 of each suit, winds and dragons (幺九)."""
    return tile in TERMINALS_AND_HONORS


def check_code(tile: object) -> str:
    """Return ``tile`` if it is a known code, else raise naming it."""
    if not isinstance(tile, str):
        raise MahjongError(f"a tile must be a string code, got {type(tile).__name__}: {tile!r}",
                           tile)
    if tile not in _CODE_SET:
        raise MahjongError(f"unknown tile {tile!r}", tile)
    return tile


_CODE_SET = frozenset(ALL_CODES)


def known_codes(values: list[object]) -> bool:
    """Whether every entry of ``values`` is already a tile code (what :func:`parse_tile` returns
    unchanged): one set test where parsing each entry costs a call a tile. Entries of no
    hashable type are not codes.

    >>> known_codes(["1m", "E", "back"]), known_codes(["1m", "0m"]), known_codes([["1m"]])
    (True, False, False)
    """
    try:
        return _CODE_SET.issuperset(values)
    except TypeError:
        return False


def tile_name(tile: str, lang: str = "zh") -> str:
    """The tile's name in Chinese (``zh``) or English (``en``)."""
    check_code(tile)
    zh = lang.startswith("zh")
    if tile == BACK:
        return "暗牌" if zh else "face-down"
    if is_suited(tile):
        n, s = int(tile[0]), tile[1]
        return f"{_ZH_NUMERALS[n - 1]}{_ZH_SUIT[s]}" if zh else f"{n} {_EN_SUIT[s]}"
    if is_honor(tile):
        return _ZH_HONOR[tile] if zh else _EN_HONOR[tile]
    n = int(tile[0]) - 1
    return _ZH_BONUS[n] if zh else _EN_BONUS[n]


def tiles_name(tiles: Iterable[str], lang: str = "zh") -> str:
    """Names of several tiles, joined for reading."""
    sep = "" if lang.startswith("zh") else ", "
    return sep.join(tile_name(t, lang) for t in tiles)


def sort_key(tile: str) -> int:
    """Order tiles as a player sorts a hand: suits, honours, bonus tiles, then backs."""
    if tile in INDEX:
        return INDEX[tile]
    if tile in BONUS:
        return 34 + BONUS.index(tile)
    return 99


def sorted_tiles(tiles: Iterable[str]) -> list[str]:
    """Tiles in hand order."""
    return sorted(tiles, key=sort_key)


def to_compact(tiles: Iterable[str]) -> str:
    """Compact notation: ``['1m','2m','5p','E','E']`` -> ``'12m5pEE'``.

    >>> to_compact(['1m', '2m', '5p', 'E', 'E', '1f', 'back'])
    '12m5pEE1f back'
    """
    out: list[str] = []
    run_suit = ""
    run: list[str] = []

    def flush() -> None:
        nonlocal run, run_suit
        if run:
            out.append("".join(run) + run_suit)
        run, run_suit = [], ""

    for t in sorted_tiles(tiles):
        if is_suited(t) or is_bonus(t):
            if t[1] != run_suit:
                flush()
                run_suit = t[1]
            run.append(t[0])
        else:
            flush()
            out.append(" back" if t == BACK else t)
    flush()
    return "".join(out).strip()


def parse_tiles(text: str) -> list[str]:
    """Parse the forms people type into tile codes, in the order given.

    Accepts canonical codes (``5p``, ``E``, ``back``, ``3f``), digit runs with a suit letter
    (``123m``, ``1122z`` in riichi order, ``26f``; ``0m 0p 0s`` is riichi's red five, read as a
    5), runs of honour letters (``EESSWW``), and Chinese
    names (``五筒``, ``5筒``, ``东``, ``發``, ``白板``, ``梅``). Separators (spaces, commas) are optional.
    An unknown token raises :class:`MahjongError` naming it.
    """
    if not isinstance(text, str):
        raise MahjongError(f"tiles must be given as text, got {type(text).__name__}", text)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t\n,;|/[]()":
            i += 1
            continue
        if text.startswith("back", i):
            out.append(BACK)
            i += 4
            continue
        if ch.isdecimal() or ch in _ZH_NUMERALS:
            j = i
            digits: list[int] = []
            while j < n and (text[j].isdecimal() or text[j] in _ZH_NUMERALS):
                d = text[j]
                digits.append(int(d) if d.isdecimal() else _ZH_NUMERALS.index(d) + 1)
                j += 1
            suit = text[j] if j < n else ""
            letter = _ZH_SUIT_CHARS.get(suit, suit)
            if letter not in ("m", "p", "s", "z", "f"):
                token = text[i:j + 1]
                raise MahjongError(f"unknown tile {token!r}: digits need a suit "
                                   "(m 万, p 筒, s 条, z honours, f flowers)", token)
            for d in digits:
                out.append(_digit_tile(d, letter, text[i:j + 1]))
            i = j + 1
            continue
        if ch in HONORS:
            out.append(ch)
            i += 1
            continue
        word = text[i:i + 2]
        if word in _ZH_WORDS:
            out.append(_ZH_WORDS[word])
            i += 2
            continue
        if ch in _ZH_WORDS:
            out.append(_ZH_WORDS[ch])
            i += 1
            continue
        j = i
        while j < n and text[j] not in " \t\n,;":
            j += 1
        token = text[i:j]
        raise MahjongError(f"unknown tile {token!r}", token)
    return out


def _digit_tile(d: int, letter: str, token: str) -> str:
    """One tile of a digit run; an error names that tile (``8z``), not the whole run."""
    if letter == "z":
        if not 1 <= d <= 7:
            raise MahjongError(f"unknown tile '{d}z' in {token!r}: honours are 1z-7z", f"{d}z")
        return _RIICHI_Z[d - 1]
    if letter == "f":
        if not 1 <= d <= 8:
            raise MahjongError(f"unknown tile '{d}f' in {token!r}: bonus tiles are 1f-8f", f"{d}f")
        return f"{d}f"
    if d == 0:
        return f"5{letter}"  # 0m 0p 0s: the red five of riichi notation, read as a five
    return f"{d}{letter}"


def red_fives(value: object) -> int:
    """How many red fives (``0m 0p 0s``) a typed tile string or a list of codes holds; the parser
    reads them as plain fives, so a variant with aka-dora counts them here."""
    if isinstance(value, str):
        count, digits = 0, 0
        for ch in value:
            if ch.isdigit():
                digits += ch == "0"
            elif ch in "mps":
                count, digits = count + digits, 0
            else:
                digits = 0
        return count
    if isinstance(value, (list, tuple)):
        # Codes hold no red five (``0m`` is typed, never a code): one set test answers the lists
        # stored hands give, where counting the three took three scans and a sum.
        return 0 if known_codes(value) else sum(map(value.count, RED_FIVES))
    return 0


def parse_tile(value: object, what: str = "tile") -> str:
    """Exactly one tile, in any notation :func:`parse_tiles` takes (``5p``, ``0m``, ``1z``, ``五筒``)."""
    if not isinstance(value, str):
        raise MahjongError(f"{what} must be a tile, got {type(value).__name__}: {value!r}", value)
    if value in _CODE_SET:
        return value
    if value in RED_FIVES:  # riichi's red five as a list entry: a five, without the parser
        return RED_FIVES[value]
    tiles = parse_tiles(value)
    if len(tiles) != 1:
        raise MahjongError(f"{what} is one tile, got {value!r} ({len(tiles)} tiles)", value)
    return tiles[0]


def to_counts(tiles: Iterable[str]) -> list[int]:
    """Counts of the 34 playing tiles (bonus tiles and backs are an error here)."""
    counts = [0] * 34
    for t in tiles:
        counts[index(t)] += 1
    return counts


def from_counts(counts: Iterable[int]) -> list[str]:
    """Tiles from a 34-count vector, in index order."""
    return [TILES[i] for i, c in enumerate(counts) for _ in range(c)]


#: The order a player lays a whole set out in to teach it his tiles (rows of nine on the layout
#: sheet: 万, 筒, 条, then the honours and the flowers), as ``tileset learn`` and the pages use it.
LAYOUT_ORDER = "123456789m123456789p123456789sESWNCFP12345678f"
