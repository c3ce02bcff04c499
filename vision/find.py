"""Find: where the tiles of a photo lie (the detectors, and the looks taken at odd photos).

The first stage of the recognizer (docs/recognizer.md): boxes, detection scores and classes,
nothing named yet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

import cv2
import numpy as np

from assistant.errors import MahjongError
from assistant.tiles import RANKS

from .face_match import SQUARE_WITHIN
from .pieces import TILE_SHAPE, _covered, _drop_pieces, _whole_tiles
from .preprocess import letterbox
from .sessions import (
    CLOSEUP_DETECTOR_FILE,
    DETECTOR_FILE,
    FACES_DETECTOR_FILE,
    TABLE_DETECTOR_FILE,
    _detector_names,
)
from .windows import (
    FAR_LOOK,
    FAR_SHARE,
    GUESS_SIZE,
    TABLE_LOOKS,
    TURNED_LOOK,
    WHOLE_TABLE,
    short_side,
    turned_back,
)
from .windows import windows as _windows


@dataclass(frozen=True)
class Thresholds:
    """Detection score to keep a box (``blank_score`` for a box the classifier reads as a blank
    face surely enough to report it so, ``name.UNSURE_REPORT``), IoU for suppressing
    duplicates, the share of a box inside a better one that makes it a piece of that tile
    (``inside``; ``same_inside`` when both boxes read the same tile; ``holds`` for a worse box
    round a better one), crop batch size.

    Blank white dragons score 0.15-0.35 with the detector (54 of 280 on valid missed at 0.35);
    kept down to 0.2 when read as blank: tile accuracy 0.944 -> 0.950, photos all right
    45.3 % -> 50.7 %, 2 more extra boxes. Any tile down to 0.2 instead: 131 more extra boxes.

    A tile found twice is mostly the same tile with a box partly off it. On the 296 valid photos
    (models/MODEL_CARD.md), pieces at 0.7 only / also at 0.5 when both read the same tile: extra
    boxes 158 / 122, photos all right 40.5 % / 45.3 %, tile accuracy 0.944 both. Lower shares
    drop real tiles: 0.5 for any tile 7 more on valid (stacked tiles), 0.4 for the same tile
    4 more in 60 rendered scenes (a pung standing in perspective overlaps that much). With the
    classifier classify-gpu64, any tile at 0.6 instead of 0.7: extra boxes 124 / 120, photos
    54.4 % / 55.4 %, no tile lost on valid, one in the rendered scenes (5 fewer extra there).

    A close-up tile can be found twice the other way round, its face above the box round its
    whole body (``holds``: the face lies that much inside; ``check._drop_holders``): with the second
    detector detect-faces3 the one-tile photos of the held-out designs came out as one box in
    96.4 / 96.4 / 97.6 / 95.2 / 98.8 % (gen-12..15, kmj-traditional), 97.6 / 98.8 / 97.6 / 100 /
    100 % with the holder dropped; `valid` unchanged (0.9688 / 0.9627 / 72.3 %, with the designs
    classifier classify-designs64k).
    A holder the detector is unsure of (under ``sure_tile``) is dropped whatever it reads: a tile
    filling half a close-up, found (0.53-0.56) and found again with the cloth around it (0.37-0.39),
    the holder read another kind (gen-12's 7 萬 as 3 花, its sage 南 as 西, gen-13's 9 萬); before
    learning the ten held-out sets read 0.945 → 0.950, `valid` unchanged.

    A box the detector scores ``sure_tile`` or more holds a tile, whatever the classifier says:
    of the boxes the classifier read as no tile on valid, with detect-gpu-11300027-320 those
    scored 0.61-0.84 were all on labelled tiles (17: blank white dragons on one rack style,
    tiles of squashed photos) and of those scored 0.35-0.54 all but one on no labelled tile
    (36: rack slots, parts of tiles); with detect-gpu-11300126-320 (shipped), 29 of the 32
    scored 0.55 or more and 1 of the 11 scored lower.

    A face-down tile (``back``) is kept only in a tile's shape (``TILE_SHAPE``), and from
    ``back_score`` unless two other tiles lie within a tile's width (a wall, a concealed kong:
    from ``score``): a back has no face to tell it from the table, and a striped or patterned
    cloth in a close-up of one tile came out as 1-7 backs scored 0.36-0.52 (one-tile photos of
    a design never seen, ``python -m vision.evaluate_designs``). On 15 rendered scenes of gen-12,
    backs found: 22 of 49 from 0.35 as before, 19 from 0.45 for all, 22 with this rule. A
    weak back from ``floor`` in a row with a sure tile of its size (``caption.ROW_LIKE``, ``ROW_GAP``)
    is kept too, and a coloured blank "白板" is a back (``BACK_SATURATION``): on 30 rendered
    scenes made to find backs in (``evaluate_designs --backs 30``: concealed kongs, a discard
    face down, opponents' rows), backs found 0.643 → 0.674 (gen-12), 0.638 → 0.661
    (kmj-traditional), 2 more extra boxes in each; the backs of concealed kongs alone (72 in 36
    hands) 22 → 39; valid unchanged.
    """

    score: float = 0.35
    blank_score: float = 0.2
    iou: float = 0.5
    inside: float = 0.6
    same_inside: float = 0.5
    holds: float = 0.9
    sure_tile: float = 0.55
    back_score: float = 0.45
    batch: int = 64

    @property
    def floor(self) -> float:
        """The lowest detection score any box may be kept at."""
        return min(self.score, self.blank_score)


#: The thresholds the shipped models were measured with (``Recognizer.load``'s default).
DEFAULT_THRESHOLDS = Thresholds()


#: When the detector finds fewer tiles than this, the photo is looked at again in other ways and
#: the look that finds the most (by summed score) is kept; a photo of a table finds its tiles in
#: the first look, so only odd photos pay for the others (about 35 ms a look). Not 3: a detector
#: trained longer puts 3-5 boxes of ordinary shape on a squashed photo's blur (its 18 tiles,
#: 16 times as tall as wide, were then all missed).
FEW_TILES = 6

#: The photo may be squashed out of shape (some exporters squash any photo into a square: tiles
#: up to 12 times as wide as tall): it is looked at narrowed along one axis by these factors.
ASPECT_LOOKS = ((1 / 3, 1.0), (1 / 6, 1.0), (1 / 10, 1.0), (1.0, 1 / 3), (1.0, 1 / 6), (1.0, 1 / 10))


#: A close-up of one tile is bigger than any tile the detector learnt from: it is looked at
#: zoomed out, in a frame this many times the photo's size (its edges extended).
ZOOM_OUT = 3.0

#: Tiles whose short side comes out under this many pixels of the detector's input are too small
#: for it (a webcam frame of the whole table): the photo is looked at again in overlapping
#: windows, each scaled so that its tiles' short side comes out ``CLOSE_TILE`` pixels (the
#: median of valid photos is 23). Measured on every 3rd valid photo set in a frame 2 / 3 times its
#: size (``vision.evaluate --wide 2|3 --every 3``; upright 68.7 % all right): photos all right
#: 39.4 / 5.1 % without closer looks, 56.6 / 51.5 % from 14 pixels, 58.6 / 52.5 % from 16 (tile
#: accuracy 0.900 / 0.340 -> 0.939 / 0.901), 54.5 % at 3 times from 18 but 13 -> 44 boxes on no
#: labelled tile upright. From 16, 10 of the 296 valid photos read otherwise: 5 fewer tiles
#: missed, 2 fewer misread, 26 more boxes, which are tiles of the discard piles the labeller left
#: out (looked at by eye) and found only closer.
SMALL_TILE = 16.0

#: Where the second detector took a photo for a close-up but the first detector's few tiles were
#: too small (a table far off, seen whole by the second as one tile), the first's closer looks
#: are kept only when they find this many tiles: at 6, pieces of one dark tile seen closer won
#: (coloured gen-12 one box 86.9 % against 90.5 %); a webcam's view of a table at 3× (`python -m
#: vision.evaluate --wide 3 --every 3`): 0.8943 → 0.9085 tile accuracy.
FAR_TABLE = 12

#: A photo whose first look found ``FEW_TILES`` or more tiles, all in one tile-shaped patch of at
#: most ``PIPS_PATCH`` of the photo (the pips of a tile filling a third to a half of the frame:
#: 0.01-0.16 on the held-out designs' one-tile photos; the tiles of 15 of the first 100 `valid`
#: photos lie in a patch of 0.21-0.40, and looking again cost those 15 ms a photo at the median),
#: may be a close-up of one dark or coloured tile whose pips (circles, sticks, the strokes of a
#: flower) the first detector took for small white tiles: the second detector looks too, as it is
#: and zoomed out, and a tile it finds whole, ``CLOSE_UP`` of the photo's short side or more,
#: takes the place of the boxes lying in it, each at most ``PIP_AREA`` of its area (a block of two
#: by three tiles is 1/6 each; the pips of a 5 筒 1/25), all together at most ``PIPS_COVER`` (pips
#: lie apart on the face: at most 0.31, the sticks of a 9 条, on the held-out designs' one-tile
#: photos; a block of tiles the second detector sees as one, a table far off in a webcam's view,
#: is covered by its tiles: 0.34-0.56 on `valid` at ``vision.evaluate --wide 3``).
PIPS_PATCH = 0.25

CLOSE_UP = 0.25

PIP_AREA = 0.12

PIPS_COVER = 0.32

CLOSE_TILE = 24.0
#: A whole table looked at with the whole-table detector (``table_looks``) is looked at closer
#: so that its far tiles (``windows.FAR_SHARE``) come out this many pixels instead of
#: ``CLOSE_TILE``, and the guess of their size is made by it. With detect-table8 (trained on
#: windows drawn about it) against detect-table3 at ``CLOSE_TILE``, ``scripts/table_misses.py``
#: on seeds 63-71: face-up tiles placed right rose on all nine (held out 65 / 68 93.7 / 91.2 ->
#: 96.0 / 95.8 %), rivers in order +16 of 835, names the same or better (65 / 68 85.1 / 84.3 ->
#: 85.8 / 86.3 %), indicators -1 of 168, rivers exact -5 (docs/table-reader.md). detect-table3
#: alone at 27 or 30 lost indicators (2-3 a seed at 30).
TABLE_TILE = 30.0


#: A close-up the first detector finds under ``FEW_TILES`` tiles in, and the second finds as many
#: or more (the circles of a 筒, the sticks of a 条 filling the frame), is looked at from further
#: off too (``ZOOM_OUT``), by both detectors: the first, which took it for a close-up, finds the
#: tile whole there, and the circles lying in it are taken as that tile (``_whole_tiles``). On the
#: 28 real close-ups of a set never seen (``benchmarks/recognizer_ablation.py``): one box 24 → 28,
#: read right 23 → 27; `valid` in models/MODEL_CARD.md ("Rules measured on real photos").
CLOSE_UP_LOOKS = True

#: Looks closer at most this many times, each at the size of tile the last one found.
CLOSER_LOOKS = 2


def _squashed(boxes: np.ndarray) -> bool:
    """Whether the median box (x1, y1, x2, y2) is longer than a tile can be (``TILE_SHAPE``
    times taller than wide or wider than tall): the photo was squashed out of shape, and is
    looked at again however many tiles it shows. A real tile is 1.3-1.5 times as tall as wide;
    on the 296 valid photos the medians of unsquashed photos lie within 0.3-2.6, the squashed
    screenshots' at 0.13-0.16 and 5.7-13 (their first look finds 3-8 of 9 tiles).

    >>> _squashed(np.array([[0, 0, 30, 40], [30, 0, 60, 42]]))
    False
    >>> _squashed(np.array([[0, 0, 200, 20], [0, 20, 200, 42]]))
    True
    """
    if not len(boxes):
        return False
    shape = np.median((boxes[:, 3] - boxes[:, 1]) / np.maximum(boxes[:, 2] - boxes[:, 0], 1e-6))
    return bool(shape > TILE_SHAPE or shape < 1 / TILE_SHAPE)


def _pips(boxes: np.ndarray) -> bool:
    """Whether a first look's boxes (x1, y1, x2, y2) may be the circles of one tile filling the
    frame: ``FEW_TILES`` (fewer, the second detector takes over) to a suit's highest rank
    (``RANKS``: a tile has at most 9 pips) of them, their median box about square
    (``SQUARE_WITHIN``: a circle, where a tile is 1.3-1.5 times as tall as wide); such a look is
    shown to the close-up detector (``Finder._close_up_joined``). On the 296 `valid` photos no
    first look is such (the 6-9-tile ones lie at a median of 1.28-7.3, squashed); on the 28 real
    close-ups photographed worse 4 (6筒, 7筒, 9筒 twice) of 112 are.

    >>> circles = np.array([[0, 0, 10, 10], [20, 0, 30, 11]] * 3, float)
    >>> _pips(circles), _pips(circles * [1, 1, 1, 1.5])
    (True, False)
    """
    if not FEW_TILES <= len(boxes) <= max(RANKS):
        return False
    shape = np.median((boxes[:, 2] - boxes[:, 0]) / np.maximum(boxes[:, 3] - boxes[:, 1], 1e-6))
    return bool(1 / SQUARE_WITHIN <= shape <= SQUARE_WITHIN)


def _one_patch(boxes: np.ndarray, width: int, height: int) -> bool:
    """Whether boxes (x1, y1, x2, y2) all lie in one tile-shaped patch (``TILE_SHAPE``) of at
    most ``PIPS_PATCH`` of a ``width`` × ``height`` photo: the pips of one close-up tile, not a
    table.

    >>> pips = np.array([[40, 40, 50, 50], [60, 40, 70, 50], [50, 60, 60, 70]], float)
    >>> _one_patch(pips, 100, 120), _one_patch(pips * 2, 100, 120)
    (True, False)
    >>> _one_patch(np.array([[0, 0, 10, 14], [90, 0, 100, 14]], float), 100, 120)  # a row
    False
    """
    if not len(boxes):
        return False
    w = boxes[:, 2].max() - boxes[:, 0].min()
    h = boxes[:, 3].max() - boxes[:, 1].min()
    return bool(max(w, h) <= TILE_SHAPE * min(w, h) and w * h <= PIPS_PATCH * width * height)


def _other_looks(image: np.ndarray) -> Iterator[tuple[np.ndarray, Callable[[np.ndarray], np.ndarray]]]:
    """The photo narrowed along one axis (``ASPECT_LOOKS``) and zoomed out (``ZOOM_OUT``), each
    with the map of its boxes back to the photo."""
    height, width = image.shape[:2]
    for sx, sy in ASPECT_LOOKS:
        narrowed = cv2.resize(image, (max(8, round(width * sx)), max(8, round(height * sy))),
                              interpolation=cv2.INTER_AREA)
        scale = np.array([sx, sy, sx, sy])
        yield narrowed, lambda boxes, scale=scale: boxes / scale
    yield _zoomed_out(image)


def _in_photo(boxes: np.ndarray, width: int, height: int) -> np.ndarray:
    """Boxes (x1, y1, x2, y2) mapped back from a look, clipped to a ``width`` × ``height`` photo.

    >>> _in_photo(np.array([[-5.0, 10, 50, 130]]), 40, 120).tolist()
    [[0.0, 10.0, 40.0, 120.0]]
    """
    boxes = boxes.copy()
    boxes[:, [0, 2]] = boxes[:, [0, 2]].clip(0, width)
    boxes[:, [1, 3]] = boxes[:, [1, 3]].clip(0, height)
    return boxes


def _zoomed_out(image: np.ndarray) -> tuple[np.ndarray, Callable[[np.ndarray], np.ndarray]]:
    """The photo in a frame ``ZOOM_OUT`` times its size (its edges extended), with the map of
    its boxes back to the photo."""
    height, width = image.shape[:2]
    pad_x, pad_y = round(width * (ZOOM_OUT - 1) / 2), round(height * (ZOOM_OUT - 1) / 2)
    framed = cv2.copyMakeBorder(image, pad_y, pad_y, pad_x, pad_x, cv2.BORDER_REPLICATE)
    return framed, lambda boxes: boxes - np.array([pad_x, pad_y, pad_x, pad_y])


def _strength(boxes: np.ndarray, scores: np.ndarray, threshold: float) -> float:
    """How much of a table a look found: its boxes' summed scores, each box weighed down by how
    far it is from a tile's shape (``TILE_SHAPE``) in the frame the boxes are given in (the
    photo's, or for a squashed photo the narrowed look's the detector saw).

    The edges of a close-up tile come out as thin slivers; summed, four of them outscored the
    whole tile found once zoomed out (one-tile photos of a design never seen: 30 % found as 2-5
    boxes). In a squashed photo's narrowed look, its tiles have their real shape again.

    >>> _strength(np.array([[0, 0, 30, 40], [0, 0, 4, 40]]), np.array([0.8, 0.5]), 0.35)
    0.88
    """
    kept = scores >= threshold
    if not kept.any():
        return 0.0
    w = np.maximum(boxes[kept, 2] - boxes[kept, 0], 1e-6)
    h = np.maximum(boxes[kept, 3] - boxes[kept, 1], 1e-6)
    ratio = np.maximum(w / h, h / w)
    weight = np.where(ratio <= TILE_SHAPE, 1.0, (TILE_SHAPE / ratio) ** 2)
    return round(float((scores[kept] * weight).sum()), 4)


class Found(NamedTuple):
    """What the find stage hands down: boxes (x1, y1, x2, y2 in photo pixels), the detector's
    scores and its class indices (``Finder.det_names``), best looks first, nothing named yet."""

    boxes: np.ndarray
    scores: np.ndarray
    classes: np.ndarray


class Finder:
    """The find stage: the detectors and how a photo is looked at until its tiles are found."""

    #: the detector of close-ups filling the frame (``CLOSEUP_DETECTOR_FILE``), or None
    closeup_detector: Any = None

    def __init__(self, detector: Any, thresholds: Thresholds = DEFAULT_THRESHOLDS,
                 faces_detector: Any = None, table_detector: Any = None,
                 closeup_detector: Any = None) -> None:
        self.detector = detector
        self.thresholds = thresholds
        self.det_size = int(detector.get_inputs()[0].shape[-1])
        self.det_names = _detector_names(detector)
        #: the detector of dark and coloured faces (``FACES_DETECTOR_FILE``), or None
        self.faces_detector = faces_detector
        #: the detector of whole tables (``TABLE_DETECTOR_FILE``), or None
        self.table_detector = table_detector
        self.closeup_detector = closeup_detector

        def unlike(other: Any) -> bool:
            return other is not None and (_detector_names(other) != self.det_names
                                          or int(other.get_inputs()[0].shape[-1]) != self.det_size)

        if unlike(faces_detector):
            raise MahjongError(f"the second detector {FACES_DETECTOR_FILE} finds other classes "
                               f"or sizes than {DETECTOR_FILE}: export both alike")
        if unlike(table_detector):
            raise MahjongError(f"the whole-table detector {TABLE_DETECTOR_FILE} finds other "
                               f"classes or sizes than {DETECTOR_FILE}: export both alike",
                               TABLE_DETECTOR_FILE)
        if unlike(closeup_detector):
            raise MahjongError(f"the close-up detector {CLOSEUP_DETECTOR_FILE} finds other classes "
                               f"or sizes than {DETECTOR_FILE}: export both alike",
                               CLOSEUP_DETECTOR_FILE)

    def find(self, image: np.ndarray, faces_first: bool = False, whole_table: bool = False
             ) -> Found:
        """Stage one: the boxes of the photo's tiles, as a :class:`Found` handed down to naming.

        A photo where few tiles are found (a close-up, where a dark or coloured face looks like a
        back to the first detector) is looked at with the second detector (``faces_detector``)
        instead, from its first look on; ``faces_first`` (a player's set of such faces,
        ``TileSet.dark_faces``) looks with it only. A photo where few tiles are found, or whose tiles
        come out squashed, is looked at again narrowed along one axis (``ASPECT_LOOKS``) and
        zoomed out (``ZOOM_OUT``); one whose tiles are too small for the detector
        (``SMALL_TILE``), in closer windows (``_look_closer``; by the first detector, where its
        own few tiles were too small, kept from ``FAR_TABLE`` tiles: a table far off).
        Boxes are mapped back to the photo, and the look with the most summed score of
        tile-shaped boxes (``_strength``) is kept; tiles it found in pieces that the zoomed-out
        look found whole are taken whole (``_whole_tiles``). Tiles found all in one small patch
        (``_one_patch``) are a table far off where the closer looks find ``FAR_TABLE`` tiles,
        else perhaps the pips of one dark tile close up, which the second detector finds whole
        (``_pips_joined``). ``whole_table``: the photo is of a whole table (the table reader): the
        whole-table detector (``table_detector``), where there is one, takes the first's place
        and looks at the photo as a table (``TABLE_LOOKS``).
        """
        primary = self.table_detector if whole_table and self.table_detector is not None else self.detector
        table_looks = TABLE_LOOKS and whole_table and primary is self.table_detector
        # a whole table is no close-up: the second detector does not take over, no pips are joined
        faces = None if table_looks else self.faces_detector
        detector = self.faces_detector if faces_first and self.faces_detector is not None else primary
        threshold = self.thresholds.score
        found = self._look(image, detector)
        kept = found[1] >= threshold
        first = own = found[0][kept]
        height, width = image.shape[:2]
        swapped = (faces is not None and detector is not faces and kept.sum() < FEW_TILES
                   and not _squashed(first))
        if swapped:
            detector = faces
            found = self._look(image, detector)
            kept = found[1] >= threshold
            first = found[0][kept]
        best = _strength(found[0], found[1], threshold)
        if kept.sum() < FEW_TILES or _squashed(first) or (swapped and CLOSE_UP_LOOKS):
            zoomed = None
            # a photo whose first look found tiles of a tile's shape is not squashed: the other
            # looks' boxes are judged by their shape in it (narrowed, one close-up tile comes out
            # as a dozen bands the detector sees tile-shaped); else as the detector saw them
            true_shape = bool(len(first)) and not _squashed(first)
            for view, to_photo in _other_looks(image):
                seen, scores, cls = self._look(view, detector)
                boxes = _in_photo(to_photo(seen), width, height)
                strength = _strength(boxes if true_shape else seen, scores, threshold)
                zoomed = (boxes, scores, cls)  # the last look is the zoomed-out one
                if strength > best:
                    found, best = (boxes, scores, cls), strength
            if zoomed is not None and swapped and CLOSE_UP_LOOKS:
                # the first detector, which took the photo for a close-up, sees the whole tile
                # from further off where the second sees its pips
                view, to_photo = _zoomed_out(image)
                seen, scores, cls = self._look(view, primary)
                zoomed = tuple(np.concatenate(parts) for parts in zip(  # type: ignore[assignment]
                    zoomed, (_in_photo(to_photo(seen), width, height), scores, cls), strict=True))
            if zoomed is not None and found is not zoomed and not _squashed(first):
                found = _whole_tiles(found, zoomed, threshold, self.thresholds.inside)
        if _squashed(first):
            return Found(*found)
        # all in one small patch, the tiles may be the pips of one dark tile close up (joined at the
        # end) or a table far off (its closer looks find ``FAR_TABLE`` tiles or more, or the second
        # detector finds no tile holding them)
        patch = faces is not None and kept.sum() >= FEW_TILES and _one_patch(first, width, height)
        looked = detector is faces
        # tiles too small for the detector: closer, and closer again where the first guess of their
        # size (from boxes that may span several tiles) was too large; where the second detector
        # took over, the first's own tiles say whether they are too small (a table far off that
        # the second saw as one close-up tile), and its closer looks count only as a table
        # (a second detector's few tiles far smaller than a close-up's say nothing of the size)
        if swapped and (len(own) or (GUESS_SIZE and 0 < len(first) < FEW_TILES and short_side(
                first) < CLOSE_UP / 2 * min(height, width))):
            first, detector = own, primary
        close_tile = TABLE_TILE if table_looks else CLOSE_TILE
        guess = max(height, width) * close_tile / (2 * self.det_size)

        def far(boxes: np.ndarray) -> float:  # a whole table is looked at by its far tiles
            return short_side(boxes, FAR_SHARE if len(boxes) >= WHOLE_TABLE else 0.5)

        def small(side: float) -> bool:
            return side * self.det_size / max(height, width) < SMALL_TILE

        side = far(first) if len(first) else guess
        # tiles big enough by the median but not by the far ones: a table seen from a seat
        # whose first look found only its near tiles, kept only where it is one (``FAR_LOOK``)
        probe = FAR_LOOK and len(first) > 0 and not small(short_side(first)) and small(
            short_side(first, FAR_SHARE))
        if probe:
            side = short_side(first, FAR_SHARE)
        if table_looks:
            side = min(side, guess)
        closer_found, table, whole, closer_side_used = None, False, False, side
        for _ in range(CLOSER_LOOKS if table_looks or probe or small(
                short_side(first) if len(first) else guess) else 0):
            closer = self._look_closer(image, side, detector, tile_px=close_tile)
            sure = closer[1] >= threshold
            if closer[1][sure].sum() <= best or (swapped and sure.sum() < FAR_TABLE) or (
                    probe and sure.sum() < WHOLE_TABLE):
                break
            closer_found, best, table = closer, closer[1][sure].sum(), sure.sum() >= FAR_TABLE
            whole, closer_side_used = sure.sum() >= WHOLE_TABLE, side
            closer_side = far(closer[0][sure])
            if closer_side >= side * 0.75:
                break
            side = closer_side
        if TURNED_LOOK and whole:
            # the side seats' tiles lie turned a quarter, which the detector learnt little of
            turned = self._look_closer(image, closer_side_used, detector, (True,), close_tile)
            closer_found = self._merged([closer_found, turned])  # type: ignore[list-item]
        if patch and not table:
            joined = self._pips_joined(image, found, looked)
            if len(joined[0]) < len(found[0]):
                return Found(*joined)
        if closer_found is None and self.closeup_detector is not None and (swapped or (
                faces is not None and detector is primary and _pips(first))):
            found = self._close_up_joined(image, found)
        return Found(*(found if closer_found is None else closer_found))

    def _close_up_joined(self, image: np.ndarray, found: tuple[np.ndarray, np.ndarray, np.ndarray]
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``found`` (a close-up the second detector took over, or the first's round boxes,
        ``_pips``) with each group of two or more of its boxes lying in one tile the close-up
        detector finds whole, as the photo is and zoomed out, replaced by that tile grown to hold
        them (``_whole_tiles``: its box stopped short through the last circle of a real 2 筒
        photographed worse, read 1 筒): the circles or sticks of a tile filling the frame. A
        close-up the second found as one box is left as it is: the close-up detector's box of a
        tile found whole is the looser (``CLOSEUP_DETECTOR_FILE``); so is a squashed photo's row
        of tiles (``TILE_SHAPE``), which it sees as one tile (a `valid` screenshot's 9 tiles became
        4)."""
        sure = found[0][found[1] >= self.thresholds.score]
        if len(sure) < 2 or _squashed(sure):
            return found
        height, width = image.shape[:2]
        looks = [(image, lambda b: b), _zoomed_out(image)]
        wholes = []
        for view, to_photo in looks:
            boxes, scores, cls = self._look(view, self.closeup_detector)
            wholes.append((_in_photo(to_photo(boxes), width, height), scores, cls))
        boxes, scores, cls = (np.concatenate(parts) for parts in zip(*wholes, strict=True))
        order = np.argsort(-scores, kind="stable")
        return _whole_tiles(found, (boxes[order], scores[order], cls[order]),
                            self.thresholds.score, self.thresholds.inside, grown=True)

    def _pips_joined(self, image: np.ndarray, found: tuple[np.ndarray, np.ndarray, np.ndarray],
                     looked: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``found`` with the boxes lying in one close-up tile the second detector finds whole
        (``CLOSE_UP``, ``PIP_AREA``, ``PIPS_COVER``), as the photo is (unless it ``looked`` so
        already) and zoomed out, replaced by that tile: the pips of a dark face found as small
        white tiles."""
        height, width = image.shape[:2]
        looks = [_zoomed_out(image)] if looked else [(image, lambda b: b), _zoomed_out(image)]
        wholes = []
        for view, to_photo in looks:
            boxes, scores, cls = self._look(view, self.faces_detector)
            boxes = _in_photo(to_photo(boxes), width, height)
            big = np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]) >= (
                CLOSE_UP * min(height, width))
            wholes.append((boxes[big], scores[big], cls[big]))
        boxes, scores, cls = (np.concatenate(parts) for parts in zip(*wholes, strict=True))
        sure = found[0][found[1] >= self.thresholds.score]
        pips = [i for i in np.argsort(-scores, kind="stable")
                if _covered(sure, boxes[i]) <= PIPS_COVER]
        return _whole_tiles(found, (boxes[pips], scores[pips], cls[pips]), self.thresholds.score,
                            self.thresholds.inside, PIP_AREA)

    def _look(self, image: np.ndarray, detector: Any = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One pass of ``detector`` (default the first) over ``image``: boxes, scores, classes
        after suppression, down to the lower of the two score thresholds."""
        detector = self.detector if detector is None else detector
        tensor, scale, (left, top) = letterbox(image, self.det_size)
        out = detector.run(None, {detector.get_inputs()[0].name: tensor})[0][0]
        preds = out.T  # N × (4 + classes)
        scores = preds[:, 4:]
        cls = scores.argmax(axis=1)
        best = scores[np.arange(len(scores)), cls]
        keep = best >= self.thresholds.floor
        boxes, best, cls = preds[keep, :4], best[keep], cls[keep]
        if not len(boxes):
            return np.zeros((0, 4)), np.zeros(0), np.zeros(0, dtype=int)
        xywh = np.stack([boxes[:, 0] - boxes[:, 2] / 2, boxes[:, 1] - boxes[:, 3] / 2,
                         boxes[:, 2], boxes[:, 3]], axis=1)
        kept = self._suppressed(xywh, best)
        xyxy = np.stack([xywh[kept, 0], xywh[kept, 1], xywh[kept, 0] + xywh[kept, 2],
                         xywh[kept, 1] + xywh[kept, 3]], axis=1)
        xyxy[:, [0, 2]] = (xyxy[:, [0, 2]] - left) / scale
        xyxy[:, [1, 3]] = (xyxy[:, [1, 3]] - top) / scale
        height, width = image.shape[:2]
        return _in_photo(xyxy, width, height), best[kept], cls[kept]

    def _look_closer(self, image: np.ndarray, tile_side: float, detector: Any = None,
                     turns: tuple[bool, ...] = (False,), tile_px: float = CLOSE_TILE
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The detector over overlapping windows of ``image`` (``_windows``), each scaled so that
        tiles of short side ``tile_side`` (photo pixels) come out ``tile_px`` pixels; boxes cut
        by a window's inner edge are left to the window that holds their tile whole. ``turns``: each
        window as it is (False) and/or turned a quarter (True, ``TURNED_LOOK``; boxes turned back)."""
        height, width = image.shape[:2]
        every: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        for x1, y1, x2, y2, turn in ((*window, turn) for window in _windows(
                width, height, self.det_size * tile_side / tile_px, 2 * tile_side)
                for turn in turns):
            if turn:
                boxes, scores, cls = self._look(np.rot90(image[y1:y2, x1:x2]), detector)
                boxes = turned_back(boxes, x2 - x1)
            else:
                boxes, scores, cls = self._look(image[y1:y2, x1:x2], detector)
            whole = np.ones(len(boxes), dtype=bool)
            for axis, (low, high, end) in enumerate(((x1, x2, width), (y1, y2, height))):
                if low > 0:
                    whole &= boxes[:, axis] > 1
                if high < end:
                    whole &= boxes[:, axis + 2] < high - low - 1
            every.append((boxes[whole] + np.array([x1, y1, x1, y1]), scores[whole], cls[whole]))
        return self._merged(every)

    def _merged(self, looks: list[tuple[np.ndarray, np.ndarray, np.ndarray]]
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The boxes, scores and classes of several looks at one photo as one, suppressed."""
        boxes, scores, cls = (np.concatenate(parts) for parts in zip(*looks, strict=True))
        if not len(boxes):
            return boxes, scores, cls
        kept = self._suppressed(np.column_stack([boxes[:, :2], boxes[:, 2:] - boxes[:, :2]]), scores)
        return boxes[kept], scores[kept], cls[kept]

    def _suppressed(self, xywh: np.ndarray, scores: np.ndarray) -> np.ndarray:
        """Indices of the boxes (x, y, w, h) left, best first, once those overlapping a better
        one (``Thresholds.iou``) or lying mostly inside one (``_drop_pieces``) are dropped."""
        kept = cv2.dnn.NMSBoxes(xywh.tolist(), scores.tolist(), self.thresholds.floor,
                                self.thresholds.iou)
        return _drop_pieces(xywh, np.array(kept, dtype=int).reshape(-1), self.thresholds.inside)
