"""Practice questions for the Teach page: "which tiles complete this hand?" and the check.

A question is a ready (tenpai) 13-tile hand made from a random complete hand with one tile taken
out; the seed makes it reproducible, so the answer is checked by recomputing, not by storing.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from ..analysis import analyze
from ..errors import MahjongError
from ..hand import HandState
from ..legality import wins_scored
from ..profile import RuleProfile
from ..rules import rules_of, split_wilds
from ..scoring.readings import win_readings
from ..tiles import TILES, WINDS, is_suited, parse_tiles, sorted_tiles, to_compact
from ..variants import get_profile

#: Hands tried for one question before giving up; the variants whose wins are rarest (香港's
#: 三番起糊, 成都 two players' 清一色) find one within a few dozen.
TRIES = 400
#: Groups drawn for one hand before it is dealt again from other suits: a suit of 三麻 (1万 and
#: 9万 only) holds two pungs at most, so a hand of it alone is never filled.
DEAL_TRIES = 60


def tile_pool(profile: RuleProfile) -> dict[str, int]:
    """Copies of each tile in the variant's set: none of an absent tile (三人 2-8万, 108 张's
    honours, 芜湖's dragons), one of a tile the set holds once (芜湖's winds), else four."""
    gone = set(profile.absent_tiles) | ({f"{n}m" for n in range(2, 9)}
                                        if profile.three_player else set())
    return {t: 0 if t in gone else 1 if t in profile.one_copy else 4 for t in TILES}


def _group(rng: random.Random, tiles: list[str], profile: RuleProfile) -> tuple[str, list[str]]:
    """A chow (where the variant chows or the hand keeps it concealed) or a pung of the tiles
    offered; 芜湖's winds make a pung of three different winds. A chow starts only where the
    set has its three tiles (三麻's 1万 starts none)."""
    offered = set(tiles)
    suited = [t for t in tiles if is_suited(t) and int(t[0]) <= 7
              and {f"{int(t[0]) + k}{t[1]}" for k in (1, 2)} <= offered]
    if suited and rng.random() < 0.5:
        low = rng.choice(suited)
        return "chow", [f"{int(low[0]) + k}{low[1]}" for k in range(3)]
    tile = rng.choice(tiles)
    if profile.winds_as_one and tile in WINDS:
        return "pung", rng.sample(list(WINDS), 3)
    return "pung", [tile] * 3


def _deal(rng: random.Random, profile: RuleProfile) -> tuple[list[str], list[dict[str, Any]]]:
    """A complete hand of the variant's size, from one to three suits (and perhaps honours) of
    its set, some sets perhaps claimed: (concealed tiles, melds)."""
    pool = tile_pool(profile)
    suits = rng.sample("mps", rng.choice((1, 2, 2, 3)))
    honours = rng.random() < 0.4
    tiles = [t for t in TILES if pool[t] and ((is_suited(t) and t[1] in suits)
                                              or (not is_suited(t) and honours))]
    tiles = tiles or [t for t in TILES if pool[t]]
    left = Counter(pool)
    sets = -(-(profile.hand_size - 1) // 3)
    groups: list[tuple[str, list[str]]] = []
    for _ in range(DEAL_TRIES):
        if len(groups) == sets:
            break
        kind, group = _group(rng, tiles, profile)
        if all(left[t] >= n for t, n in Counter(group).items()):
            left -= Counter(group)
            groups.append((kind, group))
    pairs = [t for t in tiles if left[t] >= 2] or [t for t in TILES if left[t] >= 2]
    pair = rng.choice(pairs)
    melds: list[dict[str, Any]] = []
    concealed = [pair, pair]
    for kind, group in groups:
        if rng.random() < 0.3 and (kind == "pung" or profile.chow_allowed):
            melds.append({"type": kind, "tiles": group,
                          "from": "left" if kind == "chow" else rng.choice(("left", "opposite"))})
        else:
            concealed += group
    while len(concealed) + 3 * len(melds) > profile.hand_size + 1:
        concealed.pop(rng.randrange(len(concealed)))  # 心皇: the imagined tile completes it
    return concealed, melds


def _wins_on(state: HandState, profile: RuleProfile, tile: str) -> bool:
    """Whether drawing ``tile`` makes a win the variant lets score (every wait a real win)."""
    won = replace(state, win_tile=tile, self_drawn=True)
    rules = rules_of(profile, won)
    readings = win_readings(won, profile, rules, *split_wilds(won.tiles, rules))[0]
    return bool(readings) and wins_scored(won, profile, readings)


def question(seed: int | None = None, variant: str = "default") -> dict[str, Any]:
    """A ready hand to ask about, dealt from the variant's tile set and size, whose every wait
    is a win the variant lets score; ``seed`` picks it (a random seed when ``None``)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    rng = random.Random(seed)
    profile = get_profile(variant)
    pool = tile_pool(profile)
    for _ in range(TRIES):
        concealed, melds = _deal(rng, profile)
        concealed.pop(rng.randrange(len(concealed)))
        hand = sorted_tiles(concealed)
        # 太原立四: four of the tiles stand, and the wait must be made with them.
        stood = sorted_tiles(rng.sample(hand, 4)) if "listen_rule" in profile.extra else []
        data = {"concealed": hand, "melds": melds, "stood": stood, "variant": variant}
        try:
            result = analyze(data)
        except MahjongError:
            continue  # a hand the variant refuses
        if result["shanten"] != 0 or not result["waits"]:
            continue
        state = HandState.from_json(data, profile.hand_size)
        held = Counter(state.tiles) + Counter(t for m in state.melds for t in m.faces)
        if all(held[w["tile"]] < pool[w["tile"]] and _wins_on(state, profile, w["tile"])
               for w in result["waits"]):  # every wait a tile one can still draw, and a win
            return {"seed": seed, "variant": variant, "hand": hand, "compact": to_compact(hand),
                    "melds": melds, "stood": stood}
    raise MahjongError("could not make a practice hand", seed)  # pragma: no cover


def check(hand: Any, answer: Any, variant: str = "default", melds: Any = None,
          stood: Any = None) -> dict[str, Any]:
    """Whether ``answer`` (tiles) is exactly the set of tiles that complete ``hand`` (with its
    claimed ``melds`` and 立四's ``stood`` tiles, as the question gave them)."""
    if isinstance(answer, str):
        answer = parse_tiles(answer)
    if not isinstance(answer, list) or not all(isinstance(t, str) for t in answer):
        raise MahjongError("'answer' must be a list of tiles or a typed string", "answer")
    if not isinstance(hand, (str, list)) or (isinstance(hand, list)
                                             and not all(isinstance(t, str) for t in hand)):
        raise MahjongError("'hand' must be a list of tiles or a typed string", "hand")
    if melds is not None and not isinstance(melds, list):
        raise MahjongError("'melds' must be a list", "melds")
    if stood is not None and not isinstance(stood, (str, list)):
        raise MahjongError("'stood' must be a list of tiles or a typed string", "stood")
    data = {"concealed": hand, "melds": melds or [], "stood": stood or [], "variant": variant}
    result = analyze(data)
    size = get_profile(variant).hand_size
    if result["tile_count"] != size:
        raise MahjongError(f"a practice hand of variant {variant!r} has {size} tiles (a meld "
                           f"counting 3)", result["tile_count"])
    waits = [w["tile"] for w in result["waits"]]
    given = sorted_tiles(set(parse_tiles(" ".join(answer))))
    missing = [t for t in waits if t not in given]
    wrong = [t for t in given if t not in waits]
    return {"correct": not missing and not wrong, "waits": result["waits"], "missing": missing,
            "wrong": wrong, "decompositions": _readings(data, waits)}


def _readings(data: dict[str, Any], waits: list[str]) -> dict[str, list[dict[str, Any]]]:
    """For each wait, how the hand completes with it (to explain the answer)."""
    out = {}
    for w in waits:
        try:
            r = analyze({**data, "win_tile": w, "self_drawn": True})
        except MahjongError:
            continue
        out[w] = r.get("decompositions", [])
    return out
