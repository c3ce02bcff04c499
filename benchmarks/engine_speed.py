"""Speed of the rules engine on random hands, side by side with the PyPI ``mahjong`` package.

Run: ``python benchmarks/engine_speed.py [--hands N] [--seed S]`` (``make bench`` runs it). It
prints one table: calls per second for shanten (same hands, same forms: regular + seven pairs +
thirteen orphans, and regular only), waits of 13-tile hands, and discard advice of 14-tile hands
(median milliseconds), with the ratio to the peer where the peer has the same function, and the
engine's own pure-Python path (``MAHJONG_ASSISTANT_PURE=1``) beside the compiled core. All run in
this one process, after checking that they give the same answers. ``shanten_batch`` rows time the
batch API on the whole set of hands at once, against the peer's per-hand calls on the same hands
(it has no batch call). Last come the import time of ``assistant`` and the resident size of the
tables, each measured in a fresh interpreter, and every target of the engine with its verdict.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np

from assistant import native
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


def interleaved_rates(runs: list[tuple[Callable[[list[int]], object], list]],
                      passes: int = 5) -> list[float]:
    """Calls per second of each (function, hands), the best of ``passes`` passes taken in turn
    (ours, pure, peer, ours, …), so a burst of load on the shared machine hits all alike."""
    best = [float("inf")] * len(runs)
    for _ in range(passes):
        for k, (fn, hands) in enumerate(runs):
            start = time.perf_counter()
            for h in hands:
                fn(h)
            best[k] = min(best[k], time.perf_counter() - start)
    return [len(hands) / b for (_, hands), b in zip(runs, best, strict=True)]


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


def fresh_interpreter(code: str, pure: bool = False) -> str:
    """What ``code`` prints in a new interpreter (this tree first on the path)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    env.pop(native.PURE_ENV, None)
    if pure:
        env[native.PURE_ENV] = "1"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout


IMPORT_TIME = """
import time
start = time.perf_counter()
import assistant
print(time.perf_counter() - start)
"""

TABLE_RSS = """
def rss():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) * 1024
import assistant
before = rss()
assistant.shanten([1] * 13 + [0] * 21)  # the first call loads the tables
print(rss() - before)
"""


def with_path(core: object, fn: Callable[..., object]) -> Callable[..., object]:
    """``fn`` run with ``native.core`` set to ``core`` (``None``: the pure-Python path)."""
    def run(*args: object) -> object:
        saved, native.core = native.core, core
        try:
            return fn(*args)
        finally:
            native.core = saved
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    start = time.perf_counter()
    tables()
    load_ms = (time.perf_counter() - start) * 1000

    from mahjong.shanten import Shanten

    core = native.core
    peer = Shanten()
    h14 = random_hands(args.hands, 14, args.seed)
    h13 = random_hands(args.hands, 13, args.seed + 1)
    rules = Rules(forms=RIICHI_FORMS, four_as_two_pairs=False)
    all_rules = Rules(forms=ALL_FORMS)

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
    matrix = np.array(h14)

    def shanten3(h: list[int]) -> int:
        return shanten(h, forms=RIICHI_FORMS, four_as_two_pairs=False)

    def shanten5(h: list[int]) -> int:
        return shanten(h, forms=ALL_FORMS)

    def batch3(_: object) -> object:
        return shanten_batch(matrix, RIICHI_FORMS, False)

    def batch5(_: object) -> object:
        return shanten_batch(matrix, ALL_FORMS)

    def ready_waits(h: list[int]) -> list[int]:
        return waits(h, 0, rules, fifth_copy=False)

    # Same answers first: a benchmark of wrong results would mean nothing. The core and the
    # pure path on every hand timed, the peer where it has the same function.
    for fn, hands in ((shanten3, h14), (shanten_regular, h14), (shanten5, h14),
                      (ready_waits, ready + h13)):
        for h in hands:
            assert with_path(core, fn)(h) == with_path(None, fn)(h), (fn.__name__, h)
    for h in h14:
        assert shanten3(h) == peer.calculate_shanten(h)
        assert shanten_regular(h) == peer.calculate_shanten_for_regular_hand(h)
    for h in ready + h13:
        assert ready_waits(h) == peer_waits(h)
    for batch in (batch3, batch5):
        assert with_path(core, batch)(None).tolist() == with_path(None, batch)(None).tolist()
    assert batch3(None).tolist() == [peer.calculate_shanten(h) for h in h14]
    for h in h14[:300]:
        for r in (rules, all_rules):
            remaining = [4 - c for c in h]
            assert (with_path(core, discard_options)(h, 0, remaining, r)
                    == with_path(None, discard_options)(h, 0, remaining, r))

    def row(name: str, fn: Callable, hands: list, peer_fn: Callable | None, per: int = 1):
        runs = [(with_path(core, fn), hands), (with_path(None, fn), hands)]
        if peer_fn:
            runs.append((peer_fn, h14 if per > 1 else hands))
        found = interleaved_rates(runs)
        return name, found[0] * per, found[1] * per, found[2] if peer_fn else None

    rows = [
        row("shanten, 3 forms (14 tiles)", shanten3, h14, peer.calculate_shanten),
        row("shanten, regular form (14 tiles)", shanten_regular, h14,
            peer.calculate_shanten_for_regular_hand),
        row("shanten, all 5 forms (14 tiles)", shanten5, h14, None),
        row(f"shanten_batch, 3 forms ({len(h14)} at once)", batch3, [None], peer.calculate_shanten,
            len(h14)),
        row(f"shanten_batch, all 5 forms ({len(h14)})", batch5, [None], None, len(h14)),
        row("waits of ready 13-tile hands", lambda h: waits(h, 0, rules), ready, peer_waits),
        row("waits of random 13-tile hands", lambda h: waits(h, 0, rules), h13, peer_waits),
    ]

    advice_hands = h14[:500]
    advice = {}
    for label, r in (("3 forms", rules), ("all 5 forms", all_rules)):
        for path_name, path in (("core", core), ("pure", None)):
            advice[label, path_name] = per_call_ms(
                with_path(path, lambda h, r=r: discard_options(h, 0, [4 - c for c in h], r)),
                advice_hands)

    import_s = min(float(fresh_interpreter(IMPORT_TIME)) for _ in range(5))
    import_pure_s = min(float(fresh_interpreter(IMPORT_TIME, pure=True)) for _ in range(5))
    table_mb = int(fresh_interpreter(TABLE_RSS)) / 2**20

    print(f"engine path: {native.describe()}; tables loaded in {load_ms:.0f} ms; "
          f"{args.hands} random hands, seed {args.seed}")
    print(f"{'measure':<38} {'core /s':>12} {'pure /s':>11} {'mahjong /s':>11} {'core/peer':>10} "
          f"{'core/pure':>10}")
    for name, a, p, b in rows:
        peer_text = f"{b:11,.0f}" if b else f"{'-':>11}"
        ratio = f"{a / b:9.1f}x" if b else f"{'-':>10}"
        print(f"{name:<38} {a:12,.0f} {p:11,.0f} {peer_text} {ratio} {a / p:9.1f}x")
    for label in ("3 forms", "all 5 forms"):
        fast, slow = advice[label, "core"], advice[label, "pure"]
        print(f"discard advice, 14 tiles, {label:<11}: core median {statistics.median(fast):.3f} ms "
              f"(p90 {sorted(fast)[int(len(fast) * 0.9)]:.3f}), pure median "
              f"{statistics.median(slow):.3f} ms")
    print(f"import assistant: {import_s:.3f} s (pure path {import_pure_s:.3f} s); "
          f"tables resident: {table_mb:.1f} MB")

    by_name = {name: (a, b) for name, a, _, b in rows}
    targets = [
        ("shanten, one call per hand >= 20x mahjong",
         by_name["shanten, 3 forms (14 tiles)"][0] / by_name["shanten, 3 forms (14 tiles)"][1], 20),
        ("shanten_batch >= 100x mahjong", rows[3][1] / rows[3][3], 100),
        ("waits of ready 13-tile hands >= 50x mahjong",
         by_name["waits of ready 13-tile hands"][0] / by_name["waits of ready 13-tile hands"][1], 50),
        ("discard advice, all forms, median <= 0.2 ms",
         0.2 / statistics.median(advice["all 5 forms", "core"]), 1),
        ("tables resident <= 50 MB", 50 / table_mb, 1),
        ("import of assistant <= 0.3 s", 0.3 / import_s, 1),
    ]
    print("targets:")
    for name, value, need in targets:
        print(f"  {name:<46} {'met' if value >= need else 'NOT MET'}"
              + (f" ({value:.1f}x)" if need > 1 else ""))


if __name__ == "__main__":
    main()
