"""Property tests: the table-driven engine against the slow reference on random hands."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_shanten, reference_waits

from assistant.advice import discard_options
from assistant.decompose import decompositions, is_complete
from assistant.shanten import Form, shanten_regular
from assistant.waits import Rules, helpful_draws, waits

WALL = [i for i in range(34) for _ in range(4)]
DENSE = [i for i in WALL if i < 9 or i >= 27]  # one suit and honours: many near-complete hands


def hands(size: int):
    """Random hands of ``size`` tiles from the full wall or from a dense one-suit wall."""
    return st.one_of(
        st.lists(st.sampled_from(range(len(WALL))), min_size=size, max_size=size, unique=True)
        .map(lambda picks: _counts(WALL[p] for p in picks)),
        st.lists(st.sampled_from(range(len(DENSE))), min_size=size, max_size=size, unique=True)
        .map(lambda picks: _counts(DENSE[p] for p in picks)),
    )


def _counts(tiles) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


REGULAR = Rules(forms=(Form.REGULAR,))


@settings(max_examples=150, deadline=None)
@given(hands(13) | hands(14) | hands(8) | hands(5))
def test_regular_shanten_matches_reference(counts: list[int]) -> None:
    assert shanten_regular(counts) == reference_shanten(counts)


@settings(max_examples=80, deadline=None)
@given(hands(13))
def test_waits_match_reference(counts: list[int]) -> None:
    assert waits(counts, 0, REGULAR, fifth_copy=False) == (
        reference_waits(counts) if reference_shanten(counts) == 0 else [])


@settings(max_examples=60, deadline=None)
@given(hands(13))
def test_effective_tiles_lower_the_reference_shanten(counts: list[int]) -> None:
    s, tiles = helpful_draws(counts, 0, REGULAR)
    assert s == reference_shanten(counts)
    for t in range(34):
        if counts[t] == 4:
            continue
        counts[t] += 1
        after = reference_shanten(counts)
        counts[t] -= 1
        assert (after < s) == (t in tiles), t


@settings(max_examples=40, deadline=None)
@given(hands(14))
def test_discard_advice_is_consistent(counts: list[int]) -> None:
    remaining = [4 - c for c in counts]
    options = discard_options(counts, 0, remaining, REGULAR)
    assert len(options) == sum(1 for c in counts if c)
    keys = [(o.shanten, -o.ukeire) for o in options]
    assert keys == sorted(keys)
    for o in options[:3]:
        from assistant.tiles import INDEX, TILES

        counts[INDEX[o.tile]] -= 1
        assert o.shanten == reference_shanten(counts)
        assert o.ukeire == sum(remaining[INDEX[t]] for t in o.tiles)
        assert all(c <= 4 for c in counts)
        counts[INDEX[o.tile]] += 1
        assert set(o.tiles) <= set(TILES)


@settings(max_examples=100, deadline=None)
@given(hands(14), st.integers(min_value=0, max_value=3))
def test_wild_tiles_complete_like_substitution(counts: list[int], wilds: int) -> None:
    """With wilds, a hand is complete iff some substitution of the wilds completes it.

    A wild may stand for a tile whose four copies are already in the hand (decision: 赖子 can be
    any tile), so the substitution is not limited to four copies.
    """
    tiles = [t for t in range(34) for _ in range(counts[t])][: 14 - wilds]
    natural = _counts(tiles)
    fast = is_complete(natural, wilds, (Form.REGULAR,))
    slow = _complete_by_substitution(natural, wilds)
    assert fast == slow


def _complete_by_substitution(counts: list[int], wilds: int) -> bool:
    if wilds == 0:
        return bool(decompositions(counts, 0, (Form.REGULAR,)))  # a wild may be a fifth copy
    for t in range(34):
        counts[t] += 1
        ok = _complete_by_substitution(counts, wilds - 1)
        counts[t] -= 1
        if ok:
            return True
    return False
