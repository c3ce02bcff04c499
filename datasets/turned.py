"""Turned copies of classifier crops: a tile lies on the table any way up.

Why: a player photographs the table from any seat, so a tile can show upside down or sideways;
the real train crops are mostly upright and the rendered ones only upright, and the classifier
read seasons upside down as other seasons and a sideways 7筒 as 6筒 (models/MODEL_CARD.md). A share
of the crops of each origin is copied turned by a random quarter turn (90, 180 or 270 degrees
clockwise) into its own class folder: a tile's name does not change with the way it lies.
Reproducible from a seed. The copies are derived data: the GPU bundle (``datasets.device_bundle``)
leaves them out and makes them again where it is unpacked.
"""

from __future__ import annotations

import random
from pathlib import Path

import cv2

from vision.preprocess import turn

#: Share of the crops copied turned, by origin (the file name's prefix in ``work/mixed/classify``).
#: Rendered crops (``synth_``) are all upright, so more of them. Squashed copies (``squash_``) are
#: not turned: a squashed photo is an artefact of the source's export, not of a phone; turned
#: 90°, such photos are where the classifier still errs most (models/MODEL_CARD.md).
SHARES: dict[str, float] = {"synth_": 0.5, "squash_": 0.0, "": 0.25}

#: The quarter turns a copy may take, degrees clockwise.
TURNS = (90, 180, 270)

#: Name prefix of a turned copy (then the turn in degrees, ``_`` and the original's name).
PREFIX = "turned"

#: The image files a class folder may hold (JPEG here, WebP where the GPU bundle is unpacked).
SUFFIXES = (".jpg", ".webp")


def origin_of(name: str, shares: dict[str, float] = SHARES) -> str:
    """Where a crop named ``name`` comes from: the longest prefix of ``shares`` it has.

    >>> origin_of("synth_000012_3.jpg"), origin_of("squash_IMG_1.jpg"), origin_of("IMG_1.jpg")
    ('synth_', 'squash_', '')
    """
    return max((p for p in shares if name.startswith(p)), key=len)


def share_of(name: str, shares: dict[str, float] = SHARES) -> float:
    """The share of crops named like ``name`` to turn, by their origin.

    >>> share_of("synth_000012_3.jpg"), share_of("squash_IMG_1.jpg"), share_of("IMG_1.jpg")
    (0.5, 0.0, 0.25)
    """
    return shares[origin_of(name, shares)]


def build_turned_crops(train: Path, seed: int, shares: dict[str, float] = SHARES) -> dict[str, int]:
    """Add turned copies (``turned<deg>_<name>``) of a share of the crops in each class folder of
    ``train``, beside them; returns how many of each turn were written, by that prefix."""
    rng = random.Random(seed)
    written = {f"{PREFIX}{degrees}": 0 for degrees in TURNS}
    for folder in sorted(p for p in train.iterdir() if p.is_dir()):
        for image in sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES):
            if image.name.startswith(PREFIX):
                continue
            draw, degrees = rng.random(), rng.choice(TURNS)
            if draw >= share_of(image.name, shares):
                continue
            crop = cv2.imread(str(image), cv2.IMREAD_COLOR)
            if crop is None:
                continue
            cv2.imwrite(str(folder / f"{PREFIX}{degrees}_{image.name}"), turn(crop, degrees))
            written[f"{PREFIX}{degrees}"] += 1
    return written
