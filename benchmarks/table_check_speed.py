"""What the whole-table checking rules cost ``detect``: seconds a table photo with them and
without, interleaved in one process.

    python benchmarks/table_check_speed.py [--scenes 8] [--seed 65]

The rules are ``vision.check``'s ``SEAMS`` (a box over two tiles dropped) and ``UNLIKE_BACKS``
(backs unlike the photo's others read by the classifier); scenes are ``vision.evaluate_table``'s
(rendered whole tables, ``datasets.synth.table``), rendered before timing.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from datasets.synth.table import render_table_scene
from vision import check
from vision.recognizer import Recognizer


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenes", type=int, default=8)
    p.add_argument("--seed", type=int, default=65)
    args = p.parse_args(argv)
    recognizer = Recognizer.load()
    images = [render_table_scene(np.random.default_rng([args.seed, k])).image
              for k in range(args.scenes)]
    seconds: dict[bool, list[float]] = {True: [], False: []}
    for image in images:
        for on in (False, True):
            check.SEAMS = check.UNLIKE_BACKS = on
            start = time.perf_counter()
            recognizer.detect(image, whole_table=True)
            seconds[on].append(time.perf_counter() - start)
    check.SEAMS = check.UNLIKE_BACKS = True
    with_rules, without = float(np.mean(seconds[True])), float(np.mean(seconds[False]))
    print(f"{args.scenes} tables, seed {args.seed}: detect {without:.3f} s without the rules, "
          f"{with_rules:.3f} s with them = {with_rules / without:.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
