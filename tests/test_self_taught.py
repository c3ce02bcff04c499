"""A photo of a whole table teaching itself its set (``vision.self_taught``): an unsure tile is
weighed by its likeness to the photo's surely named tiles, matched as a taught set is."""

from __future__ import annotations

import numpy as np
import pytest

from vision import self_taught
from vision.self_taught import photo_set, taught_by_photo

CODES = ["1m", "2m", "3m", "none"]
SURE = {"1m": [0.97, 0.01, 0.01, 0.01], "2m": [0.01, 0.97, 0.01, 0.01], "3m": [0.01, 0.01, 0.97, 0.01]}


def _photo(tiles: list[tuple[list[float], int]], seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The classifiers' reading and the features (unit rows near axis ``k`` of 8, a little
    noise) of ``tiles``, each its reading and its looks' axis."""
    rng = np.random.default_rng(seed)
    probs = np.array([row for row, _ in tiles], float)
    features = np.array([np.eye(8)[k] + rng.normal(0, 0.05, 8) for _, k in tiles], np.float32)
    return probs, features / np.linalg.norm(features, axis=1, keepdims=True)


def _table(*unsure: tuple[list[float], int], ones: int = 30, twos: int = 24,
           lone: tuple[str, int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A table: ``ones`` tiles named 1m surely (looks: axis 0), ``twos`` named 2m (axis 1), a
    ``lone`` sure tile (its name, its looks' axis), then the ``unsure`` tiles."""
    tiles = [(SURE["1m"], 0)] * ones + [(SURE["2m"], 1)] * twos
    if lone:
        tiles.append((SURE[lone[0]], lone[1]))
    return _photo([*tiles, *unsure])


def _named(probs: np.ndarray, features: np.ndarray) -> list[str]:
    return [CODES[k] for k in taught_by_photo(probs, probs, CODES, features).argmax(axis=1)]


@pytest.fixture(autouse=True)
def switched_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(self_taught, "SELF_TAUGHT", True)


def test_an_unsure_tile_is_named_by_the_photos_sure_tiles_of_its_kind() -> None:
    probs, features = _table(([0.45, 0.40, 0.10, 0.05], 1))  # read 1m, looks like the 2m's
    assert _named(probs, features)[-1] == "2m"


def test_a_taught_kind_the_tile_is_unlike_gives_way_to_one_the_photo_never_shows_surely() -> None:
    probs, features = _table(([0.05, 0.45, 0.40, 0.10], 5))  # read 2m, like no sure tile: 3m
    assert _named(probs, features)[-1] == "3m"
    probs, features = _table(([0.05, 0.45, 0.40, 0.10], 1))  # like the 2m's: 2m it stays
    assert _named(probs, features)[-1] == "2m"


def test_a_kind_the_classifiers_rule_out_is_not_taken() -> None:
    probs, features = _table(([0.80, 0.05, 0.05, 0.10], 1))  # read 1m, looks like the 2m's
    assert _named(probs, features)[-1] == "1m"  # 2m under KINDS_NEAR of the best


def test_the_sure_tiles_keep_their_names() -> None:
    probs, features = _table(([0.45, 0.40, 0.10, 0.05], 1))
    features[:5] = features[-1]  # sure 1m tiles that look like the 2m's
    named = _named(probs, features)
    assert named[:30] == ["1m"] * 30 and named[30:54] == ["2m"] * 24


def test_a_lone_sure_tile_cannot_overturn_a_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    # no sure 1m; one 1m named 3m surely all the same; an unsure 1m read 1m beside 3m
    probs, features = _table(([0.45, 0.05, 0.40, 0.10], 0), ones=0, twos=60, lone=("3m", 0))
    taught = photo_set(CODES, probs.argmax(axis=1), probs.max(axis=1), features)
    assert taught is not None and taught.kinds() == {"2m": 12}  # the 12 surest kept
    assert _named(probs, features)[-1] == "1m"
    monkeypatch.setattr(self_taught, "KIND_EXAMPLES", 1)  # a lone tile teaching: overturned
    assert _named(probs, features)[-1] == "3m"


def test_a_photo_of_few_tiles_or_the_rule_off_keeps_the_reading(monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    probs, features = _table(([0.45, 0.40, 0.10, 0.05], 1), ones=20, twos=20)
    assert len(probs) < self_taught.WHOLE_TABLE and _named(probs, features)[-1] == "1m"
    probs, features = _table(([0.45, 0.40, 0.10, 0.05], 1))
    monkeypatch.setattr(self_taught, "SELF_TAUGHT", False)
    assert _named(probs, features)[-1] == "1m"
