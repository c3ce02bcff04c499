"""Detector training images cut from rendered whole tables the way the recognizer looks at them.

``vision.find`` looks at a whole table in overlapping windows (``vision.windows.windows``), each
scaled so that the far tiles' short side (the ``FAR_SHARE`` quantile) comes out
``vision.find.CLOSE_TILE`` pixels at the detector's input (``--far-px``; the whole-table detector
looks at ``vision.find.TABLE_TILE``), and the same windows turned a quarter
(``TURNED_LOOK``). The shipped detector was trained on photos whose tiles are mostly larger and
on few whole tables, and scores the far tiles of such windows just under its threshold. This
module renders whole tables (``datasets.synth.table``) in the designs *not* held out of training
(``HELD_OUT_ART`` is the measure), cuts those windows, with the far tiles brought to somewhat
more and less than that size (``SCALE_SPREAD``) and half of them turned, and writes
a YOLO set (classes ``tile`` / ``back``) whose ``data.yaml`` adds a share of the real train photos
so that the detector does not forget them.

``python -m datasets.synth.table_windows --scenes 300 --out work/tablewin`` (see ``main``).
Scene ``i`` is rendered from ``numpy.random.default_rng([seed, i])``: the set is reproducible.
"""

from __future__ import annotations

import argparse
import fnmatch
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from datasets.synth.art import select_art_sets
from datasets.synth.export import write_photo_list, yolo_line
from datasets.synth.table import HELD_OUT_ART, render_table_scene
from vision.find import CLOSE_TILE
from vision.windows import FAR_SHARE, short_side, windows

#: The detector's input side (``vision.recognizer``'s detector runs at 320 px).
DETECT_SIZE = 320
#: The far tiles' short side is drawn from ``CLOSE_TILE`` times this range (log-uniform): the
#: recognizer's estimate of the far size is off either way, and the misses were at 19-27 px.
SCALE_SPREAD = (0.75, 1.35)
#: A tile cut by the window edge is labelled when this share of its box lies inside (the
#: recognizer drops cut boxes at inner edges; a sliver must not teach a whole tile).
KEEP_INSIDE = 0.5
#: Share of the tables drawn with dark or tinted faces (red jade-like faces among them).
COLOURED_SHARE = 0.35


@dataclass
class Window:
    """One training image: ``image`` (BGR, long side ``DETECT_SIZE``), ``boxes`` (x1, y1, x2, y2
    in its pixels), ``classes`` (0 face up, 1 face down), the design it was drawn in, turned."""

    image: np.ndarray
    boxes: np.ndarray
    classes: np.ndarray
    art: str
    turned: bool


def training_designs(designs: int = 40) -> tuple[str, ...]:
    """The art sets found here and ``designs`` generated ones, less ``HELD_OUT_ART``."""
    names = select_art_sets(None, designs)
    return tuple(n for n in names if not any(fnmatch.fnmatchcase(n, p) for p in HELD_OUT_ART))


def _cut(image: np.ndarray, boxes: np.ndarray, classes: np.ndarray,
         window: tuple[int, int, int, int], turned: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The window of ``image`` scaled to ``DETECT_SIZE`` on its long side (turned a quarter
    counter-clockwise, as ``np.rot90`` and the recognizer turn it), with the boxes inside it."""
    x1, y1, x2, y2 = window
    crop = image[y1:y2, x1:x2]
    clipped = np.stack([np.clip(boxes[:, 0], x1, x2), np.clip(boxes[:, 1], y1, y2),
                        np.clip(boxes[:, 2], x1, x2), np.clip(boxes[:, 3], y1, y2)], axis=1)
    area = np.prod(boxes[:, 2:] - boxes[:, :2], axis=1)
    inside = np.prod(np.maximum(clipped[:, 2:] - clipped[:, :2], 0), axis=1)
    keep = inside >= KEEP_INSIDE * np.maximum(area, 1e-6)
    local = clipped[keep] - [x1, y1, x1, y1]
    if turned:
        crop = np.rot90(crop)
        w = x2 - x1
        local = np.stack([local[:, 1], w - local[:, 2], local[:, 3], w - local[:, 0]], axis=1)
    scale = DETECT_SIZE / max(crop.shape[:2])
    size = (max(1, round(crop.shape[1] * scale)), max(1, round(crop.shape[0] * scale)))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    out = cv2.resize(np.ascontiguousarray(crop), size, interpolation=interp)
    local = np.clip(local * scale, 0, [size[0], size[1], size[0], size[1]])
    big = np.minimum(local[:, 2] - local[:, 0], local[:, 3] - local[:, 1]) >= 3
    return out, local[big], classes[keep][big]


def table_windows(rng: np.random.Generator, art_sets: Sequence[str], per_scene: int = 4,
                  coloured_share: float = COLOURED_SHARE, far_px: float = CLOSE_TILE) -> list[Window]:
    """Render one whole table in ``art_sets`` and cut ``per_scene`` of the recognizer's windows
    of it (those holding labelled tiles first), each turned a quarter with even odds; the far
    tiles come out about ``far_px`` pixels (``SCALE_SPREAD`` about it)."""
    held = [n for n in art_sets if any(fnmatch.fnmatchcase(n, p) for p in HELD_OUT_ART)]
    if held:
        raise ValueError(f"designs held out of training cannot be rendered for it: {held}")
    scene = render_table_scene(rng, list(art_sets), coloured=bool(rng.random() < coloured_share))
    tiles = [t for t in scene.tiles if t.labelled]
    if not tiles:
        return []
    boxes = np.array([t.box for t in tiles], float)
    classes = np.array([1 if t.code == "back" else 0 for t in tiles])
    height, width = scene.image.shape[:2]
    far = short_side(boxes, FAR_SHARE) * np.exp(rng.uniform(*np.log(SCALE_SPREAD)))
    grid = windows(width, height, DETECT_SIZE * far / far_px, 2 * far)
    shift = rng.uniform(-far, far, (len(grid), 2)).round().astype(int)
    moved = []
    for (x1, y1, x2, y2), (dx, dy) in zip(grid, shift, strict=True):
        dx = int(np.clip(dx, -x1, width - x2))
        dy = int(np.clip(dy, -y1, height - y2))
        moved.append((x1 + dx, y1 + dy, x2 + dx, y2 + dy))
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    held_tiles = [int(((centres[:, 0] >= a) & (centres[:, 0] < c) & (centres[:, 1] >= b)
                       & (centres[:, 1] < d)).sum()) for a, b, c, d in moved]
    order = sorted(range(len(moved)), key=lambda k: (-min(held_tiles[k], 1), rng.random()))
    out = []
    for k in order[:per_scene]:
        turned = bool(rng.random() < 0.5)
        image, cut, cls = _cut(scene.image, boxes, classes, moved[k], turned)
        out.append(Window(image, cut, cls, scene.art, turned))
    return out


def yolo_text(window: Window) -> str:
    """The window's YOLO label lines (``cls cx cy w h``, normalised)."""
    h, w = window.image.shape[:2]
    return "".join(yolo_line(c, b, w, h) + "\n"
                   for b, c in zip(window.boxes, window.classes, strict=True))


def _scene_windows(job: tuple[int, int, tuple[str, ...], int, float, float]) -> list[Window]:
    """Scene ``i``'s windows, rendered from ``default_rng([seed, i])`` (one job of ``write_set``)."""
    seed, i, names, per_scene, coloured_share, far_px = job
    return table_windows(np.random.default_rng([seed, i]), names, per_scene, coloured_share, far_px)


def write_set(out: Path, scenes: int, seed: int, designs: int, per_scene: int,
              real: Path | None, real_share: int, coloured_share: float = COLOURED_SHARE,
              workers: int = 1, far_px: float = CLOSE_TILE) -> dict:
    """Render ``scenes`` tables into ``out/images`` + ``out/labels`` and write ``out/data.yaml``
    training on them and ``real_share`` photos of ``real``'s ``images/train`` (drawn under
    ``seed``), validating on its ``images/val``; ``coloured_share`` of the tables with dark or
    tinted faces, far tiles about ``far_px`` pixels. ``workers`` processes render the scenes
    (each scene from its own seed: the set is the same whatever their number). Returns counts."""
    names = training_designs(designs)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    counts: dict = {"windows": 0, "turned": 0, "tiles": 0, "backs": 0, "designs": {}}
    listed = []
    jobs = [(seed, i, names, per_scene, coloured_share, far_px) for i in range(scenes)]
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        for i, scene_windows in enumerate((pool.map if pool else map)(_scene_windows, jobs)):
            for k, window in enumerate(scene_windows):
                stem = f"{i:05d}_{k}"
                cv2.imwrite(str(out / "images" / f"{stem}.jpg"), window.image,
                            [cv2.IMWRITE_JPEG_QUALITY, 92])
                (out / "labels" / f"{stem}.txt").write_text(yolo_text(window), encoding="utf-8")
                listed.append(str((out / "images" / f"{stem}.jpg").resolve()))
                counts["windows"] += 1
                counts["turned"] += window.turned
                counts["tiles"] += int((window.classes == 0).sum())
                counts["backs"] += int((window.classes == 1).sum())
                counts["designs"][window.art] = counts["designs"].get(window.art, 0) + 1
    if real is not None:
        photos = sorted((real / "images" / "train").glob("*.jpg"))
        picked = np.random.default_rng(seed).permutation(len(photos))[:real_share]
        listed += [str(photos[j].resolve()) for j in sorted(picked)]
        counts["real_photos"] = len(picked)
        write_photo_list(out, listed, real)
    return counts


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--scenes``, ``--per-scene``, ``--designs``, ``--seed``, ``--real``,
    ``--real-share``, ``--coloured``, ``--far-px``, ``--out``, ``--workers``."""
    p = argparse.ArgumentParser(description="Whole-table windows for the tile detector.")
    p.add_argument("--scenes", type=int, default=300)
    p.add_argument("--per-scene", type=int, default=4)
    p.add_argument("--designs", type=int, default=40, help="generated designs gen-0..N-1 too")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--real", type=Path, default=Path("work/real/detect"),
                   help="the real YOLO set (python -m datasets.build) whose train photos join")
    p.add_argument("--real-share", type=int, default=600, help="real train photos to add")
    p.add_argument("--coloured", type=float, default=COLOURED_SHARE,
                   help="share of the tables drawn with dark or tinted faces")
    p.add_argument("--far-px", type=float, default=CLOSE_TILE,
                   help="the far tiles' short side at the detector's input, in pixels (8-64)")
    p.add_argument("--out", type=Path, default=Path("work/tablewin"))
    p.add_argument("--workers", type=int, default=1, help="processes rendering the scenes")
    args = p.parse_args(argv)
    if not 1 <= args.workers <= 64:
        p.error("--workers must be 1-64")
    if not 8 <= args.far_px <= 64:
        p.error("--far-px must be 8-64")
    real = args.real if (args.real / "images" / "train").is_dir() else None
    if real is None:
        print(f"{args.real}/images/train missing: no real photos and no data.yaml written")
    counts = write_set(args.out, args.scenes, args.seed, args.designs, args.per_scene, real,
                       args.real_share, args.coloured, args.workers, args.far_px)
    print(counts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
