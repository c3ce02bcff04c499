"""The pages as a player meets them every week (issue 66, "Pages"), in headless Chromium at a
phone's width (390 px) and a desk's (1280 px), in Chinese and in English: the reason a complete
hand does not win, 宝牌 that belong to their variant, the 血战 history, the result brought into
view, touch targets, the player's words in every message, the keyboard. The service runs with the
stub recogniser of ``test_e2e_pages``."""

from __future__ import annotations

import pytest
from test_e2e_pages import CHROMIUM, open_table, upload_photo
from test_e2e_player import _page, browser, choose_variant, server, stub  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

WIDTHS = [390, 1280]
LANGS = ["zh", "en"]


@pytest.fixture(params=[(w, lang) for w in WIDTHS for lang in LANGS],
                ids=lambda p: f"{p[0]}px-{p[1]}")
def seen(request, browser, stub):  # noqa: F811 (the fixtures imported above)
    """A page at each width in each language; no script error may happen on it."""
    width, lang = request.param
    context, pg, errors = _page(browser, width, lang)
    yield pg, width, lang
    context.close()
    assert not errors, errors


def typed_hand(page, server, tiles: str, variant: str) -> None:  # noqa: F811
    """The score page with ``tiles`` typed in, scored self-drawn under ``variant``."""
    page.goto(f"{server.url}/score")
    page.fill("#typed", tiles)
    page.click("#use-typed")
    choose_variant(page, variant)
    page.check("#self-drawn")
    page.click("#score-btn")
    page.wait_for_selector("#result .verdict")


def test_a_complete_hand_refused_by_the_rules_says_why(seen, server) -> None:  # noqa: F811
    page, _, lang = seen
    typed_hand(page, server, "123456789m23455p", "wuhan")
    result = page.inner_text("#result")
    assert page.query_selector("#result .verdict.win") is None
    reason = "不开口不能胡" if lang == "zh" else "must be open"
    assert reason in page.inner_text("#result .why-not"), result
    assert ("完整的牌型" if lang == "zh" else "A complete hand") not in result
    # The teach page gives the same reason, not "it cannot be split".
    page.goto(f"{server.url}/teach")
    page.wait_for_selector("#explain-variant option[value='wuhan']", state="attached")
    page.fill("#explain-input", "123456789m23455p")
    page.select_option("#explain-variant", "wuhan")
    page.click("#explain-btn")
    page.wait_for_selector("#explain-out .verdict")
    out = page.inner_text("#explain-out")
    assert reason in out and ("拆不成" if lang == "zh" else "cannot be split") not in out
    assert reason in page.evaluate("document.querySelector('#explain-report').textContent")


def test_mcr_under_eight_points_does_not_look_like_a_win(seen, server) -> None:  # noqa: F811
    page, _, lang = seen
    typed_hand(page, server, "123456m789p23455s", "mcr")
    result = page.inner_text("#result")
    assert page.query_selector("#result .verdict.win") is None, result
    assert ("和牌！" if lang == "zh" else "A winning hand") not in result
    assert page.query_selector("#result table.payments") is None
    assert page.query_selector("#result tfoot .total") is None
    verdict = page.query_selector("#result .verdict")
    red = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--accent')")
    assert verdict.evaluate("el => getComputedStyle(el).color") != red
    assert ("8番" if lang == "zh" else "8-point minimum") in page.inner_text("#result .why-not")


def test_bao_pai_belong_to_their_variant(seen, server) -> None:  # noqa: F811
    page, _, _ = seen
    page.goto(f"{server.url}/score")
    page.wait_for_selector("#variant option[value='guangdong']", state="attached")
    page.wait_for_load_state("networkidle")
    # 广东 counts 宝牌 where the table turns them up: a switch, off until the player says so.
    assert page.is_visible("#dora-switch") and not page.is_visible("#dora")
    page.check("#dora-switch")
    page.fill("#dora", "E")
    # Another variant counting 宝牌: the indicator typed for the first one is gone.
    choose_variant(page, "hongkong")
    assert page.input_value("#dora") == "" and not page.is_checked("#dora-switch")
    assert not page.is_visible("#dora")
    # A variant with no 宝牌 shows neither the field nor the switch.
    choose_variant(page, "shaanxi")
    page.wait_for_selector("#dora-switch-wrap", state="hidden")
    assert not page.is_visible("#dora") and not page.is_visible("#dora-switch")
    # Riichi always turns up dora; back from it, its dora do not follow.
    choose_variant(page, "riichi")
    page.wait_for_selector("#dora", state="visible")
    assert page.is_visible("#dora") and not page.is_visible("#dora-switch")
    page.fill("#dora", "1m")
    choose_variant(page, "sichuan")
    page.wait_for_selector("#dora-switch", state="visible")
    page.check("#dora-switch")
    assert page.input_value("#dora") == ""


def test_a_xuezhan_hand_with_two_winners_reads_right(seen, server) -> None:  # noqa: F811
    """Bo wins on Ann's discard, then Dai draws his own: the history says each as it came."""
    page, _, lang = seen
    open_table(page, server, "sichuan")
    page.wait_for_selector("#win-goes-on:not([hidden])")
    page.select_option("#winner", "1")
    page.select_option("#discarder", "0")
    page.fill("#win-hand", "123456m234p678p9p 9p")
    page.click("#win-goes-on")
    page.wait_for_function("() => document.querySelector('#pending-wins').textContent.includes('Bo')")
    page.select_option("#winner", "3")
    page.select_option("#discarder", "")
    page.fill("#win-hand", "111m444m222p777p9p 9p")
    page.click("#record")
    page.wait_for_selector("tr.hand-row .still-in")
    row = page.inner_text("tr.hand-row td:nth-child(3)").split("\n")[0]
    if lang == "zh":
        assert row.startswith("Bo 和 Ann；Dai 自摸"), row
    else:
        assert row.startswith("Bo wins on Ann; Dai self-drawn"), row
