"""The metric head: a learnt map of the classifiers' features in which a tile set is matched.

The classifiers' features were learnt to *name* the tiles of the designs they trained on; in
them another design's 蘭 may lie nearer its own 南 than its 蘭 seen again, so a player's set
learnt from one layout photo still misreads some close-ups. The head is a small linear map,
trained on rendered photos of many designs (``vision.train_metric``): a tile's features seen
in a close-up are brought near the same kind's seen in a layout photo of the same set and
away from the other kinds'. A tile set's examples and the tiles read with it are compared in
the head's space (:class:`vision.tileset.TileSet` matches what :meth:`TileClassifier.features`
gives); the classifier's own reading is untouched.

Its shape: ``x * scale + (x @ down) @ up`` on the unit features, then made a unit row again;
with ``scale`` ones and ``up`` zeros it is the identity (where its training starts). Similarities
in its space are on another scale than the features': the similarity from which a tile is taken
for a learnt kind (``trust_at``, ``tileset.TRUST_AT`` without a head) is chosen with it, where as
many tiles of learnt kinds fall below as tiles of kinds not learnt rise above (on designs it
never trained on: ``vision.train_metric``).

>>> head = MetricHead.identity(4, rank=2)
>>> [round(float(v), 2) for v in head(np.array([[3.0, 4.0, 0.0, 0.0]]))[0]]
[0.6, 0.8, 0.0, 0.0]
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .tileset import TRUST_AT, unit_rows

#: The head's file beside the classifiers in ``models/``.
METRIC_FILE = "tile_metric.npz"


@dataclass(frozen=True)
class MetricHead:
    """The learnt map; ``features_of``: the fingerprint of the classifiers whose features it
    was trained on (another classifier's features mean nothing to it)."""

    scale: np.ndarray
    down: np.ndarray
    up: np.ndarray
    features_of: str = ""
    trust_at: float = TRUST_AT

    @classmethod
    def identity(cls, dim: int, rank: int, features_of: str = "") -> MetricHead:
        """The map that changes nothing: where training starts."""
        return cls(np.ones(dim, np.float32), np.zeros((dim, rank), np.float32),
                   np.zeros((rank, dim), np.float32), features_of)

    def __call__(self, features: np.ndarray) -> np.ndarray:
        """The unit rows of ``features`` mapped, each a unit row again (a zero row stays zero:
        a box too small to cut)."""
        x = unit_rows(np.asarray(features, np.float32))
        return unit_rows(x * self.scale + (x @ self.down) @ self.up)

    def save(self, path: Path) -> None:
        np.savez(path, scale=self.scale.astype(np.float32), down=self.down.astype(np.float16),
                 up=self.up.astype(np.float16), features_of=np.array(self.features_of),
                 trust_at=np.array(self.trust_at))

    @classmethod
    def load(cls, path: Path) -> MetricHead:
        with np.load(path) as data:
            return cls(data["scale"].astype(np.float32), data["down"].astype(np.float32),
                       data["up"].astype(np.float32), str(data["features_of"]), float(data["trust_at"]))

    def digest(self) -> str:
        """What changes when the map does (part of the classifier's fingerprint)."""
        sha = hashlib.sha256()
        for part in (self.scale, self.down, self.up, np.array([self.trust_at])):
            sha.update(np.ascontiguousarray(part, np.float32).tobytes())
        return sha.hexdigest()[:16]
