"""Find and name every tile in a photo with the shipped ONNX models (onnxruntime, no torch).

Two stages: a small detector finds tiles (``tile`` face up, ``back`` face down) on a downscaled
copy; a classifier names each face-up tile from a crop cut out of the full-resolution photo, where
4/5/6 筒 and 7/9 条 are still distinguishable. A detector trained on the tile codes themselves
(one stage) is also accepted: its class names say which it is.
"""

from __future__ import annotations

import ast
import hashlib
import os
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from assistant.errors import MahjongError

from . import caption
from .boxes import overlap_share
from .classes import BLANK_FACES, FEATURES_OUTPUT, NOT_A_TILE, TILE_CLASSES
from .face_embedding import (
    FACES_FILE,
    KINDS_FILE,
    DrawnKinds,
    FaceEmbedding,
    body_cut_nearness,
    way_up,
    ways_for,
)
from .face_marks import box_pixels, count_sticks, framed_middle
from .face_match import quarter_turned
from .metric_head import METRIC_FILE, MetricHead
from .preprocess import (
    CROP_PAD,
    blank_middle,
    classifier_input,
    crop_tile,
    face_is_blank,
    letterbox,
    lightness_negative,
    lone_tile,
    pale_ink,
    turn,
)
from .tileset import EMBED_SURE, TRUST_AT, Look, TileSet, network_reads, unit_rows

MODELS_DIR = Path(os.environ.get("MAHJONG_MODELS", Path(__file__).resolve().parent.parent / "models"))
DETECTOR_FILE = "tile_detector.onnx"
CLASSIFIER_FILE = "tile_classifier.onnx"
#: A second classifier, trained on many tile designs (rendered art sets and generated ones as
#: well as the real photos), whose reading of each tile is averaged with the first's (weighing
#: ``SECOND_SHARE``): alone it
#: reads the real design a little worse, with the first it reads both better (docs/
#: recognizer.md, "Two stages").
DESIGNS_FILE = "tile_classifier_designs.onnx"
#: A second detector, trained on tile sets drawn on dark and coloured faces (jade, black, plum,
#: mint…) as well as on the real photos: it finds such faces the first misses, but puts more
#: extra boxes on the real photos (``valid`` precision 0.9627 → 0.9578, docs/recognizer.md,
#: "Dark and coloured faces"). So it is looked with only where the first finds few tiles
#: (``FEW_TILES``), where a layout photo shows fewer tiles than named (``tileset.find_layout``),
#: and first for a player's set whose layout it found (``TileSet.dark_faces``).
FACES_DETECTOR_FILE = "tile_detector_faces.onnx"
#: With the second classifier, tile sets are learnt and matched on both classifiers' features
#: side by side (``TileSet`` vectors twice as wide), not on the first's alone.
FEATURES_OF_BOTH = True
#: The second's unit row weighs this much beside the first's (1: as much).
SECOND_FEATURES = 1.0
#: The second classifier's share of the averaged probabilities (the first's is the rest). On a
#: design neither was trained on the first is often sure and wrong (a 6 筒 read 4 筒 at 0.99,
#: the second 6 筒 at 0.94); at 0.6 instead of 0.5 the held-out designs gen-12..15 read 0.929 /
#: 0.929 / 0.964 / 0.952 → 0.952 / 0.976 / 0.988 / 0.988 before learning, `valid` the same tile
#: accuracy (0.9685), one photo fewer entirely right (``python -m vision.evaluate_designs``,
#: ``python -m vision.evaluate``).
SECOND_SHARE = 0.6
#: The crops each tile is read in: padding (share of the box side; the classifier trained on
#: ``CROP_PAD``, 0.1) and a turn (degrees clockwise). On the 296 valid photos, one view at
#: 0.1 / pads 0 and 0.1: tile accuracy 0.937 / 0.943, photos all right 36.8 % / 39.9 %; a third
#: view costs ~15 ms a photo. Turned views for every tile (a tile lies any way up) help on valid
#: and hurt on other tile styles, so none is taken here (only for unsure tiles, below): pad 0
#: turned 180° + pad 0.1 upright instead of these two, with classify-gpu64: valid misreads
#: 227 → 218, photos all right 64.9 → 67.2 %, but rendered scenes misread 93 → 118 tiles, hands
#: exact 23 → 20 of 60; with classify-turnall64b (trained on turned crops too): valid misreads
#: 210 → 205, photos 67.6 → 68.9 %, rendered misreads 78 → 93, hands exact 28 → 21
#: (models/MODEL_CARD.md).
CROP_VIEWS: tuple[tuple[float, int], ...] = ((0.0, 0), (CROP_PAD, 0))
#: A tile read in ``CROP_VIEWS`` with less probability than ``UNSURE`` is read again in these
#: turned views and all views averaged: a tile lying sideways or upside down (7 筒 lying
#: sideways on a red cloth read as 6 筒 upright, as 7 筒 turned) is read the way it stands in one
#: of them. Only the unsure ones (8 % of valid tiles): a view of every tile costs ~25 ms a photo,
#: and turned views read some rendered tile styles worse (above); docs/recognizer.md, "Two stages".
TURNED_VIEWS: tuple[tuple[float, int], ...] = tuple(
    (pad, degrees) for degrees in (90, 180, 270) for pad in (0.0, CROP_PAD))
#: ... and in these upright views, cut tighter and wider: the box of a tile of a design never
#: seen sits off its face more often. With them, valid 0.9664 / 0.9605 / 71.0 % → 0.9673 /
#: 0.9615 / 71.6 %, one-tile photos of held-out designs read right 0.000-0.012 more
#: (``python -m vision.evaluate_designs``); these views alone, without the turned ones: valid 67.9 %.
WIDER_VIEWS: tuple[tuple[float, int], ...] = ((0.05, 0), (0.15, 0), (0.2, 0))
UNSURE = 0.9
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
#: Where no tile set is learnt, a tile's reading is weighed by its similarity to each kind as the
#: metric head's training designs draw it, ``exp(similarity / KINDS_TEMPERATURE)``
#: (``TileClassifier._as_drawn``); its confidence stays the classifier's probability of the kind
#: chosen, so that a kind the classifier doubted is reported unsure. On single tiles of the six
#: held-out designs (true boxes, 84 a design, ten sets): top-1 0.875 → 0.899, real ``valid``
#: tiles 0.984 → 0.983 (0.05: 0.892 / 0.980; 0.2: 0.895 / 0.983).
KINDS_TEMPERATURE = 0.1
#: ... among the kinds the classifier gives at least this share of its best kind's probability
#: only: it breaks the classifier's near ties (on real photos, likening to the drawn kinds
#: unrestricted turned 8筒 read at 0.90 into 9筒 and misread 20 tiles for 5 set right in a third
#: of ``valid``).
KINDS_NEAR = 0.25
#: ... in a photo whose tiles the classifier reads with a median probability under this only:
#: one of a design it does not know. Real photos of the design it was trained on are read
#: surely; on them the drawn kinds set 6 tiles right for 9 they set wrong in a third of
#: ``valid`` (the drawn kinds are rendered designs' only). At 0.9 instead, one-tile photos of
#: the ten held-out sets read one more right upright (a jade 6 筒), one fewer upside down and two
#: fewer on their side, of 840 each; `valid` the same.
KINDS_FAMILIAR = 0.6
#: ... and, first, by its face's nearness ``s`` to each kind as the face network's training
#: designs draw it (``face_embedding.DrawnKinds``), ``exp((s - best) / FACE_KINDS_TEMPERATURE)``
#: over all kinds: the network, trained to tell one set's kinds apart, likens a face of a new
#: design to the same kind of other designs better than the classifier names it where the design
#: is far from those it learnt. Weighed after the features' kinds, whose ``KINDS_NEAR`` had
#: already shut out the right kind, the dark green set read 0.929 and jade 0.702 before
#: learning; first, 0.976 and 0.810 (0.809 and 0.619 without; docs/recognizer.md, "Designs never seen").
FACE_KINDS_TEMPERATURE = 0.05
#: A face named with less probability than this is asked for the index numeral printed on it
#: (``caption.read_numerals``: sets sold abroad print 1-9 on their suited tiles), in a photo
#: whose faces are named with a median probability under it too: real photos of the design the
#: classifier was trained on are read surely (median 0.99 or more), and it costs them nothing
#: (``TileClassifier._numbered``; docs/recognizer.md, "Names and marks on a face").
NUMERAL_ASK = 0.95
#: A numeral read says the rank, and the kind of that rank the classifier likes best is taken
#: if it gives it at least this share of its best kind's probability: a pip's part or a stroke
#: read as a digit names a kind the classifier rules out (with no floor, of the ten held-out
#: sets' one-tile photos 8 read right were set wrong for 4 set right).
NUMERAL_PLAUSIBLE = 0.005
#: The two bamboo tiles told apart by counting their sticks (``TileClassifier._counted``).
STICK_PAIR = ("6s", "9s")
#: A face this unsaturated and this bright in its middle (HSV means, 0-255) is pale: white or
#: ivory, as tile faces are and coloured backs are not.
PALE_SATURATION = 45
PALE_VALUE = 140
#: A blank middle this saturated (HSV mean, 0-255) is a tile's coloured back, not a 白板: the
#: 280 valid 白板 measure 15 (median) to 66 at most; the backs of concealed kongs in rendered
#: hands (green, blue, orange, yellow layers) 86-209.
BACK_SATURATION = 80
#: The blank face a player's set's 白板 was learnt as (``TileSet.blank_like``) is read as this.
OWN_BLANK = "P"
#: A photo whose one tile the detector finds face down, blank (a coloured face: a jade or red
#: set's 白板 close up, which the detector, trained on light faces, takes for a back) is read as
#: 白板 at most this sure, so listed unsure: a player photographs one tile to have it read, and a
#: back alone says nothing (a lone back photographed is read so too; docs/recognizer.md, "Unsure tiles").
LONE_BLANK_CONFIDENCE = UNSURE_REPORT - 0.01
#: A face framed round an empty middle, named unsurely as something else, is read as this
#: (``TileClassifier._framed``).
FRAMED_BLANK = "P"
#: An unsure 白板 lying over a sure tile by this share of its area is a piece of that tile (the
#: white side of its body, a corner of its face's frame), not a tile; blank or unsure faces
#: overlapping so, or ``PIECE_GAP`` of a side apart, are pieces of one tile, read again whole
#: (``_blank_pieces``: close-ups only).
PIECE_OVERLAP = 0.2
PIECE_GAP = 0.15
#: In a close-up, a back or 白板 lying along one side of a face (``BODY_ALONG`` of that side or
#: more, no longer than it by more than ``1 / BODY_ALONG``) and at most ``BODY_DEPTH`` of
#: the face's depth across it is that tile's own body seen from the side, not a tile: a tile
#: photographed on its side shows its body's edge (the back's colour, or white) beside its face,
#: which the detector, trained on tiles standing up in the photo, found as a back of its own
#: (one-tile photos turned a quarter, read with a learnt set: 11 of 84 jade photos held more than
#: one box; docs/recognizer.md, "Boxes kept and dropped"; the edges found spanned 0.73-1.0 of the face's
#: side, some reaching over the face). A face-down tile beside a face (a concealed kong) is as
#: deep as the face. The two lie at most ``PIECE_GAP`` of the face's depth apart, or overlap.
BODY_ALONG = 0.7
BODY_DEPTH = 0.5
#: A weak back (under ``Thresholds.back_score``) is kept beside others only if it is at least
#: this share of the face-up tiles' median area: a checked cloth's squares, near a close-up
#: tile, came out as weak backs 0.4-0.55 of its size (one-tile photos of every design tried).
BACK_AREA = 0.6
#: A weak back (from the lowest score, ``Thresholds.floor``) is kept in a row with a sure tile,
#: face up or down: heights within this share of each other, overlapping so much of the lower,
#: and at most ``ROW_GAP`` of its width apart (a concealed kong, two up and two down; a wall).
ROW_SIZE = 0.25
ROW_GAP = 0.3
#: Pieces joined, read again, joined again: a face split in quarters comes together in two.
PIECE_PASSES = 3


@dataclass(frozen=True)
class Thresholds:
    """Detection score to keep a box (``blank_score`` for a box the classifier reads as a blank
    face with probability ``blank_confidence``), IoU for suppressing duplicates, the share of a
    box inside a better one that makes it a piece of that tile (``inside``; ``same_inside`` when
    both boxes read the same tile; ``holds`` for a worse box round a better one), crop batch
    size.

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
    whole body (``holds``: the face lies that much inside; ``_drop_holders``): with the second
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
    weak back from ``floor`` in a row with a sure tile of its size (``ROW_SIZE``, ``ROW_GAP``)
    is kept too, and a coloured blank "白板" is a back (``BACK_SATURATION``): on 30 rendered
    scenes made to find backs in (``evaluate_designs --backs 30``: concealed kongs, a discard
    face down, opponents' rows), backs found 0.643 → 0.674 (gen-12), 0.638 → 0.661
    (kmj-traditional), 2 more extra boxes in each; the backs of concealed kongs alone (72 in 36
    hands) 22 → 39; valid unchanged.
    """

    score: float = 0.35
    blank_score: float = 0.2
    blank_confidence: float = 0.5
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


#: When the detector finds fewer tiles than this, the photo is looked at again in other ways and
#: the look that finds the most (by summed score) is kept; a photo of a table finds its tiles in
#: the first look, so only odd photos pay for the others (about 35 ms a look). Not 3: a detector
#: trained longer puts 3-5 boxes of ordinary shape on a squashed photo's blur (its 18 tiles,
#: 16 times as tall as wide, were then all missed).
FEW_TILES = 6
#: A photo whose tiles come out this many times taller than wide (or wider than tall), taken as
#: the median over the boxes of the first look, is squashed out of shape and is looked at again
#: too, however many tiles it shows: a real tile is 1.3-1.5 times as tall as wide, and on the 296
#: valid photos the medians of unsquashed photos lie within 0.3-2.6 while the squashed
#: screenshots' lie at 0.13-0.16 and 5.7-13 (their first look finds 3-8 of 9 tiles).
SQUASHED = 4.0
#: The photo may be squashed out of shape (some exporters squash any photo into a square: tiles
#: up to 12 times as wide as tall): it is looked at narrowed along one axis by these factors.
ASPECT_LOOKS = ((1 / 3, 1.0), (1 / 6, 1.0), (1 / 10, 1.0), (1.0, 1 / 3), (1.0, 1 / 6), (1.0, 1 / 10))
#: A tile is at most this many times longer than wide as a photo shows it (lying flat and seen
#: from low, 1.4 × a squeeze of up to 2.5); a longer box is the edge of a tile, or a squashed
#: photo's tile that another look sees in its real shape.
TILE_SHAPE = 4.0
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
#: an unsure face this share inside a surely named tile, and at most ``PIP_AREA`` of it, is a
#: mark on that tile's face (``_marks_within``)
MARK_INSIDE = 0.9
PIPS_COVER = 0.32
CLOSE_TILE = 24.0
#: At most this many windows a photo (each a detector pass, ~35 ms on this machine); tiles too
#: small for that many are looked at as large as that many allows.
MAX_WINDOWS = 16
#: Looks closer at most this many times, each at the size of tile the last one found.
CLOSER_LOOKS = 2
#: A box at the photo's edge smaller than this share of the median box is a tile the frame cuts
#: off, its face unreadable: dropped (photos of at least ``FEW_TILES`` tiles). On the 296 valid
#: photos 4 such boxes were on no labelled tile and none on one.
CUT_OFF = 0.5


def _session(path: Path) -> Any:
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = max(1, min(4, os.cpu_count() or 1))
    options.log_severity_level = 3
    # onnxruntime's threads spin after each run, waiting for the next: numpy's own threads (the
    # metric head's products between two runs) then wait for a core, 25-50 ms a photo on 2 cores.
    # Not spinning: `python benchmarks/recognizer_vs_peer.py --limit 100` 154 → 66 ms a photo
    # (the peer beside it 124 → 95 ms: it ran among our spinning threads too).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def _names(session: Any) -> list[str]:
    """Class names stored by the exporter in the model metadata, in output order."""
    meta = session.get_modelmeta().custom_metadata_map
    raw = meta.get("names")
    if not raw:
        return []
    names = ast.literal_eval(raw)
    return [str(names[i]) for i in sorted(names)]


def _detector_names(session: Any) -> list[str]:
    """A detector's class names; a two-stage detector exported without them finds these two."""
    return _names(session) or ["tile", "back"]


def _code(name: str) -> str:
    """Tile code of a class name such as ``05_6m`` or ``6m`` (or ``none``: no tile in the box)."""
    code = name.split("_")[-1]
    if code not in TILE_CLASSES and code != NOT_A_TILE:
        raise MahjongError(f"the model has an unknown class {name!r}", name)
    return code


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

    @classmethod
    def load(cls, models_dir: Path | str | None = None) -> TileClassifier:
        folder = Path(models_dir) if models_dir else MODELS_DIR
        path = folder / CLASSIFIER_FILE
        if not path.is_file():
            raise MahjongError(f"the tile classifier model {path} is missing: train and export it "
                               "with `python -m vision.train classify`", str(path))
        designs = folder / DESIGNS_FILE
        second = cls(_session(designs)) if designs.is_file() else None
        digest = hashlib.sha256(f"features of both: {FEATURES_OF_BOTH} {SECOND_FEATURES}".encode())
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
            negative[rest] = self.negative_features(image, boxes[rest])
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
        (``UNSURE``) is read in ``TURNED_VIEWS`` and ``WIDER_VIEWS`` too; one whose ink is paler
        than its face, in those views' lightness negatives as well (``NEGATIVE_SHARE``; its
        features and its negative's are likened to the kinds as drawn). Boxes marked in
        ``tile_there`` are known to hold a tile: they are never read as no tile (``none``).
        With a player's ``tileset`` each tile is matched with its learnt examples too
        (``TileSet.combine``; a set with pale ink on its features and its negative's,
        ``TileSet.pale_ink``; ``scores``, the detector's, say which of two boxes one inside the
        other is the tile); without one, with each kind as many designs draw it
        (``_as_drawn``), the probability given staying the classifier's. ``numbered``: a face
        read unsurely is also named by the index numeral printed on it (:meth:`_numbered`).
        """
        probs, feats, seen, widest = self._read(image, boxes)
        best = probs.argmax(axis=1)
        no_tile = self.codes.index(NOT_A_TILE) if NOT_A_TILE in self.codes else -1
        unsure = np.flatnonzero(seen & (probs[np.arange(len(boxes)), best] < UNSURE)
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
            best, given = self._counted(image, boxes, choice, best, given)
            best, given = self._framed(image, boxes, best, given)
        codes = [self.codes[k] if s else "back" for k, s in zip(best, seen, strict=True)]
        return codes, given

    def _numbered(self, image: np.ndarray, boxes: np.ndarray, choice: np.ndarray,
                  best: np.ndarray, given: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``best`` and ``given`` with each face named under ``NUMERAL_ASK`` (least sure first,
        ``caption.MAX_FACES`` of them; in a photo whose faces' median is under it too) whose
        index numeral is read (``caption.read_numerals``) and disagrees with its name renamed
        the kind numbered so (:func:`_numbered_kinds`) ``choice`` likes best, if
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
            if not ranks or any(_numbered_as(named, rank) for rank in ranks):
                continue
            if named[-1] not in "mps" and given[i] >= UNSURE_REPORT:
                continue  # a flower or an honour named surely: a mark on it read as a digit
            kinds = [self.codes.index(code) for rank in ranks for code in _numbered_kinds(rank)
                     if code in self.codes]
            k = max(kinds, key=lambda col: choice[i, col])
            if choice[i, k] >= NUMERAL_PLAUSIBLE * choice[i].max():
                best[i] = k
                given[i] = choice[i, k] / max(float(choice[i, kinds].sum()), 1e-30)
        return best, given

    def _counted(self, image: np.ndarray, boxes: np.ndarray, choice: np.ndarray,
                 best: np.ndarray, given: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``best`` and ``given`` with each face named 6条 or 9条 under ``NUMERAL_ASK`` (in a photo
        whose faces' median is under it too) whose sticks count the other
        (``face_marks.count_sticks``) renamed so; its probability then that kind's share of the
        two. The two differ only in how many sticks, two rows of three or three of three, and
        an index numeral cannot tell them (turned over, a 6 is a 9): kmahjongg's 6条 was read
        9条 with its numeral unread."""
        pair = [self.codes.index(code) for code in STICK_PAIR if code in self.codes]
        asked = np.flatnonzero(_unsure_faces(self.codes, best, given) & np.isin(best, pair))
        if len(pair) < 2 or not len(asked):
            return best, given
        best, given = best.copy(), given.copy()
        for i in asked:
            face = box_pixels(image, boxes[i])
            counted = f"{count_sticks(face)}s" if face is not None else ""
            if counted in STICK_PAIR and counted != self.codes[best[i]]:
                k = self.codes.index(counted)
                best[i] = k
                given[i] = choice[i, k] / max(float(choice[i, pair].sum()), 1e-30)
        return best, given

    def _framed(self, image: np.ndarray, boxes: np.ndarray, best: np.ndarray, given: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
        """``best`` and ``given`` with each face named other than 白板 under ``UNSURE_REPORT`` (in
        a photo whose faces' median is under ``NUMERAL_ASK``) that is a frame round an empty
        middle (``face_marks.framed_middle``) named ``FRAMED_BLANK``, at
        ``LONE_BLANK_CONFIDENCE``: still a tile to check. kmahjongg's traditional 白板 is a
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
                best[i], given[i] = blank, LONE_BLANK_CONFIDENCE
        return best, given

    def _as_drawn(self, probs: np.ndarray, feats: np.ndarray, image: np.ndarray | None = None,
                  boxes: np.ndarray | None = None) -> np.ndarray:
        """``probs`` weighed by how like each kind as many designs draw it each tile is: in the
        classifiers' features (the metric head's training designs, ``MetricHead.kinds``, at
        ``KINDS_TEMPERATURE``) and in the face network's space (the tile's face in ``boxes`` of
        ``image``: ``FACE_KINDS_TEMPERATURE``): what a tile is taken for where no tile set is
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
        """``probs`` of the tiles ``read`` weighed by ``exp((s - best) / FACE_KINDS_TEMPERATURE)``,
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
        sims = np.array([near[start + way_up(near[start:start + n], reading[r], FACE_KINDS_TEMPERATURE)]
                         for r, (start, n) in enumerate(zip(starts, tried, strict=True))])
        out = probs.copy()
        weighed = reading * np.exp((sims - sims.max(axis=1, keepdims=True)) / FACE_KINDS_TEMPERATURE)
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
        through the classifier together (with ``negative``, their ``lightness_negative``)."""
        crops, cut = [], []
        cut_at: dict[float, list[np.ndarray | None]] = {}  # each pad cut once, turned as needed
        for pad, degrees in views:
            if pad not in cut_at:
                cut_at[pad] = [crop_tile(image, tuple(box), pad=pad, size=self.size) for box in boxes]
            index = [i for i, crop in enumerate(cut_at[pad]) if crop is not None]
            turned = [turn(cut_at[pad][i], degrees) for i in index]
            crops += [lightness_negative(crop) for crop in turned] if negative else turned
            cut.append(np.array(index, dtype=int))
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
                features = np.hstack([unit_rows(features), SECOND_FEATURES * unit_rows(more)])
        return probs, features


def pale_ink_at(image: np.ndarray, box: np.ndarray) -> bool:
    """Whether the tile in ``box`` shows ink paler than its face (``preprocess.pale_ink``)."""
    crop = crop_tile(image, tuple(box), pad=0.0, size=64)  # type: ignore[arg-type]
    return crop is not None and pale_ink(crop)


def _squashed(boxes: np.ndarray) -> bool:
    """Whether the median box (x1, y1, x2, y2) is ``SQUASHED`` times taller than wide or wider
    than tall: the photo was squashed out of shape.

    >>> _squashed(np.array([[0, 0, 30, 40], [30, 0, 60, 42]]))
    False
    >>> _squashed(np.array([[0, 0, 200, 20], [0, 20, 200, 42]]))
    True
    """
    if not len(boxes):
        return False
    shape = np.median((boxes[:, 3] - boxes[:, 1]) / np.maximum(boxes[:, 2] - boxes[:, 0], 1e-6))
    return bool(shape > SQUASHED or shape < 1 / SQUASHED)


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


def _covered(boxes: np.ndarray, whole: np.ndarray) -> float:
    """The summed area of the boxes (x1, y1, x2, y2) lying in box ``whole``, as a share of its
    area (over 1 where they overlap).

    >>> _covered(np.array([[0, 0, 10, 10], [20, 0, 30, 10], [50, 50, 60, 60]], float),
    ...          np.array([0, 0, 40, 20], float))
    0.25
    """
    inside = ((boxes[:, 0] >= whole[0]) & (boxes[:, 1] >= whole[1]) & (boxes[:, 2] <= whole[2])
              & (boxes[:, 3] <= whole[3]))
    area = (boxes[inside, 2] - boxes[inside, 0]) * (boxes[inside, 3] - boxes[inside, 1])
    return float(area.sum() / max((whole[2] - whole[0]) * (whole[3] - whole[1]), 1e-9))


def _short_side(boxes: np.ndarray) -> float:
    """The median short side of boxes (x1, y1, x2, y2): how big the photo's tiles are.

    >>> _short_side(np.array([[0, 0, 30, 40], [0, 0, 50, 20], [0, 0, 10, 10]]))
    20.0
    """
    return float(np.median(np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))


def _windows(width: int, height: int, side: float, overlap: float
             ) -> list[tuple[int, int, int, int]]:
    """Square windows (x1, y1, x2, y2) of about ``side`` pixels covering a ``width`` × ``height``
    photo, neighbours overlapping by ``overlap`` (so a tile cut by one lies whole in the next),
    spread evenly; fewer and larger when more than ``MAX_WINDOWS`` would be needed.

    >>> _windows(1000, 500, 400, 100)[:4]
    [(0, 0, 400, 400), (300, 0, 700, 400), (600, 0, 1000, 400), (0, 100, 400, 500)]
    >>> len(_windows(1000, 500, 400, 100)), _windows(300, 200, 400, 100)
    (6, [(0, 0, 300, 200)])
    >>> len(_windows(4000, 4000, 100, 20))
    16
    """
    side = max(float(side), 2.0 * overlap + 1)
    while True:
        counts = [1 if length <= side else int(np.ceil((length - overlap) / (side - overlap)))
                  for length in (width, height)]
        if counts[0] * counts[1] <= MAX_WINDOWS:
            break
        side *= 1.25
    starts = [[round(i * (length - min(side, length)) / max(n - 1, 1)) for i in range(n)]
              for length, n in zip((width, height), counts, strict=True)]
    size = [round(min(side, length)) for length in (width, height)]
    return [(x, y, x + size[0], y + size[1]) for y in starts[1] for x in starts[0]]


def _cut_off(boxes: np.ndarray, width: int, height: int) -> np.ndarray:
    """Which boxes (x1, y1, x2, y2) are tiles cut off by the photo's edge (``CUT_OFF``).

    >>> boxes = np.array([[0, 40, 10, 80], [20, 40, 50, 80], [60, 40, 90, 80], [100, 40, 130, 80],
    ...                   [140, 40, 170, 80], [180, 40, 210, 80], [220, 40, 250, 80]], float)
    >>> _cut_off(boxes, 250, 100).tolist()
    [True, False, False, False, False, False, False]
    """
    if len(boxes) < FEW_TILES:
        return np.zeros(len(boxes), dtype=bool)
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    edge = ((boxes[:, 0] <= 1) | (boxes[:, 1] <= 1) | (boxes[:, 2] >= width - 1)
            | (boxes[:, 3] >= height - 1))
    return edge & (area < CUT_OFF * np.median(area))


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


def _pale_blank(image: np.ndarray, box: np.ndarray) -> bool:
    """Whether a box shows a pale, unsaturated, blank face (white or ivory, nothing drawn): a
    blank 白板 the detector took for a back. (An ivory back looks the same; it is then read as
    the classifier reads it.) Single-tile photos of kmj-default and fluffy 白板: 6 of 8 were
    found as backs before."""
    middle = blank_middle(image, box)
    return middle is not None and middle[1] < PALE_SATURATION and middle[2] > PALE_VALUE  # HSV


def _coloured_back(image: np.ndarray, box: np.ndarray) -> bool:
    """Whether a box the classifier read as a blank face shows a strongly coloured, blank
    middle: the back of a face-down tile (the classifier has no class for backs, and a back is
    blank), as in a concealed kong lying two up, two down."""
    middle = blank_middle(image, box)
    return middle is not None and middle[1] >= BACK_SATURATION  # HSV


def _blank_there(image: np.ndarray, box: np.ndarray) -> bool:
    """Whether the face in ``box`` is blank (``preprocess.face_is_blank``); a box too small to
    tell is taken as the classifier read it."""
    crop = crop_tile(image, tuple(box), pad=0.0, size=64)
    return True if crop is None else face_is_blank(crop)


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


def _whole_tiles(found: tuple[np.ndarray, np.ndarray, np.ndarray],
                 zoomed: tuple[np.ndarray, np.ndarray, np.ndarray], threshold: float,
                 inside: float, piece_area: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``found`` with each group of two or more boxes lying within (share ``inside``) one box
    the zoomed-out look found whole replaced by that box: a tile filling much of the frame is
    found in pieces close up (its halves, its edges) and whole from further away. Pieces are
    at most ``piece_area`` of the whole box's area.

    >>> found = (np.array([[0, 0, 40, 30], [0, 30, 40, 60], [90, 0, 130, 60]], float),
    ...          np.array([0.5, 0.5, 0.9]), np.array([0, 0, 0]))
    >>> zoomed = (np.array([[0, 0, 41, 61]], float), np.array([0.8]), np.array([0]))
    >>> _whole_tiles(found, zoomed, 0.35, 0.6)[0].tolist()
    [[90.0, 0.0, 130.0, 60.0], [0.0, 0.0, 41.0, 61.0]]
    """
    boxes, scores, cls = found
    used = np.zeros(len(boxes), dtype=bool)
    add = []
    for z, (zbox, zscore) in enumerate(zip(zoomed[0], zoomed[1], strict=True)):
        zw, zh = zbox[2] - zbox[0], zbox[3] - zbox[1]
        if zscore < threshold or max(zw / max(zh, 1e-6), zh / max(zw, 1e-6)) > TILE_SHAPE:
            continue
        over_w = np.minimum(boxes[:, 2], zbox[2]) - np.maximum(boxes[:, 0], zbox[0])
        over_h = np.minimum(boxes[:, 3], zbox[3]) - np.maximum(boxes[:, 1], zbox[1])
        area = np.maximum((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]), 1e-6)
        share = np.clip(over_w, 0, None) * np.clip(over_h, 0, None) / area
        pieces = (share >= inside) & (area <= piece_area * zw * zh) & ~used
        if pieces.sum() >= 2:
            used |= pieces
            add.append(z)
    if not add:
        return found
    return (np.concatenate([boxes[~used], zoomed[0][add]]), np.concatenate([scores[~used], zoomed[1][add]]),
            np.concatenate([cls[~used], zoomed[2][add]]))


def _blank_pieces(tiles: list[dict[str, Any]]
                  ) -> tuple[list[dict[str, Any]], list[tuple[list[float], float]]]:
    """In a close-up (fewer than ``FEW_TILES`` faces), ``tiles`` without the pieces of one
    tile: an unsure 白板 over a sure tile of another face (``PIECE_OVERLAP``) is dropped, and
    blank or unsure faces that overlap or touch (``PIECE_GAP``) are taken out, with the box
    round each such group of two or more (tile-shaped) and its best detection score, to be
    read again as one tile.

    A close-up tile of a design never seen was found as 2-4 boxes where the white side of its
    body or the corners of its face's frame were read as blank faces of their own.

    >>> sure = {"tile": "5p", "box": [0, 0, 40, 60], "detection": 0.9}
    >>> side = {"tile": "P", "box": [0, 50, 40, 70], "unsure": True, "detection": 0.4}
    >>> halves = [{"tile": "P", "box": [100, 0, 140, 30], "detection": 0.5},
    ...           {"tile": "3p", "box": [100, 31, 140, 60], "unsure": True, "detection": 0.4}]
    >>> kept, whole = _blank_pieces([sure, side, *halves])
    >>> [t["tile"] for t in kept], whole
    (['5p'], [([100.0, 0.0, 140.0, 60.0], 0.5)])
    """
    faces = [i for i, t in enumerate(tiles) if t["tile"] != "back"]
    if len(faces) >= FEW_TILES:
        return tiles, []
    blank = {i for i in faces if tiles[i]["tile"] in BLANK_FACES}
    sure_other = [tiles[i]["box"] for i in faces if i not in blank and not tiles[i].get("unsure")]
    drop = {i for i in blank if tiles[i].get("unsure")
            and any(overlap_share(tiles[i]["box"], b) >= PIECE_OVERLAP for b in sure_other)}
    rest = [i for i in faces if i not in drop and (i in blank or tiles[i].get("unsure"))]
    group = {i: i for i in rest}  # union-find over pieces that overlap or touch

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for a in rest:
        for b in rest:
            if a < b and _touch(tiles[a]["box"], tiles[b]["box"]):
                group[root(b)] = root(a)
    whole = []
    for r in sorted({root(i) for i in rest}):
        members = [i for i in rest if root(i) == r]
        if len(members) < 2 or not any(tiles[i].get("unsure") for i in members):
            continue
        boxes = np.array([tiles[i]["box"] for i in members], float)
        box = [float(boxes[:, 0].min()), float(boxes[:, 1].min()), float(boxes[:, 2].max()),
               float(boxes[:, 3].max())]
        w, h = box[2] - box[0], box[3] - box[1]
        if max(w / max(h, 1e-6), h / max(w, 1e-6)) <= TILE_SHAPE:
            drop.update(members)
            whole.append(([round(v, 1) for v in box], max(tiles[i]["detection"] for i in members)))
    return [t for i, t in enumerate(tiles) if i not in drop], whole


def _body_side(piece: list[float], face: list[float]) -> bool:
    """Whether box ``piece`` lies along (most of) one side of box ``face`` (x1, y1, x2, y2) and is
    shallow across it (``BODY_ALONG``, ``BODY_DEPTH``): the face's tile's body seen from the side.

    >>> face = [100, 0, 200, 80]
    >>> _body_side([60, 2, 102, 78], face), _body_side([0, 2, 98, 78], face)  # its edge, a tile
    (True, False)
    >>> _body_side([102, 78, 198, 100], face), _body_side([60, 30, 100, 70], face)  # a half side
    (True, False)
    """
    for axis in (0, 1):  # beside it left or right (0), above or below (1)
        across, along = axis, 1 - axis
        length = face[along + 2] - face[along]
        span = piece[along + 2] - piece[along]
        shared = min(piece[along + 2], face[along + 2]) - max(piece[along], face[along])
        depth, face_depth = piece[across + 2] - piece[across], face[across + 2] - face[across]
        gap = max(piece[across], face[across]) - min(piece[across + 2], face[across + 2])
        if (shared >= BODY_ALONG * length and span * BODY_ALONG <= length
                and depth <= BODY_DEPTH * face_depth  # over it, or at most this far apart
                and -depth <= gap <= PIECE_GAP * face_depth):
            return True
    return False


def _body_sides(tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """In a close-up (fewer than ``FEW_TILES`` faces), ``tiles`` without the backs and 白板 that
    are a face's own body seen from the side (:func:`_body_side`).

    >>> face = {"tile": "8p", "box": [100, 0, 200, 80]}
    >>> edge = {"tile": "back", "box": [60, 2, 102, 78]}
    >>> [t["tile"] for t in _body_sides([face, edge])]
    ['8p']
    """
    faces = [t["box"] for t in tiles if t["tile"] not in ("back", *BLANK_FACES)]
    if not faces or len(faces) >= FEW_TILES:
        return tiles
    return [t for t in tiles if t["tile"] not in ("back", *BLANK_FACES)
            or not any(_body_side(t["box"], face) for face in faces)]


def _marks_within(tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``tiles`` without the unsure faces that lie wholly (``MARK_INSIDE`` of their area) in a
    surely named tile's box and are at most ``PIP_AREA`` of it: a mark on that tile's face (its
    corner numeral, one stroke of its 萬) found as a tile of its own. No tile is drawn on
    another's face.

    >>> whole = {"tile": "5m", "box": [180, 300, 420, 510]}
    >>> numeral = {"tile": "1p", "box": [184, 323, 214, 360], "unsure": True}
    >>> beside = {"tile": "1p", "box": [430, 300, 470, 350], "unsure": True}
    >>> [t["tile"] for t in _marks_within([whole, numeral, beside])]
    ['5m', '1p']
    """
    sure = [t["box"] for t in tiles if not t.get("unsure")]

    def mark(box: list[float]) -> bool:
        area = (box[2] - box[0]) * (box[3] - box[1])
        return any(overlap_share(box, whole) >= MARK_INSIDE
                   and area <= PIP_AREA * (whole[2] - whole[0]) * (whole[3] - whole[1])
                   for whole in sure)

    return [t for t in tiles if not (t.get("unsure") and mark(t["box"]))]


def _lettered(image: np.ndarray, tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``tiles`` with each unsure face whose English name is read on it (``vision.caption``,
    least sure first) named so, at ``caption.CONFIDENCE``, in a photo of a design the classifier
    does not know (its faces named with a median confidence under ``KINDS_FAMILIAR``): a flower
    or season of a set never seen, its picture the maker's own, is told by the name under it.
    Without Tesseract, as they were."""
    faces = [t["confidence"] for t in tiles if t["tile"] != "back"]
    unsure = sorted((i for i, t in enumerate(tiles) if t.get("unsure") and t["tile"] != "back"),
                    key=lambda i: tiles[i]["confidence"])
    if not unsure or np.median(faces) >= KINDS_FAMILIAR or not caption.available():
        return tiles
    kinds = caption.read_kinds(image, np.array([tiles[i]["box"] for i in unsure], float))
    out = list(tiles)
    for i, kind in zip(unsure, kinds, strict=False):  # past caption.MAX_FACES: not read
        if kind is not None:
            named = {key: value for key, value in tiles[i].items() if key != "unsure"}
            out[i] = {**named, "tile": kind,
                      "confidence": max(float(tiles[i]["confidence"]), caption.CONFIDENCE)}
    return out


def _unsure_faces(codes: list[str], best: np.ndarray, given: np.ndarray) -> np.ndarray:
    """Which tiles named ``best`` (indices into ``codes``) with probability ``given`` are faces
    named under ``NUMERAL_ASK``, in a photo whose faces' median is under it too (none
    otherwise: a photo of the design the classifier knows is read surely)."""
    tile_kinds = [k for k, code in enumerate(codes) if code not in (NOT_A_TILE, "back")]
    faces = (given > 0) & np.isin(best, tile_kinds)
    if not faces.any() or np.median(given[faces]) >= NUMERAL_ASK:
        return np.zeros(len(best), bool)
    return faces & (given < NUMERAL_ASK)


def _numbered_as(code: str, rank: int) -> bool:
    """Whether a tile named ``code`` would carry index numeral ``rank``: a suited tile its rank,
    a flower or season its place among its four (sets number 梅兰竹菊 and 春夏秋冬 1-4).

    >>> _numbered_as("4p", 4), _numbered_as("6f", 2), _numbered_as("6f", 6), _numbered_as("E", 1)
    (True, True, False, False)
    """
    if len(code) != 2 or not code[0].isdigit():
        return False
    number = int(code[0])
    return number == rank if code[1] in "mps" else (number - 1) % 4 + 1 == rank


def _numbered_kinds(rank: int) -> list[str]:
    """The kinds a tile carrying index numeral ``rank`` may be (:func:`_numbered_as`): its rank
    of each suit and, numbered 1-4, the flower and the season of that place (jade's 秋, read as
    a spring by a classifier that never saw it, says 3).

    >>> _numbered_kinds(3), _numbered_kinds(7)
    (['3m', '3p', '3s', '3f', '7f'], ['7m', '7p', '7s'])
    """
    suited = [f"{rank}{suit}" for suit in "mps"]
    return suited + [f"{rank}f", f"{rank + 4}f"] if rank <= 4 else suited


def _touch(a: list[float], b: list[float]) -> bool:
    """Whether boxes ``a`` and ``b`` overlap (``PIECE_OVERLAP`` of either's area) or lie within
    ``PIECE_GAP`` of the smaller's short side of each other along one edge.

    >>> _touch([0, 0, 10, 10], [11, 0, 20, 10]), _touch([0, 0, 10, 10], [15, 0, 20, 10])
    (True, False)
    """
    if max(overlap_share(a, b), overlap_share(b, a)) >= PIECE_OVERLAP:
        return True
    side = min(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1])
    gap_x = max(a[0], b[0]) - min(a[2], b[2])
    gap_y = max(a[1], b[1]) - min(a[3], b[3])
    along = min(a[2], b[2]) - max(a[0], b[0]) if gap_y > gap_x else min(a[3], b[3]) - max(a[1], b[1])
    return max(gap_x, gap_y) <= PIECE_GAP * side and along > side / 2


def _drop_pieces(xywh: np.ndarray, order: np.ndarray, inside: float,
                 codes: list[str] | None = None, same_inside: float = 1.0) -> np.ndarray:
    """Indices of ``order`` (best first) left after dropping each box that lies mostly (share
    ``inside`` of its area) within a better kept box, or less (``same_inside``) where both read
    the same tile (``codes``): part of a tile found beside the whole tile overlaps it too little
    for IoU suppression to catch.

    >>> boxes = np.array([[0, 0, 10, 14], [0, 0, 5, 14], [10, 0, 10, 14]], dtype=float)
    >>> _drop_pieces(boxes, np.array([0, 1, 2]), 0.7).tolist()
    [0, 2]
    >>> boxes = np.array([[0, 0, 10, 14], [5, 0, 10, 14]], dtype=float)  # half inside
    >>> _drop_pieces(boxes, np.array([0, 1]), 0.7, ["5p", "5p"], 0.5).tolist()
    [0]
    >>> _drop_pieces(boxes, np.array([0, 1]), 0.7, ["5p", "6p"], 0.5).tolist()
    [0, 1]
    """
    kept: list[int] = []
    for i in order:
        x, y, w, h = xywh[i]
        area = max(w * h, 1e-9)
        piece = False
        for j in kept:
            kx, ky, kw, kh = xywh[j]
            overlap_w = min(x + w, kx + kw) - max(x, kx)
            overlap_h = min(y + h, ky + kh) - max(y, ky)
            if overlap_w <= 0 or overlap_h <= 0:
                continue
            share = overlap_w * overlap_h / area
            if share >= inside or (codes is not None and codes[i] == codes[j]
                                   and share >= same_inside):
                piece = True
                break
        if not piece:
            kept.append(int(i))
    return np.array(kept, dtype=int)


def _drop_holders(xywh: np.ndarray, order: np.ndarray, codes: list[str], holds: float,
                  unsure: np.ndarray | None = None) -> np.ndarray:
    """Indices of ``order`` (best first) left after dropping each box that holds one better box
    (share ``holds`` of it inside) and no other box of ``order``, where both read the same tile
    or the holder is ``unsure`` (one flag a box of ``xywh``) there is a tile at all: one tile
    found twice, its face and its whole body, or the tile and the cloth around it, where the
    tile scored higher.

    >>> xywh = np.array([[30, 20, 60, 80], [0, 0, 100, 110], [100, 0, 50, 110]], dtype=float)
    >>> _drop_holders(xywh, np.array([0, 1, 2]), ["E", "E", "E"], 0.9).tolist()
    [0, 2]
    >>> _drop_holders(xywh, np.array([0, 1, 2]), ["E", "W", "E"], 0.9).tolist()
    [0, 1, 2]
    >>> _drop_holders(xywh, np.array([0, 1, 2]), ["E", "W", "E"], 0.9,
    ...               np.array([False, True, False])).tolist()
    [0, 2]
    """
    order = np.asarray(order, dtype=int)
    boxes = np.column_stack([xywh[order, :2], xywh[order, :2] + xywh[order, 2:]])
    w = np.minimum(boxes[:, None, 2], boxes[None, :, 2]) - np.maximum(boxes[:, None, 0], boxes[None, :, 0])
    h = np.minimum(boxes[:, None, 3], boxes[None, :, 3]) - np.maximum(boxes[:, None, 1], boxes[None, :, 1])
    area = np.maximum((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]), 1e-9)
    share = np.clip(w, 0, None) * np.clip(h, 0, None) / area[:, None]  # [a, b]: of a inside b
    np.fill_diagonal(share, 0.0)
    dropped = set()
    for rank in range(len(order)):
        held = np.flatnonzero(share[:, rank] >= 0.5)
        alike = codes[order[held[0]]] == codes[order[rank]] if len(held) == 1 else False
        if (len(held) == 1 and held[0] < rank and share[held[0], rank] >= holds
                and (alike or (unsure is not None and unsure[order[rank]]))):
            dropped.add(rank)
    return np.array([int(i) for r, i in enumerate(order) if r not in dropped], dtype=int)


class Recognizer:
    """The loaded models; create once with :meth:`load` and call :meth:`detect` per photo."""

    def __init__(self, detector: Any, classifier: TileClassifier | None,
                 thresholds: Thresholds = Thresholds(), faces_detector: Any = None) -> None:
        self.detector = detector
        self.classifier = classifier
        self.thresholds = thresholds
        self.det_size = int(detector.get_inputs()[0].shape[-1])
        self.det_names = _detector_names(detector)
        self.two_stage = set(self.det_names) <= {"tile", "back"}
        if self.two_stage and classifier is None:
            raise MahjongError("the detector finds tiles but does not name them, and the "
                               f"classifier model {CLASSIFIER_FILE} is missing")
        #: the detector of dark and coloured faces (``FACES_DETECTOR_FILE``), or None
        self.faces_detector = faces_detector
        if faces_detector is not None and (
                _detector_names(faces_detector) != self.det_names
                or int(faces_detector.get_inputs()[0].shape[-1]) != self.det_size):
            raise MahjongError(f"the second detector {FACES_DETECTOR_FILE} finds other classes "
                               f"or sizes than {DETECTOR_FILE}: export both alike")

    @classmethod
    def load(cls, models_dir: Path | str | None = None,
             thresholds: Thresholds = Thresholds()) -> Recognizer:
        """Load the models from ``models_dir`` (default ``models/``); a clear error if missing."""
        folder = Path(models_dir) if models_dir else MODELS_DIR
        detector = folder / DETECTOR_FILE
        if not detector.is_file():
            raise MahjongError(f"the tile detector model {detector} is missing: train and export "
                               "it with `python -m vision.train detect` (see models/MODEL_CARD.md)",
                               str(detector))
        classifier = TileClassifier.load(folder) if (folder / CLASSIFIER_FILE).is_file() else None
        faces = folder / FACES_DETECTOR_FILE
        return cls(_session(detector), classifier, thresholds,
                   _session(faces) if faces.is_file() else None)

    def find(self, image: np.ndarray, faces_first: bool = False
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Stage one: boxes (x1, y1, x2, y2 in photo pixels), scores and class indices.

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
        (``_pips_joined``).
        """
        faces = self.faces_detector
        detector = faces if faces_first and faces is not None else self.detector
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
        if kept.sum() < FEW_TILES or _squashed(first):
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
            if zoomed is not None and found is not zoomed and not _squashed(first):
                found = _whole_tiles(found, zoomed, threshold, self.thresholds.inside)
        if _squashed(first):
            return found
        # all in one small patch, the tiles may be the pips of one dark tile close up (joined at the
        # end) or a table far off (its closer looks find ``FAR_TABLE`` tiles or more, or the second
        # detector finds no tile holding them)
        patch = faces is not None and kept.sum() >= FEW_TILES and _one_patch(first, width, height)
        looked = detector is faces
        # tiles too small for the detector: closer, and closer again where the first guess of their
        # size (from boxes that may span several tiles) was too large; where the second detector
        # took over, the first's own tiles say whether they are too small (a table far off that
        # the second saw as one close-up tile), and its closer looks count only as a table
        if swapped and len(own):
            first, detector = own, self.detector
        side = _short_side(first) if len(first) else max(height, width) * CLOSE_TILE / (2 * self.det_size)
        closer_found, table = None, False
        for _ in range(CLOSER_LOOKS if side * self.det_size / max(height, width) < SMALL_TILE else 0):
            closer = self._look_closer(image, side, detector)
            sure = closer[1] >= threshold
            if closer[1][sure].sum() <= best or (swapped and sure.sum() < FAR_TABLE):
                break
            closer_found, best, table = closer, closer[1][sure].sum(), sure.sum() >= FAR_TABLE
            closer_side = _short_side(closer[0][sure])
            if closer_side >= side * 0.75:
                break
            side = closer_side
        if patch and not table:
            joined = self._pips_joined(image, found, looked)
            if len(joined[0]) < len(found[0]):
                return joined
        return found if closer_found is None else closer_found

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

    def _lone_pieces(self, image: np.ndarray, tiles: list[dict[str, Any]],
                     tileset: TileSet | None, numbered: bool = False) -> list[dict[str, Any]]:
        """``tiles`` as one tile where they are pieces of the one tile the photo shows apart
        from the cloth (``preprocess.lone_tile``): all in one patch, each at most ``PIP_AREA``
        of it, and their faces named with little confidence (median under ``UNSURE_REPORT``:
        tiles in a tray, as many and as small, are named surely). A face no detector sees
        whole (a red jade face with white strokes) is found as a dozen of its strokes. Named
        by its index numeral too where ``numbered`` (:meth:`TileClassifier.name`)."""
        boxes = np.array([t["box"] for t in tiles], float)
        height, width = image.shape[:2]
        named_as = [t["confidence"] for t in tiles if t["tile"] != "back"]  # a back's is the detector's
        if (len(named_as) < 2 or not _one_patch(boxes, width, height)
                or np.median(named_as) >= UNSURE_REPORT):
            return tiles
        lone = lone_tile(image)
        if lone is None:
            return tiles
        none = np.zeros(len(boxes))
        joined = _whole_tiles((boxes, none, none.astype(int)), (lone[None], np.ones(1), np.zeros(1, int)),
                              0.0, self.thresholds.inside, PIP_AREA)
        if len(joined[0]) != 1:  # some box is no piece of it: a tile beside it, or found whole
            return tiles
        named, p = self.classifier.name(image, lone[None], np.ones(1, bool), tileset,  # type: ignore[union-attr]
                                        numbered=numbered)
        return [self._entry(image, named[0], lone, max(t["detection"] for t in tiles), p[0])]

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

    def _look_closer(self, image: np.ndarray, tile_side: float, detector: Any = None
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The detector over overlapping windows of ``image`` (``_windows``), each scaled so that
        tiles of short side ``tile_side`` (photo pixels) come out ``CLOSE_TILE`` pixels; boxes cut
        by a window's inner edge are left to the window that holds their tile whole."""
        height, width = image.shape[:2]
        every: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        for x1, y1, x2, y2 in _windows(width, height, self.det_size * tile_side / CLOSE_TILE,
                                       2 * tile_side):
            boxes, scores, cls = self._look(image[y1:y2, x1:x2], detector)
            whole = np.ones(len(boxes), dtype=bool)
            for axis, (low, high, end) in enumerate(((x1, x2, width), (y1, y2, height))):
                if low > 0:
                    whole &= boxes[:, axis] > 1
                if high < end:
                    whole &= boxes[:, axis + 2] < high - low - 1
            every.append((boxes[whole] + np.array([x1, y1, x1, y1]), scores[whole], cls[whole]))
        boxes, scores, cls = (np.concatenate(parts) for parts in zip(*every, strict=True))
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

    def _kept(self, boxes: np.ndarray, scores: np.ndarray, codes: list[str],
              probs: np.ndarray) -> np.ndarray:
        """Indices of the named boxes to report, best first: scored high enough (lower for a
        blank face the classifier is sure of), and not a second box on a tile already found
        that reads the same tile."""
        th = self.thresholds
        w = np.maximum(boxes[:, 2] - boxes[:, 0], 1e-6)
        h = np.maximum(boxes[:, 3] - boxes[:, 1], 1e-6)
        tile_shaped = np.maximum(w / h, h / w) <= TILE_SHAPE

        faces = [i for i in range(len(boxes)) if codes[i] not in ("back", NOT_A_TILE)
                 and scores[i] >= th.score]
        face_area = float(np.median((w * h)[faces])) if faces else 0.0
        # a box likely a tile: scored so, and a back not much smaller than the faces
        likely = (scores >= th.score) & ((w * h >= BACK_AREA * face_area)
                                         | ~np.array([c == "back" for c in codes], bool))

        def beside_others(i: int) -> bool:  # within a tile's width of two other likely boxes
            gap = max(w[i], h[i])
            return sum(j != i and likely[j] and boxes[j, 0] - gap < boxes[i, 2]
                       and boxes[i, 0] - gap < boxes[j, 2] and boxes[j, 1] - gap < boxes[i, 3]
                       and boxes[i, 1] - gap < boxes[j, 3] for j in range(len(boxes))) >= 2

        anchors = set(faces) | {j for j in range(len(boxes)) if codes[j] == "back"
                                and tile_shaped[j] and scores[j] >= th.back_score}

        def in_a_row(i: int) -> bool:  # in a row with a sure tile (face or back) of its size
            return any(j in anchors and 1 - ROW_SIZE <= h[j] / h[i] <= 1 / (1 - ROW_SIZE)
                       and min(boxes[i, 3], boxes[j, 3]) - max(boxes[i, 1], boxes[j, 1])
                       >= (1 - ROW_SIZE) * min(h[i], h[j])
                       and max(boxes[i, 0], boxes[j, 0]) - min(boxes[i, 2], boxes[j, 2])
                       <= ROW_GAP * w[i] for j in range(len(boxes)) if j != i)

        def sure_of(i: int) -> bool:
            if codes[i] == "back":  # a weak one: likely (not much smaller than the faces) and
                return bool(tile_shaped[i] and (scores[i] >= th.back_score or (  # beside others
                    likely[i] and beside_others(i)) or (w[i] * h[i] >= BACK_AREA * face_area
                                                         and in_a_row(i))))
            return bool(scores[i] >= th.score or (codes[i] in BLANK_FACES and scores[i] >= th.blank_score
                                                  and probs[i] >= th.blank_confidence))

        sure = [i for i in np.argsort(-scores, kind="stable") if sure_of(int(i))]
        if not sure:
            return np.zeros(0, dtype=int)
        xywh = np.column_stack([boxes[:, :2], boxes[:, 2:] - boxes[:, :2]])
        # `_look` dropped the pieces by shape alone before naming (fewer crops to read); with the
        # names known, the looser share for a box that reads the same tile applies now
        kept = _drop_pieces(xywh, np.array(sure), th.inside, codes, th.same_inside)
        return _drop_holders(xywh, kept, codes, th.holds, scores < th.sure_tile)

    def detect(self, image: np.ndarray, tileset: TileSet | None = None,
               faces_first: bool | None = None, lettered: bool = True) -> list[dict[str, Any]]:
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
        """
        if faces_first is None:
            faces_first = bool(tileset is not None and tileset.dark_faces)
        boxes, scores, cls = self.find(image, faces_first)
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
            backs_read = own | pale | alone
            faces = [i for i, lab in enumerate(labels) if lab == "tile" or i in backs_read]
            if faces and self.classifier is not None:
                tile_there = scores[faces] >= self.thresholds.sure_tile
                tile_there[[j for j, i in enumerate(faces) if i in backs_read]] = False
                named, p = self.classifier.name(image, boxes[faces], tile_there, tileset,
                                                scores[faces], numbered=lettered)
                for j, i in enumerate(faces):
                    codes[i], probs[i] = named[j], p[j]
                    if i in alone - own - pale and named[j] in (NOT_A_TILE, "back", *BLANK_FACES):
                        if blank:
                            codes[i] = OWN_BLANK
                            probs[i] = min(max(p[j], scores[i]), LONE_BLANK_CONFIDENCE)
                        else:  # marks no face is named by: a back's pattern
                            codes[i], probs[i] = "back", scores[i]
                    elif i in backs_read and named[j] in (NOT_A_TILE, "back"):
                        codes[i], probs[i] = OWN_BLANK if i in own else "back", scores[i]
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
        keep = self._kept(boxes, scores, codes, probs)
        keep = keep[~_cut_off(boxes[keep], image.shape[1], image.shape[0])]
        boxes, scores, probs, codes = boxes[keep], scores[keep], probs[keep], [codes[i] for i in keep]
        tiles = [self._entry(image, code, box, s, p)
                 for code, box, s, p in zip(codes, boxes, scores, probs, strict=True)
                 if code != NOT_A_TILE]  # NOT_A_TILE: the classifier saw no tile in the box
        for _ in range(PIECE_PASSES if self.two_stage and self.classifier is not None else 0):
            tiles, whole = _blank_pieces(tiles)
            if not whole:
                break
            named, p = self.classifier.name(image, np.array([b for b, _ in whole]),  # type: ignore[union-attr]
                                            np.ones(len(whole), bool), tileset,
                                            np.array([d for _, d in whole]), numbered=lettered)
            tiles += [self._entry(image, code, box, detection, q) for code, (box, detection), q
                      in zip(named, whole, p, strict=True) if code != NOT_A_TILE]
        if self.two_stage and self.classifier is not None:
            tiles = self._lone_pieces(image, tiles, tileset, numbered=lettered)
            tiles = _marks_within(tiles)
        tiles = _body_sides(tiles)
        if self.two_stage and lettered:
            tiles = _lettered(image, tiles)
        tiles.sort(key=lambda t: (round(t["box"][1] / max(1.0, t["box"][3] - t["box"][1])),
                                  t["box"][0]))
        return tiles

    def _entry(self, image: np.ndarray, code: str, box: Any, detection: float,
               confidence: float) -> dict[str, Any]:
        """One tile as :meth:`detect` reports it; a face named with little confidence, or a
        白板 named over a face with marks, is ``"unsure"`` (the latter's confidence capped)."""
        tile = {"tile": code, "box": [round(float(v), 1) for v in box],
                "confidence": round(float(confidence), 4), "detection": round(float(detection), 4)}
        if self.two_stage and code != "back":
            marked = code in BLANK_FACES and not _blank_there(image, np.asarray(box, float))
            if marked:
                tile["confidence"] = min(tile["confidence"], round(UNSURE_REPORT - 0.01, 4))
            if marked or confidence < UNSURE_REPORT:
                tile["unsure"] = True
        return tile
