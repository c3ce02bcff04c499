"""The vectorised shanten equals the per-hand one, hand for hand."""

from __future__ import annotations

import random

import numpy as np
import pytest

from assistant import MahjongError
from assistant.batch import shanten_batch
from assistant.shanten import ALL_FORMS, Form, shanten


def _hands(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [i for i in range(34) for _ in range(4)]
    dense = [t for t in wall if t < 9 or t >= 27]
    out = []
    for k in range(n):
        counts = [0] * 34
        for t in rng.sample(dense if k % 2 else wall, rng.choice([1, 4, 7, 10, 11, 13, 14, 16, 17])):
            counts[t] += 1
        out.append(counts)
    return out


@pytest.mark.parametrize("forms, four_as_two", [
    (ALL_FORMS, True), ((Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS), False),
    ((Form.REGULAR,), True),
])
def test_batch_equals_single(forms, four_as_two) -> None:
    hands = _hands(600, seed=len(forms))
    fast = shanten_batch(np.array(hands), forms, four_as_two)
    assert fast.tolist() == [shanten(h, forms=forms, four_as_two_pairs=four_as_two) for h in hands]


def test_batch_rejects_bad_arrays() -> None:
    with pytest.raises(MahjongError, match="shape"):
        shanten_batch(np.zeros((3, 33)))
    with pytest.raises(MahjongError, match="0-4"):
        shanten_batch(np.full((1, 34), 5))
    assert shanten_batch(np.zeros((0, 34))).shape == (0,)
    eighteen = np.zeros((2, 34), dtype=int)
    eighteen[0, :14] = 1
    eighteen[1, :18] = 1
    with pytest.raises(MahjongError, match="18 concealed tiles fit no hand: 1 to 17 expected"):
        shanten_batch(eighteen)
