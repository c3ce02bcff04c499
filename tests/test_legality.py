"""One source of legality: for every variant, what ``claims`` offers on a discard is exactly what
``analyze`` accepts afterwards (the win on the tile, each pung, kong and chow made with it), and
the practice page only asks about hands the variant lets win."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from assistant import analyze, claims_on_discard
from assistant.errors import MahjongError
from assistant.service import practice
from assistant.tiles import INDEX, TILES, WINDS, sorted_tiles
from assistant.variants import PROFILES, get_profile
from assistant.wilds import wilds_from_indicator

VARIANTS = sorted(PROFILES)
#: Every variant as it is dealt, and house rules that change what may be claimed or won.
CONFIGS = [(name, {}) for name in VARIANTS] + [
    ("sichuan", {"players": 2}), ("sichuan", {"players": 3, "three_player_flush_only": True}),
    ("wuhan", {"concealed_kong_opens": False}), ("fujian", {"wild_sets_only": True}),
    ("fujian", {"wild_indicator": "window"}), ("hongkong", {"min_fan": 0}),
    ("default", {"chow_allowed": False}),
    ("default", {"wild_in_claims": False, "wild_tiles": ["P"]}),
]


def _pool(name: str, options: dict[str, Any]) -> dict[str, int]:
    """Copies of each tile in the variant's set (absent tiles none, 芜湖's winds one)."""
    profile = get_profile(name, options)
    gone = set(profile.absent_tiles) | ({f"{n}m" for n in range(2, 9)}
                                        if profile.three_player else set())
    return {t: 0 if t in gone else 1 if t in profile.one_copy else 4 for t in TILES}


@st.composite
def seats(draw: st.DrawFn, name: str, options: dict[str, Any]) -> dict[str, Any]:
    """A seat's hand near a win (sets and a pair, one tile out, some junk), perhaps a claimed
    pung, perhaps a turned tile making wilds, and a discard: often the tile taken out."""
    profile = get_profile(name, options)
    pool = _pool(name, options)
    tiles = [t for t in TILES if pool[t]]
    groups: list[list[str]] = []
    while len(groups) < -(-(profile.hand_size - 1) // 3):
        how = draw(st.sampled_from(["chow", "pung", "pung", "junk"]))
        if how == "chow":
            suit, low = draw(st.sampled_from("mps")), draw(st.integers(1, 7))
            groups.append([f"{low + k}{suit}" for k in range(3)])
        elif how == "pung":
            groups.append([draw(st.sampled_from(tiles))] * 3)
        else:
            groups.append(draw(st.lists(st.sampled_from(tiles), min_size=3, max_size=3)))
    pair = draw(st.sampled_from(tiles))
    melds = []
    if draw(st.booleans()) and groups[0][0] == groups[0][1] == groups[0][2]:
        melds.append({"type": "pung", "tiles": groups.pop(0), "from": "opposite"})
    full = [t for g in groups for t in g] + [pair, pair]
    out = full.pop(draw(st.integers(0, len(full) - 1)))
    while len(full) + 3 * len(melds) > profile.hand_size:
        full.pop(draw(st.integers(0, len(full) - 1)))
    indicator = draw(st.sampled_from(tiles)) if profile.wild_indicator else None
    # The tiles the variant treats apart (its wilds, 红中 laid out, 芜湖's winds), a few held.
    special = sorted(set(wilds_from_indicator(profile.wild_indicator, indicator)
                         if indicator else ()) | set(profile.laid_out_tiles)
                     | (set(WINDS) if profile.winds_as_one else set()))
    for _ in range(draw(st.integers(0, 3)) if special else 0):
        full[draw(st.integers(0, len(full) - 1))] = draw(st.sampled_from(special))
    # The tile taken out (a win), a tile held (a pung, a kong), or any tile of the set.
    discard = draw(st.sampled_from([out, draw(st.sampled_from(full)), draw(st.sampled_from(tiles))]))
    used = Counter(full) + Counter(t for m in melds for t in m["tiles"]) + Counter([discard])
    used += Counter([indicator] if indicator else [])
    assume(all(n <= pool[t] for t, n in used.items()))
    hand: dict[str, Any] = {"concealed": sorted_tiles(full), "melds": melds, "options": options}
    if indicator:
        hand["indicator"] = indicator
    return {"hand": hand, "discard": discard}


def _accepted(name: str, hand: dict[str, Any]) -> dict[str, Any] | None:
    """The analysis of a hand, or None where the variant refuses it."""
    try:
        return analyze({**hand, "variant": name})
    except MahjongError:
        return None


def _claims(name: str, seat: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return claims_on_discard({"discard": seat["discard"], "discarder": "E", "variant": name,
                                  "options": seat["hand"]["options"],
                                  "hands": {"S": seat["hand"]}})["seats"]["S"]
    except MahjongError:
        return None


def _after(hand: dict[str, Any], kind: str, tiles: tuple[str, ...], discard: str) -> dict:
    """The hand after claiming ``discard`` into the meld ``tiles`` (and, for a chow or a pung,
    discarding its lowest tile, so the analysis reads a hand waiting, not one to score)."""
    left = Counter(hand["concealed"]) - (Counter(tiles) - Counter([discard]))
    if kind != "kong" and left:
        left -= Counter(sorted_tiles(left.elements())[:1])
    return {**hand, "concealed": sorted_tiles(left.elements()),
            "melds": [*hand["melds"], {"type": kind, "tiles": list(tiles), "from": "left"}]}


@pytest.mark.parametrize("name,options", CONFIGS)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_claims_offer_exactly_what_the_analysis_accepts(name: str, options: dict[str, Any],
                                                        data: st.DataObject) -> None:
    seat = data.draw(seats(name, options))
    hand, discard = seat["hand"], seat["discard"]
    offered = _claims(name, seat)
    if offered is None:  # a hand or discard the variant refuses: the analysis refuses it too
        profile = get_profile(name, options)
        wild_thrown = discard in analyze_wilds(name, hand) and not profile.wild_discard
        assert wild_thrown or _accepted(name, hand) is None
        return
    won = _accepted(name, {**hand, "win_tile": discard, "self_drawn": False})
    wins = won is not None and won["is_win"] and "score_error" not in won
    assert offered["win"] == wins, (hand, discard, won and won.get("not_a_win"))
    counts = Counter(hand["concealed"])
    for kind, size, listed in (("pung", 2, offered["pungs"]), ("kong", 3, offered["kongs"]),
                               ("chow", 2, offered["chows"])):
        for others in combinations_with_replacement(sorted(counts, key=INDEX.__getitem__), size):
            if any(Counter(others)[t] > counts[t] for t in others):
                continue
            tiles = tuple(sorted_tiles([discard, *others]))
            fine = _accepted(name, _after(hand, kind, tiles, discard)) is not None
            assert (list(tiles) in listed) == fine, (kind, tiles, hand, discard)


def analyze_wilds(name: str, hand: dict[str, Any]) -> list[str]:
    """The hand's wild tiles as the analysis reads them (none when it refuses the hand)."""
    result = _accepted(name, hand)
    return result.get("wilds", []) if result else []


@pytest.mark.parametrize("name", VARIANTS)
def test_practice_asks_only_about_hands_the_variant_lets_win(name: str) -> None:
    for seed in range(6):
        q = practice.question(seed, name)
        state = {"concealed": q["hand"], "melds": q["melds"], "stood": q["stood"],
                 "variant": name}
        result = analyze(state)
        assert result["shanten"] == 0 and result["waits"], (seed, q)
        for wait in result["waits"]:
            won = analyze({**state, "win_tile": wait["tile"], "self_drawn": True})
            assert won["is_win"] and "score_error" not in won, (seed, q, wait)
        checked = practice.check(q["hand"], [w["tile"] for w in result["waits"]], name,
                                 q["melds"], q["stood"])
        assert checked["correct"]
