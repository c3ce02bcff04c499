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
from dataclasses import dataclass

from ..decompose import Decomposition
from ..hand import HandState
from ..shanten import Form
from ..tiles import DRAGONS, INDEX, WINDS, is_honor

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True)
class SetView:
    """A set of the winning hand: ``chow``, ``pung`` or ``kong``; ``exposed`` if it was claimed."""

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


def winning_hands(state: HandState, readings: Iterable[Decomposition]) -> list[WinningHand]:
    """Every reading of the hand joined with its melds."""
    meld_sets = tuple(SetView(m.type, m.faces, not m.concealed) for m in state.melds)
    meld_tiles = tuple(t for m in state.melds for t in m.faces)
    exposed = sum(1 for m in state.melds if not m.concealed)
    out = []
    for d in readings:
        sets = tuple(SetView(g.kind, g.tiles) for g in d.groups if g.kind in ("chow", "pung"))
        pair = d.pair.tiles[0] if d.pair is not None else None
        out.append(WinningHand(d.form, sets + meld_sets, pair, tuple(state.tiles) + meld_tiles,
                               state.win_tile, tuple((g.kind, g.tiles) for g in d.groups),
                               tuple(state.tiles), exposed))
    return out


def suits(hand: WinningHand) -> set[str]:
    """The suits (m, p, s) among the hand's tiles."""
    return {t[1] for t in hand.tiles if not is_honor(t)}


def has_honours(hand: WinningHand) -> bool:
    """Whether any wind or dragon is in the hand."""
    return any(is_honor(t) for t in hand.tiles)


def _regular(hand: WinningHand) -> bool:
    return hand.form is Form.REGULAR and len(hand.sets) == 4


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
    wanted = set(among)
    return [s.tile for s in hand.sets if s.is_pung and s.tile in wanted]


def dragon_pungs(hand: WinningHand) -> list[str]:
    """The dragons (中 發 白) the hand has a pung or kong of."""
    return pung_tiles(hand, DRAGONS)


def wind_pungs(hand: WinningHand) -> list[str]:
    """The winds the hand has a pung or kong of."""
    return pung_tiles(hand, WINDS)


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
    """Copies of each tile in the hand."""
    return Counter(hand.tiles)


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

    @classmethod
    def of(cls, state: HandState, dealer: bool) -> Win:
        """The win facts of a hand state; ``dealer`` says whether the winner deals."""
        return cls(state.self_drawn, state.kong_replacement, state.after_kong_discard,
                   state.robbing_kong, state.last_tile, state.first_go_around, dealer)


@dataclass(frozen=True)
class Pattern:
    """A catalogue entry: names and ``count(hand, win)``, how many times the hand has it."""

    key: str
    name_zh: str
    name_en: str
    count: Callable[[WinningHand, Win], int]


def fours(hand: WinningHand) -> list[str]:
    """Tiles of which the hand holds all four copies (a kong, or 四归一 kept in other sets): 根."""
    return sorted((t for t, c in tile_counts(hand).items() if c == 4), key=INDEX.__getitem__)


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
    """双八支: eight or more tiles of one suit and two kongs of another suit."""
    suit, count = longest_suit(hand)
    return count >= 8 and sum(1 for t in kongs(hand) if not is_honor(t) and t[1] != suit) >= 2


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
