"""A photo of a whole table teaching itself its set: the tiles the classifiers name surely become
the photo's own examples of each kind (a :class:`TileSet`, as if the player had taught the set
from this photo), and each tile they name unsurely is weighed by how like those examples it is.

Part of the name stage (docs/recognizer.md, "Whole tables"): every tile of one photo is of one
set, and a whole table shows about a hundred faces, most kinds several times over.
"""

from __future__ import annotations

import numpy as np

from .classes import NOT_A_TILE
from .tileset_match import TileSet
from .tileset_store import KINDS
from .windows import WHOLE_TABLE

#: Whether a photo teaches itself its set; off only to measure without.
SELF_TAUGHT = True
#: A tile named with this probability or more (the classifiers', of the kind chosen) is named
#: surely: one of the photo's examples of that kind (on the 48 rendered tables of seeds 63 / 64,
#: ``vision.evaluate_table``, 2,138 of 2,148 such tiles were named right); one named with less is
#: weighed by the photo's examples (at 0.8 or 0.95 for both: names 84.9 / 83.6 and 84.4 / 83.0 %)
#: and, by ``vision.name``, read again in more views ...
SURE = 0.9
#: ... and a kind is taught only with this many such tiles or more: one sure tile alone, read
#: wrong, would stand for its kind (at 1: names 84.5 / 82.9 % on seeds 63 / 64, at 2: 84.8 / 83.5,
#: both at likeness 0.8, temperature 0.1).
KIND_EXAMPLES = 2
#: ... among the kinds the classifiers give at least this share of their best kind, the rest
#: left out. Here 0.1 at temperature 0.1: names 84.6 / 83.0 %, rivers 1 fewer exact than at 0.25;
#: 0.4 at 0.2: 84.7 / 83.7 %. Likened to the kinds as drawn (``vision.name``), it breaks only the
#: classifier's near ties: unrestricted, likening turned 8筒 read at 0.90 into 9筒 and misread 20
#: tiles for 5 set right in a third of ``valid``.
KINDS_NEAR = 0.25
#: Each candidate kind's probability is weighed by ``exp((s - UNTAUGHT_LIKENESS) /
#: LIKENESS_TEMPERATURE)``, s the tile's similarity to that kind's examples in the metric head's
#: space (``TileSet.similarities``, as a taught set is matched), ``UNTAUGHT_LIKENESS`` itself for
#: a kind the photo shows no sure tile of. The kinds a design's tiles are misnamed as are mostly
#: taught, the kinds they are are mostly not (the classifiers are never sure of them): of the
#: unsure tiles named a taught kind on seeds 63 / 64, those named right are a median 0.69 like
#: (cosine) its examples, those named wrong 0.47. So a taught kind the tile is unlike gives way to an
#: untaught one, and a taught kind it is like is kept. Likeness 0.6 / 0.7 / 0.8 / 0.9 at
#: temperature 0.1: names 84.1 / 84.5 / 84.8 / 84.8 and 82.9 / 83.6 / 83.5 / 83.4 %; 0.8 at 0.2:
#: 84.8 / 83.7 % (``TileSet.combine`` in its place, which only pulls towards taught kinds: 83.7 /
#: 82.3 %, without the rule 84.0 / 82.6 %).
UNTAUGHT_LIKENESS = 0.8
#: Not ``vision.name.KINDS_TEMPERATURE`` (0.1): with classify-table3 at 0.1 names read 85.2 / 86.2
#: against 85.4 / 86.4 %, and one river fewer exact on seed 64; with classify-table5 86.5 / 85.5
#: against 86.7 / 85.6 %.
LIKENESS_TEMPERATURE = 0.2


def photo_set(codes: list[str], best: np.ndarray, given: np.ndarray, features: np.ndarray
              ) -> TileSet | None:
    """The photo's own set: each tile named ``codes[best]`` with probability ``given`` at
    least ``SURE`` an example of that kind (its ``features``, a unit row), each kind with
    ``KIND_EXAMPLES`` of them or more; None where no kind has. A kind keeps its surest
    examples (``tileset_store.PER_KIND``)."""
    sure = [i for i in np.argsort(given, kind="stable")  # the surest added last, kept
            if given[i] >= SURE and codes[best[i]] in KINDS and np.linalg.norm(features[i]) > 0]
    count: dict[str, int] = {}
    for i in sure:
        count[codes[best[i]]] = count.get(codes[best[i]], 0) + 1
    taught = TileSet("photo")
    for i in sure:
        if count[codes[best[i]]] >= KIND_EXAMPLES:
            taught.add(codes[best[i]], features[i])
    return taught if taught.codes else None


def taught_by_photo(choice: np.ndarray, probs: np.ndarray, codes: list[str],
                    features: np.ndarray) -> np.ndarray:
    """``choice`` (each box's reading, columns ``codes``) with each face named under
    ``SURE`` (``probs``: the classifiers' reading; a box not cut reads 0) weighed by its
    likeness to the photo's own set (:func:`photo_set` of the ``features``, one unit row a box:
    ``UNTAUGHT_LIKENESS``), among its candidate kinds (``KINDS_NEAR``); the tile kinds'
    total and the other columns stay. A photo of fewer than ``WHOLE_TABLE`` faces is read as it was."""
    best = choice.argmax(axis=1)
    given = probs[np.arange(len(probs)), best]
    face = (given > 0) & np.array([codes[k] not in (NOT_A_TILE, "back") for k in best], bool)
    asked = np.flatnonzero(face & (given < SURE))
    if not SELF_TAUGHT or face.sum() < WHOLE_TABLE or not len(asked) or not len(features.T):
        return choice
    taught = photo_set(codes, best, given, features)
    if taught is None:
        return choice
    kinds = taught.kinds()
    cols = [k for k, code in enumerate(codes) if code in KINDS]
    reading = choice[np.ix_(asked, cols)]
    near = reading >= KINDS_NEAR * reading.max(axis=1, keepdims=True)
    shown = [j for j, k in enumerate(cols) if codes[k] in kinds]
    sims = np.full(reading.shape, UNTAUGHT_LIKENESS)
    sims[:, shown] = taught.similarities(features[asked], [codes[cols[j]] for j in shown])
    weighed = np.where(near, reading * np.exp((sims - UNTAUGHT_LIKENESS) / LIKENESS_TEMPERATURE),
                       reading * 1e-6)
    out = choice.copy()
    out[np.ix_(asked, cols)] = weighed * (reading.sum(axis=1, keepdims=True)
                                          / np.maximum(weighed.sum(axis=1, keepdims=True), 1e-30))
    return out
