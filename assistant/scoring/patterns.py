"""Hand patterns read from one decomposition of a winning hand plus its declared melds.

A :class:`WinningHand` joins the concealed groups of a reading (``assistant.decompose``) with the
melds, so a scorer asks "all chows?", "one suit?", "was the winning tile the middle of a chow?"
without caring which sets were claimed. The predicates are variant-free; what each is worth
belongs to the variant.

>>> from assistant.hand import HandState
>>> from assistant.decompose import decompositions
>>> from assistant.tiles import to_counts
>>> s = HandState.from_json({"concealed": "123456789p12p EE", "win_tile": "3p"})
>>> h = winning_hands(s, decompositions(to_counts(s.tiles)))[0]
>>> is_all_chows(h), is_half_flush(h), sorted(wait_shapes(h))
(True, True, [])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import NamedTuple

from .. import native
from ..decompose import Decomposition
from ..hand import HandState
from ..shanten import Form
from ..tiles import DRAGONS, INDEX, WINDS, is_honor

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
DRAGON_SET, WIND_SET = frozenset(DRAGONS), frozenset(WINDS)
TERMINAL_SET = frozenset(f"{n}{s}" for s in "mps" for n in (1, 9))


class SetView(NamedTuple):
    """A set of the winning hand: ``chow``, ``pung`` or ``kong`` (a quint's five tiles read as a
    kong); ``exposed`` if it was claimed. A named tuple: every reading of every hand scored makes
    four or five of them, and a tuple is made in a fraction of a frozen dataclass's time."""

    kind: str
    tiles: tuple[str, ...]
    exposed: bool = False

    @property
    def tile(self) -> str:
        """The tile of a pung or kong (the lowest tile of a chow)."""
        return self.tiles[0]

    @property
    def is_pung(self) -> bool:
        """A pung or a kong (a kong counts as a pung in every pattern)."""
        return self.kind in ("pung", "kong")


@dataclass(frozen=True)
class WinningHand:
    """One reading of a complete hand: its form, sets, pair and all tiles (a kong as four)."""

    form: Form
    sets: tuple[SetView, ...]
    pair: str | None
    tiles: tuple[str, ...]
    win_tile: str | None
    concealed_groups: tuple[tuple[str, tuple[str, ...]], ...]
    concealed_tiles: tuple[str, ...]
    melds_exposed: int

    # Facts many patterns ask, worked out once per reading (the instance is never changed).
    @cached_property
    def counts(self) -> Counter[str]:
        """Copies of each tile (read only)."""
        return Counter(self.tiles)

    @cached_property
    def suit_set(self) -> frozenset[str]:
        """The suits among the tiles."""
        return frozenset(t[1] for t in self.counts if not is_honor(t))

    @cached_property
    def honoured(self) -> bool:
        """Whether a wind or dragon is among the tiles."""
        return any(is_honor(t) for t in self.counts)

    @cached_property
    def pungs(self) -> tuple[str, ...]:
        """The tile of each pung or kong."""
        return tuple(s.tiles[0] for s in self.sets if s.kind in ("pung", "kong"))

    @cached_property
    def sorted_tiles(self) -> tuple[str, ...]:
        """The tiles in display order."""
        return tuple(sorted(self.tiles, key=INDEX.__getitem__))


def winning_hands(state: HandState, readings: Iterable[Decomposition]) -> list[WinningHand]:
    """Every reading of the hand joined with its melds (one pass over each reading's groups:
    this runs for every reading of every hand scored)."""
    melded: list[SetView] = []
    meld_list: list[str] = []
    exposed = 0
    for m in state.melds:
        tiles = m.stands_for
        # a quint (昆) scores as the kong it contains
        melded.append(SetView("kong" if m.is_kong else m.type, tiles, not m.concealed))
        meld_list += tiles
        exposed += not m.concealed
    meld_sets, meld_tiles = tuple(melded), tuple(meld_list)
    own = tuple(state.tiles)
    win_tile = state.win_tile
    out = []
    for d in readings:
        sets: list[SetView] = []
        groups = []
        pair = None
        wild = False
        for g in d.groups:
            kind, tiles = g.kind, g.tiles
            if kind == "chow" or kind == "pung":
                sets.append(SetView(kind, tiles))
            elif pair is None and kind == "pair":
                pair = tiles[0]
            wild = wild or g.wilds > 0
            groups.append((kind, tiles))
        # With wild tiles the hand is the tiles they stand for, as its sets and pair say.
        concealed = tuple(t for g in d.groups for t in g.tiles) if wild else own
        out.append(WinningHand(d.form, (*sets, *meld_sets), pair, concealed + meld_tiles,
                               win_tile, tuple(groups), concealed, exposed))
    return out


def suits(hand: WinningHand) -> frozenset[str]:
    """The suits (m, p, s) among the hand's tiles."""
    return hand.suit_set


def has_honours(hand: WinningHand) -> bool:
    """Whether any wind or dragon is in the hand."""
    return hand.honoured


def _regular(hand: WinningHand) -> bool:
    """Four sets and a pair, or the five sets of a 16-tile hand."""
    return hand.form is Form.REGULAR and len(hand.sets) in (4, 5)


def is_all_chows(hand: WinningHand) -> bool:
    """平和 shape: four chows (claimed or not) and a pair."""
    return _regular(hand) and all(s.kind == "chow" for s in hand.sets)


def is_all_pungs(hand: WinningHand) -> bool:
    """碰碰和 shape: four pungs or kongs and a pair."""
    return _regular(hand) and all(s.is_pung for s in hand.sets)


def is_full_flush(hand: WinningHand) -> bool:
    """清一色: one suit, no honours."""
    return len(suits(hand)) == 1 and not has_honours(hand)


def is_half_flush(hand: WinningHand) -> bool:
    """混一色: one suit and honours, both present."""
    return len(suits(hand)) == 1 and has_honours(hand)


def is_all_honours(hand: WinningHand) -> bool:
    """字一色: winds and dragons only."""
    return not suits(hand)


def _terminal(tile: str) -> bool:
    return not is_honor(tile) and tile[0] in "19"


def is_all_terminals(hand: WinningHand) -> bool:
    """清幺九: only 1s and 9s of the suits."""
    return all(_terminal(t) for t in hand.tiles)


def is_terminals_and_honours(hand: WinningHand) -> bool:
    """混幺九: only 1s, 9s and honours, both kinds present."""
    return (all(_terminal(t) or is_honor(t) for t in hand.tiles) and has_honours(hand)
            and any(_terminal(t) for t in hand.tiles))


def pung_tiles(hand: WinningHand, among: Iterable[str]) -> list[str]:
    """Tiles of ``among`` of which the hand has a pung or kong."""
    wanted = among if isinstance(among, (set, frozenset)) else set(among)
    return [t for t in hand.pungs if t in wanted]


def dragon_pungs(hand: WinningHand) -> list[str]:
    """The dragons (中 發 白) the hand has a pung or kong of."""
    return pung_tiles(hand, DRAGON_SET)


def wind_pungs(hand: WinningHand) -> list[str]:
    """The winds the hand has a pung or kong of."""
    return pung_tiles(hand, WIND_SET)


def is_nine_gates(hand: WinningHand) -> bool:
    """九莲宝灯: the 13 concealed tiles before the win are 1112345678999 of one suit, whatever the
    winning tile (so 11123456778999 won on 1 is only a full flush). Without a winning tile, any
    tile of the 14 may be the one drawn."""
    if hand.melds_exposed or len(hand.concealed_tiles) != 14 or not is_full_flush(hand):
        return False
    counts = [0] * 9
    for t in hand.concealed_tiles:
        counts[INDEX[t] % 9] += 1
    extra = [c - n for c, n in zip(counts, NINE_GATES, strict=True)]
    if min(extra) < 0 or sum(extra) != 1:
        return False
    return hand.win_tile is None or extra[INDEX[hand.win_tile] % 9] == 1


def wait_shapes(hand: WinningHand) -> set[str]:
    """How the winning tile fits this reading: ``closed`` (夹张, the middle of a chow) and/or
    ``pair`` (单调, the pair); a tile completing the edge or side of a chow or a pung adds none."""
    win = hand.win_tile
    out: set[str] = set()
    if win is None:
        return out
    for kind, tiles in hand.concealed_groups:
        if kind == "pair" and tiles[0] == win:
            out.add("pair")
        elif kind == "chow" and tiles[1] == win:
            out.add("closed")
    return out


def tile_counts(hand: WinningHand) -> Counter[str]:
    """Copies of each tile in the hand (the reading's own counter: read only)."""
    return hand.counts


# --- The shared catalogue -------------------------------------------------------------------
# Every pattern a variant's table may name, written once: a key, its Chinese and English name and
# a count (0 = absent; more than 1 for patterns counted per occurrence, such as 根).


@dataclass(frozen=True)
class Win:
    """How the hand was won, for the situational patterns (杠上开花, 海底, 天胡 …)."""

    self_drawn: bool = False
    kong_replacement: bool = False
    after_kong_discard: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    first_go_around: bool = False
    dealer: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    fourth_tile: bool = False  # 和绝张: the winning tile was the last unseen copy
    unique_wait: bool = False  # 独听: the hand before the win waited on this one tile only
    kong_on_kong: bool = False  # 槓上槓: the replacement of a second kong in a row
    flowers: int = 0  # bonus tiles the winner holds (特别百搭's 花 among them)

    @classmethod
    def of(cls, state: HandState, dealer: bool, unique_wait: bool = False,
           fourth_tile: bool | None = None, robbing_kong: bool | None = None) -> Win:
        """The win facts of a hand state; ``dealer`` says whether the winner deals. A variant
        that reads 独听, 和绝张 or 抢杠和 by its own rule (MCR) gives them; otherwise the state's
        flags stand."""
        return cls(state.self_drawn, state.kong_replacement, state.after_kong_discard,
                   state.robbing_kong if robbing_kong is None else robbing_kong,
                   state.last_tile, state.first_go_around, dealer, state.seat_wind,
                   state.prevalent_wind, state.fourth_tile if fourth_tile is None else fourth_tile,
                   unique_wait, state.kong_on_kong, state.flower_count)


@dataclass(frozen=True)
class Pattern:
    """A catalogue entry: names and ``count(hand, win)``, how many times the hand has it."""

    key: str
    name_zh: str
    name_en: str
    count: Callable[[WinningHand, Win], int]
    #: The tiles that earn it, where fewer than the whole hand (a pung's three, a kong's four).
    tiles: Callable[[WinningHand, Win], list[str]] | None = None


def fours(hand: WinningHand) -> list[str]:
    """Tiles of which the hand holds all four copies (a kong, or 四归一 kept in other sets): 根;
    a quint (昆, a wild the fifth) holds them too."""
    return sorted((t for t, c in tile_counts(hand).items() if c >= 4), key=INDEX.__getitem__)


def kongs(hand: WinningHand) -> list[str]:
    """The tiles of the hand's kongs, claimed or concealed."""
    return [s.tile for s in hand.sets if s.kind == "kong"]


def is_seven_pairs(hand: WinningHand) -> bool:
    """七对: the seven-pairs reading (four of a kind as two pairs where the variant allows it)."""
    return hand.form is Form.SEVEN_PAIRS


def is_single_tile_wait(hand: WinningHand) -> bool:
    """金钩钓 as Sichuan tables mean it: four sets laid out, one tile held, won on its pair."""
    return (hand.form is Form.REGULAR and len(hand.concealed_tiles) == 2
            and hand.pair == hand.win_tile)


def is_all_pungs_pair_wait(hand: WinningHand) -> bool:
    """An all-pungs hand won on its pair, melded or not (the wider 金钩钓 of some tables)."""
    return is_all_pungs(hand) and "pair" in wait_shapes(hand)


def is_all_258(hand: WinningHand) -> bool:
    """将对: all pungs, every set and the pair of 2, 5 or 8 (将将和 when any reading is)."""
    return is_all_pungs(hand) and all(not is_honor(t) and t[0] in "258" for t in hand.tiles)


def is_all_258_tiles(hand: WinningHand) -> bool:
    """将将和: every tile a 2, 5 or 8 of a suit, whatever the shape."""
    return all(not is_honor(t) and t[0] in "258" for t in hand.tiles)


def is_outside(hand: WinningHand) -> bool:
    """带幺九: every set and the pair holds a 1 or a 9 (or an honour)."""
    if hand.form is not Form.REGULAR or hand.pair is None:
        return False
    groups = [s.tiles for s in hand.sets] + [(hand.pair,)]
    return all(any(_terminal(t) or is_honor(t) for t in g) for g in groups)


def is_all_simples(hand: WinningHand) -> bool:
    """断幺九: no 1, 9 or honour."""
    return not any(_terminal(t) or is_honor(t) for t in hand.tiles)


def is_concealed(hand: WinningHand) -> bool:
    """门前清: nothing claimed (a concealed kong keeps the hand concealed)."""
    return hand.melds_exposed == 0


def is_little_three_dragons(hand: WinningHand) -> bool:
    """小三元: pungs of two dragons and a pair of the third."""
    return len(dragon_pungs(hand)) == 2 and hand.pair in DRAGONS


def is_little_four_winds(hand: WinningHand) -> bool:
    """小四喜: pungs of three winds and a pair of the fourth."""
    return len(wind_pungs(hand)) == 3 and hand.pair in WINDS


def longest_suit(hand: WinningHand) -> tuple[str, int]:
    """The suit with the most tiles in the hand (melds included, a kong as four) and how many."""
    held = Counter(t[1] for t in hand.tiles if not is_honor(t))
    if not held:
        return "", 0
    suit = max(held, key=lambda s: (held[s], s))
    return suit, held[suit]


def is_pure_straight(hand: WinningHand) -> bool:
    """通天 / 一条龙: chows 123, 456 and 789 of one suit in the reading."""
    chows = {s.tiles for s in hand.sets if s.kind == "chow"}
    return any(all(tuple(f"{n + k}{suit}" for k in range(3)) in chows for n in (1, 4, 7))
               for suit in "mps")


def fours_in_use(hand: WinningHand) -> list[str]:
    """四活: tiles of which all four are held, not as a kong, used as a pung and in a chow."""
    pungs = {s.tile for s in hand.sets if s.kind == "pung"}
    in_chows = {t for s in hand.sets if s.kind == "chow" for t in s.tiles}
    return [t for t in fours(hand) if t in pungs and t in in_chows]


def is_double_eight(hand: WinningHand) -> bool:
    """双八支: eight or more tiles of one suit and two kongs of another suit. Every suit with
    eight is tried: two kongs of 筒 are eight 筒 themselves, so the longest suit alone would
    miss 八支 of 万 beside them."""
    held = Counter(t[1] for t in hand.tiles if not is_honor(t))
    return any(count >= 8 and sum(1 for t in kongs(hand) if not is_honor(t) and t[1] != suit) >= 2
               for suit, count in held.items())


def _flag(name: str) -> Callable[[WinningHand, Win], int]:
    return lambda hand, win: int(getattr(win, name))


def _hand(test: Callable[[WinningHand], bool]) -> Callable[[WinningHand, Win], int]:
    return lambda hand, win: int(test(hand))


CATALOGUE: dict[str, Pattern] = {p.key: p for p in (
    Pattern("chicken", "平和", "No-pattern win", lambda hand, win: 1),
    Pattern("all_chows", "平和", "All chows", _hand(is_all_chows)),
    Pattern("all_pungs", "对对胡", "All pungs", _hand(is_all_pungs)),
    Pattern("full_flush", "清一色", "Full flush", _hand(is_full_flush)),
    Pattern("half_flush", "混一色", "Half flush", _hand(is_half_flush)),
    Pattern("all_honours", "字一色", "All honours", _hand(is_all_honours)),
    Pattern("all_terminals", "清幺九", "Pure terminals", _hand(is_all_terminals)),
    Pattern("terminals_and_honours", "混幺九", "Terminals and honours",
            _hand(is_terminals_and_honours)),
    Pattern("half_flush_all_pungs", "混碰", "Half flush, all pungs",
            _hand(lambda h: is_half_flush(h) and is_all_pungs(h))),
    Pattern("full_flush_all_pungs", "清碰", "Full flush, all pungs",
            _hand(lambda h: is_full_flush(h) and is_all_pungs(h))),
    Pattern("little_three_dragons", "小三元", "Little three dragons",
            _hand(is_little_three_dragons)),
    Pattern("big_three_dragons", "大三元", "Big three dragons",
            _hand(lambda h: len(dragon_pungs(h)) == 3)),
    Pattern("little_four_winds", "小四喜", "Little four winds", _hand(is_little_four_winds)),
    Pattern("big_four_winds", "大四喜", "Big four winds", _hand(lambda h: len(wind_pungs(h)) == 4)),
    Pattern("eight_of_a_suit", "八支", "Eight or more of one suit (one fan a tile from the 8th)",
            lambda hand, win: max(0, longest_suit(hand)[1] - 7)),
    Pattern("pure_straight", "通天", "Pure straight 1-9 in one suit", _hand(is_pure_straight)),
    Pattern("four_in_use", "四活", "All four of a tile used as a pung and in a chow",
            lambda hand, win: len(fours_in_use(hand))),
    Pattern("double_eight", "双八支", "Eight of one suit and two kongs of another",
            _hand(is_double_eight)),
    Pattern("seven_pairs", "七对", "Seven pairs", _hand(is_seven_pairs)),
    Pattern("thirteen_orphans", "十三幺", "Thirteen orphans",
            _hand(lambda h: h.form is Form.THIRTEEN_ORPHANS)),
    Pattern("nine_gates", "九莲宝灯", "Nine gates", _hand(is_nine_gates)),
    Pattern("root", "根", "Root (all four copies held)", lambda hand, win: len(fours(hand))),
    Pattern("kong", "杠", "Kong", lambda hand, win: len(kongs(hand))),
    Pattern("four_kongs", "十八罗汉", "Four kongs", _hand(lambda h: len(kongs(h)) == 4)),
    Pattern("single_tile_wait", "金钩钓", "Golden hook: one tile held, won on its pair",
            _hand(is_single_tile_wait)),
    Pattern("all_pungs_pair_wait", "金钩钓", "Golden hook: all pungs won on the pair",
            _hand(is_all_pungs_pair_wait)),
    Pattern("all_258_pungs", "将对", "All pungs of 2, 5 and 8", _hand(is_all_258)),
    Pattern("all_258", "将将和", "All 2, 5 and 8", _hand(is_all_258_tiles)),
    Pattern("outside", "带幺九", "Terminal in every set", _hand(is_outside)),
    Pattern("all_simples", "断幺九", "All simples", _hand(is_all_simples)),
    Pattern("concealed", "门前清", "Concealed hand", _hand(is_concealed)),
    Pattern("self_drawn", "自摸", "Self-drawn", _flag("self_drawn")),
    Pattern("kong_flower", "杠上开花", "Win on a kong replacement",
            lambda hand, win: int(win.kong_replacement and win.self_drawn)),
    Pattern("kong_discard", "杠上炮", "Win on the discard after a kong",
            lambda hand, win: int(win.after_kong_discard and not win.self_drawn)),
    Pattern("robbing_kong", "抢杠胡", "Robbing a kong", _flag("robbing_kong")),
    Pattern("last_tile_draw", "海底捞月", "Win on the last tile",
            lambda hand, win: int(win.last_tile and win.self_drawn)),
    Pattern("last_tile_discard", "海底炮", "Win on the last discard",
            lambda hand, win: int(win.last_tile and not win.self_drawn)),
    Pattern("heavenly", "天胡", "Heavenly win (the dealer's dealt hand)",
            lambda hand, win: int(win.first_go_around and win.self_drawn and win.dealer)),
    Pattern("earthly", "地胡", "Earthly win (first go-around)",
            lambda hand, win: int(win.first_go_around and not win.dealer)),
)}


# --- MCR fans -------------------------------------------------------------------------------
# The patterns of the Chinese Official rules (国标麻将) that the catalogue above lacks. Patterns
# made of several sets together (一般高, 三同刻 …) are RELATIONS: a table counting them with
# ``sets_once`` chooses which sets combine under the 套算一次 rule (see ``combine_sets``).

GREEN = frozenset(("2s", "3s", "4s", "6s", "8s", "F"))
REVERSIBLE = frozenset(("1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s",
                        "9s", "P"))
KNITTED_TILES = frozenset(f"{n}{s}" for s in "mps" for n in range(1, 10))


def _num(tile: str) -> int:
    return int(tile[0])


def _numbers_in(hand: WinningHand, allowed: str) -> bool:
    """Every tile is a suited tile whose number is in ``allowed`` (全大, 全中, 小于五 …)."""
    return not hand.honoured and all(t[0] in allowed for t in hand.counts)


def _groups(hand: WinningHand) -> list[tuple[str, ...]]:
    """The sets and the pair of a regular reading, as tile tuples."""
    return [s.tiles for s in hand.sets] + ([(hand.pair, hand.pair)] if hand.pair else [])


def _knitted_group(hand: WinningHand) -> tuple[str, ...]:
    return next((tiles for kind, tiles in hand.concealed_groups if kind == "knitted"), ())


def has_knitted_straight(hand: WinningHand) -> bool:
    """组合龙: 147 258 369 in three different suits, as a form or inside a 全不靠."""
    if hand.form is Form.KNITTED_STRAIGHT:
        return True
    if hand.form is not Form.HONORS_AND_KNITTED:
        return False
    return len(KNITTED_TILES & set(hand.tiles)) == 9


def is_mcr_all_chows(hand: WinningHand) -> bool:
    """平和 (MCR): four chows (a knitted straight counts as three) and a pair of a suit."""
    chows = sum(1 for s in hand.sets if s.kind == "chow")
    sets_ok = (hand.form is Form.REGULAR and chows == 4) or (
        hand.form is Form.KNITTED_STRAIGHT and chows == 1)
    return sets_ok and hand.pair is not None and not is_honor(hand.pair)


def concealed_pungs(hand: WinningHand, win: Win) -> int:
    """Concealed pungs and kongs (暗刻): a pung the winning discard completes is not concealed,
    unless that tile can sit in another group of the reading."""
    own = [tiles for kind, tiles in hand.concealed_groups if kind == "pung"]
    kongs_hidden = sum(1 for s in hand.sets if s.kind == "kong" and not s.exposed)
    if not win.self_drawn and hand.win_tile is not None and any(t[0] == hand.win_tile for t in own):
        elsewhere = any(hand.win_tile in tiles for kind, tiles in hand.concealed_groups
                        if kind != "pung")
        if not elsewhere:
            return len(own) - 1 + kongs_hidden
    return len(own) + kongs_hidden


def concealed_pung_tiles(hand: WinningHand, win: Win) -> list[str]:
    """The tiles of the concealed pungs and kongs counted by :func:`concealed_pungs`."""
    own = [tiles[0] for kind, tiles in hand.concealed_groups if kind == "pung"]
    if len(own) + sum(1 for s in hand.sets if s.kind == "kong" and not s.exposed) > \
            concealed_pungs(hand, win):
        own.remove(hand.win_tile or "")
    return _threes(own) + [t for s in hand.sets if s.kind == "kong" and not s.exposed
                           for t in s.tiles]


def _kong_split(hand: WinningHand) -> tuple[int, int]:
    """(exposed, concealed) kongs."""
    ks = [s for s in hand.sets if s.kind == "kong"]
    exposed = sum(1 for s in ks if s.exposed)
    return exposed, len(ks) - exposed


def mcr_wait(hand: WinningHand, win: Win) -> str | None:
    """The wait fan a unique wait earns in this reading: ``edge`` (边张, 3 of 123 or 7 of 789),
    ``closed`` (嵌张, the middle of a chow) or ``pair`` (单钓将), in that order; ``None`` when the
    hand waited on more than one tile."""
    tile = hand.win_tile
    if not win.unique_wait or tile is None:
        return None
    kinds = set()
    for kind, tiles in hand.concealed_groups:
        if kind == "chow" and tile in tiles:
            n = tiles.index(tile)
            if n == 1:
                kinds.add("closed")
            elif (n == 2 and tiles[0][0] == "1") or (n == 0 and tiles[0][0] == "7"):
                kinds.add("edge")
        elif kind == "pair" and tiles[0] == tile:
            kinds.add("pair")
    return next((k for k in ("edge", "closed", "pair") if k in kinds), None)


def terminal_pungs(hand: WinningHand, win: Win) -> list[str]:
    """幺九刻: pungs of 1s, 9s and winds not taken by a bigger wind pattern (门风刻, 圈风刻, 三风刻,
    四喜); dragon pungs are 箭刻's. 九莲宝灯 keeps one of its two for itself."""
    winds = wind_pungs(hand)
    out = pung_tiles(hand, TERMINAL_SET)
    if len(winds) < 3:
        out += [t for t in winds if t not in (win.seat_wind, win.prevalent_wind)]
    if out and is_nine_gates(hand):
        out = out[1:]
    return out


def tile_hogs(hand: WinningHand) -> list[str]:
    """四归一: tiles of which all four copies are held without being a kong."""
    in_kongs = set(kongs(hand))
    return [t for t in fours(hand) if t not in in_kongs]


def is_seven_shifted_pairs(hand: WinningHand) -> bool:
    """连七对: seven pairs of seven consecutive numbers of one suit."""
    if hand.form is not Form.SEVEN_PAIRS or not is_full_flush(hand):
        return False
    nums = sorted({_num(t) for t in hand.tiles})
    return len(nums) == 7 and nums[-1] - nums[0] == 6 and max(tile_counts(hand).values()) == 2


def _terminal_chows(hand: WinningHand) -> tuple[list[SetView], str | None]:
    chows = sorted((s for s in hand.sets if s.kind == "chow"), key=lambda s: INDEX[s.tile])
    if hand.form is not Form.REGULAR or len(chows) != 4 or hand.pair is None:
        return [], None
    return chows, hand.pair


def is_pure_terminal_chows(hand: WinningHand) -> bool:
    """一色双龙会: 123 123 789 789 and a pair of 5, all of one suit."""
    chows, pair = _terminal_chows(hand)
    if not chows or pair is None or is_honor(pair):
        return False
    suit = pair[1]
    return pair[0] == "5" and [s.tile for s in chows] == [f"1{suit}", f"1{suit}", f"7{suit}",
                                                          f"7{suit}"]


def is_three_suited_terminal_chows(hand: WinningHand) -> bool:
    """三色双龙会: 123 and 789 of two suits and a pair of 5 of the third."""
    chows, pair = _terminal_chows(hand)
    if not chows or pair is None or is_honor(pair) or pair[0] != "5":
        return False
    others = sorted(set("mps") - {pair[1]})
    return sorted(s.tile for s in chows) == sorted(
        f"{n}{s}" for s in others for n in (1, 7))


def is_all_fives(hand: WinningHand) -> bool:
    """全带五: every set and the pair holds a 5."""
    if hand.form is not Form.REGULAR or hand.pair is None:
        return False
    return all(any(not is_honor(t) and t[0] == "5" for t in g) for g in _groups(hand))


def is_all_types(hand: WinningHand) -> bool:
    """五门齐: the three suits, a wind and a dragon."""
    tiles = set(hand.tiles)
    return len(suits(hand)) == 3 and bool(tiles & set(WINDS)) and bool(tiles & set(DRAGONS))


def is_melded_hand(hand: WinningHand, win: Win) -> bool:
    """全求人: four claimed sets, then the pair won on a discard."""
    return (hand.melds_exposed == 4 and not win.self_drawn
            and len(hand.concealed_tiles) == 2 and hand.pair == hand.win_tile)


# Relations: a pattern of ``arity`` sets of one ``kind`` (chow or pung) that a test accepts.
SetTest = Callable[[tuple[SetView, ...]], bool]


@dataclass(frozen=True)
class Relation:
    """A pattern made by several sets together (一般高, 三同刻 …)."""

    arity: int
    kind: str
    test: SetTest


def _same_suit(sets: tuple[SetView, ...]) -> bool:
    return not any(is_honor(s.tile) for s in sets) and len({s.tile[1] for s in sets}) == 1


def _three_suits(sets: tuple[SetView, ...]) -> bool:
    return not any(is_honor(s.tile) for s in sets) and len({s.tile[1] for s in sets}) == len(sets)


def _nums(sets: tuple[SetView, ...]) -> list[int]:
    return sorted(_num(s.tile) for s in sets)


def _stepped(sets: tuple[SetView, ...], steps: tuple[int, ...]) -> bool:
    nums = _nums(sets)
    diffs = {b - a for a, b in zip(nums, nums[1:], strict=False)}
    return len(diffs) == 1 and diffs <= set(steps)


def _suited(sets: tuple[SetView, ...]) -> bool:
    return not any(is_honor(s.tile) for s in sets)


RELATIONS: dict[str, Relation] = {
    "pure_double_chow": Relation(2, "chow", lambda c: c[0].tile == c[1].tile),
    "mixed_double_chow": Relation(2, "chow", lambda c: _three_suits(c) and _stepped(c, (0,))),
    "short_straight": Relation(2, "chow", lambda c: _same_suit(c) and _stepped(c, (3,))),
    "two_terminal_chows": Relation(2, "chow", lambda c: _same_suit(c) and _nums(c) == [1, 7]),
    "pure_triple_chow": Relation(3, "chow", lambda c: len({s.tile for s in c}) == 1),
    "mixed_triple_chow": Relation(3, "chow", lambda c: _three_suits(c) and _stepped(c, (0,))),
    "pure_shifted_chows": Relation(3, "chow", lambda c: _same_suit(c) and _stepped(c, (1, 2))),
    "mixed_shifted_chows": Relation(3, "chow", lambda c: _three_suits(c) and _stepped(c, (1,))),
    "pure_straight_chows": Relation(3, "chow", lambda c: _same_suit(c) and _nums(c) == [1, 4, 7]),
    "mixed_straight": Relation(3, "chow", lambda c: _three_suits(c) and _nums(c) == [1, 4, 7]),
    "quadruple_chow": Relation(4, "chow", lambda c: len({s.tile for s in c}) == 1),
    "four_shifted_chows": Relation(4, "chow", lambda c: _same_suit(c) and _stepped(c, (1, 2))),
    "double_pung": Relation(2, "pung", lambda p: _three_suits(p) and _stepped(p, (0,))),
    "triple_pung": Relation(3, "pung", lambda p: _three_suits(p) and _stepped(p, (0,))),
    "pure_shifted_pungs": Relation(3, "pung", lambda p: _same_suit(p) and _stepped(p, (1,))),
    "mixed_shifted_pungs": Relation(3, "pung", lambda p: _three_suits(p) and _stepped(p, (1,))),
    "four_pure_shifted_pungs": Relation(4, "pung", lambda p: _same_suit(p) and _stepped(p, (1,))),
}


#: The relations as the compiled core numbers them (none on the pure path, or where a core built
#: for other relations would answer wrongly).
_RELATION_KEYS: tuple[str, ...] = (native.core.relation_keys()
                                   if hasattr(native.core, "relation_keys") else ())
if set(_RELATION_KEYS) != set(RELATIONS):
    _RELATION_KEYS = ()
_RELATION_NUMBER = {k: n for n, k in enumerate(_RELATION_KEYS)}


@cache
def _relations_of(kind: str, arity: int, sets: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    """The relations some sets make, by their tiles: a table filled as shapes are first met."""
    views = tuple(SetView(kind, tiles) for tiles in sets)
    return tuple(k for k, rel in RELATIONS.items()
                 if rel.arity == arity and rel.kind == kind and rel.test(views))


def relation_sets(hand: WinningHand, key: str) -> list[tuple[int, ...]]:
    """Every choice of the hand's sets (by index) that makes relation ``key``."""
    return [combo for k, combo in relation_candidates(hand) if k == key]


def relation_candidates(hand: WinningHand) -> list[tuple[str, tuple[int, ...]]]:
    """Every (relation, sets by index) the hand's sets make."""
    from itertools import combinations

    out = []
    for kind in ("chow", "pung"):
        pool = [i for i, s in enumerate(hand.sets)
                if (s.kind == "chow") == (kind == "chow") and not is_honor(s.tile)]
        for arity in (2, 3, 4):
            for combo in combinations(pool, arity):
                shape = tuple(sorted(hand.sets[i].tiles[:3] for i in combo))
                out += [(k, combo) for k in _relations_of(kind, arity, shape)]
    return out


def _acyclic(chosen: list[tuple[int, ...]]) -> bool:
    """套算一次: no set is reached twice through the combinations, i.e. the graph joining each
    combination to its sets has no cycle (a set not yet combined joins a used one only once)."""
    parent: dict[object, object] = {}

    def root(x: object) -> object:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for n, combo in enumerate(chosen):
        for i in combo:
            a, b = root(("combo", n)), root(i)
            if a == b:
                return False
            parent[a] = b
    return True


def relation_numbers(values: dict[str, int]) -> tuple[tuple[int, int], ...]:
    """``values`` as the core reads them, (relation number, points) in their order (-1: a key
    the core does not know); a card keeps its own, made once."""
    return tuple((_RELATION_NUMBER.get(k, -1), v) for k, v in values.items())


def combine_sets(hand: WinningHand, values: dict[str, int],
                 numbers: tuple[tuple[int, int], ...] | None = None,
                 ) -> dict[str, list[tuple[int, ...]]]:
    """The relations the hand counts, worth the most under ``values`` (relation -> points), by
    the combination principles: a group of sets in a bigger relation is not counted again in a
    smaller one (不拆移); a set does not make the same relation twice (不得相同); each set not
    yet combined combines with one already used only once (套算一次).

    >>> from assistant.decompose import decompositions
    >>> from assistant.tiles import to_counts
    >>> s = HandState.from_json({"concealed": "112233m112233p5s", "win_tile": "5s"})
    >>> chows = [h for h in winning_hands(s, decompositions(to_counts(s.tiles)))
    ...          if h.form is Form.REGULAR][0]
    >>> [s.tile for s in chows.sets]
    ['1m', '1m', '1p', '1p']
    >>> combine_sets(chows, {"pure_double_chow": 1, "mixed_double_chow": 1})
    {'pure_double_chow': [(0, 1), (2, 3)], 'mixed_double_chow': [(0, 2)]}

    ``numbers``: :func:`relation_numbers` of ``values``, where the caller keeps them.
    """
    if _RELATION_KEYS and values and native.core is not None:
        got = native.core.combine_sets(hand, numbers or relation_numbers(values))
        if got is not NotImplemented:
            out: dict[str, list[tuple[int, ...]]] = {}
            for number, combo in got:
                out.setdefault(_RELATION_KEYS[number], []).append(combo)
            return out
    return python_combine_sets(hand, values)


def python_combine_sets(hand: WinningHand,
                        values: dict[str, int]) -> dict[str, list[tuple[int, ...]]]:
    """:func:`combine_sets` by the Python search (the pure path; the core's answers the same)."""
    rank = {k: n for n, k in enumerate(values)}  # equal points: the table's order decides
    candidates = sorted(((values[k], k, c) for k, c in relation_candidates(hand) if k in values),
                        key=lambda x: (-x[0], -len(x[2]), rank[x[1]], x[2]))
    best: tuple[int, list[tuple[str, tuple[int, ...]]]] = (0, [])

    def fits(key: str, combo: tuple[int, ...], chosen: list[tuple[str, tuple[int, ...]]]) -> bool:
        for k, c in chosen:
            if set(combo) <= set(c) or set(c) <= set(combo):
                return False
            if k == key and set(c) & set(combo):
                return False
        return _acyclic([c for _, c in chosen] + [combo])

    def search(start: int, chosen: list[tuple[str, tuple[int, ...]]], total: int) -> None:
        nonlocal best
        if total > best[0]:
            best = (total, list(chosen))
        for n in range(start, len(candidates)):
            value, key, combo = candidates[n]
            if fits(key, combo, chosen):
                chosen.append((key, combo))
                search(n + 1, chosen, total + value)
                chosen.pop()

    search(0, [], 0)
    out: dict[str, list[tuple[int, ...]]] = {}
    for key, combo in best[1]:
        out.setdefault(key, []).append(combo)
    return out


def _threes(tiles: Iterable[str]) -> list[str]:
    return [t for t in tiles for _ in range(3)]


def _relation_count(key: str) -> Callable[[WinningHand, Win], int]:
    return lambda hand, win: len(relation_sets(hand, key))


def _exact_kongs(exposed: int, hidden: int) -> Callable[[WinningHand, Win], int]:
    return lambda hand, win: int(_kong_split(hand) == (exposed, hidden))


def _kong_tiles(hand: WinningHand, win: Win) -> list[str]:
    return [t for s in hand.sets if s.kind == "kong" for t in s.tiles]


def _win_tile(hand: WinningHand, win: Win) -> list[str]:
    return [hand.win_tile] if hand.win_tile else []


def _pungs_of(tiles: frozenset[str]) -> Callable[[WinningHand, Win], list[str]]:
    return lambda hand, win: _threes(pung_tiles(hand, tiles))


def _wait(kind: str) -> Callable[[WinningHand, Win], int]:
    return lambda hand, win: int(mcr_wait(hand, win) == kind)


def _concealed_count(n: int) -> Callable[[WinningHand, Win], int]:
    return lambda hand, win: int(concealed_pungs(hand, win) == n)


CATALOGUE.update({p.key: p for p in (
    Pattern("all_green", "绿一色", "All Green", _hand(lambda h: set(h.tiles) <= GREEN)),
    Pattern("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", _hand(is_seven_shifted_pairs)),
    Pattern("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", _concealed_count(4),
            concealed_pung_tiles),
    Pattern("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", _concealed_count(3),
            concealed_pung_tiles),
    Pattern("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", _concealed_count(2),
            concealed_pung_tiles),
    Pattern("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows",
            _hand(is_pure_terminal_chows)),
    Pattern("three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows",
            _hand(is_three_suited_terminal_chows)),
    Pattern("three_kongs", "三杠", "Three Kongs", _hand(lambda h: len(kongs(h)) == 3),
            _kong_tiles),
    Pattern("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", _exact_kongs(0, 2), _kong_tiles),
    Pattern("concealed_and_melded_kong", "明暗杠", "Concealed Kong and Melded Kong",
            _exact_kongs(1, 1), _kong_tiles),
    Pattern("two_melded_kongs", "双明杠", "Two Melded Kongs", _exact_kongs(2, 0), _kong_tiles),
    Pattern("concealed_kong", "暗杠", "Concealed Kong", _exact_kongs(0, 1), _kong_tiles),
    Pattern("melded_kong", "明杠", "Melded Kong", _exact_kongs(1, 0), _kong_tiles),
    Pattern("greater_honours_knitted", "七星不靠", "Greater Honours and Knitted Tiles",
            _hand(lambda h: h.form is Form.HONORS_AND_KNITTED
                  and set(WINDS + DRAGONS) <= set(h.tiles))),
    Pattern("lesser_honours_knitted", "全不靠", "Lesser Honours and Knitted Tiles",
            _hand(lambda h: h.form is Form.HONORS_AND_KNITTED)),
    Pattern("knitted_straight", "组合龙", "Knitted Straight", _hand(has_knitted_straight)),
    Pattern("all_even_pungs", "全双刻", "All Even Pungs",
            _hand(lambda h: is_all_pungs(h) and _numbers_in(h, "2468"))),
    Pattern("upper_tiles", "全大", "Upper Tiles", _hand(lambda h: _numbers_in(h, "789"))),
    Pattern("middle_tiles", "全中", "Middle Tiles", _hand(lambda h: _numbers_in(h, "456"))),
    Pattern("lower_tiles", "全小", "Lower Tiles", _hand(lambda h: _numbers_in(h, "123"))),
    Pattern("upper_four", "大于五", "Upper Four", _hand(lambda h: _numbers_in(h, "6789"))),
    Pattern("lower_four", "小于五", "Lower Four", _hand(lambda h: _numbers_in(h, "1234"))),
    Pattern("all_fives", "全带五", "All Fives", _hand(is_all_fives)),
    Pattern("big_three_winds", "三风刻", "Big Three Winds", _hand(lambda h: len(wind_pungs(h)) == 3),
            _pungs_of(WIND_SET)),
    Pattern("reversible", "推不倒", "Reversible Tiles", _hand(lambda h: set(h.tiles) <= REVERSIBLE)),
    Pattern("all_types", "五门齐", "All Types", _hand(is_all_types)),
    Pattern("melded_hand", "全求人", "Melded Hand", lambda hand, win: int(is_melded_hand(hand, win))),
    Pattern("two_dragon_pungs", "双箭刻", "Two Dragon Pungs",
            _hand(lambda h: len(dragon_pungs(h)) == 2), _pungs_of(DRAGON_SET)),
    Pattern("fully_concealed", "不求人", "Fully Concealed Hand",
            lambda hand, win: int(is_concealed(hand) and win.self_drawn)),
    Pattern("concealed_discard", "门前清", "Concealed Hand",
            lambda hand, win: int(is_concealed(hand) and not win.self_drawn)),
    Pattern("last_tile", "和绝张", "Last Tile", _flag("fourth_tile"), _win_tile),
    Pattern("dragon_pung", "箭刻", "Dragon Pung", lambda hand, win: len(dragon_pungs(hand)),
            lambda hand, win: _threes(dragon_pungs(hand))),
    Pattern("prevalent_wind_pung", "圈风刻", "Prevalent Wind",
            lambda hand, win: int(win.prevalent_wind in wind_pungs(hand)),
            lambda hand, win: _threes([win.prevalent_wind])),
    Pattern("seat_wind_pung", "门风刻", "Seat Wind",
            lambda hand, win: int(win.seat_wind in wind_pungs(hand)),
            lambda hand, win: _threes([win.seat_wind])),
    Pattern("mcr_all_chows", "平和", "All Chows", _hand(is_mcr_all_chows)),
    Pattern("tile_hog", "四归一", "Tile Hog", lambda hand, win: len(tile_hogs(hand)),
            lambda hand, win: [t for t in tile_hogs(hand) for _ in range(4)]),
    Pattern("terminal_pung", "幺九刻", "Pung of Terminals or Honours",
            lambda hand, win: len(terminal_pungs(hand, win)),
            lambda hand, win: _threes(terminal_pungs(hand, win))),
    Pattern("one_voided_suit", "缺一门", "One Voided Suit", _hand(lambda h: len(suits(h)) == 2)),
    Pattern("no_honours", "无字", "No Honours", _hand(lambda h: not has_honours(h))),
    Pattern("edge_wait", "独听・边张", "Edge Wait", _wait("edge"), _win_tile),
    Pattern("closed_wait", "独听・嵌张", "Closed Wait", _wait("closed"), _win_tile),
    Pattern("single_wait", "独听・单钓", "Single Wait", _wait("pair"), _win_tile),
    Pattern("pure_double_chow", "一般高", "Pure Double Chow", _relation_count("pure_double_chow")),
    Pattern("mixed_double_chow", "喜相逢", "Mixed Double Chow", _relation_count("mixed_double_chow")),
    Pattern("short_straight", "连六", "Short Straight", _relation_count("short_straight")),
    Pattern("two_terminal_chows", "老少副", "Two Terminal Chows",
            _relation_count("two_terminal_chows")),
    Pattern("pure_triple_chow", "一色三同顺", "Pure Triple Chow", _relation_count("pure_triple_chow")),
    Pattern("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow",
            _relation_count("mixed_triple_chow")),
    Pattern("pure_shifted_chows", "一色三步高", "Pure Shifted Chows",
            _relation_count("pure_shifted_chows")),
    Pattern("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows",
            _relation_count("mixed_shifted_chows")),
    Pattern("pure_straight_chows", "清龙", "Pure Straight", _relation_count("pure_straight_chows")),
    Pattern("mixed_straight", "花龙", "Mixed Straight", _relation_count("mixed_straight")),
    Pattern("quadruple_chow", "一色四同顺", "Quadruple Chow", _relation_count("quadruple_chow")),
    Pattern("four_shifted_chows", "一色四步高", "Four Pure Shifted Chows",
            _relation_count("four_shifted_chows")),
    Pattern("double_pung", "双同刻", "Double Pung", _relation_count("double_pung")),
    Pattern("triple_pung", "三同刻", "Triple Pung", _relation_count("triple_pung")),
    Pattern("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs",
            _relation_count("pure_shifted_pungs")),
    Pattern("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs",
            _relation_count("mixed_shifted_pungs")),
    Pattern("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs",
            _relation_count("four_pure_shifted_pungs")),
)})


# --- Hong Kong / Guangdong family ---


def is_all_concealed_pungs(hand: WinningHand, win: Win) -> bool:
    """坎坎糊: four pungs (or kongs) none of them claimed; won on a discard only on the pair,
    since a pung completed by a discard is no longer concealed."""
    if not is_all_pungs(hand) or any(s.exposed for s in hand.sets):
        return False
    return win.self_drawn or "pair" in wait_shapes(hand)


def is_all_melded(hand: WinningHand, win: Win) -> bool:
    """全求人: every set claimed, the last tile held won on a discard as its pair."""
    return (hand.form is Form.REGULAR and len(hand.concealed_tiles) == 2
            and hand.melds_exposed == len(hand.sets) and not win.self_drawn)


CATALOGUE.update({p.key: p for p in (
    Pattern("five_concealed_pungs", "五暗刻", "Five concealed pungs",
            lambda hand, win: int(concealed_pungs(hand, win) == 5)),
    Pattern("all_melded", "全求人", "Every set claimed, won on a discard",
            lambda hand, win: int(is_all_melded(hand, win))),
    Pattern("all_concealed_pungs", "坎坎糊", "Four concealed pungs",
            lambda hand, win: int(is_all_concealed_pungs(hand, win))),
    Pattern("earthly_draw", "地和", "Earthly win (a non-dealer's first draw)",
            lambda hand, win: int(win.first_go_around and win.self_drawn and not win.dealer)),
    Pattern("human", "人和", "Human win (a non-dealer on a first-go-around discard)",
            lambda hand, win: int(win.first_go_around and not win.self_drawn and not win.dealer)),
    Pattern("full_flush_seven_pairs", "清一色全对", "One-suit seven pairs",
            _hand(lambda h: is_seven_pairs(h) and is_full_flush(h))),
    Pattern("kong_on_kong", "槓上槓", "Win on the replacement of a second kong in a row",
            lambda hand, win: int(win.kong_on_kong and win.kong_replacement and win.self_drawn)),
)})


# --- riichi yaku ---
# Hand patterns the riichi card counts that no other card named before; each is a plain shape
# test any variant may use. What each is worth (and whether an open hand keeps it) is the card's.
# The keys name the shape (``identical_chows``, ``same_chow_three_suits``): a card with its own
# counting rules for the like-named fans (MCR's 一般高, 三色三同顺 …) keeps its own keys.

GREEN_TILES = frozenset(("2s", "3s", "4s", "6s", "8s", "F"))


def chow_starts(hand: WinningHand) -> Counter[str]:
    """The lowest tile of each chow of the hand, with how many chows start there."""
    return Counter(s.tiles[0] for s in hand.sets if s.kind == "chow")


def identical_chow_pairs(hand: WinningHand) -> int:
    """Pairs of identical chows (一般高 once, 两般高 twice; four alike make two pairs)."""
    return sum(c // 2 for c in chow_starts(hand).values())


def is_pure_straight(hand: WinningHand) -> bool:
    """一气通贯: chows 123, 456 and 789 of one suit."""
    starts = chow_starts(hand)
    return any(all(f"{n}{s}" in starts for n in (1, 4, 7)) for s in "mps")


def is_mixed_triple_chow(hand: WinningHand) -> bool:
    """三色同顺: the same chow in all three suits."""
    starts = chow_starts(hand)
    return any(all(f"{n}{s}" in starts for s in "mps") for n in range(1, 8))


def is_triple_pung(hand: WinningHand) -> bool:
    """三色同刻: pungs or kongs of the same number in all three suits."""
    pungs = {s.tile for s in hand.sets if s.is_pung}
    return any(all(f"{n}{s}" in pungs for s in "mps") for n in range(1, 10))


def has_chow(hand: WinningHand) -> bool:
    """Whether the reading has a chow (混全带幺 and 纯全带幺 need one)."""
    return any(s.kind == "chow" for s in hand.sets)


def is_nine_gates_any(hand: WinningHand) -> bool:
    """九莲宝灯 in the wider sense: the 14 concealed tiles are 1112345678999 of one suit plus
    any tile of it, whichever was the winning tile (the pure form is ``nine_gates``)."""
    return is_nine_gates(replace(hand, win_tile=None))


CATALOGUE.update({p.key: p for p in (
    Pattern("identical_chows", "一般高", "Pure double chow (two identical chows)",
            _hand(lambda h: identical_chow_pairs(h) == 1)),
    Pattern("identical_chows_twice", "两般高", "Twice pure double chow",
            _hand(lambda h: identical_chow_pairs(h) >= 2)),
    Pattern("one_suit_straight", "一气通贯", "Pure straight (123 456 789 of one suit)",
            _hand(is_pure_straight)),
    Pattern("same_chow_three_suits", "三色同顺", "Mixed triple chow", _hand(is_mixed_triple_chow)),
    Pattern("same_pung_three_suits", "三色同刻", "Triple pung", _hand(is_triple_pung)),
    Pattern("outside_with_honours", "混全带幺九", "Outside hand with honours and a chow",
            _hand(lambda h: is_outside(h) and has_honours(h) and has_chow(h))),
    Pattern("pure_outside", "纯全带幺九", "Terminal in every set, no honours, a chow",
            _hand(lambda h: is_outside(h) and not has_honours(h) and has_chow(h))),
    Pattern("nine_gates_any", "九莲宝灯", "Nine gates, any winning tile", _hand(is_nine_gates_any)),
)})


# --- wild-tile variants ---
# Patterns of the wild-tile tables (武汉, 天津); the hand a wild-tile scorer passes holds the
# tiles the wilds stand for.


def is_all_claimed(hand: WinningHand, win: Win) -> bool:
    """全求人: four sets claimed, one tile held, the pair won on a discard."""
    return (hand.form is Form.REGULAR and hand.melds_exposed == 4 and not win.self_drawn
            and len(hand.concealed_tiles) == 2 and hand.pair == hand.win_tile)


def is_closed_five(hand: WinningHand) -> bool:
    """捉伍儿: won on a 5 that is the middle of a chow (4-6 wait on the 5)."""
    return hand.win_tile is not None and hand.win_tile[0] == "5" and "closed" in wait_shapes(hand)


CATALOGUE.update({p.key: p for p in (
    Pattern("all_claimed", "全求人", "All sets claimed, the pair won on a discard",
            lambda hand, win: int(is_all_claimed(hand, win))),
    Pattern("closed_five", "捉伍儿", "Closed wait on a 5", _hand(is_closed_five)),
    # 特别百搭 (seed 003): 摸“花”加两番，并非百搭 — the 花 is a flower, counted once per 花 held.
    Pattern("joker_flower", "摸花（特别百搭）", "Flower of the special jokers (two fan each)",
            lambda hand, win: win.flowers, tiles=lambda hand, win: []),
)})
