"""Cut: the crops each found box is read in (padding and turn), cut from the full-resolution photo."""

from __future__ import annotations

import numpy as np

from .preprocess import CROP_PAD, crop_tile, lightness_negative, pale_ink, turn

#: The crops each tile is read in: padding (share of the box side; the classifier trained on
#: ``CROP_PAD``, 0.1) and a turn (degrees clockwise). On the 296 valid photos, one view at
#: 0.1 / pads 0 and 0.1: tile accuracy 0.937 / 0.943, photos all right 36.8 % / 39.9 %; a third
#: view costs ~15 ms a photo. Turned views for every tile (a tile lies any way up) help on valid
#: and hurt on other tile styles, so none is taken here (only for unsure tiles, below): pad 0
#: turned 180° + pad 0.1 upright instead of these two, with classify-gpu64: valid misreads
#: 227 → 218, photos all right 64.9 → 67.2 %, but rendered scenes misread 93 → 118 tiles, hands
#: exact 23 → 20 of 60; with classify-turnall64b (trained on turned crops too): valid misreads
#: 210 → 205, photos 67.6 → 68.9 %, rendered misreads 78 → 93, hands exact 28 → 21
#: (models/MODEL_CARD.md).
CROP_VIEWS: tuple[tuple[float, int], ...] = ((0.0, 0), (CROP_PAD, 0))

#: A tile read in ``CROP_VIEWS`` with less probability than ``self_taught.SURE`` is read again in these
#: turned views and all views averaged: a tile lying sideways or upside down (7 筒 lying
#: sideways on a red cloth read as 6 筒 upright, as 7 筒 turned) is read the way it stands in one
#: of them. Only the unsure ones (8 % of valid tiles): a view of every tile costs ~25 ms a photo,
#: and turned views read some rendered tile styles worse (above); docs/recognizer.md, "Two stages".
TURNED_VIEWS: tuple[tuple[float, int], ...] = tuple(
    (pad, degrees) for degrees in (90, 180, 270) for pad in (0.0, CROP_PAD))

#: ... and in these upright views, cut tighter and wider: the box of a tile of a design never
#: seen sits off its face more often. With them, valid 0.9664 / 0.9605 / 71.0 % → 0.9673 /
#: 0.9615 / 71.6 %, one-tile photos of held-out designs read right 0.000-0.012 more
#: (``python -m vision.evaluate_designs``); these views alone, without the turned ones: valid 67.9 %.
WIDER_VIEWS: tuple[tuple[float, int], ...] = ((0.05, 0), (0.15, 0), (0.2, 0))


def cut_views(image: np.ndarray, boxes: np.ndarray, views: tuple[tuple[float, int], ...], size: int,
              negative: bool = False) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The crops of every view of ``boxes`` (``size`` pixels, turned as the view says; with
    ``negative`` their ``lightness_negative``) in view order, and each view's indices of the
    boxes cut in it (a box too small to cut is left out). Each padding is cut once: the turns
    of one padding share its crops."""
    crops: list[np.ndarray] = []
    cut: list[np.ndarray] = []
    cut_at: dict[float, list[np.ndarray | None]] = {}
    for pad, degrees in views:
        if pad not in cut_at:
            cut_at[pad] = [crop_tile(image, tuple(box), pad=pad, size=size) for box in boxes]
        index = [i for i, crop in enumerate(cut_at[pad]) if crop is not None]
        turned = [turn(cut_at[pad][i], degrees) for i in index]  # type: ignore[arg-type]
        crops += [lightness_negative(crop) for crop in turned] if negative else turned
        cut.append(np.array(index, dtype=int))
    return crops, cut


def pale_ink_at(image: np.ndarray, box: np.ndarray) -> bool:
    """Whether the tile in ``box`` shows ink paler than its face (``preprocess.pale_ink``)."""
    crop = crop_tile(image, tuple(box), pad=0.0, size=64)  # type: ignore[arg-type]
    return crop is not None and pale_ink(crop)
