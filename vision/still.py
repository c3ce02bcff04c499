"""Still frames: whether a camera frame shows the same scene as a frame read before, and how far
the camera moved since.

A hand held over the table sends the same tiles frame after frame, shaken by a pixel or two and
encoded again each time. :func:`thumbnail` makes a small grey copy of a frame; :func:`compare`
estimates the camera's global shift between two thumbnails (``cv2.phaseCorrelate``), lines the
newer up with the older by it and gives the largest mean difference of any cell of the grid
(:data:`CELL` pixels square): one tile swapped changes the cells it covers much more than a
re-encoded or shaken copy of the same scene changes any cell, while a mean over the whole
frame would dilute it in the 20-odd tiles that did not move. The constants were measured by
``python benchmarks/still_scene.py`` on the ``valid`` photos at 960×540 (see each).
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

# Measured by ``python benchmarks/still_scene.py --photos 80 [--side 640] [--widths …] [--cells
# …] [--blur …]``: 720 still frames (shaken 0.5-2 px, sensor noise, 2 % brighter, each encoded
# again) against 480 with one tile swapped, as "still frames' largest / swapped frames' least"
# cell difference (grey levels); the two must not meet.

#: A frame's thumbnail is this many pixels wide (grey, its height in proportion): a tile of a
#: 960 px frame of the whole hand, 30-60 px wide, is 10-20 px here. At cells of 6 and blur 1.0:
#: 240 px 14.0 / 13.2 (they meet), 320 px 14.1 / 22.3; at blur 1.5, 400 px 20.8 / 19.6 (finer,
#: a sub-pixel shake moves more of the picture).
THUMB_WIDTH = 320
#: The cells of the thumbnail whose mean differences are compared, this many pixels square
#: (18 px of a 960 px frame, half a tile or less, so a swapped face fills one whichever way the
#: grid falls): at 320 px and blur 1.0, cells of 6 / 8 gave 14.1 / 22.3 and 12.2 / 15.9.
CELL = 6
#: Both thumbnails are blurred by this sigma (pixels) once lined up: a thin dark line (a rack's
#: edge, a tile's outline) shaken by a fraction of a pixel spreads over two rows and, unblurred,
#: differs from itself by as much as a swapped face (69.0 / 36.7); blurred 1.0 / 1.5 / 2.0:
#: 14.1 / 22.3, 10.7 / 15.0, 8.3 / 11.1 (320 px, cells of 6): 1.0 leaves the widest gap.
BLUR = 1.0
#: The camera may move this share of the frame's width (each way) and its frame still be
#: answered from the reading before: a larger move shows the tiles from another angle, and the
#: 1-2 px shake of a hand held over the table is 0.1-0.3 % of it.
MAX_SHIFT = 0.03
#: A cell whose blurred grey levels differ by this much on average (0-255, after lining up)
#: shows something else than before: halfway between the still frames' largest (14.1) and the
#: least of one tile swapped (22.3; its 1st percentile 23.0), the same at frames sent 960 and
#: 640 px wide.
CHANGED = 18.0


class Comparison(NamedTuple):
    """How a frame compares with a reference frame: the camera's shift (x, y, in the frame's
    pixels; the newer frame's content lies this far right and down) and the largest cell
    difference (``inf`` where the shift is out of bounds or the frames differ in size)."""

    shift: tuple[float, float]
    change: float

    def same_scene(self, changed: float = CHANGED) -> bool:
        """Whether no cell changed: the frame shows the reference's scene, moved by ``shift``."""
        return self.change < changed


def thumbnail(image: np.ndarray, width: int = THUMB_WIDTH) -> np.ndarray:
    """The frame as a small grey image ``width`` pixels wide (area-averaged, which also evens
    out the JPEG's and the sensor's noise; bytes, 58 KB for a 16:9 frame, kept per client)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    h, w = grey.shape[:2]
    # sides of a multiple of 4: cv2.phaseCorrelate pads to its DFT size, and where that is odd
    # (135, a 960×540 frame's thumbnail) it finds half a pixel of shift between two equal images
    size = (max(4, 4 * round(min(width, w) / 4)), max(4, 4 * round(h * min(width, w) / w / 4)))
    return cv2.resize(grey, size, interpolation=cv2.INTER_AREA)


def compare(reference: np.ndarray, thumb: np.ndarray, frame: tuple[int, ...], cell: int = CELL,
            blur: float = BLUR, max_shift: float = MAX_SHIFT) -> Comparison:
    """``thumb`` (of a frame of ``frame`` shape: height, width) against ``reference``'s thumbnail: the
    camera's shift between them and the largest mean difference of a ``cell``-pixel cell once
    lined up (the strips the shift brings in or out of view left aside)."""
    if reference.shape != thumb.shape:
        return Comparison((0.0, 0.0), float("inf"))
    reference, thumb = reference.astype(np.float32), thumb.astype(np.float32)
    h, w = thumb.shape
    window = cv2.createHanningWindow((w, h), cv2.CV_32F)
    (dx, dy), _ = cv2.phaseCorrelate(reference, thumb, window)
    shift = (dx * frame[1] / w, dy * frame[0] / h)
    # a blank picture has no shift to find: phaseCorrelate puts its peak half a frame away
    if not np.isfinite([dx, dy]).all() or max(abs(dx), abs(dy)) > max_shift * w:
        return Comparison(shift, float("inf"))
    back = np.float32([[1, 0, -dx], [0, 1, -dy]])
    aligned = cv2.warpAffine(thumb, back, (w, h), flags=cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_REPLICATE)
    mx, my = int(np.ceil(abs(dx))) + 4, int(np.ceil(abs(dy))) + 4  # the edges the blur bends
    if blur:
        reference = cv2.GaussianBlur(reference, (0, 0), blur)
        aligned = cv2.GaussianBlur(aligned, (0, 0), blur)
    diff = cv2.absdiff(reference, aligned)[my:h - my, mx:w - mx]
    rows, cols = diff.shape[0] // cell, diff.shape[1] // cell
    if rows == 0 or cols == 0:
        return Comparison(shift, float(diff.mean()) if diff.size else float("inf"))
    # cells of half a cell's offset too, so a small change on a corner of four cells counts whole
    best = 0.0
    for oy, ox in ((0, 0), (cell // 2, cell // 2)):
        part = diff[oy:, ox:]
        r, c = part.shape[0] // cell, part.shape[1] // cell
        if r and c:
            means = part[:r * cell, :c * cell].reshape(r, cell, c, cell).mean(axis=(1, 3))
            best = max(best, float(means.max()))
    return Comparison(shift, best)
