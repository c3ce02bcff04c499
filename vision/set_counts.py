"""One photo shows one set: no kind is named more often than a set holds it.

Last in the name stage (docs/recognizer.md, "One set a photo"). A set holds four of each suit
and honour tile and one of each flower and season, so where the classifiers name a kind more
often than that in one photo, some of those are misnamed: the least surely named of them take
their likeliest kind that still has room. A whole table shows most kinds several times over and
gains most; a hand shows a fifth copy only where it is misread.
"""

from __future__ import annotations

import numpy as np

from .boxes import overlap_share
from .classes import BLANK_FACES, BONUS_CODES, TILE_CLASSES
from .find import DEFAULT_THRESHOLDS

#: Whether a photo's names are held to a set's counts; off only to measure without.
SET_COUNTS = True
#: How many of each kind one set holds. 白板 is not counted: the blank tops of a wall's pale
#: backs are named 白板 by the dozen, and checking reads those as backs (``vision.wall_blanks``).
IN_A_SET = {code: 1 if code in BONUS_CODES else 4 for code in TILE_CLASSES
            if code != "back" and code not in BLANK_FACES}
#: A box counts where the detector scores it as a tile checking may keep (``Thresholds.score``);
#: a box under it checking drops. Counting only the boxes it is sure of (``sure_tile``, 0.55)
#: set fewer names right: on seeds 63 / 64 / 66 / 67 and 69-71 (``vision.evaluate_table``'s
#: scenes) 61 set right and 18 set wrong, against 73 and 23 (docs/table-reader.md).
COUNTED_FROM = DEFAULT_THRESHOLDS.score


def held_to_set(choice: np.ndarray, seen: np.ndarray, codes: list[str],
                boxes: np.ndarray | None = None, scores: np.ndarray | None = None) -> np.ndarray:
    """``choice`` (each box's reading, columns ``codes``) with a kind named more often than
    ``IN_A_SET`` allows renamed, its least surely named boxes first, each to its likeliest kind
    with room (the two columns swapped, so the reading stays a distribution). Counted are the
    boxes ``seen`` whose detector ``scores`` reach ``COUNTED_FROM``, named a kind of ``IN_A_SET``,
    each tile once (``boxes``, x1 y1 x2 y2: boxes of one kind on one tile, :func:`_one_tile`,
    are never renamed, or checking would keep both); a photo of more such tiles than a set holds
    (two sets) is read as it was.

    Twelve kinds four times each, and a fifth 1m named less surely than the others, whose
    next likeliest kind, 4p, has room:

    >>> codes = TILE_CLASSES[:34]
    >>> choice = np.eye(34)[[k for k in range(12) for _ in range(4)] + [0]] * 0.9 + 0.003
    >>> choice[48, [0, 3, 12]] = 0.5, 0.2, 0.3
    >>> [codes[k] for k in held_to_set(choice, np.ones(49, bool), codes).argmax(axis=1)[[0, 48]]]
    ['1m', '4p']
    """
    if not SET_COUNTS:
        return choice
    cols = np.array([k for k, code in enumerate(codes) if code in IN_A_SET])
    cap = np.array([IN_A_SET[codes[k]] for k in cols])
    column = np.full(len(codes), -1)
    column[cols] = np.arange(len(cols))
    best = choice.argmax(axis=1)
    sure = np.ones(len(choice), bool) if scores is None else np.asarray(scores) >= COUNTED_FROM
    counted = np.flatnonzero(seen & sure & (column[best] >= 0))
    kind = column[best[counted]]
    if not (np.bincount(kind, minlength=len(cols)) > cap).any():
        return choice  # most photos: no kind named too often
    tile = _one_tile(boxes[counted], kind) if boxes is not None else np.arange(len(counted))
    twins = np.bincount(tile, minlength=len(counted))[tile] > 1
    first = np.unique(tile, return_index=True)[1]  # one box a tile
    if len(first) > cap.sum():
        return choice
    out = choice.copy()
    logp = np.log(np.maximum(choice[np.ix_(counted, cols)], 1e-12))
    count = np.bincount(kind[first], minlength=len(cols))
    rows = np.arange(len(kind))
    while (count > cap).any():
        over = np.isin(kind, np.flatnonzero(count > cap)) & ~twins  # a twin renamed is kept twice
        if not over.any():
            break
        r = int(np.where(over, logp[rows, kind], np.inf).argmin())
        to = int(np.where(count < cap, logp[r], -np.inf).argmax())
        count[kind[r]] -= 1
        count[to] += 1
        a, b = cols[kind[r]], cols[to]
        out[counted[r], [a, b]] = out[counted[r], [b, a]]
        kind[r] = to
    return out


def _one_tile(boxes: np.ndarray, kind: np.ndarray) -> np.ndarray:
    """A label a box, the same for boxes that read the same ``kind`` and overlap by
    ``Thresholds.same_inside`` of the smaller's area: one tile found twice (checking keeps one).

    >>> _one_tile(np.array([[0, 0, 10, 14], [4, 0, 14, 14], [20, 0, 30, 14]]), np.zeros(3)).tolist()
    [0, 0, 2]
    """
    label = np.arange(len(boxes))
    for i in range(len(boxes)):
        for j in range(i):
            if kind[i] == kind[j] and max(overlap_share(boxes[i], boxes[j]), overlap_share(
                    boxes[j], boxes[i])) >= DEFAULT_THRESHOLDS.same_inside:
                a, b = label[i], label[j]
                label[label == max(a, b)] = min(a, b)
    return label
