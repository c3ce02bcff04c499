"""Hand states: JSON in and out, and every kind of bad input named in the error."""

from __future__ import annotations

import pytest

from assistant import HandState, MahjongError


def state(**kw):
    return HandState.from_json(kw)


def test_round_trip_keeps_everything() -> None:
    data = {
        "concealed": ["1m", "2m", "3m", "5p", "5p", "7s", "8s", "9s", "E", "E"],
        "melds": [{"type": "pung", "tiles": ["C", "C", "C"], "concealed": False, "from": "left"}],
        "win_tile": "E",
        "context": {"self_drawn": True, "seat_wind": "S", "prevalent_wind": "W",
                    "wall_last": True, "kong_replacement": False, "robbing_kong": False,
                    "first_go_around": False, "is_4th_tile": False, "flowers": 2},
        "bonus": ["1f", "5f"], "visible": ["E", "9s"],
    }
    s = HandState.from_json(data)
    assert s.self_drawn and s.last_tile and s.seat_wind == "S" and s.tile_count == 14
    again = HandState.from_json(s.to_json())
    assert again == s
    assert s.to_json()["melds"][0]["from"] == "left"


def test_about_kong_maps_to_the_right_flag() -> None:
    base = {"concealed": "123m456p789s1z", "melds": [{"type": "pung", "tiles": "CCC"}],
            "win_tile": "E"}
    drawn = HandState.from_json({**base, "context": {"self_drawn": True, "about_kong": True}})
    robbed = HandState.from_json({**base, "context": {"self_drawn": False, "about_kong": True}})
    assert drawn.kong_replacement and not drawn.robbing_kong
    assert robbed.robbing_kong and not robbed.kong_replacement


@pytest.mark.parametrize("data, message, token", [
    ({"concealed": "123m456p789s1122z5m5m"}, "too many tiles", 15),
    ({"concealed": "123m456p789s11z"}, "too few tiles", 11),
    ({"concealed": "11111m23p456p789s"}, "5 copies of 1m", "1m"),
    ({"concealed": "123m456p789s1122z", "visible": ["E", "E", "E"]}, "5 copies of E", "E"),
    ({"concealed": "123m456p789sEE", "melds": [{"type": "chow", "tiles": ["1m", "2m", "4m"]}]},
     "is not a chow", "1m 2m 4m"),
    ({"concealed": "123m456p789sEE", "melds": [{"type": "chow", "tiles": ["8m", "9m", "1p"]}]},
     "is not a chow", "8m 9m 1p"),
    ({"concealed": "123m456p789sEE", "melds": [{"type": "triple", "tiles": ["1m"] * 3}]},
     "type must be one of", "triple"),
    ({"concealed": "123m456p789s1f1122z"}, "bonus tile 1f", "1f"),
    ({"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "Q"]},
     "unknown tile 'Q'", "Q"),
    ({"concealed": "123m456p789s1122z", "context": {"seat_wind": "X"}}, "seat_wind", "X"),
    ({"concealed": "123m456p789s1122z", "context": {"self_drawn": "yes"}}, "self_drawn",
     "self_drawn"),
    ({"concealed": 5}, "must be a list", 5),
    ({"concealed": "123m456p789s112z", "win_tile": "E"}, "must make 14", 13),
    ({"concealed": "123m456p789sEE", "melds": [{"type": "kong", "tiles": ["back"] * 4,
                                                 "concealed": True}]}, "face-up", "back back back back"),
    ({"concealed": "123m456p789sEE", "melds": [{"type": "pung", "tiles": ["back", "E", "E"]}]},
     "face-down", "back"),
])
def test_bad_hands_are_named(data, message, token) -> None:
    with pytest.raises(MahjongError, match=message) as err:
        HandState.from_json(data)
    assert err.value.token == token


def test_a_pung_of_two_kinds_is_refused_where_no_wild_stands_in() -> None:
    # A pung's faces are read under the variant (its wilds, 芜湖's winds), so the analysis
    # refuses 1m 1m 2m where 2m is not wild, naming the meld.
    from assistant.analysis import analyze

    with pytest.raises(MahjongError, match="meld 1 .* is not a pung") as err:
        analyze({"concealed": "123m456p789sEE",
                 "melds": [{"type": "pung", "tiles": ["1m", "1m", "2m"]}]})
    assert err.value.token == "1m 1m 2m"


def test_not_an_object() -> None:
    with pytest.raises(MahjongError, match="JSON object"):
        HandState.from_json([1, 2])


def test_concealed_kong_with_backs_reads_its_tile() -> None:
    s = state(concealed="123m456p789sEE",
              melds=[{"type": "kong", "tiles": ["back", "5s", "5s", "back"], "concealed": True}])
    assert s.melds[0].faces == ("5s",) * 4
    assert s.own_counts()["5s"] == 4
