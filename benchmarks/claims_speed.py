"""Speed of ``claims`` on a discard, side by side with the analysis of the same seats' hands.

Run: ``python benchmarks/claims_speed.py [--requests N] [--seed S]``. For each variant it deals
``N`` requests of three seats near a win (the practice generator's hands, a discard among the
tiles they wait on or hold) and prints the median milliseconds of one ``claims`` request, of
the peer — ``analyze`` of each seat's hand with the discard as its winning tile, the least a
claim must know — and the ratio. Both run in this one process, on the same requests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from assistant import analyze, claims_on_discard
from assistant.errors import MahjongError
from assistant.service.practice import _deal
from assistant.variants import PROFILES, get_profile


def requests(name: str, n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` claims requests of three seats (S W N) on a discard by E."""
    rng = random.Random(seed)
    profile = get_profile(name)
    out = []
    while len(out) < n:
        hands, pool = {}, []
        for seat in "SWN":
            concealed, melds = _deal(rng, profile)
            pool.append(concealed.pop(rng.randrange(len(concealed))))
            pool += concealed
            hands[seat] = {"concealed": concealed, "melds": melds}
        request = {"discard": rng.choice(pool), "discarder": "E", "variant": name,
                   "hands": hands}
        try:
            claims_on_discard(request)
        except MahjongError:
            continue  # five copies between the seats, a wild discarded: deal again
        out.append(request)
    return out


def median_ms(call: Any, items: list[Any]) -> float:
    """The median milliseconds of ``call`` over ``items``."""
    times = []
    for item in items:
        start = time.perf_counter()
        call(item)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def peer(request: dict[str, Any]) -> None:
    """The analysis of every seat's hand with the discard as the winning tile."""
    for hand in request["hands"].values():
        try:
            analyze({**hand, "win_tile": request["discard"], "variant": request["variant"]})
        except MahjongError:
            pass


def main() -> None:
    """Print one row per variant: claims, the peer, the ratio."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'variant':<10} {'claims ms':>10} {'analyze ms':>11} {'ratio':>6}")
    ratios = []
    for name in sorted(PROFILES):
        batch = requests(name, args.requests, args.seed)
        mine, theirs = median_ms(claims_on_discard, batch), median_ms(peer, batch)
        ratios.append(mine / theirs)
        print(f"{name:<10} {mine:>10.2f} {theirs:>11.2f} {mine / theirs:>6.2f}")
    print(f"median ratio {statistics.median(ratios):.2f} over {len(ratios)} variants, "
          f"{args.requests} requests each")


if __name__ == "__main__":
    main()
