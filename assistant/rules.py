"""The engine switches a hand is read under: its variant's profile with the hand's own wilds.

Shared by the scoring of wild hands (:mod:`assistant.scoring.wild_hands`) and the analysis
above it, so both read a hand's tiles the same way without the scoring importing the analysis.

>>> from assistant.hand import HandState
>>> from assistant.profile import RuleProfile
>>> state = HandState.from_json({"concealed": "123m456p789s1122z"})
>>> split_wilds(state.tiles, rules_of(RuleProfile(name="t", name_zh="t"), state))[1]
0
"""

from __future__ import annotations

from typing import Any

from . import native
from .hand import HandState
from .profile import RuleProfile
from .tiles import INDEX, WINDS
from .waits import Rules
from .wilds import stand_ins, wild_codes_for

#: No tile absent: the set of most variants.
_NONE: frozenset[int] = frozenset()


def rules_of(profile: RuleProfile, state: HandState) -> Rules:
    """The engine switches for this hand: the profile's, plus the hand's own wild tiles (those
    it lists and those its indicator makes) and, 开杠不补牌, one tile short per kong."""
    wild_codes = wild_codes_for(profile, state)
    absent = frozenset(INDEX[t] for t in profile.absent_tiles) if profile.absent_tiles else _NONE
    if profile.three_player:
        absent |= frozenset(range(1, 8))
    short = kongs_short(profile, state.melds)
    return Rules(profile.forms, wild_codes, absent, profile.three_player,
                 profile.four_as_two_pairs, profile.winds_as_one,
                 int(profile.imagined_tile) + short,
                 stand_ins(profile, wild_codes, state.indicator) if wild_codes else ())


def kongs_short(profile: RuleProfile, melds: Any) -> int:
    """Tiles the hand is short (开杠不补牌: no replacement drawn, one per kong, two per quint)."""
    if not profile.kong_no_replacement:
        return 0
    extra = {"kong": 1, "quint": 2}
    return sum(extra.get(m.type if hasattr(m, "type") else m.get("type"), 0) for m in melds)


def split_wilds(tiles: list[str], rules: Rules) -> tuple[list[int], int]:
    """Counts of the natural tiles and the number of wild tiles among ``tiles`` (the imagined
    心皇 tile among them); with ``fold_winds`` every wind counts as East; a stand-in (白板 for
    百搭) counts as the kind it stands for."""
    if not (rules.wild_codes or rules.fold_winds or rules.stand_in or rules.virtual_wilds):
        core = native.core  # every tile counts as itself: the compiled core counts them
        counts = core.tile_counts(tiles) if core is not None else NotImplemented
        if counts is not NotImplemented:
            return counts, 0
    counts = [0] * 34
    wilds = rules.virtual_wilds
    stand_in = dict(rules.stand_in)
    for t in tiles:
        if t in rules.wild_codes:
            wilds += 1
        elif rules.fold_winds and t in WINDS:
            counts[INDEX["E"]] += 1
        else:
            counts[INDEX[stand_in.get(t, t)]] += 1
    return counts, wilds
