"""The table reader's figures: a river in order (the arrange stage's figure, names aside) is told
from a river exact (names too), so a misnamed tile costs only the second."""

from __future__ import annotations

from typing import Any

import pytest

from vision.evaluate_table import Tally, match, score

SEATS = ("self", "right", "across", "left")


def _true(codes: list[str], seat: str = "right") -> list[dict[str, Any]]:
    """A seat's river as ``truth`` lists it, one tile 40 px along from the last, and a wall tile
    of another seat."""
    out = [{"tile": c, "box": [40.0 * k, 0.0, 40.0 * k + 30, 40.0], "seat": seat, "zone": "river",
            "order": k, "hidden": False, "sideways": False} for k, c in enumerate(codes)]
    out.append({"tile": "back", "box": [0.0, 500.0, 30.0, 540.0], "seat": "self", "zone": "wall",
                "order": 0, "hidden": False, "sideways": False})
    return out


def _answer(found: list[dict[str, Any]]) -> dict[str, Any]:
    """The reader's answer for tiles already placed (``seat``, ``zone``, ``order`` each)."""
    seats = {s: {"river": [t["tile"] for t in sorted(
        (t for t in found if t["seat"] == s and t["zone"] == "river"), key=lambda t: t["order"])]}
        for s in SEATS}
    return {"seats": seats, "tiles": found, "indicator": None}


def _read(true: list[dict[str, Any]], found: list[dict[str, Any]]) -> dict[str, Any]:
    tally = Tally()
    score(tally, true, _answer(found), match(true, found), found)
    return tally.figures()


def _as_placed(true: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The true tiles as a reader that got everything right answers them, listed in reverse (as
    a detector lists tiles in its own order, so only their boxes pair them with the truth)."""
    return [{k: t[k] for k in ("tile", "box", "seat", "zone", "order")} for t in reversed(true)]


def test_a_river_read_right_counts_in_order_and_exact():
    true = _true(["1m", "2m", "3m", "E"])
    figures = _read(true, _as_placed(true))
    assert figures["rivers"] == 1
    assert (figures["rivers_in_order"], figures["rivers_exact"]) == (1.0, 1.0)


def test_a_misnamed_tile_keeps_the_river_in_order_but_not_exact():
    true = _true(["1m", "2m", "3m", "E"])
    found = _as_placed(true)
    next(t for t in found if t["tile"] == "2m")["tile"] = "5m"
    figures = _read(true, found)
    assert (figures["rivers_in_order"], figures["rivers_exact"]) == (1.0, 0.0)


def test_a_swapped_pair_counts_in_neither():
    true = _true(["1m", "2m", "3m", "E"])
    found = _as_placed(true)
    first, second = (next(t for t in found if t["tile"] == c) for c in ("1m", "2m"))
    first["order"], second["order"] = second["order"], first["order"]
    figures = _read(true, found)
    assert (figures["rivers_in_order"], figures["rivers_exact"]) == (0.0, 0.0)


def test_a_swapped_pair_of_one_name_is_exact_but_not_in_order():
    """Two copies of a tile swapped read the same names: only the boxes show the order wrong."""
    true = _true(["1m", "7p", "7p", "E"])
    found = _as_placed(true)
    first, second = (t for t in found if t["tile"] == "7p")
    first["order"], second["order"] = second["order"], first["order"]
    figures = _read(true, found)
    assert (figures["rivers_in_order"], figures["rivers_exact"]) == (0.0, 1.0)


@pytest.mark.parametrize("how", ["not found", "placed in another seat", "in the hand"])
def test_a_missing_tile_counts_in_neither(how):
    true = _true(["1m", "2m", "3m", "E"])
    found = _as_placed(true)
    lost = next(t for t in found if t["tile"] == "3m")
    if how == "not found":
        found.remove(lost)
    elif how == "placed in another seat":
        lost["seat"] = "across"
    else:
        lost["zone"] = "hand"
    for t in found:
        if t["tile"] == "E":
            t["order"] = 2
    figures = _read(true, found)
    assert (figures["rivers_in_order"], figures["rivers_exact"]) == (0.0, 0.0)


def test_a_tile_added_at_the_end_counts_in_neither():
    """The wall's back read as the river's last tile: every true tile in its place, one more."""
    true = _true(["1m", "2m", "3m", "E"])
    found = _as_placed(true)
    wall = next(t for t in found if t["zone"] == "wall")
    wall.update(seat="right", zone="river", order=4, tile="N")
    figures = _read(true, found)
    assert (figures["rivers_in_order"], figures["rivers_exact"]) == (0.0, 0.0)


def test_rivers_are_counted_per_seat():
    """Two seats' rivers, one in order and one not: half of them."""
    true = _true(["1m", "2m", "3m"]) + [
        {**t, "seat": "left", "box": [t["box"][0], 200.0, t["box"][2], 240.0]}
        for t in _true(["4p", "5p"], seat="left")[:-1]]
    found = _as_placed(true)
    left = [t for t in found if t["seat"] == "left"]
    left[0]["order"], left[1]["order"] = left[1]["order"], left[0]["order"]
    figures = _read(true, found)
    assert figures["rivers"] == 2 and figures["rivers_in_order"] == 0.5
