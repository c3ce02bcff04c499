"""Which catalogue patterns a reading has, as a bit set: one bit per pattern, and the counts of
those present more than once.

The compiled core (``assistant/_patterns.c``) tests every pattern it holds on one compact copy
of the reading in a single call; the patterns it does not hold (the relations, chosen together
by :func:`~assistant.scoring.patterns.combine_sets`) and every pattern on the pure path
(``MAHJONG_ASSISTANT_PURE=1``, no compiler) are counted by their Python predicates in
:data:`~assistant.scoring.patterns.CATALOGUE`. Both give the same bits
(``tests/test_pattern_bits.py``). A scorer asks only for the patterns its card names
(``wanted``), so the pure path tests no more than it did pattern by pattern.

>>> from assistant.hand import HandState
>>> from assistant.decompose import decompositions
>>> from assistant.tiles import to_counts
>>> from assistant.scoring.patterns import Win, winning_hands
>>> s = HandState.from_json({"concealed": "1111234567899m", "win_tile": "9m"})
>>> hand = winning_hands(s, decompositions(to_counts(s.tiles)))[0]
>>> wanted = mask_of(("full_flush", "root", "all_pungs"))
>>> found, counts = present(hand, Win(), wanted, python_checks(wanted))
>>> keys_of(found), counts
(['full_flush', 'root'], {})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .. import native
from .patterns import CATALOGUE, Win, WinningHand

# A core built before the patterns were in it has no pattern_keys: the Python path answers.
_CORE = native.core if hasattr(native.core, "pattern_keys") else None
#: The patterns the core tests, in the order of its bits (none on the pure path).
NATIVE_KEYS: tuple[str, ...] = _CORE.pattern_keys() if _CORE is not None else ()
if any(k not in CATALOGUE for k in NATIVE_KEYS):
    _CORE = None  # a core built for another catalogue: its bits would not be ours
    NATIVE_KEYS = ()
#: Every catalogue key in bit order: the core's first (their bits are the core's), then the rest.
KEYS: tuple[str, ...] = NATIVE_KEYS + tuple(k for k in CATALOGUE if k not in NATIVE_KEYS)
BIT: dict[str, int] = {k: n for n, k in enumerate(KEYS)}
#: The bits the core answers.
NATIVE_MASK = (1 << len(NATIVE_KEYS)) - 1

Check = tuple[int, Callable[[WinningHand, Win], int]]


def mask_of(keys: Iterable[str]) -> int:
    """The bit set of some pattern keys."""
    out = 0
    for k in keys:
        out |= 1 << BIT[k]
    return out


def keys_of(bits: int) -> list[str]:
    """The keys of the bits set, in bit order."""
    return [KEYS[n] for n in range(bits.bit_length()) if bits >> n & 1]


def python_checks(wanted: int, native_ok: bool = True) -> tuple[Check, ...]:
    """The (bit, predicate) pairs of the ``wanted`` patterns the core does not answer (all of
    them on the pure path or with ``native_ok`` false)."""
    skip = NATIVE_MASK if native_ok and _CORE is not None else 0
    return tuple((n, CATALOGUE[KEYS[n]].count) for n in range(wanted.bit_length())
                 if wanted >> n & 1 and not skip >> n & 1)


def present(hand: WinningHand, win: Win, wanted: int,
            checks: tuple[Check, ...]) -> tuple[int, dict[int, int]]:
    """The ``wanted`` patterns the reading has, as bits, and {bit: count} of those present more
    than once; ``checks`` are :func:`python_checks` of ``wanted``."""
    bits, counts = 0, {}
    if _CORE is not None and wanted & NATIVE_MASK:
        got = _CORE.pattern_bits(hand, win)
        if got is NotImplemented:  # a reading the core does not hold: every pattern in Python
            checks = python_checks(wanted, native_ok=False)
        else:
            bits = got[0] & wanted
            counts = {n: c for n, c in got[1] if bits >> n & 1}
    return _checked(hand, win, checks, bits, counts)


def native_choice(hand: WinningHand, win: Win, card: bytes) -> object:
    """The core's choice of a card's lines for the reading (``card``: the rows
    :meth:`~assistant.scoring.fan_table.FanTable.card` packs for it), as (limit, ((bit, count,
    sets or None), ...)) in the card's order; NotImplemented where the core is not built or does
    not hold the reading or the card."""
    if _CORE is None:
        return NotImplemented
    return _CORE.pattern_bits(hand, win, card)


def python_present(hand: WinningHand, win: Win, wanted: int) -> tuple[int, dict[int, int]]:
    """:func:`present` by the Python predicates alone (the pure path, whatever is built)."""
    return _checked(hand, win, python_checks(wanted, native_ok=False), 0, {})


def _checked(hand: WinningHand, win: Win, checks: tuple[Check, ...], bits: int,
             counts: dict[int, int]) -> tuple[int, dict[int, int]]:
    """``bits`` and ``counts`` with the patterns of ``checks`` the reading has added."""
    for n, count in checks:
        c = count(hand, win)
        if c:
            bits |= 1 << n
            if c != 1:
                counts[n] = c
    return bits, counts
