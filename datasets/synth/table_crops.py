"""Classifier training crops cut from rendered whole tables the way the table reader names them.

The table reader names each found tile from crops of the full-resolution photo
(``vision.cut.cut_views``: the box padded by each of ``CROP_VIEWS``' shares, stretched to a
square) — on a whole table the far tiles are 16-32 px, blurred, seen at a slant and lying every
way up (the other seats' rivers turned a quarter or a half). The shipped classifiers learnt
from close-ups, and name those tiles right about three times in four. This module renders
whole tables (``datasets.synth.table``) in the designs *not* held out of training
(``HELD_OUT_ART`` is the measure), cuts every face-up tile as the reader does, its box moved a
little as a detector's box sits (``BOX_JITTER``), plus bare table and pieces of tiles as
``none``, and writes an ultralytics class-folder set (``NN_code/``, as ``datasets.real``) whose
train split adds ``real_share`` crops of the classifier's own real set so that it does not
forget the close-ups.

``python -m datasets.synth.table_crops --scenes 300 --out work/tablecls`` (see ``main``).
Scene ``i`` is rendered from ``numpy.random.default_rng([seed, i])``: the set is reproducible.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from datasets.real import class_folder
from datasets.synth.table import HELD_OUT_ART, render_table_scene
from datasets.synth.table_windows import COLOURED_SHARE, training_designs
from vision.classes import NOT_A_TILE, TILE_CLASSES
from vision.cut import CROP_VIEWS
from vision.preprocess import crop_tile

#: Saved crop side (the classifiers read 64 px crops).
CROP_SIZE = 64
#: Each box edge is moved by this share of the box's side (normal, one standard deviation): the
#: detector's boxes of far tiles sit off the true ones by about that much (IoU ~0.7-0.9).
BOX_JITTER = 0.06
#: ``none`` crops a scene: bare table and the rims between tiles, which a far box may hold.
NONE_PER_SCENE = 6
#: Tiles whose box's shorter side is under ``SMALL_SIDE`` px are cut ``1 + SMALL_EXTRA`` times,
#: each box jittered anew: the reader names tiles under 16 px right about 3 times in 10 and
#: those of 16-20 px 6 in 10, against 8 in 10 over 24 px, and such tiles are a third of a table.
SMALL_SIDE = 20.0
SMALL_EXTRA = 2
#: Share of the tables shrunk by a factor drawn from ``SHRINK`` before cutting: the near rivers,
#: melds and turned tiles then come small too, not only the far seats' tiles.
SHRUNK_SHARE = 0.3
SHRINK = (0.5, 0.85)
#: The classes in the classifiers' output order: the tiles, then ``none``.
CLASSES = (*TILE_CLASSES[:42], NOT_A_TILE)


def _folder(code: str) -> str:
    index = CLASSES.index(code)
    return class_folder(index) if code != NOT_A_TILE else f"{index:02d}_{NOT_A_TILE}"


def _jittered(rng: np.random.Generator, box: Sequence[float]) -> tuple[float, ...]:
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    dx1, dx2 = rng.normal(0, BOX_JITTER * w, 2)
    dy1, dy2 = rng.normal(0, BOX_JITTER * h, 2)
    return x1 + dx1, y1 + dy1, max(x1 + dx1 + 2, x2 + dx2), max(y1 + dy1 + 2, y2 + dy2)


def _empty_boxes(rng: np.random.Generator, boxes: np.ndarray, shape: tuple[int, ...], count: int
                 ) -> list[tuple[float, ...]]:
    """Up to ``count`` tile-sized boxes covering under a quarter of any tile (bare table, rims)."""
    height, width = shape[:2]
    sides = boxes[:, 2:] - boxes[:, :2]
    out: list[tuple[float, ...]] = []
    for _ in range(count * 8):
        if len(out) == count:
            break
        w, h = sides[rng.integers(len(sides))]
        x1, y1 = rng.uniform(0, width - w), rng.uniform(0, height - h)
        box = np.array([x1, y1, x1 + w, y1 + h])
        lo, hi = np.maximum(boxes[:, :2], box[:2]), np.minimum(boxes[:, 2:], box[2:])
        inter = np.prod(np.clip(hi - lo, 0, None), axis=1)
        if (inter / np.prod(sides, axis=1)).max() < 0.25:
            out.append(tuple(box))
    return out


def table_crops(rng: np.random.Generator, art_sets: Sequence[str],
                coloured_share: float = COLOURED_SHARE, small_extra: int = SMALL_EXTRA,
                shrunk_share: float = SHRUNK_SHARE) -> list[tuple[str, np.ndarray]]:
    """Render one whole table in ``art_sets`` (shrunk in ``shrunk_share`` of the tables); each
    face-up tile's crops in ``CROP_VIEWS`` (its box jittered; ``small_extra`` more for a tile
    under ``SMALL_SIDE`` px) and ``NONE_PER_SCENE`` bare boxes as ``none``, as (code, crop)."""
    held = [n for n in art_sets if any(fnmatch.fnmatchcase(n, p) for p in HELD_OUT_ART)]
    if held:
        raise ValueError(f"designs held out of training cannot be rendered for it: {held}")
    scene = render_table_scene(rng, list(art_sets), coloured=bool(rng.random() < coloured_share))
    tiles = [t for t in scene.tiles if t.labelled]
    image, scale = scene.image, 1.0
    if rng.random() < shrunk_share:
        scale = float(rng.uniform(*SHRINK))
        height, width = image.shape[:2]
        image = cv2.resize(image, (max(1, round(width * scale)), max(1, round(height * scale))),
                           interpolation=cv2.INTER_AREA)
    out: list[tuple[str, np.ndarray]] = []
    for t in tiles:
        if t.code not in CLASSES:  # backs: the detector tells them
            continue
        box = tuple(scale * v for v in t.box)
        small = min(box[2] - box[0], box[3] - box[1]) < SMALL_SIDE
        for _ in range(1 + (small_extra if small else 0)):
            for pad, _ in CROP_VIEWS:
                crop = crop_tile(image, _jittered(rng, box), pad=pad, size=CROP_SIZE)
                if crop is not None:
                    out.append((t.code, crop))
    if tiles:
        boxes = scale * np.array([t.box for t in tiles], float)
        for box in _empty_boxes(rng, boxes, image.shape, NONE_PER_SCENE):
            crop = crop_tile(image, box, pad=CROP_VIEWS[-1][0], size=CROP_SIZE)
            if crop is not None:
                out.append((NOT_A_TILE, crop))
    return out


def _link(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        dst.write_bytes(src.read_bytes())


def write_set(out: Path, scenes: int, val_scenes: int, seed: int, designs: int,
              real: Path | None, real_share: int, coloured_share: float = COLOURED_SHARE,
              small_extra: int = SMALL_EXTRA, shrunk_share: float = SHRUNK_SHARE) -> dict:
    """Render ``scenes`` tables into ``out/train`` and ``val_scenes`` more into ``out/val`` (a
    folder per class, all 43 made), with ``real_share`` crops of ``real/train`` (drawn under
    ``seed``) in train and a tenth as many of ``real/val`` in val. Returns counts."""
    names = training_designs(designs)
    for split in ("train", "val"):
        for code in CLASSES:
            (out / split / _folder(code)).mkdir(parents=True, exist_ok=True)
    counts: dict = {"train": 0, "val": 0, "none": 0}
    for i in range(scenes + val_scenes):
        split = "train" if i < scenes else "val"
        crops = table_crops(np.random.default_rng([seed, i]), names, coloured_share, small_extra,
                            shrunk_share)
        for k, (code, crop) in enumerate(crops):
            cv2.imwrite(str(out / split / _folder(code) / f"t{seed}_{i:05d}_{k:03d}.jpg"), crop,
                        [cv2.IMWRITE_JPEG_QUALITY, 92])
            counts[split] += 1
            counts["none"] += code == NOT_A_TILE
    if real is not None:
        rng = np.random.default_rng(seed)
        for split, share in (("train", real_share), ("val", real_share // 10)):
            crops = sorted((real / split).glob("*/*.jpg"))
            for j in sorted(rng.permutation(len(crops))[:share]):
                src = crops[j]
                _link(src, out / split / src.parent.name / f"real_{src.name}")
            counts[f"real_{split}"] = min(share, len(crops))
    return counts


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--scenes``, ``--val-scenes``, ``--designs``, ``--seed``, ``--real``,
    ``--real-share``, ``--coloured``, ``--small-extra``, ``--shrunk``, ``--out``."""
    p = argparse.ArgumentParser(description="Whole-table tile crops for the tile classifier.")
    p.add_argument("--scenes", type=int, default=300)
    p.add_argument("--val-scenes", type=int, default=20)
    p.add_argument("--designs", type=int, default=40, help="generated designs gen-0..N-1 too")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--real", type=Path, default=Path("work/real/classify"),
                   help="the real crop set (datasets.real.build_classification) whose crops join")
    p.add_argument("--real-share", type=int, default=20000, help="real train crops to add")
    p.add_argument("--coloured", type=float, default=COLOURED_SHARE,
                   help="share of the tables drawn with dark or tinted faces")
    p.add_argument("--small-extra", type=int, default=SMALL_EXTRA,
                   help=f"more cuts of a tile under {SMALL_SIDE:g} px")
    p.add_argument("--shrunk", type=float, default=SHRUNK_SHARE,
                   help="share of the tables shrunk before cutting")
    p.add_argument("--out", type=Path, default=Path("work/tablecls"))
    args = p.parse_args(argv)
    real = args.real if (args.real / "train").is_dir() else None
    if real is None:
        print(f"{args.real}/train missing: no real crops added")
    print(write_set(args.out, args.scenes, args.val_scenes, args.seed, args.designs, real,
                    args.real_share, args.coloured, args.small_extra, args.shrunk))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
