"""Shanten of many hands at once, vectorised with numpy over the same suit tables.

For simulations, training-data labels and the teaching mode's question generator, which score
thousands of hands: one numpy pass replaces a Python call per hand. Results equal
:func:`assistant.shanten.shanten` hand for hand (the tests check it).

>>> import numpy as np
>>> from assistant.tiles import parse_tiles, to_counts
>>> shanten_batch(np.array([to_counts(parse_tiles("123m456p789s1122z")),
...                         to_counts(parse_tiles("19m19p19s1234567z"))])).tolist()
[0, 0]
"""

from __future__ import annotations

import numpy as np

from . import native
from .errors import MahjongError
from .shanten import ALL_FORMS, KNITTED, ORPHANS, Form, form_mask
from .suit_table import MAX_SETS, WIDTH, tables

_POW9 = 5 ** np.arange(9, dtype=np.int64)
_POW7 = 5 ** np.arange(7, dtype=np.int64)
_ORPHAN_IDX = np.array(ORPHANS)
_KNITTED_MASK = np.zeros((len(KNITTED), 34), dtype=np.int16)
for _row, _seq in enumerate(KNITTED):
    _KNITTED_MASK[_row, list(_seq)] = 1


def _pairs_for(limit: int) -> list[list[int]]:
    """For each entry of a product row, the flat (i * 10 + j) index pairs that feed it."""
    out: list[list[int]] = [[] for _ in range(2 * limit + 2)]
    for m1 in range(limit + 1):
        for m2 in range(limit + 1 - m1):
            for p1, p2 in ((0, 0), (0, 1), (1, 0)):
                out[2 * (m1 + m2) + p1 + p2].append((2 * m1 + p1) * WIDTH + 2 * m2 + p2)
    return out


_PAIRS = _pairs_for(MAX_SETS)
#: The most concealed tiles of a hand: five sets and a pair (the 16-tile hand after its draw).
LARGEST = 3 * MAX_SETS + 2


def _product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise max-plus product of (N, 10) arrays."""
    sums = (a[:, :, None] + b[:, None, :]).reshape(len(a), WIDTH * WIDTH)
    return np.stack([sums[:, idx].max(axis=1) for idx in _PAIRS], axis=1)


def _rows(counts: np.ndarray) -> list[np.ndarray]:
    suit, honor = tables()
    suit_t = np.frombuffer(suit, dtype=np.uint8).reshape(-1, WIDTH)
    honor_t = np.frombuffer(honor, dtype=np.uint8).reshape(-1, WIDTH)
    rows = [suit_t[counts[:, s:s + 9] @ _POW9].astype(np.int16) for s in (0, 9, 18)]
    rows.append(honor_t[counts[:, 27:34] @ _POW7].astype(np.int16))
    return rows


def regular_overlap_batch(counts: np.ndarray, n_sets: np.ndarray) -> np.ndarray:
    """Best regular-form overlap per hand, for each hand's number of sets to make."""
    r = _rows(counts)
    left, right = _product(r[0], r[1]), _product(r[2], r[3])
    best = np.zeros(len(counts), dtype=np.int16)
    for m in range(MAX_SETS + 1):
        k = np.clip(2 * (n_sets - m), 0, 2 * MAX_SETS)
        rows = np.arange(len(counts))
        v = np.maximum(left[:, 2 * m] + right[rows, k + 1], left[:, 2 * m + 1] + right[rows, k])
        best = np.where(m <= n_sets, np.maximum(best, v), best)
    return best


def shanten_batch(counts: np.ndarray, forms: tuple[Form, ...] = ALL_FORMS,
                  four_as_two_pairs: bool = True) -> np.ndarray:
    """Overall shanten of each row of an (N, 34) count array (no wild tiles; 1 to 17 tiles a
    row, the 16-tile hand's five sets included)."""
    counts = np.asarray(counts, dtype=np.int64)
    core = native.core
    if core is not None and counts.ndim == 2 and len(counts) and form_mask(forms) is not None:
        out = np.empty(len(counts), dtype=np.int16)
        done = core.shanten_batch(np.ascontiguousarray(counts), out, form_mask(forms),
                                  four_as_two_pairs)
        if done is not NotImplemented:
            return out
    if counts.ndim != 2 or counts.shape[1] != 34:
        raise MahjongError(f"expected an (N, 34) array of tile counts, got shape {counts.shape}")
    if len(counts) == 0:
        return np.zeros(0, dtype=np.int16)
    if counts.max() > 4 or counts.min() < 0:
        raise MahjongError("a tile count is outside 0-4")
    n = counts.sum(axis=1)
    if n.min() < 1 or n.max() > LARGEST:
        bad = int(n[(n < 1) | (n > LARGEST)][0])
        raise MahjongError(f"{bad} concealed tiles fit no hand: 1 to {LARGEST} expected", bad)
    n_sets = n // 3
    target = 3 * n_sets + 2
    full = (n >= 13) & (n <= 14)
    best = np.full(len(counts), 99, dtype=np.int16)

    def take(overlap: np.ndarray, allowed: np.ndarray) -> None:
        nonlocal best
        best = np.where(allowed, np.minimum(best, target - np.minimum(overlap, target) - 1), best)

    if Form.REGULAR in forms:
        take(regular_overlap_batch(counts, n_sets), np.ones(len(counts), dtype=bool))
    if Form.SEVEN_PAIRS in forms:
        pairs = (counts >= 2).sum(axis=1) + (four_as_two_pairs * (counts == 4)).sum(axis=1)
        singles = (counts == 1).sum(axis=1) + (four_as_two_pairs * (counts == 3)).sum(axis=1)
        p = np.minimum(pairs, 7)
        take(2 * p + np.minimum(singles, 7 - p), full)
    if Form.THIRTEEN_ORPHANS in forms:
        orphans = counts[:, _ORPHAN_IDX]
        take((orphans > 0).sum(axis=1) + (orphans >= 2).any(axis=1), full)
    if Form.HONORS_AND_KNITTED in forms:
        present = (counts > 0).astype(np.int16)
        knit = (present @ _KNITTED_MASK.T).max(axis=1) + present[:, 27:34].sum(axis=1)
        take(np.minimum(knit, 14), full)
    if Form.KNITTED_STRAIGHT in forms:
        ok = (n >= 10) & (n <= 14)
        dragon = np.zeros(len(counts), dtype=np.int16)
        for mask in _KNITTED_MASK:
            kept_mask = np.minimum(counts, mask)
            rest = counts - kept_mask
            dragon = np.maximum(dragon, kept_mask.sum(axis=1)
                                + regular_overlap_batch(rest, np.maximum(n_sets - 3, 0)))
        take(dragon, ok)
    return best
