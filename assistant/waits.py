"""Which tiles help a hand: effective tiles (进张) of each form, and the waits (听牌) of a ready hand.

The regular form is done incrementally on the suit tables: the other three groups are combined
once, then each candidate tile costs one table row and ten additions. The other forms have closed
formulas. A tile "helps" when drawing it lowers the shanten of a form whose shanten is the hand's.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import native
from .decompose import is_complete
from .shanten import (
    ALL_FORMS,
    JOINS,
    KNITTED,
    ORPHANS,
    WIDTH,
    Form,
    form_applies,
    form_mask,
    group_rows,
    knitted_scores,
    knitted_straight_overlap,
    product,
    regular_overlap,
    sets_needed,
    shanten_from_overlap,
    shanten_of_form,
    take_knitted,
)
from .suit_table import suit_key, tables
from .tiles import INDEX

_HONORS = range(27, 34)
#: Each form's place in ``ALL_FORMS``: where the core answers it.
_POSITION = {form: i for i, form in enumerate(ALL_FORMS)}
#: Each form's JSON key (its value: an enum's ``.value`` is a descriptor call, this a look-up).
_KEY = {form: form.value for form in ALL_FORMS}


def regular_improvers(counts: list[int], n_sets: int, three_player: bool = False) -> list[int]:
    """Tiles (indices) whose draw raises the regular-form overlap: each lowers its shanten by one."""
    return regular_scan(counts, n_sets, three_player)[1]


def _near_held(counts: list[int]) -> set[int]:
    """Tiles held, and suit tiles within two of one held: every other tile is isolated."""
    near: set[int] = set()
    for i, c in enumerate(counts):
        if c:
            if i >= 27:
                near.add(i)
            else:
                low = i - i % 9
                near.update(range(max(low, i - 2), min(low + 9, i + 3)))
    return near


def regular_scan(counts: list[int], n_sets: int, three_player: bool = False,
                 ) -> tuple[int, list[int]]:
    """The regular-form overlap and its improving tiles, sharing one pass over the tables.

    Isolated tiles (nothing held within two of them) all help or all fail alike: such a tile
    can only start a group of its own in place of a group the best hand leaves empty. So one
    of them is tried for all.
    """
    suit, honor = tables()
    rows = group_rows(counts, three_player)
    n = n_sets
    left, right = product(rows[0], rows[1], n), product(rows[2], rows[3], n)
    rests = (product(rows[1], right, n), product(rows[0], right, n),
             product(left, rows[3], n), product(left, rows[2], n))
    join = JOINS[n_sets]
    base = join(left, right)
    out = []
    near = _near_held(counts)
    isolated: list[int] = []
    isolated_helps: bool | None = None
    for g in range(4):
        rest = rests[g]
        start = 9 * g
        if g == 3:
            table, length, key = honor, 7, suit_key(counts, 27, 7)
        elif g == 0 and three_player:
            table, length, key = honor, 9, counts[0] + 5 * counts[8]
        else:
            table, length, key = suit, 9, suit_key(counts, start)
        for pos in range(length):
            i = start + pos
            if counts[i] >= 4:
                continue
            if g == 0 and three_player:
                if pos not in (0, 8):
                    continue
                k = (key + (1 if pos == 0 else 5)) * WIDTH
            else:
                k = (key + 5 ** pos) * WIDTH
                if i not in near:
                    isolated.append(i)
                    if isolated_helps is not None:
                        continue
                    isolated_helps = join(table[k:k + WIDTH], rest) > base
                    continue
            if join(table[k:k + WIDTH], rest) > base:
                out.append(i)
    if isolated_helps:
        out = sorted(out + isolated)
    return base, out


def seven_pairs_improvers(counts: list[int], four_as_two_pairs: bool = True) -> list[int]:
    """Tiles whose draw raises the seven-pairs overlap.

    Each kind offers pair slots worth 2 (a pair held) or 1 (a single held); a new single helps
    while fewer than seven slots are used, turning a single into a pair helps while fewer than
    seven pairs are held.
    """
    pairs = singles = 0
    for c in counts:
        if c >= 2:
            pairs += 2 if four_as_two_pairs and c == 4 else 1
            singles += four_as_two_pairs and c == 3
        elif c == 1:
            singles += 1
    out = []
    for i, c in enumerate(counts):
        if c == 0 or (c == 2 and four_as_two_pairs):
            if pairs + singles < 7:
                out.append(i)
        elif c == 1 or (c == 3 and four_as_two_pairs):
            if pairs < 7:
                out.append(i)
    return out


def thirteen_orphans_improvers(counts: list[int]) -> list[int]:
    """Tiles whose draw raises the thirteen-orphans overlap."""
    paired = any(counts[i] >= 2 for i in ORPHANS)
    return [i for i in ORPHANS if counts[i] == 0 or (counts[i] == 1 and not paired)]


def honors_and_knitted_improvers(counts: list[int]) -> list[int]:
    """Tiles whose draw raises the 全不靠 overlap (14 different knitted tiles and honours)."""
    honors = sum(1 for i in _HONORS if counts[i])
    scores = knitted_scores(counts)
    best = max(scores)
    if best + honors >= 14:
        return []
    out: set[int] = {i for i in _HONORS if counts[i] == 0}
    for seq, score in zip(KNITTED, scores, strict=True):
        if score == best:
            out.update(i for i in seq if counts[i] == 0)
    return sorted(out)


def knitted_straight_improvers(counts: list[int], n_sets: int) -> list[int]:
    """Tiles whose draw raises the 组合龙 overlap.

    Only the knitted sequences that reach the best overlap matter (one tile adds one at most);
    for each, a missing knitted tile helps, and so does any tile that helps the remainder.
    """
    best = knitted_straight_overlap(counts, n_sets)
    cap = 3 * (n_sets - 3) + 2
    out: set[int] = set()
    for score, seq in zip(knitted_scores(counts), KNITTED, strict=True):
        if score + cap < best:
            continue
        rest, missing = take_knitted(counts, seq)
        overlap, helpful = regular_scan(rest, n_sets - 3)
        if score + overlap < best:
            continue
        out.update(missing)
        out.update(helpful)
    return sorted(i for i in out if counts[i] < 4)


def form_improvers(form: Form, counts: list[int], wilds: int = 0, three_player: bool = False,
                   four_as_two_pairs: bool = True) -> list[int]:
    """Effective tiles of one form for a ``3n+1`` concealed part holding ``wilds`` wild tiles."""
    n_sets = sets_needed(sum(counts) + wilds)
    if form is Form.REGULAR:
        return regular_improvers(counts, n_sets, three_player)
    if form is Form.SEVEN_PAIRS:
        return seven_pairs_improvers(counts, four_as_two_pairs)
    if form is Form.THIRTEEN_ORPHANS:
        return thirteen_orphans_improvers(counts)
    if form is Form.HONORS_AND_KNITTED:
        return honors_and_knitted_improvers(counts)
    return knitted_straight_improvers(counts, n_sets)


def form_shanten(form: Form, counts: list[int], wilds: int, three_player: bool,
                 four_as_two_pairs: bool) -> int | None:
    """Shanten of one form, with the three-player table for the regular form."""
    core = native.core
    if core is not None and type(form) is Form:
        value = core.shanten_forms(counts, wilds, form_mask((form,)), four_as_two_pairs,
                                   three_player)
        if value is not NotImplemented:
            return value[ALL_FORMS.index(form)]
    if form is Form.REGULAR and three_player:
        n = sum(counts) + wilds
        n_sets = sets_needed(n)
        return shanten_from_overlap(3 * n_sets + 2, regular_overlap(counts, n_sets, True), wilds)
    return shanten_of_form(form, counts, wilds, four_as_two_pairs)


def forms_shanten(forms: tuple[Form, ...], counts: list[int], wilds: int, three_player: bool,
                  four_as_two_pairs: bool) -> dict[str, int | None]:
    """:func:`form_shanten` of each form by its name, ``None`` for a form the tile count rules
    out; the core answers every form in one call, ``None`` where the form does not apply
    (:func:`form_applies`), so it is asked with the profile's own tuple of forms, whose mask
    :func:`form_mask` keeps by identity."""
    core = native.core
    mask = form_mask(forms) if core is not None else None  # None: not all Forms
    if mask is not None:
        value = core.shanten_forms(counts, wilds, mask, four_as_two_pairs, three_player)
        if value is not NotImplemented:
            return {_KEY[f]: value[_POSITION[f]] for f in forms}
    n = sum(counts) + wilds
    applies = tuple(f for f in forms if form_applies(f, n))
    return {f.value: form_shanten(f, counts, wilds, three_player, four_as_two_pairs)
            if f in applies else None for f in forms}


@dataclass(frozen=True)
class Rules:
    """The switches of a profile that shape shanten and effective tiles."""

    forms: tuple[Form, ...] = ALL_FORMS
    wild_codes: tuple[str, ...] = ()
    absent: frozenset[int] = frozenset()
    three_player: bool = False
    four_as_two_pairs: bool = True
    fold_winds: bool = False  # 芜湖: any winds make a pair, pung or kong together
    virtual_wilds: int = 0  # 心皇: the imagined tile, good only to complete the win
    stand_in: tuple[tuple[str, str], ...] = ()  # (tile, the kind it counts as): 白板 for 百搭


def _knitted_lower_bound(counts: list[int], wilds: int, n_sets: int) -> int:
    """A shanten no 组合龙 reading can beat, for a few table lookups.

    The knitted part keeps at most the best sequence's tiles; the remainder (the hand less those
    tiles) keeps at most what the whole hand keeps as ``n_sets - 3`` sets and a pair.
    """
    best_knit = max(knitted_scores(counts))
    return shanten_from_overlap(3 * n_sets + 2, best_knit + regular_overlap(counts, n_sets - 3), wilds)


def _evaluate(counts: list[int], wilds: int, rules: Rules, scan: bool = True,
              ) -> tuple[int, list[Form], list[int] | None]:
    """Lowest shanten over the allowed forms, the forms reaching it, and the regular form's
    improving tiles (found in the same pass as its shanten, when ``scan`` asks for them).

    组合龙 is the costly form; it is computed only when a bound says it could be among the best.
    """
    n = sum(counts) + wilds
    n_sets = sets_needed(n)
    values: dict[Form, int] = {}
    regular: list[int] | None = None
    for form in rules.forms:
        if form is Form.REGULAR:
            if scan:
                overlap, regular = regular_scan(counts, n_sets, rules.three_player)
            else:
                overlap = regular_overlap(counts, n_sets, rules.three_player)
            values[form] = shanten_from_overlap(3 * n_sets + 2, overlap, wilds)
        elif form is not Form.KNITTED_STRAIGHT and form_applies(form, n):
            values[form] = form_shanten(form, counts, wilds, rules.three_player,
                                        rules.four_as_two_pairs)
    best = min(values.values())
    if Form.KNITTED_STRAIGHT in rules.forms and form_applies(Form.KNITTED_STRAIGHT, n):
        if _knitted_lower_bound(counts, wilds, n_sets) <= best:
            v = shanten_from_overlap(3 * n_sets + 2, knitted_straight_overlap(counts, n_sets), wilds)
            values[Form.KNITTED_STRAIGHT] = v
            best = min(best, v)
    return best, [f for f, v in values.items() if v == best], regular


def best_forms(counts: list[int], wilds: int, rules: Rules) -> tuple[int, list[Form]]:
    """The lowest shanten over the allowed forms and the forms that reach it."""
    best, forms, _ = _evaluate(counts, wilds, rules)
    return best, forms


def _draws(counts: list[int], wilds: int, rules: Rules, forms: list[Form],
           regular: list[int]) -> list[int]:
    found: set[int] = set()
    for form in forms:
        found.update(regular if form is Form.REGULAR and regular is not None else form_improvers(
            form, counts, wilds, rules.three_player, rules.four_as_two_pairs))
    wild_idx = {INDEX[w] for w in rules.wild_codes}
    return [i for i in sorted(found) if i not in rules.absent and i not in wild_idx]


def helpful_draws(counts: list[int], wilds: int, rules: Rules) -> tuple[int, list[int]]:
    """Shanten of a ``3n+1`` hand and the natural tiles (indices) whose draw lowers it.

    A wild tile always helps an incomplete hand; callers add the wild codes themselves. With wild
    tiles in hand every form's count grows by the same amount, so the best forms and their
    effective tiles are those of the natural tiles.
    """
    found = _core_draws(counts, wilds, rules)
    if found is not None:
        best, tiles = found
        return (best, []) if best < 0 else (best, _allowed(tiles, rules))
    best, forms, regular = _evaluate(counts, wilds, rules)
    if best < 0:
        return best, []
    return best, _draws(counts, wilds, rules, forms, regular)


def _core_draws(counts: list[int], wilds: int, rules: Rules) -> tuple[int, list[int]] | None:
    """Shanten and the effective tiles of the best forms (wild and absent tiles not yet taken out),
    from the compiled core; ``None`` where it is not built or does not take the input."""
    core = native.core
    if core is None:
        return None
    mask = form_mask(rules.forms)
    if mask is None:
        return None
    found = core.helpful(counts, wilds, mask, rules.three_player, rules.four_as_two_pairs)
    if found is NotImplemented:
        return None
    return found


def _allowed(tiles: list[int], rules: Rules) -> list[int]:
    """The tiles less those out of play and the wild tiles, as ``_draws`` leaves them."""
    wild_idx = {INDEX[w] for w in rules.wild_codes}
    if not rules.absent and not wild_idx:
        return tiles
    return [i for i in tiles if i not in rules.absent and i not in wild_idx]


def waits(counts: list[int], wilds: int = 0, rules: Rules = Rules(),
          fifth_copy: bool = True) -> list[int]:
    """Natural tiles (indices) that complete a ready (听牌) ``3n+1`` hand; empty if not ready.

    With ``fifth_copy`` a tile whose four copies are all in the hand is still listed when the
    shape waits on it (it can never be drawn: callers report it with none left).
    """
    found = _core_draws(counts, wilds, rules)
    if found is not None:
        best, out = found
        if best != 0:
            return []
        out = _allowed(out, rules)
    else:
        best, forms, _ = _evaluate(counts, wilds, rules, scan=False)
        if best != 0:
            return []
        out = _draws(counts, wilds, rules, forms, None)
    if fifth_copy and 4 in counts:  # the scan below only acts on a tile held four times
        for i, c in enumerate(counts):
            if c == 4:
                counts[i] += 1
                if is_complete(counts, wilds, rules.forms, rules.four_as_two_pairs):
                    out.append(i)
                counts[i] -= 1
        out.sort()
    return out
