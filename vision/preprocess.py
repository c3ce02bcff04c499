"""Image transforms shared by training and inference, so both see tiles the same way."""

from __future__ import annotations

import cv2
import numpy as np

#: Fraction of the box side added around a tile before it is classified.
CROP_PAD = 0.1


#: Share of an empty middle that may be ink: a blank face's (``face_is_blank``), a framed
#: face's room (``face_marks.framed_middle``).
BLANK_INK = 0.015


def padded_region(image: np.ndarray, xyxy: tuple[float, float, float, float], pad: float
                  ) -> tuple[int, int, int, int] | None:
    """The pixels (x1, y1, x2, y2) of a box padded by ``pad`` of its sides, inside ``image``;
    None for a box, or what is left of it, under 2 px.

    >>> padded_region(np.zeros((100, 100, 3)), (10, 10, 30, 50), 0.1)
    (8, 6, 32, 54)
    """
    height, width = image.shape[:2]
    x1, y1, x2, y2 = xyxy
    bw, bh = x2 - x1, y2 - y1
    if bw < 2 or bh < 2:
        return None
    x1 = int(round(max(0.0, x1 - pad * bw)))
    y1 = int(round(max(0.0, y1 - pad * bh)))
    x2 = int(round(min(float(width), x2 + pad * bw)))
    y2 = int(round(min(float(height), y2 + pad * bh)))
    if x2 - x1 < 2 or y2 - y1 < 2:
        return None
    return x1, y1, x2, y2


def crop_tile(image: np.ndarray, xyxy: tuple[float, float, float, float], pad: float = CROP_PAD,
              size: int = 96) -> np.ndarray | None:
    """Cut one tile out of the full-resolution ``image``, padded, stretched to a square.

    The square keeps the whole face in view whatever the tile's aspect; ``None`` for a box under
    2 px.
    """
    region = padded_region(image, xyxy, pad)
    if region is None:
        return None
    x1, y1, x2, y2 = region
    return cv2.resize(image[y1:y2, x1:x2], (size, size), interpolation=cv2.INTER_AREA)


#: cv2's rotation of an image turned clockwise by so many degrees.
_TURNS = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}


def turn(image: np.ndarray, degrees: int) -> np.ndarray:
    """``image`` turned clockwise by 0, 90, 180 or 270 degrees.

    >>> turn(np.arange(4).reshape(2, 2), 90).tolist()
    [[2, 0], [3, 1]]
    """
    return cv2.rotate(image, _TURNS[degrees % 360]) if degrees % 360 else image


def turn_box(box: list[float], width: int, height: int, degrees: int) -> list[float]:
    """A box (x1, y1, x2, y2) of a ``width`` × ``height`` photo, in the photo turned clockwise.

    >>> turn_box([0, 0, 10, 20], 100, 50, 90)
    [30, 0, 50, 10]
    >>> turn_box([0, 0, 10, 20], 100, 50, 180)
    [90, 30, 100, 50]
    >>> turn_box(turn_box([5, 6, 10, 20], 100, 50, 270), 50, 100, 90)
    [5, 6, 10, 20]
    """
    x1, y1, x2, y2 = box
    if degrees == 90:
        return [height - y2, x1, height - y1, x2]
    if degrees == 180:
        return [width - x2, height - y2, width - x1, height - y1]
    if degrees == 270:
        return [y1, width - x2, y2, width - x1]
    return list(box)


def widen(image: np.ndarray, factor: float) -> tuple[np.ndarray, tuple[int, int]]:
    """``image`` in the middle of a frame ``factor`` times its size, and its offset (x, y) there.

    The margin takes the median colour of the photo's edge: the table going on past the photo.
    It stands for a webcam frame of the whole table, whose tiles are as many pixels as in a close
    photo but a far smaller part of the frame (``python -m vision.evaluate --wide``).

    >>> wide, (dx, dy) = widen(np.full((10, 20, 3), 7, np.uint8), 3)
    >>> wide.shape, (dx, dy), int(wide[0, 0, 0])
    ((30, 60, 3), (20, 10), 7)
    """
    height, width = image.shape[:2]
    dx, dy = round(width * (factor - 1) / 2), round(height * (factor - 1) / 2)
    edge = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    colour = [int(v) for v in np.median(edge.reshape(len(edge), -1), axis=0)]
    wide = cv2.copyMakeBorder(image, dy, dy, dx, dx, cv2.BORDER_CONSTANT, value=colour)
    return wide, (dx, dy)


def classifier_input(crops: list[np.ndarray], size: int) -> np.ndarray:
    """A batch of BGR crops as the classifier's NCHW float32 RGB input in [0, 1]."""
    batch = np.stack([cv2.resize(c, (size, size), interpolation=cv2.INTER_AREA) for c in crops])
    return np.ascontiguousarray(batch[:, :, :, ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255


def letterbox(image: np.ndarray, size: int) -> tuple[np.ndarray, float, tuple[int, int]]:
    """Fit ``image`` into a ``size`` square, keeping its aspect, grey-padded (as YOLO trains).

    Returns the detector input (1×3×size×size float32 RGB in [0, 1]), the scale and the
    (left, top) padding, to map boxes back to the photo.
    """
    height, width = image.shape[:2]
    scale = min(size / width, size / height)
    new_w, new_h = max(1, round(width * scale)), max(1, round(height * scale))
    resized = cv2.resize(image, (new_w, new_h), interpolation=cv2.INTER_AREA if scale < 1
                         else cv2.INTER_LINEAR)
    left, top = (size - new_w) // 2, (size - new_h) // 2
    canvas = np.full((size, size, 3), 114, dtype=np.uint8)
    canvas[top:top + new_h, left:left + new_w] = resized
    tensor = canvas[:, :, ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255
    return np.ascontiguousarray(tensor), scale, (left, top)


def _ring(mask: np.ndarray, hole_share: float) -> bool:
    """Whether a component (boolean mask) is a stroke round a hole of at least ``hole_share``
    of its outline's area: a frame, however the tile is turned."""
    contours, hierarchy = cv2.findContours(mask.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return False
    outer = max((cv2.contourArea(c) for c, h in zip(contours, hierarchy[0], strict=True) if h[3] < 0),
                default=0.0)
    hole = max((cv2.contourArea(c) for c, h in zip(contours, hierarchy[0], strict=True) if h[3] >= 0),
               default=0.0)
    return outer > 0 and hole >= hole_share * outer


def face_is_blank(crop: np.ndarray) -> bool:
    """Whether a tight tile crop (no padding) shows a blank face: nothing drawn in its middle
    but a frame. The classifier names an unfamiliar face 白板 more often than anything else; a
    白板 it names over a face with marks is reported unsure instead (``vision.recognizer``).

    Ink is what is darker than its surroundings (adaptive threshold on a 64-px grey crop); marks
    touching the crop's edge (the tile's edge, a neighbour) and frames are not counted: a ring
    anywhere whose hole is half its outline, or a smaller ring centred (frames nested in a frame,
    the tile turned any way). On the 296 valid photos' crops: all 280 白板 blank, and 61-100 % of
    each other kind not (南 61 %, 9筒 63 %, 5筒 74 %, most kinds 93-100 %); single-tile photos of
    白板 in six rendered designs: 23 of 24 blank.

    >>> face = np.full((80, 60, 3), 230, np.uint8)
    >>> face_is_blank(face)
    True
    >>> _ = cv2.rectangle(face, (10, 12), (50, 68), (150, 60, 20), 2)   # a framed 白板
    >>> face_is_blank(face)
    True
    >>> _ = cv2.putText(face, "8", (20, 55), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (20, 20, 20), 3)
    >>> face_is_blank(face)
    False
    """
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
    grey = cv2.resize(grey, (64, 64), interpolation=cv2.INTER_AREA)
    ink = cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 15, 12)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    counted = np.zeros(count, dtype=bool)
    for i in range(1, count):
        x, y, w, h, area = stats[i]
        if area < 4 or x <= 1 or y <= 1 or x + w >= 63 or y + h >= 63:
            continue
        # a ring (a stroke round a hole) is a frame: a large one anywhere, a smaller one only
        # centred (frames nested in frames); a lone ring off the middle is a mark (a 筒 circle)
        centred = abs(x + w / 2 - 32) < 8 and abs(y + h / 2 - 32) < 8
        # (a frame's stroke is thin for its size; a small centred one's thick, so less hole)
        if centred and w >= 6 and h >= 6 and _ring(labels == i, 0.25):
            continue
        if w >= 18 and h >= 18 and _ring(labels == i, 0.5):
            continue
        counted[i] = True
    return bool(counted[labels][20:44, 20:44].mean() < BLANK_INK)


def blank_middle(image: np.ndarray, box: tuple[float, float, float, float] | np.ndarray,
                 space: int = cv2.COLOR_BGR2HSV) -> np.ndarray | None:
    """The mean colour (in ``space``, a cv2 conversion from BGR) of the middle of the tile in
    ``box`` when nothing is drawn there (:func:`face_is_blank`); None for a box too small to cut
    or a face with marks. A blank face's colour tells a 白板 from a back.

    >>> face = np.zeros((100, 80, 3), np.uint8); face[:] = (40, 70, 20)   # jade green
    >>> blank_middle(face, (0, 0, 80, 100)).round().tolist()
    [72.0, 182.0, 70.0]
    >>> _ = cv2.putText(face, "8", (20, 65), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (0, 0, 0), 4)
    >>> blank_middle(face, (0, 0, 80, 100)) is None
    True
    """
    crop = crop_tile(image, tuple(box), pad=0.0, size=64)  # type: ignore[arg-type]
    if crop is None or not face_is_blank(crop):
        return None
    return cv2.cvtColor(crop[20:44, 20:44], space).reshape(-1, 3).mean(axis=0)


#: Ink stands off the face around it by this much of 255 (lightness): a mark of ink
#: (``face_marks.ink_marks``: Otsu's split of a blank face finds blobs in its grain), a pale
#: stroke (:func:`pale_ink`; at 30 for it, as it was, no set read otherwise, learnt jade
#: included). Marks at 30 read held-out close-ups on their side 0.825 → 0.829 top-1 but a jade
#: set learnt from them 0.869 → 0.857 (``benchmarks/recognizer_ablation.py --every 4``).
INK_CONTRAST = 40

#: A face's ink is paler than the face (pale strokes on a jade, black or dark green set) where, in
#: the middle of the tile, more than twice as many pixels (and ``PALE_INK_SHARE`` more) are
#: lighter than the face's median by ``INK_CONTRAST`` (CIELAB lightness, OpenCV's 0-255)
#: than darker by as much. Ivory faces with dark ink, blank faces and backs are not.
PALE_INK_SHARE = 0.05


def pale_ink(crop: np.ndarray) -> bool:
    """Whether a tight tile crop (no padding, BGR) shows ink paler than its face.

    >>> jade = np.full((80, 60, 3), (60, 110, 40), np.uint8)
    >>> _ = cv2.putText(jade, "8", (15, 60), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (230, 240, 230), 4)
    >>> pale_ink(jade), pale_ink(lightness_negative(jade))
    (True, False)
    >>> pale_ink(np.full((80, 60, 3), 60, np.uint8))   # a blank dark face, a back
    False
    """
    height, width = crop.shape[:2]
    middle = crop[height // 5:height - height // 5, width // 5:width - width // 5]
    if middle.size == 0:
        return False
    light = cv2.cvtColor(middle, cv2.COLOR_BGR2LAB)[..., 0].astype(np.int16)
    face = int(np.median(light))
    paler = float((light > face + INK_CONTRAST).mean())
    darker = float((light < face - INK_CONTRAST).mean())
    return paler > 2 * darker + PALE_INK_SHARE


def lightness_negative(crop: np.ndarray) -> np.ndarray:
    """The crop with its lightness turned over and its colours kept (CIELAB): pale ink on a dark
    face becomes dark ink on a pale one, as the classifier's training faces mostly are.

    >>> lightness_negative(np.full((2, 2, 3), 20, np.uint8))[0, 0].tolist()
    [237, 237, 237]
    """
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB)
    lab[..., 0] = 255 - lab[..., 0]
    return cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)


#: The seed of OpenCV's random numbers GrabCut draws from in :func:`lone_tile`.
LONE_SEED = 2026
#: A tile seen from above is at most this many times longer than wide (with its sides: 1.3-1.6):
#: a close-up's lone tile is (:func:`lone_tile`; at 2.0 for it, as it was, no set read
#: otherwise: ``benchmarks/recognizer_ablation.py --every 4``), and a box longer is no face the
#: face network learnt (``tileset_match.network_reads``: a photo stretched flat). At 2.0 for the
#: network, a box round a tile and the cloth beside it went unread, and the set decided the tile
#: in it (``tests/test_recognizer_designs.py``).
TILE_ASPECT = 2.5
#: A close-up's lone tile (:func:`lone_tile`) is looked for in the photo scaled to this many
#: pixels on its long side, and is a quadrilateral (``QUADRILATERAL``: a tile is a rounded box; a
#: tile and its shadow or a neighbour are not) at least this share of the photo's short side.
LONE_SIDE = 320
LONE_SMALLEST = 0.15
#: A shape is a quadrilateral where it fills at least this share of the smallest turned
#: rectangle round it: a close-up's lone tile, a framed face's room (``face_marks``). A circle
#: fills π/4 of its square; the room inside 西's 口, cut by its two strokes, less. (At 0.85 for
#: the framed room, as it was, no set read otherwise, ``benchmarks/recognizer_ablation.py``; at
#: 0.85 for both, GrabCut's dark green 5 筒 on wood grain was no lone tile.)
QUADRILATERAL = 0.8
#: Another thing apart from the cloth of at least this share of the largest's area: not a lone tile.
LONE_OTHERS = 0.25


def _lone_shape(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    """The bounding box (x, y, w, h) of the largest component of ``mask`` where it is one
    tile-shaped thing clear of the photo's edge (``TILE_ASPECT``, ``QUADRILATERAL``, ``LONE_SMALLEST``)."""
    height, width = mask.shape
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if count < 2:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA]
    label = 1 + int(np.argmax(areas))
    if (areas >= LONE_OTHERS * areas.max()).sum() > 1:  # two tiles, or a tile and its shadow
        return None
    x, y, w, h = (int(v) for v in stats[label, :4])
    if x <= 1 or y <= 1 or x + w >= width - 1 or y + h >= height - 1:
        return None
    contours, _ = cv2.findContours((labels == label).astype(np.uint8), cv2.RETR_EXTERNAL,
                                   cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    (_, _), (rw, rh), _ = cv2.minAreaRect(outline)
    if min(rw, rh) < LONE_SMALLEST * min(height, width) or max(rw, rh) > TILE_ASPECT * min(rw, rh):
        return None
    if cv2.contourArea(outline) < QUADRILATERAL * rw * rh:
        return None
    return x, y, w, h


def lone_tile(image: np.ndarray) -> np.ndarray | None:
    """The box (x1, y1, x2, y2) of the one tile a close-up shows on a plain cloth, or None
    where the photo shows no one tile-shaped thing apart from the cloth.

    A tile whose face no detector knows (a dark red jade face with white strokes) is found by
    the detectors as a dozen of its strokes; told apart from the cloth, it is one thing. The
    cloth's colour is its edge's (a ring of the photo's border): what stands clear of it at a
    few distances, else GrabCut's colour models (which follow a wood grain or a shadowed cloth).

    >>> photo = np.full((300, 400, 3), (90, 60, 30), np.uint8)           # a blue cloth
    >>> _ = cv2.rectangle(photo, (150, 80), (240, 210), (40, 40, 170), -1)  # a red tile
    >>> _ = cv2.putText(photo, "5", (170, 170), cv2.FONT_HERSHEY_SIMPLEX, 2, (255, 255, 255), 4)
    >>> lone_tile(photo).round().tolist()
    [149.0, 79.0, 242.0, 212.0]
    >>> _ = cv2.rectangle(photo, (270, 80), (360, 210), (40, 40, 170), -1)  # two tiles
    >>> lone_tile(photo) is None
    True
    """
    height, width = image.shape[:2]
    scale = LONE_SIDE / max(height, width)
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    sh, sw = small.shape[:2]
    lab = cv2.cvtColor(cv2.GaussianBlur(small, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    edge = max(2, sw // 50)
    border = np.concatenate([lab[:edge].reshape(-1, 3), lab[-edge:].reshape(-1, 3),
                             lab[:, :edge].reshape(-1, 3), lab[:, -edge:].reshape(-1, 3)])
    cloth = np.median(border, axis=0)
    spread = float(np.percentile(np.linalg.norm(border - cloth, axis=1), 95))
    apart = np.linalg.norm(lab - cloth, axis=2)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    found = None
    for margin in (1.5 * spread + 8, 2 * spread + 12, 3 * spread + 16):
        mask = (apart > margin).astype(np.uint8)
        mask = cv2.morphologyEx(cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel), cv2.MORPH_CLOSE, kernel)
        found = _lone_shape(mask)
        if found is not None:
            break
    if found is None:
        mask = np.zeros((sh, sw), np.uint8)
        rect = (edge * 2, edge * 2, sw - 4 * edge, sh - 4 * edge)
        models = np.zeros((1, 65), np.float64), np.zeros((1, 65), np.float64)
        # GrabCut starts its colour models from OpenCV's random numbers: drawn from one seed,
        # a photo is read alike however many were read before it
        cv2.setRNGSeed(LONE_SEED)
        cv2.grabCut(small, mask, rect, models[0], models[1], 4, cv2.GC_INIT_WITH_RECT)
        found = _lone_shape((mask == cv2.GC_FGD) | (mask == cv2.GC_PR_FGD))
    if found is None:
        return None
    x, y, w, h = found
    return np.array([x, y, x + w, y + h], float) / scale
