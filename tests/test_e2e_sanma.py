"""Three-player riichi in the browser: the table page seats three and passes the deal E → S → W;
the score page asks for the 北 set aside and offers no North seat. Same fixtures (a headless
Chromium on a local service) as ``test_e2e_pages.py``."""

from __future__ import annotations

import json
import urllib.request

from test_e2e_pages import browser, page, pytestmark, server, stub, upload_photo  # noqa: F401

from assistant.analysis import analyze


def test_a_sanma_table_on_the_page_seats_three(page, server):  # noqa: F811
    page.goto(f"{server.url}/table")
    page.select_option("#variant", "riichi_sanma")
    assert page.is_hidden("#p3") and page.is_hidden("#b3"), "no fourth player at 三麻"
    for i, name in enumerate(["Ann", "Bo", "Chen"]):
        page.fill(f"#p{i}", name)
    page.click("#create")
    page.wait_for_selector("#game:not([hidden]) .player.dealer")
    held = [int(el.get_attribute("data-held")) for el in page.query_selector_all(".player .held")]
    assert held == [35000] * 3 and page.is_hidden("#pt3")
    assert page.is_visible("#riichi-boxes")
    # A draw with only Ann (the dealer) ready: the two others pay her 1000 each; she keeps the deal.
    page.check("input[name=result][value=draw]")
    page.check("#tenpai-boxes input[value='0']")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    held = [int(el.get_attribute("data-held")) for el in page.query_selector_all(".player .held")]
    assert held == [37000, 34000, 34000]
    # Chen wins on Ann's discard, settled by points: the deal passes from Ann to Bo.
    page.check("input[name=result][value=win]")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "0")
    for i, v in enumerate([-3900, 0, 3900]):
        page.fill(f"#pt{i}", str(v))
    page.click("#record")
    page.wait_for_function("() => document.querySelectorAll('tr.hand-row').length === 2")
    table_id = page.evaluate("location.hash.slice(1)").split(":")[0]
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}") as r:
        table = json.load(r)
    assert table["dealer"] == 1 and len(table["totals"]) == 3 and sum(table["totals"]) == 0
    assert [p["seat_wind"] for p in table["players"]] == ["W", "E", "S"]


def test_the_score_page_counts_the_norths_set_aside(page, server, stub):  # noqa: F811
    stub.tiles = ["1p", "1p", "1p", "4p", "5p", "6p", "7p", "8p", "9p", "E", "E", "E", "1m", "1m"]
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#hand svg[data-index='13']")
    page.select_option("#variant", "riichi_sanma")
    page.wait_for_selector("#nukidora-wrap:not([hidden])")
    assert "N" not in [o.get_attribute("value") for o in page.query_selector_all("#seat option")]
    page.select_option("#seat", "S")
    page.uncheck("#self-drawn")
    page.select_option("#discarder", "W")
    page.fill("#nukidora", "2")
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")
    expected = analyze({"variant": "riichi_sanma", "concealed": stub.tiles[:13], "win_tile": "1m",
                        "nukidora": 2, "context": {"seat_wind": "S"},
                        "table": {"discarder": "W"}})["score"]
    pays = {row.get_attribute("data-seat"): int(row.inner_text().split()[-1].replace("+", ""))
            for row in page.query_selector_all("tr.payment")}
    assert pays == {k: v for k, v in expected["payments"].items() if v or k in pays}
    assert set(pays) <= {"E", "S", "W"} and pays["S"] == expected["payments"]["S"] > 0


def test_the_live_page_offers_only_the_seats_at_the_table(page, server):  # noqa: F811
    page.goto(f"{server.url}/live")
    page.wait_for_selector("#variant option[value='riichi_sanma']", state="attached")
    assert "N" in [o.get_attribute("value") for o in page.query_selector_all("#my-seat option")]
    page.select_option("#variant", "riichi_sanma")
    page.wait_for_function("() => ![...document.querySelectorAll('#my-seat option')]"
                           ".some((o) => o.value === 'N')")
    assert page.input_value("#discarder") == "W"
