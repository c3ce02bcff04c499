"""The catalogue's patterns in the compiled core against their Python predicates, and the
scoring cards on both paths: the same bits, counts and scores.

The readings are random and built directly (every form, claimed and concealed sets, kongs, 16-tile
hands, a win tile or none, every win flag), many drawn from narrow pools (one suit, terminals and
honours, 2-5-8, the upper or lower numbers, green tiles) so the rarer patterns are met often.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from types import SimpleNamespace

import pytest

from assistant import native
from assistant.decompose import decompositions
from assistant.hand import HandState
from assistant.scoring import pattern_bits
from assistant.scoring.fan_table import Entry, FanTable
from assistant.scoring.patterns import (
    CATALOGUE,
    RELATIONS,
    SetView,
    Win,
    WinningHand,
    combine_sets,
    python_combine_sets,
    winning_hands,
)
from assistant.shanten import Form
from assistant.tiles import DRAGONS, TILES, WINDS, to_counts

pytestmark = pytest.mark.skipif(
    native.core is None or not pattern_bits.NATIVE_KEYS,
    reason="the compiled core is not built (or MAHJONG_ASSISTANT_PURE is set): nothing to compare")

SUITED = [t for t in TILES if t[-1] in "mps"]
POOLS = (
    TILES,
    [t for t in TILES if t.endswith("m")] + list(WINDS + DRAGONS),
    [t for t in TILES if t.endswith("p")],
    [t for t in TILES if t[0] in "19" and len(t) == 2] + list(WINDS + DRAGONS),
    [t for t in SUITED if t[0] in "258"],
    [t for t in SUITED if t[0] in "789"] + list(DRAGONS),
    [t for t in SUITED if t[0] in "1234"],
    [t for t in SUITED if t[0] in "456"],
    ["2s", "3s", "4s", "6s", "8s", "F"],
    list(WINDS) * 2 + list(DRAGONS) + ["1m", "9p"],
    [t for t in SUITED if t[0] in "17"] + ["5m", "5p", "5s"],
    ["1s", "7s", "5s"],
    ["1m", "7m", "1p", "7p", "5s"],
    ["1m", "4p", "7s", "4m", "7p", "1s"],
    ["2p", "3p", "4p", "5p"],
)
KNITS = ("147", "258", "369")


def _set(rng: random.Random, pool: list[str], chow_bias: float) -> tuple[str, tuple[str, ...]]:
    tile = rng.choice(pool)
    if tile in WINDS + DRAGONS or rng.random() > chow_bias:
        return "pung", (tile,) * 3
    n = min(int(tile[0]), 7)
    return "chow", tuple(f"{n + k}{tile[1]}" for k in range(3))


def _regular(rng: random.Random, pool: list[str]) -> tuple:
    n_sets = 5 if rng.random() < 0.1 else 4
    chow_bias = rng.choice((0.0, 0.5, 0.9, 1.0))
    melds = rng.choice((0, 0, 1, 2, 3, 4, n_sets))
    sets, groups, concealed = [], [], []
    exposed = 0
    for i in range(n_sets):
        kind, tiles = _set(rng, pool, chow_bias)
        if i < melds:
            if kind == "pung" and rng.random() < 0.35:
                kind, tiles = "kong", tiles + tiles[:1]
            open_ = kind != "kong" or rng.random() < 0.5
            exposed += open_
            sets.append(SetView(kind, tiles, open_))
        else:
            groups.append((kind, tiles))
            concealed += tiles
    sets = [SetView(k, t) for k, t in groups] + sets
    pair = rng.choice(pool)
    groups.append(("pair", (pair, pair)))
    concealed += [pair, pair]
    return Form.REGULAR, sets, pair, groups, concealed, exposed


def _special(rng: random.Random, pool: list[str]) -> tuple:
    form = rng.choice((Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS, Form.HONORS_AND_KNITTED,
                       Form.KNITTED_STRAIGHT))
    if form is Form.SEVEN_PAIRS:
        if rng.random() < 0.3:  # seven shifted pairs or near it
            suit, low = rng.choice("mps"), rng.randint(1, 3)
            pairs = [f"{low + k}{suit}" for k in range(7)]
            pairs[rng.randrange(7)] = rng.choice(pairs + [rng.choice(pool)])
        else:
            pairs = [rng.choice(pool) for _ in range(7)]
        groups = [("pair", (t, t)) for t in pairs]
        return form, [], None, groups, [t for t in pairs for _ in range(2)], 0
    if form is Form.THIRTEEN_ORPHANS:
        singles = [t for t in TILES if t in WINDS + DRAGONS or t[0] in "19"]
        singles.append(rng.choice(singles))
        return form, [], None, [("single", (t,)) for t in singles], singles, 0
    order = rng.sample("mps", 3)
    knitted = [f"{n}{s}" for s, ks in zip(order, KNITS, strict=True) for n in ks]
    if form is Form.HONORS_AND_KNITTED:
        honours = list(WINDS + DRAGONS)
        tiles = rng.sample(knitted, 14 - rng.randint(5, 7)) if rng.random() < 0.5 else knitted
        tiles = (tiles + rng.sample(honours, 14 - len(tiles)))[:14]
        return form, [], None, [("single", (t,)) for t in tiles], tiles, 0
    kind, tiles = _set(rng, pool, 0.5)
    pair = rng.choice(pool)
    groups = [("knitted", tuple(knitted)), (kind, tiles), ("pair", (pair, pair))]
    return form, [SetView(kind, tiles)], pair, groups, knitted + list(tiles) + [pair, pair], 0


def _nine_gates(rng: random.Random) -> WinningHand:
    """A reading of 1112345678999 and one more tile of the suit, as the engine reads it."""
    suit = rng.choice("mps")
    tiles = [f"{n}{suit}" for n in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, rng.randint(1, 9))]
    win = tiles.pop(rng.randrange(14))
    state = HandState.from_json({"concealed": "".join(t[0] for t in tiles) + suit, "win_tile": win})
    return rng.choice(winning_hands(state, decompositions(to_counts(state.tiles))))


def random_reading(rng: random.Random) -> tuple[WinningHand, Win]:
    """A random reading (tiles may exceed four copies: the predicates must agree anyway)."""
    pool = rng.choice(POOLS)
    if rng.random() < 0.03:
        hand = _nine_gates(rng)
    else:
        form, sets, pair, groups, concealed, exposed = (
            _special(rng, pool) if rng.random() < 0.25 else _regular(rng, pool))
        meld_tiles = [t for s in sets if s.exposed or s.kind == "kong" for t in s.tiles]
        win_tile = rng.choice(concealed) if rng.random() < 0.95 else None
        hand = WinningHand(form, tuple(sets), pair, tuple(concealed + meld_tiles), win_tile,
                           tuple((k, tuple(t)) for k, t in groups), tuple(concealed), exposed)
    flags = [rng.random() < 0.3 for _ in range(11)]
    win = Win(*flags[:7], rng.choice(WINDS), rng.choice(WINDS), *flags[7:10],
              flowers=rng.choice((0, 0, 0, 1, 2, 5)))
    return hand, win


def test_the_core_holds_every_catalogue_pattern_but_the_relations() -> None:
    assert set(pattern_bits.NATIVE_KEYS) == set(CATALOGUE) - set(RELATIONS)
    assert pattern_bits.KEYS[:len(pattern_bits.NATIVE_KEYS)] == pattern_bits.NATIVE_KEYS


def test_core_and_python_predicates_agree_on_random_readings() -> None:
    rng = random.Random(20261206)
    wanted = pattern_bits.NATIVE_MASK
    seen: Counter[str] = Counter()
    for n in range(30000):
        hand, win = random_reading(rng)
        got = pattern_bits.present(hand, win, wanted, ())
        want = pattern_bits.python_present(hand, win, wanted)
        assert got == want, (n, hand, win, pattern_bits.keys_of(got[0] ^ want[0]))
        seen.update(pattern_bits.keys_of(want[0]))
    never = [k for k in pattern_bits.NATIVE_KEYS if not seen[k]]
    assert not never, f"patterns no random reading had (the test would not see them differ): {never}"


def test_a_reading_the_core_cannot_hold_is_counted_in_python() -> None:
    hand, win = random_reading(random.Random(7))
    odd = replace(win, flowers=-1)  # the core takes 0 to 1000 flowers: anything else is refused
    assert native.core.pattern_bits(hand, odd) is NotImplemented
    wanted = pattern_bits.NATIVE_MASK
    got = pattern_bits.present(hand, odd, wanted, ())
    assert got == pattern_bits.python_present(hand, odd, wanted)
    assert got[1][pattern_bits.BIT["joker_flower"]] == -1


def _cards() -> list[FanTable]:
    import gc
    import importlib
    import pkgutil

    import assistant.variants as variants
    for m in pkgutil.iter_modules(variants.__path__):
        importlib.import_module(f"assistant.variants.{m.name}")
    importlib.import_module("assistant.scoring.by_card")
    return [o for o in gc.get_objects() if isinstance(o, FanTable)]


def _options(card: FanTable) -> dict[str, int]:
    """House rules giving every option-valued line 2 points and an option cap 8."""
    options = {e.value: 2 for e in card.entries if isinstance(e.value, str)}
    if isinstance(card.cap, str):
        options[card.cap] = 8
    return options


def test_every_card_scores_random_readings_alike_on_both_paths(monkeypatch) -> None:
    cards = _cards()
    assert len(cards) >= 15
    rng = random.Random(99)
    readings = [random_reading(rng) for _ in range(1500)]
    native_scores = []
    for card in cards:
        options = _options(card)
        scores = []
        for h, w in readings:
            chosen = card.choose(h, w, options)
            scored = card.scored(chosen, h, w, options)
            assert card.rank(chosen, [], options) == (scored.limit, scored.total, scored.uncapped)
            scores.append(scored)
        native_scores.append(scores)
    monkeypatch.setattr(pattern_bits, "_CORE", None)
    for card, scores in zip(cards, native_scores, strict=True):
        card._cards.clear()  # the cards' Python checks are made again for the pure path
        options = _options(card)
        for (h, w), got in zip(readings, scores, strict=True):
            assert card.score(h, w, options) == got
        card._cards.clear()


def test_core_and_python_choose_the_same_relations() -> None:
    rng = random.Random(31)
    keys = list(RELATIONS)
    counted: Counter[str] = Counter()
    for n in range(20000):
        hand, _ = random_reading(rng)
        chosen_keys = rng.sample(keys, rng.randint(1, len(keys)))
        values = {k: rng.choice((1, 1, 2, 6, 8, 16, 24)) for k in chosen_keys}
        got = combine_sets(hand, values)
        want = python_combine_sets(hand, values)
        assert got == want and list(got) == list(want), (n, hand.sets, values)
        counted.update(list(want))
    rare = {k: counted[k] for k in RELATIONS if counted[k] < 5}
    assert not rare, f"relations too rarely chosen to compare the two: {rare}"


def test_relations_the_core_does_not_take_are_chosen_in_python() -> None:
    hand = _nine_gates(random.Random(3))
    values = {"pure_double_chow": 1, "not_a_relation": 2}
    assert native.core.combine_sets(hand, ((0, 1), (-1, 2))) is NotImplemented
    assert combine_sets(hand, values) == python_combine_sets(hand, values)


def _junk(rng: random.Random, depth: int = 0) -> object:
    """Anything a caller might pass: tiles, non-tiles, numbers, None, nested tuples."""
    pick = rng.randrange(9 if depth < 2 else 6)
    if pick == 0:
        return rng.choice(TILES)
    if pick == 1:
        return rng.choice(("", "*", "0m", "10m", "mm", "1f", "back", "é", "chow", "pung", "kong",
                           "pair", "knitted", "single", "regular", "seven_pairs"))
    if pick == 2:
        return rng.choice((0, 1, -1, 5, 2**40, -2**70, True, 2.5))
    if pick == 3:
        return None
    if pick in (4, 5):
        return tuple(rng.choice(TILES) for _ in range(rng.randint(0, 20)))
    if pick == 6:
        return tuple(_junk(rng, depth + 1) for _ in range(rng.randint(0, 10)))
    if pick == 7:
        return [_junk(rng, depth + 1)]
    return SimpleNamespace(kind=_junk(rng, depth + 1), tiles=_junk(rng, depth + 1),
                           exposed=_junk(rng, depth + 1))


def test_the_scoring_entries_never_crash_on_anything() -> None:
    """Readings and wins of arbitrary attributes, and arbitrary relation points: an answer,
    NotImplemented or a Python error, never a crash of the process."""
    from assistant.variants.mcr import TABLE

    rows = TABLE.card({}).native
    assert rows is not None
    rng = random.Random(13)
    hand_fields = ("form", "sets", "pair", "tiles", "win_tile", "concealed_groups",
                   "concealed_tiles", "melds_exposed")
    win_fields = ("self_drawn", "kong_replacement", "after_kong_discard", "robbing_kong",
                  "last_tile", "first_go_around", "dealer", "fourth_tile", "unique_wait",
                  "kong_on_kong", "seat_wind", "prevalent_wind", "flowers")
    for _ in range(5000):
        real, win = random_reading(rng)
        hand = SimpleNamespace(**{f: getattr(real, f) for f in hand_fields})
        odd = SimpleNamespace(**{f: getattr(win, f) for f in win_fields})
        for target in rng.sample((hand, odd), rng.randint(1, 2)):
            name = rng.choice(sorted(vars(target)))
            if rng.random() < 0.2:
                delattr(target, name)
            else:
                setattr(target, name, _junk(rng))
        values = tuple((rng.randint(-2, 20), rng.choice((1, 0, -3, 8, 2**33))) for _ in
                       range(rng.randint(0, 6)))
        for fn, args in ((native.core.pattern_bits, (hand, odd)),
                         (native.core.pattern_bits, (hand, odd, rows)),
                         (native.core.combine_sets, (hand, values)),
                         (native.core.combine_sets, (hand, _junk(rng)))):
            try:
                out = fn(*args)
            except (TypeError, AttributeError, ValueError, OverflowError):
                continue
            assert out is NotImplemented or isinstance(out, tuple)


def test_the_core_and_python_choose_the_same_lines_on_every_card(monkeypatch) -> None:
    """FanTable.choose by the core (pattern_bits with the card's rows) against the Python
    choice on the same card and reading: the same lines, counts, sets and limit, in order."""
    from assistant.scoring import fan_table

    cards = [c for c in _cards() if c.card(_options(c)).native is not None]
    assert any(c.sets_once for c in cards) and any(
        any(e.limit for e in c.entries) for c in cards), "the core chooses MCR's and a limit card"
    rng = random.Random(2026)
    readings = [random_reading(rng) for _ in range(3000)]
    got = [[c.choose(h, w, _options(c)) for h, w in readings] for c in cards]
    monkeypatch.setattr(fan_table, "native_choice", lambda *_: NotImplemented)
    chosen_relations = limits = 0
    for card, answers in zip(cards, got, strict=True):
        options = _options(card)
        for (h, w), native_answer in zip(readings, answers, strict=True):
            want = card.choose(h, w, options)
            assert native_answer == want, (card.entries[0].pattern, h, w)
            chosen_relations += any(sets for _, _, sets in want[0])
            limits += want[1]
    assert chosen_relations > 500 and limits > 50, (chosen_relations, limits)


def test_a_card_the_core_cannot_read_is_refused_never_a_crash() -> None:
    """Rows of any length and values: NotImplemented or an answer, never a crash; a card the
    core refuses is chosen in Python."""
    from array import array

    rng = random.Random(5)
    hand, win = random_reading(rng)
    for _ in range(3000):
        words = [rng.choice((0, 1, -1, 2, 5, 40, 98, 99, 127, 128, 2**31 - 1, -2**31,
                             rng.randrange(-200, 200))) for _ in range(rng.choice((0, 9, 18, 27,
                                                                                   8, 10, 45)))]
        card = array("i", words).tobytes()
        out = native.core.pattern_bits(hand, win, card)
        assert out is NotImplemented or (isinstance(out, tuple) and len(out) == 2)
    assert native.core.pattern_bits(hand, win, "not bytes") is NotImplemented
    assert native.core.pattern_bits(hand, win, b"\0" * 36 * 161) is NotImplemented


def test_a_card_with_values_the_core_does_not_take_is_chosen_in_python() -> None:
    """A house rule worth nothing the core takes (negative, or past a million) leaves the card
    to the Python choice, which scores it as before."""
    card = FanTable((Entry("all_pungs", "pungs"), Entry("full_flush", 2)), combine="fan")
    s = HandState.from_json({"concealed": "1113335557779m", "win_tile": "9m"})
    hand = winning_hands(s, decompositions(to_counts(s.tiles)))[0]
    assert card.card({"pungs": 3}).native is not None
    for value in (2**40, -5):
        assert card.card({"pungs": value}).native is None
        scored = card.score(hand, Win(), {"pungs": value})
        assert scored.total == value + 2
