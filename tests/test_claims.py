"""Claims on a discard and their resolution, per profile switch."""

from __future__ import annotations

import pytest

from assistant import MahjongError, claims_on_discard

READY_5P = "34p123m456s789sEE"  # waits 2p / 5p


def request(**kw):
    return {"discard": "5p", "discarder": "E", **kw}


def test_only_the_next_seat_may_chow() -> None:
    hands = {"S": {"concealed": "46p123m456s78sEES"}, "N": {"concealed": "46p123m456s78sEES"}}
    r = claims_on_discard(request(hands=hands))
    assert r["seats"]["S"]["chows"] == [["4p", "5p", "6p"]]
    assert r["seats"]["N"]["chows"] == []
    assert r["claim"] == {"seat": "S", "type": "chow", "can_kong": False}


def test_pung_beats_chow_and_kong_is_offered() -> None:
    hands = {"S": {"concealed": "46p123m456s78sEES"}, "W": {"concealed": "555p1m456s789sEEE"}}
    r = claims_on_discard(request(hands=hands))
    assert r["seats"]["W"]["kong"] and r["seats"]["W"]["pung"]
    assert r["claim"] == {"seat": "W", "type": "pung", "can_kong": True}


def test_nearest_winner_takes_it_by_default() -> None:
    hands = {"N": {"concealed": READY_5P}, "W": {"concealed": READY_5P.replace("EE", "SS")}}
    r = claims_on_discard(request(hands=hands))
    assert r["seats"]["W"]["win"] and r["seats"]["N"]["win"]
    assert r["winners"] == ["W"] and r["claim"] is None


def test_several_winners_when_the_profile_allows() -> None:
    hands = {"N": {"concealed": READY_5P}, "W": {"concealed": READY_5P.replace("EE", "SS")}}
    assert claims_on_discard(request(hands=hands, options={"multiple_winners": True}))[
        "winners"] == ["W", "N"]
    # Riichi: both ready hands win once both have a yaku (N's 东 pair makes no pinfu).
    riichi = {seat: {**hand, "context": {"riichi": True, "seat_wind": seat}}
              for seat, hand in hands.items()}
    assert claims_on_discard(request(hands=riichi, variant="riichi"))["winners"] == ["W", "N"]


def test_riichi_no_yaku_no_ron() -> None:
    """A riichi hand complete on the discard but without a yaku cannot win on it (W's pinfu
    can; N's hand, its 东 pair a round-wind pair, has none)."""
    hands = {"N": {"concealed": READY_5P, "context": {"seat_wind": "N"}},
             "W": {"concealed": READY_5P.replace("EE", "SS"), "context": {"seat_wind": "W"}}}
    r = claims_on_discard(request(hands=hands, variant="riichi"))
    assert r["winners"] == ["W"] and not r["seats"]["N"]["win"]


def test_win_beats_pung() -> None:
    hands = {"S": {"concealed": "55p12m456s789sEEE"}, "N": {"concealed": READY_5P}}
    r = claims_on_discard(request(hands=hands))
    assert r["winners"] == ["N"] and r["seats"]["S"]["pung"]


def test_no_chow_profile_and_passed_win() -> None:
    hands = {"S": {"concealed": "46p123m456s78sEES"}}
    r = claims_on_discard(request(hands=hands, options={"chow_allowed": False}))
    assert r["seats"]["S"]["chows"] == [] and r["claim"] is None
    hands = {"S": {"concealed": READY_5P}}
    assert claims_on_discard(request(hands=hands, passed=["S"]))["winners"] == []


def test_robbing_a_kong_only_allows_a_win() -> None:
    hands = {"S": {"concealed": READY_5P}, "W": {"concealed": "55p1m456s789sEEES"}}
    r = claims_on_discard(request(hands=hands, robbing_kong=True))
    assert r["winners"] == ["S"] and not r["seats"]["W"]["pung"]
    r = claims_on_discard(request(hands=hands, robbing_kong=True,
                                  options={"kong_robbable": False}))
    assert r["winners"] == []


@pytest.mark.parametrize("req, message", [
    (request(hands={"X": {"concealed": READY_5P}}), "unknown seat 'X'"),
    (request(hands={"E": {"concealed": READY_5P}}), "discarded the tile"),
    (request(hands={"S": {"concealed": READY_5P + "1m"}}), "holds 13 tiles"),
    (request(hands={"S": {"concealed": "11111m"}}), "seat S: 5 copies"),
    ({"discard": "1f", "discarder": "E", "hands": {"S": {"concealed": READY_5P}}}, "cannot be"),
    ({"discard": "5p", "discarder": "Q", "hands": {}}, "discarder"),
    (request(hands=[]), "'hands'"),
    (request(hands={"S": {"concealed": READY_5P}}, variant="mars"), "unknown variant"),
])
def test_bad_requests(req, message) -> None:
    with pytest.raises(MahjongError, match=message):
        claims_on_discard(req)


def test_the_report_shows_the_tiles_of_a_set_made_with_a_wild_or_a_joker() -> None:
    from assistant.report import claims_report

    r = claims_on_discard({"discard": "5p", "discarder": "E", "variant": "xuzhou",
                           "hands": {"W": {"concealed": "5pS123m789s11sNNN", "indicator": "E"}}})
    assert "W: 碰55pS" in claims_report(r, "zh") and "W: pung 55pS" in claims_report(r, "en")
    r = claims_on_discard({"discard": "5p", "discarder": "E", "variant": "fujian",
                           "options": {"special_jokers": True},
                           "hands": {"S": {"concealed": "5p123m789s11sEEN", "jokers": ["四后"]}}})
    assert "S: 一张真牌加特别百搭碰（四后）" in claims_report(r, "zh")
