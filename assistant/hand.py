"""The hand state: concealed tiles, melds, the winning tile, the table facts; JSON in and out.

The JSON shape is the one of ``../shared/vectors`` (``concealed``, ``melds``, ``win_tile``,
``context``), extended with ``bonus`` (flowers and seasons), ``visible`` (tiles seen on the table,
for counting what is left), ``wilds`` (this hand's wild tiles) and ``variant``/``options``.

>>> state = HandState.from_json({"concealed": "123m456p789s1122z"})
>>> len(state.concealed), state.tile_count
(13, 13)
>>> HandState.from_json({"concealed": "123m456p789s112223z"})
Traceback (most recent call last):
...
assistant.errors.MahjongError: too many tiles: 15 in the concealed hand and 0 in melds make 15 ...
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from . import native
from .errors import MahjongError
from .tiles import (
    BACK,
    BONUS,
    DRAGONS,
    RED_FIVES,
    SUITS,
    WINDS,
    is_bonus,
    known_codes,
    parse_tile,
    parse_tiles,
    red_fives,
    sorted_tiles,
    tile_name,
)

MELD_TYPES = ("chow", "pung", "kong", "quint")
#: Tiles in each kind of meld; a quint (昆) is five of a kind, a wild standing in for the fifth.
MELD_SIZES = {"chow": 3, "pung": 3, "kong": 4, "quint": 5}
SOURCES = ("left", "opposite", "right")
_BONUS = frozenset(BONUS)
_BOOL = frozenset((bool,))
#: Every chow, its tiles in any order (three consecutive tiles of one suit, the faces as given,
#: so one look-up checks a declared chow) -> its lowest tile.
_CHOWS: dict[tuple[str, ...], str] = {
    order: f"{n}{suit}" for suit in SUITS for n in range(1, 8)
    for order in permutations((f"{n}{suit}", f"{n + 1}{suit}", f"{n + 2}{suit}"))}
_CONTEXT_FLAGS = {
    # JSON key in ``context`` -> attribute
    "self_drawn": "self_drawn",
    "wall_last": "last_tile",
    "kong_replacement": "kong_replacement",
    "robbing_kong": "robbing_kong",
    "first_go_around": "first_go_around",
    "is_4th_tile": "fourth_tile",
    "after_kong_discard": "after_kong_discard",
    "dealt_hand": "dealt_hand",
    "kong_on_kong": "kong_on_kong",
    # riichi: the declaration, on the first turn (double), and the win within one go-around
    "riichi": "riichi",
    "double_riichi": "double_riichi",
    "ippatsu": "ippatsu",
}
#: The ``context`` keys a hand state may also give at its top level.
_TOP_LEVEL_CONTEXT = frozenset((*_CONTEXT_FLAGS, "seat_wind", "prevalent_wind", "flowers",
                                "about_kong", "initial", "void_suit"))
#: Riichi dora indicators (表/裏): at most the first one and four more turned after kongs.
MAX_INDICATORS = 5
#: Hand sizes the engine reads: one to five sets and a pair (成都's 4, 7, 10 and 13 tiles; the 16
#: of 十六张), and 江南 心皇's 12 (the imagined tile makes the 13th).
HAND_SIZES = (4, 7, 10, 12, 13, 16)
#: ``context.draws_left``: own draws still to come, at most 70 (a whole wall's share and more).
MAX_DRAWS_LEFT = 70
#: ``advice``: what orders the discards (tile efficiency, value, safety, or value less danger).
ADVICE_ORDERS = ("efficiency", "value", "safety", "balanced")


@dataclass(frozen=True)
class Meld:
    """A declared set: chow 吃, pung 碰, kong 杠 (concealed 暗杠, or added 加杠 to a pung) or
    quint 昆 (five of a kind, wilds standing in: 百搭 that forms sets)."""

    type: str
    tiles: tuple[str, ...]
    concealed: bool = False
    source: str | None = None  # "left" (上家), "opposite" (对家), "right" (下家)
    claimed_index: int | None = None
    added_kong: bool = False
    #: The kind a quint, or a pung or kong holding wilds, stands for once the hand's wilds are
    #: known (:func:`assistant.legality.check_meld`); the faces of a pung or kong are checked
    #: there too, as only the variant knows its wilds (百搭可碰) and its winds (芜湖).
    kind: str | None = field(default=None, compare=False)

    @property
    def tile(self) -> str:
        """The tile of a pung, kong or quint (the lowest of a chow); a face-down kong shows one
        face; a quint not yet read against the wilds, its most held face."""
        if self.kind is not None:
            return self.kind
        # The scorers ask this of every meld many times: a chow in any order (its lowest looked
        # up) or a set of one face is answered without a list of faces or a sort.
        tiles = self.tiles
        if self.type == "chow" and type(tiles) is tuple and tiles in _CHOWS:
            return _CHOWS[tiles]
        first = tiles[0]
        if first != BACK and tiles.count(first) == len(tiles):
            return first
        faces = [t for t in tiles if t != BACK]
        if self.type == "quint":
            held = Counter(faces)
            return max(sorted_tiles(set(faces)), key=held.__getitem__)
        if faces and faces.count(faces[0]) == len(faces):
            return faces[0]
        return sorted_tiles(faces)[0]

    @property
    def is_kong(self) -> bool:
        """A kong or a quint: a set of four or five that scores and pays as a kong."""
        return self.type in ("kong", "quint")

    @property
    def faces(self) -> tuple[str, ...]:
        """The tiles the meld holds, face-down ones of a concealed kong filled in."""
        if BACK in self.tiles:
            return (self.tile,) * len(self.tiles)
        return self.tiles

    @property
    def stands_for(self) -> tuple[str, ...]:
        """The tiles the meld stands for: a read quint as five of its kind, else its faces."""
        if self.kind is not None:
            return (self.kind,) * len(self.tiles)
        return self.faces

    def name(self, lang: str = "zh") -> str:
        """The meld's kind as players say it (碰, 暗杠, 昆 …)."""
        zh = {"chow": "吃", "pung": "碰", "kong": "暗杠" if self.concealed else "杠",
              "quint": "暗昆" if self.concealed else "昆"}
        en = {"chow": "chow", "pung": "pung", "kong": "concealed kong" if self.concealed else "kong",
              "quint": "concealed quint" if self.concealed else "quint"}
        return (zh if lang.startswith("zh") else en)[self.type]

    @classmethod
    def from_json(cls, data: Any, position: int = 0) -> Meld:
        where = f"meld {position + 1}"
        if not isinstance(data, dict):
            raise MahjongError(f"{where} must be an object with 'type' and 'tiles'", data)
        kind = data.get("type")
        if kind not in MELD_TYPES:
            raise MahjongError(f"{where}: type must be one of {MELD_TYPES}, got {kind!r}", kind)
        given = data.get("tiles")
        tiles = given if type(given) is list and known_codes(given) else _tile_list(
            given, f"{where} tiles")
        concealed = bool(data.get("concealed", False))
        source = data.get("from")
        if source is not None and source not in SOURCES:
            raise MahjongError(f"{where}: 'from' must be one of {SOURCES} or null, got {source!r}",
                               source)
        claimed = data.get("claimed_index")
        if claimed is not None and (not isinstance(claimed, int) or not 1 <= claimed <= 4):
            raise MahjongError(f"{where}: claimed_index must be 1-4, got {claimed!r}", claimed)
        meld = cls(kind, tuple(tiles), concealed, source, claimed, bool(data.get("added_kong")))
        meld.check(where)
        return meld

    def check(self, where: str = "meld") -> None:
        """Raise unless the tiles make the set the type says."""
        tiles = self.tiles
        size = MELD_SIZES[self.type]
        if len(tiles) != size:
            raise MahjongError(f"{where} ({' '.join(tiles)}): a {self.type} has {size} tiles",
                               " ".join(tiles))
        if not _BONUS.isdisjoint(tiles):
            t = next(t for t in tiles if t in _BONUS)
            raise MahjongError(f"{where} ({' '.join(tiles)}): bonus tile {t} cannot be in a meld",
                               t)
        if BACK in tiles:
            text = " ".join(tiles)
            if not (self.type == "kong" and self.concealed):
                raise MahjongError(f"{where} ({text}): face-down tiles only in a concealed kong",
                                   BACK)
            if all(t == BACK for t in tiles):
                raise MahjongError(f"{where}: a concealed kong needs one face-up tile to be read",
                                   text)
        if self.type == "chow" and tuple(tiles) not in _CHOWS:
            text = " ".join(tiles)
            raise MahjongError(f"{where} ({text}) is not a chow: three consecutive tiles of "
                               "one suit expected", text)
        if self.concealed and not self.is_kong:
            text = " ".join(tiles)
            raise MahjongError(f"{where} ({text}): only a kong or a quint can be declared "
                               "concealed", text)
        if self.type == "chow" and self.source not in (None, "left"):
            text = " ".join(tiles)
            raise MahjongError(f"{where} ({text}): a chow is claimed only from the player before "
                               f"(上家, from = left), not from {self.source!r}", self.source)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "tiles": list(self.tiles),
                               "concealed": self.concealed, "from": self.source}
        if self.claimed_index is not None:
            out["claimed_index"] = self.claimed_index
        if self.added_kong:
            out["added_kong"] = True
        return out


def _tile_list(value: Any, what: str) -> list[str]:
    """A list of tile codes from a JSON list or a typed string such as ``"123m EE"``."""
    if value is None:
        return []
    if isinstance(value, str):
        return parse_tiles(value)
    if not isinstance(value, list):
        raise MahjongError(f"{what} must be a list of tile codes or a tile string, "
                           f"got {type(value).__name__}", value)
    if known_codes(value):  # codes already, as every stored hand gives them: nothing to parse
        return list(value)
    out = []
    for t in value:
        try:
            out.append(parse_tile(t))  # each entry in any notation the typed string takes
        except MahjongError as exc:
            raise MahjongError(f"{what}: {exc}", exc.token) from None
    return out


def _red_count(given: Any, typed: int) -> int:
    """Red fives: those typed as ``0m 0p 0s``, or the ``red_fives`` count a state's JSON keeps
    (its tiles are written as plain fives); both given must agree."""
    if given is None:
        return typed
    if isinstance(given, bool) or not isinstance(given, int) or given < 0:
        raise MahjongError(f"'red_fives' is a count of red fives from 0, got {given!r}", "red_fives")
    if typed and given != typed:
        raise MahjongError(f"'red_fives' says {given} but the tiles show {typed} (0m 0p 0s)",
                           "red_fives")
    return given


def _indicators(value: Any, what: str) -> list[str]:
    """Dora indicators: playing tiles, at most :data:`MAX_INDICATORS` of them."""
    tiles = _tile_list(value, what)
    for t in tiles:
        if is_bonus(t) or t == BACK:
            raise MahjongError(f"{what}: {t} is not a playing tile", t)
    if len(tiles) > MAX_INDICATORS:
        raise MahjongError(f"{what}: {len(tiles)} indicators, but at most {MAX_INDICATORS} are "
                           "turned (one, and one more per kong)", len(tiles))
    return tiles


def _indicator(value: Any) -> str | None:
    """The turned-up tile (``"indicator"``), checked; None when the hand gives none."""
    if value is None:
        return None
    from .wilds import check_indicator

    return check_indicator(value)


def _jokers(value: Any) -> list[str]:
    """The special jokers held (``"jokers"``: names such as 元, 总, 一皇), checked."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise MahjongError("'jokers' must list the special jokers held, e.g. [\"元\", \"一皇\"]",
                           "jokers")
    from .jokers import joker

    return [joker(v).name if isinstance(v, str) else joker(repr(v)).name for v in value]


def _nukidora(value: Any) -> int:
    """The 北 set aside (抜きドラ): a count 0-4, or the tiles themselves (``"NN"``).

    >>> _nukidora("NN"), _nukidora(1), _nukidora(None)
    (2, 1, 0)
    """
    if value is None:
        return 0
    if isinstance(value, (str, list)):
        tiles = _tile_list(value, "nukidora")
        if any(t != "N" for t in tiles):
            raise MahjongError("'nukidora' lists the 北 (N) set aside; only 北 is set aside (抜き"
                               "ドラ)", "nukidora")
        value = len(tiles)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
        raise MahjongError(f"'nukidora' is the number of 北 set aside, 0-4 (four copies), got "
                           f"{value!r}", "nukidora")
    return value


def _draws_left(value: Any) -> int | None:
    """``context.draws_left``: the player's own draws after this discard, 0-70, or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DRAWS_LEFT:
        raise MahjongError(f"context.draws_left must be a whole number from 0 to {MAX_DRAWS_LEFT}, "
                           f"got {value!r}", "draws_left")
    return value


def _advice(value: Any) -> str:
    """How the discards are ordered (one of ``ADVICE_ORDERS``; ``balanced`` when not given)."""
    if value is None:
        return "balanced"
    if value not in ADVICE_ORDERS:
        raise MahjongError(f"'advice' must be one of {', '.join(ADVICE_ORDERS)}, got {value!r}",
                           "advice")
    return value


def _fifth_copy(shown: list[str]) -> bool:
    """Whether some tile is among ``shown`` more than four times: the compiled core's count
    where it reads every code; else, sorted, a fifth copy stands four places after the first (a
    sort and one pass: 0.9 µs for 17 tiles where a Counter took 2.0 µs)."""
    core = native.core
    if core is not None:
        counts = core.tile_counts(shown)
        if counts is not NotImplemented:
            return max(counts) > 4
    ordered = sorted(shown)
    return any(map(str.__eq__, ordered, ordered[4:]))


#: The optional parts of a hand state that ``from_json`` reads, in the order their errors are
#: raised: JSON key (also the field's name and the name an error gives) -> its reader.
_OPTIONAL_LISTS: tuple[tuple[str, Any], ...] = (
    ("visible", _tile_list), ("discards", _tile_list), ("stood", _tile_list),
    ("wilds", _tile_list), ("dora_indicators", _indicators),
    ("ura_dora_indicators", _indicators), ("indicator", lambda value, _: _indicator(value)),
    ("laid_out", _tile_list), ("jokers", lambda value, _: _jokers(value)),
    ("nukidora", lambda value, _: _nukidora(value)),
)
_OPTIONAL_KEYS = frozenset(key for key, _ in _OPTIONAL_LISTS)


def _wind(value: Any, what: str) -> str:
    if value not in WINDS:
        raise MahjongError(f"{what} must be one of E S W N, got {value!r}", value)
    return value


@dataclass(slots=True)
class HandState:
    """Everything about one player's hand that the rules need; its fields in slots, as the
    engine reads them many times a hand and builds a state for every hand it reads."""

    concealed: list[str]
    melds: list[Meld] = field(default_factory=list)
    win_tile: str | None = None
    self_drawn: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    bonus: list[str] = field(default_factory=list)
    last_tile: bool = False  # 海底 / 妙手回春: the last tile of the wall
    kong_replacement: bool = False  # 杠上开花: won on the replacement tile after a kong
    robbing_kong: bool = False  # 抢杠: won on a tile added to another's pung
    first_go_around: bool = False  # 天和/地和/人和
    after_kong_discard: bool = False  # 杠上炮: the winning discard came right after the discarder's kong
    dealt_hand: bool = False  # 起手 (长沙): the hand as dealt, before any discard, for 起手胡
    fourth_tile: bool = False  # 和绝张: the last unseen copy
    kong_on_kong: bool = False  # 槓上槓: won on the replacement of a second kong in a row
    visible: list[str] = field(default_factory=list)
    wilds: list[str] = field(default_factory=list)
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    table: dict[str, Any] | None = None
    void_suit: str | None = None  # 定缺 (Sichuan): the suit the player gave up; holding it blocks a win
    discards: list[str] = field(default_factory=list)  # 排列出牌: the player's own discards, in order
    stood: list[str] = field(default_factory=list)  # 太原立四: the tiles still standing
    flowers_counted: int | None = None  # a bonus-tile count given without the tiles themselves
    riichi: bool = False  # riichi: declared (立直)
    double_riichi: bool = False  # riichi: declared on the first turn (两立直)
    ippatsu: bool = False  # riichi: won within one go-around of the declaration (一发)
    dora_indicators: list[str] = field(default_factory=list)  # riichi: dora indicators turned
    ura_dora_indicators: list[str] = field(default_factory=list)  # riichi: those under them
    red_fives: int = 0  # red fives (0m 0p 0s) among the hand's tiles, melds included
    indicator: str | None = None  # the tile turned up at the start; the variant makes it wild
    laid_out: list[str] = field(default_factory=list)  # 红中杠 / 赖子杠: single tiles laid out
    jokers: list[str] = field(default_factory=list)  # 特别百搭 held: 元 喜 合 筒 索 万 总 一皇 … 四后
    nukidora: int = 0  # 三麻: the 北 this seat set aside (抜きドラ), each a dora and a draw
    draws_left: int | None = None  # the player's own draws after this discard (advice)
    advice: str = "balanced"  # how the discards are ordered: efficiency, value, safety, balanced

    @property
    def tiles(self) -> list[str]:
        """Concealed tiles with the winning tile, if any: the part still to be arranged."""
        return self.concealed + ([self.win_tile] if self.win_tile else [])

    @property
    def tile_count(self) -> int:
        """Tiles held, a kong or a quint counting as three (13 waiting, 14 after drawing or
        winning): each tile past the third drew a replacement."""
        return len(self.tiles) + len(self.jokers) + 3 * len(self.melds)

    def own_counts(self) -> Counter[str]:
        """Copies of each tile the player holds or has melded (face-down kong tiles included)."""
        return Counter([*self.tiles, *(t for m in self.melds for t in m.faces)])

    @classmethod
    def from_json(cls, data: Any, hand_size: int = 13) -> HandState:
        """Read and check a hand state of ``hand_size`` tiles (13, or 4/7/10 at a 成都 table of
        five to seven players); any problem raises :class:`MahjongError` naming it."""
        if not isinstance(data, dict):
            raise MahjongError("a hand state must be a JSON object with at least 'concealed'", data)
        if "concealed" not in data and "concealed_incl_win_tile" not in data:
            raise MahjongError("the hand state has no 'concealed' tiles", "concealed")
        given = data.get("concealed", data.get("concealed_incl_win_tile"))
        concealed = _tile_list(given, "concealed")
        melds_json = data.get("melds") or []
        if not isinstance(melds_json, list):
            raise MahjongError("'melds' must be a list", "melds")
        melds = [Meld.from_json(m, i) for i, m in enumerate(melds_json)]
        win_tile = data.get("win_tile")
        red = red_fives(given)
        red += sum(map(red_fives, [m["tiles"] for m in melds_json]))  # each read as a meld
        if isinstance(win_tile, str) and win_tile in RED_FIVES:
            red += "concealed_incl_win_tile" not in data
            win_tile = RED_FIVES[win_tile]
        if win_tile is not None:
            win_tile = parse_tile(win_tile, "win_tile")
        red = _red_count(data.get("red_fives"), red)
        if "concealed_incl_win_tile" in data and win_tile is not None:
            if win_tile not in concealed:
                raise MahjongError(f"win_tile {win_tile} is not among the concealed tiles", win_tile)
            concealed.remove(win_tile)
        context = data.get("context") or {}
        if not isinstance(context, dict):
            raise MahjongError("'context' must be an object", "context")
        # The table facts given beside ``context`` rather than in it, ``context`` winning; most
        # hands give them all in ``context``, which is then read as it is (never written to).
        merged = context if _TOP_LEVEL_CONTEXT.isdisjoint(data) else {
            **{k: v for k, v in data.items() if k in _TOP_LEVEL_CONTEXT}, **context}
        # The flags given, each set from its key; those not given keep the field's False.
        flags = {_CONTEXT_FLAGS[key]: value for key, value in merged.items()
                 if key in _CONTEXT_FLAGS}
        if not _BOOL.issuperset(map(type, flags.values())):
            key = next(k for k in _CONTEXT_FLAGS  # named in the order the flags are listed
                       if k in merged and type(merged[k]) is not bool)
            raise MahjongError(f"'{key}' must be true or false, got {merged[key]!r}", key)
        if merged.get("about_kong"):
            flags["kong_replacement" if flags.get("self_drawn") else "robbing_kong"] = True
        if merged.get("initial"):
            flags["first_go_around"] = True
        void_suit = merged.get("void_suit")
        if void_suit not in (None, "m", "p", "s"):
            raise MahjongError(f"'void_suit' must be m, p or s, got {void_suit!r}", "void_suit")
        bonus = _tile_list(data.get("bonus"), "bonus")
        flowers = merged.get("flowers")
        if isinstance(flowers, list):
            bonus += _tile_list(flowers, "flowers")
        elif flowers is not None and (isinstance(flowers, bool) or not isinstance(flowers, int)
                                      or flowers < 0):
            raise MahjongError(f"'flowers' must be a count from 0 or a list of bonus tiles, got "
                               f"{flowers!r}", "flowers")
        variant = data.get("variant")
        if variant is not None and not isinstance(variant, str):
            raise MahjongError(f"'variant' must be a name, got {variant!r}", "variant")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise MahjongError("'options' must be an object", "options")
        table = data.get("table")
        if table is not None and not isinstance(table, dict):
            raise MahjongError("'table' must be an object", "table")
        seat_wind = _wind(merged.get("seat_wind", "E"), "seat_wind")
        prevalent_wind = _wind(merged.get("prevalent_wind", "E"), "prevalent_wind")
        # Each optional list read where it is given; one not given keeps the field's default,
        # which is what its reader makes of None.
        given = {key: read(data[key], key) for key, read in _OPTIONAL_LISTS
                 if data.get(key) is not None} if not _OPTIONAL_KEYS.isdisjoint(data) else {}
        state = cls(
            concealed=concealed, melds=melds, win_tile=win_tile, seat_wind=seat_wind,
            prevalent_wind=prevalent_wind, bonus=bonus, variant=variant, options=options,
            table=table, void_suit=void_suit,
            flowers_counted=flowers if isinstance(flowers, int) else None, red_fives=red,
            **given, **flags, draws_left=_draws_left(merged.get("draws_left")),
            advice=_advice(data.get("advice")),
        )
        state.check(hand_size)
        return state

    @property
    def flower_count(self) -> int:
        """Bonus tiles held: the listed ones, or the count the input gave."""
        if self.bonus or self.flowers_counted is None:
            return len(self.bonus)
        return self.flowers_counted

    def check(self, hand_size: int = 13) -> None:
        """Raise unless the tiles can be one real hand: size, copies, bonus tiles, backs."""
        tiles = self.tiles
        for t in tiles if BACK in tiles or not _BONUS.isdisjoint(tiles) else ():
            if is_bonus(t):
                raise MahjongError(f"bonus tile {t} ({tile_name(t)}) belongs under 'bonus', not in "
                                   "the hand", t)
            if t == BACK:
                raise MahjongError("a face-down tile can only be part of a concealed kong", t)
        for t in self.bonus:
            if not is_bonus(t) and t not in DRAGONS:
                raise MahjongError(f"{t} is not a bonus tile (flowers and seasons are 1f-8f; "
                                   "南京 counts the dragons as flowers too)", t)
        listed = (self.visible + self.wilds + self.discards + self.stood + self.laid_out
                  if self.visible or self.wilds or self.discards or self.stood or self.laid_out
                  else ())
        for t in listed:
            if is_bonus(t) or t == BACK:
                raise MahjongError(f"{t} cannot be listed as a visible or wild playing tile", t)
        shown = [*tiles, *[t for m in self.melds for t in m.faces]] if self.melds else tiles
        if (self.visible or self.discards or self.bonus or self.dora_indicators
                or self.ura_dora_indicators or self.laid_out or self.indicator
                or self.nukidora):  # the rest of what is seen, where any is given
            shown = [*shown, *self.visible, *self.discards,
                     *[t for t in self.bonus if t in DRAGONS], *self.dora_indicators,
                     *self.ura_dora_indicators, *self.laid_out,
                     *([self.indicator] if self.indicator else []), *["N"] * self.nukidora]
        seen = Counter(shown) if _fifth_copy(shown) else {}  # counted to name the tile
        for t, c in seen.items():
            if c > 4:
                own = self.own_counts()[t]
                raise MahjongError(f"{c} copies of {t} ({tile_name(t)}): {own} in this hand and "
                                   f"{c - own} visible, but a tile "
                                   "has only four copies", t)
        n = len(tiles) + len(self.jokers) + 3 * len(self.melds)  # tile_count
        if not hand_size <= n <= hand_size + 1:
            in_melds = 3 * len(self.melds)
            sizes = f"{hand_size} or {hand_size + 1} expected, a kong counts as 3"
            if n > hand_size:
                raise MahjongError(f"too many tiles: {len(tiles)} in the concealed hand and "
                                   f"{in_melds} in melds make {n} ({sizes})", n)
            raise MahjongError(f"too few tiles: {len(tiles)} in the concealed hand and "
                               f"{in_melds} in melds make {n} ({sizes})", n)
        if self.win_tile is not None and n != hand_size + 1:
            raise MahjongError(f"with a winning tile the hand must make {hand_size + 1}, it "
                               f"makes {n}", n)
        if self.first_go_around and self.melds:
            raise MahjongError("first_go_around (天和/地和/人和) is impossible with a declared meld "
                               "or kong: any claim or kong ends the first go-around",
                               "first_go_around")
        if self.dealt_hand and (self.melds or self.discards or self.win_tile):
            raise MahjongError("dealt_hand (起手胡): the hand is judged as dealt, before any "
                               "discard, claim or kong, and has no winning tile", "dealt_hand")
        if len(self.stood) > 4 or (self.stood and Counter(self.stood) - Counter(self.tiles)):
            raise MahjongError("stood (立四): at most four tiles, all among the concealed ones",
                               "stood")
        fives = self.red_fives and sum(1 for t in self.tiles if t in ("5m", "5p", "5s")) + sum(
            1 for m in self.melds for t in m.faces if t in ("5m", "5p", "5s"))
        if self.red_fives > fives:
            raise MahjongError(f"{self.red_fives} red fives, but the hand holds {fives} fives",
                               "red_fives")
        copies = Counter(self.bonus) if self.bonus else {}
        for t, c in copies.items():
            if c > 1 and t not in DRAGONS:
                raise MahjongError(f"bonus tile {t} ({tile_name(t)}) appears {c} times; there is "
                                   "one of each", t)

    def to_json(self) -> dict[str, Any]:
        """The state in the vectors' JSON shape."""
        context: dict[str, Any] = {
            "self_drawn": self.self_drawn, "seat_wind": self.seat_wind,
            "prevalent_wind": self.prevalent_wind, "wall_last": self.last_tile,
            "kong_replacement": self.kong_replacement, "robbing_kong": self.robbing_kong,
            "first_go_around": self.first_go_around, "is_4th_tile": self.fourth_tile,
        }
        # The rarer facts only where they hold (each a key less for every other hand).
        if self.after_kong_discard:
            context["after_kong_discard"] = True
        if self.dealt_hand:
            context["dealt_hand"] = True
        if self.kong_on_kong:
            context["kong_on_kong"] = True
        context["flowers"] = self.flower_count
        if self.void_suit:
            context["void_suit"] = self.void_suit
        if self.riichi:
            context["riichi"] = True
        if self.double_riichi:
            context["double_riichi"] = True
        if self.ippatsu:
            context["ippatsu"] = True
        out: dict[str, Any] = {
            "concealed": list(self.concealed),
            "melds": [m.to_json() for m in self.melds],
            "win_tile": self.win_tile,
            "context": context,
            "bonus": list(self.bonus),
        }
        if self.dora_indicators:
            out["dora_indicators"] = list(self.dora_indicators)
        if self.ura_dora_indicators:
            out["ura_dora_indicators"] = list(self.ura_dora_indicators)
        if self.red_fives:
            out["red_fives"] = self.red_fives
        if self.visible:
            out["visible"] = list(self.visible)
        if self.discards:
            out["discards"] = list(self.discards)
        if self.stood:
            out["stood"] = list(self.stood)
        if self.wilds:
            out["wilds"] = list(self.wilds)
        if self.indicator:
            out["indicator"] = self.indicator
        if self.laid_out:
            out["laid_out"] = list(self.laid_out)
        if self.jokers:
            out["jokers"] = list(self.jokers)
        if self.nukidora:
            out["nukidora"] = self.nukidora
        if self.variant:
            out["variant"] = self.variant
        if self.options:
            out["options"] = dict(self.options)
        if self.table is not None:
            out["table"] = dict(self.table)
        return out
