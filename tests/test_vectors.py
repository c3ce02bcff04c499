"""Every shanten, agari and wait vector in ../shared/vectors, through the public API.

Convention differences between the sources are profile switches: riichi seven pairs need seven
different pairs (``riichi`` profile), and GB-Mahjong does not count a tile whose four copies are in
your own hand as a wait (``mcr`` profile, ``waits_in_own_hand = False``).
"""

from __future__ import annotations

import pytest
from conftest import vector_params

from assistant import MahjongError, analyze, get_profile, is_complete, shanten_forms, to_counts
from assistant.shanten import Form, shanten, shanten_regular, shanten_seven_pairs

RIICHI_FORMS = (Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS)
RIICHI = "riichi_mahjongrepository/riichi_shanten_agari.jsonl"


def _counts(row: dict) -> list[int]:
    return to_counts(row["concealed"])


@pytest.mark.parametrize("row", vector_params(RIICHI, lambda r: r["kind"].startswith("shanten")))
def test_riichi_shanten(row: dict) -> None:
    kind, counts, expected = row["kind"], _counts(row), row["expected"]["shanten"]
    if "3p" in kind:
        got = shanten_regular(counts, three_player=True)
    elif kind.startswith("shanten_regular"):
        got = shanten_regular(counts)
    elif kind == "shanten_seven_pairs_riichi":
        got = shanten_forms(counts, forms=(Form.SEVEN_PAIRS,), four_as_two_pairs=False)[
            Form.SEVEN_PAIRS]
    elif kind == "shanten_thirteen_orphans":
        got = shanten_forms(counts, forms=(Form.THIRTEEN_ORPHANS,))[Form.THIRTEEN_ORPHANS]
    else:
        got = shanten(counts, forms=RIICHI_FORMS, four_as_two_pairs=False)
    assert got == expected


@pytest.mark.parametrize("row", vector_params(RIICHI, lambda r: r["kind"].startswith("agari")))
def test_riichi_agari(row: dict) -> None:
    expected = row["expected"]["is_agari"]
    if len(row["concealed"]) == 14 and max(_counts_unchecked(row)) <= 4:
        result = analyze({"concealed": row["concealed"]}, variant="riichi")
        assert result["is_win"] is expected
    elif max(_counts_unchecked(row)) > 4:
        # A fifth copy is not a hand at all: the engine says so instead of answering "no win".
        with pytest.raises(MahjongError, match="copies"):
            analyze({"concealed": row["concealed"]}, variant="riichi")
    else:
        profile = get_profile("riichi")
        assert is_complete(_counts(row), 0, profile.forms, profile.four_as_two_pairs) is expected


def _counts_unchecked(row: dict) -> list[int]:
    from assistant.tiles import INDEX

    counts = [0] * 34
    for t in row["concealed"]:
        counts[INDEX[t]] += 1
    return counts


@pytest.mark.parametrize("row", vector_params("shanten_apricot/shanten_regular_edge_cases.jsonl"))
def test_apricot_regular_shanten(row: dict) -> None:
    assert shanten_regular(_counts(row)) == row["expected"]["shanten"]


@pytest.mark.parametrize("row", vector_params("shanten_misc/shanten_misc.jsonl"))
def test_misc(row: dict) -> None:
    counts = _counts(row)
    if row["kind"] == "waits":
        result = analyze({"concealed": row["concealed"]})
        assert [w["tile"] for w in result["waits"]] == row["expected"]["waits"]
    elif row["kind"] == "shanten_seven_pairs_riichi":
        assert shanten_seven_pairs(counts, four_as_two_pairs=False) == row["expected"]["shanten"]
    else:
        assert shanten(counts, forms=RIICHI_FORMS, four_as_two_pairs=False) == \
            row["expected"]["shanten"]
    if "mcr_seven_pairs_shanten_pymahjonggb" in row:
        assert shanten_seven_pairs(counts) == row["mcr_seven_pairs_shanten_pymahjonggb"]


WAIT_FILES = ["mcr_summerinsects/mcr_unittest_waits.jsonl",
              "mcr_gbmahjong_zhengfan/mcr_gbm_waits.jsonl"]


@pytest.mark.parametrize("row", [p for f in WAIT_FILES for p in vector_params(f)])
def test_mcr_waits(row: dict) -> None:
    state = {"concealed": row["concealed"], "melds": row["melds"]}
    expected = row["expected"]["waits"]
    if len(row["concealed"]) + 3 * len(row["melds"]) < 13:
        # A partial hand (melds implied): the library call, as the hand-state checks refuse it.
        from assistant.tiles import TILES
        from assistant.waits import waits

        assert [TILES[i] for i in waits(_counts(row))] == expected
        return
    own_four = "4 copies are all in this hand" in row["expected"].get("convention", "")
    variant = "mcr" if own_four else "default"
    got = analyze(state, variant=variant)["waits"]
    if own_four:
        assert [w["tile"] for w in got] == expected
    else:
        assert {w["tile"] for w in got} == set(expected)
    # Under the default profile, a wait on a tile the hand holds four of is kept, but dead.
    default = analyze(state)["waits"]
    assert {w["tile"] for w in default} >= set(expected)
    for w in default:
        if w["tile"] not in expected:
            assert w["remaining"] == 0 and w["dead"]


@pytest.mark.parametrize("row", vector_params("mcr_summerinsects/mcr_unittest_shanten.jsonl"))
def test_mcr_shanten_per_form(row: dict) -> None:
    result = analyze({"concealed": row["concealed"], "melds": row["melds"]}, variant="mcr")
    forms = [f for f in Form if f.value in row["expected"]]
    for form in Form:
        expected = row["expected"][form.value]["shanten"] if form in forms else None
        assert result["shanten_forms"][form.value] == expected
    assert result["shanten"] == row["expected"]["min_shanten"]
    # Effective tiles of each form, from the engine's per-form improvers.
    from assistant.tiles import TILES
    from assistant.waits import form_improvers

    for form in forms:
        tiles = sorted(TILES[i] for i in form_improvers(form, _counts(row)))
        assert tiles == sorted(row["expected"][form.value]["useful_tiles"])


FAN_FILES = ["mcr_summerinsects/mcr_rulebook_examples.jsonl",
             "mcr_gbmahjong_zhengfan/mcr_gbm_fans.jsonl"]


@pytest.mark.parametrize("row", [p for f in FAN_FILES for p in vector_params(f)])
def test_mcr_example_hands_are_wins(row: dict) -> None:
    """Every scored rulebook hand is complete, with its melds and winning tile."""
    state = {"concealed": row["concealed"], "melds": row["melds"], "win_tile": row["win_tile"],
             "context": row["context"]}
    result = analyze(state, variant="mcr")
    assert result["is_win"], result["shanten_forms"]
    names = {f["name_zh"] for f in row["expected"]["fans"]}
    forms = {d["form"] for d in result["decompositions"]}
    if "十三幺" in names:
        assert "thirteen_orphans" in forms
    if names & {"全不靠", "七星不靠"}:
        assert "honors_and_knitted" in forms
    if "组合龙" in names and not names & {"全不靠", "七星不靠"}:
        assert "knitted_straight" in forms
    if names & {"七对", "连七对"}:
        assert "seven_pairs" in forms


@pytest.mark.parametrize("row", vector_params("sichuan_dcmshi/sichuan_scoring_cases.jsonl",
                                              lambda r: "is_win" in r["expected"]))
def test_sichuan_hands_win(row: dict) -> None:
    state = {"concealed_incl_win_tile": row["concealed_incl_win_tile"], "melds": row["melds"],
             "win_tile": row["win_tile"], "context": {"void_suit": row["context"]["void_suit"]}}
    assert analyze(state)["is_win"] is row["expected"]["is_win"]
