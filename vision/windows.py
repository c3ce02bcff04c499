"""Windows of a photo for the closer looks (``vision.find``): how big its tiles are, the
overlapping windows that bring them to the detector's size, and boxes found in a window turned a
quarter, turned back; and the rules for a whole table in one photo, where the far tiles are
small and the side seats' tiles lie sideways."""

from __future__ import annotations

import numpy as np

#: The closer looks are sized by the short side that this share of the first look's tiles come
#: under (not the median): a table seen from a seat shows its far rivers at half the size of the
#: near ones, and windows sized by the median brought those to 13-20 pixels, where the detector
#: scores them 0.0-0.3 (the same tiles centred at 24 pixels: 0.5-0.7). Measured, with the
#: other rules of a whole table on, on the first 8 rendered tables of seeds 63 / 64
#: (``python -m vision.evaluate_table``; 511 / 558 face-up tiles): missed 77 / 44, without it
#: 77 / 80. `valid` (296 photos) is read the same with all of them on or off: 0.9687 / 0.9629 /
#: 73.0 % (``python -m vision.evaluate``; none of its photos finds ``WHOLE_TABLE`` tiles). With
#: the table detector and every rule of the reader, all 24 tables of seeds 63 / 64 / 66 / 67
#: (``scripts/table_misses.py``): at 0.1 face-up 98.4 / 96.0 / 97.5 / 91.0 → 98.7 / 96.5 / 98.8 /
#: 91.9 %, but rivers in order 91.6 → 86.3 % on 63, indicators one fewer on 66 and 67 and two
#: more read where none lies; at 0.15 worse on 64 and 67 (indicators 81.2 → 75.0 %, face-up
#: 91.0 → 89.9 %).
FAR_SHARE = 0.2

#: A look that finds this many tiles or more sees a whole table (its rivers, walls and racks):
#: only such a photo is looked at by its far tiles (``FAR_SHARE``) and turned (``TURNED_LOOK``).
#: The closer looks of `valid` photos find at most 29 (with the median's windows) and a heap of
#: 47 face-up tiles beside a hand row (at 40 it was taken for a table: 48 more boxes, real tiles
#: its labels leave out); the rendered tables' 58-117.
WHOLE_TABLE = 48

#: A photo whose first look found tiles big enough by their median but not by their far ones
#: (``FAR_SHARE``) is looked at closer too, and the look kept only where it finds
#: ``WHOLE_TABLE`` tiles: a table from a seat, whose first look found only the near hand. First
#: 8 tables of seeds 63 / 64: missed 77 / 44, without it 77 / 56; 5 of the 296 `valid` photos
#: pay for the look (4-9 windows), none keeps it.
FAR_LOOK = True

#: Where neither detector found ``vision.find.FEW_TILES`` tiles (the second took over and found
#: few too), the tiles' size is guessed (``vision.find.CLOSE_TILE`` / 2 at the detector's input)
#: instead of read from the second's few boxes: a table from above whose 33-pixel tiles came out
#: 10 pixels at 320 was found by neither, and the second's one box round a stack of backs said
#: its tiles were big enough, so no closer look was taken (68 of 68 face-up tiles missed). First
#: 8 tables of seeds 63 / 64: missed 77 / 44, without it 77 / 112. Only where those few boxes
#: are under half a close-up's size (``vision.find.CLOSE_UP``): a close-up of one dark tile,
#: found whole by the second, is not looked at closer.
GUESS_SIZE = True

#: A whole table (a closer look that found ``WHOLE_TABLE`` tiles or more) is looked at again in
#: the same windows turned a quarter too: the left and right seats' rivers and melds lie sideways,
#: and 43 of 284 tiles missed in 18 tables of seeds 63 / 64 scored 0.35 or more only turned. First
#: 8 tables of seeds 63 / 64: missed 77 / 44, without it 100 / 78; it doubles the windows. The
#: same windows flipped upside down as a third look do not pay: the whole table so flipped finds
#: 37 of the 87 face-up tiles seed 67's looks miss, but merged (suppressed together, or boxes
#: both looks find ranked first) it reads seeds 63 / 64 / 66 / 67 with rivers in order 91.6 /
#: 90.2 / 89.4 / 76.1 → 89.5 / 85.9 / 86.2 / 76.1 % and indicators on 64 / 67 81.2 / 85.0 → 75.0
#: / 80.0 % (``scripts/table_misses.py``); its boxes added only where no box lies change
#: nothing: the tiles the others miss lie under their offset boxes.
TURNED_LOOK = True

#: The whole-table detector (``vision.sessions.TABLE_DETECTOR_FILE``) looks at a photo the table
#: reader asks about as a whole table whatever its first look found: never as a close-up (no
#: second detector, no pips joined), and always closer, from tiles no larger than the guess
#: (``vision.find.CLOSE_TILE`` / 2 at the detector's input). At the first look a table's 21-35-
#: pixel tiles come out 7-10 pixels, and were found as a few boxes round heaps of them (54-68
#: pixels) that said the tiles were big enough, so no closer look was taken: 187 of the 208
#: face-up tiles detect-table2 missed in seed 64's 24 tables lay in three such. With these looks
#: (``python -m vision.evaluate_table --seed S``) its face-up tiles right 91.8 / 82.5 % → 92.4 /
#: 88.6 % (seeds 63 / 64); the shipped detector's fell on seed 64 (81.5 → 76.2 %), so without
#: the file the table reader looks as before.
TABLE_LOOKS = True

#: At most this many windows a photo (each a detector pass, ~35 ms on this machine); tiles too
#: small for that many are looked at as large as that many allows.
MAX_WINDOWS = 16


def short_side(boxes: np.ndarray, share: float = 0.5) -> float:
    """The short side of boxes (x1, y1, x2, y2) that ``share`` of them come under (the median
    by default): how big the photo's tiles are, or its far tiles (``FAR_SHARE``).

    >>> boxes = np.array([[0, 0, 30, 40], [0, 0, 50, 20], [0, 0, 10, 10]])
    >>> short_side(boxes), short_side(boxes, 0.25)
    (20.0, 15.0)
    """
    return float(np.quantile(np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]), share))


def windows(width: int, height: int, side: float, overlap: float
            ) -> list[tuple[int, int, int, int]]:
    """Square windows (x1, y1, x2, y2) of about ``side`` pixels covering a ``width`` × ``height``
    photo, neighbours overlapping by ``overlap`` (so a tile cut by one lies whole in the next),
    spread evenly; fewer and larger when more than ``MAX_WINDOWS`` would be needed.

    >>> windows(1000, 500, 400, 100)[:4]
    [(0, 0, 400, 400), (300, 0, 700, 400), (600, 0, 1000, 400), (0, 100, 400, 500)]
    >>> len(windows(1000, 500, 400, 100)), windows(300, 200, 400, 100)
    (6, [(0, 0, 300, 200)])
    >>> len(windows(4000, 4000, 100, 20))
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


def turned_back(boxes: np.ndarray, width: float) -> np.ndarray:
    """Boxes (x1, y1, x2, y2) found in a ``width``-wide image turned a quarter counter-clockwise
    (``np.rot90``), in the image as it was.

    >>> image = np.zeros((4, 6))
    >>> image[1:3, 4:6] = 1  # a 2 x 2 patch at x 4-6, y 1-3
    >>> ys, xs = np.nonzero(np.rot90(image))
    >>> turned = np.array([[xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]], float)
    >>> turned_back(turned, 6).tolist()
    [[4.0, 1.0, 6.0, 3.0]]
    """
    return np.stack([width - boxes[:, 3], boxes[:, 0], width - boxes[:, 1], boxes[:, 2]], axis=1)
