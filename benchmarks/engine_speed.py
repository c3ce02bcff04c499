"""Speed of the rules engine on random hands, side by side with the PyPI ``mahjong`` package.

Run: ``python benchmarks/engine_speed.py [--hands N] [--seed S]``. It prints one table: calls per
second for shanten (same hands, same forms: regular + seven pairs + thirteen orphans, and regular
only), waits of 13-tile hands, and discard advice of 14-tile hands (median milliseconds), with
the ratio to the peer where the peer has the same function. Both run in this one process.
``shanten_batch`` rows time the vectorised API on the whole set of hands at once, against the
peer's per-hand calls on the same hands (it has no batch call).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from assistant.advice import discard_options
from assistant.batch import shanten_batch
from assistant.shanten import ALL_FORMS, Form, shanten, shanten_regular
from assistant.suit_table import tables
from assistant.waits import Rules, waits

RIICHI_FORMS = (Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS)


def random_hands(n: int, size: int, seed: int) -> list[list[int]]:
    """``n`` hands of ``size`` tiles dealt from a shuffled 136-tile wall."""
    rng = random.Random(seed)
    wall = [i for i in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        hands.append(counts)
    return hands


def rate(fn: Callable[[list[int]], object], hands: list[list[int]]) -> float:
    """Calls per second over all hands (best of three passes)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def per_call_ms(fn: Callable[[list[int]], object], hands: list[list[int]],
                repeat: int = 3) -> list[float]:
    """Milliseconds per call for each hand, the best of ``repeat`` tries (load spikes removed)."""
    out = []
    for h in hands:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            fn(h)
            best = min(best, time.perf_counter() - start)
        out.append(best * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    start = time.perf_counter()
    tables()
    load_ms = (time.perf_counter() - start) * 1000

    from mahjong.shanten import Shanten

    peer = Shanten()
    h14 = random_hands(args.hands, 14, args.seed)
    h13 = random_hands(args.hands, 13, args.seed + 1)

    # Same answers first: a benchmark of wrong results would mean nothing.
    for h in h14[:300]:
        assert shanten(h, forms=RIICHI_FORMS, four_as_two_pairs=False) == peer.calculate_shanten(h)
        assert shanten_regular(h) == peer.calculate_shanten_for_regular_hand(h)

    rows = []
    ours = rate(lambda h: shanten(h, forms=RIICHI_FORMS, four_as_two_pairs=False), h14)
    theirs = rate(peer.calculate_shanten, h14)
    rows.append(("shanten, 3 forms (14 tiles)", ours, theirs))
    ours = rate(shanten_regular, h14)
    theirs = rate(peer.calculate_shanten_for_regular_hand, h14)
    rows.append(("shanten, regular form (14 tiles)", ours, theirs))
    ours = rate(lambda h: shanten(h, forms=ALL_FORMS), h14)
    rows.append(("shanten, all 5 forms (14 tiles)", ours, None))
    matrix = np.array(h14)
    assert shanten_batch(matrix, RIICHI_FORMS, False).tolist() == [
        peer.calculate_shanten(h) for h in h14]
    ours = rate(lambda _: shanten_batch(matrix, RIICHI_FORMS, False), [None]) * len(h14)
    rows.append((f"shanten_batch, 3 forms ({len(h14)} at once)", ours,
                 rate(peer.calculate_shanten, h14)))
    ours = rate(lambda _: shanten_batch(matrix, ALL_FORMS), [None]) * len(h14)
    rows.append((f"shanten_batch, all 5 forms ({len(h14)} at once)", ours, None))

    rules = Rules(forms=RIICHI_FORMS, four_as_two_pairs=False)

    def peer_waits(h: list[int]) -> list[int]:
        if peer.calculate_shanten(h) != 0:
            return []
        out = []
        for t in range(34):
            if h[t] < 4:
                h[t] += 1
                if peer.calculate_shanten(h) == -1:
                    out.append(t)
                h[t] -= 1
        return out

    ready = [h for h in random_hands(args.hands * 40, 13, args.seed + 2)
             if peer.calculate_shanten(h) == 0][: args.hands // 4]
    for h in ready[:100]:
        assert waits(h, 0, rules, fifth_copy=False) == peer_waits(h)
    rows.append(("waits of ready 13-tile hands", rate(lambda h: waits(h, 0, rules), ready),
                 rate(peer_waits, ready)))
    rows.append(("waits of random 13-tile hands", rate(lambda h: waits(h, 0, rules), h13),
                 rate(peer_waits, h13)))

    advice_hands = h14[:500]
    all_rules = Rules(forms=ALL_FORMS)
    ms_riichi = per_call_ms(lambda h: discard_options(h, 0, [4 - c for c in h], rules),
                            advice_hands)
    ms_all = per_call_ms(lambda h: discard_options(h, 0, [4 - c for c in h], all_rules),
                         advice_hands)

    print(f"tables loaded in {load_ms:.0f} ms; {args.hands} random hands, seed {args.seed}")
    print(f"{'measure':<36} {'ours /s':>12} {'mahjong /s':>12} {'ratio':>8}")
    for name, a, b in rows:
        peer_text = f"{b:12,.0f}" if b else f"{'-':>12}"
        ratio = f"{a / b:7.1f}x" if b else f"{'-':>8}"
        print(f"{name:<36} {a:12,.0f} {peer_text} {ratio}")
    for label, ms in (("3 forms", ms_riichi), ("all 5 forms", ms_all)):
        print(f"discard advice, 14 tiles, {label:<11} median {statistics.median(ms):.3f} ms, "
              f"p90 {sorted(ms)[int(len(ms) * 0.9)]:.3f} ms")


if __name__ == "__main__":
    main()
