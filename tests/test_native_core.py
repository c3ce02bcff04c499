"""The compiled core against the pure-Python engine: the same answers, the same errors.

Every public function that asks ``assistant.native.core`` is run twice on the same input, once
with the core and once with ``native.core = None`` (the path ``MAHJONG_ASSISTANT_PURE=1`` or a
missing build takes), and the two outcomes must be equal: the value, or the exception's type and
message. The hands are random, 10,000 and more for each form, wild tiles and 16-tile hands among
them, and drawn from walls that make the rarer forms (十三幺, 全不靠, 组合龙) close to ready.
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant import analyze, native
from assistant.advice import discard_options
from assistant.batch import shanten_batch
from assistant.decompose import decompositions, is_complete
from assistant.hand import HandState
from assistant.rules import split_wilds
from assistant.shanten import (
    ALL_FORMS,
    KNITTED,
    ORPHANS,
    Form,
    form_applies,
    shanten,
    shanten_forms,
    shanten_of_form,
    shanten_regular,
)
from assistant.tiles import TILES, to_counts
from assistant.waits import Rules, form_shanten, forms_shanten, helpful_draws, waits

try:
    CORE = importlib.import_module("assistant._core")
except ImportError:
    CORE = None

pytestmark = pytest.mark.skipif(
    CORE is None, reason="the compiled core is not built: run `python setup.py build_ext --inplace` "
                         "or `pip install -e .` with a C compiler present")

WALL = [i for i in range(34) for _ in range(4)]
#: Walls that make each form likely: all tiles; one suit and the honours (many near-complete
#: regular and seven-pair hands); the terminals and honours; the knitted lines and honours.
POOLS = (
    WALL,
    [i for i in WALL if i < 9 or i >= 27],
    [i for i in WALL if i in ORPHANS] * 2 + WALL[::8],
    [i for i in WALL if i >= 27 or (i % 9) % 3 == (i // 9)] + WALL[::12],
    [i for i in WALL if i >= 27 or (i % 9) % 3 == (2 - i // 9)] * 2 + WALL[::6],
)


def deal(rng: random.Random, size: int) -> list[int]:
    """A hand of ``size`` tiles (fewer where a pool would give a fifth copy) from a random pool."""
    counts = [0] * 34
    for t in rng.sample(rng.choice(POOLS), size):
        if counts[t] < 4:
            counts[t] += 1
    return counts




def complete(rng: random.Random, form: Form, sets: int = 4) -> list[int]:
    """Tiles of a random complete hand of ``form`` (``sets`` sets and a pair for the regular)."""
    def a_set() -> list[int]:
        if rng.random() < 0.5:
            t = rng.randrange(34)
            return [t] * 3
        suit, low = rng.randrange(3), rng.randrange(7)
        return [9 * suit + low + k for k in range(3)]

    if form is Form.REGULAR:
        return [t for _ in range(sets) for t in a_set()] + [rng.randrange(34)] * 2
    if form is Form.SEVEN_PAIRS:
        return [t for t in rng.sample(range(34), 7) for _ in range(2)]
    if form is Form.THIRTEEN_ORPHANS:
        return list(ORPHANS) + [rng.choice(ORPHANS)]
    line = list(rng.choice(KNITTED))
    if form is Form.HONORS_AND_KNITTED:
        return rng.sample(line + list(range(27, 34)), 14)
    return line + a_set() + [rng.randrange(34)] * 2


def near(rng: random.Random, form: Form, drop: int = 1) -> tuple[list[int], int]:
    """A hand ``drop`` tiles short of a complete one of ``form``, one tile maybe swapped for a
    random one and 0-2 tiles turned into wild tiles: mostly ready or one from it."""
    while True:
        tiles = complete(rng, form, rng.choice((4, 4, 4, 5, 3)))
        rng.shuffle(tiles)
        del tiles[:drop]
        if rng.random() < 0.4:
            tiles[0] = rng.randrange(34)
        wilds = rng.choice((0, 0, 0, 1, 2))
        counts = [0] * 34
        for t in tiles[wilds:]:
            counts[t] += 1
        if max(counts) <= 4:
            return counts, wilds


def outcome(fn: Callable[[], object]) -> tuple[str, object]:
    """What a call gives: ("ok", value) or (exception type, message)."""
    try:
        value = fn()
    except Exception as exc:  # the comparison is of whatever the pure path raises
        return type(exc).__name__, str(exc)
    return "ok", value.tolist() if isinstance(value, np.ndarray) else value


def both(fn: Callable[..., object], *args: object) -> tuple[tuple[str, object], tuple[str, object]]:
    """The outcome of ``fn(*args)`` with the compiled core, then on the pure-Python path (each on
    fresh copies of list and array arguments: the pure path may leave a count changed when it
    raises)."""
    def call() -> object:
        return fn(*(a.copy() if isinstance(a, list | np.ndarray) else a for a in args))

    saved = native.core
    native.core = CORE
    try:
        fast = outcome(call)
        native.core = None
        slow = outcome(call)
    finally:
        native.core = saved
    return fast, slow


def assert_same(fn: Callable[..., object], *args: object) -> tuple[str, object]:
    """Both paths give the same outcome for ``fn(*args)``; that outcome."""
    fast, slow = both(fn, *args)
    assert fast == slow, (fn.__name__, args)
    return fast


def hands(seed: int, count: int, sizes: tuple[int, ...], wild_odds: float = 0.3):
    """(counts, wilds) pairs: ``count`` hands, half of the sizes dealt at random (a third or so
    holding 1-3 wild tiles), half built near a complete hand of each form (``near``)."""
    rng = random.Random(seed)
    for k in range(count):
        size = rng.choice(sizes)
        if k % 2:
            drop = 1 if size % 3 == 1 else 0 if size % 3 == 2 else 2
            yield near(rng, ALL_FORMS[k // 2 % 5], drop)
            continue
        wilds = rng.randint(1, min(3, size)) if rng.random() < wild_odds else 0
        yield deal(rng, size - wilds), wilds


def test_every_form_equal_on_random_hands() -> None:
    """Shanten of each of the five forms, 13/14-tile hands (10,000 for every form)."""
    reached: Counter = Counter()
    for counts, wilds in hands(1, 10_000, (13, 14)):
        four = sum(counts) % 2 == 0
        fast = assert_same(shanten_forms, counts, wilds, ALL_FORMS, four)
        assert fast[0] == "ok"
        for form, value in fast[1].items():
            reached[form] += value is not None and value <= 1
        assert_same(shanten, counts, wilds, ALL_FORMS, four)
    # the walls bring every form within one of ready often enough to test it
    assert all(reached[f] >= 100 for f in ALL_FORMS), reached


def test_other_sizes_and_sixteen_tile_hands_equal() -> None:
    """Every concealed size with declared melds aside, the 16-tile hand's 16 and 17 included,
    with the three-player regular form and single forms asked one by one."""
    for counts, wilds in hands(2, 12_000, (1, 2, 4, 5, 7, 8, 10, 11, 16, 17)):
        assert_same(shanten_forms, counts, wilds)
        assert_same(shanten_regular, counts, wilds, True)
        form = ALL_FORMS[sum(counts) % 5]
        assert_same(shanten_of_form, form, counts, wilds, False)
        assert_same(form_shanten, form, counts, wilds, True, True)


def test_all_forms_in_one_call_as_one_by_one() -> None:
    """The analysis' shanten of every form in one core call, as each form asked alone, on both
    paths (three-player, 16-tile and every size among them)."""
    for k, (counts, wilds) in enumerate(hands(4, 6_000, (1, 4, 7, 10, 11, 13, 14, 16, 17))):
        three, four, forms = k % 3 == 0, k % 2 == 0, (ALL_FORMS, ALL_FORMS[:3])[k % 2]
        one_by_one = {f.value: form_shanten(f, counts, wilds, three, four)
                      if form_applies(f, sum(counts) + wilds) else None for f in forms}
        assert assert_same(forms_shanten, forms, counts, wilds, three, four) == ("ok", one_by_one)


#: One form alone, then mixed rules; 组合龙 is asked with the regular form (alone, both paths
#: refuse it: ``waits._evaluate`` needs a form other than 组合龙 to compare with).
RULES = [Rules(forms=(f,)) for f in ALL_FORMS[:4]] + [
    Rules(forms=(Form.KNITTED_STRAIGHT, Form.REGULAR)),
    Rules(), Rules(forms=ALL_FORMS[:3], four_as_two_pairs=False),
    Rules(forms=(Form.REGULAR, Form.SEVEN_PAIRS), three_player=True,
          absent=frozenset(range(1, 8))),
    Rules(wild_codes=("5m", "C"), absent=frozenset({33})),
]


def test_effective_tiles_and_waits_equal() -> None:
    """helpful_draws and waits of 3n+1 hands under each form alone and under mixed rules."""
    ready: Counter = Counter()
    for k, (counts, wilds) in enumerate(hands(3, 12_000, (13, 13, 13, 10, 16, 4, 7))):
        # every other hand built near a form is asked under that form alone
        rules = RULES[k // 2 % 5] if k % 4 == 1 else RULES[k % len(RULES)]
        fast = assert_same(helpful_draws, counts, wilds, rules)
        assert_same(waits, counts, wilds, rules)
        assert_same(waits, counts, wilds, rules, False)
        if fast[0] == "ok" and fast[1][0] == 0:
            ready[rules.forms] += 1
    assert all(ready[r.forms] >= 50 for r in RULES[:5]), ready


def test_discard_advice_equal() -> None:
    """Every discard of 3n+2 hands, wild tiles and 17-tile hands included."""
    for k, (counts, wilds) in enumerate(hands(4, 4_000, (14, 14, 14, 11, 17, 5))):
        rules = RULES[k % len(RULES)]
        remaining = [4 - c for c in counts]
        assert_same(discard_options, counts, wilds, remaining, rules)


def test_readings_equal() -> None:
    """Every reading of complete hands (10,000 built from each form's shape, 0-3 tiles of them
    turned into wild tiles, 5 to 17 tiles) and of random ones: same readings, same order."""
    rng = random.Random(7)
    readings = 0
    for k in range(10_000):
        form = ALL_FORMS[k % 5]
        tiles = complete(rng, form, rng.choice((0, 1, 2, 3, 4, 4, 4, 5)))
        rng.shuffle(tiles)
        wilds = rng.choice((0, 0, 1, 2, 3))
        counts = [0] * 34
        for t in tiles[wilds:]:
            counts[t] += 1
        if max(counts) > 4:
            continue
        fast = assert_same(decompositions, counts, wilds)
        readings += len(fast[1])
    assert readings >= 10_000
    for counts, wilds in hands(8, 3_000, (14, 11, 17, 8, 5, 2)):
        assert_same(decompositions, counts, wilds)
    fifth = 0
    for k in range(20_000):  # a fifth copy, as waits asks of a tile held four times
        counts, wilds = near(rng, Form.REGULAR if k % 3 else Form.SEVEN_PAIRS)
        if 4 in counts:
            counts[counts.index(4)] += 1
            fifth += bool(assert_same(decompositions, counts, wilds)[1])
            assert_same(is_complete, counts, wilds)
    assert fifth >= 20


def test_completeness_equal() -> None:
    for counts, wilds in hands(5, 5_000, (14, 11, 17, 2)):
        assert_same(is_complete, counts, wilds)


def test_shanten_batch_equal() -> None:
    rng = random.Random(6)
    matrix = np.array([deal(rng, rng.choice((1, 4, 8, 10, 13, 14, 14, 16, 17)))
                       for _ in range(10_000)])
    for forms, four in ((ALL_FORMS, True), (ALL_FORMS[:3], False), ((Form.SEVEN_PAIRS,), True),
                        ((Form.KNITTED_STRAIGHT, Form.THIRTEEN_ORPHANS), False)):
        fast = assert_same(shanten_batch, matrix, forms, four)
        assert fast[0] == "ok"
    one_by_one = [shanten(list(map(int, row))) for row in matrix[:2000]]
    assert shanten_batch(matrix[:2000]).tolist() == one_by_one


# --- the boundary: malformed input gives the pure path's error, never a crash ---

COUNT_VALUES = st.one_of(st.integers(-3, 7), st.integers(-2**70, 2**70), st.floats(-2, 6),
                         st.booleans(), st.none(), st.text(max_size=2))
COUNTS = st.one_of(
    st.lists(st.integers(0, 4), min_size=34, max_size=34),
    st.lists(st.integers(-1, 6), min_size=34, max_size=34),
    st.lists(COUNT_VALUES, min_size=0, max_size=40),
    st.lists(st.integers(0, 4), min_size=0, max_size=40).map(tuple),
    st.lists(st.integers(-1, 5), min_size=34, max_size=34).map(np.array),
    st.lists(st.integers(0, 4), min_size=34, max_size=34).map(lambda c: np.array(c, dtype=np.int8)),
    st.just("123m"), st.none(),
)
WILDS = st.one_of(st.integers(-3, 20), st.just(2**64), st.floats(0, 3), st.none(), st.booleans())
FORMS = st.one_of(st.lists(st.sampled_from(ALL_FORMS), min_size=0, max_size=5).map(tuple),
                  st.just(("regular",)), st.just([Form.REGULAR]))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(counts=COUNTS, wilds=WILDS, forms=FORMS, four=st.booleans(), three=st.booleans())
@example(counts=[], wilds=2.0, forms=(), four=False, three=False)  # wild tiles as a float, no counts
def test_malformed_calls_match_the_pure_path(counts, wilds, forms, four, three) -> None:
    rules = Rules(forms=forms if isinstance(forms, tuple) and forms else ALL_FORMS,
                  three_player=three, four_as_two_pairs=four)
    assert_same(shanten, counts, wilds, forms, four)
    assert_same(shanten_forms, counts, wilds, forms, four)
    assert_same(shanten_regular, counts, wilds, three)
    assert_same(shanten_of_form, Form.SEVEN_PAIRS, counts, wilds, four)
    assert_same(helpful_draws, counts, wilds, rules)
    assert_same(waits, counts, wilds, rules, False)
    assert_same(discard_options, counts, wilds, [4] * 34, rules)
    assert_same(decompositions, counts, wilds, forms if forms else ALL_FORMS, four)
    assert_same(is_complete, counts, wilds, forms if forms else ALL_FORMS, four)


@settings(max_examples=200, deadline=None)
@given(rows=st.integers(0, 5), width=st.sampled_from([34, 34, 33, 35]),
       low=st.integers(-2, 0), high=st.integers(1, 6),
       dtype=st.sampled_from([np.int64, np.int8, np.int32, np.float64, np.uint8]),
       seed=st.integers(0, 2**16), forms=st.sampled_from([ALL_FORMS, ALL_FORMS[:3], ()]))
def test_malformed_batches_match_the_pure_path(rows, width, low, high, dtype, seed, forms) -> None:
    rng = np.random.default_rng(seed)
    matrix = rng.integers(low, high, size=(rows, width)).astype(dtype)
    assert_same(shanten_batch, matrix, forms)
    assert_same(shanten_batch, matrix.T, forms)  # not C-contiguous, and the wrong shape


@settings(max_examples=300, deadline=None)
@given(args=st.lists(st.one_of(st.integers(-2**65, 2**65), st.none(), st.lists(st.integers(-9, 9)),
                               st.binary(max_size=8), st.floats()), min_size=0, max_size=6))
def test_the_core_itself_never_crashes(args) -> None:
    """The extension's own entries, called with anything: an answer, NotImplemented, or a
    TypeError/OverflowError from argument parsing, never a crash of the process."""
    for name in ("shanten", "shanten_forms", "helpful", "discards", "shanten_batch",
                 "tile_counts"):
        try:
            getattr(CORE, name)(*args)
        except (TypeError, OverflowError, ValueError, BufferError):
            pass


#: Entries of a tile list: playing codes, and what is not one (bonus tiles, a back, riichi's red
#: five and honours, case and order slips, text, numbers, nothing, a nested list).
TILE_ENTRIES = st.one_of(
    st.sampled_from(TILES), st.sampled_from(TILES), st.sampled_from(
        ("1f", "8f", "back", "0m", "5z", "", "1M", "m1", "10m", "e", " E", "中")),
    st.text(max_size=3), st.integers(-1, 40), st.none(), st.lists(st.just("1m"), max_size=2))
TILE_LISTS = st.one_of(st.lists(TILE_ENTRIES, max_size=20),
                       st.lists(st.sampled_from(TILES), max_size=20).map(tuple),
                       st.just("123m"), st.none(), st.just({"1m": 1}))


@settings(max_examples=500, deadline=None)
@given(tiles=TILE_LISTS)
@example(tiles=["1m"] * 5 + ["E"])  # five copies are counted too: the callers judge them
def test_tile_counts_match_the_pure_path(tiles) -> None:
    """The core's count of a tile list is the pure count where it reads every entry, and
    NotImplemented (the Python path then answers or names the entry) where it does not."""
    assert_same(split_wilds, tiles, Rules())
    counts = CORE.tile_counts(tiles)
    pure = outcome(lambda: to_counts(tiles))
    if counts is NotImplemented:
        assert pure[0] != "ok" or not isinstance(tiles, list | tuple) or not all(
            type(t) is str for t in tiles)
    else:
        assert pure == ("ok", counts)


#: A hand's tiles drawn from few faces (so five copies and the wrong sizes come up often), and
#: entries that are no playing tile.
HAND_TILES = st.lists(st.sampled_from(("1m", "1m", "2m", "3m", "E", "E", "C", "5p", "1f", "back",
                                       "0m")), max_size=16)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(concealed=st.one_of(HAND_TILES, st.just("123m456p789s11EEE"), st.just("1111m")),
       visible=st.one_of(HAND_TILES, st.none()), win=st.sampled_from((None, "1m", "E", "0m")),
       pung=st.sampled_from((None, ("E", "E", "E"), ("1m", "1m", "1m"), ("1m", "2m", "3m"))),
       stood=st.one_of(st.none(), st.lists(st.sampled_from(("1m", "E")), max_size=5)))
def test_reading_a_hand_matches_the_pure_path(concealed, visible, win, pung, stood) -> None:
    """A hand read with the core and without: the same state, or the same MahjongError
    (five copies of a tile, the wrong size, a bonus tile or a back in the hand ...)."""
    data = {"concealed": concealed, "visible": visible, "win_tile": win, "stood": stood,
            "melds": [] if pung is None else [{"type": "chow" if pung[0] != pung[1] else "pung",
                                               "tiles": list(pung)}]}
    fast, slow = both(HandState.from_json, data)
    assert fast == slow
    if fast[0] == "ok":
        state = fast[1]
        rules = Rules()
        assert_same(split_wilds, state.tiles, rules)
        assert_same(lambda: analyze(state)["shanten_forms"])


def test_the_switch() -> None:
    """MAHJONG_ASSISTANT_PURE=1 turns the core off; without it the built core answers."""
    code = "from assistant import native; print(native.core is None, native.describe())"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    for value, off in (("1", "True"), ("", "False"), ("0", "False")):
        env["MAHJONG_ASSISTANT_PURE"] = value
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                             check=True).stdout
        assert out.split()[0] == off, out


def test_a_missing_build_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    import assistant

    monkeypatch.setitem(sys.modules, "assistant._core", None)  # import fails as if never built
    monkeypatch.delattr(assistant, "_core", raising=False)
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    assert native._load() is None


def test_tables_read_without_numpy_as_numpy_reads_them(tmp_path: Path) -> None:
    """The cache file's zip read by hand gives numpy's bytes; another layout goes to numpy."""
    from assistant import suit_table

    path = next(p for p in suit_table._cache_paths() if p.exists())
    with np.load(path) as data:
        expected = data["suit"].tobytes(), data["honor"].tobytes()
    assert suit_table._read_cache(path) == expected
    other = tmp_path / "tables.npz"
    np.savez_compressed(other, suit=np.arange(24, dtype=np.int16).reshape(2, 12),
                        honor=np.zeros((1, 12), dtype=np.uint8))
    assert suit_table._read_cache(other) == (np.arange(24, dtype=np.int16).tobytes(), bytes(12))
