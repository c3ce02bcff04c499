"""A player's own tile set: examples of each kind, learnt from photos, that the recognizer matches.

The classifier learnt its tiles from a few designs; a set from another maker may draw 条 or the
flowers otherwise. A player lays his tiles out in rows, photographs them and says which they are
(:func:`learn`); each tile's *features* (what the classifiers compute just before naming it) are
kept as an example, a row of numbers, not a retrained network. Reading a photo with the tile set,
each tile is compared with the examples (cosine similarity): where it is as close to a learnt
kind as the examples of one kind are to each other, that kind wins (between learnt kinds nearly
as close, the tile's face and the classifier's reading decide); otherwise the classifier's
reading stands. Every correction a player makes can be added the same way, and taken back.

Each example also keeps its *look* (the tile cut from the photo, a small JPEG): features belong
to one classifier, and when a newer one is shipped the set is computed again from its looks
(:meth:`TileSet.refit`) instead of being lost.

The set lives in four modules, each with one job, and this one names what the commands, the
service and the recognizer use: the looks (:mod:`vision.tileset_looks`), the examples as kept
and stored (:mod:`vision.tileset_store`), the matching of a photo's tiles
(:mod:`vision.tileset_match`, where ``TileSet`` is made whole) and the learning from a layout
photo or a correction (:mod:`vision.tileset_learn`).

>>> ts = TileSet("demo")
>>> first = ts.add("5p", np.eye(4)[0])
>>> ts.add("6p", np.eye(4)[1])
2
>>> ts.kinds()
{'5p': 1, '6p': 1}
>>> ts.remove(first), ts.kinds()
(True, {'6p': 1})
"""

from __future__ import annotations

import numpy as np  # noqa: F401 (the doctest above)

from .tileset_learn import (
    LAYOUT_OVERLAP,
    LAYOUT_SCORES,
    MAX_LAYOUT,
    add_correction,
    find_layout,
    layout_tiles,
    learn,
    learnt_summary,
    reading_order,
)
from .tileset_looks import (
    LOOK_PAD,
    LOOK_QUALITY,
    LOOK_SIZE,
    NEGATIVE_TOO,
    PALE_SET_SHARE,
    Look,
    features_of_looks,
    mostly_pale,
    pale_looks,
    unit_rows,
)
from .tileset_match import (
    BLANK_CHROMA,
    BLANK_LIGHTNESS,
    CLASSIFIER_SAY,
    CLASSIFIER_SPAN,
    EMBED_MIN_SIDE,
    EMBED_SURE,
    SPOKE_FEATURES,
    STANDS_OUT,
    TEMPERATURE,
    TRUST_AT,
    TRUST_SOFTNESS,
    TURN_BACK_FROM,
    FeaturesOf,
    TileSet,
    nested,
    network_reads,
)
from .tileset_store import (
    KINDS,
    NAME,
    PER_KIND,
    TileSetExamples,
    check_name,
    delete_tileset,
    saved_tilesets,
    tilesets_dir,
)

__all__ = [
    "BLANK_CHROMA", "BLANK_LIGHTNESS", "CLASSIFIER_SAY", "CLASSIFIER_SPAN",
    "EMBED_MIN_SIDE", "EMBED_SURE", "KINDS", "LAYOUT_OVERLAP", "LAYOUT_SCORES",
    "LOOK_PAD", "LOOK_QUALITY", "LOOK_SIZE", "MAX_LAYOUT", "NAME", "NEGATIVE_TOO", "PALE_SET_SHARE",
    "PER_KIND",
    "SPOKE_FEATURES", "STANDS_OUT", "TEMPERATURE", "TRUST_AT",
    "TRUST_SOFTNESS", "TURN_BACK_FROM", "FeaturesOf", "Look", "TileSet", "TileSetExamples",
    "add_correction", "check_name", "delete_tileset", "features_of_looks", "find_layout",
    "layout_tiles", "learn", "learnt_summary", "mostly_pale", "nested", "network_reads",
    "pale_looks", "reading_order", "saved_tilesets", "tilesets_dir", "unit_rows",
]
