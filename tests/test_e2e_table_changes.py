"""The table page in a browser: a recorded hand corrected and undone, the table deleted, each
with a confirmation and the totals worked out again, at a phone's and a desktop's width."""

from __future__ import annotations

import pytest
from test_e2e_pages import browser, open_table, server, stub  # noqa: F401 (fixtures)


@pytest.fixture(params=[(390, 844), (1280, 800)], ids=["390px", "1280px"])
def page(browser, server, request):  # noqa: F811 (the fixtures above)
    context = browser.new_context(viewport={"width": request.param[0],
                                            "height": request.param[1]})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    context.close()


def totals(page) -> list[int]:  # type: ignore[no-untyped-def]
    return [int(t) for t in page.locator(".player .total").evaluate_all(
        "els => els.map(e => e.dataset.total)")]


def points(page, values: list[int]) -> None:  # type: ignore[no-untyped-def]
    for i, v in enumerate(values):
        page.fill(f"#pt{i}", str(v))


def test_a_hand_is_corrected_then_undone_and_the_table_deleted(page, server):  # noqa: F811
    open_table(page, server, "guangdong")
    page.select_option("#winner", "1")
    page.select_option("#discarder", "0")
    points(page, [-6, 6, 0, 0])
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    assert totals(page) == [-6, 6, 0, 0]
    # Correct hand 1: it was Chen who won, on Dai's discard; cancelling the dialog changes nothing.
    page.click("button.correct-hand[data-hand='1']")
    assert page.locator("#correcting").is_visible() and "1" in page.inner_text("#record")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "3")
    points(page, [0, 0, 4, -4])
    page.once("dialog", lambda d: d.dismiss())
    page.click("#record")
    page.wait_for_timeout(300)
    assert totals(page) == [-6, 6, 0, 0], "dismissed: nothing corrected"
    messages: list[str] = []
    page.once("dialog", lambda d: (messages.append(d.message), d.accept()))
    page.click("#record")
    page.wait_for_function("() => document.querySelector('.player .total').dataset.total === '0'")
    assert totals(page) == [0, 0, 4, -4] and page.locator("tr.hand-row").count() == 1
    assert "1" in messages[0]
    assert not page.locator("#correcting").is_visible()
    # Undo it: the table is as it was before the hand.
    page.once("dialog", lambda d: d.accept())
    page.click("button.undo-hand[data-hand='1']")
    page.wait_for_function("() => !document.querySelector('tr.hand-row')")
    assert totals(page) == [0, 0, 0, 0] and page.inner_text("#hand-no") == "1"
    # Delete the table: asked first, then gone from the service and from the list.
    table_id = page.evaluate("location.hash.slice(1)").split(":")[0]
    page.once("dialog", lambda d: (messages.append(d.message), d.accept()))
    page.click("#delete-table")
    page.wait_for_selector("#game", state="hidden")
    assert "Ann" in messages[-1] or "删除" in messages[-1]
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as gone:
        urllib.request.urlopen(f"{server.url}/api/tables/{table_id}")
    assert gone.value.code == 404
    assert page.locator(f"#table-list a[href^='#{table_id}']").count() == 0


@pytest.fixture()
def phone(browser, server):  # noqa: F811 (the fixtures above)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors


def test_a_hands_rivers_are_recorded_and_shown_in_its_history_on_a_phone(phone, server):  # noqa: F811
    """The rivers typed with a hand are kept with it and shown under each player's name, the
    tiles wrapping inside a 390 px screen; a correction starts from them."""
    page = phone
    open_table(page, server, "guangdong")
    page.select_option("#winner", "1")
    page.select_option("#discarder", "0")
    points(page, [-6, 6, 0, 0])
    page.click("#rivers-entry summary")
    page.fill("input.river-input[data-wind='E']", "9s E 1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p")
    page.fill("input.river-input[data-wind='N']", "5p5p")
    page.click("#record")
    page.wait_for_selector("tr.hand-row .rivers")
    east = page.locator("tr.hand-row .river[data-wind='E']")
    assert "Ann" in east.inner_text() and east.locator("svg.tile").count() == 14
    assert page.locator("tr.hand-row .river[data-wind='N'] svg.tile").count() == 2
    assert "Dai" in page.inner_text("tr.hand-row .river[data-wind='N']")
    assert page.locator("tr.hand-row .river[data-wind='S']").count() == 0  # none typed
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    box = east.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert page.input_value("input.river-input[data-wind='E']") == ""  # cleared for the next
    page.click("button.correct-hand[data-hand='1']")
    assert page.input_value("input.river-input[data-wind='N']") == "5p 5p"
