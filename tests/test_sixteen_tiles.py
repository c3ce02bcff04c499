"""十六张: the engine reads five sets and a pair (hand_size 16), checked against a plain search."""

from __future__ import annotations

import random
from functools import cache

import pytest

from assistant import MahjongError, analyze
from assistant.decompose import decompositions, is_complete
from assistant.shanten import Form, shanten_regular
from assistant.tiles import TILES, parse_tiles, to_counts

REGULAR = (Form.REGULAR,)


@cache
def _sets(counts: tuple[int, ...]) -> bool:
    """Whether the counts split into sets only (plain recursion, no tables)."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return True
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if _sets(tuple(c)):
            return True
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        return _sets(tuple(c))
    return False


def complete(counts: list[int]) -> bool:
    """Sets and one pair, by plain search."""
    for i, c in enumerate(counts):
        if c >= 2:
            rest = list(counts)
            rest[i] -= 2
            if _sets(tuple(rest)):
                return True
    return False


def _random_hand(rng: random.Random, n: int, suits: str) -> list[int]:
    pool = [t for t in TILES if t[-1] in suits or (len(t) == 1 and "z" in suits)] * 4
    return to_counts(rng.sample(pool, n))


@pytest.mark.parametrize("suits", ["m", "mp", "mpsz"])
def test_seventeen_tile_wins_match_a_plain_search(suits: str) -> None:
    rng = random.Random(16 + len(suits))
    for _ in range(120):
        counts = _random_hand(rng, 16, suits)
        for t in range(34):
            if counts[t] == 4:
                continue
            counts[t] += 1
            assert is_complete(counts, 0, REGULAR) == complete(counts), (counts, t)
            assert (shanten_regular(counts) == -1) == complete(counts)
            counts[t] -= 1


def test_five_sets_in_one_suit() -> None:
    counts = to_counts(parse_tiles("11122233344455566m"))
    assert complete(counts) and is_complete(counts, 0, REGULAR)
    assert any(len(d.groups) == 6 for d in decompositions(counts, 0, REGULAR))


def test_a_sixteen_tile_hand_waits_and_wins() -> None:
    r = analyze({"concealed": "1112345678999m123p", "options": {"hand_size": 16,
                                                                "forms": ["regular"]}})
    assert r["shanten"] == 0 and [w["tile"] for w in r["waits"]] == parse_tiles("123456789m")
    r = analyze({"concealed": "123m456m789m123p456p7s", "win_tile": "7s",
                 "options": {"hand_size": 16, "forms": ["regular"]}})
    assert r["is_win"] and r["decompositions"][0]["groups"] == "123m 456m 789m 123p 456p 77s"


def test_thirteen_tile_hands_refused_at_sixteen() -> None:
    with pytest.raises(MahjongError, match="16 or 17"):
        analyze({"concealed": "123m456m789m123p5s", "options": {"hand_size": 16}})
    with pytest.raises(MahjongError, match="hand_size"):
        analyze({"concealed": "123m456m789m123p5s", "options": {"hand_size": 15}})
