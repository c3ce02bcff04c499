"""Every way a complete hand splits into its groups (和牌拆分), for each hand form, wild tiles included.

Scoring needs the decompositions, not just a yes/no: a hand such as 111222333m can be three pungs
or three chows, and variants score the better reading. Wild tiles (赖子) stand for whatever tile a
group lacks; a group made of wilds only is written with ``*`` tiles.

>>> from assistant.tiles import parse_tiles, to_counts
>>> [d.describe() for d in decompositions(to_counts(parse_tiles("111222333m789p55s")))]
['111m 222m 333m 789p 55s', '123m 123m 123m 789p 55s']
>>> is_complete(to_counts(parse_tiles("19m19p19s1234567z1m")))
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from numbers import Integral

from . import native
from .shanten import (
    ALL_FORMS,
    KNITTED,
    ORPHANS,
    Form,
    check_counts,
    form_mask,
    knitted_scores,
    sets_needed,
    shanten_of_form,
    take_knitted,
)
from .suit_table import MAX_SETS
from .tiles import INDEX, TILES, to_compact

#: The largest complete concealed part: five sets and a pair (the 16-tile hand after its draw).
LARGEST = 3 * MAX_SETS + 2

WILD = "*"


@dataclass(frozen=True)
class Group:
    """One group of a decomposition: ``pair``, ``chow``, ``pung``, ``knitted`` or ``single``.

    ``tiles`` are the tiles the group stands for; ``wilds`` is how many of them are wild tiles.
    """

    kind: str
    tiles: tuple[str, ...]
    wilds: int = 0

    def __str__(self) -> str:
        text = _GROUP_TEXT.get(self)
        if text is None:  # a few hundred groups exist: each is written once (a reading's JSON)
            real = [t for t in self.tiles if t != WILD]
            text = (to_compact(real) + WILD * self.tiles.count(WILD)).replace(" ", "")
            if len(_GROUP_TEXT) < 4096:
                _GROUP_TEXT[self] = text
        return text


_GROUP_TEXT: dict[Group, str] = {}


@dataclass(frozen=True)
class Decomposition:
    """A complete hand read as one form: its groups, concealed part only (declared melds aside)."""

    form: Form
    groups: tuple[Group, ...]

    @property
    def pair(self) -> Group | None:
        return next((g for g in self.groups if g.kind == "pair"), None)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind in ("chow", "pung"))

    def describe(self) -> str:
        """The groups in compact notation, e.g. ``'123m 456p 789s EEE 55s'``."""
        text = _GROUP_TEXT.get
        return " ".join([text(g) or str(g) for g in self.groups])


def _sort_groups(groups: list[Group]) -> tuple[Group, ...]:
    order = {"knitted": 0, "chow": 1, "pung": 1, "single": 1, "pair": 2}
    return tuple(sorted(groups, key=lambda g: (order[g.kind], g.tiles == (WILD,) * len(g.tiles),
                                               [INDEX.get(t, 99) for t in g.tiles])))


def _regular(counts: list[int], wilds: int, sets_left: int, pair_left: int,
             start: int) -> Iterator[list[Group]]:
    """Yield group lists that use every tile; wilds fill gaps or form groups of their own."""
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        if wilds == 3 * sets_left + 2 * pair_left:
            yield ([Group("pung", (WILD,) * 3, 3)] * sets_left
                   + [Group("pair", (WILD,) * 2, 2)] * pair_left)
        return
    c, t = counts[i], TILES[i]
    if pair_left:
        for real in range(min(c, 2), 0, -1):
            need = 2 - real
            if need <= wilds:
                counts[i] -= real
                for rest in _regular(counts, wilds - need, sets_left, 0, i):
                    yield [Group("pair", (t, t), need)] + rest
                counts[i] += real
    if not sets_left:
        return
    for real in range(min(c, 3), 0, -1):
        need = 3 - real
        if need <= wilds:
            counts[i] -= real
            for rest in _regular(counts, wilds - need, sets_left - 1, pair_left, i):
                yield [Group("pung", (t, t, t), need)] + rest
            counts[i] += real
    if i >= 27:
        return
    pos = i % 9
    for low in (pos - 2, pos - 1, pos):
        if low < 0 or low > 6:
            continue
        base = i - pos + low
        # Tiles below i are absent (i is the lowest left), so they must be wilds.
        members = (base, base + 1, base + 2)
        need = sum(1 for k in members if k < i or (k > i and counts[k] == 0))
        if need > wilds:
            continue
        taken = [k for k in members if k == i or (k > i and counts[k] > 0)]
        for k in taken:
            counts[k] -= 1
        for rest in _regular(counts, wilds - need, sets_left - 1, pair_left, i):
            yield [Group("chow", tuple(TILES[k] for k in members), need)] + rest
        for k in taken:
            counts[k] += 1


#: The compiled core's group codes: kind << 8 | (first tile + 1) << 2 | wild tiles in it.
_KINDS = ("pair", "pung", "chow")
_GROUP_CODES: dict[int, Group] = {}


def _group(code: int) -> Group:
    """The Group a core code stands for (made once per code: there are a few hundred)."""
    group = _GROUP_CODES.get(code)
    if group is None:
        kind, first, need = _KINDS[code >> 8], ((code >> 2) & 63) - 1, code & 3
        size = 2 if kind == "pair" else 3
        if first < 0:
            tiles = (WILD,) * size
        elif kind == "chow":
            tiles = (TILES[first], TILES[first + 1], TILES[first + 2])
        else:
            tiles = (TILES[first],) * size
        group = _GROUP_CODES[code] = Group(kind, tiles, need)
    return group


def _regular_decompositions(counts: list[int], wilds: int, n_sets: int,
                            form: Form = Form.REGULAR) -> list[Decomposition]:
    core = native.core
    if core is not None:
        found = core.regular_readings(counts, wilds, n_sets)
        if found is not NotImplemented:
            return [Decomposition(form, tuple(map(_group, row))) for row in found]
    seen: dict[tuple[Group, ...], None] = {}
    for groups in _regular(counts[:], wilds, n_sets, 1, 0):
        seen.setdefault(_sort_groups(groups), None)
    return [Decomposition(form, g) for g in seen]


def _seven_pairs(counts: list[int], wilds: int, four_as_two_pairs: bool) -> list[Decomposition]:
    groups: list[Group] = []
    for i, c in enumerate(counts):
        if c == 0:
            continue
        if c > 2 and not four_as_two_pairs:
            return []
        t = TILES[i]
        groups += [Group("pair", (t, t))] * (c // 2)
        if c % 2:
            if not wilds:
                return []
            wilds -= 1
            groups.append(Group("pair", (t, t), 1))
    if wilds % 2:
        return []
    groups += [Group("pair", (WILD, WILD), 2)] * (wilds // 2)
    return [Decomposition(Form.SEVEN_PAIRS, _sort_groups(groups))] if len(groups) == 7 else []


def _thirteen_orphans(counts: list[int], wilds: int) -> list[Decomposition]:
    if any(c for i, c in enumerate(counts) if i not in ORPHANS):
        return []
    missing = sum(1 for i in ORPHANS if counts[i] == 0)
    extra = sum(counts[i] - 1 for i in ORPHANS if counts[i] > 1)
    if extra > 1 or missing + 1 - extra != wilds:
        return []
    groups = [Group("single", (TILES[i],), int(counts[i] == 0)) for i in ORPHANS]
    paired = next((TILES[i] for i in ORPHANS if counts[i] == 2), WILD)
    groups.append(Group("single", (paired,), int(paired == WILD)))
    return [Decomposition(Form.THIRTEEN_ORPHANS, tuple(groups))]


def _honors_and_knitted(counts: list[int], wilds: int) -> list[Decomposition]:
    if max(counts) > 1:  # fourteen different tiles: a copy held twice rules out every sequence
        return []
    out = []
    for seq in KNITTED:
        allowed = set(seq) | set(range(27, 34))
        if any(c > 1 or (c and i not in allowed) for i, c in enumerate(counts)):
            continue
        groups = [Group("single", (TILES[i],)) for i in sorted(allowed) if counts[i]]
        if len(groups) + wilds != 14:
            continue
        groups += [Group("single", (WILD,), 1)] * wilds
        out.append(Decomposition(Form.HONORS_AND_KNITTED, tuple(groups)))
    return out


def _knitted_straight(counts: list[int], wilds: int, n_sets: int) -> list[Decomposition]:
    out = []
    for seq, held in zip(KNITTED, knitted_scores(counts), strict=True):
        if held + wilds < 9:  # the wilds cannot fill the sequence: no copy of the hand needed
            continue
        rest, missing = take_knitted(counts, seq)
        need = len(missing)
        if need > wilds:
            continue
        dragon = Group("knitted", tuple(TILES[i] for i in seq), need)
        for d in _regular_decompositions(rest, wilds - need, n_sets - 3):
            out.append(Decomposition(Form.KNITTED_STRAIGHT, (dragon,) + d.groups))
    return out


def _forms_shanten(counts: list[int], wilds: int, forms: tuple[Form, ...],
                   four_as_two_pairs: bool, n: int) -> tuple[int, ...] | None:
    """The core's shanten of every form of a 14-tile part in one call (``ALL_FORMS`` order; -1:
    complete), so that only the forms completed are searched for their readings: a hand is
    seldom seven pairs, thirteen orphans or knitted, and each search is a Python pass over the 34
    counts. None (search them all) without the core, with wild tiles or a fifth copy, where
    :func:`is_complete`'s table lookup does not answer either, and for other sizes."""
    core = native.core
    if core is None or wilds or n != 14 or max(counts) > 4:
        return None
    mask = form_mask(forms)  # the profile's tuple: its mask is kept
    if mask is None:
        return None
    value = core.shanten_forms(counts, 0, mask, four_as_two_pairs, False)
    return None if value is NotImplemented else value


def decompositions(counts: list[int], wilds: int = 0, forms: tuple[Form, ...] = ALL_FORMS,
                   four_as_two_pairs: bool = True) -> list[Decomposition]:
    """All readings of a complete concealed part (``3n + 2`` tiles) under the allowed forms.

    An empty list means the tiles do not make a complete hand; counts that are not 34 tiles'
    copies, or a wild-tile count that is not a whole number, are a ``MahjongError`` on both paths.
    """
    if (len(counts) != 34 or not (type(wilds) is int or isinstance(wilds, Integral)) or wilds < 0
            or min(counts) < 0):
        from .errors import MahjongError

        raise MahjongError(f"a hand's part is 34 tile counts and a number of wild tiles, got "
                           f"{len(counts)} counts and {wilds!r} wild tiles", counts)
    n = sum(counts) + wilds
    if n % 3 != 2 or n > LARGEST:
        return []
    n_sets = sets_needed(n)
    out: list[Decomposition] = []
    shanten = _forms_shanten(counts, wilds, forms, four_as_two_pairs, n)
    for form in forms:
        if form is Form.REGULAR:
            out += _regular_decompositions(counts, wilds, n_sets)
        elif n != 14 and form is not Form.KNITTED_STRAIGHT:
            continue
        elif shanten is not None and shanten[ALL_FORMS.index(form)] != -1:
            continue
        elif form is Form.SEVEN_PAIRS:
            out += _seven_pairs(counts, wilds, four_as_two_pairs)
        elif form is Form.THIRTEEN_ORPHANS:
            out += _thirteen_orphans(counts, wilds)
        elif form is Form.HONORS_AND_KNITTED:
            out += _honors_and_knitted(counts, wilds)
        elif form is Form.KNITTED_STRAIGHT and 3 <= n_sets <= 4:  # a 10-14 tile part
            out += _knitted_straight(counts, wilds, n_sets)
    return out


def is_complete(counts: list[int], wilds: int = 0, forms: tuple[Form, ...] = ALL_FORMS,
                four_as_two_pairs: bool = True) -> bool:
    """Whether the concealed part is a complete hand under one of the forms.

    Without wilds and within four copies this is a table lookup; otherwise (a fifth copy asked
    about by a wait, or wild tiles) the groups are searched.
    """
    n = sum(counts) + wilds
    if n % 3 != 2 or n > LARGEST:
        return False
    if wilds == 0 and max(counts) <= 4:
        return any(shanten_of_form(f, counts, 0, four_as_two_pairs) == -1 for f in forms)
    return bool(decompositions(counts, wilds, forms, four_as_two_pairs))


__all__ = ["Decomposition", "Group", "WILD", "check_counts", "decompositions", "is_complete"]
