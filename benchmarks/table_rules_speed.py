"""What the whole-table rules cost ``detect``: seconds a table photo with each rule and without,
interleaved in one process, and the reader (``detect`` then ``read_table``) against ``detect``.

    python benchmarks/table_rules_speed.py [--scenes 8] [--seed 65] [--rules checks,wall_blanks,...]

``checks`` are ``vision.check``'s ``SEAMS`` (a box over two tiles dropped) and ``UNLIKE_BACKS``
(backs unlike the photo's others read by the classifier); ``on_cloth`` is its ``ON_CLOTH`` (白板
and backs of the bare cloth's colour dropped); ``wall_blanks`` is
``vision.wall_blanks.WALL_BLANKS`` (a wall's pale backs named 白板 read as backs); ``self_taught`` is
``vision.self_taught.SELF_TAUGHT`` (a table teaching itself its set); ``set_counts`` is
``vision.set_counts.SET_COUNTS`` (no kind named more often than a set holds it). Scenes are
``vision.evaluate_table``'s (rendered whole tables, ``datasets.synth.table``), rendered before
timing.
"""

from __future__ import annotations

import argparse
import time
from types import ModuleType

import numpy as np

from datasets.synth.table import render_table_scene
from vision import check, self_taught, set_counts, wall_blanks
from vision.recognizer import Recognizer
from vision.table_reader import read_table

#: Each rule: the module and the switches that turn it off together.
RULES: dict[str, tuple[ModuleType, tuple[str, ...]]] = {
    "checks": (check, ("SEAMS", "UNLIKE_BACKS")),
    "on_cloth": (check, ("ON_CLOTH",)),
    "wall_blanks": (wall_blanks, ("WALL_BLANKS",)),
    "self_taught": (self_taught, ("SELF_TAUGHT",)),
    "set_counts": (set_counts, ("SET_COUNTS",)),
}


def _switch(rule: str, on: bool) -> None:
    module, names = RULES[rule]
    for name in names:
        setattr(module, name, on)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenes", type=int, default=8)
    p.add_argument("--seed", type=int, default=65)
    p.add_argument("--rules", default=",".join(RULES), help="comma-separated: " + ", ".join(RULES))
    args = p.parse_args(argv)
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    unknown = [r for r in rules if r not in RULES]
    if unknown:
        p.error(f"unknown rule(s): {', '.join(unknown)}; known: {', '.join(RULES)}")
    recognizer = Recognizer.load()
    images = [render_table_scene(np.random.default_rng([args.seed, k])).image
              for k in range(args.scenes)]
    for rule in rules:
        detect: dict[bool, list[float]] = {True: [], False: []}
        reader: list[float] = []
        for image in images:
            for on in (False, True):
                _switch(rule, on)
                start = time.perf_counter()
                tiles = recognizer.detect(image, whole_table=True)
                detect[on].append(time.perf_counter() - start)
                if on:
                    read_table(tiles[:160])
                    reader.append(time.perf_counter() - start)
        _switch(rule, True)
        without, with_rule = float(np.mean(detect[False])), float(np.mean(detect[True]))
        print(f"{rule}: {args.scenes} tables, seed {args.seed}: detect {without:.3f} s without, "
              f"{with_rule:.3f} s with = {with_rule / without:.3f}x; reader "
              f"{np.mean(reader):.3f} s = {np.mean(reader) / with_rule:.3f}x detect")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
