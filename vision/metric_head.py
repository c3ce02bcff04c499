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

The head also keeps each tile kind as its training designs draw it (``kinds``: the mean of the
kind's mapped features over all of them). A tile of a set no player taught is likened to these
too (``vision.recognizer.TileClassifier``): a design the classifier never saw is often nearer
its kinds as many designs draw them than the classifier's reading alone says.

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
    #: each tile kind as the training designs draw it (``kind_codes``' order): the unit mean of
    #: its mapped features over all of them; None where the head was saved without them
    kinds: np.ndarray | None = None
    kind_codes: tuple[str, ...] = ()

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

    def kind_similarities(self, mapped: np.ndarray) -> np.ndarray:
        """Each mapped row's cosine similarity to each of ``kinds`` (one column a kind of
        ``kind_codes``): how like each kind as many designs draw it a tile is.

        >>> head = MetricHead.identity(2, rank=1)
        >>> head = MetricHead(head.scale, head.down, head.up, kinds=np.eye(2, dtype=np.float32),
        ...                   kind_codes=("1m", "2m"))
        >>> sims = head.kind_similarities(head(np.array([[1.0, 1.0]])))
        >>> [[round(float(v), 3) for v in row] for row in sims]
        [[0.707, 0.707]]
        """
        if self.kinds is None:
            return np.zeros((len(mapped), 0), np.float32)
        return np.asarray(mapped, np.float32) @ self.kinds.T

    def save(self, path: Path) -> None:
        kinds = {} if self.kinds is None else {"kinds": self.kinds.astype(np.float16),
                                               "kind_codes": np.array(self.kind_codes, dtype="U2")}
        np.savez(path, scale=self.scale.astype(np.float32), down=self.down.astype(np.float16),
                 up=self.up.astype(np.float16), features_of=np.array(self.features_of),
                 trust_at=np.array(self.trust_at), **kinds)

    @classmethod
    def load(cls, path: Path) -> MetricHead:
        with np.load(path) as data:
            kinds = data["kinds"].astype(np.float32) if "kinds" in data.files else None
            codes = tuple(str(c) for c in data["kind_codes"]) if "kind_codes" in data.files else ()
            return cls(data["scale"].astype(np.float32), data["down"].astype(np.float32),
                       data["up"].astype(np.float32), str(data["features_of"]), float(data["trust_at"]),
                       kinds, codes)

    def digest(self) -> str:
        """What changes when the map does (part of the classifier's fingerprint)."""
        sha = hashlib.sha256()
        for part in (self.scale, self.down, self.up, np.array([self.trust_at])):
            sha.update(np.ascontiguousarray(part, np.float32).tobytes())
        return sha.hexdigest()[:16]
