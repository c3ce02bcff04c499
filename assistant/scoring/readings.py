"""The readings a variant lets a complete hand win with, and the waits of a ready hand.

Below the variants, so that a variant whose score hangs on the waits (夹张 and 单调 counted only
on a single wait, 压档) reads them here; the analysis and the legality checks above build on them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from ..decompose import Decomposition, decompositions
from ..hand import HandState
from ..profile import RuleProfile
from ..rules import kongs_short, rules_of, split_wilds
from ..table_view import seen_on_table, shows_table
from ..tiles import DRAGONS, INDEX, TILES, WINDS
from ..waits import Rules, waits
from ..wilds import wild_codes_for
from .wild_hands import Shapeless, resolved_hands, shapeless


def complete_readings(state: HandState, profile: RuleProfile, counts: list[int],
                      wilds: int, first: bool = False,
                      ) -> tuple[list[Decomposition], tuple[str, str] | None]:
    """The readings of a complete hand that the variant lets win, and the rule that stops the
    others when none is left (its own ``win_condition``); a shapeless win (三财神) is one
    reading of its own. The condition sees each reading with the wilds as what they stand for.
    ``first``: stop at the first reading that wins (whether a tile wins: a hand of three or four
    wilds reads a thousand ways, and the waits ask this of every tile)."""
    readings = decompositions(counts, wilds, profile.forms, profile.four_as_two_pairs)
    readings = [r for r in readings if _wilds_fit(profile, state, r)]
    if profile.shapeless_win is not None:
        name = profile.shapeless_win(state, profile)
        if name is not None:
            readings.append(shapeless(state.tiles, name))
    lock = discard_locked(state, profile)
    if readings and lock is not None:
        return [], lock
    if not readings or profile.win_condition is None:
        return readings, None
    kept, reason = [], None
    codes = wild_codes_for(profile, state)
    for reading in readings:
        hand = resolved_hands(state, [reading], counts, codes)[0][0]
        broken = None if isinstance(reading, Shapeless) else profile.win_condition(
            state, hand, profile)
        if broken is None:
            kept.append(reading)
            if first:
                break
        elif reason is None:
            reason = broken
    return kept, None if kept else reason


def discard_locked(state: HandState, profile: RuleProfile) -> tuple[str, str] | None:
    """曾放过的牌不能和 (switch ``discard_lock``): the rule that stops a win on a tile the player
    has discarded himself (his ``discards``), or None."""
    win = state.win_tile
    if not profile.discard_lock or win is None or win not in state.discards:
        return None
    if profile.discard_lock == "discard" and state.self_drawn:
        return None
    return (f"排列出牌：{win} 自己打出过，不能再和这张牌（曾放过的牌不能和）",
            f"discards in order: {win} was discarded by this player, who cannot win on it "
            "(曾放过的牌不能和)")


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


def blocked(state: HandState, profile: RuleProfile) -> bool:
    """Whether the hand cannot win whatever its shape: the void suit (定缺) still held, or all
    three suits where the variant plays 缺一门."""
    return bool(void_tiles(state)) or (profile.lack_a_suit and len(suits_held(state)) == 3)


def suits_held(state: HandState) -> set[str]:
    """The suits (m, p, s) among the hand's tiles, melds included (缺一门 needs at most two)."""
    held = state.tiles + [t for m in state.melds for t in m.faces]
    return {t[1] for t in held if len(t) == 2 and t[1] in "mps"}


def void_tiles(state: HandState) -> list[str]:
    """Tiles of the suit given up (定缺) still held: while any remain the hand cannot win."""
    if not state.void_suit:
        return []
    held = state.tiles + [t for m in state.melds for t in m.faces]
    return sorted({t for t in held if t.endswith(state.void_suit) and len(t) == 2},
                  key=INDEX.__getitem__)


def win_reason(state: HandState, profile: RuleProfile,
               rules: Rules) -> tuple[str, str] | None:
    """Why a complete-looking hand may not win whatever its shape, as (zh, en), or None: the
    suit given up still held, all three suits under 缺一门, a discarded wild taken."""
    if void_tiles(state):
        return ("定缺的一门还在手上，不能和", "the suit given up (定缺) is still held: no win")
    if profile.lack_a_suit and len(suits_held(state)) == 3:
        return ("缺一门：三门齐全不能和", "缺一门: a hand holding all three suits cannot win")
    if (state.win_tile in rules.wild_codes and not state.self_drawn
            and not profile.wild_in_claims):
        return ("打出的赖子/财神别人不能吃碰杠胡", "a discarded wild cannot be claimed nor won on")
    return None


def win_readings(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int],
                 wilds: int, first: bool = False,
                 ) -> tuple[list[Decomposition], tuple[str, str] | None]:
    """The readings a complete hand may win with under the variant, and the rule that stops it
    when none is left (:func:`win_reason`, then the shape and the variant's own condition);
    ``first``: only whether one reading wins (:func:`complete_readings`)."""
    reason = win_reason(state, profile, rules)
    if reason is not None:
        return [], reason
    return complete_readings(state, profile, counts, wilds, first)


def remaining_copies(state: HandState, absent: frozenset[int] = frozenset()) -> list[int]:
    """Unseen copies of each tile: four, less the player's own tiles, the visible ones and the
    北 he set aside (抜きドラ), the rivers and the other seats' melds its ``table`` shows; none
    of a tile ``absent`` from the set (三麻's 2万–8万), so the counts add up to the variant's own
    set (108 tiles in 三麻)."""
    seen = [*state.tiles, *(t for m in state.melds for t in m.faces), *state.visible,
            *state.discards, *(t for t in state.bonus if t in DRAGONS), *state.laid_out,
            *([state.indicator] if state.indicator else []), *["N"] * state.nukidora]
    if shows_table(state.table):
        seen += seen_on_table(state.table, state.seat_wind, own_river=not state.discards)
    counts = Counter(seen)  # one count of every tile seen (the tile lists are short)
    return [0 if i in absent else max(0, 4 - counts[t]) for i, t in enumerate(TILES)]


def ready_waits(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int], wilds: int,
           remaining: list[int], explain: bool = True) -> list[dict[str, Any]]:
    """The waits of a ready hand with the copies left; drawing a wild tile always completes it
    (``explain``: say what the wilds stand for in each)."""
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
        if explain and wilds > rules.virtual_wilds:
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
    found = ready_waits(before, profile, rules, counts, wilds, remaining_copies(before, rules.absent))
    return [w["tile"] for w in found]


def _wins_with(state: HandState, profile: RuleProfile, rules: Rules, tile: str) -> bool:
    """Whether drawing ``tile`` makes a win the variant allows (a wild is drawn, not claimed:
    徐州 跑配成牌)."""
    won = replace(state, win_tile=tile, self_drawn=state.self_drawn or tile in rules.wild_codes)
    counts, wilds = split_wilds(won.tiles, rules)
    return bool(win_readings(won, profile, rules, counts, wilds, first=True)[0])
