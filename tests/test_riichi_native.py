"""Riichi's scorer in the compiled core against the Python one: per reading (``riichi_yaku``:
the same lines, han, counts, fu and fu parts on every reading of random riichi wins, open and
concealed, kongs, every wait shape, seven pairs, thirteen orphans, red fives, dora, every
situational flag and house rule) and per hand (``riichi_score``: the whole analysis, score dict
and payments included, equal as JSON on thousands of random wins of riichi and 三麻, every option
that changes a score); junk input to the core is answered NotImplemented or an error, never a
crash.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from riichi_hands import random_case

from assistant import native
from assistant.analysis import python_analyze
from assistant.decompose import decompositions
from assistant.hand import HandState
from assistant.scoring.patterns import SetView, Win
from assistant.tiles import to_counts
from assistant.variants import get_profile
from assistant.variants import riichi as R

pytestmark = pytest.mark.skipif(
    R.NATIVE_ROWS[False] is None or R.NATIVE_ROWS[True] is None,
    reason="the compiled core is not built (or MAHJONG_ASSISTANT_PURE is set): nothing to compare")


def _readings(case_state: dict, options: dict) -> tuple[list[R.Reading], R.Situation]:
    """Every reading of a random win, with its situation under the case's house rules."""
    state = HandState.from_json(case_state)
    profile = get_profile("riichi", options)
    readings = decompositions(to_counts(state.tiles), 0, profile.forms, profile.four_as_two_pairs)
    s = R.situation(state, profile, state.seat_wind == "E")
    return R.readings_of(state, readings), s


def _python(r: R.Reading, s: R.Situation) -> tuple:
    """The pure path's answer for a reading: (key, han, count) of each line, fu, fu parts."""
    fu, parts = R.fu_with_parts(r, s)
    return [(y.key, han, c) for y, han, c in R.python_yaku_of(r, s)], fu, list(parts)


def _core(r: R.Reading, s: R.Situation) -> tuple:
    """The core's answer for the same reading."""
    got = R.native_reading(r, s)
    assert got is not None, "the core refused a riichi reading it should hold"
    return [(y.key, han, c) for y, han, c in got[0]], got[1], got[2]


def test_core_matches_python_on_random_wins() -> None:
    rng = random.Random(20261206)
    seen: Counter[str] = Counter()
    compared = 0
    for _ in range(1500):
        case = random_case(rng)
        readings, s = _readings(case.state, case.options)
        for r in readings:
            want = _python(r, s)
            assert _core(r, s) == want, (case.state, case.options, r.hand, r.group)
            seen.update(k for k, _, _ in want[0])
            seen[r.hand.form.value] += 1
            compared += 1
            # the other seat's and round's winds, a self-draw and its opposite, on the same shape
            other = replace(s, seat_wind="N", round_wind="S", win=replace(
                s.win, self_drawn=not s.win.self_drawn, seat_wind="N", prevalent_wind="S"))
            flipped = replace(r, self_drawn=other.win.self_drawn)
            assert _core(flipped, other) == _python(flipped, other)
    assert compared > 1500
    # the random hands reach the rare lines too, so the comparison covers them
    for key in ("pinfu", "tanyao", "chiitoitsu", "toitoi", "sanankou", "yakuhai_dragon",
                "yakuhai_seat", "honitsu", "chinitsu", "iipeiko", "riichi", "menzen_tsumo",
                "seven_pairs", "thirteen_orphans"):
        assert seen[key] > 0, key


def test_situational_lines_follow_the_situation() -> None:
    readings, s = _readings({"concealed": "234m567p22s345s78s", "win_tile": "9s",
                             "context": {"seat_wind": "S", "riichi": True, "ippatsu": True}},
                            {})
    r = readings[0]
    assert [k for k, _, _ in _core(r, s)[0]] == ["riichi", "ippatsu", "pinfu"]
    assert _core(r, s) == _python(r, s)


def test_junk_input_never_crashes_the_core() -> None:
    core = native.core
    readings, s = _readings({"concealed": "234m567p22s345s78s", "win_tile": "9s",
                             "context": {"seat_wind": "S"}}, {})
    r = readings[0]
    rows = R.NATIVE_ROWS[False]
    junk_groups = [("chow",), ("tile", ("1m", "2m", "3m")), ("chow", ("1m", "2m")),
                   ("pair", ("1m", "xx")), ("kong", ("1m",) * 4), 7, ("chow", "123m")]
    for group in junk_groups:
        assert core.riichi_yaku(r.hand, s.win, group, rows, 0, False, True) is NotImplemented
    for bad_rows in (b"\x00", bytes((0, 250, 0, 0)), bytes((99, 0, 0, 0)), bytes((1, 70, 0, 0)),
                     b"\x00" * 4 * 65, "rows"):
        assert core.riichi_yaku(r.hand, s.win, None, bad_rows, 0, False, True) is NotImplemented
    odd = replace(r.hand, sets=(SetView("chow", ("1m", "2m", "9z")),) + r.hand.sets[1:])
    assert core.riichi_yaku(odd, s.win, None, rows, 0, False, True) is NotImplemented
    with pytest.raises(AttributeError):
        core.riichi_yaku(object(), Win(), None, rows, 0, False, True)
    with pytest.raises(TypeError):
        core.riichi_yaku(r.hand, s.win, None, rows, "all", False, True)


class _Counting:
    """The core with its ``riichi_score`` answers counted (how many hands it scored)."""

    def __init__(self, core: Any) -> None:
        self.core, self.scored, self.refused = core, 0, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.core, name)

    def riichi_score(self, *args: Any) -> Any:
        got = self.core.riichi_score(*args)
        self.refused += got is NotImplemented
        self.scored += got is not NotImplemented
        return got


def _both(hand: dict[str, Any], monkeypatch: pytest.MonkeyPatch, core: _Counting) -> tuple[str,
                                                                                       str]:
    """The whole analysis of ``hand`` as JSON (or the error's message) on the Python path of
    ``analyze`` (the one-call answer of a whole request is ``tests/test_analyze_one_call.py``'s),
    by the scorer's one core call per hand and by the Python scorer."""
    def run() -> str:
        try:
            return json.dumps(python_analyze(hand), ensure_ascii=False)
        except Exception as exc:  # noqa: BLE001 - both sides must refuse alike
            return f"{type(exc).__name__}: {exc}"
    monkeypatch.setattr(R, "_CORE", core)
    with_core = run()
    monkeypatch.setattr(R, "_CORE", None)
    pure = run()
    return with_core, pure


#: The 2万–8万 three players leave out, as the random hands' codes.
_OUT_OF_SANMA = {f"{n}m" for n in range(2, 9)} | {"0m"}


def _hand_tiles(state: dict[str, Any]) -> list[str]:
    return [*state["concealed"], state["win_tile"], *(t for m in state["melds"] for t in m["tiles"]),
            *state["dora_indicators"], *state["ura_dora_indicators"]]


def _riichi_variant(rng: random.Random) -> dict[str, Any]:
    """A random four-player win with the options that change a score drawn at random too, and
    sometimes a second winner on the same discard (頭跳ね: who takes honba and sticks)."""
    case = random_case(rng)
    hand = json.loads(json.dumps(case.state))
    options = hand["options"]
    options["renhou"] = rng.choice(("none", "five_han", "yakuman"))
    options["stick_value"] = rng.choice((1000, 1000, 500, 0, 10000))
    table = hand["table"]
    if rng.random() < 0.05:  # long runs of draws: large honba amounts
        table["honba"] = rng.choice((40, 300))
    discarder = table["discarder"]
    seat = hand["context"]["seat_wind"]
    if discarder is not None and rng.random() < 0.15:
        other = rng.choice([w for w in "ESWN" if w not in (seat, discarder)])
        table["winners"] = [seat, other]
    return hand


def _sanma_variant(rng: random.Random) -> dict[str, Any] | None:
    """A random three-player win (no 2万–8万, no chow claimed, seats E S W), with nukidora and
    the three-player options drawn at random; ``None`` where the random hand does not fit."""
    hand = _riichi_variant(rng)
    seat = hand["context"]["seat_wind"]
    if (seat == "N" or any(t in _OUT_OF_SANMA for t in _hand_tiles(hand))
            or any(m["type"] == "chow" for m in hand["melds"])):
        return None
    hand["variant"] = "riichi_sanma"
    table = hand["table"]
    if table["discarder"] == "N":
        table["discarder"] = rng.choice([w for w in "ESW" if w != seat])
    table.pop("winners", None)
    table["riichi_sticks"] = {w: n for w, n in table["riichi_sticks"].items() if w != "N"}
    norths = sum(t == "N" for t in _hand_tiles(hand))
    hand["nukidora"] = rng.randint(0, 4 - norths)
    hand["options"].update(tsumo_loss=rng.random() < 0.5, honba_ron=rng.choice((1000, 300)),
                           honba_tsumo=rng.choice((500, 100)))
    return hand


def test_one_core_call_per_hand_scores_as_python_does(monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(native.core, "riichi_score"):
        pytest.skip("the compiled core predates riichi_score")
    rng = random.Random(20261207)
    core = _Counting(native.core)
    seen: Counter[str] = Counter()
    hands = 0
    while hands < 3000:
        hand = _sanma_variant(rng) if rng.random() < 0.5 else _riichi_variant(rng)
        if hand is None:
            continue
        hands += 1
        with_core, pure = _both(hand, monkeypatch, core)
        assert with_core == pure, hand
        score = json.loads(with_core).get("score") if with_core.startswith("{") else None
        if score is None:
            seen["not scored"] += 1
            continue
        seen.update(i["key"] for i in score["items"])
        seen[f"limit {score['limit']}"] += 1
        seen[hand["variant"]] += 1
        seen["self-drawn" if hand["context"]["self_drawn"] else "discard"] += 1
        seen["dealer" if score["winner"] == "E" else "non-dealer"] += 1
        seen["honba paid"] += score["honba_points"] > 0
        seen["sticks taken"] += score["sticks_points"] > 0
        seen["open"] += any(not m.get("concealed") for m in hand["melds"])
        seen["tsumo loss split"] += (hand["variant"] == "riichi_sanma" and hand["context"][
            "self_drawn"] and not hand["options"]["tsumo_loss"])
        seen["second winner"] += "winners" in hand["table"]
    # most hands are the core's, and the random hands reach what changes a score
    assert core.scored > 2000 and core.refused == 0, (core.scored, core.refused)
    for key in ("dora", "aka_dora", "ura_dora", "nukidora", "riichi", "double_riichi", "ippatsu",
                "pinfu", "tanyao", "chiitoitsu", "toitoi", "honitsu", "chinitsu", "kokushi",
                "renhou", "limit mangan", "limit haneman", "limit baiman", "limit sanbaiman",
                "limit yakuman", "limit kazoe yakuman", "limit None", "riichi", "riichi_sanma",
                "self-drawn", "discard", "dealer", "non-dealer", "honba paid", "sticks taken",
                "open", "tsumo loss split", "second winner", "not scored"):
        assert seen[key] > 0, (key, seen)


def _plain_win() -> tuple[HandState, list, bytes | None]:
    """A concealed win on a discard (seat S), its readings and the default card."""
    state = HandState.from_json({"concealed": "234m567p22s345s78s", "win_tile": "9s",
                                 "context": {"seat_wind": "S"}})
    readings = decompositions(to_counts(state.tiles), 0, R.RIICHI.forms, False)
    return state, readings, R.native_card(dict(R.DEFAULTS), False)


#: A context for :func:`_plain_win`: riichi, one dora indicator (1s), seat S wins on W's discard,
#: S's own stick on the table.
PLAIN_CONTEXT = (True, False, False, 0, 0, ["1s"], [], 4, "S", "W", 0, True, {"S": 1}, False)
#: What the answer takes as it is: variant, honba, dealer, assumed.
PLAIN_ANSWER = ("riichi", 0, "E", [])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card=st.one_of(st.binary(max_size=80), st.just(b"RIC1" + bytes(20))),
       context=st.lists(st.one_of(st.booleans(), st.integers(-5, 2 ** 40), st.none(),
                                  st.sampled_from(["E", "S", "N", "x", "1m"]),
                                  st.lists(st.sampled_from(["1m", "E", "0p", "zz"]), max_size=3),
                                  st.dictionaries(st.sampled_from(["E", "W", "Q", 3]),
                                                  st.integers(-2, 5), max_size=3)),
                        min_size=12, max_size=15).map(tuple))
def test_junk_into_riichi_score_never_crashes(card: bytes, context: tuple) -> None:
    if not hasattr(native.core, "riichi_score"):
        pytest.skip("the compiled core predates riichi_score")
    state, readings, good = _plain_win()
    assert native.core.riichi_score(state, readings, card, context, PLAIN_ANSWER) is (
        NotImplemented)
    got = native.core.riichi_score(state, readings, good, context, PLAIN_ANSWER)
    assert got is NotImplemented or isinstance(got, tuple) or got is None


def test_a_wrong_card_context_or_reading_is_refused_not_misread() -> None:
    if not hasattr(native.core, "riichi_score"):
        pytest.skip("the compiled core predates riichi_score")
    state, readings, card = _plain_win()
    assert card is not None
    core = native.core
    got = core.riichi_score(state, readings, card, PLAIN_CONTEXT, PLAIN_ANSWER)
    # riichi (row 0) and pinfu (row 4), 1 + 1 + 2 dora: 4 han 30 fu, 7700 from the discarder
    answer, lines = got[0], got[1]
    assert lines == ((0, 1, 1), (4, 1, 1)) and got[3] == (2, 0, 0, 0)
    assert (answer["han"], answer["fu"], answer["payments"], answer["received"]) == (
        4, 30, {"E": 0, "S": 7700, "W": -7700, "N": 0}, 8700)
    for bad in (card[:-1], card[:4] + bytes((99,)) + card[5:], b"RIC2" + card[4:],
                card[:24] + bytes((77,)) + card[25:]):
        assert core.riichi_score(state, readings, bad, PLAIN_CONTEXT, PLAIN_ANSWER) is (
            NotImplemented)
    for i, junk in ((0, 1), (3, True), (5, ["0m"]), (7, 5), (8, "N3"), (9, "S"), (12, {"X": 1}),
                    (12, {"E": -1}), (10, 2 ** 31), (13, 0)):
        bad_context = PLAIN_CONTEXT[:i] + (junk,) + PLAIN_CONTEXT[i + 1:]
        assert core.riichi_score(state, readings, card, bad_context, PLAIN_ANSWER) is (
            NotImplemented), (i, junk)
    for bad_answer in (None, ("riichi", 0, "E"), ["riichi", 0, "E", []]):
        assert core.riichi_score(state, readings, card, PLAIN_CONTEXT, bad_answer) is (
            NotImplemented)
    wild = [replace(readings[0], groups=(replace(readings[0].groups[0], wilds=1),)
                    + readings[0].groups[1:])]
    odd = [replace(readings[0], groups=(replace(readings[0].groups[0], kind="kong"),)
                   + readings[0].groups[1:])]
    for bad_readings in (wild, odd, [readings[0]] * 40, "readings"):
        assert core.riichi_score(state, bad_readings, card, PLAIN_CONTEXT, PLAIN_ANSWER) is (
            NotImplemented)
    for bad_state in (replace(state, win_tile=None), replace(state, concealed=["1x"] * 13),
                      replace(state, seat_wind="Q")):
        assert core.riichi_score(bad_state, readings, card, PLAIN_CONTEXT, PLAIN_ANSWER) is (
            NotImplemented)
    with pytest.raises(AttributeError):
        core.riichi_score(object(), readings, card, PLAIN_CONTEXT, PLAIN_ANSWER)
    with pytest.raises(AttributeError):
        core.riichi_score(state, [object()], card, PLAIN_CONTEXT, PLAIN_ANSWER)
