"""The pages in a real headless Chromium (Debian's package) driven by Playwright.

The service runs under waitress on loopback with a stub recogniser (the same tiles whatever the
photo), so the pages' own work is tested whether or not the trained model is installed; the
tests marked ``real model`` run the same flows on the real recogniser and skip without it.
Skipped, with the reason, when chromium or playwright is not installed (.ci/run installs them).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
from test_service_support import StubRecognizer, jpeg_bytes, real_photo

from assistant.analysis import analyze

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed: apt-get install -y chromium "
                             "(.ci/run installs it)")
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="playwright is not installed (pip install -e '.[dev]')")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--use-fake-ui-for-media-stream",
         "--use-fake-device-for-media-stream"]


def photo_frames(width: int = 1280, height: int = 720, count: int = 3) -> list[np.ndarray]:
    """Real photos of tiles (the shared dataset), letterboxed to the frame size."""
    import cv2

    paths = sorted(real_photo().parent.glob("*.jpg"))[:count] if real_photo() else []
    images = [cv2.imread(str(p)) for p in paths] or [
        cv2.imdecode(np.frombuffer(jpeg_bytes(width, height), np.uint8), cv2.IMREAD_COLOR)]
    frames = []
    for img in images:
        scale = min(width / img.shape[1], height / img.shape[0])
        small = cv2.resize(img, (int(img.shape[1] * scale) // 2 * 2, int(img.shape[0] * scale) // 2 * 2))
        frame = np.zeros((height, width, 3), np.uint8)
        y, x = (height - small.shape[0]) // 2, (width - small.shape[1]) // 2
        frame[y:y + small.shape[0], x:x + small.shape[1]] = small
        frames.append(frame)
    return frames


def write_y4m(path: Path, frames: list[np.ndarray], repeat: int = 5, fps: int = 10) -> Path:
    """A Y4M video (what Chromium's fake camera plays, in a loop) from still frames."""
    import cv2

    h, w = frames[0].shape[:2]
    with path.open("wb") as f:
        f.write(f"YUV4MPEG2 W{w} H{h} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            data = cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes()
            for _ in range(repeat):
                f.write(b"FRAME\n" + data)
    return path


class Server:
    """The app under waitress on a free loopback port, in a thread."""

    def __init__(self, config: dict) -> None:
        from assistant.service import create_app
        from assistant.service.loopback import LoopbackServer

        self.app = create_app(config)
        self._server = LoopbackServer(self.app, threads=6)
        self.url = self._server.url

    def close(self) -> None:
        self._server.close()


@pytest.fixture(scope="module")
def stub() -> StubRecognizer:
    return StubRecognizer()


@pytest.fixture(scope="module")
def server(tmp_path_factory, stub):
    s = Server({"DATABASE": tmp_path_factory.mktemp("db") / "t.sqlite3", "RECOGNIZER": stub})
    yield s
    s.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    video = write_y4m(tmp_path_factory.mktemp("cam") / "tiles.y4m", photo_frames())
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=FLAGS + [f"--use-file-for-fake-video-capture={video}"])
        yield b
        b.close()


@pytest.fixture()
def page(browser, server):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.grant_permissions(["camera"], origin=server.url)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    # The pages run under the service's Content-Security-Policy: nothing of theirs is blocked.
    pg.on("console", lambda m: "Content Security Policy" in m.text and errors.append(m.text))
    pg.set_default_timeout(30_000)  # the CI machine is shared; waits end as soon as ready
    yield pg
    context.close()
    assert not errors, errors


def upload_photo(page, path: Path | None) -> None:
    if path is None:
        page.set_input_files("#photo", files=[{"name": "hand.jpg", "mimeType": "image/jpeg",
                                               "buffer": jpeg_bytes(1280, 720)}])
    else:
        page.set_input_files("#photo", str(path))


def test_score_a_photo_correct_a_tile_and_read_the_score(page, server, stub):
    # The "recogniser" misreads the last tile: 南 read as 北.
    stub.tiles = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "S", "N"]
    page.goto(f"{server.url}/score")
    upload_photo(page, real_photo())
    page.wait_for_selector("#rec-status[data-found='14']")
    page.wait_for_selector("#hand svg[data-index='13']")
    assert page.locator("#annotated").is_visible()
    page.click("#hand svg[data-index='13']")
    page.click(".picker button[data-tile='S']")
    assert page.get_attribute("#hand svg[data-index='13']", "data-tile") == "S"
    page.select_option("#variant", "guangdong")
    page.check("#self-drawn")
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")
    total = int(page.inner_text(".score .total"))
    assert total > 0
    pays = {row.get_attribute("data-seat"): int(row.inner_text().split()[-1].replace("+", ""))
            for row in page.query_selector_all("tr.payment")}
    assert len(pays) == 4 and sum(pays.values()) == 0 and pays["E"] > 0
    # A house rule of the variant: Shaanxi with a base score of 6 instead of 3.
    page.select_option("#variant", "shaanxi")
    page.click("#house-rules summary")
    page.fill("#options input[data-option='base_score']", "6")
    page.click("#score-btn")
    page.wait_for_selector(".verdict.win")
    expected = analyze({"concealed": stub.tiles[:13], "win_tile": "S", "variant": "shaanxi",
                        "options": {"base_score": 6},
                        "context": {"self_drawn": True, "seat_wind": "E", "prevalent_wind": "E"},
                        "table": {"dealer": "E", "seat": "E", "discarder": None}})["score"]
    page.wait_for_function("() => document.querySelector('.score .total').textContent == "
                           f"'{expected['total']}'")


def test_language_switch(page, server):
    page.goto(f"{server.url}/score")
    assert "拍照算分" in page.inner_text("header")
    page.click("#lang-en")
    assert "Score a photo" in page.inner_text("header")
    page.reload()
    assert "Score a photo" in page.inner_text("header"), "the choice is remembered"
    page.click("#lang-zh")


def test_live_page_names_the_tiles_from_the_camera(page, server, stub):
    stub.tiles = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]
    page.goto(f"{server.url}/live")
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#overlay').dataset.tiles")
    page.wait_for_selector("#live-hand[data-hand]")
    page.click("#lang-en")
    page.wait_for_function("() => document.querySelector('#overlay').dataset.names.includes('1 Characters')")
    assert page.get_attribute("#live-hand", "data-hand").split() == stub.tiles
    page.wait_for_selector("#live-analysis .wait")
    # One tap on a discard by the player before: 南 gives a win.
    page.select_option("#my-seat", "E")
    page.select_option("#discarder", "N")
    page.click("#discard-pad button[data-tile='S']")
    page.wait_for_selector(".claims-result")
    assert "Win" in page.inner_text(".claims-result")
    page.wait_for_timeout(2000)
    assert float(page.get_attribute("#rate", "data-rate")) > 0
    # A flaky camera (a misread and a missed tile every third frame): the overlay and the hand
    # stay on the truth instead of flickering.
    stub.flaky = True
    try:
        for _ in range(20):
            page.wait_for_timeout(100)
            assert page.get_attribute("#live-hand", "data-hand").split() == stub.tiles
            assert page.get_attribute("#overlay", "data-tiles").split() == stub.tiles
    finally:
        stub.flaky = False
    page.click("#stop")
    page.click("#lang-zh")


def test_live_page_plays_the_table_rules(page, server, stub):
    """Sichuan on the live page: the void suit is asked, the claims pad offers no chow."""
    stub.tiles = ["1m", "2m", "3m", "4m", "5m", "6m", "2p", "3p", "4p", "6p", "7p", "8p", "9p"]
    page.goto(f"{server.url}/live")
    page.click("#lang-en")
    page.wait_for_selector("#variant option[value='sichuan']", state="attached")
    assert not page.is_visible("#void-suit-label"), "the default rules have no void suit"
    page.select_option("#variant", "sichuan")
    page.wait_for_selector("#void-suit-label", state="visible")
    page.select_option("#void-suit", "s")
    page.click("#start")
    page.wait_for_selector("#live-hand[data-hand]")
    page.select_option("#my-seat", "E")
    page.select_option("#discarder", "N")
    page.click("#discard-pad button[data-tile='9p']")
    page.wait_for_selector(".claims-result")
    assert "Win" in page.inner_text(".claims-result")
    page.click("#discard-pad button[data-tile='7m']")  # 5m 6m + 7m would be a chow elsewhere
    page.wait_for_selector("#no-chow")
    assert "Chow" not in page.inner_text(".claims-result")
    page.select_option("#void-suit", "m")  # now the hand holds its void suit: no win
    page.click("#discard-pad button[data-tile='9p']")
    page.wait_for_function("() => { const r = document.querySelector('.claims-result'); "
                           "return r && !r.innerText.includes('Win'); }")
    page.click("#stop")
    page.click("#lang-zh")


def test_rules_page_shows_each_variants_own_examples(page, server):
    page.goto(f"{server.url}/teach")
    page.wait_for_selector("#rules details[data-variant='sichuan']")
    page.click("#rules details[data-variant='sichuan'] summary")
    page.wait_for_selector("#examples-sichuan .example")
    notes = page.inner_text("#examples-sichuan")
    assert "平和" in notes or "清对" in notes
    assert "不在" not in notes and "tile set" not in notes


def test_rules_page_marks_the_wild_tiles_of_a_wild_variant(page, server):
    page.goto(f"{server.url}/teach")
    page.wait_for_selector("#rules details[data-variant='wuhan']")
    page.click("#rules details[data-variant='wuhan'] summary")
    page.wait_for_function("() => document.querySelectorAll('#examples-wuhan .example').length "
                           "=== 2")
    first = "#examples-wuhan .example:nth-child(1)"
    # 五万 turned: the 赖子 is 六万, marked in the hand and named in the legend.
    marked = page.eval_on_selector_all(f"{first} .tiles svg.tile.wild",
                                       "els => els.map(e => e.dataset.tile)")
    assert marked == ["6m"]
    assert page.get_attribute(f"{first} .wild-legend", "data-wilds") == "6m"
    legend = page.inner_text(f"{first} .wild-legend")
    assert "赖子" in legend and "翻开的牌" in legend
    assert "赖子" in page.get_attribute(f"{first} .tiles svg.tile.wild", "aria-label")
    # The hard win holds no 赖子 (六筒): nothing in its hand is marked, the legend names it.
    second = "#examples-wuhan .example:nth-child(2)"
    assert not page.query_selector_all(f"{second} .tiles svg.tile.wild")
    assert page.get_attribute(f"{second} .wild-legend", "data-wilds") == "6p"
    page.click("#lang-en")
    page.wait_for_function("() => { const l = document.querySelector("
                           "'#examples-wuhan .example .wild-legend'); "
                           "return l && l.innerText.includes('wild'); }")
    page.click("#lang-zh")
    # A variant without wild tiles marks none.
    page.click("#rules details[data-variant='sichuan'] summary")
    page.wait_for_selector("#examples-sichuan .example")
    assert not page.query_selector_all("#examples-sichuan svg.tile.wild, #examples-sichuan "
                                       ".wild-legend")


def test_practice_question(page, server):
    page.goto(f"{server.url}/teach")
    page.wait_for_selector("#practice-hand[data-hand]")
    hand = page.get_attribute("#practice-hand", "data-hand").split()
    melds = json.loads(page.get_attribute("#practice-hand", "data-melds"))
    stood = page.get_attribute("#practice-hand", "data-stood").split()
    variant = page.eval_on_selector("#explain-variant", "s => s.value")
    for w in analyze({"concealed": hand, "melds": melds, "stood": stood,
                      "variant": variant})["waits"]:
        page.click(f"#practice-grid button[data-tile='{w['tile']}']")
    page.click("#practice-check")
    page.wait_for_selector("#practice-verdict[data-correct='true']")
    page.click("#practice-next")
    page.wait_for_selector("#practice-grid button")
    page.click("#practice-check")
    page.wait_for_selector("#practice-verdict[data-correct='false']")


def test_explain_a_hand(page, server):
    page.goto(f"{server.url}/teach")
    page.fill("#explain-input", "123m456p789s1112z2z")
    page.select_option("#explain-variant", "guangdong")
    page.click("#explain-btn")
    page.wait_for_selector("#explain-out .score-item")
    page.fill("#explain-input", "1234m456p789s1125z")
    page.click("#explain-btn")
    page.wait_for_selector("#explain-out tr.discard.best")


def open_table(page, server, variant: str) -> None:
    """Create a table for Ann, Bo, Chen and Dai under ``variant`` and wait for the game view."""
    page.goto(f"{server.url}/table")
    for i, name in enumerate(["Ann", "Bo", "Chen", "Dai"]):
        page.fill(f"#p{i}", name)
    page.select_option("#variant", variant)
    page.click("#create")
    page.wait_for_selector("#game:not([hidden]) .player.dealer")


def test_table_session_two_hands(page, server):
    open_table(page, server, "guangdong")
    # Hand 1: the dealer (Ann) wins self-drawn; the service scores it and she keeps the deal.
    page.select_option("#winner", "0")
    page.select_option("#discarder", "")
    page.fill("#win-hand", "123m456p789s1112z S")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    # Hand 2: Bo wins on Ann's discard, settled by points; the deal passes to Bo.
    page.select_option("#winner", "1")
    page.select_option("#discarder", "0")
    for i, v in enumerate([-6, 6, 0, 0]):
        page.fill(f"#pt{i}", str(v))
    page.click("#record")
    page.wait_for_function("() => document.querySelectorAll('tr.hand-row').length === 2")
    table_id, secret = page.evaluate("location.hash.slice(1)").split(":")
    assert len(table_id) == 32 and len(secret) >= 40, "the link carries the id and the secret"
    import json
    import urllib.request

    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}") as r:
        table = json.load(r)
    shown = [int(el.get_attribute("data-total")) for el in page.query_selector_all(".player .total")]
    assert shown == table["totals"] and sum(shown) == 0 and shown[0] > -6
    assert table["dealer"] == 1
    assert "dealer" in page.get_attribute(".player[data-player='1']", "class")
    page.reload()
    page.wait_for_selector("tr.hand-row")
    assert page.locator("tr.hand-row").count() == 2, "the table comes back after a reload"
    # Hand 3: Bo and Chen both win on Dai's discard (Guangdong allows 一炮多响).
    page.select_option("#discarder", "3")
    page.select_option("#winner", "1")
    page.fill("#win-hand", "123m456p789s1112z S")
    page.click("#add-winner")
    second = page.locator(".winner-row").nth(1)
    second.locator("select").select_option("2")
    second.locator(".win-hand").fill("234m345p678s2399p 1p")
    second.locator(".win-hand-preview svg.tile").first.wait_for()
    page.click("#record")
    page.wait_for_function("() => document.querySelectorAll('tr.hand-row').length === 3")
    last = page.locator("tr.hand-row").nth(2).inner_text()
    assert "Bo" in last and "Chen" in last
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}") as r:
        table = json.load(r)
    assert table["hands"][2]["result"]["winners"] == [1, 2] and sum(table["totals"]) == 0
    assert table["dealer"] == 1, "the dealer (Bo) won: he keeps the deal"


def test_xuezhan_table_records_several_wins_in_one_hand(page, server):
    """血战到底 at the table page: a win is kept and the hand goes on; who is still in is shown;
    the first winner deals next."""
    open_table(page, server, "sichuan")
    page.wait_for_selector("#win-goes-on:not([hidden])")
    page.select_option("#winner", "1")
    page.select_option("#discarder", "0")
    page.fill("#win-hand", "123456m234p678p9p 9p")
    page.click("#win-goes-on")
    page.wait_for_function("() => document.querySelector('#pending-wins').textContent.includes('Bo')")
    assert "Bo" not in page.inner_text("#pending-wins").split(":")[-1], "Bo has left the hand"
    page.select_option("#winner", "2")
    page.select_option("#discarder", "")
    page.fill("#win-hand", "111m444m222p777p9p 9p")
    page.click("#record")
    page.wait_for_selector("tr.hand-row .still-in")
    import json
    import urllib.request

    table_id = page.evaluate("location.hash.slice(1)").split(":")[0]
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}") as r:
        table = json.load(r)
    result = table["hands"][0]["result"]
    assert [w["winner"] for w in result["wins"]] == [1, 2] and result["still_in"] == [0, 3]
    assert table["totals"] == [-1 - 3, 1, 6, -3] and table["dealer"] == 1
    assert page.evaluate("document.querySelector('#pending-wins').textContent") == ""
    # A table of another variant has no such step.
    open_table(page, server, "guangdong")
    assert page.is_hidden("#win-goes-on")


def test_a_table_is_shared_by_its_link_and_kept_by_the_browser(page, browser, server):
    """The scorer's link carries the secret: another browser with it records a hand; the
    read-only link shows the table and its hands without the form, the hands' controls or the
    delete button; the browser that made the table lists it (the service lists none)."""
    open_table(page, server, "default")
    table_id, secret = page.evaluate("location.hash.slice(1)").split(":")
    page.wait_for_selector(f"#table-list a[href='#{table_id}:{secret}']")
    assert page.input_value("#link-read-only").endswith(f"/table#{table_id}")
    assert page.input_value("#link-record").endswith(f"/table#{table_id}:{secret}")
    for link, ok in ((f"#{table_id}:{secret}", True), (f"#{table_id}", False)):
        other = browser.new_context()
        pg = other.new_page()
        pg.set_default_timeout(30_000)
        pg.goto(f"{server.url}/table{link}")
        pg.wait_for_selector("#game:not([hidden]) .player.dealer")
        if ok:
            pg.check("input[name=result][value=draw]")
            pg.click("#record")
            pg.wait_for_selector("tr.hand-row")
        else:
            pg.wait_for_selector("tr.hand-row")
            assert pg.locator("#read-only-note").is_visible()
            for hidden in ("#record-form", "#record", "#delete-table", "#link-record",
                           "button.correct-hand", "button.undo-hand"):
                assert not pg.locator(hidden).first.is_visible(), hidden
            assert pg.locator("tr.hand-row").count() == 1, "the hand of the link with the secret"
        other.close()
    import json
    import urllib.request

    with urllib.request.urlopen(f"{server.url}/api/tables") as r:
        assert json.load(r)["tables"] == []


# -- the same flows on the real recogniser, when it is installed -------------------------------

@pytest.fixture(scope="module")
def real_server(tmp_path_factory):
    try:
        from vision.recognizer import Recognizer

        recognizer = Recognizer.load(os.environ.get("MAHJONG_MODELS"))  # default models/
    except Exception as exc:  # noqa: BLE001 (any reason the model is not there)
        pytest.skip(f"real model: the recogniser cannot be loaded ({exc})")
    s = Server({"DATABASE": tmp_path_factory.mktemp("db") / "t.sqlite3",
                "RECOGNIZER": recognizer})
    yield s
    s.close()


def test_real_model_reads_a_photo(browser, real_server):
    photo = real_photo()
    if photo is None:
        pytest.skip("no real photo beside the project")
    pg = browser.new_page()
    pg.goto(f"{real_server.url}/score")
    upload_photo(pg, photo)
    pg.wait_for_selector("#rec-status[data-found]", timeout=30_000)
    assert not pg.query_selector("#rec-error .error"), pg.inner_text("#rec-error")
    assert int(pg.get_attribute("#rec-status", "data-found")) > 0, "the model finds tiles"
    assert pg.locator("#annotated").is_visible()
    assert pg.locator("#hand svg.tile").count() > 0
    pg.close()


def test_real_model_live_overlay_names_tiles(browser, real_server):
    context = browser.new_context()
    context.grant_permissions(["camera"], origin=real_server.url)
    pg = context.new_page()
    pg.goto(f"{real_server.url}/live")
    pg.click("#start")
    pg.wait_for_function("() => document.querySelector('#overlay').dataset.tiles", timeout=30_000)
    pg.wait_for_timeout(3000)
    print("live updates/s:", pg.get_attribute("#rate", "data-rate"))
    context.close()


def test_table_session_pays_a_kong_on_a_draw(page, server):
    open_table(page, server, "shaanxi")
    page.check("input[name=result][value=draw]")
    page.click("#add-kong")
    row = page.locator(".kong-row").first
    row.locator(".kong-player").select_option("1")
    row.locator(".kong-type").select_option("an")
    row.locator(".kong-tile").fill("5p")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    totals = [int(el.get_attribute("data-total")) for el in page.query_selector_all(".player .total")]
    assert sum(totals) == 0 and totals[1] > 0, "Shaanxi: a concealed kong is paid even in a draw"
    assert page.locator(".kong-row").count() == 0


def test_riichi_table_shows_points_held_sticks_and_honba(page, server):
    open_table(page, server, "riichi")
    assert page.locator(".player .held").first.get_attribute("data-held") == "25000"
    assert page.inner_text("#sticks") == "0" and page.inner_text("#honba") == "0"
    assert page.is_hidden("#tenpai-boxes") and page.is_visible("#riichi-boxes")
    # A draw: Bo declared riichi and is alone tenpai; Ann (dealer) is noten, the deal passes.
    page.check("input[name=result][value=draw]")
    page.check("#riichi-boxes input[value='1']")
    page.check("#tenpai-boxes input[value='1']")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    held = [int(el.get_attribute("data-held")) for el in page.query_selector_all(".player .held")]
    assert held == [24000, 27000, 24000, 24000]
    assert page.inner_text("#sticks") == "1" and page.inner_text("#honba") == "1"
    assert "dealer" in page.get_attribute(".player[data-player='1']", "class")
    assert not page.is_checked("#riichi-boxes input[value='1']"), "the boxes clear after a hand"


def test_a_chinese_table_with_the_riichi_switch_carries_its_1000_sticks(page, server):
    page.goto(f"{server.url}/table")
    page.wait_for_selector("#variant option[value='riichi']", state="attached")
    page.select_option("#variant", "riichi")
    assert page.is_hidden("#riichi-switch-wrap"), "riichi plays its own 立直"
    for i, name in enumerate(["Ann", "Bo", "Chen", "Dai"]):
        page.fill(f"#p{i}", name)
    page.select_option("#variant", "guangdong")
    page.check("#riichi-switch")
    with page.expect_request(lambda r: r.url.endswith("/api/tables")) as sent:
        page.click("#create")
    assert json.loads(sent.value.post_data)["options"] == {"riichi": True}
    page.wait_for_selector("#game:not([hidden]) .player.dealer")
    assert page.is_visible("#riichi-boxes") and page.is_hidden("#tenpai-boxes")
    assert page.inner_text("#sticks") == "0" and not page.query_selector("#honba")
    # A draw with Bo declared: his 1000 stays on the table for the next winner.
    page.check("input[name=result][value=draw]")
    page.check("#riichi-boxes input[value='1']")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    assert page.inner_text("#sticks") == "1"
    held = [int(el.get_attribute("data-held")) for el in page.query_selector_all(".player .held")]
    assert held == [0, -1000, 0, 0]
    # Chen wins on Dai's discard, settled by points: he takes Bo's stick too.
    page.check("input[name=result][value=win]")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "3")
    for i, v in enumerate([0, 0, 8, -8]):
        page.fill(f"#pt{i}", str(v))
    page.click("#record")
    page.wait_for_function("() => document.querySelectorAll('tr.hand-row').length === 2")
    assert page.inner_text("#sticks") == "0"
    held = [int(el.get_attribute("data-held")) for el in page.query_selector_all(".player .held")]
    assert held == [0, -1000, 1008, -8] and sum(held) == 0


def test_taiwan_table_shows_the_dealers_streak(page, server):
    open_table(page, server, "taiwan")
    assert page.is_hidden("#carried") and page.is_visible("#la-zhuang-boxes")
    page.check("input[name=result][value=draw]")
    assert page.is_hidden("#la-zhuang-boxes")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    page.wait_for_function("() => document.getElementById('streak')?.textContent === '1'")


def test_live_page_reads_the_whole_table_and_holds_a_move(page, server, stub):
    stub.tiles = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"]
    page.goto(f"{server.url}/live")
    page.check("#table-on")
    page.click("#start")
    page.wait_for_selector("#table-seats li")
    assert "本家" in page.inner_text("#table-seats")
    # a tap on the first tile, then "move it there": across, river; held over the next frames
    page.locator("#table-view").scroll_into_view_if_needed()
    box = page.evaluate("""() => { const c = document.getElementById('table-view');
        const t = tableView.answer.tiles[0], r = c.getBoundingClientRect();
        return [r.left + (t.box[0] + t.box[2]) / 2 * r.width / c.width,
                r.top + (t.box[1] + t.box[3]) / 2 * r.height / c.height]; }""")
    page.mouse.click(box[0], box[1])
    page.select_option("#table-seat", "across")
    page.select_option("#table-zone", "river")
    page.click("#table-move")
    page.wait_for_function("() => tableView.answer.seats.across.river.includes('1m')")
    page.wait_for_timeout(1500)
    assert page.evaluate("() => tableView.answer.seats.across.river") == ["1m"]
    assert "对家: 牌河 1m" in page.inner_text("#table-seats")
    page.click("#stop")


def test_the_live_pages_rivers_are_recorded_with_the_tables_next_hand(page, server):
    """A discard tapped on the live page (N's 9p) fills the table page's river box for N and is
    kept with the hand recorded; once recorded it is not offered for the next hand."""
    page.goto(f"{server.url}/live")
    page.select_option("#my-seat", "E")
    page.select_option("#discarder", "N")
    page.click("#discard-pad button[data-tile='9p']")
    page.wait_for_function("() => (localStorage.getItem('mahjong-live-rivers') || '').includes('9p')")
    open_table(page, server, "guangdong")
    assert page.input_value("input.river-input[data-wind='N']") == "9p"
    page.check("input[name=result][value=draw]")
    page.click("#record")
    page.wait_for_selector("tr.hand-row")
    table_id = page.evaluate("location.hash.slice(1)").split(":")[0]
    import json
    import urllib.request

    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}") as r:
        table = json.load(r)
    assert table["hands"][0]["result"]["rivers"] == {"N": ["9p"]}
    assert page.input_value("input.river-input[data-wind='N']") == ""
