"""What reading with a player's tile set costs: without a set, with it on features alone, and
with the face network's say too (``vision.face_embedding``, where ``models/`` holds it), side by
side in one process.

Run: ``python benchmarks/tileset_reading.py [--design gen-12] [--scenes 30] [--models DIR]``. A set is learnt
from one layout photo of the design (``vision.evaluate_designs``' photos), then rendered table
scenes of it (hands, walls, discard rows) are read each way, alternating scene by scene so
machine load hits all alike; it prints median milliseconds per photo, the ratios and the faces
read right each way.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np

from vision.evaluate import iou
from vision.evaluate_designs import layout_photos
from vision.recognizer import Recognizer
from vision.tileset import TileSet, learn


def _right(found: list[dict], truth: list) -> int:
    """Faces of ``truth`` read as themselves by a box of ``found`` over them."""
    return sum(any(f["tile"] == t.code and iou(f["box"], t.box) >= 0.5 for f in found)
               for t in truth)


def main(argv: list[str] | None = None) -> int:
    from datasets.synth.scene import render_scene

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--design", default="gen-12")
    parser.add_argument("--scenes", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--models", help="folder of the ONNX models (default models/)")
    args = parser.parse_args(argv)
    recognizer = Recognizer.load(args.models)
    tileset = TileSet("bench")
    path, codes = layout_photos(args.design, 1, args.seed)[0]
    learn(tileset, cv2.imread(str(path)), codes, recognizer)
    network = recognizer.classifier.faces
    ways = {"no tile set": False, "features alone": True}  # each way: read with the set
    if network is not None:
        ways["and the face network"] = True
    seconds: dict[str, list[float]] = {way: [] for way in ways}
    right = dict.fromkeys(ways, 0)
    faces = 0
    for i in range(args.scenes):
        rng = np.random.default_rng([args.seed + 2, i])
        scene = render_scene(rng, ("hand", "wall", "discards")[i % 3], art_sets=[args.design])
        truth = [t for t in scene.tiles if t.labelled and t.code != "back"]
        faces += len(truth)
        for way, with_set in ways.items():
            recognizer.classifier.faces = network if way == "and the face network" else None
            start = time.perf_counter()
            found = recognizer.detect(scene.image, tileset if with_set else None)
            seconds[way].append(time.perf_counter() - start)
            right[way] += _right(found, truth)
    recognizer.classifier.faces = network
    base = statistics.median(seconds["no tile set"])
    print(f"{args.scenes} scenes of {args.design}, {faces} faces; set learnt from {path.name}")
    for way in ways:
        median = statistics.median(seconds[way])
        print(f"  {way:20s} {1000 * median:7.1f} ms/photo  {median / base:5.2f}x  "
              f"faces right {right[way] / max(faces, 1):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
