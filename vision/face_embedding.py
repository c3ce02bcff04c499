"""The face embedding: a small network that tells a player's own tiles apart by their faces.

A tile set is matched first in the classifiers' features (``vision.metric_head``), which were
learnt at 64 px to *name* the tiles of the designs they trained on; on a new maker's 萬 numerals
or flowers, 2 萬 and 3 萬, or 蘭 and 南, lie close there. This network looks at the tile's own
face at 48 × 64 px and was trained (``vision.train_faces``) on rendered photos of hundreds of
designs for one thing only: a tile seen in a close-up lies nearest the tile of the same kind in a
layout photo of the *same* set, and turned over near no other kind (``--both-ways``, as the
shipped network was trained). A learnt set's examples and the tiles read with it are embedded
alike, and how near they lie is added to the features' similarity (``TileSet.combine``).
Before a set is taught, a tile of a design the classifier reads unsurely is likened to each kind
as the network's training sets draw it (``DrawnKinds``, ``TileClassifier._faces_drawn``).

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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .classes import BLANK_FACES
from .face_match import evened, fitting_angles, on_its_side, opponent, turned_cuts, upright, upright_size

#: The network's file beside the classifiers in ``models/``.
FACES_FILE = "tile_faces.onnx"
#: Beside it, each tile kind as the network's training designs draw it (``DrawnKinds``).
KINDS_FILE = "tile_faces_kinds.npz"
#: Of each kind, this many drawings kept (k-means centres of its training designs' layout
#: tiles): on one-tile photos of five held-out sets (true boxes, ``work/lib_proto.py``) a
#: tile's nearest of 64 names its kind as often as the mean of its five nearest of all 17,710
#: tiles (kmj-jade 0.738 / 0.762, the dark green set 0.929 / 0.952), in a 700 KB file.
KIND_DRAWINGS = 64
#: The face the network reads (width, height): a layout photo's tile is about this size in its
#: look, a close-up's is shrunk to it.
FACE_SIZE = (48, 64)
#: Faces embedded in one pass.
BATCH = 64
#: The turns (degrees) a tile read with a set is tried at against its upright examples (a tile
#: photographed alone lies askew: a phone held askew over a tile lying askew); its nearest
#: turn counts.
EMBED_ANGLES = (-30.0, -20.0, -10.0, 0.0, 10.0, 20.0, 30.0)
#: The ways up a tile is looked at first (degrees): as it lies and upside down, as a tile lies
#: before the player across the table. Shown a tile only as it lay, a network that learnt upright
#: tiles likened an upside-down 萬 to flowers: before a set was taught one-tile photos turned
#: over read right 0.83-0.86 against 0.99-1.00 as they stood (docs/recognizer.md, "Which way
#: up"); the shipped network (faces-f, trained ``--both-ways``) learnt to read a face both ways.
WAYS = (0.0, 180.0)
#: ... and a tile whose box is near square or wider (``SIDE_FROM``), stood up either way too:
#: lying on its side (in a discard row, a claimed meld) or standing seen from low and askew (a
#: close-up); its look (``tileset.Look``) is stretched square and keeps no shape to tell.
SIDE_WAYS = (90.0, 270.0)
#: A box at least this share of its height wide may hold a tile on its side. Seen from low, a
#: tile lying on its side shows its long side below its face and its box is near square: of the
#: dark green set's one-tile photos turned a quarter, 61 % had boxes no wider than 1.15 × their
#: height (the median 1.13, a tenth under 0.99), so a bound of 1.15 left most of them lying
#: on their side; of upright one-tile photos 5 % are as wide (the median 0.81; measured with
#: ``python -m vision.evaluate_designs --turn 90``).
SIDE_FROM = 0.95
#: A tile seen from low shows its body's near side below its face, a quarter of its box or
#: more: stretched to ``FACE_SIZE`` with it, the face is squashed into the top and likened to no
#: example (the SPR of gen-14 and kmj-traditional photographed so: 0.31 and 0.30 to their own
#: 5 花, under ``tileset.EMBED_SURE``). Where the network knows no view of a tile as boxed, it is
#: looked at with these shares of its box's height cut off below, where the camera sees the body
#: (``body_cut_views``): the same tiles then lie 0.91 and 0.83 from their own kind, first by 0.54
#: and 0.19 (docs/recognizer.md, "Which way up").
BODY_CUTS = (0.2, 0.35)
#: ... a share cut off only where that strip of the box is plain, as a body's side is (bands
#: of its colours across the tile): the spread of each of its rows (its middle three fifths,
#: 0-255) is at most this on the mean. Measured on one-tile photos of held-out sets (their
#: looks, ``work/plain_try.py``): sides seen from low 7-14; a face's lower part 13-43 (pips,
#: strokes; a 4 筒 cut so would be a 2 筒).
BODY_PLAIN = 15.0
#: How much likelier (log odds) a tile is taken to lie as it is than any other way up
#: (:func:`way_up`): most tiles photographed stand before the player. Taken by nearness
#: alone, 10-13 % of upright one-tile photos were turned over and the network named their kind
#: less often (0.944 → 0.919 with a set); with the classifier's reading weighing and these odds
#: 0.938, upside down 0.362 → 0.918 (six sets, ``work/way_ana3.py``; docs/recognizer.md, "Which way up").
AS_IT_LIES = 2.0
#: The least probability a kind is given in :func:`way_up`: one the classifier all but rules out
#: still counts a little.
WAY_FLOOR = 1e-4


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


def view_angles(box: tuple[float, float, float, float], way: float = 0.0) -> list[float]:
    """The turns (degrees) a tile in ``box`` read with a set is tried at: ``EMBED_ANGLES`` about
    ``way`` (the way up it lies, :func:`way_up`), those a tile of the box's shape can lie at."""
    return fitting_angles(box, tuple(way + a for a in EMBED_ANGLES))


def way_views(around: np.ndarray, box: tuple[float, float, float, float],
              ways: tuple[float, ...] = WAYS) -> list[np.ndarray]:
    """The tile in ``box`` of its look ``around`` each of ``ways`` up (``WAYS``; a tile lying on
    its side, ``SIDE_WAYS``), cut at ``FACE_SIZE`` (BGR): which way up it lies is the way nearer
    what the network knows.

    >>> around = np.zeros((96, 96, 3), np.uint8); around[20:40, 30:60] = 255
    >>> as_lies, over = way_views(around, (30.0, 20.0, 60.0, 80.0))
    >>> bool(as_lies[:20].mean() > as_lies[-20:].mean()), bool(over[:20].mean() < over[-20:].mean())
    (True, True)
    """
    return turned_cuts(around, box, ways, FACE_SIZE)


def body_cut_views(around: np.ndarray, box: tuple[float, float, float, float],
                   ways: tuple[float, ...] = WAYS) -> list[np.ndarray]:
    """The tile in ``box`` of its look ``around`` with each of ``BODY_CUTS`` of its height cut
    off at the bottom (its body's side, seen from low), each of ``ways`` up (the tile before the
    player or across the table: the side the camera sees is below either way), cut at
    ``FACE_SIZE`` as the whole box is (upright or on its side).

    >>> around = np.zeros((96, 96, 3), np.uint8); around[20:60, 30:60] = 255  # the face
    >>> views = body_cut_views(around, (30.0, 20.0, 60.0, 80.0))  # its box holds its side too
    >>> len(views), views[0].shape, [round(float(v.mean() / 255), 2) for v in views]
    (4, (64, 48, 3), [0.83, 0.99, 0.79, 0.97])
    >>> bool(views[2][-10:].mean() > views[2][:10].mean())  # upside down: the face below
    True
    """
    x1, y1, x2, y2 = box
    parts = [(x1, y1, x2, y2 - cut * (y2 - y1)) for cut in BODY_CUTS if plain_below(around, box, cut)]
    return [view for way in ways for part in parts
            for view in turned_cuts(around, part, (way,), FACE_SIZE, on_its_side(*upright_size(box, way)))]


#: A tile to cut short of its body's side: its look, its box there, the ways up it is looked at.
CutTile = tuple[np.ndarray, tuple[float, float, float, float], tuple[float, ...]]


def body_cut_batch(tiles: Sequence[CutTile]) -> tuple[list[np.ndarray], list[tuple[int, int]]]:
    """:func:`body_cut_views` of each of ``tiles`` (its look, its box there, the ways up it is
    looked at) in one list for one pass of the network, and each view's tile and way (indices).

    >>> around = np.zeros((96, 96, 3), np.uint8); around[20:60, 30:60] = 255
    >>> views, of = body_cut_batch([(around, (30.0, 20.0, 60.0, 80.0), (0.0, 180.0))])
    >>> len(views), of
    (4, [(0, 0), (0, 0), (0, 1), (0, 1)])
    """
    views: list[np.ndarray] = []
    of: list[tuple[int, int]] = []
    for n, (around, box, ways) in enumerate(tiles):
        for k, way in enumerate(ways):
            cut = body_cut_views(around, box, (way,))
            views += cut
            of += [(n, k)] * len(cut)
    return views, of


def body_cut_nearness(tiles: Sequence[CutTile],
                      embed: Callable[[list[np.ndarray]], np.ndarray],
                      nearness: Callable[[np.ndarray], np.ndarray], codes: Sequence[str]
                      ) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The :func:`body_cut_batch` views of ``tiles`` embedded (``embed``) and likened to the
    kinds ``codes`` (``nearness``: a column each), never to a blank 白板 (a face cut short loses
    marks, not its ground), with each row's tile and way; no rows where none is cut.

    >>> around = np.zeros((96, 96, 3), np.uint8); around[20:60, 30:60] = 255
    >>> sims, of = body_cut_nearness([(around, (30.0, 20.0, 60.0, 80.0), (0.0,))],
    ...                              lambda views: np.full((len(views), 2), 0.9), lambda z: z, ["P", "1m"])
    >>> sims.tolist(), of
    ([[-1.0, 0.9], [-1.0, 0.9]], [(0, 0), (0, 0)])
    """
    views, of = body_cut_batch(tiles)
    if not views:
        return np.zeros((0, len(codes)), np.float32), of
    sims = nearness(embed(views))
    sims[:, [code in BLANK_FACES for code in codes]] = -1.0
    return sims, of


def plain_below(around: np.ndarray, box: tuple[float, float, float, float], cut: float) -> bool:
    """Whether the strip of ``box`` (in its look ``around``) ``cut`` of its height high at its
    bottom is plain across (``BODY_PLAIN``): a body's side seen from low, not part of a face.

    >>> around = np.full((96, 96, 3), 230, np.uint8); around[70:80, 20:76] = 60  # a green band
    >>> plain_below(around, (20.0, 10.0, 76.0, 80.0), 0.2)
    True
    >>> around[70:80, 40:50] = 230  # a pip's worth of face in it
    >>> plain_below(around, (20.0, 10.0, 76.0, 80.0), 0.2)
    False
    """
    x1, y1, x2, y2 = box
    width = x2 - x1
    top, bottom = int(round(y2 - cut * (y2 - y1))), int(round(y2))
    left, right = int(round(x1 + 0.2 * width)), int(round(x2 - 0.2 * width))
    strip = around[max(top, 0):bottom, max(left, 0):right].astype(np.float32)
    return bool(strip.size) and float(strip.std(axis=1).mean()) <= BODY_PLAIN


def ways_for(box: Sequence[float] | np.ndarray) -> tuple[float, ...]:
    """The ways up the tile in ``box`` (x1, y1, x2, y2) is looked at: ``WAYS``, and
    ``SIDE_WAYS`` too where the box is ``SIDE_FROM`` of its height wide or more.

    >>> ways_for([0, 0, 48, 64]), ways_for([0, 0, 62, 64])
    ((0.0, 180.0), (0.0, 180.0, 90.0, 270.0))
    """
    return WAYS + SIDE_WAYS if box[2] - box[0] >= SIDE_FROM * (box[3] - box[1]) else WAYS


def way_up(sims: np.ndarray, reading: np.ndarray, temperature: float) -> int:
    """Which way up a tile lies (an index into its ways, 0: as it lies): the way under which
    its face's nearness to each kind (``sims``: one row a way) best explains a reading of it
    (``reading``: each kind's probability, the classifier's or a set's), lying as it is taken
    ``AS_IT_LIES`` likelier. By nearness alone one upright photo in ten was turned over (a 萬
    nearer a flower upside down).

    >>> near = np.array([[0.9, 0.2], [0.3, 0.95]])  # as it lies 1 萬's, turned over 2 萬's
    >>> [way_up(near, np.array([p, 1 - p]), 0.05) for p in (0.9, 0.05)]
    [0, 1]
    """
    fit = np.log(np.sum(np.maximum(reading, WAY_FLOOR) * np.exp((sims - 1.0) / temperature), axis=1))
    fit[0] += AS_IT_LIES
    return int(fit.argmax())


def best_of_each_kind(sims: np.ndarray, example_codes: Sequence[str], kinds: Sequence[str]) -> np.ndarray:
    """Similarities to examples (one column an example, its kind in ``example_codes``) as the
    best of each of ``kinds``'s examples (-1 for a kind with none).

    >>> best_of_each_kind(np.array([[0.2, 0.9, 0.5]]), ["1m", "2m", "1m"], ["2m", "1m", "3m"]).tolist()
    [[0.8999999761581421, 0.5, -1.0]]
    """
    out = np.full((len(sims), len(kinds)), -1.0, np.float32)
    column = {code: k for k, code in enumerate(kinds)}
    kind = np.array([column.get(code, -1) for code in example_codes], int)
    order = np.argsort(kind, kind="stable")
    order = order[kind[order] >= 0]  # the examples grouped by kind, the kinds in ``kinds``
    if len(order) and len(sims):
        starts = np.flatnonzero(np.r_[True, kind[order][1:] != kind[order][:-1]])
        out[:, kind[order][starts]] = np.maximum.reduceat(sims[:, order], starts, axis=1)
    return out


@dataclass(frozen=True)
class DrawnKinds:
    """Each tile kind as many designs draw it, in the face network's space: what a tile of a
    design no player has taught yet is likened to (``TileClassifier._as_drawn``).

    >>> kinds = DrawnKinds(np.array(["1m", "1m", "2m"]), np.eye(3, dtype=np.float32), "net")
    >>> kinds.similarities(np.array([[0.6, 0.0, 0.8]], np.float32), ["2m", "1m", "3m"]).tolist()
    [[0.800000011920929, 0.6000000238418579, -1.0]]
    """

    codes: np.ndarray
    rows: np.ndarray
    #: the digest of the network they were embedded by (``FaceEmbedding.digest``)
    network: str

    def similarities(self, embeddings: np.ndarray, kinds: Sequence[str]) -> np.ndarray:
        """Each embedding's best cosine to each of ``kinds``'s drawings (-1 for a kind with none)."""
        return best_of_each_kind(np.asarray(embeddings, np.float32) @ self.rows.T, self.codes, kinds)

    @classmethod
    def made(cls, embeddings: np.ndarray, codes: Sequence[str], network: str,
             per_kind: int = KIND_DRAWINGS) -> DrawnKinds:
        """Of each kind's ``embeddings`` (one unit row a tile, its kind in ``codes``), the
        ``per_kind`` centres of k-means (all its rows where fewer), as unit rows."""
        codes = np.asarray(codes)
        rows, kinds = [], []
        for kind in sorted(set(codes.tolist())):
            mine = np.asarray(embeddings, np.float32)[codes == kind]
            if len(mine) > per_kind:
                stop = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 1e-3)
                cv2.setRNGSeed(0)
                _, _, mine = cv2.kmeans(mine, per_kind, None, stop, 2, cv2.KMEANS_PP_CENTERS)
            rows.append(mine / np.maximum(np.linalg.norm(mine, axis=1, keepdims=True), 1e-9))
            kinds += [kind] * len(mine)
        return cls(np.array(kinds), np.vstack(rows).astype(np.float32), network)

    def save(self, path: Path) -> None:
        """Write to ``path`` (npz; the rows as float16)."""
        np.savez_compressed(path, codes=self.codes, rows=self.rows.astype(np.float16),
                            network=np.array(self.network))

    @classmethod
    def load(cls, path: Path) -> DrawnKinds:
        """Read ``path`` (``save``'s file); ValueError, KeyError or OSError where it is not one."""
        with np.load(path, allow_pickle=False) as data:
            codes, rows, network = data["codes"], data["rows"].astype(np.float32), str(data["network"])
        if rows.ndim != 2 or len(rows) != len(codes):
            raise ValueError(f"{path}: {len(codes)} kinds for {rows.shape} rows")
        return cls(codes.astype(str), rows, network)


class FaceEmbedding:
    """The network (an onnxruntime session): faces in, unit rows out."""

    def __init__(self, session: Any, digest: str = "", kinds: DrawnKinds | None = None) -> None:
        self.session = session
        self.input = session.get_inputs()[0].name
        #: what changes when the network does (a tile set's cached embeddings are of one)
        self.digest = digest
        #: each kind as many designs draw it, embedded by this network (None: none made by it)
        self.kinds = kinds if kinds is not None and kinds.network == digest else None

    def with_kinds(self, kinds: DrawnKinds) -> FaceEmbedding:
        """This network with ``kinds`` (kept only where this network embedded them)."""
        return FaceEmbedding(self.session, self.digest, kinds)

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
