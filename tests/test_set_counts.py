"""A whole table is one set (``vision.set_counts``): no kind is named more often than a set holds
it, the least surely named of a kind named too often taking their next likeliest kind."""

from __future__ import annotations

import numpy as np
import pytest

from vision import set_counts
from vision.classes import TILE_CLASSES
from vision.set_counts import IN_A_SET, held_to_set

CODES = [*TILE_CLASSES, "none"]


def _reading(code: str, p: float = 0.9, then: dict[str, float] | None = None) -> np.ndarray:
    """One box's reading: ``code`` at ``p``, ``then`` the next likeliest kinds, the rest spread."""
    row = np.full(len(CODES), 0.001)
    for other, q in (then or {}).items():
        row[CODES.index(other)] = q
    row[CODES.index(code)] = p
    return row / row.sum()


def _table(*extra: np.ndarray, kinds: int = 12) -> np.ndarray:
    """Four sure tiles of each of the first ``kinds`` kinds (1m, 2m, ...), then ``extra``."""
    rows = [_reading(TILE_CLASSES[k]) for k in range(kinds) for _ in range(4)]
    return np.array([*rows, *extra])


def _boxes(n: int) -> np.ndarray:
    """``n`` boxes laid apart in rows of 20, none touching."""
    return np.array([[40 * (i % 20), 60 * (i // 20), 40 * (i % 20) + 30, 60 * (i // 20) + 40]
                     for i in range(n)], float)


def _names(choice: np.ndarray, boxes: np.ndarray | None = None,
           scores: np.ndarray | None = None) -> list[str]:
    seen = np.ones(len(choice), bool)
    boxes = _boxes(len(choice)) if boxes is None else boxes
    scores = np.full(len(choice), 0.9) if scores is None else scores
    return [CODES[k] for k in held_to_set(choice, seen, CODES, boxes, scores).argmax(axis=1)]


@pytest.fixture(autouse=True)
def switched_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(set_counts, "SET_COUNTS", True)


def test_a_set_holds_four_of_each_tile_and_one_of_each_flower() -> None:
    assert IN_A_SET["1m"] == IN_A_SET["E"] == 4
    assert IN_A_SET["1f"] == IN_A_SET["8f"] == 1
    assert "back" not in IN_A_SET and "none" not in IN_A_SET
    assert len(IN_A_SET) == 41  # every kind but 白板


def test_a_fifth_tile_of_a_kind_takes_its_next_likeliest_kind() -> None:
    fifth = _reading("1m", 0.5, {"4p": 0.3})
    names = _names(_table(fifth))
    assert names[48] == "4p"
    assert names[:4] == ["1m"] * 4


def test_the_least_surely_named_of_the_five_is_the_one_renamed() -> None:
    table = _table(_reading("1m", 0.95, {"4p": 0.04}))
    table[2] = _reading("1m", 0.4, {"5p": 0.35})
    names = _names(table)
    assert names[2] == "5p"
    assert names[48] == "1m"


def test_a_kind_full_already_is_passed_over_for_one_with_room() -> None:
    fifth = _reading("1m", 0.5, {"2m": 0.3, "6p": 0.1})  # 2m holds its four
    assert _names(_table(fifth))[48] == "6p"


def test_a_second_flower_of_one_kind_is_renamed() -> None:
    names = _names(_table(_reading("1f", 0.95), _reading("1f", 0.6, {"2f": 0.3})))
    assert names[48:] == ["1f", "2f"]


def test_the_reading_stays_a_distribution() -> None:
    choice = _table(_reading("1m", 0.5, {"4p": 0.3}))
    out = held_to_set(choice, np.ones(len(choice), bool), CODES, _boxes(len(choice)),
                      np.full(len(choice), 0.9))
    assert out.sum(axis=1) == pytest.approx(choice.sum(axis=1))
    assert sorted(out[48]) == pytest.approx(sorted(choice[48]))
    assert np.array_equal(out[:48], choice[:48])


def test_a_tile_found_twice_counts_once_and_keeps_its_name() -> None:
    table = _table(_reading("1m", 0.6, {"4p": 0.3}))
    boxes = _boxes(len(table))
    boxes[48] = boxes[0] + [4, 2, 4, 2]  # a second box on the first 1m
    assert _names(table, boxes)[48] == "1m"


def test_a_box_checking_drops_is_not_counted() -> None:
    table = _table(_reading("1m", 0.5, {"4p": 0.3}))
    scores = np.full(len(table), 0.9)
    scores[48] = 0.3  # under what checking keeps: no tile
    assert _names(table, scores=scores)[48] == "1m"


def test_blank_faces_are_not_counted() -> None:
    """A wall's pale backs read as 白板 by the dozen: checking makes them backs."""
    table = _table(*[_reading("P", 0.8, {"5s": 0.15})] * 9)
    assert _names(table)[48:] == ["P"] * 9


def test_a_hand_read_with_five_of_a_kind_has_one_renamed() -> None:
    """A hand holds no fifth copy either: the least surely named of five takes its next kind."""
    hand = np.array([_reading("1m")] * 4 + [_reading("1m", 0.55, {"7m": 0.4})]
                    + [_reading("2m")] * 3 + [_reading("5s")] * 3 + [_reading("E")] * 3)
    assert _names(hand) == ["1m"] * 4 + ["7m"] + ["2m"] * 3 + ["5s"] * 3 + ["E"] * 3


def test_a_photo_of_more_tiles_than_a_set_reads_as_it_was() -> None:
    """Two sets in one photo (a shop's shelf): no kind's count is wrong for certain."""
    many = _table(kinds=34)  # 136 tiles, then twenty more 1m
    more = np.array([*many, *[_reading("1m", 0.6, {"4p": 0.3})] * 20])
    assert _names(more)[136:] == ["1m"] * 20


def test_a_photo_of_no_faces_reads_as_it_was() -> None:
    backs = np.array([_reading("back")] * 3)
    assert _names(backs) == ["back"] * 3
    assert held_to_set(np.zeros((0, len(CODES))), np.zeros(0, bool), CODES, np.zeros((0, 4)),
                       np.zeros(0)).shape == (0, len(CODES))


def test_switched_off_it_reads_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(set_counts, "SET_COUNTS", False)
    assert _names(_table(_reading("1m", 0.5, {"4p": 0.3})))[48] == "1m"
