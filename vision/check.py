"""Check: which named boxes are tiles (unsure, blank, back, pieces of one tile, slivers cut off).

The fourth stage of the recognizer (docs/recognizer.md, "Boxes kept and dropped", "Unsure tiles").
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from . import caption
from .caption import ROW_LIKE
from .classes import BLANK_FACES, NOT_A_TILE
from .find import (
    FEW_TILES,
    PIP_AREA,
    TILE_SHAPE,
    Thresholds,
    _drop_pieces,
    _one_patch,
    _whole_tiles,
)
from .name import KINDS_FAMILIAR, UNSURE_REPORT, Named, listed_unsure
from .pieces import ROW_GAP
from .preprocess import blank_middle, crop_tile, face_is_blank, lone_tile
from .self_taught import SURE
from .wall_blanks import SAME_COLOUR, backs_named_blank, middle_colours
from .windows import WHOLE_TABLE

#: A blank middle this saturated (HSV mean, 0-255) is a tile's coloured back, not a 白板: the
#: 280 valid 白板 measure 15 (median) to 66 at most; the backs of concealed kongs in rendered
#: hands (green, blue, orange, yellow layers) 86-209. One less saturated and ``PALE_VALUE`` bright
#: is pale: white or ivory, as tile faces are and coloured backs are not (pale under 45 as well,
#: no set read otherwise: ``benchmarks/recognizer_ablation.py --every 4``).
BACK_SATURATION = 80

PALE_VALUE = 140

#: The blank face a player's set's 白板 was learnt as (``TileSet.blank_like``) is read as this.
OWN_BLANK = "P"

#: Blank or unsure faces overlapping along a side, or this share of a side apart, are pieces of
#: one tile, read again whole (``_blank_pieces``: close-ups only). An unsure 白板 lying over a
#: sure tile by a fifth of its area, dropped as a piece of it, and any two overlapping by a fifth
#: joined, read no set otherwise (``benchmarks/recognizer_ablation.py --every 4``, ``python -m
#: vision.evaluate_real --photographed 4``): the white side of a tile's body is ``_body_sides``'.
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

#: Pieces joined, read again, joined again: a face split in quarters comes together in two.
PIECE_PASSES = 3

#: A box at the photo's edge smaller than this share of the median box is a tile the frame cuts
#: off, its face unreadable: dropped (photos of at least ``FEW_TILES`` tiles). On the 296 valid
#: photos 4 such boxes were on no labelled tile and none on one.
CUT_OFF = 0.5


#: A face box this share of whose area lies under the boxes of other tiles named more surely (or
#: found face down), at least ``SEAM_PART`` of it under each of two, is the seam between those
#: tiles found as a tile of its own, half of one and half of the next: a whole table's far rows
#: (photos of ``vision.windows.WHOLE_TABLE`` tiles or more). On 48 rendered tables (seeds 63 /
#: 64 of ``vision.evaluate_table``) 15 such boxes lay on no tile and 2 on one (1 named right);
#: 0.7 or 0.2 instead: 15 / 6, 0.9: 15 / 3; with any tile, however unsure, as a cover: 17 / 8
#: (``scripts/table_misses.py``). On every photo, `valid` lost 2 labelled tiles for 1 extra box
#: fewer (0.9687 / 0.9629 → 0.9684 / 0.9630), so close-ups and hands are left as they were.
SEAM_COVER = 0.8

SEAM_PART = 0.3

#: Whether seams are dropped (``_seams``); off only to measure without.
SEAMS = True


def _seams(boxes: np.ndarray, faces: np.ndarray, sureness: np.ndarray) -> np.ndarray:
    """Which boxes (x1, y1, x2, y2) are seams between tiles (``SEAM_COVER``, ``SEAM_PART``):
    a face (``faces``) covered by two or more boxes named more surely (``sureness``; a box
    not a face always covers), least sure first, a seam dropped covering no other.

    >>> rows = [[0, 0, 20, 30], [20, 0, 40, 30], [10, 0, 30, 30], [40, 0, 60, 30],
    ...         [0, 40, 20, 70], [20, 40, 40, 70], [10, 40, 30, 70]]
    >>> table = np.array(rows + [[100 + 30 * k, 200, 120 + 30 * k, 230] for k in range(50)], float)
    >>> sure = np.array([0.9, 0.8, 0.1, 0.9, 0.9, 0.05, 0.5] + [0.9] * 50)
    >>> _seams(table, np.ones(57, bool), sure)[:7].tolist()  # the last covered by a less sure one
    [False, False, True, False, False, False, False]
    >>> bool(_seams(table[:7], np.ones(7, bool), sure[:7]).any())  # no whole table
    False
    """
    seam = np.zeros(len(boxes), dtype=bool)
    if len(boxes) < WHOLE_TABLE:
        return seam
    for i in np.argsort(sureness, kind="stable"):
        if not faces[i]:
            continue
        x1, y1, x2, y2 = boxes[i]
        others = ~seam & (~faces | (sureness > sureness[i]))
        others[i] = False
        near = boxes[others]
        near = near[(near[:, 0] < x2) & (near[:, 2] > x1) & (near[:, 1] < y2) & (near[:, 3] > y1)]
        if len(near) < 2 or x2 <= x1 or y2 <= y1:
            continue
        near = np.clip(near, [x1, y1, x1, y1], [x2, y2, x2, y2])
        area = (x2 - x1) * (y2 - y1)
        parts = np.sort((near[:, 2] - near[:, 0]) * (near[:, 3] - near[:, 1]))[::-1] / area
        seam[i] = parts[1] >= SEAM_PART and _union_area(near) >= SEAM_COVER * area
    return seam


def _union_area(boxes: np.ndarray) -> float:
    """The area the boxes (x1, y1, x2, y2) cover together, exactly: the grid their edges cut the
    plane into, each cell covered or not.

    >>> float(_union_area(np.array([[0, 0, 2, 2], [1, 1, 3, 3], [10, 0, 11, 1]], float)))
    8.0
    """
    xs, ys = np.unique(boxes[:, [0, 2]]), np.unique(boxes[:, [1, 3]])
    mid_x, mid_y = (xs[1:] + xs[:-1]) / 2, (ys[1:] + ys[:-1]) / 2
    x1, y1, x2, y2 = (boxes[:, k, None, None] for k in range(4))
    covered = ((mid_x[None, None] > x1) & (mid_x[None, None] < x2)
               & (mid_y[None, :, None] > y1) & (mid_y[None, :, None] < y2))
    return float((covered.any(axis=0) * np.outer(np.diff(ys), np.diff(xs))).sum())


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


#: A box found face down whose middle's colour lies this far (CIELAB, OpenCV's 0-255 scale) from
#: the median colour of the photo's backs (at least ``FEW_TILES`` found, scored ``score`` or
#: more) is read by the classifier, and is a face where named so (not ``NOT_A_TILE``) with at
#: least ``FACE_NOT_BACK`` probability (``face_not_back``; under ``UNSURE_REPORT`` it is listed
#: unsure): a table's backs are of one colour, and a red or jade face the detector took for a
#: back is of another. The classifier alone cannot tell: it has no class for a back, and on the
#: 48 rendered tables of seeds 63 / 64 it named 401 true backs a face at 0.5 or more, against 9
#: faces found as backs. Of the 75 faces reported as backs there (56 standing in the ``self``
#: seat's hand, seen from above as slivers, named at 0.1 by the median), this reads 1 / 6 as
#: faces, none of the true backs (faces named right 82.59 / 82.54 → 82.65 / 82.79 %, indicators
#: 13 / 9 → 13 / 10 found); at 40 and 0.6: 0 / 1, 0.4: 0 / 4 with one hidden back read a face on
#: seed 63 (``scripts/table_misses.py``). `valid` reports one back in its 296 photos, so the rule
#: never applies there (0.9687 / 0.9629 / 73.0 % unchanged); rendered hands made to find backs in
#: (``evaluate_designs --per-kind 0 --learn --backs 30 --scenes 15``, gen-12 and kmj-jade): backs
#: found and faces read right unchanged, kmj-jade's extra boxes 62 / 72 → 61 / 71.
BACK_COLOUR_DISTANCE = 50.0

FACE_NOT_BACK = 0.3

#: Whether backs unlike the photo's others are read (``unlike_backs``); off only to measure without.
UNLIKE_BACKS = True


#: A 白板 the detector scored under ``Thresholds.sure_tile`` whose middle's colour (CIELAB median,
#: OpenCV's 0-255 scale) is one (``wall_blanks.SAME_COLOUR``) with the colour of at least
#: ``CLOTH_SHARE`` of the bare table (the photo's pixels under no box, seen at 1 / ``CLOTH_SCALE``)
#: is a patch of the cloth, not a tile: a checked or mottled cloth shows pale blank squares the
#: size of a tile, which the detector scores low and the classifiers name 白板 surely (they never saw
#: cloth without a tile on it), and a tile's face is not the colour of much of the cloth around it.
#: In a whole table's photo (``vision.windows.WHOLE_TABLE`` tiles or more) only. On the 48 rendered
#: tables of seeds 63 / 64 (``vision.evaluate_table``), the 白板 found scored under 0.55 on no
#: labelled tile: 22, their colour 0.036-0.29 of the bare table; those on one: 8, at most 0.004.
#: Two 白板 on a cloth of their colour (0.24, 0.33) were scored 0.71 / 0.74, kept by their score. A
#: back so scored is a patch of the cloth from ``CLOTH_SHARE_BACK``: a plain cloth, or a coloured
#: rim, is as blank as a back, and the backs of standing hands the detector did not find lie bare
#: too, so a back's own colour is some of the bare table's. There, backs on no labelled tile: 51 of
#: 224 from 0.2 (0.22-0.95), on one: 488, at most 0.15 (0.1-0.3 read both seeds alike). Seen at 1 /
#: 8 the rule costs about 6 ms a table photo (1 / 4: 26 ms, the same boxes).
CLOTH_SHARE = 0.03

CLOTH_SHARE_BACK = 0.2

CLOTH_SCALE = 8

#: Whether 白板 and backs on the bare cloth are dropped (``_on_cloth``); off only to measure
#: without.
ON_CLOTH = True


def _bare_table(image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """The CIELAB colours (n x 3) of the photo's pixels under none of ``boxes`` (x1, y1, x2, y2),
    seen at 1 / ``CLOTH_SCALE``: the cloth, the table's edge and what lies beyond it."""
    height, width = image.shape[:2]
    small = cv2.resize(image, (max(1, width // CLOTH_SCALE), max(1, height // CLOTH_SCALE)),
                       interpolation=cv2.INTER_AREA)
    bare = np.ones(small.shape[:2], dtype=bool)
    for x1, y1, x2, y2 in np.round(np.asarray(boxes, float) / CLOTH_SCALE).astype(int):
        bare[max(0, y1):max(0, y2), max(0, x1):max(0, x2)] = False
    return cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[bare].astype(np.float32)


def _on_cloth(image: np.ndarray, boxes: np.ndarray, blank: np.ndarray, back: np.ndarray,
              scores: np.ndarray, sure_tile: float) -> np.ndarray:
    """Which boxes (x1, y1, x2, y2), blank faces (``blank``) or backs (``back``) the detector
    scored under ``sure_tile``, are of the bare table's colour (``SAME_COLOUR``,
    ``CLOTH_SHARE``, ``CLOTH_SHARE_BACK``): patches of the cloth, in a whole table's photo.

    >>> image = np.zeros((400, 1600, 3), np.uint8)
    >>> for k in range(40):  # a checked cloth: grey and pink squares 40 px a side
    ...     for m in range(10):
    ...         grey = (k + m) % 2
    ...         image[40 * m:40 * m + 40, 40 * k:40 * k + 40] = (150, 150, 150) if grey else (160, 150, 220)
    >>> tiles = np.array([[10 + 30 * k, 300, 38 + 30 * k, 340] for k in range(50)], float)
    >>> image[300:340, 10:1510] = (215, 230, 235)  # ivory tiles in a row
    >>> boxes = np.vstack([tiles, [[40, 40, 80, 80], [10, 300, 38, 340]]])  # a grey square, a tile
    >>> blank, back = np.zeros(52, bool), np.zeros(52, bool); blank[-2:] = True
    >>> _on_cloth(image, boxes, blank, back, np.full(52, 0.3), 0.55)[-2:].tolist()
    [True, False]
    >>> _on_cloth(image, boxes, back, blank, np.full(52, 0.3), 0.55)[-2:].tolist()  # as backs
    [True, False]
    >>> bool(_on_cloth(image, boxes[-12:], blank[-12:], back[-12:], np.full(12, 0.3), 0.55).any())
    False
    """
    cloth = np.zeros(len(boxes), dtype=bool)
    asked = np.flatnonzero((blank | back) & (scores < sure_tile))
    if len(boxes) < WHOLE_TABLE or not len(asked):
        return cloth
    bare = _bare_table(image, boxes)
    if not len(bare):
        return cloth
    colours = middle_colours(image, np.asarray(boxes, float)[asked])  # NaN: too small, kept
    near = ((bare[None] - colours[:, None]) ** 2).sum(axis=2) < SAME_COLOUR ** 2
    for i, share in zip(asked, near.mean(axis=1), strict=True):
        cloth[i] = float(share) >= (CLOTH_SHARE_BACK if back[i] else CLOTH_SHARE)
    return cloth


def _middle_colour(image: np.ndarray, box: np.ndarray) -> np.ndarray | None:
    """The mean CIELAB colour of the middle half of the tile in ``box``; None if too small."""
    crop = crop_tile(image, tuple(box), pad=0.0, size=64)
    if crop is None:
        return None
    return cv2.cvtColor(crop[16:48, 16:48], cv2.COLOR_BGR2LAB).reshape(-1, 3).mean(axis=0)


def unlike_backs(image: np.ndarray, boxes: np.ndarray, backs: np.ndarray) -> np.ndarray:
    """Which boxes found as backs (``backs``, one flag a box) are unlike the photo's other backs
    in colour (``BACK_COLOUR_DISTANCE`` from their median): faces perhaps, to be named.

    >>> image = np.full((100, 400, 3), 90, np.uint8)
    >>> image[:, :, 1] = 160  # green backs
    >>> image[:, 350:] = (40, 40, 200)  # one red face
    >>> boxes = np.array([[10 + 50 * k, 20, 50 + 50 * k, 80] for k in range(8)], float)
    >>> unlike_backs(image, boxes, np.ones(8, bool)).tolist()
    [False, False, False, False, False, False, False, True]
    >>> bool(unlike_backs(image, boxes[3:], np.ones(5, bool)).any())  # too few backs to say
    False
    """
    unlike = np.zeros(len(boxes), dtype=bool)
    found = [int(i) for i in np.flatnonzero(backs)] if UNLIKE_BACKS else []
    colours = {i: c for i in found if (c := _middle_colour(image, boxes[i])) is not None}
    if len(colours) < FEW_TILES:
        return unlike
    usual = np.median(np.array(list(colours.values())), axis=0)
    for i, colour in colours.items():
        unlike[i] = float(np.linalg.norm(colour - usual)) >= BACK_COLOUR_DISTANCE
    return unlike


def face_not_back(code: str, probability: float) -> bool:
    """Whether a box found face down but unlike the photo's backs (:func:`unlike_backs`), named
    ``code`` with ``probability``, is that face (``FACE_NOT_BACK``)."""
    return code not in (NOT_A_TILE, "back") and probability >= FACE_NOT_BACK


def _pale_blank(image: np.ndarray, box: np.ndarray) -> bool:
    """Whether a box shows a pale, unsaturated, blank face (white or ivory, nothing drawn): a
    blank 白板 the detector took for a back. (An ivory back looks the same; it is then read as
    the classifier reads it.) Single-tile photos of kmj-default and fluffy 白板: 6 of 8 were
    found as backs before."""
    middle = blank_middle(image, box)
    return middle is not None and middle[1] < BACK_SATURATION and middle[2] > PALE_VALUE  # HSV


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


def _blank_pieces(tiles: list[dict[str, Any]]
                  ) -> tuple[list[dict[str, Any]], list[tuple[list[float], float]]]:
    """In a close-up (fewer than ``FEW_TILES`` faces), ``tiles`` without the pieces of one
    tile: blank or unsure faces that overlap or touch (``PIECE_GAP``) are taken out, with the box
    round each such group of two or more (tile-shaped) and its best detection score, to be
    read again as one tile.

    A close-up tile of a design never seen was found as 2-4 boxes where the white side of its
    body or the corners of its face's frame were read as blank faces of their own.

    >>> sure = {"tile": "5p", "box": [0, 0, 40, 60], "detection": 0.9}
    >>> halves = [{"tile": "P", "box": [100, 0, 140, 30], "detection": 0.5},
    ...           {"tile": "3p", "box": [100, 31, 140, 60], "unsure": True, "detection": 0.4}]
    >>> kept, whole = _blank_pieces([sure, *halves])
    >>> [t["tile"] for t in kept], whole
    (['5p'], [([100.0, 0.0, 140.0, 60.0], 0.5)])
    """
    faces = [i for i, t in enumerate(tiles) if t["tile"] != "back"]
    if len(faces) >= FEW_TILES:
        return tiles, []
    blank = {i for i in faces if tiles[i]["tile"] in BLANK_FACES}
    drop: set[int] = set()
    rest = [i for i in faces if i in blank or tiles[i].get("unsure")]
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


def _lettered(image: np.ndarray, tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``tiles`` with each unsure face whose English name is read on it (``vision.caption``,
    least sure first) named so, surely (``self_taught.SURE``: a name read is no guess), in a
    photo of a design the classifier does not know (its faces named with a median confidence
    under ``KINDS_FAMILIAR``): a flower or season of a set never seen, its picture the maker's
    own, is told by the name under it. Without Tesseract, as they were."""
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
                      "confidence": max(float(tiles[i]["confidence"]), SURE)}
    return out


def _touch(a: list[float], b: list[float]) -> bool:
    """Whether boxes ``a`` and ``b`` lie within ``PIECE_GAP`` of the smaller's short side of each
    other (or overlap) along one edge, sharing over half that side.

    >>> _touch([0, 0, 10, 10], [11, 0, 20, 10]), _touch([0, 0, 10, 10], [15, 0, 20, 10])
    (True, False)
    """
    side = min(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1])
    gap_x = max(a[0], b[0]) - min(a[2], b[2])
    gap_y = max(a[1], b[1]) - min(a[3], b[3])
    along = min(a[2], b[2]) - max(a[0], b[0]) if gap_y > gap_x else min(a[3], b[3]) - max(a[1], b[1])
    return max(gap_x, gap_y) <= PIECE_GAP * side and along > side / 2


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


def _kept(boxes: np.ndarray, scores: np.ndarray, codes: list[str], probs: np.ndarray,
          th: Thresholds) -> np.ndarray:
    """Indices of the named boxes to report, best first: scored high enough (lower for a
    blank face the classifier is sure of), and not a second box on a tile already found
    that reads the same tile. A weak back (from the lowest score, ``Thresholds.floor``) is kept
    in a row with a sure tile, face up or down: heights alike as letters of a row are
    (``caption.ROW_LIKE``), overlapping that much of the lower, and at most ``pieces.ROW_GAP`` of
    its width apart (a concealed kong, two up and two down; a wall)."""
    w = np.maximum(boxes[:, 2] - boxes[:, 0], 1e-6)
    h = np.maximum(boxes[:, 3] - boxes[:, 1], 1e-6)
    tile_shaped = np.maximum(w / h, h / w) <= TILE_SHAPE

    faces = [i for i in range(len(boxes)) if codes[i] not in ("back", NOT_A_TILE)
             and scores[i] >= th.score]
    likely = scores >= th.score

    def beside_others(i: int) -> bool:  # within a tile's width of two other likely boxes
        gap = max(w[i], h[i])
        return sum(j != i and likely[j] and boxes[j, 0] - gap < boxes[i, 2]
                   and boxes[i, 0] - gap < boxes[j, 2] and boxes[j, 1] - gap < boxes[i, 3]
                   and boxes[i, 1] - gap < boxes[j, 3] for j in range(len(boxes))) >= 2

    anchors = set(faces) | {j for j in range(len(boxes)) if codes[j] == "back"
                            and tile_shaped[j] and scores[j] >= th.back_score}

    def in_a_row(i: int) -> bool:  # in a row with a sure tile (face or back) of its size
        return any(j in anchors and 1 - ROW_LIKE <= h[j] / h[i] <= 1 / (1 - ROW_LIKE)
                   and min(boxes[i, 3], boxes[j, 3]) - max(boxes[i, 1], boxes[j, 1])
                   >= (1 - ROW_LIKE) * min(h[i], h[j])
                   and max(boxes[i, 0], boxes[j, 0]) - min(boxes[i, 2], boxes[j, 2])
                   <= ROW_GAP * w[i] for j in range(len(boxes)) if j != i)

    def sure_of(i: int) -> bool:
        if codes[i] == "back":  # a weak one: likely beside others, or in a row
            return bool(tile_shaped[i] and (scores[i] >= th.back_score or (
                likely[i] and beside_others(i)) or in_a_row(i)))
        return bool(scores[i] >= th.score or (codes[i] in BLANK_FACES and scores[i] >= th.blank_score
                                              and probs[i] >= UNSURE_REPORT))

    sure = [i for i in np.argsort(-scores, kind="stable") if sure_of(int(i))]
    if not sure:
        return np.zeros(0, dtype=int)
    xywh = np.column_stack([boxes[:, :2], boxes[:, 2:] - boxes[:, :2]])
    # `_look` dropped the pieces by shape alone before naming (fewer crops to read); with the
    # names known, the looser share for a box that reads the same tile applies now
    kept = _drop_pieces(xywh, np.array(sure), th.inside, codes, th.same_inside)
    return _drop_holders(xywh, kept, codes, th.holds, scores < th.sure_tile)

def _lone_piece(image: np.ndarray, tiles: list[dict[str, Any]], inside: float) -> np.ndarray | None:
    """The box of the one tile ``tiles`` are pieces of, where the photo shows it apart
    from the cloth (``preprocess.lone_tile``): all in one patch, each at most ``PIP_AREA``
    of it, and their faces named with little confidence (median under ``UNSURE_REPORT``:
    tiles in a tray, as many and as small, are named surely). A face no detector sees
    whole (a red jade face with white strokes) is found as a dozen of its strokes; None where
    they are not. The recognizer names that box (``Recognizer.detect``): checking never names."""
    boxes = np.array([t["box"] for t in tiles], float)
    height, width = image.shape[:2]
    named_as = [t["confidence"] for t in tiles if t["tile"] != "back"]  # a back's is the detector's
    if (len(named_as) < 2 or not _one_patch(boxes, width, height)
            or np.median(named_as) >= UNSURE_REPORT):
        return None
    lone = lone_tile(image)
    if lone is None:
        return None
    none = np.zeros(len(boxes))
    joined = _whole_tiles((boxes, none, none.astype(int)), (lone[None], np.ones(1), np.zeros(1, int)),
                          0.0, inside, PIP_AREA)
    if len(joined[0]) != 1:  # some box is no piece of it: a tile beside it, or found whole
        return None
    return lone

def _entry(image: np.ndarray, code: str, box: Any, detection: float, confidence: float,
           two_stage: bool = True) -> dict[str, Any]:
    """One tile as :meth:`detect` reports it; a face named with little confidence, or a
    白板 named over a face with marks, is ``"unsure"`` (the latter's confidence capped)."""
    tile = {"tile": code, "box": [round(float(v), 1) for v in box],
            "confidence": round(float(confidence), 4), "detection": round(float(detection), 4)}
    if two_stage and code != "back":
        marked = code in BLANK_FACES and not _blank_there(image, np.asarray(box, float))
        if marked:
            tile["confidence"] = round(listed_unsure(tile["confidence"]), 4)
        if marked or confidence < UNSURE_REPORT:
            tile["unsure"] = True
    return tile


def named_tiles(image: np.ndarray, named: Named, th: Thresholds, two_stage: bool = True
                ) -> list[dict[str, Any]]:
    """The tiles the name stage's boxes hold, as :meth:`Recognizer.detect` reports them (best
    first): those kept (:func:`_kept`), none a sliver cut off at the photo's edge
    (:func:`_cut_off`), a seam between two tiles (:func:`_seams`), a patch of the cloth named
    白板 or a back (:func:`_on_cloth`) nor a box the classifier saw no tile in (``NOT_A_TILE``);
    a wall's pale backs named 白板 are backs (``vision.wall_blanks``)."""
    boxes, scores, codes, probs = named
    keep = _kept(boxes, scores, codes, probs, th)
    keep = keep[~_cut_off(boxes[keep], image.shape[1], image.shape[0])]
    if SEAMS:
        faces = np.array([codes[i] not in ("back", NOT_A_TILE) for i in keep], bool)
        keep = keep[~_seams(boxes[keep], faces, np.asarray(probs, float)[keep])]
    if ON_CLOTH:
        blank = np.array([codes[i] in BLANK_FACES for i in keep], bool)
        back = np.array([codes[i] == "back" for i in keep], bool)
        keep = keep[~_on_cloth(image, boxes[keep], blank, back, np.asarray(scores, float)[keep],
                               th.sure_tile)]
    if len(keep) >= WHOLE_TABLE:  # a wall's pale backs named 白板 are backs
        blank = np.array([codes[i] in BLANK_FACES for i in keep], bool)
        sure = np.asarray(probs, float)[keep] >= UNSURE_REPORT
        walls = set(keep[backs_named_blank(image, boxes[keep], blank, sure)].tolist())
        codes = ["back" if i in walls else c for i, c in enumerate(codes)]
        probs = [scores[i] if i in walls else p for i, p in enumerate(probs)]
    return [_entry(image, codes[i], boxes[i], scores[i], probs[i], two_stage) for i in keep
            if codes[i] != NOT_A_TILE]
