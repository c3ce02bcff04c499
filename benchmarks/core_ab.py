"""The compiled core's engine entries, another build beside this one, in one process.

Run: ``python benchmarks/core_ab.py BASE_SO [--passes N]``, ``BASE_SO`` a ``_core*.so`` built
from another commit (``python setup.py build_ext --inplace`` in a copy of it). Both builds answer
the same 2000 random 14-tile and 13-tile hands (seed 7) in interleaved passes, so a burst of load
hits both alike; each entry's answers must be equal, then the script prints the best pass of each
and the ratio. It shows whether a change elsewhere in the core (a new entry, a shared helper)
moved the engine's hot paths.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from assistant import native
from assistant.suit_table import tables
from assistant.tiles import TILES


def load(path: str) -> ModuleType:
    """The build at ``path`` as a module of its own (its own statics), its tables the engine's."""
    loader = importlib.machinery.ExtensionFileLoader("assistant._core", path)
    spec = importlib.util.spec_from_file_location("assistant._core", path, loader=loader)
    if spec is None:
        raise SystemExit(f"not an extension module: {path}")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    module.set_loader(tables)
    return module


def deal(rng: random.Random, n: int) -> list[int]:
    """The 34 counts of n tiles dealt from a shuffled set."""
    wall = [i for i in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [0] * 34
    for t in wall[:n]:
        counts[t] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the other build's _core*.so")
    parser.add_argument("--passes", type=int, default=30, help="interleaved passes per entry")
    args = parser.parse_args()
    ours = native.core
    if ours is None:
        raise SystemExit("this build's core is not loaded (not built, or MAHJONG_ASSISTANT_PURE)")
    base = load(args.base)
    rng = random.Random(7)
    h14 = [deal(rng, 14) for _ in range(2000)]
    h13 = [deal(rng, 13) for _ in range(2000)]
    codes = [[TILES[i] for i, c in enumerate(h) for _ in range(c)] for h in h14]
    cases: list[tuple[str, Callable[[Any], list[Any]]]] = [
        ("shanten_forms, 14 tiles", lambda m: [m.shanten_forms(c, 0, 31, True, False) for c in h14]),
        ("shanten, 3 forms, 14", lambda m: [m.shanten(c, 0, 7, True) for c in h14]),
        ("helpful, 13 tiles", lambda m: [m.helpful(c, 0, 31, False, True) for c in h13]),
        ("discards, 14 tiles", lambda m: [m.discards(c, 0, 31, False, True) for c in h14[:500]]),
        ("regular_readings, 14", lambda m: [m.regular_readings(c, 0, 4) for c in h14]),
        ("tile_counts, 14 codes", lambda m: [m.tile_counts(t) for t in codes]),
    ]
    print(f"{'entry':24}{'base ms':>10}{'ours ms':>10}{'ours/base':>11}")
    for name, fn in cases:
        if fn(base) != fn(ours):
            raise SystemExit(f"{name}: the two builds answer differently")
        best_base = best_ours = float("inf")
        for _ in range(args.passes):
            start = time.perf_counter()
            fn(base)
            best_base = min(best_base, time.perf_counter() - start)
            start = time.perf_counter()
            fn(ours)
            best_ours = min(best_ours, time.perf_counter() - start)
        print(f"{name:24}{best_base * 1e3:10.2f}{best_ours * 1e3:10.2f}"
              f"{best_ours / best_base:11.2f}")


if __name__ == "__main__":
    main()
