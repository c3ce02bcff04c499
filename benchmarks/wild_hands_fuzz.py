"""Random complete hands with a wild kind (``wilds``) under every variant through
``/api/analyze``: how many get an answer, a 422, or a 5xx (a wild
standing for a whole pair must reach the pattern tests as the tile it stands for, not ``*``).

    .venv/bin/python benchmarks/wild_hands_fuzz.py [--hands 4000] [--seed 5]

Prints the count of each status and the 5xx per variant; seeded, so a run is repeatable.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from assistant.service import create_app
from assistant.tiles import TILES
from assistant.variants import PROFILES


def hand(rng: random.Random) -> dict[str, object]:
    """Four sets and a pair, up to four of the tiles turned into one wild kind."""
    tiles: list[int] = []
    for _ in range(4):
        if rng.random() < 0.5:
            tiles += [rng.randrange(34)] * 3
        else:
            low = rng.choice((0, 9, 18)) + rng.randrange(7)
            tiles += [low, low + 1, low + 2]
    tiles += [rng.randrange(34)] * 2
    codes = [TILES[t] for t in tiles]
    wild = rng.choice(TILES)
    for k in rng.sample(range(14), rng.randrange(5)):
        codes[k] = wild
    body: dict[str, object] = {"concealed": "".join(codes[:13]), "win_tile": codes[13],
                               "wilds": [wild], "variant": rng.choice(sorted(PROFILES))}
    if rng.random() < 0.5:
        body["context"] = {"self_drawn": True}
    return body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    client = create_app({"DATABASE": ":memory:"}).test_client()
    rng = random.Random(args.seed)
    status: Counter[int] = Counter()
    failed: Counter[str] = Counter()
    for _ in range(args.hands):
        body = hand(rng)
        code = client.post("/api/analyze", json=body).status_code
        status[code] += 1
        if code >= 500:
            failed[str(body["variant"])] += 1
    print(f"{args.hands} hands, {len(PROFILES)} variants: "
          + ", ".join(f"{code}: {n}" for code, n in sorted(status.items())))
    print("5xx by variant: " + (", ".join(f"{v} {n}" for v, n in failed.most_common()) or "none"))


if __name__ == "__main__":
    main()
