"""Speed of three-player analysis (``riichi_sanma``) side by side with four-player riichi.

Run: ``PYTHONPATH=. python benchmarks/sanma_speed.py [--hands N] [--seed S] [--repeat R]``.
It deals seeded random 14-tile hands from the 108 tiles of 三麻 (no 2万–8万) and times the whole
``analyze`` call (shanten, waits or discard advice with the copies left) of each hand under
``riichi_sanma`` and under ``riichi`` (the peer: the same tiles read as a four-player hand, where
1m and 9m may start chows), in one process; each hand is timed ``R`` times, the best kept, and
the medians and their ratio are printed. Every 14-tile hand gets a full discard advice, the
costly path.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from assistant import analyze
from assistant.tiles import TILES

SET_108 = [t for t in TILES if not (t[1:] == "m" and t[0] in "2345678")]


def deal(rng: random.Random) -> list[str]:
    """Fourteen tiles of the 108-tile wall."""
    return rng.sample([t for t in SET_108 for _ in range(4)], 14)


def best_time(run: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Time both variants on the same hands and print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=65)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [deal(rng) for _ in range(args.hands)]
    times: dict[str, list[float]] = {"riichi_sanma": [], "riichi": []}
    for hand in hands:
        for variant, out in times.items():
            out.append(best_time(lambda v=variant, h=hand: analyze({"variant": v, "concealed": h}),
                                 args.repeat))
    sanma, peer = (statistics.median(times[v]) * 1000 for v in ("riichi_sanma", "riichi"))
    print(f"{args.hands} hands of the 108 tiles, 14 tiles each (discard advice), best of "
          f"{args.repeat}")
    print(f"riichi_sanma analyze: median {sanma:.3f} ms")
    print(f"riichi       analyze: median {peer:.3f} ms (peer: the same tiles, four players)")
    print(f"ratio sanma / riichi: {sanma / peer:.2f}")


if __name__ == "__main__":
    main()
