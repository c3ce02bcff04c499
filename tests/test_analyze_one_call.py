"""``analyze`` of a complete MCR hand in one core call (``assistant/_answer.c``, through
``assistant/one_call.py``) against the Python path (``analysis.python_analyze``).

What a user relies on: whichever path answers, the answer is the same JSON, key order included,
and a request the Python path refuses (a ``MahjongError`` naming the problem) is refused the same
way, because the core then returns ``NotImplemented``. Thousands of random complete hands (chows,
pungs and kongs, claimed, concealed kongs, seven pairs, every context flag, flowers), every MCR
vector's hand, and hypothesis' junk and broken requests are asked of both.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant import analyze, one_call
from assistant.analysis import python_analyze
from assistant.tiles import TILES, WINDS

pytestmark = pytest.mark.skipif(one_call._CORE is None,
                                reason="the compiled core with mcr_answer is not built (or "
                                       "MAHJONG_ASSISTANT_PURE is set): only the Python path runs")

VECTORS = Path(__file__).resolve().parent.parent.parent / "shared" / "vectors"
REQUEST_KEYS = ("concealed", "melds", "win_tile", "context", "variant")
FLAGS = ("self_drawn", "wall_last", "kong_replacement", "robbing_kong", "first_go_around",
         "is_4th_tile", "about_kong")


def core_answer(data: Any) -> Any:
    """The one-call path's answer, or NotImplemented."""
    return one_call.answer(data, "mcr", None)


def dumped(answer: Any) -> str:
    return json.dumps(answer, ensure_ascii=False)


def compare(data: Any) -> bool:
    """Ask both paths; True where the core answered. The core answers only what the Python path
    answers, and then with the same JSON."""
    given = copy.deepcopy(data)
    got = core_answer(data)
    if _plain(data):
        assert dumped(data) == dumped(given)  # the request is left as it was
    try:
        expected = python_analyze(copy.deepcopy(data), "mcr")
    except Exception as exc:  # noqa: BLE001 - whatever the Python path raises, the core defers
        assert got is NotImplemented, f"the core answered a request the Python path refuses " \
                                      f"({exc!r}): {data!r}"
        return False
    if got is NotImplemented:
        return False
    assert dumped(got) == dumped(expected), data
    return True


def _plain(data: Any) -> bool:
    try:
        json.dumps(data)
    except (TypeError, ValueError):
        return False
    return True


def _set(rng: random.Random, counts: list[int], kinds: tuple[str, ...]) -> tuple[str, list[int]]:
    """A random set whose copies still fit among the four of each tile."""
    for _ in range(50):
        kind = rng.choice(kinds)
        if kind == "chow":
            first = rng.choice([t for t in range(27) if t % 9 <= 6])
            tiles = [first, first + 1, first + 2]
        else:
            tiles = [rng.randrange(34)] * (3 if kind == "pung" else 4)
        if all(counts[t] + tiles.count(t) <= 4 for t in tiles):
            for t in tiles:
                counts[t] += 1
            return kind, tiles
    raise AssertionError("no set fits")


def random_context(rng: random.Random) -> dict[str, Any]:
    context: dict[str, Any] = {"self_drawn": rng.random() < 0.4}
    if rng.random() < 0.7:
        context["seat_wind"] = rng.choice(WINDS)
        context["prevalent_wind"] = rng.choice(WINDS)
    for key, chance in (("is_4th_tile", 0.15), ("wall_last", 0.1), ("about_kong", 0.08),
                        ("kong_replacement", 0.05), ("robbing_kong", 0.05),
                        ("first_go_around", 0.03)):
        if rng.random() < chance:
            context[key] = rng.random() < 0.8
    if rng.random() < 0.5:
        context["flowers"] = rng.randrange(9)
    return context


def random_regular(rng: random.Random) -> dict[str, Any]:
    """A complete hand of four sets and a pair, some sets claimed or declared as kongs."""
    counts = [0] * 34
    concealed: list[int] = []
    melds = []
    for _ in range(4):
        kind, tiles = _set(rng, counts, ("chow", "chow", "pung", "pung", "kong"))
        if kind == "kong" or rng.random() < 0.3:
            meld: dict[str, Any] = {"type": kind, "tiles": [TILES[t] for t in tiles]}
            if kind == "kong" and rng.random() < 0.4:
                meld["concealed"] = True
            else:
                meld["concealed"] = False
                meld["from"] = "left" if kind == "chow" else rng.choice(("left", "opposite",
                                                                         "right"))
                if kind == "chow" and rng.random() < 0.2:
                    meld["claimed_index"] = rng.randint(1, 3)
            melds.append(meld)
        else:
            concealed += tiles
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    concealed += [pair, pair]
    rng.shuffle(concealed)
    win = concealed.pop(rng.randrange(len(concealed)))
    return {"concealed": [TILES[t] for t in concealed], "melds": melds, "win_tile": TILES[win],
            "context": random_context(rng)}


def random_pairs(rng: random.Random) -> dict[str, Any]:
    """Seven pairs (a tile held four times as two of them now and then), often also regular."""
    suit = rng.randrange(4)
    pool = list(range(9 * suit, min(9 * suit + 9, 34))) if rng.random() < 0.5 else list(range(34))
    pairs = [rng.choice(pool) for _ in range(7)]
    tiles = [t for p in pairs for t in (p, p)]
    if max(tiles.count(t) for t in tiles) > 4:
        return random_regular(rng)
    rng.shuffle(tiles)
    win = tiles.pop()
    return {"concealed": [TILES[t] for t in tiles], "melds": [], "win_tile": TILES[win],
            "context": random_context(rng)}


#: 147 258 369 in the three suits, each arrangement (decompose.KNITTED).
KNITTED = [[9 * suit + s + 3 * k for s, suit in enumerate(order) for k in range(3)]
           for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))]
ORPHANS = [0, 8, 9, 17, 18, 26, *range(27, 34)]


def _request(rng: random.Random, tiles: list[int], melds: list[dict[str, Any]]) -> dict[str, Any]:
    """The tiles shuffled, one of them the winning tile."""
    rng.shuffle(tiles)
    win = tiles.pop()
    return {"concealed": [TILES[t] for t in tiles], "melds": melds, "win_tile": TILES[win],
            "context": random_context(rng)}


def random_knitted(rng: random.Random) -> dict[str, Any]:
    """十三幺, 全不靠 (七星不靠 now and then) or 组合龙 with a set (claimed or not) and a pair."""
    kind = rng.randrange(3)
    if kind == 0:
        return _request(rng, [*ORPHANS, rng.choice(ORPHANS)], [])
    seq = rng.choice(KNITTED)
    if kind == 1:
        return _request(rng, rng.sample([*seq, *range(27, 34)], 14), [])
    counts = [0] * 34
    for t in seq:
        counts[t] += 1
    set_kind, tiles = _set(rng, counts, ("chow", "pung"))
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    if rng.random() < 0.4:
        meld = {"type": set_kind, "tiles": [TILES[t] for t in tiles], "from": "left"}
        return _request(rng, [*seq, pair, pair], [meld])
    return _request(rng, [*seq, *tiles, pair, pair], [])


def random_gates(rng: random.Random) -> dict[str, Any]:
    """1112345678999 of one suit and any tile of it (九莲宝灯 unless won on the extra copy)."""
    suit = 9 * rng.randrange(3)
    return _request(rng, [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
                    + [suit + rng.randrange(9)], [])


def test_random_complete_hands_answer_alike() -> None:
    rng = random.Random(20261206)
    answered = 0
    makers = (random_pairs, random_knitted, random_gates, *[random_regular] * 6)
    for n in range(4500):
        answered += compare(makers[n % len(makers)](rng))
    # the core takes every one the Python path answers (the rest: the hand's or the table's
    # refusals, such as 杠上开花 without a kong)
    assert answered > 4000


def test_vector_hands_answer_alike() -> None:
    rows = [json.loads(line) for path in sorted(VECTORS.glob("mcr_*/*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if "concealed" in r]
    assert len(rows) > 250
    answered = 0
    for row in rows:
        given = {k: row[k] for k in ("concealed", "melds", "win_tile", "context") if k in row}
        compare(given)  # the raw context (winds_inferred …): the Python path reads it
        context = {k: v for k, v in (row.get("context") or {}).items()
                   if k in (*FLAGS, "seat_wind", "prevalent_wind", "flowers")}
        answered += compare({**given, "context": context})
        answered += compare({**given, "context": context, "variant": "mcr"})
    assert answered > 400


def test_analyze_gives_the_core_answer_only_for_mcr_with_default_options() -> None:
    hand = {"concealed": "123m456m789m123p5s", "win_tile": "5s"}
    data = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p",
                          "5s"], "win_tile": "5s"}
    assert core_answer(data) is not NotImplemented
    assert dumped(analyze(data, "mcr")) == dumped(python_analyze(data, "mcr"))
    assert core_answer(hand) is NotImplemented  # a typed string: read on the Python path
    assert one_call.answer(data, "riichi", None) is NotImplemented
    assert one_call.answer(data, "mcr", {"min_points": 0}) is NotImplemented
    assert one_call.answer(data, None, None) is NotImplemented  # the default variant
    assert one_call.answer({**data, "variant": "mcr"}, None, None) is not NotImplemented
    assert dumped(analyze(data, "mcr", {"min_points": 0})) == dumped(
        python_analyze(data, "mcr", {"min_points": 0}))


def test_pure_environment_switches_the_core_path_off() -> None:
    code = ("from assistant import one_call, analyze; assert one_call._CORE is None; "
            "print(analyze({'concealed': ['1m','2m','3m','4m','5m','6m','7m','8m','9m','1p',"
            "'2p','3p','5s'], 'win_tile': '5s'}, 'mcr')['score']['total'])")
    env = {**os.environ, "MAHJONG_ASSISTANT_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "22"


# --- junk: the core defers, never crashes, never answers what the Python path refuses ---

TILE_LIKE = st.sampled_from([*TILES, "0m", "1f", "?", "10m", "m", "", "EE", " 1m"])
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10 ** 20), 10 ** 20) | st.floats(allow_nan=False)
    | st.text(max_size=4) | TILE_LIKE,
    lambda inner: st.lists(inner, max_size=18) | st.tuples(inner, inner)
    | st.dictionaries(st.sampled_from([*REQUEST_KEYS, "type", "tiles", "from", "concealed",
                                       *FLAGS, "flowers", "seat_wind", "table", "options"])
                      | st.text(max_size=3), inner, max_size=6),
    max_leaves=25)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from([*REQUEST_KEYS, "table", "options", "bonus", "jokers"])
                       | st.text(max_size=3), JUNK, max_size=6))
def test_junk_requests(data: dict[str, Any]) -> None:
    compare(data)


def _mutations(base: dict[str, Any]) -> list[Any]:
    """Broken versions of a valid request, one fault each."""
    melds = base["melds"]
    out: list[Any] = [
        {**base, "concealed": base["concealed"] + [base["win_tile"]] * 4},  # a fifth copy
        {**base, "concealed": base["concealed"] * 300},  # a huge list
        {**base, "concealed": tuple(base["concealed"])},
        {**base, "concealed": "".join(base["concealed"])},
        {**base, "concealed": base["concealed"][1:]},
        {**base, "win_tile": None}, {**base, "win_tile": "1f"}, {**base, "win_tile": 5},
        {**base, "extra": 1}, {**base, "table": {}}, {**base, "options": {}},
        {**base, "table": None, "options": None, "bonus": None}, {**base, "bonus": []},
        {**base, "bonus": ["1f"]}, {**base, "options": {"min_points": 0}},
        {**base, "context": {**base["context"], "self_drawn": 1}},
        {**base, "context": {**base["context"], "flowers": True}},
        {**base, "context": {**base["context"], "flowers": 9}},
        {**base, "context": {**base["context"], "flowers": ["1f", "2f"]}},
        {**base, "context": {**base["context"], "seat_wind": "X"}},
        {**base, "context": {**base["context"], "riichi": True}},
        {**base, "context": [1, 2]},
        {**base, "melds": {"type": "pung"}},
        {**base, "melds": [*melds, {"type": "pung", "tiles": ["E", "E", "E"]}] * 3},
        {**base, "variant": "riichi"}, {**base, "variant": 3},
        [base], None, "hand",
    ]
    for i, meld in enumerate(melds):
        for fault in ({"tiles": list(reversed(meld["tiles"]))}, {"tiles": meld["tiles"][:2]},
                      {"type": "quint"}, {"type": "chow"}, {"type": "kong"},
                      {"concealed": not meld.get("concealed")}, {"concealed": 1},
                      {"from": "up"}, {"from": "right"}, {"claimed_index": 7},
                      {"claimed_index": True}, {"added_kong": "yes"}, {"tiles": ["1m", "3m", "2m"]},
                      {"tiles": "EEE"}, {"weird": 0}):
            out.append({**base, "melds": [*melds[:i], {**meld, **fault}, *melds[i + 1:]]})
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_broken_requests(seed: int) -> None:
    rng = random.Random(seed)
    makers = (random_pairs, random_knitted, random_gates, *[random_regular] * 3)
    base = makers[seed % len(makers)](rng)
    for data in _mutations(base):
        compare(data)
