"""The face embedding: a small network that tells a player's own tiles apart by their faces.

A tile set is matched first in the classifiers' features (``vision.metric_head``), which were
learnt at 64 px to *name* the tiles of the designs they trained on; on a new maker's 萬 numerals
or flowers, 2 萬 and 3 萬, or 蘭 and 南, lie close there. This network looks at the tile's own
face at 48 × 64 px and was trained (``vision.train_faces``) on rendered photos of hundreds of
designs for one thing only: a tile seen in a close-up lies nearest the tile of the same kind in a
layout photo of the *same* set. A learnt set's examples and the tiles read with it are embedded
alike, and how near they lie is added to the features' similarity (``TileSet.combine``).

The face as the network sees it (:func:`face_input`) must match its training: the tile's pixels
in its look (``tileset.Look``), turned upright, stretched to ``FACE_SIZE``, lightness and two
colour differences (YCrCb), each channel scaled to mean 0 and spread 1.

>>> tile = np.full((40, 30, 3), 200, np.uint8); tile[10:30, 10:20] = 30
>>> x = face_input(tile)
>>> x.shape, abs(float(x[0].mean())) < 1e-5, round(float(x[0].std()), 3)
((3, 64, 48), True, 1.0)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .face_match import evened, opponent, turned_cuts, upright

#: The network's file beside the classifiers in ``models/``.
FACES_FILE = "tile_faces.onnx"
#: The face the network reads (width, height): a layout photo's tile is about this size in its
#: look, a close-up's is shrunk to it.
FACE_SIZE = (48, 64)
#: Faces embedded in one pass.
BATCH = 64
#: The turns (degrees) a tile read with a set is tried at against its upright examples (a tile
#: photographed alone lies askew: ``face_match.FACE_ANGLES``); its nearest turn counts.
EMBED_ANGLES = (-30.0, -20.0, -10.0, 0.0, 10.0, 20.0, 30.0)


def face_input(tile: np.ndarray) -> np.ndarray:
    """A tile's pixels (BGR, its box) as the network reads them (float32 3 × 64 × 48)."""
    return standardized(upright_face(tile))


def upright_face(tile: np.ndarray) -> np.ndarray:
    """A tile's pixels (BGR) upright (a tile lying on its side is turned to stand) and
    stretched to ``FACE_SIZE`` (uint8): what the training keeps of each rendered tile."""
    return cv2.resize(upright(tile), FACE_SIZE, interpolation=cv2.INTER_AREA)


def standardized(face: np.ndarray) -> np.ndarray:
    """An upright face (BGR, ``FACE_SIZE``) as YCrCb, each channel of mean 0 and spread 1,
    channels first (float32)."""
    return np.ascontiguousarray(evened(opponent(face)).transpose(2, 0, 1))


def turned_views(around: np.ndarray, box: tuple[float, float, float, float]) -> list[np.ndarray]:
    """The tile in ``box`` of its look ``around`` turned back by each of ``EMBED_ANGLES``, cut
    at ``FACE_SIZE`` (BGR): the views of a tile read with a set."""
    return turned_cuts(around, box, EMBED_ANGLES, FACE_SIZE)


class FaceEmbedding:
    """The network (an onnxruntime session): faces in, unit rows out."""

    def __init__(self, session: Any, digest: str = "") -> None:
        self.session = session
        self.input = session.get_inputs()[0].name
        #: what changes when the network does (a tile set's cached embeddings are of one)
        self.digest = digest

    @classmethod
    def load(cls, path: Path, open_session: Callable[[Path], Any] | None = None) -> FaceEmbedding:
        """The network in ``path`` (``open_session``: how the recognizer opens its models, else
        onnxruntime's defaults); ValueError where it does not read faces as ``face_input``
        gives them."""
        if open_session is None:
            import onnxruntime as ort

            session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        else:
            session = open_session(path)
        shape = session.get_inputs()[0].shape
        if list(shape[1:]) != [3, FACE_SIZE[1], FACE_SIZE[0]]:
            raise ValueError(f"{path} reads {shape}, not faces of 3 × {FACE_SIZE[1]} × {FACE_SIZE[0]}")
        return cls(session, hashlib.sha256(path.read_bytes()).hexdigest()[:16])

    def __call__(self, tiles: Sequence[np.ndarray]) -> np.ndarray:
        """Each tile's (BGR pixels of its box) embedding, a unit row."""
        if not len(tiles):
            return np.zeros((0, 0), np.float32)
        rows = []
        for start in range(0, len(tiles), BATCH):
            batch = np.stack([face_input(tile) for tile in tiles[start:start + BATCH]])
            rows.append(self.session.run(None, {self.input: batch})[0])
        out = np.vstack(rows).astype(np.float32)
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)
