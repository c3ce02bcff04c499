"""The readings a variant lets a complete hand win with, and the waits of a ready hand.

The analysis builds its answer from these; the variants whose scores hang on the waits (夹张 and
单调 counted only on a single wait) call :func:`wait_tiles` here, below the analysis.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from ..decompose import Decomposition, decompositions
from ..hand import HandState
from ..profile import RuleProfile
from ..rules import kongs_short, rules_of, split_wilds
from ..tiles import DRAGONS, INDEX, TILES, WINDS
from ..waits import Rules, waits
from ..wilds import wild_codes_for
from .wild_hands import Shapeless, resolved_hands, shapeless


def complete_readings(state: HandState, profile: RuleProfile, counts: list[int],
                      wilds: int) -> tuple[list[Decomposition], tuple[str, str] | None]:
    """The readings of a complete hand that the variant lets win, and the rule that stops the
    others when none is left (its own ``win_condition``); a shapeless win (三财神) is one
    reading of its own. The condition sees each reading with the wilds as what they stand for."""
    readings = decompositions(counts, wilds, profile.forms, profile.four_as_two_pairs)
    readings = [r for r in readings if _wilds_fit(profile, state, r)]
    if profile.shapeless_win is not None:
        name = profile.shapeless_win(state, profile)
        if name is not None:
            readings.append(shapeless(state.tiles, name))
    if not readings or profile.win_condition is None:
        return readings, None
    kept, reason = [], None
    codes = wild_codes_for(profile, state)
    for reading, (hand, _) in zip(readings, resolved_hands(state, readings, counts, codes),
                                  strict=True):
        broken = None if isinstance(reading, Shapeless) else profile.win_condition(
            state, hand, profile)
        if broken is None:
            kept.append(reading)
        elif reason is None:
            reason = broken
    return kept, None if kept else reason


def _wilds_fit(profile: RuleProfile, state: HandState, reading: Decomposition) -> bool:
    """开杠不补牌: the tiles short are the eye (one kong: a single eye, two: none); 百搭 that
    forms sets: the other wilds are in pungs only."""
    short = kongs_short(profile, state.melds)
    pair = reading.pair
    if short and (pair is None or pair.wilds < min(short, 2)):
        return False
    if profile.wild_sets_only:
        return all(g.kind == "pung" or not g.wilds or (g is pair and g.wilds <= short)
                   for g in reading.groups)
    return True


def remaining_copies(state: HandState) -> list[int]:
    """Unseen copies of each tile: four, less the player's own tiles and the visible ones."""
    seen = state.own_counts() + Counter(state.visible) + Counter(state.discards) + Counter(
        t for t in state.bonus if t in DRAGONS) + Counter(state.laid_out) + Counter(
        [state.indicator] if state.indicator else [])
    return [max(0, 4 - seen[t]) for t in TILES]


def ready_waits(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int], wilds: int,
               remaining: list[int]) -> list[dict[str, Any]]:
    """The waits of a ready hand with the copies left; drawing a wild tile always completes it."""
    found = [TILES[i] for i in waits(counts, wilds, rules, fifth_copy=profile.waits_in_own_hand)]
    found += [w for w in rules.wild_codes if w not in found]
    own = state.own_counts()
    if rules.fold_winds and "E" in found:  # a wind wait is any wind the player does not hold
        found = [t for t in found if t != "E"] + [w for w in WINDS if not own[w]]
    if profile.win_condition is not None:
        found = [t for t in found if _wins_with(state, profile, rules, t)]
    out = []
    for t in found:
        left = remaining[INDEX[t]]
        if not profile.waits_in_own_hand and own[t] >= 4:
            continue
        if left == 0 and not profile.dead_waits:
            continue
        row = {"tile": t, "remaining": left, "dead": left == 0}
        if wilds > rules.virtual_wilds:
            row["wilds_as"] = _wilds_as(state, profile, rules, t)
        out.append(row)
    return out


def _wilds_as(state: HandState, profile: RuleProfile, rules: Rules, tile: str) -> list[str]:
    """What the hand's wild tiles stand for when ``tile`` completes it (its first reading)."""
    won = replace(state, win_tile=tile)
    counts, wilds = split_wilds(won.tiles, rules)
    readings = complete_readings(won, profile, counts, wilds)[0]
    if not readings:
        return []
    return resolved_hands(won, readings[:1], counts, rules.wild_codes)[0][1]


def wait_tiles(state: HandState, profile: RuleProfile) -> list[str]:
    """The tiles a hand waited on before its winning tile (or that a 13-tile hand waits on)."""
    before = replace(state, win_tile=None) if state.win_tile else state
    rules = rules_of(profile, before)
    counts, wilds = split_wilds(before.tiles, rules)
    found = ready_waits(before, profile, rules, counts, wilds, remaining_copies(before))
    return [w["tile"] for w in found]


def _wins_with(state: HandState, profile: RuleProfile, rules: Rules, tile: str) -> bool:
    """Whether drawing ``tile`` makes a win the variant allows (a wild is drawn, not claimed:
    徐州 跑配成牌)."""
    won = replace(state, win_tile=tile, self_drawn=state.self_drawn or tile in rules.wild_codes)
    counts, wilds = split_wilds(won.tiles, rules)
    return bool(complete_readings(won, profile, counts, wilds)[0])
