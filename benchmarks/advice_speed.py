"""Speed of the advice that weighs value and danger, beside the efficiency-only advice
on the same hands, in this one process.

Run: ``python benchmarks/advice_speed.py [--hands N] [--seed S] [--draws D]``. For riichi, MCR,
Sichuan and Guangdong it deals ``N`` 14-tile hands at most 2 from ready (a complete hand with two
tiles changed, kept when the variant accepts it and its shanten is 0 to 2), then times on each
hand a whole decision (``analyze``: every discard's win chance, ready chance, expected points,
deal-in against a table where one seat declared ready, the order and the verdict) and the
efficiency-only advice (``discard_options``: shanten and effective tiles of every discard). It
prints the median and p95 of each in milliseconds, their ratio, and the issue's targets (a
decision ≤ 50 ms median, ≤ 150 ms p95) with a verdict; then, of the discards at most 2 from
ready by the variant's own distance (``value.distance``: a suit to give up counts for nothing),
how many the model valued exactly (the others reached the work bound ``MAX_HANDS``). Each hand
is timed fresh (a new model per decision: nothing is cached across hands).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from assistant.advice import discard_options
from assistant.analysis import analyze, remaining_copies, rules_of, split_wilds
from assistant.errors import MahjongError
from assistant.hand import HandState
from assistant.tiles import INDEX, to_compact
from assistant.value import EXACT_SHANTEN, distance, dropped_suit
from assistant.variants import get_profile

VARIANTS = ("riichi", "mcr", "sichuan", "guangdong")
TABLE = {"rivers": {"S": ["W", "9p", "5m", "4p", "2s"], "W": ["9m", "1s"], "N": ["8s"]},
         "declared": {"S": 2}}
TARGET_MEDIAN_MS, TARGET_P95_MS = 50.0, 150.0


def deal(rng: random.Random, variant: str, n: int) -> list[str]:
    """``n`` hands of 14 tiles at most 2 from ready that ``variant`` accepts."""
    honours = variant not in ("sichuan",)
    suits = "mps"
    hands: list[str] = []
    while len(hands) < n:
        tiles: list[str] = []
        for _ in range(4):
            suit = rng.choice(suits + ("z" if honours else ""))
            if suit != "z" and rng.random() < 0.6:
                a = rng.randint(1, 7)
                tiles += [f"{a + j}{suit}" for j in range(3)]
            else:
                tiles += [rng.choice(_of(suit))] * 3
        pair = rng.choice(_of(rng.choice(suits)))
        tiles += [pair, pair]
        pool = [t for s in suits + ("z" if honours else "") for t in _of(s)]
        for _ in range(2):
            tiles[rng.randrange(14)] = rng.choice(pool)
        if max(Counter(tiles).values()) > 4:
            continue
        hand = to_compact(tiles)
        try:
            result = analyze({"concealed": hand, "variant": variant, "advice": "efficiency",
                              "table": TABLE, "context": {"draws_left": 0}})
        except MahjongError:
            continue
        if not result["is_win"] and 0 <= result["shanten"] <= 2 and result["discards"]:
            hands.append(hand)
    return hands


def _of(suit: str) -> list[str]:
    return list("ESWNPFC") if suit == "z" else [f"{k}{suit}" for k in range(1, 10)]


def _efficiency(hand: str, variant: str) -> None:
    """The efficiency-only advice of one hand, from its JSON as a decision starts."""
    state = HandState.from_json({"concealed": hand, "variant": variant})
    profile = get_profile(variant)
    rules = rules_of(profile, state)
    counts, wilds = split_wilds(state.tiles, rules)
    discard_options(counts, wilds, remaining_copies(state), rules)


def _distances(hand: str, variant: str) -> dict[str, int]:
    """Each discard's distance from ready as the value model measures it."""
    state = HandState.from_json({"concealed": hand, "variant": variant})
    profile = get_profile(variant)
    rules = rules_of(profile, state)
    counts, wilds = split_wilds(state.tiles, rules)
    dropped = dropped_suit(state, profile, (tuple(counts), wilds))
    out = {}
    for tile in {t for t in state.tiles if t in INDEX}:
        rest = list(counts)
        rest[INDEX[tile]] -= 1
        out[tile] = distance(rest, wilds, rules, dropped)
    return out


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=62)
    parser.add_argument("--draws", type=int, default=17)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"advice decision vs efficiency-only advice: {args.hands} hands of 14 tiles, "
          f"shanten 0-2, {args.draws} draws left, one seat declared ready")
    print(f"{'variant':<10} {'decision med':>12} {'p95':>8} {'efficiency med':>15} {'p95':>8} "
          f"{'ratio (med)':>12} {'exact':>9}  target")
    for variant in VARIANTS:
        hands = deal(rng, variant, args.hands)
        decision, efficiency, exact, near = [], [], 0, 0
        for hand in hands:
            start = time.perf_counter()
            _efficiency(hand, variant)
            efficiency.append(1000 * (time.perf_counter() - start))
            start = time.perf_counter()
            result = analyze({"concealed": hand, "variant": variant, "table": TABLE,
                              "context": {"draws_left": args.draws}})
            decision.append(1000 * (time.perf_counter() - start))
            far = _distances(hand, variant)
            within = [d for d in result["discards"]
                      if far.get(d["tile"], d["shanten"]) <= EXACT_SHANTEN]
            near += len(within)
            exact += sum(not d.get("approximate") for d in within)
        med, p95 = statistics.median(decision), _quantile(decision, 0.95)
        e_med, e_p95 = statistics.median(efficiency), _quantile(efficiency, 0.95)
        ok = med <= TARGET_MEDIAN_MS and p95 <= TARGET_P95_MS
        print(f"{variant:<10} {med:>10.1f}ms {p95:>6.1f}ms {e_med:>13.2f}ms {e_p95:>6.2f}ms "
              f"{med / e_med:>11.0f}x {exact:>4}/{near:<4} "
              f"{'met' if ok else 'MISSED'} (≤{TARGET_MEDIAN_MS:.0f} ms median, "
              f"≤{TARGET_P95_MS:.0f} ms p95)")


if __name__ == "__main__":
    main()
