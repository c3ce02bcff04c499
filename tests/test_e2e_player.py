"""What a player at the table noticed, in headless Chromium: every word in their
language, pages that fit a phone, one hand model on the score page, melds and flowers entered by
hand, the keyboard. The service runs with the stub recogniser of ``test_e2e_pages``."""

from __future__ import annotations

import json
import re

import pytest
from test_e2e_pages import (
    CHROMIUM,
    FLAGS,
    Server,
    open_table,
    photo_frames,
    sync_api,
    upload_photo,
    write_y4m,
)
from test_service_support import StubRecognizer

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

TILES14 = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "S", "S"]


def choose_variant(page, name: str) -> None:
    """Choose the table's variant and wait until its house rules have loaded: the options panel
    redrawn under a click moved the checkbox it was aimed at (seen once in CI)."""
    page.select_option("#variant", name)
    page.wait_for_load_state("networkidle")


@pytest.fixture(scope="module")
def stub() -> StubRecognizer:
    return StubRecognizer(list(TILES14))


@pytest.fixture(scope="module")
def server(tmp_path_factory, stub):
    s = Server({"DATABASE": tmp_path_factory.mktemp("db") / "t.sqlite3", "RECOGNIZER": stub})
    yield s
    s.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    video = write_y4m(tmp_path_factory.mktemp("cam") / "tiles.y4m", photo_frames(count=1))
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=FLAGS + [f"--use-file-for-fake-video-capture={video}"])
        yield b
        b.close()


def _page(browser, width: int, lang: str = "zh"):
    context = browser.new_context(viewport={"width": width, "height": 800})
    context.add_init_script(f"localStorage.setItem('mj-lang', '{lang}')")
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(30_000)
    return context, pg, errors


@pytest.fixture()
def page(browser, stub):
    stub.tiles = list(TILES14)
    context, pg, errors = _page(browser, 1200)
    yield pg
    context.close()
    assert not errors, errors


def scored_photo(page, server, variant: str = "guangdong") -> None:
    """Upload the stub's photo, score it self-drawn under ``variant``."""
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#rec-status[data-found='14']")
    choose_variant(page, variant)
    page.check("#self-drawn")
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")


LAYOUT_CHECK = """() => {
  const doc = document.documentElement;
  const broken = [];
  const whole = '.num, .total, .row label > span, fieldset label > span, .player .name, '
    + '.score td:first-child';
  for (const el of document.querySelectorAll(whole)) {
    if (!el.offsetParent || !el.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const fs = parseFloat(getComputedStyle(el).fontSize);
    const text = [...range.getClientRects()].filter((r) => r.width > 0 && r.height < fs * 2);
    const lines = new Set(text.map((r) => Math.round(r.bottom / (fs / 2))));
    if (lines.size > 1) broken.push(el.textContent.trim());
  }
  const wide = [...document.querySelectorAll('main *')].filter((el) => {
    const r = el.getBoundingClientRect();
    return el.offsetParent && r.right > doc.clientWidth + 1 && getComputedStyle(el).position !== 'fixed'
      && !el.closest('table, .picker');
  }).map((el) => el.tagName + '.' + el.className + '#' + el.id);
  return { scroll: doc.scrollWidth, width: doc.clientWidth, broken, wide: wide.slice(0, 5) };
}"""


def assert_fits(page, where: str) -> None:
    got = page.evaluate(LAYOUT_CHECK)
    assert got["scroll"] <= got["width"], f"{where}: scrolls sideways {got}"
    assert not got["broken"], f"{where}: labels or numbers broken over lines: {got['broken']}"
    assert not got["wide"], f"{where}: wider than the screen: {got['wide']}"


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_page_fits_the_screen(browser, server, stub, width: int, lang: str) -> None:
    stub.tiles = list(TILES14)
    context, page, errors = _page(browser, width, lang)
    try:
        scored_photo(page, server)
        page.click("#house-rules summary")
        assert_fits(page, f"score {width} {lang}")
        page.goto(f"{server.url}/teach")
        page.wait_for_selector("#explain-variant option[value='guangdong']", state="attached")
        page.select_option("#explain-variant", "guangdong")
        page.fill("#explain-input", "123m456p789s1112z2z")
        page.click("#explain-btn")
        page.wait_for_selector("#explain-out .score-item")
        page.click("#explain-report >> xpath=.. >> summary")
        page.click("#rules details[data-variant='shaanxi'] summary")
        page.wait_for_selector("#examples-shaanxi .example")
        page.wait_for_selector("#practice-grid button")
        assert_fits(page, f"teach {width} {lang}")
        open_table(page, server, "guangdong")
        page.fill("#win-hand", "123m456p789s1112z S")
        page.click("#record")
        page.wait_for_selector("tr.hand-row")
        page.click("#add-kong")
        assert_fits(page, f"table {width} {lang}")
        page.goto(f"{server.url}/live")
        assert_fits(page, f"live {width} {lang}")
        page.goto(f"{server.url}/")
        assert_fits(page, f"home {width} {lang}")
    finally:
        context.close()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_photo_labels_readable_and_apart_on_a_phone(browser, server, stub, lang: str) -> None:
    stub.tiles = list(TILES14)
    context, page, errors = _page(browser, 390, lang)
    try:
        page.goto(f"{server.url}/score")
        upload_photo(page, None)
        page.wait_for_selector("#rec-status[data-found='14']")
        page.wait_for_function("() => document.querySelector('#annotated').dataset.labels")
        labels = json.loads(page.get_attribute("#annotated", "data-labels"))
        assert len(labels) >= 10, labels
        assert min(lb["font"] for lb in labels) >= 12
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                apart = (a["x"] + a["w"] <= b["x"] + 0.5 or b["x"] + b["w"] <= a["x"] + 0.5
                         or a["y"] + a["h"] <= b["y"] + 0.5 or b["y"] + b["h"] <= a["y"] + 0.5)
                assert apart, (a, b)
        alt = page.get_attribute("#annotated", "aria-label")
        first = "一万" if lang == "zh" else "1 Characters"
        assert first in alt and alt.count("、" if lang == "zh" else ", ") == 13
    finally:
        context.close()
    assert not errors, errors


def _apart(labels: list[dict]) -> bool:
    return all(a["x"] + a["w"] <= b["x"] + 0.5 or b["x"] + b["w"] <= a["x"] + 0.5
               or a["y"] + a["h"] <= b["y"] + 0.5 or b["y"] + b["h"] <= a["y"] + 0.5
               for i, a in enumerate(labels) for b in labels[i + 1:])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_live_overlay_labels_readable_and_apart_on_a_phone(browser, server, stub, lang: str) -> None:
    stub.tiles = list(TILES14[:13])
    context, page, errors = _page(browser, 390, lang)
    context.grant_permissions(["camera"], origin=server.url)
    try:
        page.goto(f"{server.url}/live")
        page.click("#start")
        page.wait_for_function(
            "() => (document.querySelector('#overlay').dataset.labels || '[]').length > 50")
        labels = json.loads(page.get_attribute("#overlay", "data-labels"))
        assert len(labels) >= 8 and min(lb["font"] for lb in labels) >= 12 and _apart(labels)
        alt = page.get_attribute("#overlay", "aria-label")
        assert ("一万" if lang == "zh" else "1 Characters") in alt
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        page.click("#stop")
    finally:
        context.close()
    assert not errors, errors


def test_chinese_pages_say_it_in_chinese(page, server) -> None:
    scored_photo(page, server)
    result = page.inner_text("#result")
    assert re.search(r"\d+番 · 每家 \d+ 分", result), result
    assert "points" not in result and "2^fan" not in result
    assert page.inner_text("#variant option[value='guangdong']") == "广东鸡平和"
    # A bad hand: the error reads in Chinese, and the previous result is gone.
    page.fill("#typed", "11111m")
    page.click("#use-typed")
    page.wait_for_function("() => document.querySelectorAll('#hand .tiles svg').length === 5")
    page.click("#score-btn")
    page.wait_for_selector("#score-error .error")
    error = page.inner_text("#score-error")
    assert "每种牌只有四张" in error and "copies" not in error
    assert page.inner_text("#result").strip() == ""
    # Switching language redraws what is on screen, the error included.
    page.click("#lang-en")
    page.wait_for_function("() => document.querySelector('#score-error').innerText.includes('copies')")
    assert page.inner_text("#variant option[value='guangdong']") == "Guangdong chicken hand"
    page.click("#lang-zh")
    page.wait_for_function("() => document.querySelector('#score-error').innerText.includes('四张')")


def test_a_correction_in_the_row_survives_one_in_the_photo(page, server) -> None:
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#hand button[data-index='13']")
    page.click("#hand button[data-index='0']")
    page.click(".picker button[data-tile='7m']")
    page.wait_for_selector("#hand svg[data-index='0'][data-tile='7m']")
    # The photo shows the row's correction ...
    page.wait_for_function("() => document.querySelector('#photo-tiles svg').dataset.tile === '7m'")
    # ... and a later correction in the photo keeps it.
    page.click("#photo-tiles button >> nth=12")
    page.click(".picker button[data-tile='W']")
    page.wait_for_selector("#photo-tiles button:nth-of-type(13) svg[data-tile='W']")
    row = [el.get_attribute("data-tile") for el in page.query_selector_all("#hand .tiles svg")]
    assert row[0] == "7m" and "W" in row and len(row) == 14


def test_keyboard_picks_a_tile_and_escape_returns_focus(page, server) -> None:
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#photo-tiles button")
    page.focus("#photo-tiles button >> nth=2")
    page.keyboard.press("Enter")
    page.wait_for_selector(".picker")
    assert page.evaluate("document.activeElement.closest('.picker') !== null")
    page.keyboard.press("Escape")
    page.wait_for_selector(".picker", state="detached")
    assert page.evaluate("document.activeElement.dataset.det") is not None
    # Tab reaches a tile of the picker, Enter picks it.
    page.keyboard.press("Enter")
    page.wait_for_selector(".picker")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector(".picker", state="detached")
    page.wait_for_selector("#photo-tiles button:nth-of-type(3) svg[data-tile='2m']")
    # The upload button is reachable by keyboard.
    assert page.evaluate("(() => { const i = document.getElementById('photo'); i.focus();"
                         " return document.activeElement === i; })()")


def test_melds_and_flowers_entered_by_hand(page, server) -> None:
    page.goto(f"{server.url}/score")
    page.fill("#typed", "123m456p789sSS")
    page.click("#use-typed")
    page.wait_for_function("() => document.querySelectorAll('#hand .tiles svg').length === 11")
    page.select_option("#meld-type", "pung")
    page.select_option("#meld-from", "opposite")
    page.fill("#meld-tiles", "EEE")
    page.click("#add-meld")
    page.wait_for_selector("#hand .meld")
    assert "碰 · 对家" in page.inner_text("#hand .meld")
    page.click("#add-tile")
    page.click(".picker button[data-tile='1f']")
    page.wait_for_selector("#hand .bonus svg[data-tile='1f']")
    choose_variant(page, "shaanxi")
    page.check("#self-drawn")
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")
    # A meld of the wrong size is refused, saying why.
    page.fill("#meld-tiles", "EE")
    page.click("#add-meld")
    page.wait_for_selector("#meld-error .error")
    assert "3 张" in page.inner_text("#meld-error")


def test_a_quint_entered_by_hand(page, server) -> None:
    """昆 (five of a kind, a wild standing in) is a meld kind of the form: five tiles, shown as
    昆 or 暗昆; one of four tiles is refused saying a quint has five."""
    page.goto(f"{server.url}/score")
    page.fill("#typed", "111m999sNNNE")
    page.click("#use-typed")
    page.wait_for_function("() => document.querySelectorAll('#hand .tiles svg').length === 10")
    page.select_option("#meld-type", "quint")
    assert page.is_visible("#meld-concealed-wrap")
    page.fill("#meld-tiles", "5p5p5p3m")
    page.click("#add-meld")
    page.wait_for_selector("#meld-error .error")
    assert "5 张" in page.inner_text("#meld-error")
    page.check("#meld-concealed")
    page.fill("#meld-tiles", "5p5p5p5p3m")
    page.click("#add-meld")
    page.wait_for_selector("#hand .meld")
    assert "暗昆" in page.inner_text("#hand .meld")
    assert page.eval_on_selector_all("#hand .meld svg.tile", "els => els.length") == 5


def test_teach_shows_tiles_and_names_and_keeps_sections_open(page, server) -> None:
    page.goto(f"{server.url}/teach")
    page.select_option("#explain-variant", "guangdong")
    page.fill("#explain-input", "123m456p789s1112z2z")
    page.click("#explain-btn")
    page.wait_for_selector("#explain-report svg.tile", state="attached")
    report = page.text_content("#explain-report")
    assert "广东鸡平和" in report and "guangdong" not in report
    page.click("#rules details[data-variant='shaanxi'] summary")
    page.wait_for_selector("#examples-shaanxi .example")
    assert "陕西麻将" in page.inner_text("#rules details[data-variant='shaanxi'] summary")
    assert "points" not in page.inner_text("#examples-shaanxi")
    page.click("#lang-en")
    page.wait_for_function(
        "() => document.querySelector('#explain-report').textContent.includes('Guangdong')")
    assert page.get_attribute("#rules details[data-variant='shaanxi']", "open") is not None
    assert "paozi" in page.inner_text("#rules details[data-variant='shaanxi']").lower()
    # A bad input clears the previous explanation.
    page.fill("#explain-input", "123m456p789s1188z")
    page.click("#explain-btn")
    page.wait_for_selector("#explain-error .error")
    assert "'8z'" in page.inner_text("#explain-error")
    assert page.inner_text("#explain-out").strip() == "" and not page.query_selector("#explain-tiles svg")
    page.click("#lang-zh")


def test_table_form_labels_and_resets_the_discarder(page, server) -> None:
    open_table(page, server, "guangdong")
    for i, name in enumerate(["Ann", "Bo", "Chen", "Dai"]):
        assert page.inner_text(f"label:has(#pt{i})").strip() == name
        assert page.get_attribute(f"#pt{i}", "aria-label").startswith(name)
    page.select_option("#winner", "1")
    page.select_option("#discarder", "0")
    page.fill("#win-hand", "123m456p789s1112z S")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    assert page.eval_on_selector("#discarder", "s => s.value") == ""
    assert "广东鸡平和" in page.inner_text("#game-title")


def test_the_winning_tile_is_chosen_and_kept(page, server) -> None:
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#hand button[data-index='13']")
    page.click("#hand button[data-index='3']")  # 4p
    page.click(".picker button[data-tile='win']")
    page.wait_for_selector("#hand svg[data-index='13'][data-tile='4p'].win")
    # It stays the winning tile when another tile is corrected in the photo.
    page.click("#photo-tiles button >> nth=0")
    page.click(".picker button[data-tile='1m']")
    page.wait_for_function("() => document.querySelector('#annotated').dataset.labels")
    page.wait_for_selector("#hand svg[data-index='13'][data-tile='4p'].win")
    page.check("#self-drawn")
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")
    # The picker keeps the focus while open: Tab from its last button comes back to its first.
    page.click("#add-tile")
    page.wait_for_selector(".picker")
    page.focus(".picker button.close")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.tile") == "1m"
    page.keyboard.press("Escape")


def test_house_rules_say_no_cap_in_words(page, server) -> None:
    scored_photo(page, server, "guangdong")
    page.click("#house-rules summary")
    box = "#options input[data-option='bao_he_cap']"
    assert "null" not in page.inner_text("#options")
    assert page.get_attribute(box, "placeholder") == "不封顶"
    page.fill(box, "")  # an empty box: no cap
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")
    page.click("#lang-en")
    page.wait_for_function("() => !document.querySelector('#options').innerText.includes('null')")
    assert page.get_attribute(box, "placeholder") == "no cap"
    page.click("#lang-zh")


def test_detected_flowers_are_kept_in_the_hand(page, server, stub) -> None:
    stub.tiles = list(TILES14) + ["1f"]
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#rec-status[data-found='15']")
    page.wait_for_selector("#hand .bonus svg[data-tile='1f']")
    choose_variant(page, "shaanxi")
    page.check("#self-drawn")
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")


# --- what the newer variants need (the tile turned up, riichi, 宝牌, 16-tile hands) ---

#: A photo of the tile turned up (4s, first) and a hand: under 徐州 4s makes 5s wild, so 5m + 5s
#: is a pair only with the indicator given.
INDICATOR_PHOTO = ["4s", "2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "2p", "3p", "4p",
                   "5m", "5s"]


def test_a_photo_tile_marked_as_the_tile_turned_up(page, server, stub) -> None:
    stub.tiles = list(INDICATOR_PHOTO)
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#rec-status[data-found='15']")
    assert not page.is_visible("#indicator-wrap"), "广东 turns up no tile"
    choose_variant(page, "xuzhou")
    page.wait_for_selector("#indicator-wrap", state="visible")
    page.check("#self-drawn")
    page.click("#photo-tiles button >> nth=0")
    page.click(".picker button[data-tile='indicator']")
    page.wait_for_function("() => document.querySelector('#indicator').value === '4s'")
    page.wait_for_function("() => document.querySelectorAll('#hand .tiles svg').length === 14")
    row = [el.get_attribute("data-tile") for el in page.query_selector_all("#hand .tiles svg")]
    assert row.count("4s") == 0, "the tile turned up is out of the hand"
    page.click("#score-btn")
    page.wait_for_selector("#result .verdict.win")
    assert page.get_attribute(".wilds", "data-tiles") == "5s"
    assert "赖子" in page.inner_text(".wilds")
    # The tile turned up stays on the photo, outlined apart; corrected there, the field follows.
    page.click("#photo-tiles button.indicator")
    page.click(".picker button[data-tile='3s']")
    page.wait_for_function("() => document.querySelector('#indicator').value === '3s'")
    assert page.query_selector("#photo-tiles button.indicator svg[data-tile='3s']")
    # Taken out, none is given: the same 14 tiles are no win, and no wild tile is shown.
    page.click("#photo-tiles button.indicator")
    page.click(".picker button[data-tile='remove']")
    page.wait_for_selector("#photo-tiles button.indicator", state="detached")
    assert page.input_value("#indicator") == ""
    page.click("#score-btn")
    page.wait_for_selector("#result .verdict")
    assert not page.query_selector("#result .verdict.win") and not page.query_selector(".wilds")
    # A flower, or two tiles, as the tile turned up: told why, in Chinese.
    page.fill("#indicator", "1f")
    page.click("#score-btn")
    page.wait_for_selector("#score-error .error")
    assert "翻开的牌" in page.inner_text("#score-error") and page.inner_text("#result").strip() == ""
    page.fill("#indicator", "4s5s")
    page.click("#score-btn")
    page.wait_for_function("() => document.querySelector('#score-error').innerText.includes('2 张')")
    # Under a variant that turns up no tile, the tile marked goes back to the hand.
    # (the 4s was taken out above: the photo's first tile is now 2m)
    page.click("#photo-tiles button >> nth=0")
    page.click(".picker button[data-tile='indicator']")
    page.wait_for_function("() => document.querySelectorAll('#hand .tiles svg').length === 13")
    choose_variant(page, "guangdong")
    page.wait_for_function("() => document.querySelectorAll('#hand .tiles svg').length === 14")
    assert not page.query_selector("#photo-tiles button.indicator")


def test_the_live_page_sends_the_tile_turned_up(page, server, stub) -> None:
    stub.tiles = ["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "2p", "3p", "4p", "5m"]
    page.goto(f"{server.url}/live")
    page.wait_for_selector("#variant option[value='tianjin']", state="attached")
    assert not page.is_visible("#indicator-label")
    choose_variant(page, "tianjin")
    page.wait_for_selector("#indicator-label", state="visible")
    page.fill("#indicator", "4s")
    page.dispatch_event("#indicator", "change")
    with page.expect_request(lambda r: r.url.endswith("/api/analyze")) as sent:
        page.click("#start")
    assert json.loads(sent.value.post_data)["indicator"] == "4s"
    page.wait_for_selector("#live-analysis .verdict")
    # 天津: 4s turned up makes 4s and 5s wild, shown with the hand short of a win.
    page.wait_for_selector("#live-analysis .wilds")
    assert page.get_attribute("#live-analysis .wilds", "data-tiles") == "4s 5s"
    page.click("#stop")


def test_riichi_inputs_score_han_fu_and_points(page, server) -> None:
    page.goto(f"{server.url}/score")
    page.fill("#typed", "234m456p789s234p55s")
    page.click("#use-typed")
    page.wait_for_function("() => document.querySelectorAll('#hand .tiles svg').length === 14")
    assert not page.is_visible("#riichi-wrap")
    choose_variant(page, "riichi")
    page.wait_for_selector("#riichi-wrap", state="visible")
    page.check("#self-drawn")
    page.check("#riichi")
    page.check("#ippatsu")
    page.fill("#dora", "1m")       # 2m is dora: one
    page.fill("#ura-dora", "4m")   # 5m: none held
    page.click("#score-btn")
    page.wait_for_selector("#result .verdict.win")
    # 立直 + 一发 + 门前清自摸 + 宝牌 1 = 4番 30符, the dealer's tsumo: 3900 from each.
    assert "4番 30符 · 11700 点" in page.inner_text(".score-summary")
    page.uncheck("#ippatsu")
    page.click("#score-btn")
    page.wait_for_function("() => (document.querySelector('.score-summary') || {}).innerText"
                           " && document.querySelector('.score-summary').innerText.includes('3番')")
    page.fill("#dora", "1m2m3m4m5m6m")
    page.click("#score-btn")
    page.wait_for_selector("#score-error .error")
    assert "最多 5 张" in page.inner_text("#score-error")


def test_bao_pai_indicators_for_the_chinese_variants(page, server) -> None:
    scored_photo(page, server, "guangdong")
    assert "宝牌" not in page.inner_text("#result")
    assert not page.is_visible("#ura-wrap") and not page.is_visible("#riichi-wrap")
    # 宝牌 is the table's switch: no field until it is turned on.
    assert not page.is_visible("#dora-wrap")
    page.check("#dora-switch")
    with page.expect_request(lambda r: r.url.endswith("/api/analyze")) as sent:
        page.fill("#dora", "E")  # 南 is 宝牌: the pair of 南, two
        page.click("#score-btn")
    assert json.loads(sent.value.post_data)["options"]["dora_indicators"] == ["E"]
    page.wait_for_selector("#result .verdict.win")
    assert "宝牌" in page.inner_text("#result")
    choose_variant(page, "shaanxi")
    page.wait_for_selector("#dora-wrap", state="hidden")


def test_a_sixteen_tile_hand_from_the_photo(page, server, stub) -> None:
    stub.tiles = ["1m", "2m", "3m", "4m", "5m", "6m", "4p", "5p", "6p", "7s", "8s", "9s",
                  "E", "E", "E", "S", "S"]
    page.goto(f"{server.url}/score")
    upload_photo(page, None)
    page.wait_for_selector("#rec-status[data-found='17']")
    page.wait_for_selector("#hand svg[data-index='16'].win")
    choose_variant(page, "taiwan")
    page.check("#self-drawn")
    with page.expect_request(lambda r: r.url.endswith("/api/analyze")) as sent:
        page.click("#score-btn")
    body = json.loads(sent.value.post_data)
    assert len(body["concealed"]) == 16 and body["win_tile"] == "S"
    page.wait_for_selector("#result .verdict.win")
    assert "五组+一对" in page.inner_text("#result .reading")
    assert "6台" in page.inner_text(".score-summary") and "台" in page.inner_text(".score tfoot")


def test_the_live_page_claims_for_a_sixteen_tile_hand(page, server, stub) -> None:
    stub.tiles = ["1m", "2m", "3m", "4m", "5m", "6m", "4p", "5p", "6p", "7s", "8s", "9s",
                  "E", "E", "E", "S"]
    page.goto(f"{server.url}/live")
    page.wait_for_selector("#variant option[value='taiwan']", state="attached")
    choose_variant(page, "taiwan")
    page.click("#start")
    page.wait_for_function("() => (document.querySelector('#live-hand').dataset.hand || '')"
                           ".split(' ').length === 16")
    page.select_option("#my-seat", "E")
    page.select_option("#discarder", "N")
    page.click("#discard-pad button[data-tile='S']")
    page.wait_for_selector(".claims-result")
    assert "和！" in page.inner_text(".claims-result")
    page.click("#stop")


def test_the_live_page_walks_the_charleston(page, server, stub) -> None:
    """查理士顿 on the live page: the camera's dealt hand, the three advised tiles raised with
    their reasons, and the next pass in the seed's order up to the dealer's second round."""
    stub.tiles = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "1s", "E", "W", "C"]
    page.goto(f"{server.url}/live")
    page.wait_for_selector("#variant option[value='guangdong']", state="attached")
    assert not page.is_visible("#charleston")
    page.check("#charleston-on")
    page.wait_for_selector("#charleston", state="visible")
    assert "摄像头" in page.inner_text("#charleston-advice")  # no hand read yet
    with page.expect_request(lambda r: r.url.endswith("/api/charleston-advice")) as sent:
        page.click("#start")
    body = json.loads(sent.value.post_data)
    assert body["pass"] == "right" and body["round"] == 1 and len(body["concealed"]) == 14
    page.wait_for_function("() => document.querySelector('#charleston-advice').dataset.pass"
                           " === 'C E W'")
    raised = page.eval_on_selector_all("#charleston-advice > .tiles svg.pass",
                                       "els => els.map((e) => e.dataset.tile)")
    assert sorted(raised) == ["C", "E", "W"]
    assert page.inner_text("#charleston-title") == "第1轮 · 第1次换牌：传给下家"
    assert "中：孤张字牌" in page.inner_text("#charleston-advice")
    page.click("#stop")
    for title in ("第1轮 · 第2次换牌：传给上家", "第1轮 · 第3次换牌：传给对家"):
        with page.expect_request(lambda r: r.url.endswith("/api/charleston-advice")) as sent:
            page.click("#charleston-next")
        page.wait_for_function(f"() => document.querySelector('#charleston-title').innerText"
                               f" === '{title}'")
    assert json.loads(sent.value.post_data)["pass"] == "opposite"
    assert not page.is_visible("#charleston-dealer")
    page.click("#charleston-next")
    page.wait_for_function("() => document.querySelector('#charleston-title').dataset.pass"
                           " === 'right 2'")
    assert page.is_visible("#charleston-dealer")  # the second round is the dealer's call
    page.wait_for_function("() => document.querySelector('#charleston-advice').dataset.pass"
                           " === 'C E W'")
    page.click("#lang-en")  # the step in English, redrawn in place
    page.wait_for_function("() => document.querySelector('#charleston-title').innerText"
                           " === 'Round 2 · pass 4: to the right (下家)'")
    assert "Red Dragon: a lone honour" in page.inner_text("#charleston-advice")
    assert "dealer" in page.inner_text("#charleston-dealer")
    for _ in range(3):
        page.click("#charleston-next")
    page.wait_for_function("() => document.querySelector('#charleston-title').dataset.pass"
                           " === 'done'")
    assert not page.is_visible("#charleston-next")
    page.click("#charleston-again")
    page.wait_for_function("() => document.querySelector('#charleston-title').dataset.pass"
                           " === 'right 1'")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_new_variant_fields_fit_a_phone(browser, server, stub, lang: str) -> None:
    stub.tiles = list(INDICATOR_PHOTO)
    context, page, errors = _page(browser, 390, lang)
    try:
        page.goto(f"{server.url}/score")
        upload_photo(page, None)
        page.wait_for_selector("#rec-status[data-found='15']")
        for variant, shown in [("riichi", "#riichi-wrap"), ("xuzhou", "#indicator-wrap")]:
            choose_variant(page, variant)
            page.wait_for_selector(shown, state="visible")
            assert_fits(page, f"score {variant} {lang}")
        page.goto(f"{server.url}/live")
        page.wait_for_selector("#variant option[value='wuhan']", state="attached")
        choose_variant(page, "wuhan")
        page.wait_for_selector("#indicator-label", state="visible")
        assert_fits(page, f"live wuhan {lang}")
    finally:
        context.close()
    assert not errors, errors
