"""Speed of riichi scoring, side by side with the PyPI ``mahjong`` hand calculator (the oracle).

Run: ``PYTHONPATH=. python benchmarks/riichi_speed.py [--hands N] [--seed S] [--repeat R]``.
It deals seeded random wins (``tests/riichi_hands.py``: random melds, winds, flags, dora,
honba, sticks and house rules), first checks that both agree on every hand (han, fu beside a
yakuman, what the winner receives, or both refusing a hand without yaku), then prints the median
time per hand of: this project's whole ``analyze`` call (reading the JSON, shanten, waits,
readings and the score), its scoring alone (hand state, readings, ``score_riichi``), the same
after ``check_table`` as an analysis does it, the scorer reading the table again or given the
table ``check_table`` read, the Python path of ``analyze`` alone (``python_analyze``), and the
oracle's ``estimate_hand_value`` on the same hands. Each hand is timed ``R`` times, the best kept.
It also says how many hands the compiled core answers whole in one call (``riichi_answer``; a
hand without a yaku, and any request it is not sure of, takes the Python path).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from riichi_hands import Case, oracle, random_case  # noqa: E402

from assistant import analyze, one_call  # noqa: E402
from assistant.analysis import python_analyze  # noqa: E402
from assistant.decompose import decompositions  # noqa: E402
from assistant.errors import NotScored  # noqa: E402
from assistant.hand import HandState  # noqa: E402
from assistant.tiles import to_counts  # noqa: E402
from assistant.variants import check_table, get_profile, score_with  # noqa: E402
from assistant.variants.riichi import score_riichi  # noqa: E402


def score_only(case: Case) -> dict | None:
    """The scoring path alone: hand state, readings, the riichi scorer."""
    state = HandState.from_json(case.state)
    profile = get_profile("riichi", case.options)
    readings = decompositions(to_counts(state.tiles), 0, profile.forms, profile.four_as_two_pairs)
    try:
        return score_riichi(state, profile, readings)
    except NotScored:
        return None


def checked_then_scored(case: Case, once: bool) -> dict | None:
    """The table checked as the analysis checks it, then the scorer: reading the table again,
    or (``once``) given what ``check_table`` read."""
    state = HandState.from_json(case.state)
    profile = get_profile("riichi", case.options)
    readings = decompositions(to_counts(state.tiles), 0, profile.forms, profile.four_as_two_pairs)
    table = check_table(profile, state)
    try:
        if once:
            return score_with(score_riichi, state, profile, readings, table)
        return score_riichi(state, profile, readings)
    except NotScored:
        return None


def agree(case: Case) -> bool:
    """Whether this project and the oracle agree on the hand."""
    want = oracle(case)
    got = score_only(case)
    if want.error or got is None:
        return want.error == "no_yaku" and got is None
    return (got["han"] == want.han and (got["yakuman"] > 0 or got["fu"] == want.fu)
            and got["received"] == want.cost["total"])


def median_ms(cases: list[Case], run: Callable[[Case], object], repeat: int) -> float:
    """Median over the hands of the best of ``repeat`` timings, in milliseconds."""
    times = []
    for case in cases:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            run(case)
            best = min(best, time.perf_counter() - start)
        times.append(best)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20260601)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = [random_case(rng) for _ in range(args.hands)]
    bad = [i for i, c in enumerate(cases) if not agree(c)]
    print(f"agreement: {len(cases) - len(bad)} of {len(cases)} hands (seed {args.seed})")
    if bad:
        print(f"disagreeing hands: {bad[:10]} — no timing until both agree")
        return 1
    whole = sum(one_call.answer(c.state, None, None) is not NotImplemented for c in cases)
    print(f"the compiled core answers {whole} of them in one call (any other: the Python path)")
    rows = [("assistant analyze (whole analysis)", lambda c: analyze(c.state)),
            ("assistant python_analyze (no one call)", lambda c: python_analyze(c.state)),
            ("assistant score only", score_only),
            ("check_table + score, table read twice", lambda c: checked_then_scored(c, False)),
            ("check_table + score, table read once", lambda c: checked_then_scored(c, True)),
            ("mahjong estimate_hand_value", oracle)]
    print(f"{'median per hand':<38}{'ms':>9}")
    results = {name: median_ms(cases, run, args.repeat) for name, run in rows}
    for name, ms in results.items():
        print(f"{name:<38}{ms:>9.4f}")
    peer = results["mahjong estimate_hand_value"]
    print(f"analyze / mahjong: {results['assistant analyze (whole analysis)'] / peer:.2f}x "
          f"(target ≤ 0.5x: twice as fast as the peer)")
    print(f"score only / mahjong: {results['assistant score only'] / peer:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
