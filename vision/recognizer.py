"""Find and name every tile in a photo with the shipped ONNX models (onnxruntime, no torch).

The recognizer runs its stages one way, each handing its result down (docs/recognizer.md):
find (``vision.find``: the detectors' boxes) → cut (``vision.cut``: crops of each box from the
full-resolution photo) → name (``vision.name``: the classifiers and a player's learnt set) →
check (``vision.check``: which named boxes are tiles, unsure, blank, backs or pieces) → arrange
(``vision.layout``, ``vision.hand_reader``: rows, melds and the hand, from the tiles this returns).
A detector trained on the tile codes themselves (one stage) is also accepted: its class names
say which it is. ``Recognizer``, ``Thresholds``, ``TileClassifier`` and ``MODELS_DIR`` are
importable from here; each stage's own names from its module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from assistant.errors import MahjongError

from .check import (
    OWN_BLANK,
    PIECE_PASSES,
    _blank_pieces,
    _body_sides,
    _coloured_back,
    _entry,
    _lettered,
    _lone_piece,
    _pale_blank,
    face_not_back,
    named_tiles,
    unlike_backs,
)
from .classes import BLANK_FACES, NOT_A_TILE
from .find import DEFAULT_THRESHOLDS, Finder, Found, Thresholds
from .name import Named, TileClassifier, listed_unsure
from .preprocess import blank_middle
from .sessions import (
    CLASSIFIER_FILE,
    CLOSEUP_DETECTOR_FILE,
    DETECTOR_FILE,
    FACES_DETECTOR_FILE,
    MODELS_DIR,
    TABLE_CLASSIFIER_FILE,
    TABLE_DETECTOR_FILE,
    _code,
    _session,
)
from .tileset import TileSet


class Recognizer(Finder):
    """The loaded models; create once with :meth:`load` and call :meth:`detect` per photo."""

    classifier: TileClassifier | None = None
    table_classifier: TileClassifier | None = None

    def __init__(self, detector: Any, classifier: TileClassifier | None,
                 thresholds: Thresholds = DEFAULT_THRESHOLDS, faces_detector: Any = None,
                 table_detector: Any = None, table_classifier: TileClassifier | None = None,
                 closeup_detector: Any = None) -> None:
        super().__init__(detector, thresholds, faces_detector, table_detector, closeup_detector)
        self.classifier = classifier
        #: what names the tiles of a whole table (``detect``'s ``whole_table``): the classifier
        #: with the whole-table classifier mixed in (``TABLE_CLASSIFIER_FILE``), else the classifier
        self.table_classifier = classifier
        if classifier is not None and table_classifier is not None:
            if table_classifier.codes != classifier.codes:
                raise MahjongError(f"the whole-table classifier {TABLE_CLASSIFIER_FILE} names other "
                                   f"classes than {CLASSIFIER_FILE}: export both from one class list",
                                   TABLE_CLASSIFIER_FILE)
            self.table_classifier = classifier.with_table(table_classifier)
        self.two_stage = set(self.det_names) <= {"tile", "back"}
        if self.two_stage and classifier is None:
            raise MahjongError("the detector finds tiles but does not name them, and the "
                               f"classifier model {CLASSIFIER_FILE} is missing")

    @classmethod
    def load(cls, models_dir: Path | str | None = None,
             thresholds: Thresholds = DEFAULT_THRESHOLDS) -> Recognizer:
        """Load the models from ``models_dir`` (default ``models/``); a clear error if missing."""
        folder = Path(models_dir) if models_dir else MODELS_DIR
        detector = folder / DETECTOR_FILE
        if not detector.is_file():
            raise MahjongError(f"the tile detector model {detector} is missing: train and export "
                               "it with `python -m vision.train detect` (see models/MODEL_CARD.md)",
                               str(detector))
        classifier = TileClassifier.load(folder) if (folder / CLASSIFIER_FILE).is_file() else None
        faces, table = folder / FACES_DETECTOR_FILE, folder / TABLE_DETECTOR_FILE
        closeup = folder / CLOSEUP_DETECTOR_FILE
        named_table = folder / TABLE_CLASSIFIER_FILE
        table_classifier = TileClassifier(_session(named_table)) if named_table.is_file() else None
        return cls(_session(detector), classifier, thresholds,
                   _session(faces) if faces.is_file() else None,
                   _session(table) if table.is_file() else None, table_classifier,
                   _session(closeup) if closeup.is_file() else None)

    def detect(self, image: np.ndarray, tileset: TileSet | None = None,
               faces_first: bool | None = None, lettered: bool = True,
               whole_table: bool = False) -> list[dict[str, Any]]:
        """Every tile: ``{"tile", "box": [x1, y1, x2, y2], "confidence", "detection"}``, and
        ``"unsure": true`` for a face named with little confidence (``UNSURE_REPORT``).

        ``confidence`` is how sure the tile's name is (the classifier's probability; for a
        face-down tile or a one-stage model, the detector's score); ``detection`` is the
        detector's score that a tile is there at all (see ``Thresholds`` for what is kept).
        A player's ``tileset`` (``vision.tileset``) helps name the tiles of his own set (his 白板
        told from a back by its learnt colour: ``OWN_BLANK``), and says
        which detector looks first (``TileSet.dark_faces``) unless ``faces_first`` is given.
        ``lettered``: unsure faces of a design not known are also named by the English name
        lettered on them (:func:`_lettered`; not where only the boxes are wanted, a layout).
        ``whole_table``: a photo of the whole table (the table reader), looked at with the
        whole-table detector where ``models/`` has one (``TABLE_DETECTOR_FILE``), and named by
        ``table_classifier``.
        """
        namer = self.table_classifier if whole_table and self.table_classifier else self.classifier
        if faces_first is None:
            faces_first = bool(tileset is not None and tileset.dark_faces)
        # asked for only at a table, so a stand-in ``find`` of one photo need not know the word
        found = self.find(image, faces_first, whole_table=True) if whole_table else self.find(
            image, faces_first)
        named = self._named(image, found, tileset, lettered, namer)
        tiles = named_tiles(image, named, self.thresholds, self.two_stage)
        for _ in range(PIECE_PASSES if self.two_stage and namer is not None else 0):
            tiles, whole = _blank_pieces(tiles)
            if not whole:
                break
            again, p = namer.name(image, np.array([b for b, _ in whole]),  # type: ignore[union-attr]
                                  np.ones(len(whole), bool), tileset,
                                  np.array([d for _, d in whole]), numbered=lettered)
            tiles += [_entry(image, code, box, detection, q) for code, (box, detection), q
                      in zip(again, whole, p, strict=True) if code != NOT_A_TILE]
        if self.two_stage and namer is not None:
            lone = _lone_piece(image, tiles, self.thresholds.inside) if tiles else None
            if lone is not None:  # pieces of the one tile the photo shows: read it whole
                again, p = namer.name(image, lone[None], np.ones(1, bool), tileset, numbered=lettered)
                tiles = [_entry(image, again[0], lone, max(t["detection"] for t in tiles), p[0])]
        tiles = _body_sides(tiles)
        if self.two_stage and lettered:
            tiles = _lettered(image, tiles)
        tiles.sort(key=lambda t: (round(t["box"][1] / max(1.0, t["box"][3] - t["box"][1])),
                                  t["box"][0]))
        return tiles

    def _named(self, image: np.ndarray, found: Found, tileset: TileSet | None, lettered: bool,
               namer: TileClassifier | None) -> Named:
        """The name stage: each box ``found`` holds named (a face by the classifiers, a back
        read as a face where it may be one), as a :class:`Named` handed down to checking."""
        boxes, scores, cls = found
        labels = [self.det_names[c] for c in cls]
        codes = list(labels)
        probs = scores.astype(float).copy()
        if self.two_stage:
            # a blank white face, close up, looks like a back to the detector: a pale, blank
            # "back" is read by the classifier too, and stays a back if it sees no tile there;
            # so is a blank "back" of the colour a player's set's 白板 was learnt in (a jade or
            # coloured face), which is his 白板 where the classifier sees no other face there
            def own_blank(i: int) -> bool:
                return tileset is not None and tileset.blank_like(image, boxes[i])

            own = {i for i, lab in enumerate(labels) if lab == "back" and own_blank(i)}
            pale = {i for i, lab in enumerate(labels) if lab == "back" and _pale_blank(image, boxes[i])}
            # the one tile of a photo, found face down: a face the player asks about (a jade or
            # red set's face, its few marks pale on a coloured body); blank, his 白板 if anything
            alone = {0} if labels == ["back"] else set()
            blank = bool(alone) and blank_middle(image, boxes[0]) is not None
            # a back unlike the photo's other backs in colour: a face perhaps (a red face)
            found_back = np.array([lab == "back" for lab in labels], bool) & (
                scores >= self.thresholds.score)
            unlike = set(np.flatnonzero(unlike_backs(image, boxes, found_back)).tolist()
                         ) - own - pale - alone
            backs_read = own | pale | alone | unlike
            faces = [i for i, lab in enumerate(labels) if lab == "tile" or i in backs_read]
            if faces and namer is not None:
                tile_there = scores[faces] >= self.thresholds.sure_tile
                tile_there[[j for j, i in enumerate(faces) if i in backs_read]] = False
                named, p = namer.name(image, boxes[faces], tile_there, tileset, scores[faces],
                                      numbered=lettered)
                for j, i in enumerate(faces):
                    codes[i], probs[i] = named[j], p[j]
                    if i in alone - own - pale and named[j] in (NOT_A_TILE, "back", *BLANK_FACES):
                        if blank:
                            codes[i] = OWN_BLANK
                            probs[i] = listed_unsure(max(p[j], scores[i]))
                        else:  # marks no face is named by: a back's pattern
                            codes[i], probs[i] = "back", scores[i]
                    elif i in backs_read and named[j] in (NOT_A_TILE, "back"):
                        codes[i], probs[i] = OWN_BLANK if i in own else "back", scores[i]
                    elif i in unlike and not face_not_back(named[j], p[j]):
                        codes[i], probs[i] = "back", scores[i]
                    elif i in own - pale and named[j] not in BLANK_FACES:
                        codes[i], probs[i] = "back", scores[i]  # its colour, another's face: a back
                    elif (named[j] in BLANK_FACES and _coloured_back(image, boxes[i])
                          and not own_blank(i) and len(boxes) > 1):
                        # among other tiles (a concealed kong, a wall); alone in the photo, a
                        # face the detector took for a tile is the one a player asks about: a
                        # mint or jade set's 白板 (a back alone says nothing)
                        codes[i], probs[i] = "back", scores[i]
        else:
            codes = [_code(lab) if lab != "back" else "back" for lab in labels]
        return Named(boxes, scores, codes, probs)
