"""A scorer given the table ``check_table`` read answers exactly as when it reads the table
itself (riichi and MCR take it, so an analysis need read the table once), errors included."""

from __future__ import annotations

import random
from typing import Any

import pytest
from riichi_hands import random_case

from assistant.decompose import decompositions
from assistant.errors import MahjongError, NotScored
from assistant.hand import HandState
from assistant.tiles import to_counts
from assistant.variants import TAKES_TABLE, check_table, get_profile, score_with, scorer_for


def _both(variant: str, data: dict[str, Any], options: dict[str, Any]) -> tuple[Any, Any]:
    """The scorer's answer reading the table itself, and given check_table's read."""
    state = HandState.from_json(data)
    profile = get_profile(variant, options)
    readings = decompositions(to_counts(state.tiles), 0, profile.forms, profile.four_as_two_pairs)
    scorer = scorer_for(profile)
    assert scorer in TAKES_TABLE

    def run(table: Any) -> Any:
        try:
            return score_with(scorer, state, profile, readings, table)
        except (MahjongError, NotScored) as exc:
            return type(exc).__name__, str(exc)
    try:
        table = check_table(profile, state)
    except MahjongError as exc:  # the analysis stops here: the scorer is never asked
        return ("refused", str(exc)), ("refused", str(exc))
    return run(None), run(table)


def test_riichi_random_wins_score_the_same_with_the_table_read_once() -> None:
    rng = random.Random(7)
    given = 0
    for _ in range(400):
        case = random_case(rng)
        alone, once = _both("riichi", case.state, case.options)
        assert alone == once, case.state
        given += isinstance(once, dict) and bool(case.state.get("table"))
    assert given > 100  # most random wins carry a table (discarder, honba, sticks)


@pytest.mark.parametrize("table", [
    {"discarder": "W"}, {"discarder": "S", "dealer": "N", "seat": "W"}, {"seat": "S"},
    {"discarder": "N", "seat": "E"}, {"discarder": "E", "seat": "E"}, {"discarder": "Q"}])
def test_mcr_scores_the_same_with_the_table_read_once(table: dict[str, Any]) -> None:
    hand = {"concealed": "123m456m789m123p5p", "win_tile": "5p",
            "context": {"seat_wind": "E"}, "table": table}
    alone, once = _both("mcr", hand, {"min_points": 0})
    assert alone == once
    if table.get("discarder") in ("Q", table.get("seat", "E")):  # bad input: refused, naming it
        assert once[0] == "refused" and table["discarder"] in once[1]
    else:
        assert isinstance(once, dict) and sum(once["payments"].values()) == 0
