"""What a maker letters on a tile, read with Tesseract where it is installed (Debian's
``tesseract-ocr``; optional: without it nothing is read): the English name of a flower or season
(PLUM, ORC…, SPRING…) and the index numeral of a suited tile (a small 1-9 in a corner).

Sets sold abroad letter their flowers and seasons with a picture over a short English name, and
makers draw the pictures as they like (kmahjongg's traditional spring is a butterfly, its summer a
sun): a classifier that never saw a design's pictures cannot tell them, but the name says which
kind the tile is. All tiles of a photo are read in one Tesseract run (one process, about 0.2 s):
each face is cut into a few strips (the whole face, its lower half as it is and made black on
white), the strips stacked on one white sheet, and each row of letters on a face cut out alone
and turned level onto a second sheet (:func:`letter_rows`; a sheet apart, as Tesseract turns a
sheet by the skew it finds on it), as the face lies, stood on its side and both turned over (a
tile across the table lies upside down); each word found is given to the face whose strip it
lies in.

Sets sold abroad also print a small numeral on each suited tile, so that a player who reads no
Chinese knows its rank: kmahjongg's traditional 4筒, read 5筒 by a classifier that never saw it,
says 4 between its circles. The numeral is found as a small blob of ink shaped like a digit
(:func:`numeral_blobs`); the blobs of all faces asked are read in one more run, each in its own
row of a sheet and both ways up, and a face is given the digit read on it surely as it lies,
with the one read turned over where that differs (:func:`read_numerals`).

>>> kind_named("SPR"), kind_named("plum"), kind_named("PL"), kind_named("SUN")
('5f', '1f', None, None)
"""

from __future__ import annotations

import io
import shutil
import subprocess
from functools import cache

import cv2
import numpy as np
from PIL import Image

from .face_marks import box_pixels, ink_marks

#: The flowers and seasons in code order (1f-8f), as sets lettered in English name them; a word
#: of three letters or more that begins one of them (and no other) names that kind.
BONUS_NAMES = ("PLUM", "ORCHID", "MUM", "BAMBOO", "SPRING", "SUMMER", "AUTUMN", "WINTER")
#: Also written so on some sets.
OTHER_NAMES = {"CHRYSANTHEMUM": "3f", "CHRYS": "3f", "FALL": "7f"}
#: The letters a name is read in.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: At most this many faces a photo are read (a hand's worth); the rest are left as named.
MAX_FACES = 16
#: Each strip is drawn this wide (Tesseract reads letters 20-60 px tall best).
STRIP_WIDTH = 360
#: A word or a digit counts at this confidence of Tesseract's or more (0-100): rows of circles
#: read as ORO or ORC do at 0-13, names lettered on a tile at 30-97, a pip's part read as 8 at
#: 40-60. (Names from 25 instead, no set read otherwise: ``benchmarks/recognizer_ablation.py``.)
MIN_CONFIDENCE = 40.0
#: The longest a Tesseract run may take before its reading is given up.
TIMEOUT_S = 5.0
#: A mark of ink is taken for a letter, or a blob for a possible index numeral, when it is this
#: tall, as shares of its face's height (kmahjongg's and the generated sets' numerals are
#: 0.08-0.15 of it; numerals from 0.06 to 0.22, or letters so, no set read otherwise:
#: ``benchmarks/recognizer_ablation.py --every 4``); a letter however wide (only up to 1.6 times
#: its height: no set read otherwise) ...
LETTER_HEIGHT = (0.05, 0.3)
#: Marks are letters of one row when their heights differ by at most this share of the taller
#: and they sit level, at most a letter's height apart (or overlapping this share: a name
#: photographed askew); tiles are of one row so too (``check``: a weak back beside a sure tile).
#: At 0.3 for letters, held-out close-ups on their side read 0.825 right against 0.829, every
#: other set the same (``benchmarks/recognizer_ablation.py --every 4``, models/MODEL_CARD.md).
ROW_LIKE = 0.25
#: A row of letters is this many marks or more (the shortest name read is three letters).
LETTER_ROW = 3
#: Each row of letters is drawn with letters this tall (Tesseract reads 20-60 px best), and as
#: much white lies between strips, so that no word runs from one strip into the next (at 24 px
#: of white, every set read as at 40: ``benchmarks/recognizer_ablation.py --every 4``) ...
LETTER_CELL = 40
#: ... and at most this many rows of a face are read.
LETTER_ROWS = 3
#: A numeral's blob (``LETTER_HEIGHT`` tall) is this wide for its height (a digit is taller
#: than wide; a pip is round, a stick thin), however much of its box it inks (only up to 0.7,
#: as a filled pip or a solid block does more: no set read otherwise) ...
NUMERAL_ASPECT = (0.25, 0.9)
#: At most this many blobs of one face are read.
NUMERAL_BLOBS = 12
#: Each blob is drawn this tall on the sheet (its digit then 40-45 px, as Tesseract likes). At
#: ``LETTER_CELL`` (40) instead, held-out renders upright read 0.901 → 0.893 and jade learnt on
#: its side 0.726 → 0.714 (``benchmarks/recognizer_ablation.py --every 4 --set ...``).
NUMERAL_CELL = 64
#: A face's numeral is the one digit read on it at this confidence of Tesseract's or more, no
#: other digit read on it (at ``MIN_CONFIDENCE`` or more). At ``MIN_CONFIDENCE`` itself,
#: held-out renders upright read 0.901 → 0.897, on their side 0.829 → 0.825, jade learnt
#: 0.869 → 0.857 (``benchmarks/recognizer_ablation.py --every 4 --set ...``).
NUMERAL_SURE = 80.0


def kind_named(word: str) -> str | None:
    """The flower or season code a lettered word names, or None."""
    word = "".join(ch for ch in word.upper() if ch.isalpha())
    if word in OTHER_NAMES:
        return OTHER_NAMES[word]
    if len(word) < 3:
        return None
    kinds = [f"{k + 1}f" for k, name in enumerate(BONUS_NAMES) if name.startswith(word)]
    return kinds[0] if len(kinds) == 1 else None


@cache
def available() -> bool:
    """Whether the ``tesseract`` program is installed."""
    return shutil.which("tesseract") is not None


def _strips(face: np.ndarray) -> list[np.ndarray]:
    """A face (BGR) as the grey strips it is read in: whole, its lower half, and that half
    black on white (Otsu); each ``STRIP_WIDTH`` wide."""
    grey = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY) if face.ndim == 3 else face
    lower = grey[grey.shape[0] // 2:]
    out = []
    for part in (grey, lower):
        scale = STRIP_WIDTH / max(part.shape[1], 1)
        out.append(cv2.resize(part, (STRIP_WIDTH, max(1, round(part.shape[0] * scale))),
                              interpolation=cv2.INTER_CUBIC))
    _, ink = cv2.threshold(out[1], 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if (ink > 0).mean() < 0.5:  # pale letters on a dark face: made dark on white
        ink = 255 - ink
    out.append(ink)
    return out


def _faces(image: np.ndarray, boxes: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """Each box (x1, y1, x2, y2 in ``image``, at most ``MAX_FACES``) at least 8 px a side, as
    (its index, its pixels)."""
    boxes = np.asarray(boxes, float).reshape(-1, 4)[:MAX_FACES]
    cut = [(i, box_pixels(image, box)) for i, box in enumerate(boxes)]
    return [(i, face) for i, face in cut if face is not None]


def _sheet(placed: list[tuple[int, np.ndarray, int]], height: int) -> np.ndarray:
    """A white sheet ``height`` tall with each strip of ``placed`` (its first row, the strip,
    its face) drawn at its row, ``LETTER_CELL`` in from the left."""
    sheet = np.full((height, STRIP_WIDTH + 2 * LETTER_CELL), 255, np.uint8)
    for at, strip, _ in placed:
        sheet[at:at + strip.shape[0], LETTER_CELL:LETTER_CELL + strip.shape[1]] = strip
    return sheet


def _face_at(placed: list[tuple[int, np.ndarray, int]], middle: float) -> int | None:
    """The face (or key) whose strip of ``placed`` holds sheet row ``middle``, or None."""
    return next((i for at, strip, i in placed if at <= middle < at + strip.shape[0]), None)


def read_kinds(image: np.ndarray, boxes: np.ndarray) -> list[str | None]:
    """The flower or season each box's face (x1, y1, x2, y2 in ``image``) is lettered as, or
    None where no name is read there (or faces agree on none); all None without Tesseract. Its
    rows of letters are read as they lie, stood on their side and both turned over, whichever
    way the tile lies; turned a wrong way, a name reads as none of the eight (the ten held-out
    sets' 840 one-tile photos, upright: 47 names read, none wrong, as when read only as they
    lie)."""
    found: list[str | None] = [None] * len(np.asarray(boxes, float).reshape(-1, 4)[:MAX_FACES])
    if not found or not available():
        return found
    # (first row, strip, face) on two pages: the faces' strips, then their rows of letters set
    # level, apart (Tesseract turns a page by the skew it finds on it: the askew faces')
    pages: list[list[tuple[int, np.ndarray, int]]] = [[], []]
    tops = [LETTER_CELL, LETTER_CELL]
    for i, face in _faces(image, boxes):
        rows = letter_rows(face) + letter_rows(cv2.rotate(face, cv2.ROTATE_90_CLOCKWISE))
        rows += [cv2.rotate(row, cv2.ROTATE_180) for row in rows]  # a tile lying any way
        for page, strips in enumerate((_strips(face), rows)):
            for strip in strips:
                pages[page].append((tops[page], strip, i))
                tops[page] += strip.shape[0] + LETTER_CELL
    layouts = [(placed, top) for placed, top in zip(pages, tops, strict=True) if placed]
    if not layouts:
        return found
    named: dict[int, set[str]] = {}
    sheets = [_sheet(placed, top) for placed, top in layouts]
    for word, confidence, page, middle in _words(sheets, "11", ALPHABET):
        kind = kind_named(word) if confidence >= MIN_CONFIDENCE else None
        face = _face_at(layouts[page][0], middle) if page < len(layouts) else None
        if kind is not None and face is not None:
            named.setdefault(face, set()).add(kind)
    for face, kinds in named.items():
        if len(kinds) == 1:
            found[face] = kinds.pop()
    return found


def numeral_blobs(face: np.ndarray) -> list[np.ndarray]:
    """The blobs of ink on ``face`` (BGR) shaped like an index numeral (``LETTER_HEIGHT``,
    ``NUMERAL_ASPECT``; not touching the face's edge; ``preprocess.INK_CONTRAST``),
    each black on white with a little margin; at most ``NUMERAL_BLOBS``.

    >>> face = np.full((120, 90, 3), 235, np.uint8)
    >>> _ = cv2.putText(face, "7", (62, 26), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 200), 2)
    >>> _ = cv2.circle(face, (45, 75), 18, (40, 120, 40), -1)  # a pip: round and filled
    >>> [blob.shape[0] > blob.shape[1] for blob in numeral_blobs(face)]
    [True]
    """
    labels, marks = ink_marks(face, LETTER_HEIGHT)
    out = []
    for x, y, w, h, _, k in marks:
        if not NUMERAL_ASPECT[0] <= w / h <= NUMERAL_ASPECT[1]:
            continue
        margin = max(2, h // 4)
        cut = labels[max(0, y - margin):y + h + margin, max(0, x - margin):x + w + margin] == k
        out.append(np.where(cut, 0, 255).astype(np.uint8))
        if len(out) == NUMERAL_BLOBS:
            break
    return out


def letter_rows(face: np.ndarray) -> list[np.ndarray]:
    """The rows of letters on ``face`` (BGR): ``LETTER_ROW`` or more marks of a letter's height
    (``LETTER_HEIGHT``) side by side, each row drawn alone black on white, turned level and
    scaled to letters ``LETTER_CELL`` tall; at most ``LETTER_ROWS``. Cut from the face's
    frame and picture, and level, a name Tesseract misses among them is read (kmahjongg's
    traditional WIN, lettered large and photographed askew).

    >>> face = np.full((400, 300, 3), 230, np.uint8)
    >>> _ = cv2.putText(face, "WIN", (60, 330), cv2.FONT_HERSHEY_DUPLEX, 2.2, (20, 20, 20), 4)
    >>> _ = cv2.rectangle(face, (20, 20), (280, 380), (20, 20, 20), 3)  # the face's frame
    >>> [abs(int((row < 128).any(axis=1).sum()) - LETTER_CELL) <= 1 for row in letter_rows(face)]
    [True]
    """
    labels, marks = ink_marks(face, LETTER_HEIGHT)
    rows: list[list[tuple[int, ...]]] = []
    for mark in sorted(marks):
        x, y, w, h = mark[:4]
        for row in rows:
            px, py, pw, ph = row[-1][:4]
            size = max(h, ph)
            if (abs(h - ph) <= ROW_LIKE * size and abs(y + h / 2 - py - ph / 2) <= size / 2
                    and -ROW_LIKE * size <= x - px - pw <= size):
                row.append(mark)
                break
        else:
            rows.append([mark])
    out = []
    for row in (row for row in rows if len(row) >= LETTER_ROW):
        x1, y1 = min(m[0] for m in row), min(m[1] for m in row)
        x2, y2 = max(m[0] + m[2] for m in row), max(m[1] + m[3] for m in row)
        margin = max(2, (y2 - y1) // 3)
        cut = labels[max(0, y1 - margin):y2 + margin, max(0, x1 - margin):x2 + margin]
        drawn = np.where(np.isin(cut, [m[5] for m in row]), 0, 255).astype(np.uint8)
        slope = np.polyfit([m[0] + m[2] / 2 for m in row], [m[1] + m[3] / 2 for m in row], 1)[0]
        pad = int(drawn.shape[1] * abs(slope)) + 2
        drawn = cv2.copyMakeBorder(drawn, pad, pad, 0, 0, cv2.BORDER_CONSTANT, value=255)
        turn = cv2.getRotationMatrix2D((drawn.shape[1] / 2, drawn.shape[0] / 2),
                                       float(np.degrees(np.arctan(slope))), 1.0)
        drawn = cv2.warpAffine(drawn, turn, drawn.shape[::-1], borderValue=255)
        inked = np.flatnonzero((drawn < 128).any(axis=1))
        if not inked.size:
            continue
        drawn = drawn[max(0, inked[0] - margin):inked[-1] + margin + 1]
        scale = min(LETTER_CELL / (inked[-1] - inked[0] + 1), STRIP_WIDTH / drawn.shape[1])
        out.append(cv2.resize(drawn, (max(1, round(drawn.shape[1] * scale)),
                                      max(1, round(drawn.shape[0] * scale))),
                              interpolation=cv2.INTER_AREA))
        if len(out) == LETTER_ROWS:
            break
    return out


def read_numerals(image: np.ndarray, boxes: np.ndarray) -> list[tuple[int, ...]]:
    """The index numeral (1-9) printed on each box's face (x1, y1, x2, y2 in ``image``): the
    digit read surely (``NUMERAL_SURE``, no other at ``MIN_CONFIDENCE``) as the face lies, and
    with it another read surely with the face turned upside down (a tile the other way up shows
    its numeral turned over); a 6 or a 9 always as either, since a 6 upside down is a 9 (and
    its turned reading may fall short of sure: a 6 条 upside down was read 9 条); () where none
    is, and without Tesseract. A digit read only turned over is not taken: marks on a face read
    as digits that way too. Each blob is read in its own row of one sheet, both ways up (Tesseract
    reads a lone digit in a block of lines, not among a face's other marks)."""
    found: list[tuple[int, ...]] = [()] * len(np.asarray(boxes, float).reshape(-1, 4)[:MAX_FACES])
    if not found or not available():
        return found
    placed = []  # (first row on the sheet, blob, 2 × face + way up)
    top = LETTER_CELL
    for i, face in _faces(image, boxes):
        for blob in numeral_blobs(face):
            wide = max(1, min(STRIP_WIDTH, round(blob.shape[1] * NUMERAL_CELL / blob.shape[0])))
            cell = cv2.resize(blob, (wide, NUMERAL_CELL), interpolation=cv2.INTER_AREA)
            for way, drawn in enumerate((cell, cv2.rotate(cell, cv2.ROTATE_180))):
                placed.append((top, drawn, 2 * i + way))
                top += NUMERAL_CELL + LETTER_CELL
    if not placed:
        return found
    read: dict[int, dict[str, float]] = {}
    for word, confidence, _, middle in _words([_sheet(placed, top)], "6", "123456789"):
        key = _face_at(placed, middle)
        if key is not None and len(word) == 1 and confidence >= MIN_CONFIDENCE:
            digits = read.setdefault(key, {})
            digits[word] = max(confidence, digits.get(word, 0.0))
    sure = {key: int(next(iter(digits))) for key, digits in read.items()
            if len(digits) == 1 and max(digits.values()) >= NUMERAL_SURE}
    for key, rank in sure.items():
        if key % 2 == 0:  # read as the face lies; turned over, a 6 is read 9
            ranks = {rank, sure.get(key + 1, rank)}
            found[key // 2] = tuple(sorted(ranks | {6, 9} if ranks & {6, 9} else ranks))
    return found


def _words(sheets: list[np.ndarray], layout: str, letters: str) -> list[tuple[str, float, int, float]]:
    """Each word Tesseract reads on ``sheets`` (pages of one run; page layout mode ``layout``;
    only ``letters``), with its confidence (0-100), its page (0 the first) and the row of its
    middle; none where the run fails or takes longer than ``TIMEOUT_S``."""
    if not sheets:
        return []
    pages = [Image.fromarray(sheet) for sheet in sheets]
    tiff = io.BytesIO()  # one multi-page TIFF: Tesseract reads each page apart, in one run
    pages[0].save(tiff, format="TIFF", save_all=True, append_images=pages[1:])
    try:
        run = subprocess.run(
            ["tesseract", "stdin", "stdout", "--psm", layout, "-l", "eng",
             "-c", f"tessedit_char_whitelist={letters}", "tsv"],
            input=tiff.getvalue(), capture_output=True, timeout=TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    words = []
    for line in run.stdout.decode("utf-8", "replace").splitlines()[1:]:
        cells = line.split("\t")
        try:  # level, page, block, paragraph, line, word, left, top, width, height, conf, text
            if len(cells) == 12 and cells[11].strip():
                words.append((cells[11].strip(), float(cells[10]), int(cells[1]) - 1,
                              float(cells[7]) + float(cells[9]) / 2))
        except ValueError:  # a line not of Tesseract's table
            continue
    return words


def numbered_as(code: str, rank: int) -> bool:
    """Whether a tile named ``code`` would carry index numeral ``rank``: a suited tile its rank,
    a flower or season its place among its four (sets number 梅兰竹菊 and 春夏秋冬 1-4).

    >>> numbered_as("4p", 4), numbered_as("6f", 2), numbered_as("6f", 6), numbered_as("E", 1)
    (True, True, False, False)
    """
    if len(code) != 2 or not code[0].isdigit():
        return False
    number = int(code[0])
    return number == rank if code[1] in "mps" else (number - 1) % 4 + 1 == rank


def numbered_kinds(rank: int) -> list[str]:
    """The kinds a tile carrying index numeral ``rank`` may be (:func:`numbered_as`): its rank
    of each suit and, numbered 1-4, the flower and the season of that place (jade's 秋, read as
    a spring by a classifier that never saw it, says 3).

    >>> numbered_kinds(3), numbered_kinds(7)
    (['3m', '3p', '3s', '3f', '7f'], ['7m', '7p', '7s'])
    """
    suited = [f"{rank}{suit}" for suit in "mps"]
    return suited + [f"{rank}f", f"{rank + 4}f"] if rank <= 4 else suited
