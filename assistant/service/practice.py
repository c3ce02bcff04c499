"""Practice questions for the Teach page: "which tiles complete this hand?" and the check.

A question is a ready (tenpai) 13-tile hand made from a random complete hand with one tile taken
out; the seed makes it reproducible, so the answer is checked by recomputing, not by storing.
"""

from __future__ import annotations

import random
from typing import Any

from ..analysis import analyze, rules_of
from ..errors import MahjongError
from ..hand import HandState
from ..tiles import TILES, parse_tiles, sorted_tiles, to_compact
from ..variants import get_profile


def _complete_hand(rng: random.Random, tiles_in_set: tuple[str, ...] = TILES) -> list[str]:
    """Four sets and a pair drawn at random from the variant's tile set (三麻: no 2万–8万),
    never more than four copies of a tile."""
    left = dict.fromkeys(TILES, 0) | dict.fromkeys(tiles_in_set, 4)
    tiles: list[str] = []
    while len(tiles) < 12:
        if rng.random() < 0.5:
            suit = rng.choice("mps")
            start = rng.randint(1, 7)
            group = [f"{start + k}{suit}" for k in range(3)]
        else:
            group = [rng.choice(tiles_in_set)] * 3
        need: dict[str, int] = {}
        for t in group:
            need[t] = need.get(t, 0) + 1
        if all(left[t] >= n for t, n in need.items()):
            for t in group:
                left[t] -= 1
            tiles += group
    pair = rng.choice([t for t in tiles_in_set if left[t] >= 2])
    return tiles + [pair, pair]


def question(seed: int | None = None, variant: str = "default") -> dict[str, Any]:
    """A ready hand to ask about; ``seed`` picks it (a random seed when ``None``)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    profile = get_profile(variant)
    absent = rules_of(profile, HandState(concealed=[])).absent
    tiles_in_set = tuple(t for i, t in enumerate(TILES) if i not in absent)
    for _ in range(100):
        full = _complete_hand(rng, tiles_in_set)
        full.pop(rng.randrange(len(full)))
        hand = sorted_tiles(full)
        result = analyze({"concealed": hand, "variant": variant})
        if result["shanten"] == 0 and result["waits"]:
            return {"seed": seed, "variant": variant, "hand": hand, "compact": to_compact(hand)}
    raise MahjongError("could not make a practice hand", seed)  # pragma: no cover


def check(hand: Any, answer: Any, variant: str = "default") -> dict[str, Any]:
    """Whether ``answer`` (tiles) is exactly the set of tiles that complete ``hand``."""
    if isinstance(answer, str):
        answer = parse_tiles(answer)
    if not isinstance(answer, list) or not all(isinstance(t, str) for t in answer):
        raise MahjongError("'answer' must be a list of tiles or a typed string", "answer")
    if not isinstance(hand, (str, list)) or (isinstance(hand, list)
                                             and not all(isinstance(t, str) for t in hand)):
        raise MahjongError("'hand' must be a list of tiles or a typed string", "hand")
    result = analyze({"concealed": hand, "variant": variant})
    if result["tile_count"] != 13:
        raise MahjongError("a practice hand has 13 tiles", result["tile_count"])
    waits = [w["tile"] for w in result["waits"]]
    given = sorted_tiles(set(parse_tiles(" ".join(answer))))
    missing = [t for t in waits if t not in given]
    wrong = [t for t in given if t not in waits]
    return {"correct": not missing and not wrong, "waits": result["waits"], "missing": missing,
            "wrong": wrong, "decompositions": _readings(hand, waits, variant)}


def _readings(hand: Any, waits: list[str], variant: str) -> dict[str, list[dict[str, Any]]]:
    """For each wait, how the hand completes with it (to explain the answer)."""
    out = {}
    tiles = parse_tiles(hand) if isinstance(hand, str) else list(hand)
    for w in waits:
        try:
            r = analyze({"concealed": tiles[:], "win_tile": w, "variant": variant})
        except MahjongError:
            continue
        out[w] = r.get("decompositions", [])
    return out
