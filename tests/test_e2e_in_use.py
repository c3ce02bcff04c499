"""The pages as a player meets them every week, in headless Chromium at a
phone's width (390 px) and a desk's (1280 px), in Chinese and in English: the reason a complete
hand does not win, 宝牌 that belong to their variant, the 血战 history, the result brought into
view, touch targets, the player's words in every message, the keyboard. The service runs with the
stub recogniser of ``test_e2e_pages``."""

from __future__ import annotations

import pytest
from test_e2e_pages import CHROMIUM, Server, open_table, upload_photo
from test_e2e_player import (  # noqa: F401 (fixtures)
    TILES14,
    _page,
    browser,
    choose_variant,
    server,
    stub,
)
from test_service_support import StubRecognizer

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
    page.wait_for_selector("#dora", state="hidden")  # drawn once the variant's rules have come
    assert page.input_value("#dora") == "" and not page.is_checked("#dora-switch")
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


def test_the_score_is_brought_into_view(seen, server) -> None:  # noqa: F811
    page, _, _ = seen
    typed_hand(page, server, "123m456p789s1112z2z", "guangdong")
    page.wait_for_selector("#result .verdict.win")
    top = page.evaluate("document.getElementById('result-card').getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"] / 2, top
    assert page.evaluate("document.activeElement.id") == "result-card"


def test_a_square_photo_fits_the_screen_and_teaching_comes_after_the_hand(seen, server) -> None:  # noqa: F811
    from test_service_support import jpeg_bytes

    page, _, _ = seen
    page.goto(f"{server.url}/score")
    page.set_input_files("#photo", files=[{"name": "square.jpg", "mimeType": "image/jpeg",
                                           "buffer": jpeg_bytes(1000, 1000)}])
    page.wait_for_selector("#rec-status[data-found]")
    box = page.eval_on_selector("#annotated", "el => el.getBoundingClientRect().toJSON()")
    assert box["height"] <= page.viewport_size["height"] * 0.8, box
    assert abs(box["width"] / box["height"] - 1) < 0.02, box  # its shape kept
    order = page.evaluate("""() => ['annotated', 'hand', 'result-card', 'my-tiles'].map(
        (id) => document.getElementById(id).getBoundingClientRect().top + scrollY)""")
    assert order == sorted(order), order


#: Every control on screen smaller than 44 × 44 CSS pixels (a checkbox or radio counts by its
#: label; a link inside a sentence is not a control of its own).
SMALL_TARGETS = """() => {
  const small = [];
  const controls = document.querySelectorAll('button, select, input, summary, a, label.file-btn');
  for (const el of controls) {
    if (el.closest('p, li, .picker-grid ~ *') && el.tagName === 'A') continue;
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) target = el.closest('label') || el;
    if (el.matches('input.visually-hidden')) target = el.closest('label');
    if (el.matches('.skip-link')) continue;
    const r = target.getBoundingClientRect();
    if (!r.width || !target.offsetParent) continue;
    if (r.width < 44 - 0.5 || r.height < 44 - 0.5) {
      small.push(`${el.tagName}#${el.id}.${el.className} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}"""


@pytest.mark.parametrize("path", ["/", "/score", "/live", "/teach", "/table"])
def test_every_touch_target_is_at_least_44_px(seen, server, path: str) -> None:  # noqa: F811
    page, _, _ = seen
    page.goto(f"{server.url}{path}")
    page.wait_for_load_state("networkidle")
    if path == "/score":
        upload_photo(page, None)
        page.wait_for_selector("#hand button[data-index='13']")
        page.click("#score-btn")
        page.wait_for_selector("#result .verdict")
    if path == "/table":
        open_table(page, server, "sichuan")
        page.click("#add-kong")
    if path == "/teach":
        page.click("#explain-btn")
        page.wait_for_selector("#explain-out .verdict")
        page.click("#rules details summary >> nth=0")
    small = page.evaluate(SMALL_TARGETS)
    assert not small, small
    if path == "/score":
        page.click("#hand button[data-index='0']")
        page.wait_for_selector(".picker")
        small = page.evaluate(SMALL_TARGETS.replace("'button, select", "'.picker button, .picker select"))
        assert not small, small


def test_the_discard_advice_keeps_its_four_columns(seen, server) -> None:  # noqa: F811
    page, width, _ = seen
    page.goto(f"{server.url}/teach")
    page.fill("#explain-input", "1234m456p789s1125z")
    page.click("#explain-btn")
    page.wait_for_selector("#explain-out tr.discard.best")
    got = page.evaluate("""() => {
      const t = document.querySelector('table.discards');
      const card = t.closest('.card').getBoundingClientRect();
      const cells = [...t.querySelectorAll('tr:first-child th, tr.discard td')];
      return { cols: t.querySelector('tr').children.length, scroll: t.scrollWidth - t.clientWidth,
               out: cells.filter((c) => c.getBoundingClientRect().right > card.right + 0.5).length };
    }""")
    assert got == {"cols": 4, "scroll": 0, "out": 0}, (width, got)


def test_no_request_of_a_page_is_missing_and_the_icon_is_served(seen, server) -> None:  # noqa: F811
    page, _, _ = seen
    missing: list[str] = []
    page.on("response", lambda r: r.status >= 400 and missing.append(f"{r.status} {r.url}"))
    for path in ("/", "/score", "/live", "/teach", "/table"):
        page.goto(f"{server.url}{path}")
        page.wait_for_load_state("networkidle")
    assert not missing, missing
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    r = page.request.get(icon)
    assert "/static/" in icon and r.status == 200
    assert r.headers["content-type"].startswith("image/svg+xml")


def test_the_player_s_words_not_the_engine_s(seen, server) -> None:  # noqa: F811
    page, _, lang = seen
    # The teach page's report: seats by their names, no item keys.
    page.goto(f"{server.url}/teach")
    page.fill("#explain-input", "123m456p789s1112z2z")
    page.select_option("#explain-variant", "guangdong")
    page.click("#explain-btn")
    page.wait_for_selector("#explain-out .score-item")
    report = page.evaluate("document.querySelector('#explain-report').textContent")
    assert "[self_drawn]" not in report and "E +" not in report, report
    assert ("东家 +" if lang == "zh" else "East +") in report, report
    if lang == "zh":
        assert "座位 E" not in report and "东家（这手牌的门风）" in report, report
    # A tile the variant does not play: the variant by its name.
    page.goto(f"{server.url}/score")
    page.fill("#typed", "123m456p789s1112z2z")
    page.click("#use-typed")
    choose_variant(page, "sichuan")
    page.click("#score-btn")
    page.wait_for_selector("#score-error .error")
    error = page.inner_text("#score-error")
    assert "'sichuan'" not in error or lang == "en", error
    if lang == "zh":
        assert "四川麻将" in error, error
    # The table page's own check of the names, in the player's words.
    page.goto(f"{server.url}/table")
    page.wait_for_selector("#variant option[value='guangdong']", state="attached")
    page.click("#create")
    page.wait_for_selector("#create-error .error")
    error = page.inner_text("#create-error")
    if lang == "zh":
        assert "'players'" not in error and "玩家" in error, error


def test_the_keyboard_skips_to_the_content_and_keeps_its_place(seen, server) -> None:  # noqa: F811
    page, _, _ = seen
    page.goto(f"{server.url}/score")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert page.is_visible(".skip-link")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    upload_photo(page, None)
    page.wait_for_selector("#hand button[data-index='13']")
    page.focus("#hand button[data-index='2']")
    page.keyboard.press("Enter")
    page.wait_for_selector(".picker")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # picks a tile: the row is read again and redrawn
    page.wait_for_selector(".picker", state="detached")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    focus = page.evaluate("""() => { const a = document.activeElement;
      return { tag: a.tagName, index: a.dataset.index, inHand: !!a.closest('#hand') }; }""")
    assert focus["tag"] != "BODY" and focus["inHand"], focus


class SlowStub(StubRecognizer):
    """The stub recogniser taking ``delay`` seconds a frame, as a busy machine does; it keeps
    the width of every frame it was given."""

    def __init__(self, delay: float) -> None:
        super().__init__(list(TILES14[:13]))
        self.delay = delay
        self.widths: list[int] = []

    def detect(self, image_bgr, *args, **kwargs):  # type: ignore[no-untyped-def]
        import time

        self.widths.append(int(image_bgr.shape[1]))
        time.sleep(self.delay)
        return super().detect(image_bgr, *args, **kwargs)


#: Every /api/recognize request of the page: when it went and when its answer came.
TRACK_RECOGNIZE = """
window.__frames = [];
const send = window.fetch;
window.fetch = async (url, opts) => {
  if (!String(url).includes('/api/recognize')) return send(url, opts);
  const f = { start: performance.now(), end: null };
  window.__frames.push(f);
  try { return await send(url, opts); } finally { f.end = performance.now(); }
};
"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_live_page_sends_only_the_newest_frame(browser, tmp_path, width: int) -> None:  # noqa: F811
    """On a slow service, no frame waits behind another: the next frame is taken from the
    camera only when the answer before it has come, and frames get smaller until the answers
    come in time."""
    slow = SlowStub(0.25)
    service = Server({"DATABASE": tmp_path / "t.sqlite3", "RECOGNIZER": slow})
    context, page, errors = _page(browser, width, "en")
    try:
        context.grant_permissions(["camera"], origin=service.url)
        context.add_init_script(TRACK_RECOGNIZE)
        page.goto(f"{service.url}/live")
        page.click("#start")
        page.wait_for_function("() => window.__frames.filter((f) => f.end).length >= 6")
        page.click("#stop")
        frames = page.evaluate("window.__frames")
        answered = [f["end"] if f["end"] is not None else float("inf") for f in frames]
        overlaps = [b for a, b in zip(answered, frames[1:], strict=False) if b["start"] < a]
        assert not overlaps, overlaps  # one in flight: none sent while another was answered
        assert page.get_attribute("#rate", "data-max-inflight") == "1"
        assert slow.widths[-1] < slow.widths[0], slow.widths  # slow answers: smaller frames
    finally:
        context.close()
        service.close()
    assert not errors, errors


@pytest.mark.parametrize("width", WIDTHS)
def test_english_rules_name_every_chinese_term(browser, server, width: int) -> None:  # noqa: F811
    """The English rules keep the table's Chinese words, each with its English name beside it
    (once in each sentence)."""
    import re

    context, page, errors = _page(browser, width, "en")
    try:
        page.goto(f"{server.url}/teach")
        page.wait_for_selector("#rules details")
        for d in page.query_selector_all("#rules details"):
            d.evaluate("d => { d.open = true; }")
        page.wait_for_load_state("networkidle")
        lines = [ln for ln in page.inner_text("#rules").split("\n") if ln.strip()]
        bare = sorted({m.group() for ln in lines for m in re.finditer(r"[\u4e00-\u9fff]{2,}", ln)
                       if f"{m.group()} (" not in ln and f"{m.group()}(" not in ln
                       and f"{m.group()}（" not in ln})
        assert not bare, bare
    finally:
        context.close()
    assert not errors, errors
