"""The live page's reading: a still frame answered from the last reading, and a frame named only
where it changed since the client's previous one.

A frame showing the same scene as the last frame read in full (``vision.still``: its thumbnail
lined up by the camera's shift, no cell changed) is *held*: answered from that reading, its boxes
moved by the shift, without the detector or the classifiers. It is compared with the last frame
read in full, not the previous frame, so that a slow drift adds up and is read; and a frame is
read in full at least every :data:`REFRESH_S` seconds or :data:`REFRESH_FRAMES` frames, so that a
change the thumbnails missed is put right within that.

A frame read in full still shows mostly the tiles of the one before; naming them with the
classifiers is most of the recognizer's time (133 of 177 ms a frame under load, ~25 tiles, the
same whatever the frame's size). :func:`read_whole` runs the recognizer as it is
(``Recognizer.detect``), with its classifier wrapped by :class:`RememberingClassifier`: a box
whose place and look match one named in the previous frame read (:data:`SAME_PLACE` IoU and
:data:`SAME_LOOK` fingerprint distance) keeps that name and probability; only new or changed
boxes go to the classifiers, in one batch. What :func:`read_live` remembers (:class:`Memory`)
is handed back to the caller to keep per client (``assistant.service.live``), so this module
holds no state.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from .still import compare, thumbnail

#: A box is the same place as one of the previous frame's at this IoU or more.
SAME_PLACE = 0.7
#: ... and the same face when its fingerprint is this close (mean absolute difference of the
#: two normalised grey patches). Measured on 12 validation photos at 960 px, JPEG again at
#: quality 80: tiles of two different kinds are 0.25 apart at the least (0.43 at the 5th
#: percentile); one tile, its box moved 1-2 px, 0.18 at the median. Under the least between
#: kinds, so a changed face is always named again; a box that jitters more is merely named again.
SAME_LOOK = 0.2
#: The fingerprint's side: a grey patch this many pixels square, of the box's crop.
PRINT_SIDE = 16
#: At most this many named boxes are remembered of a frame (the rest are named every frame).
MAX_REMEMBERED = 256
#: A frame is read in full when the last full reading is this old (seconds) or has answered this
#: many frames (itself included): the longest a change the thumbnails missed stands on the page.
#: ``benchmarks/live_rate.py --seconds 30 --load 2`` (load average 9.5-11.8 on 2 CPUs): at 1 s /
#: 20 frames, 12.5-16.1 updates a second, median 41-48 ms, p95 156-243 ms, 90-92 % held; at
#: 2 s / 40 frames, 16.8-22.8 a second, median 28-41 ms, p95 91-146 ms, 95-96 % held. The
#: forced reading (the detector's pass, the classifiers skipped: 30 ms idle, 100-500 ms under
#: that load) is what the p95 is made of, so the longer bound keeps answers within 150 ms; a
#: missed change then stands at most 2 s (the thumbnails missed none in
#: ``benchmarks/still_scene.py``).
REFRESH_S = 2.0
REFRESH_FRAMES = 40


@dataclass
class Seen:
    """The named boxes of one frame, as the next frame is matched with them: each box, whether
    a tile was known to be there, its fingerprint, its code and probability, and what else the
    naming depended on (``tileset`` and ``numbered``, as :meth:`TileClassifier.name` took them)."""

    shape: tuple[int, ...] = ()
    boxes: list[np.ndarray] = field(default_factory=list)
    keys: list[tuple[Any, ...]] = field(default_factory=list)
    prints: list[np.ndarray] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    probs: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.codes)


@dataclass
class Reading:
    """The last frame of a client read in full: its thumbnail and shape, the tiles read, the
    tile set they were read with (:func:`set_key`), when it was read, how many frames it has
    answered since (held), and what the caller made of its tiles (``arranged``: the service's
    layout reading, which tiles all moved by one shift give again)."""

    thumb: np.ndarray
    shape: tuple[int, ...]
    tiles: list[dict[str, Any]]
    key: tuple[Any, ...] | None
    at: float
    holds: int = 0
    arranged: Any = None


@dataclass
class Memory:
    """What a client's live lane remembers between frames: the named boxes of its last frame
    read (:class:`Seen`, for naming only what changed) and that reading (:class:`Reading`, for
    holding a still frame)."""

    seen: Seen | None = None
    reading: Reading | None = None


def fingerprints(image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Each box's crop as a small grey patch, zero mean and unit spread (lighting aside)."""
    out = np.zeros((len(boxes), PRINT_SIDE * PRINT_SIDE), np.float32)
    h, w = image.shape[:2]
    for i, (x1, y1, x2, y2) in enumerate(np.asarray(boxes, float)):
        a, b = int(max(0, np.floor(x1))), int(min(w, np.ceil(x2)))
        c, d = int(max(0, np.floor(y1))), int(min(h, np.ceil(y2)))
        if b - a < 2 or d - c < 2:
            continue
        crop = image[c:d, a:b]
        grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
        patch = cv2.resize(grey, (PRINT_SIDE, PRINT_SIDE), interpolation=cv2.INTER_AREA)
        patch = patch.astype(np.float32).ravel()
        out[i] = (patch - patch.mean()) / (patch.std() + 4.0)
    return out


def iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The IoU of each box of ``a`` (n×4) with each of ``b`` (m×4)."""
    a, b = np.asarray(a, float).reshape(-1, 4), np.asarray(b, float).reshape(-1, 4)
    x1 = np.maximum(a[:, None, 0], b[None, :, 0])
    y1 = np.maximum(a[:, None, 1], b[None, :, 1])
    x2 = np.minimum(a[:, None, 2], b[None, :, 2])
    y2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9)


def set_key(tileset: Any) -> tuple[Any, ...] | None:
    """What a player's tile set's naming depends on: its name and the examples it holds (an
    example taught or removed between two frames makes the previous frame's names stale)."""
    if tileset is None:
        return None
    return (getattr(tileset, "name", None), getattr(tileset, "model", None),
            tuple(getattr(tileset, "ids", ())), getattr(tileset, "dark_faces", None))


class RememberingClassifier:
    """A ``TileClassifier`` that names only the boxes not matched in ``previous``; everything
    else (its codes, its features) is the wrapped classifier's."""

    def __init__(self, inner: Any, previous: Seen | None, shape: tuple[int, ...]) -> None:
        self.inner = inner
        # boxes are in the pixels of a frame of one size: another size is another frame
        self.previous = previous if previous is not None and previous.shape == shape else None
        self.seen = Seen(shape)
        self.reused = 0
        self.named = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def name(self, image: np.ndarray, boxes: np.ndarray, tile_there: np.ndarray | None = None,
             tileset: Any = None, scores: np.ndarray | None = None,
             numbered: bool = False) -> tuple[list[str], np.ndarray]:
        """As :meth:`vision.name.TileClassifier.name`, the boxes seen in the previous frame
        answered from it and the rest named by the classifiers in one batch."""
        boxes = np.asarray(boxes, float).reshape(-1, 4)
        there = (np.zeros(len(boxes), bool) if tile_there is None
                 else np.asarray(tile_there, bool))
        prints = fingerprints(image, boxes)
        keys = [(bool(t), numbered, set_key(tileset)) for t in there]
        codes: list[str | None] = [None] * len(boxes)
        probs = np.zeros(len(boxes))
        prev = self.previous
        if prev is not None and len(prev) and len(boxes):
            overlap = iou(boxes, np.array(prev.boxes))
            looks = np.abs(prints[:, None, :] - np.array(prev.prints)[None, :, :]).mean(axis=2)
            # the detector's box jitters by a pixel or two on a still picture: the crop at the
            # previous box's very place is compared too, so only a changed face counts
            near = overlap >= SAME_PLACE
            for j in np.flatnonzero(near.any(axis=0)):
                here = np.abs(fingerprints(image, prev.boxes[j][None])[0] - prev.prints[j]).mean()
                looks[near[:, j], j] = np.minimum(looks[near[:, j], j], here)
            taken: set[int] = set()
            for i in range(len(boxes)):
                fits = [j for j in np.argsort(-overlap[i]) if overlap[i, j] >= SAME_PLACE
                        and j not in taken and prev.keys[j] == keys[i] and looks[i, j] < SAME_LOOK]
                if fits:
                    j = int(fits[0])
                    taken.add(j)
                    codes[i], probs[i] = prev.codes[j], prev.probs[j]
        rest = [i for i, c in enumerate(codes) if c is None]
        if rest:
            named, p = self.inner.name(image, boxes[rest], there[rest] if tile_there is not None
                                       else None, tileset,
                                       None if scores is None else np.asarray(scores)[rest],
                                       numbered=numbered)
            for k, i in enumerate(rest):
                codes[i], probs[i] = named[k], float(p[k])
        self.reused += len(boxes) - len(rest)
        self.named += len(rest)
        for i in range(len(boxes)):
            if len(self.seen) < MAX_REMEMBERED:
                self.seen.boxes.append(boxes[i])
                self.seen.keys.append(keys[i])
                self.seen.prints.append(prints[i])
                self.seen.codes.append(str(codes[i]))
                self.seen.probs.append(float(probs[i]))
        return [str(c) for c in codes], probs


def moved(tiles: list[dict[str, Any]], shift: tuple[float, float], shape: tuple[int, ...]
          ) -> list[dict[str, Any]]:
    """``tiles`` with their boxes moved by ``shift`` (x, y pixels), kept within the frame."""
    dx, dy = shift
    h, w = shape[:2]
    out = []
    for tile in tiles:
        x1, y1, x2, y2 = tile["box"]
        box = [min(max(x1 + dx, 0.0), w), min(max(y1 + dy, 0.0), h),
               min(max(x2 + dx, 0.0), w), min(max(y2 + dy, 0.0), h)]
        out.append({**tile, "box": [round(v, 1) for v in box]})
    return out


def read_live(recognizer: Any, image: np.ndarray, previous: Memory | None,
              tileset: Any = None, now: float = 0.0, hold: bool = True
              ) -> tuple[list[dict[str, Any]], Memory, dict[str, Any]]:
    """The recognizer's tiles in ``image`` (as ``detect`` gives them), what to remember of this
    frame for the next, and how it was answered: ``frame`` ``"held"`` (the scene of the last
    reading, moved by ``shift``) or ``"read"`` (``reused`` and ``named`` boxes). ``now`` is the
    caller's clock in seconds; ``hold=False`` reads every frame."""
    previous = previous or Memory()
    last = previous.reading
    thumb = thumbnail(image)
    if (hold and last is not None and last.shape == image.shape and last.key == set_key(tileset)
            and now - last.at < REFRESH_S and last.holds + 1 < REFRESH_FRAMES):
        seen = compare(last.thumb, thumb, image.shape)
        if seen.same_scene():
            held = replace(last, holds=last.holds + 1)
            return (moved(last.tiles, seen.shift, image.shape), Memory(previous.seen, held),
                    {"frame": "held", "shift": [round(v, 1) for v in seen.shift]})
    tiles, named, stats = read_whole(recognizer, image, previous.seen, tileset)
    reading = Reading(thumb, image.shape, tiles, set_key(tileset), now)
    return tiles, Memory(named, reading), {"frame": "read", **stats}


def read_whole(recognizer: Any, image: np.ndarray, previous: Seen | None,
               tileset: Any = None) -> tuple[list[dict[str, Any]], Seen | None, dict[str, int]]:
    """The recognizer's tiles in ``image`` (as ``detect`` gives them), what to remember of this
    frame for the next, and how many boxes were ``reused`` and ``named``. A recognizer without
    a classifier (one stage, or the service's stub) reads the frame whole and remembers nothing."""
    classifier = getattr(recognizer, "classifier", None)
    if classifier is None:
        tiles = (recognizer.detect(image) if tileset is None
                 else recognizer.detect(image, tileset))
        return tiles, None, {"reused": 0, "named": len(tiles)}
    remembering = RememberingClassifier(classifier, previous, image.shape)
    reader = copy.copy(recognizer)  # the shared recognizer is left as it is for other threads
    reader.classifier = remembering
    tiles = reader.detect(image, tileset)
    return tiles, remembering.seen, {"reused": remembering.reused, "named": remembering.named}
