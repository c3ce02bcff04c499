"""Shanten (向听数) of each hand form, exact and table-driven.

Every form is measured the same way: the largest number of the hand's tiles that some complete
hand of that form can keep (its *overlap*); the tiles still missing, minus one, is the shanten.
``-1`` is a complete hand, ``0`` is ready (听牌). Wild tiles (赖子) always fit, so they add to the
overlap. Hands with declared melds have fewer concealed tiles; the number of sets to make is
read off the concealed tile count (``3n + 1`` or ``3n + 2``).

>>> from assistant.tiles import parse_tiles, to_counts
>>> shanten(to_counts(parse_tiles("123m456p789s1122z")))
0
>>> shanten_of_form(Form.SEVEN_PAIRS, to_counts(parse_tiles("1122334455667m")))
0
"""

from __future__ import annotations

from enum import Enum

from . import native
from .suit_table import MAX_SETS, WIDTH, tables
from .tiles import INDEX, TERMINALS_AND_HONORS


class Form(str, Enum):
    """Hand forms; the value is the JSON key of ``shanten_forms``."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_AND_KNITTED = "honors_and_knitted"  # 全不靠
    KNITTED_STRAIGHT = "knitted_straight"  # 组合龙

    @property
    def name_zh(self) -> str:
        return _FORM_ZH[self]


_FORM_ZH = {
    Form.REGULAR: "基本和型", Form.SEVEN_PAIRS: "七对", Form.THIRTEEN_ORPHANS: "十三幺",
    Form.HONORS_AND_KNITTED: "全不靠", Form.KNITTED_STRAIGHT: "组合龙",
}
ALL_FORMS: tuple[Form, ...] = tuple(Form)

_FORM_BITS = {form: 1 << i for i, form in enumerate(ALL_FORMS)}
_FORM_INDEX = {form: i for i, form in enumerate(ALL_FORMS)}
_FORM_MASKS: dict[int, tuple[tuple[Form, ...], int]] = {}


def form_mask(forms: tuple[Form, ...]) -> int | None:
    """The forms as the compiled core's bit mask (``ALL_FORMS`` order), ``None`` if one is no Form.

    Masks are remembered by the tuple's identity (callers pass the same ``ALL_FORMS`` or
    ``Rules.forms`` again and again): a tuple of strings equal to Forms is not taken for them.

    >>> form_mask((Form.REGULAR, Form.SEVEN_PAIRS)), form_mask(("regular",))
    (3, None)
    """
    known = _FORM_MASKS.get(id(forms))
    if known is not None and known[0] is forms:
        return known[1]
    if not isinstance(forms, tuple | list) or not all(type(f) is Form for f in forms):
        return None  # the pure path says what is wrong, or reads the odd container its own way
    mask = 0
    for f in forms:
        mask |= _FORM_BITS[f]
    if isinstance(forms, tuple) and len(_FORM_MASKS) < 256:
        _FORM_MASKS[id(forms)] = (forms, mask)
    return mask

#: Indices of the thirteen terminals and honours (幺九).
ORPHANS = tuple(INDEX[t] for t in TERMINALS_AND_HONORS)
_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
#: The six knitted sequences 147/258/369 spread over the three suits, as tile indices.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(9 * suit + start + 3 * k for suit, start in zip(perm, (0, 1, 2), strict=True)
          for k in range(3))
    for perm in _PERMS
)


def knitted_scores(counts: list[int]) -> list[int]:
    """How many different tiles of each knitted sequence (in ``KNITTED`` order) are held.

    Each sequence takes the 1-4-7, 2-5-8 or 3-6-9 line of one suit; the nine lines are counted
    once and the six sequences are sums of three of them.
    """
    lines = [[(counts[9 * s + r] > 0) + (counts[9 * s + r + 3] > 0) + (counts[9 * s + r + 6] > 0)
              for r in range(3)] for s in range(3)]
    return [lines[a][0] + lines[b][1] + lines[c][2] for a, b, c in _PERMS]


_HONOR_IDX = tuple(range(27, 34))


def _product_source(limit: int) -> str:
    """Straight-line Python for the max-plus product of two rows, up to ``limit`` sets.

    The product is the innermost loop of the engine; unrolled, it runs several times faster than
    a loop over index triples, so it is generated once per limit at import.
    """
    terms: dict[int, list[str]] = {}
    for m1 in range(limit + 1):
        for m2 in range(limit + 1 - m1):
            for p1, p2 in ((0, 0), (0, 1), (1, 0)):
                k = 2 * (m1 + m2) + p1 + p2
                terms.setdefault(k, []).append(f"a[{2 * m1 + p1}] + b[{2 * m2 + p2}]")
    items = [terms[k][0] if len(terms[k]) == 1 else f"max({', '.join(terms[k])})"
             for k in range(2 * limit + 2)]
    return "def product(a, b):\n    return [" + ", ".join(items) + "]\n"


def _compile_product(limit: int):
    namespace: dict = {}
    exec(compile(_product_source(limit), f"<product up to {limit} sets>", "exec"), namespace)
    return namespace["product"]


_PRODUCTS = tuple(_compile_product(limit) for limit in range(MAX_SETS + 1))


def _compile_join(n_sets: int):
    """``join(a, b)``: best overlap when ``a`` and ``b`` together make n sets and one pair."""
    terms = []
    for m in range(n_sets + 1):
        k = 2 * (n_sets - m)
        terms += [f"a[{2 * m}] + b[{k + 1}]", f"a[{2 * m + 1}] + b[{k}]"]
    namespace: dict = {}
    exec(compile(f"def join(a, b):\n    return max({', '.join(terms)})\n",
                 f"<join of {n_sets} sets>", "exec"), namespace)
    return namespace["join"]


#: ``JOINS[n](a, b)``: the best split of n sets and the pair between two rows.
JOINS = tuple(_compile_join(n) for n in range(MAX_SETS + 1))


def sets_needed(tile_count: int) -> int:
    """Sets a concealed part of ``tile_count`` tiles must still form (the pair aside).

    ``3n+1`` (waiting) and ``3n+2`` (after drawing) tiles make ``n`` sets and a pair; a part of
    ``3n`` tiles is read as ``n`` sets still lacking the pair, as some engines do.
    """
    if not 1 <= tile_count <= 3 * MAX_SETS + 2:
        from .errors import MahjongError

        raise MahjongError(f"{tile_count} concealed tiles fit no hand: 1 to "
                           f"{3 * MAX_SETS + 2} expected",
                           tile_count)
    return tile_count // 3


def product(a: list[int] | bytes, b: list[int] | bytes, limit: int = 4) -> list[int]:
    """Max-plus product of two group rows: best overlap for each (sets, pair) split.

    Entry ``2*m + p`` of the result is the most tiles the two groups keep together with ``m``
    sets and ``p`` pairs between them; only splits up to ``limit`` sets are computed.

    >>> product(bytes([0, 1, 3, 4, 3, 4, 3, 4, 3, 4]), bytes([0, 2, 2, 4, 2, 4, 2, 4, 2, 4]), 1)
    [0, 2, 3, 5]
    """
    return _PRODUCTS[limit](a, b)


def group_rows(counts: list[int], three_player: bool = False) -> list[bytes]:
    """Table rows of the four groups (m, p, s suits and honours) of a count vector.

    In the three-player game 2m-8m are out of play, so 1m and 9m form no chows: they are looked
    up in the honour table. The base-5 keys are written out: this runs for every shanten.
    """
    suit, honor = tables()
    c = counts
    k1 = WIDTH * (c[9] + 5 * c[10] + 25 * c[11] + 125 * c[12] + 625 * c[13] + 3125 * c[14]
               + 15625 * c[15] + 78125 * c[16] + 390625 * c[17])
    k2 = WIDTH * (c[18] + 5 * c[19] + 25 * c[20] + 125 * c[21] + 625 * c[22] + 3125 * c[23]
               + 15625 * c[24] + 78125 * c[25] + 390625 * c[26])
    k3 = WIDTH * (c[27] + 5 * c[28] + 25 * c[29] + 125 * c[30] + 625 * c[31] + 3125 * c[32]
               + 15625 * c[33])
    if three_player:
        k0 = WIDTH * (c[0] + 5 * c[8])
        first = honor[k0:k0 + WIDTH]
    else:
        k0 = WIDTH * (c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3] + 625 * c[4] + 3125 * c[5]
                   + 15625 * c[6] + 78125 * c[7] + 390625 * c[8])
        first = suit[k0:k0 + WIDTH]
    return [first, suit[k1:k1 + WIDTH], suit[k2:k2 + WIDTH], honor[k3:k3 + WIDTH]]


def regular_overlap(counts: list[int], n_sets: int, three_player: bool = False) -> int:
    """Most tiles of ``counts`` that any n sets + a pair can keep (no tile above four copies)."""
    r = group_rows(counts, three_player)
    return JOINS[n_sets](product(r[0], r[1], n_sets), product(r[2], r[3], n_sets))


def shanten_from_overlap(target: int, overlap: int, wilds: int) -> int:
    """Shanten of a hand whose best complete shape of ``target`` tiles keeps ``overlap`` of them
    (wild tiles fit anywhere)."""
    return target - min(target, overlap + wilds) - 1


def check_counts(counts: list[int]) -> None:
    """Reject a count vector that is not 34 long or holds a tile more than four times."""
    if len(counts) == 34 and max(counts) <= 4 and min(counts) >= 0:
        return
    from .errors import MahjongError
    from .tiles import TILES

    if len(counts) != 34:
        raise MahjongError(f"expected 34 tile counts, got {len(counts)}", counts)
    for i, c in enumerate(counts):
        if c > 4 or c < 0:
            raise MahjongError(f"{c} copies of {TILES[i]}: a tile has four copies at most", TILES[i])


def shanten_regular(counts: list[int], wilds: int = 0, three_player: bool = False) -> int:
    """Shanten of four sets and a pair (with the sets of declared melds already made)."""
    core = native.core
    if core is not None:
        value = core.shanten_forms(counts, wilds, 1, True, three_player)
        if value is not NotImplemented:
            return value[0]
    check_counts(counts)
    n = sum(counts) + wilds
    n_sets = sets_needed(n)
    return shanten_from_overlap(3 * n_sets + 2, regular_overlap(counts, n_sets, three_player), wilds)


def seven_pairs_overlap(counts: list[int], four_as_two_pairs: bool = True) -> int:
    """Most tiles seven pairs can keep; four of a kind is two pairs when the switch allows."""
    slots: list[int] = []
    for c in counts:
        if c:
            slots.append(min(c, 2))
            if four_as_two_pairs and c > 2:
                slots.append(min(c - 2, 2))
    slots.sort(reverse=True)
    return sum(slots[:7])


def shanten_seven_pairs(counts: list[int], wilds: int = 0, four_as_two_pairs: bool = True) -> int:
    """Shanten of seven pairs (七对); only a fully concealed 13/14-tile hand can make it."""
    return shanten_from_overlap(14, seven_pairs_overlap(counts, four_as_two_pairs), wilds)


def shanten_thirteen_orphans(counts: list[int], wilds: int = 0) -> int:
    """Shanten of thirteen orphans (十三幺): one of each terminal and honour, one paired."""
    kinds = sum(1 for i in ORPHANS if counts[i])
    pair = any(counts[i] >= 2 for i in ORPHANS)
    return shanten_from_overlap(14, kinds + pair, wilds)


def shanten_honors_and_knitted(counts: list[int], wilds: int = 0) -> int:
    """Shanten of 全不靠: 14 different tiles from one knitted 147/258/369 set and the honours."""
    honors = sum(1 for i in _HONOR_IDX if counts[i])
    best = max(knitted_scores(counts)) + honors
    return shanten_from_overlap(14, min(best, 14), wilds)


def take_knitted(counts: list[int], seq: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Set one copy of each knitted tile of ``seq`` aside: the tiles left, and those missing."""
    rest = counts[:]
    missing = []
    for i in seq:
        if rest[i]:
            rest[i] -= 1
        else:
            missing.append(i)
    return rest, missing


def knitted_straight_overlap(counts: list[int], n_sets: int) -> int:
    """Most tiles kept by a 组合龙 (the nine knitted tiles) plus ``n_sets - 3`` sets and a pair.

    Sequences are tried from the one holding the most knitted tiles; once even a perfect
    remainder could not beat the best so far, the rest are skipped.
    """
    cap = 3 * (n_sets - 3) + 2
    held = sorted(zip(knitted_scores(counts), KNITTED, strict=True), reverse=True)
    best = 0
    for kept, seq in held:
        if kept + cap <= best:
            break
        rest, _ = take_knitted(counts, seq)
        best = max(best, kept + regular_overlap(rest, n_sets - 3))
    return best


def shanten_knitted_straight(counts: list[int], wilds: int = 0) -> int:
    """Shanten of 组合龙 + one set + a pair (the set may be a declared meld)."""
    n = sum(counts) + wilds
    n_sets = sets_needed(n)
    return shanten_from_overlap(3 * n_sets + 2, knitted_straight_overlap(counts, n_sets), wilds)


def form_applies(form: Form, tile_count: int) -> bool:
    """Whether a concealed part of this size can make the form (the others need no melds)."""
    if form is Form.REGULAR:
        return True
    if form is Form.KNITTED_STRAIGHT:
        return 10 <= tile_count <= 14
    return 13 <= tile_count <= 14


def shanten_of_form(form: Form, counts: list[int], wilds: int = 0,
                    four_as_two_pairs: bool = True) -> int | None:
    """Shanten of one form, or ``None`` when the melds already declared rule the form out."""
    core = native.core
    if core is not None and type(form) is Form:
        value = core.shanten_forms(counts, wilds, _FORM_BITS[form], four_as_two_pairs, False)
        if value is not NotImplemented:
            return value[_FORM_INDEX[form]]
    n = sum(counts) + wilds
    if not form_applies(form, n):
        return None
    if form is Form.REGULAR:
        return shanten_regular(counts, wilds)
    if form is Form.SEVEN_PAIRS:
        return shanten_seven_pairs(counts, wilds, four_as_two_pairs)
    if form is Form.THIRTEEN_ORPHANS:
        return shanten_thirteen_orphans(counts, wilds)
    if form is Form.HONORS_AND_KNITTED:
        return shanten_honors_and_knitted(counts, wilds)
    return shanten_knitted_straight(counts, wilds)


def shanten_forms(counts: list[int], wilds: int = 0, forms: tuple[Form, ...] = ALL_FORMS,
                  four_as_two_pairs: bool = True) -> dict[Form, int | None]:
    """Shanten of each allowed form."""
    core = native.core
    if core is not None:
        mask = form_mask(forms)
        if mask is not None:
            value = core.shanten_forms(counts, wilds, mask, four_as_two_pairs, False)
            if value is not NotImplemented:
                return {f: value[_FORM_INDEX[f]] for f in forms}
    check_counts(counts)
    return {f: shanten_of_form(f, counts, wilds, four_as_two_pairs) for f in forms}


def shanten(counts: list[int], wilds: int = 0, forms: tuple[Form, ...] = ALL_FORMS,
            four_as_two_pairs: bool = True) -> int:
    """Overall shanten: the best of the allowed forms."""
    core = native.core
    if core is not None:
        mask = form_mask(forms)
        if mask is not None:
            value = core.shanten(counts, wilds, mask, four_as_two_pairs)
            if value is not NotImplemented:
                return value
    values = [v for v in shanten_forms(counts, wilds, forms, four_as_two_pairs).values()
              if v is not None]
    return min(values)
