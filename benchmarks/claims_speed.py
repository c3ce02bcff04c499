"""Speed of ``claims`` on a discard, and of the discard advice that counts legal waits only.

Run: ``python benchmarks/claims_speed.py [--requests N] [--seed S]``. For each variant it deals
``N`` requests of three seats near a win (the practice generator's hands, a discard among the
tiles they hold) and prints the median milliseconds of one ``claims`` request, of the peer —
``analyze`` of each seat's hand with the discard as its winning tile, the least a claim must
know — and the ratio. A second table times the 武汉 advice of a 14-tile hand holding one to four
赖子 (each discard that leaves it ready counts only the waits a win may be made on) beside the
shape-only advice of the same hand (``assistant.advice.discard_options``). Both run in this one
process, on the same hands.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from assistant import analyze, claims_on_discard
from assistant.advice import discard_options
from assistant.errors import MahjongError
from assistant.hand import HandState
from assistant.rules import rules_of, split_wilds
from assistant.scoring.readings import remaining_copies
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
    print(f"\n{'武汉 赖子':<10} {'advice ms':>10} {'shape ms':>11} {'ratio':>6}")
    wuhan = get_profile("wuhan")
    for concealed in WUHAN_HANDS:
        data = {"concealed": concealed, "melds": [{"type": "pung", "tiles": "EEE"}],
                "indicator": "5m", "win_tile": "6m", "self_drawn": True, "variant": "wuhan"}
        state = HandState.from_json(data)
        rules = rules_of(wuhan, state)
        counts, wilds = split_wilds(state.tiles, rules)
        mine = median_ms(analyze, [data] * 3)
        left = remaining_copies(state)
        theirs = median_ms(lambda shape: discard_options(*shape), [(counts, wilds, left, rules)] * 3)
        print(f"{wilds:<10} {mine:>10.1f} {theirs:>11.1f} {mine / theirs:>6.1f}")


#: 武汉 hands (五万 turned: 六万 is 赖子) that draw one more 赖子: one to four held.
WUHAN_HANDS = ("123m456p55s78s", "123m456p55s7s6m", "123m45p55s7s6m6m", "123m45p5s7s6m6m6m")


if __name__ == "__main__":
    main()
