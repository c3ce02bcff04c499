"""Riichi's yaku and fu in the compiled core against the Python tests: the same lines, han,
counts, fu and fu parts on every reading of random riichi wins (open and concealed, kongs, every
wait shape, seven pairs, thirteen orphans, red fives, dora, every situational flag and house
rule), and junk input to the core answered NotImplemented or an error, never a crash.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from riichi_hands import random_case

from assistant import native
from assistant.decompose import decompositions
from assistant.hand import HandState
from assistant.scoring.patterns import SetView, Win
from assistant.tiles import to_counts
from assistant.variants import get_profile
from assistant.variants import riichi as R

pytestmark = pytest.mark.skipif(
    R.NATIVE_ROWS[False] is None or R.NATIVE_ROWS[True] is None,
    reason="the compiled core is not built (or MAHJONG_ASSISTANT_PURE is set): nothing to compare")


def _readings(case_state: dict, options: dict) -> tuple[list[R.Reading], R.Situation]:
    """Every reading of a random win, with its situation under the case's house rules."""
    state = HandState.from_json(case_state)
    profile = get_profile("riichi", options)
    readings = decompositions(to_counts(state.tiles), 0, profile.forms, profile.four_as_two_pairs)
    s = R.situation(state, profile, state.seat_wind == "E")
    return R.readings_of(state, readings), s


def _python(r: R.Reading, s: R.Situation) -> tuple:
    """The pure path's answer for a reading: (key, han, count) of each line, fu, fu parts."""
    fu, parts = R.fu_with_parts(r, s)
    return [(y.key, han, c) for y, han, c in R.python_yaku_of(r, s)], fu, list(parts)


def _core(r: R.Reading, s: R.Situation) -> tuple:
    """The core's answer for the same reading."""
    got = R.native_reading(r, s)
    assert got is not None, "the core refused a riichi reading it should hold"
    return [(y.key, han, c) for y, han, c in got[0]], got[1], got[2]


def test_core_matches_python_on_random_wins() -> None:
    rng = random.Random(20261206)
    seen: Counter[str] = Counter()
    compared = 0
    for _ in range(1500):
        case = random_case(rng)
        readings, s = _readings(case.state, case.options)
        for r in readings:
            want = _python(r, s)
            assert _core(r, s) == want, (case.state, case.options, r.hand, r.group)
            seen.update(k for k, _, _ in want[0])
            seen[r.hand.form.value] += 1
            compared += 1
            # the other seat's and round's winds, a self-draw and its opposite, on the same shape
            other = replace(s, seat_wind="N", round_wind="S", win=replace(
                s.win, self_drawn=not s.win.self_drawn, seat_wind="N", prevalent_wind="S"))
            flipped = replace(r, self_drawn=other.win.self_drawn)
            assert _core(flipped, other) == _python(flipped, other)
    assert compared > 1500
    # the random hands reach the rare lines too, so the comparison covers them
    for key in ("pinfu", "tanyao", "chiitoitsu", "toitoi", "sanankou", "yakuhai_dragon",
                "yakuhai_seat", "honitsu", "chinitsu", "iipeiko", "riichi", "menzen_tsumo",
                "seven_pairs", "thirteen_orphans"):
        assert seen[key] > 0, key


def test_situational_lines_follow_the_situation() -> None:
    readings, s = _readings({"concealed": "234m567p22s345s78s", "win_tile": "9s",
                             "context": {"seat_wind": "S", "riichi": True, "ippatsu": True}},
                            {})
    r = readings[0]
    assert [k for k, _, _ in _core(r, s)[0]] == ["riichi", "ippatsu", "pinfu"]
    assert _core(r, s) == _python(r, s)


def test_junk_input_never_crashes_the_core() -> None:
    core = native.core
    readings, s = _readings({"concealed": "234m567p22s345s78s", "win_tile": "9s",
                             "context": {"seat_wind": "S"}}, {})
    r = readings[0]
    rows = R.NATIVE_ROWS[False]
    junk_groups = [("chow",), ("tile", ("1m", "2m", "3m")), ("chow", ("1m", "2m")),
                   ("pair", ("1m", "xx")), ("kong", ("1m",) * 4), 7, ("chow", "123m")]
    for group in junk_groups:
        assert core.riichi_yaku(r.hand, s.win, group, rows, 0, False, True) is NotImplemented
    for bad_rows in (b"\x00", bytes((0, 250, 0, 0)), bytes((99, 0, 0, 0)), bytes((1, 70, 0, 0)),
                     b"\x00" * 4 * 65, "rows"):
        assert core.riichi_yaku(r.hand, s.win, None, bad_rows, 0, False, True) is NotImplemented
    odd = replace(r.hand, sets=(SetView("chow", ("1m", "2m", "9z")),) + r.hand.sets[1:])
    assert core.riichi_yaku(odd, s.win, None, rows, 0, False, True) is NotImplemented
    with pytest.raises(AttributeError):
        core.riichi_yaku(object(), Win(), None, rows, 0, False, True)
    with pytest.raises(TypeError):
        core.riichi_yaku(r.hand, s.win, None, rows, "all", False, True)
