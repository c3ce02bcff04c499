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


#: The value exercises: family -> (variant, whether an opponent has declared ready). Each asks
#: for the best discard of a hand where the advice's choice (value and danger weighed) differs
#: from the most efficient one: MCR's 8 points, Sichuan's void suit and 根, Guangdong's 清一色
#: and 爆和 value, riichi's yaku, and defence against a riichi.
VALUE_FAMILIES: dict[str, tuple[str, bool]] = {
    "mcr": ("mcr", False), "sichuan": ("sichuan", False), "guangdong": ("guangdong", False),
    "riichi": ("riichi", False), "riichi_defence": ("riichi", True)}
#: Own draws the exercises assume (the middle of a hand: about 70 tiles left to four seats).
VALUE_DRAWS = 12
#: How much more the advised discard must be expected to gain than the efficient one for a
#: hand to make an exercise (a few per cent apart is no lesson a beginner can see).
VALUE_MARGIN = 1.25
#: Hands dealt for one value exercise before giving up; about one in three qualifies, and a
#: try costs two analyses (tens of milliseconds each, a decision bounded by value.MAX_HANDS).
VALUE_TRIES = 60


def _value_table(rng: random.Random, hand: list[str], pool: dict[str, int]) -> dict[str, Any]:
    """South has declared riichi with his sixth discard; his river holds one of the player's
    tiles (a tile safe against him: furiten) among five others still unseen by the hand."""
    held = Counter(hand)
    safe = rng.choice(sorted(set(hand)))
    others = [t for t in TILES if pool[t] - held[t] >= 2 and t != safe]
    river = rng.sample(others, 5)
    river.insert(rng.randrange(6), safe)
    return {"rivers": {"S": river}, "declared": {"S": 5}}


def _value_deal(seed: int, family: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The exercise's hand state (14 tiles at most 2 from ready) and its analysis, dealt from
    ``seed``: the first hand whose advised discard is not the most efficient one."""
    variant, defence = VALUE_FAMILIES[family]
    rng = random.Random(seed)
    profile = get_profile(variant)
    pool = tile_pool(profile)
    playable = [t for t in TILES if pool[t]]
    for _ in range(VALUE_TRIES):
        concealed, _melds = _deal(rng, profile)
        tiles = concealed + [t for m in _melds for t in m["tiles"]]
        if len(tiles) != 14:
            continue
        for _ in range(2):  # two tiles changed: a hand one or two steps from ready
            tiles[rng.randrange(14)] = rng.choice(playable)
        if max(Counter(tiles).values()) > 4:
            continue
        hand = sorted_tiles(tiles)
        data: dict[str, Any] = {"concealed": hand, "variant": variant,
                                "context": {"draws_left": VALUE_DRAWS}}
        if defence:
            data["table"] = _value_table(rng, hand, pool)
        try:
            efficient = analyze({**data, "advice": "efficiency"})
            if not 0 <= efficient["shanten"] <= 2 or not efficient["discards"]:
                continue
            result = analyze(data)
        except MahjongError:
            continue
        best = result["discards"][0]
        fast = next(d for d in result["discards"] if d["tile"] == efficient["discards"][0]["tile"])
        if best is fast or not result.get("why"):
            continue
        if defence:  # the lesson is the safer tile: it must deal in less than the fast one
            if not result.get("verdict") or (best["deal_in"] or 0) >= (fast["deal_in"] or 0):
                continue
        elif best["expected_points"] < VALUE_MARGIN * fast["expected_points"] or \
                best["expected_points"] <= 0:
            continue  # a lesson worth a question: the choice gains clearly more
        return data, result
    raise MahjongError("could not make a practice hand", seed)  # pragma: no cover


def value_question(seed: int | None, family: str) -> dict[str, Any]:
    """A hand where the valuable discard is not the efficient one: the tiles, the table and the
    draws left; the answer is not given (``value_check`` works it out again from the seed)."""
    if family not in VALUE_FAMILIES:
        raise MahjongError(f"family must be one of {sorted(VALUE_FAMILIES)}, got {family!r}",
                           family)
    if seed is None:  # under the JSON bodies' bound on numbers (1e9), so the check can send it
        seed = random.SystemRandom().randrange(10**9)
    data, _ = _value_deal(seed, family)
    return {"seed": seed, "family": family, "variant": data["variant"], "hand": data["concealed"],
            "compact": to_compact(data["concealed"]), "table": data.get("table"),
            "draws_left": VALUE_DRAWS}


def value_check(seed: int, family: str, answer: Any) -> dict[str, Any]:
    """Whether ``answer`` is the advised discard of exercise ``seed``, with the reason, the most
    efficient discard beside it and the numbers of the first few discards."""
    if family not in VALUE_FAMILIES:
        raise MahjongError(f"family must be one of {sorted(VALUE_FAMILIES)}, got {family!r}",
                           family)
    if not isinstance(answer, str) or len(parse_tiles(answer)) != 1:
        raise MahjongError("'answer' must be one tile", "answer")
    tile = parse_tiles(answer)[0]
    data, result = _value_deal(seed, family)
    efficient = analyze({**data, "advice": "efficiency"})["discards"][0]["tile"]
    best = result["discards"][0]
    keys = ("tile", "win_chance", "tenpai_chance", "expected_points", "deal_in", "targets")
    return {"correct": tile == best["tile"], "answer": tile, "best": best["tile"],
            "efficient": efficient, "why": result["why"], "verdict": result["verdict"],
            "discards": [{k: d[k] for k in keys} for d in result["discards"][:4]]}
