"""The advice in a browser: the live page's best discard and why, with the rivers and melds the
table reader sees passed to the analysis; the teach page's value exercise, its answer and its
reason worked out by the advice."""

from __future__ import annotations

from test_e2e_pages import browser, page, server, stub  # noqa: F401 (fixtures)

from assistant.analysis import analyze
from assistant.tiles import tile_name


def test_live_page_says_the_best_discard_and_why_and_sends_the_table(page, server, stub):  # noqa: F811
    stub.tiles = ["5m", "6m", "6m", "7m", "7m", "7m", "8m", "2p", "7s", "8s", "9s", "P", "P", "P"]
    page.goto(f"{server.url}/live")
    page.wait_for_selector("#variant option[value='mcr']", state="attached")
    page.select_option("#variant", "mcr")
    page.check("#table-on")
    page.click("#start")
    page.wait_for_selector("#live-analysis p.why[data-tile]")
    sent = page.evaluate("() => live.request")
    answer = analyze({k: v for k, v in sent.items()})
    best = answer["discards"][0]["tile"]
    assert page.get_attribute("#live-analysis p.why", "data-tile") == best
    assert page.inner_text("#live-analysis p.why") == answer["why"]["zh"]
    assert tile_name(best, "zh") in page.inner_text("#live-analysis p.why")
    # a tile moved into the river across the table: the next analysis carries that river,
    # seated by wind from the player's seat (East: across is West), and weighs its danger
    page.wait_for_selector("#table-seats li")
    page.evaluate("() => { tableView.moves.push({ box: tableView.answer.tiles[0].box, "
                  "seat: 'across', zone: 'river', count: tableView.answer.tiles.length }); }")
    page.wait_for_function("() => live.request && live.request.table && "
                           "(live.request.table.rivers.W || []).length === 1")
    page.wait_for_function("() => live.analysis && live.analysis.discards && "
                           "live.analysis.discards[0].deal_in !== null")
    sent = page.evaluate("() => live.request")
    assert sent["context"]["seat_wind"] == "E"
    assert sent["table"]["rivers"]["W"] == [page.evaluate("() => tableView.answer.seats.across.river[0]")]
    page.click("#lang-en")
    why = analyze(sent)["why"]["en"]
    page.wait_for_function("w => document.querySelector('#live-analysis p.why').innerText === w", arg=why)
    page.click("#stop")
    page.click("#lang-zh")


def test_live_page_rivers_tapped_in_by_hand_at_a_phones_width(browser, server, stub):  # noqa: F811
    """With the table reader off, a tile tapped on the discard pad goes into the discarder's river
    (sent as table.rivers, its danger weighed) or makes that seat's meld (table.melds), undo
    takes the last tap back, a full river or an impossible meld is refused with the reason; the
    controls fit 390 px."""
    stub.tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "5s", "5s", "7m", "9m", "E"]
    context = browser.new_context(viewport={"width": 390, "height": 800})
    context.grant_permissions(["camera"], origin=server.url)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(30_000)
    pg.goto(f"{server.url}/live")
    pg.wait_for_selector("#variant option[value='riichi']", state="attached")
    pg.select_option("#variant", "riichi")
    pg.click("#start")
    pg.wait_for_selector("#live-analysis p.why[data-tile]")
    assert pg.evaluate("() => live.request.table") is None
    assert pg.is_disabled("#river-undo")
    pg.select_option("#discarder", "W")
    for tile in ("9p", "5m"):
        pg.click(f"#discard-pad button[data-tile='{tile}']")
    pg.wait_for_function("() => live.request && live.request.table && "
                           "(live.request.table.rivers.W || []).join() === '9p,5m'")
    sent = pg.evaluate("() => live.request")
    assert sent["context"]["seat_wind"] == "E"
    answer = analyze(sent)
    assert all(d["deal_in"] is not None for d in answer["discards"])
    # the page shows the answer to that request (not the one before it, for 9p alone)
    pg.wait_for_function("e => live.analysis && live.analysis.discards && "
                         "live.analysis.discards.every((d, i) => d.deal_in === e[i])",
                         arg=[d["deal_in"] for d in answer["discards"]])
    assert pg.locator("#tapped-rivers .river-row[data-wind='W'] svg").count() == 2
    for sel in ("#tapped-rivers", "#river-undo", "#discard-pad", "#tap-kind"):
        box = pg.locator(sel).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, sel
    pg.click("#river-undo")
    pg.wait_for_function("() => live.request.table && live.request.table.rivers.W.join() === '9p'")
    pg.click("#river-undo")
    pg.wait_for_function("() => live.request.table === undefined || live.request.table === null")
    assert pg.is_disabled("#river-undo")
    assert pg.locator("#tapped-rivers .river-row").count() == 0
    # a meld of another seat: a tapped tile as that seat's pung, sent as table.melds; a chow
    # is tapped by its lowest tile (8m is none), the player's own melds are not tapped here
    pg.select_option("#tap-kind", "pung")
    pg.select_option("#discarder", "N")
    pg.click("#discard-pad button[data-tile='P']")
    pg.wait_for_function("() => live.request.table && (live.request.table.melds.N || []).length === 1")
    sent = pg.evaluate("() => live.request")
    assert sent["table"]["melds"]["N"] == [{"type": "pung", "tiles": ["P", "P", "P"]}]
    # the answer weighs the three P as seen (fewer unseen: the win chances move)
    expected = analyze(sent)["discards"]
    pg.wait_for_function("w => live.analysis && live.analysis.discards && "
                         "live.analysis.discards[0].win_chance === w", arg=expected[0]["win_chance"])
    assert pg.evaluate("() => live.analysis.discards") == expected
    pg.select_option("#tap-kind", "chow")
    pg.click("#discard-pad button[data-tile='8m']")
    pg.wait_for_selector("#tapped-rivers .error")
    pg.select_option("#discarder", "E")
    pg.select_option("#tap-kind", "pung")
    pg.click("#discard-pad button[data-tile='9m']")
    pg.wait_for_function("() => /副露/.test(document.querySelector('#tapped-rivers .error').innerText)")
    assert pg.evaluate("() => live.tappedMelds.N.length") == 1 and not pg.evaluate("() => live.tappedMelds.E")
    pg.click("#river-undo")
    pg.wait_for_function("() => !live.request.table")
    pg.select_option("#tap-kind", "river")
    pg.select_option("#discarder", "W")
    # a river holds at most 30 tiles: the 31st tap is refused with the reason, nothing sent
    pg.evaluate("() => { live.tapped.W = Array(30).fill('9s'); }")
    pg.click("#discard-pad button[data-tile='1m']")
    pg.wait_for_selector("#tapped-rivers .error")
    assert "30" in pg.inner_text("#tapped-rivers .error")
    assert pg.evaluate("() => live.tapped.W.length") == 30
    pg.click("#stop")
    context.close()
    assert not errors, errors


def test_teach_page_value_exercise_shows_the_answer_and_the_reason(page, server):  # noqa: F811
    page.goto(f"{server.url}/teach")
    page.select_option("#value-family", "sichuan")
    page.wait_for_function("() => value.question && value.question.family === 'sichuan' && "
                           "document.querySelector('#value-hand button')")
    q = page.evaluate("() => value.question")
    state = {"concealed": q["hand"], "variant": "sichuan", "context": {"draws_left": q["draws_left"]}}
    advised = analyze(state)
    efficient = analyze({**state, "advice": "efficiency"})["discards"][0]["tile"]
    best = advised["discards"][0]["tile"]
    assert best != efficient
    page.click(f"#value-hand button[data-tile='{efficient}']")
    page.wait_for_selector("#value-verdict[data-correct='false']")
    assert tile_name(best, "zh") in page.inner_text("#value-verdict")
    assert page.inner_text("#value-why") == advised["why"]["zh"]
    page.click(f"#value-hand button[data-tile='{best}']")
    page.wait_for_selector("#value-verdict[data-correct='true']")
    # the defence lesson: South's riichi and river are shown, the safer tile is the answer
    page.select_option("#value-family", "riichi_defence")
    page.wait_for_function("() => value.question && value.question.family === 'riichi_defence' "
                           "&& !value.checked")
    assert "立直" in page.inner_text("#value-table")
    q = page.evaluate("() => value.question")
    result = analyze({"concealed": q["hand"], "variant": "riichi", "table": q["table"],
                      "context": {"draws_left": q["draws_left"]}})
    page.click(f"#value-hand button[data-tile='{result['discards'][0]['tile']}']")
    page.wait_for_selector("#value-verdict[data-correct='true']")
    assert page.inner_text("#value-why") == result["verdict"]["reason_zh"]
