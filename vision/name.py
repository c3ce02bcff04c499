"""Name: the classifiers (and a player's learnt set) naming each cut face.

The third stage of the recognizer (docs/recognizer.md, "Two stages", "Designs never seen").
"""

from __future__ import annotations

import copy
import hashlib
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from assistant.errors import MahjongError

from . import caption
from .classes import FEATURES_OUTPUT, NOT_A_TILE, TILE_CLASSES
from .cut import CROP_VIEWS, TURNED_VIEWS, WIDER_VIEWS, cut_views, pale_ink_at
from .face_embedding import (
    FACES_FILE,
    KINDS_FILE,
    DrawnKinds,
    FaceEmbedding,
    body_cut_nearness,
    way_up,
    ways_for,
)
from .face_marks import box_pixels, framed_middle
from .face_match import quarter_turned
from .metric_head import METRIC_FILE, MetricHead
from .preprocess import classifier_input
from .self_taught import KINDS_NEAR, SURE, taught_by_photo
from .sessions import CLASSIFIER_FILE, DESIGNS_FILE, MODELS_DIR, TABLE_SHARE, _code, _names, _session
from .set_counts import held_to_set
from .tileset import EMBED_SURE, TEMPERATURE, TRUST_AT, Look, TileSet, network_reads, unit_rows

#: With the second classifier, tile sets are learnt and matched on both classifiers' features
#: side by side, each a unit row weighing as much (``TileSet`` vectors twice as wide), not on the
#: first's alone.
FEATURES_OF_BOTH = True

#: The second classifier's share of the averaged probabilities (the first's is the rest). On a
#: design neither was trained on the first is often sure and wrong (a 6 筒 read 4 筒 at 0.99,
#: the second 6 筒 at 0.94); at 0.6 instead of 0.5 the held-out designs gen-12..15 read 0.929 /
#: 0.929 / 0.964 / 0.952 → 0.952 / 0.976 / 0.988 / 0.988 before learning, `valid` the same tile
#: accuracy (0.9685), one photo fewer entirely right (``python -m vision.evaluate_designs``,
#: ``python -m vision.evaluate``).
SECOND_SHARE = 0.6

#: A tile still unsure whose ink is paler than its face (``preprocess.pale_ink``: a jade, black
#: or dark green set) is read in the same views of its ``lightness_negative`` too, and this
#: share of that reading mixed in: the classifier learnt dark ink on pale faces. One-tile photos
#: of the dark green set with pale ink (gen-14 coloured) and kmj-jade read right 0.726 / 0.571
#: without, 0.762 / 0.595 at half; the negative alone 0.786 / 0.595 but after one layout photo
#: 0.881 / 0.655 against 0.905 / 0.667 at half, and more misread silently (docs/recognizer.md,
#: "Designs never seen"). Sets with dark ink are not looked at again.
NEGATIVE_SHARE = 0.5

#: A tile named with less probability than this is reported ``"unsure"``: listed among the
#: tiles to check rather than taken silently (the hand reader's and the service's doubts start
#: at 0.5 too). A 白板 named over a face with marks (``preprocess.face_is_blank``) is unsure
#: too, its confidence capped there: an unfamiliar face is never silently a blank.
UNSURE_REPORT = 0.5


def listed_unsure(confidence: float = 1.0) -> float:
    """``confidence`` capped just under ``UNSURE_REPORT``: a reading reported but listed among the
    tiles to check. A photo whose one tile the detector finds face down, blank (a coloured face:
    a jade or red set's 白板 close up, which the detector, trained on light faces, takes for a
    back) is read as 白板 so: a player photographs one tile to have it read, and a back alone
    says nothing (a lone back photographed is read so too; docs/recognizer.md, "Unsure tiles").

    >>> listed_unsure(0.9), listed_unsure(0.3)
    (0.49, 0.3)
    """
    return min(float(confidence), UNSURE_REPORT - 0.01)


#: Where no tile set is learnt, a tile's reading is weighed by its similarity to each kind as the
#: metric head's training designs draw it, ``exp(similarity / KINDS_TEMPERATURE)``
#: (``TileClassifier._as_drawn``); its confidence stays the classifier's probability of the kind
#: chosen, so that a kind the classifier doubted is reported unsure. On single tiles of the six
#: held-out designs (true boxes, 84 a design, ten sets): top-1 0.875 → 0.899, real ``valid``
#: tiles 0.984 → 0.983 (0.05: 0.892 / 0.980; 0.2: 0.895 / 0.983).
KINDS_TEMPERATURE = 0.1

# ... among the kinds the classifier gives at least ``self_taught.KINDS_NEAR`` of its best
# kind's probability only: it breaks the classifier's near ties ...

#: ... in a photo whose tiles the classifier reads with a median probability under this only:
#: one of a design it does not know. Real photos of the design it was trained on are read
#: surely; on them the drawn kinds set 6 tiles right for 9 they set wrong in a third of
#: ``valid`` (the drawn kinds are rendered designs' only). At 0.9 instead, one-tile photos of
#: the ten held-out sets read one more right upright (a jade 6 筒), one fewer upside down and two
#: fewer on their side, of 840 each; `valid` the same.
KINDS_FAMILIAR = 0.6

# ... and, first, by its face's nearness ``s`` to each kind as the face network's training
# designs draw it (``face_embedding.DrawnKinds``), ``exp((s - best) / TEMPERATURE)``
# over all kinds: the network, trained to tell one set's kinds apart, likens a face of a new
# design to the same kind of other designs better than the classifier names it where the design
# is far from those it learnt. Weighed after the features' kinds, whose ``KINDS_NEAR`` had
# already shut out the right kind, the dark green set read 0.929 and jade 0.702 before
# learning; first, 0.976 and 0.810 (0.809 and 0.619 without; docs/recognizer.md, "Designs never
# seen"). The temperature is a learnt set's (``tileset.TEMPERATURE``): the same likening of a face
# to kinds' examples.

#: A face named with less probability than this is asked for the index numeral printed on it
#: (``caption.read_numerals``: sets sold abroad print 1-9 on their suited tiles), in a photo
#: whose faces are named with a median probability under it too: real photos of the design the
#: classifier was trained on are read surely (median 0.99 or more), and it costs them nothing
#: (``TileClassifier._numbered``; docs/recognizer.md, "Names and marks on a face"). At 0.9
#: (``self_taught.SURE``) held-out hands read 1 face of 202 fewer right
#: (``benchmarks/recognizer_ablation.py --every 4``).
NUMERAL_ASK = 0.95

#: A numeral read says the rank, and the kind of that rank the classifier likes best is taken
#: if it gives it at least this share of its best kind's probability: a pip's part or a stroke
#: read as a digit names a kind the classifier rules out (with no floor, of the ten held-out
#: sets' one-tile photos 8 read right were set wrong for 4 set right).
NUMERAL_PLAUSIBLE = 0.005

#: A face framed round an empty middle, named unsurely as something else, is read as this
#: (``TileClassifier._framed``).
FRAMED_BLANK = "P"


class Named(NamedTuple):
    """What the name stage hands down to checking: the found boxes (x1, y1, x2, y2 in photo
    pixels) and the detector's scores as :class:`vision.find.Found` gave them, each box's tile
    code and how sure that name is (the classifier's probability; for a box not read, a back
    the detector found, its score)."""

    boxes: np.ndarray
    scores: np.ndarray
    codes: list[str]
    probs: np.ndarray


class TileClassifier:
    """Stage two: names face-up tiles from crops of the full-resolution photo."""

    def __init__(self, session: Any, batch: int = 64, second: TileClassifier | None = None,
                 fingerprint: str = "", metric: MetricHead | None = None,
                 features_of: str | None = None, faces: FaceEmbedding | None = None) -> None:
        self.session = session
        #: the face network a tile set's examples are compared by too (``vision.face_embedding``);
        #: None where the models hold none
        self.faces = faces
        #: the learnt map a tile set is matched in (``vision.metric_head``); None: the features
        #: as the classifiers give them
        self.metric = metric
        #: the fingerprint of the classifiers' features alone (without ``metric``): what a
        #: metric head is trained for
        self.features_of = fingerprint if features_of is None else features_of
        #: which models (and way of joining their features) this is: a tile set's vectors are of
        #: one (``TileSet.refit``); "" where not known (a classifier built from a session alone)
        self.fingerprint = fingerprint
        self.batch = batch
        shape = session.get_inputs()[0].shape
        self.size = int(shape[-1])
        self.fixed_batch = isinstance(shape[0], int)  # exported for one batch size
        if self.fixed_batch:
            self.batch = shape[0]
        names = _names(session)
        self.codes = [_code(n) for n in names] if names else TILE_CLASSES[:42]
        outputs = [out.name for out in session.get_outputs()]
        #: the classifier's second output, its last layer's input (``vision.train.add_feature_
        #: output``): what a player's tile set (``vision.tileset``) is matched on
        self.has_features = FEATURES_OUTPUT in outputs
        if second is not None and second.codes != self.codes:
            raise MahjongError(f"the second classifier {DESIGNS_FILE} names other classes than "
                               f"{CLASSIFIER_FILE}: export both from one class list")
        #: the many-designs classifier (``DESIGNS_FILE``), which reads every crop too
        self.second = second
        self.table: TileClassifier | None = None  # mixed in by ``with_table``

    @classmethod
    def load(cls, models_dir: Path | str | None = None) -> TileClassifier:
        folder = Path(models_dir) if models_dir else MODELS_DIR
        path = folder / CLASSIFIER_FILE
        if not path.is_file():
            raise MahjongError(f"the tile classifier model {path} is missing: train and export it "
                               "with `python -m vision.train classify`", str(path))
        designs = folder / DESIGNS_FILE
        second = cls(_session(designs)) if designs.is_file() else None
        # "1.0": the second's features weigh as much as the first's, as sets learnt before said
        digest = hashlib.sha256(f"features of both: {FEATURES_OF_BOTH} 1.0".encode())
        for model in (path, designs) if second else (path,):
            digest.update(model.read_bytes())
        features_of = fingerprint = digest.hexdigest()[:16]
        metric = None
        if (folder / METRIC_FILE).is_file():
            try:
                metric = MetricHead.load(folder / METRIC_FILE)
            except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
                raise MahjongError(f"the metric head {folder / METRIC_FILE} cannot be read: train it "
                                   "again with `python -m vision.train_metric`", str(folder / METRIC_FILE)
                                   ) from exc
            if metric.features_of != fingerprint:  # trained on other classifiers' features
                metric = None
            else:  # a set learnt without the head (or with another) is matched again (refit)
                fingerprint = hashlib.sha256(f"{fingerprint} {metric.digest()}".encode()).hexdigest()[:16]
        faces = None
        if (folder / FACES_FILE).is_file():
            try:
                faces = FaceEmbedding.load(folder / FACES_FILE, _session)
            except Exception as exc:  # onnxruntime's own errors of a damaged or foreign file
                raise MahjongError(f"the face network {folder / FACES_FILE} cannot be read: train it "
                                   "again with `python -m vision.train_faces`", str(folder / FACES_FILE)
                                   ) from exc
            if (folder / KINDS_FILE).is_file():
                try:
                    faces = faces.with_kinds(DrawnKinds.load(folder / KINDS_FILE))
                except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
                    raise MahjongError(f"the tile kinds {folder / KINDS_FILE} cannot be read: make them "
                                       "again with `python -m vision.train_faces --kinds-only`",
                                       str(folder / KINDS_FILE)) from exc
        return cls(_session(path), second=second, fingerprint=fingerprint, metric=metric,
                   features_of=features_of, faces=faces)

    def with_table(self, table: TileClassifier) -> TileClassifier:
        """This classifier with ``table``'s probabilities mixed in (``TABLE_SHARE``)."""
        out = copy.copy(self)
        out.table = table
        return out

    def features(self, image: np.ndarray, boxes: np.ndarray, negative_too: bool = False
                 ) -> np.ndarray:
        """Each box's features (mean of the ``CROP_VIEWS`` crops', one unit row a box; zeros
        for a box too small to cut): what :class:`vision.tileset.TileSet` learns and matches.
        With ``negative_too`` (a set whose ink is paler than its faces), averaged with those of
        the crops' lightness negatives (:meth:`_with_negative`)."""
        if not self.has_features:
            raise MahjongError("this tile classifier model gives no features to learn a tile set "
                               "from: export it again with `python -m vision.train export classify`")
        _, feats, _, _ = self._read(image, boxes)
        return self._with_negative(image, boxes, feats) if negative_too else feats

    def _with_negative(self, image: np.ndarray, boxes: np.ndarray, feats: np.ndarray,
                       known: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """``feats`` (``_read``'s) averaged with the features of the boxes' crops in their
        ``lightness_negative`` (``known``: which boxes' are read already, and those features):
        what a set with pale ink is matched on. The classifier learnt dark ink on pale faces;
        its features tell a jade set's white strokes apart better turned dark, and the two
        together best (docs/recognizer.md, "Designs never seen")."""
        if not len(feats.T):
            return feats
        negative = np.zeros_like(feats)
        rest = np.ones(len(boxes), bool)
        if known is not None:
            negative[known[0]], rest[known[0]] = known[1], False
        if rest.any():
            got = self.negative_features(image, boxes[rest])
            if got.shape[1] == negative.shape[1]:  # none wide (no features) where no box could be cut
                negative[rest] = got
        return unit_rows(feats + negative)

    def negative_features(self, image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """The features of the boxes' ``CROP_VIEWS`` crops in their ``lightness_negative``, as
        ``_read`` gives those of the crops as they are (in the metric head where there is one)."""
        negative: np.ndarray | None = None
        for _, index, _, feat in self._views(image, boxes, CROP_VIEWS, negative=True):
            if feat is None:  # a model without features
                break
            if negative is None:
                negative = np.zeros((len(boxes), feat.shape[1]), np.float32)
            negative[index] += feat
        if negative is None:
            return np.zeros((len(boxes), 0), np.float32)
        return self._mapped(negative / len(CROP_VIEWS))

    def _mapped(self, feats: np.ndarray) -> np.ndarray:
        """Summed or mean features as a tile set compares them: in the metric head, unit rows."""
        return self.metric(feats) if self.metric is not None and len(feats.T) else unit_rows(feats)

    def _read(self, image: np.ndarray, boxes: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Probabilities and unit features averaged over ``CROP_VIEWS``, which boxes were cut
        (not too small) and the widest view's reading of each."""
        probs = np.zeros((len(boxes), len(self.codes)))
        feats: np.ndarray | None = None
        seen = np.zeros(len(boxes), dtype=bool)
        widest = np.zeros(len(boxes), dtype=int)
        wide_view = max(CROP_VIEWS, key=lambda view: (view[0], view[1] == 0))  # upright if any
        for (pad, degrees), index, view, feat in self._views(image, boxes, CROP_VIEWS):
            probs[index] += view
            if feat is not None:
                if feats is None:
                    feats = np.zeros((len(boxes), feat.shape[1]), np.float32)
                feats[index] += feat
            seen[index] = True
            if (pad, degrees) == wide_view:
                widest[index] = view.argmax(axis=1)
        probs /= len(CROP_VIEWS)
        if feats is None:
            feats = np.zeros((len(boxes), 0), np.float32)
        return probs, self._mapped(feats), seen, widest

    def name(self, image: np.ndarray, boxes: np.ndarray, tile_there: np.ndarray | None = None,
             tileset: TileSet | None = None, scores: np.ndarray | None = None,
             numbered: bool = False) -> tuple[list[str], np.ndarray]:
        """The code and probability of each box's tile (``back`` and 0 for a box too small).

        Each tile is read in the crops of ``CROP_VIEWS`` and the probabilities averaged: the
        views disagree where one alone would be confidently wrong. A tile still unsure
        (``SURE``) is read in ``TURNED_VIEWS`` and ``WIDER_VIEWS`` too; one whose ink is paler
        than its face, in those views' lightness negatives as well (``NEGATIVE_SHARE``; its
        features and its negative's are likened to the kinds as drawn). Boxes marked in
        ``tile_there`` are known to hold a tile: they are never read as no tile (``none``).
        With a player's ``tileset`` each tile is matched with its learnt examples too
        (``TileSet.combine``; a set with pale ink on its features and its negative's,
        ``TileSet.pale_ink``; ``scores``, the detector's, say which of two boxes one inside the
        other is the tile); without one, with each kind as many designs draw it
        (``_as_drawn``) and, in a whole table, the photo's own sure tiles (``self_taught``),
        the probability given staying the classifier's; no kind more often than a set holds it
        (``set_counts``). ``numbered``: a face read unsurely is also named by the index numeral
        printed on it (:meth:`_numbered`).
        """
        probs, feats, seen, widest = self._read(image, boxes)
        best = probs.argmax(axis=1)
        no_tile = self.codes.index(NOT_A_TILE) if NOT_A_TILE in self.codes else -1
        unsure = np.flatnonzero(seen & (probs[np.arange(len(boxes)), best] < SURE)
                                & (best != no_tile))
        again_views = TURNED_VIEWS + WIDER_VIEWS
        if len(unsure) and again_views:
            again = probs[unsure] * len(CROP_VIEWS)
            for _, index, view, _ in self._views(image, boxes[unsure], again_views):
                again[index] += view
            probs[unsure] = again / (len(CROP_VIEWS) + len(again_views))
        pale = unsure[[pale_ink_at(image, box) for box in boxes[unsure]]]
        drawn_feats = feats
        pale_negative = np.zeros((0, feats.shape[1]), np.float32)  # their negatives' features
        if len(pale) and NEGATIVE_SHARE:
            views = CROP_VIEWS + again_views
            negative = np.zeros((len(pale), len(self.codes)))
            negative_feats = np.zeros((len(pale), feats.shape[1]), np.float32)
            read = self._views(image, boxes[pale], views, negative=True)
            for n, (_, index, view, feat) in enumerate(read):
                negative[index] += view
                if n < len(CROP_VIEWS) and feat is not None:  # the views features are read in
                    negative_feats[index] += feat
            probs[pale] = (1 - NEGATIVE_SHARE) * probs[pale] + NEGATIVE_SHARE * negative / len(views)
            if len(feats.T):  # likened to the kinds as drawn (``_as_drawn``) in both
                pale_negative = self._mapped(negative_feats / len(CROP_VIEWS))
                drawn_feats = feats.copy()
                drawn_feats[pale] = unit_rows(feats[pale] + pale_negative)
        if tileset is not None and len(tileset.codes):
            # matched last, on the classifier's whole reading: mixed in before the turned
            # views, the set's say was diluted by six views of the classifier's alone
            # (kmj-traditional, 3 layouts learnt: 0.738 → see models/MODEL_CARD.md)
            if not self.has_features:
                self.features(image, boxes[:0])  # the error saying why
            tileset.refit(self)  # its vectors made this classifier's, from their looks
            if tileset.pale_ink:  # matched as its examples were learnt
                known = (pale, pale_negative) if len(pale_negative) else None
                feats = self._with_negative(image, boxes, feats, known)
            trust_at = self.metric.trust_at if self.metric is not None else TRUST_AT
            pale_set = tileset.pale_ink
            probs = tileset.combine(probs, feats, self.codes, image, boxes, trust_at, self.faces,
                                    lambda picture, at: self.features(picture, at, pale_set),
                                    scores)
            choice = probs
        else:
            choice = self._as_drawn(probs, drawn_feats, image, boxes)
            choice = taught_by_photo(choice, probs, self.codes, feats)  # a whole table: its own set
        choice = held_to_set(choice, seen, self.codes, boxes, scores)  # one photo, one set
        best = choice.argmax(axis=1)
        if no_tile >= 0:
            # A tight crop of a blank face shows no edge of the tile and looks like bare table:
            # only the widest view, which sees the tile's edges, may say that no tile is there.
            overruled = (best == no_tile) & (widest != no_tile)
            if tile_there is not None:
                overruled |= (best == no_tile) & tile_there
            tiles_only = choice[overruled]
            tiles_only[:, no_tile] = -1.0
            best[overruled] = tiles_only.argmax(axis=1)
        given = np.where(seen, probs[np.arange(len(boxes)), best], 0.0)
        if numbered:
            best, given = self._numbered(image, boxes, choice, best, given)
            best, given = self._framed(image, boxes, best, given)
        codes = [self.codes[k] if s else "back" for k, s in zip(best, seen, strict=True)]
        return codes, given

    def _numbered(self, image: np.ndarray, boxes: np.ndarray, choice: np.ndarray,
                  best: np.ndarray, given: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``best`` and ``given`` with each face named under ``NUMERAL_ASK`` (least sure first,
        ``caption.MAX_FACES`` of them; in a photo whose faces' median is under it too) whose
        index numeral is read (``caption.read_numerals``) and disagrees with its name renamed
        the kind numbered so (:func:`caption.numbered_kinds`) ``choice`` likes best, if
        ``NUMERAL_PLAUSIBLE``; its probability then that kind's share of those kinds. A numeral
        read as one digit one way up and another the other way (6 and 9) names either rank: a
        name of either agrees. A flower or season numbered as its place in its four agrees; an
        honour never does. A face named a flower, season or honour is renamed only where that
        name was unsure (``UNSURE_REPORT``): jade's spring, numbered 1, had a mark read 4 on
        it, and was read 4萬 once its set was learnt."""
        if not caption.available():
            return best, given
        unsure = _unsure_faces(self.codes, best, given)
        asked = [int(i) for i in np.argsort(given, kind="stable") if unsure[i]][:caption.MAX_FACES]
        if not asked:
            return best, given
        best, given = best.copy(), given.copy()
        for i, ranks in zip(asked, caption.read_numerals(image, boxes[asked]), strict=True):
            named = self.codes[best[i]]
            if not ranks or any(caption.numbered_as(named, rank) for rank in ranks):
                continue
            if named[-1] not in "mps" and given[i] >= UNSURE_REPORT:
                continue  # a flower or an honour named surely: a mark on it read as a digit
            kinds = [self.codes.index(code) for rank in ranks for code in caption.numbered_kinds(rank)
                     if code in self.codes]
            k = max(kinds, key=lambda col: choice[i, col])
            if choice[i, k] >= NUMERAL_PLAUSIBLE * choice[i].max():
                best[i] = k
                given[i] = choice[i, k] / max(float(choice[i, kinds].sum()), 1e-30)
        return best, given

    def _framed(self, image: np.ndarray, boxes: np.ndarray, best: np.ndarray, given: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
        """``best`` and ``given`` with each face named other than 白板 under ``UNSURE_REPORT`` (in
        a photo whose faces' median is under ``NUMERAL_ASK``) that is a frame round an empty
        middle (``face_marks.framed_middle``) named ``FRAMED_BLANK``, just under the report line
        (``listed_unsure``): still a tile to check. kmahjongg's traditional 白板 is a
        lattice of squares round an empty room; a classifier that never saw it read 8条."""
        if FRAMED_BLANK not in self.codes:
            return best, given
        blank = self.codes.index(FRAMED_BLANK)
        asked = np.flatnonzero(_unsure_faces(self.codes, best, given) & (given < UNSURE_REPORT)
                               & (best != blank))
        best, given = best.copy(), given.copy()
        for i in asked:
            face = box_pixels(image, boxes[i])
            if face is not None and framed_middle(face):
                best[i], given[i] = blank, listed_unsure()
        return best, given

    def _as_drawn(self, probs: np.ndarray, feats: np.ndarray, image: np.ndarray | None = None,
                  boxes: np.ndarray | None = None) -> np.ndarray:
        """``probs`` weighed by how like each kind as many designs draw it each tile is: in the
        classifiers' features (the metric head's training designs, ``MetricHead.kinds``, at
        ``KINDS_TEMPERATURE``) and in the face network's space (the tile's face in ``boxes`` of
        ``image``: ``TEMPERATURE``): what a tile is taken for where no tile set is
        learnt, in a photo of a design the classifier does not know (``KINDS_FAMILIAR``). The
        tile kinds' total and the ``none`` column stay the classifier's."""
        read = probs.sum(axis=1) > 0  # boxes cut
        if not read.any() or np.median(probs[read].max(axis=1)) >= KINDS_FAMILIAR:
            return probs  # a design the classifier knows
        out = probs
        if image is not None and boxes is not None and self.faces is not None and self.faces.kinds:
            out = self._faces_drawn(out, image, boxes, read)  # over all kinds: first
        if self.metric is not None and self.metric.kinds is not None and len(feats.T):
            drawn = [(k, self.codes.index(code)) for k, code in enumerate(self.metric.kind_codes)
                     if code in self.codes]
            sims = self.metric.kind_similarities(feats)[:, [k for k, _ in drawn]]
            cols = [col for _, col in drawn]
            reading = out[:, cols]
            out = out.copy()
            near = reading >= KINDS_NEAR * reading.max(axis=1, keepdims=True)
            weighed = np.where(near, reading * np.exp((sims - 1.0) / KINDS_TEMPERATURE), reading * 1e-6)
            out[:, cols] = weighed * (reading.sum(axis=1, keepdims=True)
                                      / np.maximum(weighed.sum(axis=1, keepdims=True), 1e-30))
        return out

    def _faces_drawn(self, probs: np.ndarray, image: np.ndarray, boxes: np.ndarray,
                     read: np.ndarray) -> np.ndarray:
        """``probs`` of the tiles ``read`` weighed by ``exp((s - best) / TEMPERATURE)``,
        s the face's nearness to each kind as many designs draw it (``FaceEmbedding.kinds``)
        the way up it lies (``face_embedding.way_up``: as it lies or turned over, a tile on its
        side stood up either way; a tile near no drawing also without its body's side,
        :meth:`_without_body_side`); tiles the network does not read (``tileset.network_reads``)
        keep theirs."""
        kinds = self.faces.kinds  # type: ignore[union-attr]
        known = set(kinds.codes.tolist())
        cols = [k for k, code in enumerate(self.codes) if code in known]
        rows, views, tried, looks = [], [], [], []
        for i in np.flatnonzero(read):
            box = boxes[i]
            look = Look.cut(image, box) if network_reads(box) else None
            if look is not None:
                rows.append(i)
                tile = look.pixels()[1]
                ways = [quarter_turned(tile, way) for way in ways_for(box)]
                views += ways
                tried.append(len(ways))
                looks.append((look, ways_for(box)))
        if not rows:
            return probs
        col_codes = [self.codes[k] for k in cols]
        near = kinds.similarities(self.faces(views), col_codes)  # type: ignore[misc]
        near = self._without_body_side(near, looks, col_codes)
        reading = probs[np.ix_(rows, cols)]
        starts = np.cumsum([0, *tried[:-1]])
        sims = np.array([near[start + way_up(near[start:start + n], reading[r], TEMPERATURE)]
                         for r, (start, n) in enumerate(zip(starts, tried, strict=True))])
        out = probs.copy()
        weighed = reading * np.exp((sims - sims.max(axis=1, keepdims=True)) / TEMPERATURE)
        out[np.ix_(rows, cols)] = weighed * (reading.sum(axis=1, keepdims=True)
                                             / np.maximum(weighed.sum(axis=1, keepdims=True), 1e-30))
        return out

    def _without_body_side(self, near: np.ndarray, looks: list[tuple[Look, tuple[float, ...]]],
                           codes: list[str]) -> np.ndarray:
        """``near`` (a row for each way each tile of ``looks``, its look and its ways, was looked
        at: its nearness to each kind of ``codes`` as drawn) with, for a tile near no drawing
        (``EMBED_SURE``), each way's nearness the better of it and its views cut short of the
        body's side (``body_cut_views``: a tile seen from low), never likened to a blank 白板."""
        kinds = self.faces.kinds  # type: ignore[union-attr]
        tried = [len(ways) for _, ways in looks]
        starts = np.cumsum([0, *tried[:-1]])
        unknown = [n for n, (start, count) in enumerate(zip(starts, tried, strict=True))
                   if near[start:start + count].max() < EMBED_SURE]
        cut, cut_of = body_cut_nearness(
            [(looks[n][0].pixels()[0], looks[n][0].box, looks[n][1]) for n in unknown],
            self.faces, lambda embedded: kinds.similarities(embedded, codes), codes)  # type: ignore[arg-type]
        if not cut_of:
            return near
        near = near.copy()
        for (j, k), sims in zip(cut_of, cut, strict=True):
            row = starts[unknown[j]] + k
            near[row] = np.maximum(near[row], sims)
        return near

    def _views(self, image: np.ndarray, boxes: np.ndarray,
               views: tuple[tuple[float, int], ...], negative: bool = False
               ) -> Iterator[tuple[tuple[float, int], np.ndarray, np.ndarray, np.ndarray | None]]:
        """Each view with the indices of the boxes cut in it (not too small), their
        probabilities and features (None when the model gives none); the crops of all views go
        through the classifier together (cut by ``cut.cut_views``)."""
        crops, cut = cut_views(image, boxes, views, self.size, negative)
        if crops:
            out, feats = self._run(crops)
        else:
            out, feats = np.zeros((0, len(self.codes))), None
        start = 0
        for view, index in zip(views, cut, strict=True):
            part = slice(start, start + len(index))
            yield view, index, out[part], None if feats is None else feats[part]
            start += len(index)

    def _run(self, crops: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
        """Class probabilities (and features, where the model gives them) of crops, in batches
        of the model's size."""
        name = self.session.get_inputs()[0].name
        wanted = [self.session.get_outputs()[0].name] + ([FEATURES_OUTPUT] if self.has_features else [])
        out, feats = [], []
        for start in range(0, len(crops), self.batch):
            chunk = crops[start:start + self.batch]
            batch = classifier_input(chunk, self.size)
            if self.fixed_batch and len(chunk) < self.batch:  # pad to the exported size
                pad = np.zeros((self.batch - len(chunk), *batch.shape[1:]), dtype=batch.dtype)
                batch = np.concatenate([batch, pad])
            got = self.session.run(wanted, {name: batch})
            out.append(got[0][:len(chunk)])
            if self.has_features:
                feats.append(got[1][:len(chunk)])
        probs = np.concatenate(out)
        features = np.concatenate(feats) if feats else None
        if self.second is not None:
            # every crop read by both, the two readings averaged (``SECOND_SHARE``). Averaged
            # only for the tiles the first was unsure of, or only on the wide view, valid read
            # worse than with the first alone (models/MODEL_CARD.md).
            second, more = self.second._run(crops)
            probs = (1 - SECOND_SHARE) * probs + SECOND_SHARE * second
            if FEATURES_OF_BOTH and features is not None and more is not None:
                # tile sets match on both classifiers' features, each a unit row: the second's,
                # learnt on many designs, tell a new design's kinds apart better
                features = np.hstack([unit_rows(features), unit_rows(more)])
        if self.table is not None:
            probs = (1 - TABLE_SHARE) * probs + TABLE_SHARE * self.table._run(crops)[0]
        return probs, features


def _unsure_faces(codes: list[str], best: np.ndarray, given: np.ndarray) -> np.ndarray:
    """Which tiles named ``best`` (indices into ``codes``) with probability ``given`` are faces
    named under ``NUMERAL_ASK``, in a photo whose faces' median is under it too (none
    otherwise: a photo of the design the classifier knows is read surely)."""
    tile_kinds = [k for k, code in enumerate(codes) if code not in (NOT_A_TILE, "back")]
    faces = (given > 0) & np.isin(best, tile_kinds)
    if not faces.any() or np.median(given[faces]) >= NUMERAL_ASK:
        return np.zeros(len(best), bool)
    return faces & (given < NUMERAL_ASK)

