"""``analyze`` of a complete MCR or riichi hand in one core call (``assistant/_answer.c``,
through ``assistant/one_call.py``) against the Python path (``analysis.python_analyze``).

What a user relies on: whichever path answers, the answer is the same JSON, key order included,
and a request the Python path refuses (a ``MahjongError`` naming the problem) is refused the same
way, because the core then returns ``NotImplemented``. Thousands of random complete hands (MCR:
chows, pungs and kongs, claimed, concealed kongs, seven pairs, every context flag, flowers;
riichi: red fives, dora and ura-dora, declarations, honba, sticks, tables, house rules, 三麻),
every MCR and riichi vector's hand, and hypothesis' junk and broken requests are asked of both.
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
from riichi_hands import random_case

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


def core_answer(data: Any, variant: str | None = "mcr") -> Any:
    """The one-call path's answer, or NotImplemented."""
    return one_call.answer(data, variant, None)


def dumped(answer: Any) -> str:
    return json.dumps(answer, ensure_ascii=False)


def compare(data: Any, variant: str | None = "mcr") -> bool:
    """Ask both paths; True where the core answered. The core answers only what the Python path
    answers, and then with the same JSON."""
    given = copy.deepcopy(data)
    got = core_answer(data, variant)
    if _plain(data):
        assert dumped(data) == dumped(given)  # the request is left as it was
    try:
        expected = python_analyze(copy.deepcopy(data), variant)
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
    assert one_call.answer(data, "riichi_sanma", None) is NotImplemented
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


# --- riichi ---


def random_riichi(rng: random.Random) -> dict[str, Any]:
    """A random riichi win (``tests/riichi_hands.py``: melds, red fives, dora and ura-dora, the
    declarations, honba, sticks, house rules) with the rest of what the core reads drawn too:
    riichi's other options, no table or a table without a discarder, flags left out or given
    beside the declarations, the winner's own stick on the table or not."""
    hand = json.loads(json.dumps(random_case(rng).state))
    options, table, context = hand["options"], hand["table"], hand["context"]
    if rng.random() < 0.3:
        options["renhou"] = rng.choice(("none", "five_han", "yakuman"))
    if rng.random() < 0.2:
        options["stick_value"] = rng.choice((0, 500, 10000))
    if rng.random() < 0.1:
        options.update(noten_payment=1500, pao=rng.random() < 0.5)
    if rng.random() < 0.1:
        hand["options"] = rng.choice(({}, None))
    roll = rng.random()
    if roll < 0.1:
        table.pop("discarder")
    elif roll < 0.15:
        table.pop("riichi_sticks")
    elif roll < 0.2:
        table["riichi_sticks"] = rng.choice((None, {context["seat_wind"]: 0}))
    elif roll < 0.25:
        table["honba"] = rng.choice((40, 300))
    roll = rng.random()
    if roll < 0.06:
        del hand["table"]
    elif roll < 0.1:
        hand["table"] = None
    if rng.random() < 0.1:
        for key in [k for k, v in context.items() if v is False]:
            del context[key]
    if rng.random() < 0.05:
        context["is_4th_tile"] = True
    if rng.random() < 0.05:
        context["about_kong"] = True
    if rng.random() < 0.05 and not hand["ura_dora_indicators"]:
        hand["ura_dora_indicators"] = None
    return hand


def test_random_riichi_wins_answer_alike() -> None:
    rng = random.Random(20261207)
    answered, seen = 0, set()
    for n in range(3000):
        hand = random_riichi(rng)
        if compare(hand, None if n % 4 else "riichi"):
            answered += 1
            score = core_answer(hand, None)["score"]
            seen.update(i["key"] for i in score["items"])
            seen.update((f"limit {score['limit']}", f"winner {score['winner']}",
                         f"sticks {score['riichi_sticks']}", f"honba {score['honba'] > 0}"))
    # the core takes all but the hands without a yaku and the tables and flags it leaves to
    # Python, and its answers reach what changes a score
    assert answered > 2300, answered
    assert seen >= {"dora", "aka_dora", "ura_dora", "riichi", "double_riichi", "ippatsu", "pinfu",
                    "tanyao", "chiitoitsu", "toitoi", "honitsu", "chinitsu", "kokushi",
                    "menzen_tsumo", "ittsu", "sanshoku", "iipeiko", "limit mangan",
                    "limit haneman", "limit baiman", "limit yakuman", "limit None",
                    "winner E", "winner N", "sticks 0", "sticks 2", "honba True"}, seen


def test_three_player_wins_stay_on_the_python_path() -> None:
    rng = random.Random(3)
    asked = 0
    while asked < 300:
        hand = random_riichi(rng)
        tiles = [*hand["concealed"], hand["win_tile"], *(t for m in hand["melds"]
                                                          for t in m["tiles"])]
        if any(t[1:] == "m" and t[0] in "2345678" for t in tiles) or (
                hand["context"]["seat_wind"] == "N"):
            continue
        hand["variant"] = "riichi_sanma"
        if isinstance(hand.get("table"), dict):
            hand["table"] = {k: v for k, v in hand["table"].items() if k == "honba"}
        asked += 1
        assert core_answer(hand, None) is NotImplemented
        compare(hand, None)


def test_riichi_vector_hands_answer_alike() -> None:
    rows = [json.loads(line) for path in sorted(VECTORS.glob("riichi_*/*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if len(r.get("concealed") or []) == 14 and not r.get("melds")]
    assert len(rows) > 50
    answered = 0
    for row in rows:
        *concealed, win = row["concealed"]
        for context in ({"riichi": True}, {"self_drawn": True, "seat_wind": "S"}, {}):
            answered += compare({"variant": "riichi", "concealed": concealed, "win_tile": win,
                                 "context": context, "dora_indicators": [concealed[0]]}, None)
    assert answered > 50, answered


RIICHI_KEYS = (*REQUEST_KEYS, "options", "table", "dora_indicators", "ura_dora_indicators")
RIICHI_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(10 ** 20), 10 ** 20) | TILE_LIKE
    | st.sampled_from(["yakuman", "none", "E", "N"]),
    lambda inner: st.lists(inner, max_size=15)
    | st.dictionaries(st.sampled_from(["riichi", "double_riichi", "ippatsu", "self_drawn",
                                       "seat_wind", "discarder", "honba", "riichi_sticks", "E",
                                       "S", "kazoe", "aka_dora", "stick_value", "type", "tiles",
                                       "concealed"]) | st.text(max_size=3), inner, max_size=6),
    max_leaves=25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(RIICHI_KEYS) | st.text(max_size=3), RIICHI_JUNK,
                       max_size=7))
def test_junk_riichi_requests(data: dict[str, Any]) -> None:
    compare({**data, "variant": "riichi"}, None)


def _riichi_mutations(base: dict[str, Any]) -> list[Any]:
    """Broken or unusual versions of a valid riichi request, one change each."""
    context, table = base["context"], base["table"]
    closed = {**base, "melds": [m for m in base["melds"] if m.get("concealed")]}
    out: list[Any] = [
        {**base, "context": {**context, "riichi": True}},  # with claimed melds: refused
        {**base, "context": {**context, "ippatsu": True, "riichi": False,
                             "double_riichi": False}},
        {**base, "context": {**context, "riichi": "yes"}},
        {**base, "context": {**context, "flowers": 1}},
        {**base, "context": {**context, "wall_last": True, "kong_replacement": True}},
        {**base, "context": {**context, "kong_replacement": True, "self_drawn": True}},
        {**base, "context": {**context, "robbing_kong": True, "self_drawn": True}},
        {**base, "context": {**context, "first_go_around": True}},
        {**closed, "context": {**context, "riichi": True, "first_go_around": True}},
        {**base, "ura_dora_indicators": ["1m"]},
        {**base, "dora_indicators": [base["win_tile"]] * 4},
        {**base, "dora_indicators": ["1m"] * 6}, {**base, "dora_indicators": ["1f"]},
        {**base, "dora_indicators": "1m"}, {**base, "dora_indicators": ["0z"]},
        {**base, "dora_indicators": ["0p", "0s"]}, {**base, "red_fives": 1},
        {**base, "nukidora": 1}, {**base, "win_tile": "0m"}, {**base, "win_tile": "0z"},
        {**base, "table": {**table, "honba": -1}}, {**base, "table": {**table, "honba": True}},
        {**base, "table": {**table, "honba": "1"}}, {**base, "table": {**table, "honba": 2 ** 40}},
        {**base, "table": {**table, "riichi_sticks": {"X": 1}}},
        {**base, "table": {**table, "riichi_sticks": {"E": True}}},
        {**base, "table": {**table, "riichi_sticks": {"E": 10 ** 7}}},
        {**base, "table": {**table, "riichi_sticks": [1]}},
        {**base, "table": {**table, "discarder": context["seat_wind"]}},
        {**base, "table": {**table, "discarder": "X"}}, {**base, "table": {**table, "kongs": []}},
        {**base, "table": {**table, "dealer": "S"}}, {**base, "table": {**table, "seat": "S"}},
        {**base, "table": {**table, "winners": ["E", "S"]}},
        {**base, "table": {**table, "liable": {"seat": "S"}}}, {**base, "table": []},
        {**base, "options": {"kong_robbable": False}}, {**base, "options": {"kazoe": "x"}},
        {**base, "options": {"open_tanyao": "yes"}}, {**base, "options": {"what": 1}},
        {**base, "options": {"stick_value": -1}}, {**base, "options": {"stick_value": 2 ** 40}},
        {**base, "options": {"aka_dora": [1]}}, {**base, "options": []},
        # equal to valid values (True == 1 == 1.0) but refused by the options' reader
        {**base, "options": {**(base.get("options") or {}), "aka_dora": 1}},
        {**base, "options": {**(base.get("options") or {}), "kiriage": 0.0}},
        {**base, "options": {**(base.get("options") or {}), "stick_value": 1000.0}},
        {**base, "variant": "riichi_sanma"}, {**base, "variant": "mcr"},
    ]
    return out + [m for m in _mutations(base) if isinstance(m, dict) and m.get("variant") != "mcr"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_broken_riichi_requests(seed: int) -> None:
    base = random_riichi(random.Random(seed))
    base["table"] = base.get("table") or {"discarder": None}
    base["context"] = base["context"] or {}
    for data in _riichi_mutations(base):
        compare(data, None)
        compare(data, "riichi")
