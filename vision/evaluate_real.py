"""Measuring the recognizer on real close-ups of tile sets it never trained on.

``../shared/datasets/real-other-designs/<set>/labels.jsonl`` holds one photo of each kind of a
real set (MANIFEST.md there). Each set is read three ways, and each gives top-1 (the largest
box's reading is the tile) and one box (exactly one tile found):

- ``before``: out of the box, no tile set taught;
- ``others_learnt``: each photo read with a tile set that learnt every *other* photo of its set
  as a player's correction does (``add_correction`` at the box the recognizer found): a kind the
  set has not learnt must not be taken for one of the kinds it has (the examples of a new set
  must match their own kind only);
- ``after_layout``: a tile set learnt (``tileset.learn``, as ``tileset learn`` does) from one
  layout photo of the set, its tiles laid out in rows, and the close-ups read with it. With
  one photo a kind, the layout's tiles are the close-ups' tiles photographed again
  (``datasets.augment.photograph``: another light, slant, focus and JPEG, seeded), so this
  measures matching across photos of the *same* tile: an upper bound of a second real photo;
- ``photographed`` (with ``--photographed N``): out of the box again, each close-up read as N
  copies made to look taken worse (``photograph`` at full strength: worn ink, shadow, glare,
  slant, cast, defocus, noise, JPEG; seeded). The same changes a model may have trained with:
  a stress measure, not a held-out one.

    python -m vision.evaluate_real                 # every set, the shipped models
    python -m vision.evaluate_real --models /tmp/cand --photographed 4 --json
"""

from __future__ import annotations

import argparse
import copy
import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from datasets.augment import MAX_COPIES, photograph, photographed_copies

from .images import read_image
from .recognizer import Recognizer
from .tileset import TileSet, add_correction, learn

ROOT = Path(__file__).resolve().parent.parent
REAL_SETS = ROOT.parent / "shared" / "datasets" / "real-other-designs"
#: Tiles a row of the composed layout photo, its tiles' height in pixels and the gap between them.
LAYOUT_ROW = 7
LAYOUT_TILE_PX = 150
LAYOUT_GAP_PX = 40
#: Grey-green of the plain cloth the layout's tiles lie on (BGR).
CLOTH = (70, 110, 60)


def real_sets(folder: Path = REAL_SETS) -> dict[str, list[tuple[np.ndarray, str]]]:
    """Each set's photos (image, tile code), in the order of its ``labels.jsonl``."""
    sets = {}
    for labels in sorted(folder.glob("*/labels.jsonl")):
        rows = [json.loads(line) for line in labels.read_text().splitlines() if line.strip()]
        sets[labels.parent.name] = [(read_image(labels.parent / row["path"]), row["tile"]) for row in rows]
    if not sets:
        raise SystemExit(f"no real sets under {folder}: each is a folder with a labels.jsonl")
    return sets


def _largest(tiles: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The tile of the largest box (a one-tile photo's reading), None for none."""
    return max(tiles, key=lambda t: (t["box"][2] - t["box"][0]) * (t["box"][3] - t["box"][1]), default=None)


def _score(readings: list[tuple[list[dict[str, Any]], str]]) -> dict[str, Any]:
    """Top-1, one box and the misreads of one-tile photos' readings (found tiles, the code)."""
    right = one = 0
    wrong: dict[str, int] = {}
    for tiles, code in readings:
        one += len(tiles) == 1
        best = _largest(tiles)
        got = best["tile"] if best is not None else "nothing"
        right += got == code
        if got != code:
            wrong[f"{code}->{got}"] = wrong.get(f"{code}->{got}", 0) + 1
    n = max(len(readings), 1)
    return {"photos": len(readings), "top1": round(right / n, 4), "one_box": round(one / n, 4),
            "misreads": wrong}


def others_learnt(recognizer: Recognizer, photos: list[tuple[np.ndarray, str]],
                  found: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Each photo read with a set that learnt all the others (their found boxes corrected to
    their codes)."""
    tileset = TileSet("real-others")
    ids = []
    for (image, code), tiles in zip(photos, found, strict=True):
        best = _largest(tiles)
        ids.append(None if best is None else add_correction(tileset, image, best["box"], code,
                                                            recognizer.classifier))
    readings = []
    for (image, code), example in zip(photos, ids, strict=True):
        others = copy.deepcopy(tileset)
        if example is not None:
            others.remove(example)
        readings.append((recognizer.detect(image, others), code))
    return _score(readings)


def layout_photo(photos: list[tuple[np.ndarray, str]], found: list[list[dict[str, Any]]],
                 seed: int) -> tuple[np.ndarray, list[str]]:
    """One layout photo of the set: each close-up's tile (its found box and a margin of the
    photo round it) photographed again (``photograph``, seeded) and laid in rows of
    ``LAYOUT_ROW`` on a plain cloth, then the whole photographed once more; with the codes in
    reading order. A photo where nothing was found is left out."""
    rng = np.random.default_rng(seed)
    cuts, codes = [], []
    for (image, code), tiles in zip(photos, found, strict=True):
        best = _largest(tiles)
        if best is None:
            continue
        x1, y1, x2, y2 = best["box"]
        mx, my = 0.04 * (x2 - x1), 0.04 * (y2 - y1)
        h, w = image.shape[:2]
        cut = image[int(max(0, y1 - my)):int(min(h, y2 + my)), int(max(0, x1 - mx)):int(min(w, x2 + mx))]
        cut = cv2.resize(cut, (round(LAYOUT_TILE_PX * cut.shape[1] / cut.shape[0]), LAYOUT_TILE_PX),
                         interpolation=cv2.INTER_AREA)
        cuts.append(photograph(rng, cut, geometric=False)[0])
        codes.append(code)
    width = max(c.shape[1] for c in cuts)
    rows = -(-len(cuts) // LAYOUT_ROW)
    canvas = np.empty((rows * (LAYOUT_TILE_PX + LAYOUT_GAP_PX) + LAYOUT_GAP_PX,
                       LAYOUT_ROW * (width + LAYOUT_GAP_PX) + LAYOUT_GAP_PX, 3), np.uint8)
    canvas[:] = CLOTH
    for k, cut in enumerate(cuts):
        top = LAYOUT_GAP_PX + (k // LAYOUT_ROW) * (LAYOUT_TILE_PX + LAYOUT_GAP_PX)
        left = LAYOUT_GAP_PX + (k % LAYOUT_ROW) * (width + LAYOUT_GAP_PX)
        canvas[top:top + cut.shape[0], left:left + cut.shape[1]] = cut
    return photograph(rng, canvas, geometric=False, tile_px=LAYOUT_TILE_PX)[0], codes


def after_layout(recognizer: Recognizer, photos: list[tuple[np.ndarray, str]],
                 found: list[list[dict[str, Any]]], seed: int) -> dict[str, Any]:
    """The close-ups read with a set learnt from one layout photo of them (:func:`layout_photo`);
    ``error``: why the layout could not be learnt (the recognizer found other than as many
    tiles as named)."""
    image, codes = layout_photo(photos, found, seed)
    tileset = TileSet("real-layout")
    try:
        learnt = learn(tileset, image, codes, recognizer)
    except ValueError as exc:
        return {"error": str(exc)}
    result = _score([(recognizer.detect(photo, tileset), code) for photo, code in photos])
    result["layout_read_right"] = round(float(np.mean([t["read"] == t["tile"] for t in learnt])), 4)
    return result


def photographed(recognizer: Recognizer, photos: list[tuple[np.ndarray, str]], copies: int,
                 seed: int) -> dict[str, Any]:
    """Each close-up read out of the box as ``copies`` copies made to look taken worse."""
    return _score([(recognizer.detect(worse), code) for k, (image, code) in enumerate(photos)
                   for worse in photographed_copies(image, copies, [seed, k])])


def evaluate(recognizer: Recognizer, photos: list[tuple[np.ndarray, str]], seed: int,
             copies: int = 0) -> dict[str, Any]:
    """One set's figures: before, others learnt, after one layout photo (and with ``copies``,
    the close-ups photographed worse, :func:`photographed`)."""
    found = [recognizer.detect(image) for image, _ in photos]
    result = {"before": _score(list(zip(found, (code for _, code in photos), strict=True))),
              "others_learnt": others_learnt(recognizer, photos, found),
              "after_layout": after_layout(recognizer, photos, found, seed)}
    if copies:
        result["photographed"] = photographed(recognizer, photos, copies, seed)
    return result


def main(argv: list[str] | None = None) -> int:
    """Print each set's figures (and JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="folder of the models (default models/)")
    parser.add_argument("--sets", type=Path, default=REAL_SETS, help="folder of the real sets")
    parser.add_argument("--seed", type=int, default=2026, help="the layout photo's photographing")
    parser.add_argument("--photographed", type=int, default=0, metavar="N",
                        help="also read each close-up as N copies photographed worse")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 0 <= args.photographed <= MAX_COPIES:
        parser.error(f"--photographed {args.photographed}: 0 to {MAX_COPIES} copies")
    recognizer = Recognizer.load(args.models) if args.models else Recognizer.load()
    results = {name: evaluate(recognizer, photos, args.seed, args.photographed)
               for name, photos in real_sets(args.sets).items()}
    for name, result in results.items():
        for how, figures in result.items():
            if "error" in figures:
                print(f"{name:8} {how:14} {figures['error']}")
                continue
            print(f"{name:8} {how:14} top-1 {figures['top1']:.3f} one box {figures['one_box']:.3f} "
                  f"({figures['photos']} photos) misread {figures['misreads']}")
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
