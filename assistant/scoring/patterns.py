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
from collections.abc import Iterable
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
    """九莲宝灯: fully concealed 1112345678999 of one suit plus any tile of that suit."""
    if hand.melds_exposed or len(hand.concealed_tiles) != 14 or not is_full_flush(hand):
        return False
    counts = [0] * 9
    for t in hand.concealed_tiles:
        counts[INDEX[t] % 9] += 1
    extra = [c - n for c, n in zip(counts, NINE_GATES, strict=True)]
    return min(extra) >= 0 and sum(extra) == 1


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
