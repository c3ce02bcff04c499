"""Drawing a hand reading onto the photo: the groups read, the winning tile, the doubts.

Labels are tile codes and reading numbers (OpenCV's fonts have no Chinese glyphs).  Colours:
concealed hand green, each meld its own blue/purple shade, the winning tile gold, bonus tiles
pink, ignored tiles grey, doubtful tiles red with a thick outline.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.annotate import write_image
from vision.hand_reader import Reading

COLOURS = {"concealed": (60, 180, 60), "win": (0, 200, 255), "bonus": (180, 105, 255),
           "ignored": (150, 150, 150)}
MELD_COLOURS = [(230, 140, 40), (200, 60, 160), (160, 160, 30), (120, 60, 220)]
DOUBT = (40, 40, 230)


def _blank(reading: Reading) -> np.ndarray:
    """A white canvas big enough for the boxes, when there is no photo."""
    x2 = max((t.box[2] for t in reading.tiles), default=100)
    y2 = max((t.box[3] for t in reading.tiles), default=100)
    return np.full((int(y2) + 20, int(x2) + 20, 3), 255, np.uint8)


def _label(img: np.ndarray, text: str, x: int, y: int, colour: tuple[int, int, int],
           scale: float) -> None:
    thick = max(1, round(scale * 2))
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    y = max(h + 4, y)
    cv2.rectangle(img, (x, y - h - 4), (x + w + 4, y + 2), colour, -1)
    cv2.putText(img, text, (x + 2, y - 2), cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255),
                thick, cv2.LINE_AA)


def render(image: np.ndarray | None, reading: Reading) -> np.ndarray:
    """A copy of the photo (or a blank canvas) with the reading drawn on it."""
    out = _blank(reading) if image is None else image.copy()
    scale = max(out.shape[:2]) / 1000
    thick = max(1, round(2 * scale))
    by_number = {reading.number(t): t for t in reading.tiles}
    doubtful = {n for d in reading.doubts for n in d["tiles"]}
    meld_no = 0
    for g in reading.groups:
        if g["kind"] == "meld":
            colour = MELD_COLOURS[meld_no % len(MELD_COLOURS)]
            meld_no += 1
        else:
            colour = COLOURS[g["kind"]]
        boxes = [by_number[n].box for n in g["tiles"]]
        if not boxes:
            continue
        for n in g["tiles"]:
            x1, y1, x2, y2 = (int(round(v)) for v in by_number[n].box)
            cv2.rectangle(out, (x1, y1), (x2, y2), colour, thick)
        if g["kind"] in ("meld", "win", "bonus"):  # a frame round the whole group
            x1 = int(min(b[0] for b in boxes)) - 3 * thick
            y1 = int(min(b[1] for b in boxes)) - 3 * thick
            x2 = int(max(b[2] for b in boxes)) + 3 * thick
            y2 = int(max(b[3] for b in boxes)) + 3 * thick
            cv2.rectangle(out, (x1, y1), (x2, y2), colour, thick)
            name = g["meld"]["type"] if g["kind"] == "meld" else g["kind"]
            _label(out, name, x1, y2 + int(22 * max(scale, 0.6)), colour, 0.5 * max(scale, 0.6))
    for n, t in by_number.items():
        x1, y1, x2, y2 = (int(round(v)) for v in t.box)
        colour = DOUBT if n in doubtful else (60, 60, 60)
        if n in doubtful:
            cv2.rectangle(out, (x1, y1), (x2, y2), DOUBT, 3 * thick)
        _label(out, f"{n}:{t.code}", x1, y1 - 2, colour, 0.45 * max(scale, 0.6))
    return out


def draw_reading(path: str | Path, image: Any, reading: Reading) -> None:
    """Write the annotated photo to ``path``."""
    write_image(path, render(image, reading))
