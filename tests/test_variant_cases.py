"""Every worked case of ``docs/rules/cases`` reproduced through ``analyze`` (and the procedures).

The cases are the specification's own tests: seed examples and constructed ones. Items are
compared by Chinese name and value (English names are descriptive), plus total and payments.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant import MahjongError, analyze, get_profile
from assistant.procedures import (
    dead_wall_tiles,
    dice_start,
    next_dealer,
    pass_lock,
    resolve_declared,
    settle_draw,
    wind_rounds,
)
from assistant.scoring.settlement import combine

CASES = Path(__file__).resolve().parent.parent / "docs" / "rules" / "cases"
#: ``win_context`` of a case -> the hand-state context flags it means.
WIN_CONTEXT = {
    "after_kong": {"kong_replacement": True},
    "robbed_kong": {"robbing_kong": True},
    "last_tile": {"wall_last": True},
    "heavenly": {"first_go_around": True},
    "earthly": {"first_go_around": True},
    "human": {"first_go_around": True},
}


def analyze_input(case: dict[str, Any], hand: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    """The ``analyze`` request of a case: the hand, its win context as flags, variant, table."""
    data = {k: v for k, v in hand.items() if k != "win_context"}
    context: dict[str, bool] = {}
    for key, on in (hand.get("win_context") or {}).items():
        if on:
            context.update(WIN_CONTEXT[key])
    if context:
        data["context"] = context
    return {**data, "variant": case["variant"], "options": case.get("options") or {},
            "table": table}


def named_values(items: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(i["name_zh"], i["value"]) for i in items]


def case_params() -> list:
    return [pytest.param(json.loads(p.read_text(encoding="utf-8")), id=p.stem)
            for p in sorted(CASES.glob("*.json"))]


@pytest.mark.parametrize("case", case_params())
def test_case(case: dict[str, Any]) -> None:
    expected = case["expected"]
    if case.get("outcome") == "draw":
        result = settle_draw(get_profile(case["variant"], case.get("options")), case["table"])
        got = [i for i in result["items"] if i["value"]]
        assert named_values(got) == named_values(expected["items"])
        payments = result["payments"]
    elif "winners" in case:
        seats = [w["seat"] for w in case["winners"]]
        scores = []
        for w in case["winners"]:
            table = {**case["table"], "seat": w["seat"], "winners": seats}
            score = analyze(analyze_input(case, w["hand"], table))["score"]
            assert named_values(score["items"]) == named_values(w["expected"]["items"]), w["seat"]
            assert score["total"] == w["expected"]["total"]
            assert score["points"] == w["expected"]["points"]
            scores.append(score["payments"])
        payments = combine(scores)
    else:
        result = analyze(analyze_input(case, case["hand"], case["table"]))
        assert result["is_win"], case["id"]
        score = result["score"]
        assert named_values(score["items"]) == named_values(expected["items"])
        assert score["total"] == expected["total"]
        if "points" in expected:
            assert score["points"] == expected["points"]
        for seat, parts in (expected.get("breakdown") or {}).items():
            assert score["breakdown"][seat] == parts
        payments = score["payments"]
        matrix = score["matrix"]
        for seat in "ESWN":
            received = sum(matrix[other][seat] for other in matrix if other != seat)
            assert received - sum(matrix[seat].values()) == payments[seat]
    want = {seat: expected["payments"].get(seat, 0) for seat in "ESWN"}
    assert payments == want
    assert sum(payments.values()) == 0


def procedure_params() -> list:
    out = []
    for path in sorted((CASES / "procedures").glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            out.append(pytest.param(path.stem, case, id=case["id"]))
    return out


@pytest.mark.parametrize(("variant", "case"), procedure_params())
def test_procedure(variant: str, case: dict[str, Any]) -> None:
    kind, given, expected = case["kind"], case["input"], case["expected"]
    if kind == "dice":
        rows = given if isinstance(given, list) else [given]
        wants = expected if isinstance(expected, list) else [expected]
        for row, want in zip(rows, wants, strict=True):
            throws = row.get("throws") or [row["total"]]
            got = dice_start(get_profile(variant), row["dealer"], throws)
            assert {k: got[k] for k in want} == want
    elif kind == "dice_seat":
        profile = get_profile(variant)
        for total, seat in expected.items():
            assert dice_start(profile, given["dealer"], [int(total), 2])["wall_seat"] == seat
    elif kind == "draw":
        profile = get_profile(variant, given.get("options"))
        assert [dead_wall_tiles(profile, k) for k in given["kongs_made"]] == expected["dead_tiles"]
    elif kind == "rotation":
        assert [next_dealer(h["dealer"], h["winners"]) for h in given] == expected
    elif kind == "claim":
        profile = get_profile(variant)
        for row, want in zip(given, expected, strict=True):
            if "refused" in want:  # a claim the seat may not make: refused, naming the rule
                with pytest.raises(MahjongError, match=want["refused"]):
                    resolve_declared(profile, row["discarder"], row["claims"])
                continue
            got = resolve_declared(profile, row["discarder"], row["claims"])
            assert {s: ("kong" if c == "zhi_kong" else c) for s, c in got.items()} == want
    elif kind == "pass_lock":
        scope = get_profile(variant).option("pass_lock_scope")
        assert pass_lock(given["events"], scope)["try_win_results"] == expected["try_win_results"]
    elif kind == "prevalent_wind":
        got = wind_rounds(given["first_dealer"], given["hands"])
        assert {k: got[k] for k in expected} == expected
    else:
        pytest.fail(f"unknown procedure kind {kind}")
