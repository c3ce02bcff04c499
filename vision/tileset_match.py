"""Reading a photo's tiles with a player's tile set: each tile likened to the set's examples by
the classifiers' features and the face network, and the learnt
kinds' say weighed against the classifier's reading (docs/tilesets.md).

:class:`TileSet` is the kept examples (:class:`vision.tileset_store.TileSetExamples`) with this
matching; :mod:`vision.tileset` is the set's public face.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import cv2
import numpy as np

from assistant.errors import MahjongError

from .classes import BLANK_FACES
from .face_embedding import (
    FACE_SIZE,
    FaceEmbedding,
    best_of_each_kind,
    body_cut_nearness,
    view_angles,
    way_up,
    way_views,
    ways_for,
)
from .face_match import turned_back, turned_cuts
from .find import DEFAULT_THRESHOLDS
from .preprocess import TILE_ASPECT, blank_middle
from .tileset_looks import Look, unit_rows
from .tileset_store import TileSetExamples

#: Similarity (cosine) above which a learnt kind decides a tile; softness of that step and the
#: temperature turning similarities into a distribution over the learnt kinds (measured in
#: ``python -m vision.evaluate_designs``; docs/tilesets.md).
TRUST_AT = 0.70
TRUST_SOFTNESS = 0.10
TEMPERATURE = 0.05
#: The face network's say (``vision.face_embedding``): the cosine of a tile's and each example's
#: embeddings is added to their features' similarity (every example's, where the models hold the
#: network), only where the tile lies at least this near some example in the network's space: a view
#: like those it learnt (a tile lying face up, seen from above). A tile standing in a rack, seen
#: from low, is foreshortened as no layout photo or close-up is; the network then puts it nearer
#: nothing (0.46-0.61 in rendered hands of gen-12) and its say would only add noise (7 筒 read
#: 9 筒). 0.65: between the 2nd and the 5th percentile of the valid designs' close-ups' nearest
#: example (unturned; ``vision.train_faces``): 0.572 / 0.678 with faces-a, 0.583 / 0.680 with
#: faces-c; 0.682 / 0.754 with faces-d, kept at 0.65: table scenes read 0.785 → 0.800 with it
#: (``python -m vision.evaluate_designs --scenes 30``).
EMBED_SURE = 0.65
#: ... and only to a tile whose longer side spans this many pixels of the photo: the network reads
#: 48 × 64; a tile far smaller (a webcam's whole table) is a guess at that size.
EMBED_MIN_SIDE = 32
# ... and whose longer side is at most ``preprocess.TILE_ASPECT`` times its shorter: a box
# squashed further (a photo stretched flat: `valid` holds some, tiles 640 × 50 px) stretched to
# the network's 48 × 64 is no face it learnt (likened to the kinds as drawn, two such tiles read
# right turned wrong, one wrong turned right).

#: Where the network spoke (``EMBED_SURE``) the features' similarity counts this share: the
#: network tells one set's kinds apart better than the classifiers' features, not trained for it
#: (one-shot on held-out designs 0.996, ``train_faces``; the features 0.958, ``train_metric``);
#: where the two disagree, each sure of itself (a sage 2 萬 the features put at 3 萬 by 0.22, the
#: network at 2 萬 by 0.15), the network is the likelier right. Half: after one layout photo
#: the ten held-out sets read 0.977 → 0.980, after three 0.981 → 0.982 (``python -m
#: vision.evaluate_designs --learn 1 3``).
SPOKE_FEATURES = 0.5
#: The classifier's say among the learnt kinds: this share of its log-probability added to
#: their logits (similarity / ``TEMPERATURE``), each kind counted at most ``CLASSIFIER_SPAN``
#: below the classifier's top (a tenth of its probability): it breaks the near ties the set
#: leaves (its top-1 was right in all 7 misreads after one layout photo of gen-500..503) and
#: moves a reading by 0.058 of similarity at most, so an unfamiliar design it misreads with
#: confidence, or a player's correction, is not overruled (docs/tilesets.md).
CLASSIFIER_SAY = 0.5
CLASSIFIER_SPAN = math.log(10)
#: A tile whose view nearest an example (the face network's, ``face_embedding.EMBED_ANGLES``)
#: is turned this many degrees or more lies askew: its features, made as it lies, are unlike the
#: upright examples' (after one layout photo the ten held-out sets' close-ups read 0.745 where
#: the nearest view is the most turned, ±30°, 0.98-0.99 elsewhere), so it is compared by the mean
#: of its features' similarity as it lies and turned back upright (docs/recognizer.md, "Which way up").
TURN_BACK_FROM = 25.0
#: A second trust, for a tile the face network spoke for (``EMBED_SURE``) and the classifier
#: reads as a kind the set has learnt (its best tile kind: whether a tile lies there at all
#: stays its say, so a first "no tile" does not hold the set back): the choice then
#: lies between learnt kinds, and where the set's best kind (features, faces and network
#: together) stands this far above its second, the set decides though the features alone lie
#: far from every example (below ``trust_at``).
#: A tile of a kind not learnt keeps the classifier's reading as before (its reading is then
#: not a learnt kind). Measured in ``python -m vision.evaluate_designs`` (docs/tilesets.md). The
#: step is as soft as the first trust's (``TRUST_SOFTNESS``; at 0.05 for it instead, no set read
#: otherwise, learnt jade included: ``benchmarks/recognizer_ablation.py --every 4``).
STANDS_OUT = 0.15
#: ... but never for a box lying inside another, larger box of the photo as a piece of it does
#: (``Thresholds.inside``), nor for that larger box: a piece of a tile (a stroke of a jade 5 萬
#: found apart) or a box holding a tile and the cloth around it (a gen-12 7 萬 close-up), which
#: the set's say would make sure; where the detector's scores are given, only the one of the two
#: scored lower (``nested``): the dark green set's SPR close-up (0.86) held a box round it and
#: the cloth (0.20). At 0.5 of its area instead, every set read the same
#: (``benchmarks/recognizer_ablation.py --every 4``, models/MODEL_CARD.md).
#: A blank face is the set's 白板 where its colour (CIELAB, OpenCV's 0-255 scale) lies this near
#: the learnt 白板's: within ``BLANK_CHROMA`` in a and b together and ``BLANK_LIGHTNESS`` in L.
#: Rendered close-ups of a set's 白板 (kmj-jade, gen-12 and gen-14 on coloured faces, 12 each)
#: differ from its layout photo's by 1-15 in chroma (one 23) and -24-+30 in L; the backs of
#: kmj-jade's red-faced set in rendered tables by 21 or more in chroma (2 of 43 within 30).
BLANK_CHROMA = 20.0
BLANK_LIGHTNESS = 35.0


#: The features of the boxes of a picture (one unit row a box), made as a set's are matched:
#: ``TileClassifier.features`` with the set's ``pale_ink``.
FeaturesOf = Callable[[np.ndarray, np.ndarray], np.ndarray]


def nested(boxes: np.ndarray, inside: float | None = None, read: Sequence[str] | None = None,
           scores: Sequence[float] | np.ndarray | None = None) -> np.ndarray:
    """Which ``boxes`` (x1, y1, x2, y2) lie at least ``inside`` (``Thresholds.inside``) of their
    area within another, larger box, or hold such a box: a piece of a tile, a box around a tile.
    With ``read`` (a kind a box), two boxes read as one kind are one tile seen twice, not a piece
    and its whole.
    With the detector's ``scores``, of two such boxes only the one scored lower: the tile scores
    above a piece of it and above a box round it and the cloth.

    >>> boxes = np.array([[0, 0, 100, 100], [10, 10, 40, 30], [90, 0, 190, 100], [300, 0, 340, 50]])
    >>> nested(boxes).tolist(), nested(boxes, read=["6f", "6f", "1m", "2m"]).tolist()
    ([True, True, False, False], [False, False, False, False])
    >>> nested(boxes, scores=[0.2, 0.9, 0.8, 0.8]).tolist()
    [True, False, False, False]
    """
    inside = DEFAULT_THRESHOLDS.inside if inside is None else inside
    boxes = np.asarray(boxes, float).reshape(-1, 4)
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    w = np.minimum(boxes[:, None, 2], boxes[None, :, 2]) - np.maximum(boxes[:, None, 0], boxes[None, :, 0])
    h = np.minimum(boxes[:, None, 3], boxes[None, :, 3]) - np.maximum(boxes[:, None, 1], boxes[None, :, 1])
    share = np.maximum(w, 0) * np.maximum(h, 0) / np.maximum(area[:, None], 1e-9)
    piece = (share >= inside) & (area[None, :] > area[:, None])  # [i, j]: i a piece of j
    if read is not None:
        piece &= np.asarray(read)[:, None] != np.asarray(read)[None, :]
    if scores is not None:
        score = np.asarray(scores, float)
        return (piece & (score[:, None] <= score[None, :])).any(axis=1) | (
            piece & (score[None, :] <= score[:, None])).any(axis=0)
    return piece.any(axis=1) | piece.any(axis=0)


def network_reads(box: Sequence[float] | np.ndarray) -> bool:
    """Whether the face network is asked about the tile in ``box`` (x1, y1, x2, y2): its longer
    side ``EMBED_MIN_SIDE`` or more, at most ``TILE_ASPECT`` times its shorter.

    >>> network_reads([0, 0, 48, 64]), network_reads([0, 0, 20, 28]), network_reads([0, 0, 640, 50])
    (True, False, False)
    """
    long, short = sorted((box[2] - box[0], box[3] - box[1]), reverse=True)
    return bool(long >= EMBED_MIN_SIDE and long <= TILE_ASPECT * short)



class TileSet(TileSetExamples):
    """A player's tile set: its kept examples, and the reading of a photo's tiles with them."""

    def similarities(self, features: np.ndarray, codes: list[str]) -> np.ndarray:
        """For each row of ``features``, the best cosine similarity to each of ``codes``'s
        examples (-1 where the kind has none)."""
        return self._by_kind(self._to_examples(features), codes)

    def _to_examples(self, features: np.ndarray) -> np.ndarray:
        """Cosine similarity of each row of ``features`` to each example (one column each)."""
        feats = unit_rows(np.asarray(features, np.float32))
        if len(self.codes) and len(feats) and feats.shape[1] != self.vectors.shape[1]:
            raise MahjongError(
                f"tile set {self.name} was learnt with another classifier: learn it again", self.name)
        if not len(self.codes) or not len(feats):
            return np.zeros((len(feats), len(self.codes)), np.float32)
        return feats @ self.vectors.T

    def _by_kind(self, sims: np.ndarray, codes: list[str]) -> np.ndarray:
        """Per-example ``sims`` as the best of each of ``codes``'s examples (-1 for none)."""
        return best_of_each_kind(sims, self.codes, codes)

    def embedding_scores(self, image: np.ndarray, boxes: np.ndarray, faces: FaceEmbedding,
                         looks: Sequence[Look | None] | None = None) -> np.ndarray:
        """What each example adds to a tile's similarity (one row a tile of ``boxes`` in
        ``image``, one column an example): the cosine of their embeddings by
        the face network ``faces``, the tile turned back as it best matches (the way up it
        lies, then ``EMBED_ANGLES`` about it: :meth:`_network_say`); nothing for a tile the
        network does not read (:func:`network_reads`) or near no example (``EMBED_SURE``), nor
        where the set keeps an example without a look.
        ``looks``: the tiles already cut (``Look.cut`` of each box), else cut here."""
        return self._network_say(image, boxes, faces, looks)[0]

    def _network_say(self, image: np.ndarray, boxes: np.ndarray, faces: FaceEmbedding,
                     looks: Sequence[Look | None] | None = None, probs: np.ndarray | None = None,
                     codes: Sequence[str] = ()) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`embedding_scores`, and the turn (degrees, -180 to 180) of each tile's view
        nearest an example where the network spoke (0 elsewhere): how far the tile lies askew,
        upside down or on its side. Each tile is looked at each of ``WAYS`` up first
        (``SIDE_WAYS`` too where its box is near square or wider: ``ways_for``), the way it lies taken
        by ``face_embedding.way_up`` (with a reading of each tile ``probs``, columns ``codes``,
        where given: :meth:`combine` gives the features' and the classifier's), then turned
        about that way by ``EMBED_ANGLES``; a tile near no example so is also looked at without
        its body's side, each way (``face_embedding.body_cut_views``: seen from low), and a view
        cut short is never likened to a blank 白板."""
        out = np.zeros((len(boxes), len(self.codes)), np.float32)
        turns = np.zeros(len(boxes))
        if not len(boxes) or not len(self.codes) or any(look is None for look in self.looks):
            return out, turns
        cuts: list[tuple[int, np.ndarray, tuple[float, float, float, float]]] = []
        for k, box in enumerate(boxes):
            if not network_reads(box):
                continue
            look = Look.cut(image, box) if looks is None else looks[k]
            if look is not None:
                cuts.append((k, look.pixels()[0], look.box))
        if not cuts:
            return out, turns
        tried = [ways_for(boxes[k]) for k, _, _ in cuts]
        each_way = faces([view for (_, around, box), ways in zip(cuts, tried, strict=True)
                          for view in way_views(around, box, ways)])
        examples = self._embeddings(faces)
        first = each_way @ examples.T
        kinds = list(self.kinds())
        near = self._by_kind(first, kinds)  # one row a way a tile was looked at
        column = {code: i for i, code in enumerate(codes)}
        way_of, taken, start = [], [], 0
        for (k, _, _), ways in zip(cuts, tried, strict=True):
            reading = np.ones(len(kinds))  # without a reading: nearness alone
            if probs is not None:
                reading = np.array([probs[k][column[c]] if c in column else 0.0 for c in kinds])
            way = way_up(near[start:start + len(ways)], reading, TEMPERATURE)
            way_of.append(ways[way])
            taken.append(first[start + way])
            start += len(ways)
        views: list[np.ndarray] = []
        owner: list[int] = []
        angles: list[float] = []
        for n, (_, around, box) in enumerate(cuts):
            way = way_of[n]
            about = tuple(a for a in view_angles(box, way) if a != way)
            views += turned_cuts(around, box, about, FACE_SIZE)
            owner += [n] * len(about)
            angles += about
        sims = faces(views) @ examples.T if views else np.zeros((0, len(self.codes)), np.float32)
        owners = np.array(owner, int)
        seen, turned = [], []  # each tile's views' similarities, and the turn of each view
        for n in range(len(cuts)):
            mine = np.flatnonzero(owners == n)
            seen.append(np.vstack([taken[n][None], sims[mine]]))
            turned.append([way_of[n], *(angles[i] for i in mine)])
        # a tile near no example as boxed: perhaps seen from low, its body's side in its box;
        # without it, a face cut short is never likened to a blank 白板
        unknown = [n for n in range(len(cuts)) if seen[n].max() < EMBED_SURE]
        cut_sims, cut_of = body_cut_nearness([(cuts[n][1], cuts[n][2], tried[n]) for n in unknown],
                                             faces, lambda embedded: embedded @ examples.T, self.codes)
        for (j, k), row in zip(cut_of, cut_sims, strict=True):
            seen[unknown[j]] = np.vstack([seen[unknown[j]], row[None]])
            turned[unknown[j]].append(tried[unknown[j]][k])
        for n, (k, _, _) in enumerate(cuts):
            nearest = seen[n].max(axis=0)
            if nearest.max() >= EMBED_SURE:  # a view the network knows
                out[k] = nearest
                turn = turned[n][int(seen[n].max(axis=1).argmax())]
                turns[k] = (turn + 180.0) % 360.0 - 180.0
        return out, turns

    def _embeddings(self, faces: FaceEmbedding) -> np.ndarray:
        """Every example's embedding by ``faces`` (one row each), made once from its look."""
        if self._embedded[0] != faces.digest:
            self._embedded = (faces.digest, {})
        made = self._embedded[1]
        todo = [k for k, key in enumerate(self.ids) if key not in made]
        if todo:
            rows = faces([self.looks[k].pixels()[1] for k in todo])  # type: ignore[union-attr]
            made.update((self.ids[k], row) for k, row in zip(todo, rows, strict=True))
        return np.stack([made[key] for key in self.ids])

    def blank_colour(self) -> np.ndarray | None:
        """The colour (CIELAB) of the set's 白板 as learnt: the median of its blank examples'
        middles; None where no 白板 with a look was learnt. Made once for the examples held."""
        blanks = tuple(i for i, code in zip(self.ids, self.codes, strict=True) if code in BLANK_FACES)
        if self._blank is None or self._blank[0] != blanks:
            middles = []
            for i in blanks:
                look = self.looks[self.ids.index(i)]
                middle = None if look is None else blank_middle(look.pixels()[0], look.box,
                                                                cv2.COLOR_BGR2LAB)
                if middle is not None:
                    middles.append(middle)
            self._blank = (blanks, np.median(middles, axis=0) if middles else None)
        return self._blank[1]

    def blank_like(self, image: np.ndarray, box: Sequence[float] | np.ndarray) -> bool:
        """Whether the tile in ``box`` of ``image`` shows a blank face of the colour this set's
        白板 was learnt in (``BLANK_CHROMA``, ``BLANK_LIGHTNESS``): the player's own 白板, which
        on a jade or coloured set the detector takes for a back."""
        learnt = self.blank_colour()
        middle = blank_middle(image, box, cv2.COLOR_BGR2LAB) if learnt is not None else None
        if learnt is None or middle is None:
            return False
        return bool(np.hypot(*(middle[1:] - learnt[1:])) <= BLANK_CHROMA
                    and abs(middle[0] - learnt[0]) <= BLANK_LIGHTNESS)

    def combine(self, probs: np.ndarray, features: np.ndarray, codes: list[str],
                image: np.ndarray | None = None, boxes: np.ndarray | None = None,
                trust_at: float = TRUST_AT, faces: FaceEmbedding | None = None,
                features_of: FeaturesOf | None = None, scores: np.ndarray | None = None
                ) -> np.ndarray:
        """The classifier's probabilities ``probs`` (one row a tile, columns ``codes``) read
        with this set: a tile close to learnt examples takes the learnt kinds' distribution
        (softmax of the similarities; the face network's where it knows the view, the tiles
        given as ``boxes`` of ``image``,
        the features' then counted at ``SPOKE_FEATURES``; the classifier's reading breaking near
        ties, ``CLASSIFIER_SAY``), weighed by how close the features are (from ``trust_at``: the
        features' own scale, or a metric head's) or, where the face network spoke and the
        classifier reads a learnt kind, by how far the set's best stands out (``STANDS_OUT``);
        otherwise the classifier's stays. A tile the network finds lying askew or upside down
        is compared by its features as it lies and turned back upright (``TURN_BACK_FROM``;
        ``features_of`` gives the features of boxes of a picture as ``features`` were made).
        ``scores``: the detector's for ``boxes``, which of two boxes one
        inside the other is the tile (``nested``).
        The ``none`` column (no tile) is left to the classifier."""
        to_examples = self._to_examples(features)
        by_features = self._by_kind(to_examples, codes)
        learnt = by_features > -1
        if not learnt.any():
            return probs
        spoke = np.zeros(len(probs), bool)  # the tiles the face network had a say over
        seen = np.zeros(to_examples.shape, np.float32)
        lean = np.log(np.maximum(probs, 1e-12))
        lean = CLASSIFIER_SAY * np.maximum(lean, lean.max(axis=1, keepdims=True) - CLASSIFIER_SPAN)
        if image is not None and boxes is not None:
            boxes = np.asarray(boxes, float)
            # the network looks at every tile: each is cut once for it
            looks = None if faces is None else [Look.cut(image, box) for box in boxes]
            lying = None  # how far each tile lies turned, where the network says
            if faces is not None:
                # which way up a tile lies, the features and the classifier say which kind it
                # may be (both learnt tiles turned every way): their reading of it as a set's
                reading = _softmax(np.where(learnt, by_features / TEMPERATURE + lean, -np.inf))
                network, lying = self._network_say(image, boxes, faces, looks, reading, codes)
                spoke = network.any(axis=1)
                seen += network
                if features_of is not None:
                    askew_too = self._askew_too(to_examples, image, boxes, lying, features_of)
                    if askew_too is not to_examples:  # some tile lay askew
                        to_examples, by_features = askew_too, self._by_kind(askew_too, codes)
        best = np.where(learnt, by_features, -np.inf).max(axis=1)
        say = np.where(spoke, SPOKE_FEATURES, 1.0)[:, None]
        sims = self._by_kind(say * to_examples + seen, codes)
        near = _softmax(np.where(learnt, sims / TEMPERATURE + lean, -np.inf))
        trust = 1.0 / (1.0 + np.exp(-(best - trust_at) / TRUST_SOFTNESS))
        if spoke.any():  # the network knows the view: between learnt kinds, the set's clear best
            # the classifier's tile: its best kind but "none" (whether a tile lies there at all
            # stays its say, below); a tile it reads as a kind not learnt keeps its reading
            as_tile = np.where([code == "none" for code in codes], -np.inf, probs)
            read_learnt = learnt[np.arange(len(probs)), as_tile.argmax(axis=1)]
            ranked_at = np.where(learnt, sims, -np.inf)
            # the network spoke: the boxes are given, but for a piece of a tile or a box around
            # one, which the set reads otherwise than the tile (one tile boxed twice reads alike)
            read_learnt &= ~nested(boxes, read=[codes[k] for k in ranked_at.argmax(axis=1)], scores=scores)
            ranked = -np.sort(-ranked_at, axis=1)
            second = ranked[:, 1] if ranked.shape[1] > 1 else np.full(len(probs), -np.inf)
            apart = np.where(np.isfinite(second), ranked[:, 0] - second, np.inf)
            clear = 1.0 / (1.0 + np.exp(-(apart - STANDS_OUT) / TRUST_SOFTNESS))
            trust = np.where(spoke & read_learnt, np.maximum(trust, clear), trust)
        out = (1 - trust[:, None]) * probs + trust[:, None] * near * probs.sum(axis=1, keepdims=True)
        if "none" in codes:  # what the classifier gave "no tile" stays so
            k = codes.index("none")
            out[:, k] = probs[:, k]
            rest = [i for i in range(len(codes)) if i != k]
            scale = (1 - probs[:, k]) / np.maximum(out[:, rest].sum(axis=1), 1e-9)
            out[:, rest] *= scale[:, None]
        return out

    def _askew_too(self, to_examples: np.ndarray, image: np.ndarray, boxes: np.ndarray,
                   turns: np.ndarray, features_of: FeaturesOf) -> np.ndarray:
        """``to_examples`` (a tile's features' cosine to each example), for a tile lying turned
        ``TURN_BACK_FROM`` degrees or more (``turns``), the mean of it and its features' turned
        back upright (``face_match.turned_back``), as the layout's examples stand."""
        askew = np.flatnonzero(np.abs(turns) >= TURN_BACK_FROM)
        if not len(askew):
            return to_examples
        # the tiles turned back side by side in one picture, their features made in one pass
        # (each turned picture holds half a tile's side about it: no crop reaches the next)
        turned = [turned_back(image, boxes[k], float(turns[k])) for k in askew]
        height = max(picture.shape[0] for picture, _ in turned)
        pictures, upright, left = [], [], 0
        for picture, box in turned:
            pictures.append(np.pad(picture, ((0, height - picture.shape[0]), (0, 0), (0, 0))))
            upright.append(box + [left, 0, left, 0])
            left += picture.shape[1]
        feats = np.asarray(features_of(np.hstack(pictures), np.array(upright)), np.float32)
        if feats.ndim != 2 or feats.shape[1] != self.vectors.shape[1]:
            return to_examples  # no box could be cut (none has features)
        cut = np.linalg.norm(feats, axis=1) > 0  # a box too small to cut has none
        out = to_examples.copy()
        out[askew[cut]] = (out[askew[cut]] + self._to_examples(feats[cut])) / 2
        return out


def _softmax(logits: np.ndarray) -> np.ndarray:
    """Each row of ``logits`` (some -inf: left out) as probabilities."""
    near = np.exp(logits - logits.max(axis=1, keepdims=True))
    return near / near.sum(axis=1, keepdims=True)
