"""Whether a meld, a claim and a win are legal under a variant: the one place that decides.

``claims`` (what a seat may do with a discard), ``analyze`` (a hand's melds and its win), the
practice generator, the discard advice and the table session all ask here, so a claim offered on
a discard is always one the analysis of the hand after it accepts, and the other way round.

>>> from assistant.variants import get_profile
>>> from assistant.hand import HandState
>>> from assistant.rules import rules_of
>>> wuhu = get_profile("wuhu")
>>> seat = HandState.from_json({"concealed": "123m456m789m11pES"})
>>> claim_melds(seat, wuhu, rules_of(wuhu, seat), "N", may_chow=False)["pung"]
[['E', 'S', 'N']]
>>> wuhan = get_profile("wuhan")
>>> seat = HandState.from_json({"concealed": "123m456m789m11pCC"})
>>> claim_melds(seat, wuhan, rules_of(wuhan, seat), "C", may_chow=False)["pung"]
[]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement
from operator import is_

from .decompose import Decomposition
from .errors import MahjongError
from .hand import HandState, Meld
from .jokers import joker, joker_readings
from .profile import RuleProfile
from .rules import split_wilds
from .scoring.readings import win_readings
from .scoring.wild_hands import settled_readings
from .tiles import BACK, INDEX, WINDS, is_suited, tile_name
from .variants import WIN_CHECKS, scorer_for
from .waits import Rules
from .wilds import wild_codes_for

#: How many tiles of the hand each claimed meld takes beside the discard.
CLAIM_SIZES = {"pung": 2, "kong": 3, "chow": 2}


def check_meld(profile: RuleProfile, meld: Meld, wild_codes: tuple[str, ...],
               where: str = "meld") -> Meld:
    """The meld read under the variant (a pung, kong or quint holding wilds takes the kind its
    other tiles show); a meld the variant's rules forbid is refused, naming the rule."""
    tiles = meld.tiles
    # The meld's written form is built only where an error names it: most melds raise none.
    faces = [t for t in tiles if t != BACK] if BACK in tiles else tiles
    for t in faces if profile.laid_out_tiles else ():
        if t in profile.laid_out_tiles:
            raise MahjongError(f"variant {profile.name!r}: {t} ({tile_name(t)}) is "
                               "only laid out singly as a kong (红中杠), never in a set", t)
    if not meld.concealed and closed_to_claims(profile):
        text = " ".join(tiles)
        raise MahjongError(f"variant {profile.name!r}: two players at a 成都 table never claim a "
                           f"discard (不能吃、碰: it lies face down), but the meld {text} is "
                           "claimed", text)
    if meld.type == "chow" and not meld.concealed and not profile.chow_allowed:
        text = " ".join(tiles)
        raise MahjongError(f"variant {profile.name!r} does not allow chows, but a chow "
                           f"{text} is declared", text)
    used = [t for t in faces if t in wild_codes] if wild_codes else []
    if used and not profile.wild_in_claims:
        raise MahjongError(f"variant {profile.name!r}: a wild tile ({used[0]}, "
                           f"{tile_name(used[0])}) cannot be used to chow, pung or kong, "
                           f"but the meld {' '.join(tiles)} holds it", used[0])
    if meld.type == "quint":
        return _read_quint(profile, meld, wild_codes)
    if meld.type == "chow":
        if used and profile.wild_sets_only:
            raise MahjongError(f"variant {profile.name!r}: 百搭 forms sets (option "
                               f"wild_sets_only), never a chow, but the chow {' '.join(tiles)} "
                               f"holds {used[0]}", used[0])
        return meld
    kinds = set(faces)
    if len(kinds) == 1:
        return meld
    if profile.winds_as_one and kinds <= set(WINDS) and len(kinds) == len(faces):
        return meld  # 芜湖: any winds, one of each, make a pung or a kong (四张一起也可以开杠)
    natural = sorted({t for t in faces if t not in wild_codes}, key=INDEX.__getitem__)
    if len(natural) == 1 and used:
        return replace(meld, kind=natural[0])  # 百搭可碰任何牌成搭，四只成杠
    text = " ".join(tiles)
    raise MahjongError(f"{where} ({text}) is not a {meld.type}: the tiles must be the same",
                       text)


def _read_quint(profile: RuleProfile, m: Meld, wild_codes: tuple[str, ...]) -> Meld:
    """A quint (昆) read as five of its kind; refused where 百搭 does not form sets (option
    wild_sets_only) or where a tile of it is neither its kind nor wild: only four copies of a
    tile exist, so a wild must stand in for the fifth."""
    text = " ".join(m.tiles)
    if not profile.wild_sets_only:
        raise MahjongError(f"variant {profile.name!r}: a quint ({text}) is five of a kind "
                           "made with a wild (四只成杠五只成昆), played only where 百搭 forms "
                           "sets (option wild_sets_only)", text)
    natural = sorted({t for t in m.tiles if t not in wild_codes}, key=INDEX.__getitem__)
    if len(natural) > 1:
        raise MahjongError(f"the quint {text} is not five of a kind: {natural[0]} and "
                           f"{natural[1]} are both there and neither is wild (a quint is "
                           "one tile and wilds standing in, a tile having only four copies)",
                           text)
    kind = natural[0] if natural else m.tile  # five wilds: the most held one as its own kind
    if sum(1 for t in m.tiles if t != kind) == 0:  # five of one face: refused when parsed
        raise MahjongError(f"the quint {text} has no wild standing in: a tile has only four "
                           "copies", text)
    return replace(m, kind=kind)


def closed_to_claims(profile: RuleProfile) -> bool:
    """Whether no discard is ever chowed, punged or konged: 成都 two players ("两人麻将：必须是
    清一色，不能吃、碰打出的牌背面向上")."""
    return profile.name in ("sichuan", "xueliu") and profile.extra.get("players") == 2


def claim_kinds(profile: RuleProfile, next_in_turn: bool) -> tuple[str, ...]:
    """The sets a seat may make with a discard (a win aside): pung and kong, and a chow for the
    discarder's 下家 where chows are played; none where discards are never claimed."""
    if closed_to_claims(profile):
        return ()
    return ("pung", "kong", "chow") if next_in_turn and profile.chow_allowed else ("pung", "kong")


def resolve_melds(profile: RuleProfile, state: HandState,
                  wild_codes: tuple[str, ...]) -> HandState:
    """The hand with each meld checked and read under the variant (:func:`check_meld`)."""
    melds = [check_meld(profile, m, wild_codes, f"meld {i + 1}")
             for i, m in enumerate(state.melds)]
    if all(map(is_, melds, state.melds)):  # none read as another kind: the state as it is
        return state
    return replace(state, melds=melds)


def claim_melds(state: HandState, profile: RuleProfile, rules: Rules, tile: str,
                may_chow: bool) -> dict[str, list[list[str]]]:
    """Every meld a seat may make with the discarded ``tile``: each a list of tiles, the
    discard included, fewest wilds first; each is one :func:`check_meld` accepts."""
    out: dict[str, list[list[str]]] = {"pung": [], "kong": [], "chow": []}
    if profile.discard_lock and tile in state.discards:
        may_chow = False  # 排列出牌: no chow of a tile one has discarded
    # 定缺: the suit given up is never claimed.
    void = bool(state.void_suit) and is_suited(tile) and tile.endswith(state.void_suit)
    whole = Counter(state.concealed)
    free = whole - Counter(state.stood)  # 立四's standing tiles never go into a chow
    kinds = claim_kinds(profile, may_chow)
    for kind, size in CLAIM_SIZES.items():
        if kind not in kinds or (kind != "chow" and void):
            continue
        held = free if kind == "chow" else whole
        seen: set[tuple[str, ...]] = set()
        for others in combinations_with_replacement(sorted(held, key=INDEX.__getitem__), size):
            if any(Counter(others)[t] > held[t] for t in others):
                continue
            tiles = tuple(sorted((tile, *others), key=INDEX.__getitem__))
            if tiles in seen:
                continue
            seen.add(tiles)
            meld = Meld(kind, tiles, source="left")
            try:
                meld.check()
                check_meld(profile, meld, rules.wild_codes)
            except MahjongError:
                continue
            out[kind].append(list(tiles))
        out[kind].sort(key=lambda t: (sum(x in rules.wild_codes for x in t),
                                      [INDEX[x] for x in t]))
    return out


def discard_win(state: HandState, profile: RuleProfile, rules: Rules, tile: str,
                robbing: bool = False, passed: bool = False) -> bool:
    """Whether a seat holding ``state`` may win on the discarded (or robbed) ``tile``: a reading
    the variant lets win, and a hand its scorer accepts (起糊 minimum, 成都 two players'
    清一色, 立直's yaku, no win on a discard where only self-draws win)."""
    if passed or (robbing and not profile.kong_robbable):
        return False
    if not robbing and profile.extra.get("discard_wins", True) is False:
        return False
    won = replace(state, win_tile=tile, self_drawn=False, robbing_kong=robbing)
    if won.jokers:  # 特别百搭: each joker within its group, as the analysis reads such a hand
        counts, wilds = split_wilds(won.tiles, rules)
        return profile.special_jokers and bool(joker_readings(
            counts, list(won.jokers), rules.forms, profile.four_as_two_pairs, wilds))
    readings = win_readings(won, profile, rules, *split_wilds(won.tiles, rules))[0]
    if not readings:
        return False
    check = WIN_CHECKS.get(profile.name)  # riichi: a ron needs a yaku
    if check is not None and not check(won, profile, readings):
        return False
    return wins_scored(won, profile, readings)


def wins_scored(state: HandState, profile: RuleProfile, readings: list[Decomposition]) -> bool:
    """Whether the variant's scorer takes the win (it refuses, naming the rule, a hand below the
    起糊 minimum or one its table rules forbid); a variant without a scorer takes every one."""
    scorer = scorer_for(profile)
    if scorer is None:
        return True
    try:  # a pair or set of wilds alone is scored as the tile they stand for
        scorer(state, profile, settled_readings(readings, wild_codes_for(profile, state)))
    except MahjongError:
        return False
    return True


def joker_pungs(state: HandState, profile: RuleProfile, tile: str) -> list[str]:
    """特别百搭: the jokers held that may pung the discarded ``tile`` with one real copy of it
    ("以一真牌与一百搭去碰"), best rank first; none where the special jokers are not played."""
    if not (profile.special_jokers and state.jokers) or tile not in state.concealed:
        return []
    fit = {j for j in state.jokers if INDEX[tile] in joker(j).group}
    return sorted(fit, key=lambda j: (joker(j).rank, j))
