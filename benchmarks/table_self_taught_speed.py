"""What a table teaching itself its set costs ``detect``: seconds a table photo with the rule
(``vision.self_taught.SELF_TAUGHT``) and without, interleaved in one process.

    python benchmarks/table_self_taught_speed.py [--scenes 8] [--seed 65]

Scenes are ``vision.evaluate_table``'s (rendered whole tables, ``datasets.synth.table``),
rendered before timing; the reader's arrange stage (``read_table``) is timed after each.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from datasets.synth.table import render_table_scene
from vision import self_taught
from vision.recognizer import Recognizer
from vision.table_reader import read_table


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenes", type=int, default=8)
    p.add_argument("--seed", type=int, default=65)
    args = p.parse_args(argv)
    recognizer = Recognizer.load()
    images = [render_table_scene(np.random.default_rng([args.seed, k])).image
              for k in range(args.scenes)]
    detect: dict[bool, list[float]] = {True: [], False: []}
    reader: dict[bool, list[float]] = {True: [], False: []}
    for image in images:
        for on in (False, True):
            self_taught.SELF_TAUGHT = on
            start = time.perf_counter()
            tiles = recognizer.detect(image, whole_table=True)
            detect[on].append(time.perf_counter() - start)
            read_table(tiles[:160])
            reader[on].append(time.perf_counter() - start)
    self_taught.SELF_TAUGHT = True
    plain = float(np.mean(detect[False]))
    print(f"{args.scenes} tables, seed {args.seed}: detect {plain:.3f} s without the rule, "
          f"{np.mean(detect[True]):.3f} s with it = {np.mean(detect[True]) / plain:.3f}x; "
          f"reader with it {np.mean(reader[True]):.3f} s = {np.mean(reader[True]) / plain:.3f}x "
          "detect without")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
