"""Speed of MCR (国标) scoring, side by side with PyMahjongGB (PyPI ``pymahjonggb``).

Run: ``python benchmarks/mcr_speed.py [--repeat N]``. The hands are the scored rows of
``../shared/vectors/mcr_*``. Both scorers first score every hand and must agree on its total (the
fan points with flowers, before the 8-point base); then each hand is scored ``--repeat`` times by
each and the script prints the median time per hand in microseconds and the ratio. Ours is timed
through ``analyze`` (the hand read and checked, every reading scored, the settlement), through
its Python path alone (``python_analyze``) and through the scorer alone on readings found once;
the peer through its one C++ call. It also says how many hands the compiled core answers whole
in one call (``assistant/one_call.py``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant import analyze, one_call
from assistant.analysis import python_analyze
from assistant.decompose import decompositions
from assistant.hand import HandState
from assistant.rules import rules_of, split_wilds
from assistant.variants import get_profile
from assistant.variants.mcr import score_mcr

VECTORS = Path(__file__).resolve().parent.parent.parent / "shared" / "vectors"
FILES = ("mcr_summerinsects/mcr_rulebook_examples.jsonl", "mcr_gbmahjong_zhengfan/mcr_gbm_fans.jsonl")
CONTEXT = ("self_drawn", "prevalent_wind", "seat_wind", "is_4th_tile", "about_kong", "wall_last",
           "flowers")
#: The peer's tile names: W 万, B 饼, T 条, F winds E S W N, J dragons 中 发 白.
PEER_HONOURS = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}
PEER_SUIT = {"m": "W", "p": "B", "s": "T"}
OFFER = {"left": 1, "opposite": 2, "right": 3, None: 1}
WIND = {"E": 0, "S": 1, "W": 2, "N": 3}


def rows() -> list[dict[str, Any]]:
    """Every scored MCR vector row."""
    out = []
    for name in FILES:
        path = VECTORS / name
        if not path.exists():
            sys.exit(f"vectors not found: {path}")
        out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return out


def ours_input(row: dict[str, Any]) -> dict[str, Any]:
    """The row as an ``analyze`` request."""
    return {"concealed": row["concealed"], "melds": row["melds"], "win_tile": row["win_tile"],
            "context": {k: row["context"][k] for k in CONTEXT if k in row["context"]}}


def peer_tile(tile: str) -> str:
    """One tile in the peer's notation."""
    return PEER_HONOURS.get(tile) or PEER_SUIT[tile[1]] + tile[0]


def peer_args(row: dict[str, Any]) -> tuple[Any, ...]:
    """The row as the peer's ``MahjongFanCalculator`` arguments."""
    packs = []
    for m in row["melds"]:
        tiles = m["tiles"]
        if m["type"] == "chow":
            packs.append(("CHI", peer_tile(sorted(tiles)[1]), m.get("claimed_index") or 1))
        elif m["type"] == "pung":
            packs.append(("PENG", peer_tile(tiles[0]), OFFER[m.get("from")]))
        else:
            packs.append(("GANG", peer_tile(tiles[0]), 0 if m.get("concealed") else
                          OFFER[m.get("from")]))
    c = row["context"]
    return (tuple(packs), tuple(peer_tile(t) for t in row["concealed"]), peer_tile(row["win_tile"]),
            int(c.get("flowers") or 0), bool(c.get("self_drawn")), bool(c.get("is_4th_tile")),
            bool(c.get("about_kong")), bool(c.get("wall_last")), WIND[c["seat_wind"]],
            WIND[c["prevalent_wind"]])


def median_us(fn: Callable[[], Any], repeat: int) -> float:
    """Median wall time of one call, in microseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="calls per hand and scorer")
    args = parser.parse_args()
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        sys.exit("PyMahjongGB is not installed: pip install pymahjonggb (the dev extra)")
    hands = rows()
    profile = get_profile("mcr")
    disagree = []
    prepared = []
    for row in hands:
        ours = analyze(ours_input(row), variant="mcr")["score"]["total"]
        peer = sum(points for points, _ in MahjongFanCalculator(*peer_args(row)))
        if ours != peer:
            disagree.append(f"{row['id']}: ours {ours}, PyMahjongGB {peer}")
        state = HandState.from_json(ours_input(row))
        counts, wilds = split_wilds(state.tiles, rules_of(profile, state))
        prepared.append((row, state, decompositions(counts, wilds, profile.forms,
                                                    profile.four_as_two_pairs), peer_args(row)))
    print(f"{len(hands)} hands; totals agree on {len(hands) - len(disagree)}")
    whole = sum(one_call.answer(ours_input(row), "mcr", None) is not NotImplemented
                for row in hands)
    print(f"the compiled core answers {whole} of them in one call (any other: the Python path)")
    for line in disagree:
        print("  differs:", line)
    ours_full = [median_us(lambda r=r: analyze(ours_input(r), variant="mcr"), args.repeat)
                 for r, _, _, _ in prepared]
    ours_python = [median_us(lambda r=r: python_analyze(ours_input(r), variant="mcr"), args.repeat)
                   for r, _, _, _ in prepared]
    ours_score = [median_us(lambda s=s, d=d: score_mcr(s, profile, d), args.repeat)
                  for _, s, d, _ in prepared]
    peer = [median_us(lambda a=a: MahjongFanCalculator(*a), args.repeat)
            for _, _, _, a in prepared]
    peer_median = statistics.median(peer)
    print(f"{'scorer':<34}{'median µs/hand':>16}{'× peer':>10}")
    for name, values in (("ours: analyze (read+score+settle)", ours_full),
                         ("ours: analyze, Python path alone", ours_python),
                         ("ours: score_mcr on the readings", ours_score),
                         ("PyMahjongGB MahjongFanCalculator", peer)):
        value = statistics.median(values)
        print(f"{name:<34}{value:>16.1f}{value / peer_median:>10.1f}")


if __name__ == "__main__":
    main()
