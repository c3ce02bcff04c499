"""How far apart a still scene's frames are from one with a tile swapped, as ``vision.still``
sees them: the figures its constants (``THUMB_WIDTH``, ``CELL``, ``CHANGED``) were chosen by.

    .venv/bin/python benchmarks/still_scene.py [--photos 80] [--widths 240,320,400] [--cells 6,8]
        [--blur 1.0] [--side 960]

Each ``valid`` photo is a 1280×720 camera frame (JPEG 85) sent at ``--side`` px (JPEG 80), as
``benchmarks/live_rate.py`` sends it. Against that reference:

* still: the same photo shaken 1-2 px at 1280 px (also by half a pixel), with sensor noise
  (Gaussian, sigma 2 grey levels), or 2 % brighter, each encoded again as the camera does;
* swapped: one labelled tile's face replaced by another labelled tile of another kind and about
  its size (the same suit's neighbouring number where the photo has one: the least change),
  still and shaken by a pixel.

Printed per thumbnail width and cell (blurred by ``--blur``): the largest cell difference of
the still frames (max and 99th percentile), of the swapped frames (min, 1st and 5th
percentile), and at the threshold halfway between the still frames' 99.5th and the swapped
frames' 1st percentile, the shares held / read again. Figures for the record, not a test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.evaluate import VALID  # noqa: E402
from vision.still import compare, thumbnail  # noqa: E402

NAMES = ['bs1', 'sc1', 'sd1', 'sb1', 'hwe', 'bs2', 'sc2', 'sd2', 'sb2', 'hws', 'bs3', 'sc3',
         'sd3', 'sb3', 'hww', 'bs4', 'sc4', 'sd4', 'sb4', 'hwn', 'bf1', 'sc5', 'sd5', 'sb5',
         'hdw', 'bf2', 'sc6', 'sd6', 'sb6', 'hdg', 'bf3', 'sc7', 'sd7', 'sb7', 'hdr', 'bf4',
         'sc8', 'sd8', 'sb8', 'sc9', 'sd9', 'sb9']  # the dataset's data.yaml


def jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    """``img`` encoded as JPEG at ``quality`` and decoded again."""
    data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def sent(camera: np.ndarray, side: int = 960) -> np.ndarray:
    """A 1280×720 camera picture as the page sends it: JPEG 85, drawn ``side`` px wide, JPEG 80."""
    frame = jpeg(camera, 85)
    size = (side, round(side * 720 / 1280))
    return jpeg(cv2.resize(frame, size, interpolation=cv2.INTER_AREA), 80)


def moved(img: np.ndarray, dx: float, dy: float) -> np.ndarray:
    """``img`` shifted ``dx`` right, ``dy`` down (sub-pixel too), its edges repeated."""
    m = np.float32([[1, 0, dx], [0, 1, dy]])
    return cv2.warpAffine(img, m, (img.shape[1], img.shape[0]), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def boxes_of(label: Path, width: int, height: int) -> list[tuple[str, tuple[int, int, int, int]]]:
    """The photo's labelled tiles, as (class name, box in a ``width``×``height`` frame)."""
    out = []
    for line in label.read_text().split("\n"):
        parts = line.split()
        if len(parts) != 5:
            continue
        c, x, y, w, h = int(parts[0]), *map(float, parts[1:])
        box = (round((x - w / 2) * width), round((y - h / 2) * height),
               round((x + w / 2) * width), round((y + h / 2) * height))
        if box[2] - box[0] >= 4 and box[3] - box[1] >= 4:
            out.append((NAMES[c], box))
    return out


def neighbours(a: str, b: str) -> bool:
    """Whether two classes are the same suit's numbers one apart (the faces most alike)."""
    return a[:2] == b[:2] and a[2:].isdigit() and b[2:].isdigit() and abs(int(a[2:]) - int(b[2:])) == 1


def swaps(tiles: list[tuple[str, tuple[int, int, int, int]]], rng: np.random.Generator,
          count: int) -> list[tuple[tuple[int, int, int, int], tuple[int, int, int, int]]]:
    """Up to ``count`` (box to cover, box whose face covers it) of other kinds and about one
    size (widths within 20 %), neighbouring numbers first."""
    pairs = [(abox, bbox, neighbours(a, b)) for a, abox in tiles for b, bbox in tiles
             if a != b and abs((abox[2] - abox[0]) - (bbox[2] - bbox[0]))
             <= 0.2 * (abox[2] - abox[0])]
    rng.shuffle(pairs)
    pairs.sort(key=lambda p: not p[2])
    return [(a, b) for a, b, _ in pairs[:count]]


def main() -> None:
    """Print the still and swapped frames' largest cell differences per thumbnail and cell."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--photos", type=int, default=80)
    ap.add_argument("--widths", default="240,320,400")
    ap.add_argument("--cells", default="6,8")
    ap.add_argument("--blur", type=float, default=1.0)
    ap.add_argument("--side", type=int, default=960, help="the width frames are sent at")
    ap.add_argument("--swaps", type=int, default=3, help="swaps tried a photo")
    args = ap.parse_args()
    widths = [int(v) for v in args.widths.split(",")]
    cells = [int(v) for v in args.cells.split(",")]
    rng = np.random.default_rng(7)
    paths = sorted((VALID / "valid" / "images").glob("*.jpg"))[:args.photos]
    still: dict[tuple[int, int], list[float]] = {(w, c): [] for w in widths for c in cells}
    swapped: dict[tuple[int, int], list[float]] = {(w, c): [] for w in widths for c in cells}
    shifts: list[float] = []
    for path in paths:
        camera = cv2.resize(cv2.imread(str(path)), (1280, 720), interpolation=cv2.INTER_AREA)
        reference = sent(camera, args.side)
        noisy = np.clip(camera + rng.normal(0, 2, camera.shape), 0, 255).astype(np.uint8)
        stills = [sent(moved(camera, dx, dy), args.side) for dx, dy in
                  [(1, 0), (1, 1), (0, 1), (2, 2), (-2, 1), (0.5, 0.5), (1.5, -0.5)]]
        stills += [sent(noisy, args.side),
                   sent(np.clip(camera * 1.02, 0, 255).astype(np.uint8), args.side)]
        tiles = boxes_of(path.parent.parent / "labels" / f"{path.stem}.txt", *reference.shape[1::-1])
        changed = []
        for (ax1, ay1, ax2, ay2), (bx1, by1, bx2, by2) in swaps(tiles, rng, args.swaps):
            frame = reference.copy()
            frame[ay1:ay2, ax1:ax2] = cv2.resize(reference[by1:by2, bx1:bx2], (ax2 - ax1, ay2 - ay1))
            changed += [jpeg(frame, 80), jpeg(moved(frame, 0.75, 0.75), 80)]
        for w in widths:
            ref = thumbnail(reference, w)
            for frames, into in ((stills, still), (changed, swapped)):
                thumbs = [thumbnail(f, w) for f in frames]
                for c in cells:
                    for t in thumbs:
                        result = compare(ref, t, reference.shape, c, args.blur)
                        into[(w, c)].append(result.change)
                        if frames is stills and (w, c) == (widths[0], cells[0]):
                            shifts.append(max(abs(result.shift[0]), abs(result.shift[1])))
    print(f"{len(paths)} valid photos sent {args.side} px wide, thumbnails blurred {args.blur}; "
          f"{len(still[widths[0], cells[0]])} still frames, "
          f"{len(swapped[widths[0], cells[0]])} with one tile swapped; camera shift estimated "
          f"at most {max(shifts):.1f} px (shaken at most 2 px at 1280)")
    print(f"{'thumb':>5} {'cell':>4} {'still max':>9} {'p99':>6} {'swap min':>8} {'p1':>6} "
          f"{'p5':>6} {'at':>6} {'held':>6} {'read':>6}")
    for (w, c), values in still.items():
        s, x = np.array(values), np.array(swapped[w, c])
        at = (np.percentile(s, 99.5) + np.percentile(x, 1)) / 2
        print(f"{w:>5} {c:>4} {s.max():>9.1f} {np.percentile(s, 99):>6.1f} {x.min():>8.1f} "
              f"{np.percentile(x, 1):>6.1f} {np.percentile(x, 5):>6.1f} {at:>6.1f} "
              f"{(s < at).mean():>6.1%} {(x >= at).mean():>6.1%}")


if __name__ == "__main__":
    main()
