"""Hands with wild tiles (``wilds``) under every variant through ``/api/analyze``: each gets an
answer or a clear 422 in English and Chinese, never a 500 or a traceback — a wild standing for a
whole pair or set once reached the pattern tests as ``*`` and raised ``IndexError`` there."""

from __future__ import annotations

import datetime
import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from assistant.service import create_app
from assistant.tiles import TILES
from assistant.variants import PROFILES

VARIANTS = sorted(PROFILES)
#: Examples per run; ``MAHJONG_WILD_FUZZ_EXAMPLES=4000`` for a long run by hand.
EXAMPLES = int(os.environ.get("MAHJONG_WILD_FUZZ_EXAMPLES", "120"))


@pytest.fixture(scope="module")
def client():
    return create_app({"DATABASE": ":memory:"}).test_client()


@st.composite
def wild_hands(draw: st.DrawFn) -> dict[str, object]:
    """A complete 14-tile hand (four sets and a pair) with some tiles turned into a wild kind."""
    sets = draw(st.lists(st.one_of(
        st.sampled_from(range(34)).map(lambda t: [t] * 3),
        st.sampled_from([s + n for s in (0, 9, 18) for n in range(7)]).map(
            lambda t: [t, t + 1, t + 2])), min_size=4, max_size=4))
    pair = draw(st.sampled_from(range(34)))
    tiles = [TILES[t] for t in sum(sets, []) + [pair, pair]]
    wild = draw(st.sampled_from(TILES))
    for k in draw(st.lists(st.integers(0, 13), max_size=5, unique=True)):
        tiles[k] = wild
    body: dict[str, object] = {"concealed": "".join(tiles), "wilds": [wild],
                               "variant": draw(st.sampled_from(VARIANTS))}
    if draw(st.booleans()):
        body["context"] = {"self_drawn": True}
    return body


@settings(max_examples=EXAMPLES, deadline=datetime.timedelta(seconds=10), derandomize=True,
          database=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                HealthCheck.too_slow])
@example({"concealed": "CCCC123m456p789s5m", "wilds": ["C"], "variant": "mcr"})
@example({"concealed": "CC123m456p789s111m", "wilds": ["C"], "variant": "guangdong"})
@given(wild_hands())
def test_wild_hands_get_an_answer_or_a_clear_refusal(client, body) -> None:
    r = client.post("/api/analyze", json=body)
    text = r.get_data(as_text=True)
    assert r.status_code in (200, 422), text[:400]
    assert "Traceback" not in text
    answer = r.get_json()
    if r.status_code == 422:
        assert answer["error"] and answer["error_zh"] and answer["error"] != answer["error_zh"]
    elif answer["is_win"] and "score" in answer:
        assert sum(answer["score"]["payments"].values()) == 0
