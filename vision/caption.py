"""The English name lettered on a flower or season tile (PLUM, ORC…, SPRING…), read with
Tesseract where it is installed (Debian's ``tesseract-ocr``; optional: without it nothing is read).

Sets sold abroad letter their flowers and seasons with a picture over a short English name, and
makers draw the pictures as they like (kmahjongg's traditional spring is a butterfly, its summer a
sun): a classifier that never saw a design's pictures cannot tell them, but the name says which
kind the tile is. All tiles of a photo are read in one Tesseract run (one process, about 0.2 s):
each face is cut into a few strips (the whole face, its lower half as it is and made black on
white), the strips stacked on one white sheet, and each word found is given to the face whose
strip it lies in.

>>> kind_named("SPR"), kind_named("plum"), kind_named("PL"), kind_named("SUN")
('5f', '1f', None, None)
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache

import cv2
import numpy as np

#: The flowers and seasons in code order (1f-8f), as sets lettered in English name them; a word
#: of three letters or more that begins one of them (and no other) names that kind.
BONUS_NAMES = ("PLUM", "ORCHID", "MUM", "BAMBOO", "SPRING", "SUMMER", "AUTUMN", "WINTER")
#: Also written so on some sets.
OTHER_NAMES = {"CHRYSANTHEMUM": "3f", "CHRYS": "3f", "FALL": "7f"}
#: The confidence a face named by its lettered name is given (a name read is no guess).
CONFIDENCE = 0.9
#: At most this many faces a photo are read (a hand's worth); the rest are left as named.
MAX_FACES = 16
#: Each strip is drawn this wide (Tesseract reads letters 20-60 px tall best).
STRIP_WIDTH = 360
#: White between strips, so that no word runs from one strip into the next.
STRIP_GAP = 24
#: A word counts at this confidence of Tesseract's or more (0-100): rows of circles read as ORO
#: or ORC do at 0-13, names lettered on a tile at 30-97.
MIN_CONFIDENCE = 25.0
#: The longest a Tesseract run may take before its reading is given up.
TIMEOUT_S = 5.0


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


def read_kinds(image: np.ndarray, boxes: np.ndarray) -> list[str | None]:
    """The flower or season each box's face (x1, y1, x2, y2 in ``image``) is lettered as, or
    None where no name is read there (or faces agree on none); all None without Tesseract."""
    boxes = np.asarray(boxes, float).reshape(-1, 4)[:MAX_FACES]
    found: list[str | None] = [None] * len(boxes)
    if not len(boxes) or not available():
        return found
    height, width = image.shape[:2]
    placed = []  # (first row on the sheet, strip, face) of each strip
    top = STRIP_GAP
    for i, (x1, y1, x2, y2) in enumerate(boxes):
        x1, y1 = max(0, int(x1)), max(0, int(y1))
        x2, y2 = min(width, int(round(x2))), min(height, int(round(y2)))
        if x2 - x1 < 8 or y2 - y1 < 8:
            continue
        for strip in _strips(image[y1:y2, x1:x2]):
            placed.append((top, strip, i))
            top += strip.shape[0] + STRIP_GAP
    if not placed:
        return found
    sheet = np.full((top, STRIP_WIDTH + 2 * STRIP_GAP), 255, np.uint8)
    for at, strip, _ in placed:
        sheet[at:at + strip.shape[0], STRIP_GAP:STRIP_GAP + STRIP_WIDTH] = strip
    named: dict[int, set[str]] = {}
    for word, middle in _words(sheet):
        kind = kind_named(word)
        face = next((i for at, strip, i in placed if at <= middle < at + strip.shape[0]), None)
        if kind is not None and face is not None:
            named.setdefault(face, set()).add(kind)
    for face, kinds in named.items():
        if len(kinds) == 1:
            found[face] = kinds.pop()
    return found


def _words(sheet: np.ndarray) -> list[tuple[str, float]]:
    """Each word Tesseract reads on ``sheet`` (capital letters only) at ``MIN_CONFIDENCE`` or more,
    with the row of its middle; none where the run fails or takes longer than ``TIMEOUT_S``."""
    ok, png = cv2.imencode(".png", sheet)
    if not ok:
        return []
    try:
        run = subprocess.run(
            ["tesseract", "stdin", "stdout", "--psm", "11", "-l", "eng",
             "-c", "tessedit_char_whitelist=ABCDEFGHIJKLMNOPQRSTUVWXYZ", "tsv"],
            input=png.tobytes(), capture_output=True, timeout=TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    words = []
    for line in run.stdout.decode("utf-8", "replace").splitlines()[1:]:
        cells = line.split("\t")
        try:  # level, page, block, paragraph, line, word, left, top, width, height, conf, text
            if len(cells) == 12 and cells[11].strip() and float(cells[10]) >= MIN_CONFIDENCE:
                words.append((cells[11].strip(), float(cells[7]) + float(cells[9]) / 2))
        except ValueError:  # a line not of Tesseract's table
            continue
    return words
