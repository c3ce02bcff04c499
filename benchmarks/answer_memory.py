"""Resident memory over many one-call MCR and riichi answers (``assistant/_answer.c``): it must
stay flat.

Run: ``python benchmarks/answer_memory.py [--calls N]``. The MCR requests are the scored rows
of ``../shared/vectors/mcr_*`` as ``benchmarks/mcr_speed.py`` asks them, each also with an
``is_4th_tile`` and a ``robbing_kong`` that may not stand (the answer's notes written by MCR's
Python functions), and broken versions the core refuses (a fifth copy, a bad meld, an unknown key,
a flag that is not true or false). The riichi requests are ``benchmarks/riichi_speed.py``'s
random wins (red fives, dora, sticks, honba, house rules; those without a yaku refused by the
core), each also with broken versions (a fifth copy, a stick count that is not a number, an
unknown table key). After a warm-up the script prints the resident size every quarter of the
calls and its growth since the warm-up, so a reference the core keeps or drops on any path shows
as growth.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from mcr_speed import ours_input, rows

from assistant import one_call

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from riichi_hands import random_case  # noqa: E402


def resident_kb() -> int:
    """This process' resident set size in kB (Linux ``/proc``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1])
    raise SystemExit("no VmRSS in /proc/self/status: this script reads Linux' process status")


def requests() -> list[tuple[dict[str, Any], str | None]]:
    """Each request with the variant it is asked under: the MCR vector hands, with flags that may
    not stand, riichi's random wins, and broken versions of them."""
    out: list[tuple[dict[str, Any], str | None]] = []
    for row in rows():
        hand = ours_input(row)
        context = hand["context"]
        out += [hand, {**hand, "context": {**context, "is_4th_tile": True}},
                {**hand, "context": {**context, "robbing_kong": True, "self_drawn": False}},
                {**hand, "concealed": hand["concealed"] + [hand["win_tile"]] * 4},
                {**hand, "melds": [*hand["melds"], {"type": "chow", "tiles": ["1m", "3m", "2m"]}]},
                {**hand, "extra": 1}, {**hand, "context": {**context, "self_drawn": 1}}]
    out = [(hand, "mcr") for hand in out]
    rng = random.Random(20260601)
    for _ in range(500):
        hand = random_case(rng).state
        out += [(hand, None), ({**hand, "dora_indicators": [hand["win_tile"]] * 4}, None),
                ({**hand, "table": {**hand["table"], "riichi_sticks": {"E": "1"}}}, None),
                ({**hand, "table": {**hand["table"], "kongs": []}}, None)]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200_000, help="answers asked in all")
    args = parser.parse_args()
    asked = requests()
    answered = sum(one_call.answer(r, v, None) is not NotImplemented for r, v in asked)
    print(f"{len(asked)} requests, {answered} answered by the core, the rest refused by it")
    for k in range(len(asked) * 10):  # warm-up: every path once, the allocator settled
        one_call.answer(*asked[k % len(asked)], None)
    start = resident_kb()
    for k in range(args.calls):
        one_call.answer(*asked[k % len(asked)], None)
        if (k + 1) % max(1, args.calls // 4) == 0:
            now = resident_kb()
            print(f"{k + 1:>9} calls: resident {now} kB, {now - start:+d} kB since the warm-up")


if __name__ == "__main__":
    main()
