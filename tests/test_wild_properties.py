"""Property tests of the wild-tile tables: a hand with k wilds is a win exactly when some
substitution of real tiles (within each wild's allowed group) is a win under the variant."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.decompose import decompositions
from assistant.hand import HandState
from assistant.jokers import JOKERS, joker_readings
from assistant.scoring.readings import complete_readings
from assistant.shanten import Form
from assistant.tiles import INDEX, TILES
from assistant.variants import get_profile
from assistant.wilds import wild_codes_for


def naturals(size: int, banned: set[int] = frozenset()):
    """``size`` natural tiles, none of the ``banned`` kinds: a complete hand (four sets and a
    pair, or seven pairs) less some tiles, one of them sometimes changed — wins and near misses
    both come often."""
    group = st.one_of(
        st.sampled_from([t for t in range(34)]).map(lambda t: [t] * 3),
        st.sampled_from([s + n for s in (0, 9, 18) for n in range(7)]).map(
            lambda t: [t, t + 1, t + 2]))
    pair = st.sampled_from(range(34)).map(lambda t: [t, t])
    regular = st.tuples(st.lists(group, min_size=4, max_size=4), pair).map(
        lambda gp: sum(gp[0], []) + gp[1])
    pairs = st.lists(pair, min_size=7, max_size=7).map(lambda ps: sum(ps, []))

    def cut(hand: list[int], data: st.DataObject) -> list[int]:
        hand = data.draw(st.permutations(hand))[:size]
        if data.draw(st.booleans()):
            hand[0] = data.draw(st.sampled_from(range(34)))
        return sorted(hand)

    return st.tuples(st.one_of(regular, pairs), st.data()).map(lambda hd: cut(*hd)).filter(
        lambda h: all(t not in banned for t in h) and all(h.count(t) <= 4 for t in set(h)))


def _counts(tiles: list[int]) -> list[int]:
    out = [0] * 34
    for t in tiles:
        out[t] += 1
    return out


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["xuzhou", "lianzhou", "tianjin"]), st.integers(1, 2), st.data())
def test_a_wild_hand_wins_exactly_when_a_substitution_does(variant: str, k: int, data) -> None:
    profile = get_profile(variant)
    indicator = "8m"  # 配儿 9m (徐州), 王 7m (连州), 混儿 8m 9m (天津)
    probe = HandState(concealed=[], indicator=indicator)
    codes = wild_codes_for(profile, probe)
    tiles = data.draw(naturals(14 - k, {INDEX[c] for c in codes}))
    concealed = [TILES[t] for t in tiles[1:]] + [codes[0]] * k
    state = HandState(concealed=concealed, win_tile=TILES[tiles[0]], self_drawn=True,
                      indicator=indicator)
    counts = _counts(tiles)
    fast = bool(complete_readings(state, profile, counts, k)[0])
    slow = False
    for sub in combinations_with_replacement(range(34), k):
        full = _counts(tiles + list(sub))
        if complete_readings(state, profile, full, 0)[0]:
            slow = True
            break
    assert fast == slow


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(sorted(JOKERS)), min_size=1, max_size=2), st.data())
def test_restricted_jokers_win_exactly_when_a_choice_in_their_groups_does(names, data) -> None:
    tiles = data.draw(naturals(14 - len(names)))
    counts = _counts(tiles)
    fast = bool(joker_readings(counts, names, (Form.REGULAR, Form.SEVEN_PAIRS)))
    groups = [JOKERS[n].group for n in names]
    slow = any(decompositions(_counts(tiles + list(choice)), 0, (Form.REGULAR, Form.SEVEN_PAIRS))
               for choice in product(*groups))
    assert fast == slow


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 3), st.data())
def test_advice_never_discards_a_caishen(k: int, data) -> None:
    """温州: whatever the hand, no discard advised is a 财神 (财神不能打出)."""
    from assistant import analyze

    tiles = data.draw(naturals(14 - k, {INDEX["5p"], INDEX["P"]}))
    hand = {"concealed": [TILES[t] for t in tiles] + ["5p"] * k, "indicator": "5p",
            "variant": "wenzhou"}
    result = analyze(hand)
    assert all(d["tile"] != "5p" for d in result["discards"])
    if not result["is_win"]:
        assert result["discards"]
