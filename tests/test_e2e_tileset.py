"""The score page's "Teach it my tiles" step in headless Chromium, on the shipped models: a
player prints the layout sheet, photographs his tiles laid out in rows (here a rendered rows
photo), the page makes his tile set and learns it; a tile he corrects in a later photo is
remembered on his word and undone again; the live page says it reads with the set."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import numpy as np
import pytest
from test_e2e_pages import CHROMIUM, FLAGS, Server, sync_api

from datasets.synth.art import available_art_sets

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed"),
    pytest.mark.skipif(not available_art_sets(), reason="no tile art on this machine"),
    pytest.mark.skipif(not (ROOT / "models" / "tile_classifier.onnx").is_file(),
                       reason="no shipped models"),
]
LAYOUT = "123456789m"


@pytest.fixture(scope="module")
def rows_photo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rendered photo of 1-9 万 laid out in a row (the ``smooth`` art), as a JPEG file."""
    import cv2

    from datasets.synth.photos import rows_photo

    scene = rows_photo(np.random.default_rng(1), "smooth", [f"{n}m" for n in range(1, 10)])
    path = tmp_path_factory.mktemp("layout") / "layout.jpg"
    cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The service on the shipped models (loaded on the first photo)."""
    s = Server({"DATABASE": tmp_path_factory.mktemp("db") / "t.sqlite3"})
    yield s
    s.close()


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script("localStorage.setItem('mj-lang', 'zh')")
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: "Content Security Policy" in m.text and errors.append(m.text))
    pg.set_default_timeout(60_000)  # the first photo loads the models on a shared machine
    yield pg
    context.close()
    assert not errors, errors


def tileset(server: Server, set_id: str) -> dict:
    with urllib.request.urlopen(f"{server.url}/api/tilesets/{set_id}") as r:  # noqa: S310 (loopback)
        return json.loads(r.read())


def test_teach_my_tiles_then_remember_a_correction_and_undo_it(page, server, rows_photo_file) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{server.url}/tileset-sheet")
    assert page.locator(".sheet-row").count() == 5 and page.locator(".sheet-box").count() == 42
    assert page.inner_text(".sheet-box[data-tile='5p'] .sheet-name") == "五筒"
    page.goto(f"{server.url}/score")
    page.wait_for_function("() => document.querySelector('#ts-summary').textContent.length > 0")
    assert "还没有你的牌组" in page.inner_text("#ts-summary")
    assert page.input_value("#ts-tiles") == "123456789m123456789p123456789sESWNCFP12345678f"
    assert page.get_attribute("#ts-sheet", "href") == "/tileset-sheet"

    # a wrong list of tiles is refused in Chinese, and nothing is learnt
    page.fill("#ts-tiles", "123m")
    page.set_input_files("#ts-photo", str(rows_photo_file))
    page.wait_for_selector("#ts-error .error")
    assert "照片里有 9 张牌，但写了 3 张" in page.inner_text("#ts-error")
    saved = json.loads(page.evaluate("() => localStorage.getItem('mj-tileset')"))
    assert len(saved["id"]) == 32 and saved["secret"]
    assert tileset(server, saved["id"])["examples"] == 0

    page.fill("#ts-tiles", LAYOUT)
    page.set_input_files("#ts-photo", str(rows_photo_file))
    page.wait_for_selector("#ts-status[data-learnt='9']")
    assert "学会了 9 张牌" in page.inner_text("#ts-status")
    page.wait_for_function("() => document.querySelector('#ts-summary').dataset.examples === '9'")
    assert "9 个样本，9 种牌" in page.inner_text("#ts-summary")
    assert not page.inner_text("#ts-error").strip()

    # a photo sent now carries the set; a correction is offered, remembered, undone
    with page.expect_response(lambda r: r.url.endswith("/api/recognize")) as answer:
        page.set_input_files("#photo", str(rows_photo_file))
    assert answer.value.json()["tileset"] == saved["id"]  # the service read it with the set
    page.wait_for_selector("#rec-status[data-found='9']")
    assert page.locator("#ts-remember").is_hidden()
    page.click("#photo-tiles button >> nth=0")
    page.click(".picker button[data-tile='E']")
    page.wait_for_selector("#ts-remember-btn", state="visible")
    assert "改成了东" in page.inner_text("#ts-remember-text")
    page.click("#ts-remember-btn")
    page.wait_for_selector("#ts-undo", state="visible")
    assert "已记住：东" in page.inner_text("#ts-remember-text")
    after = tileset(server, saved["id"])
    assert after["examples"] == 10 and after["recent"][-1]["source"] == "correction"
    assert after["recent"][-1]["tile"] == "E"
    page.click("#ts-undo")
    page.wait_for_function("() => document.querySelector('#ts-remember-text').textContent.includes('已撤销')")
    assert tileset(server, saved["id"])["examples"] == 9 and "E" not in tileset(server, saved["id"])["kinds"]
    page.wait_for_function("() => document.querySelector('#ts-summary').textContent.includes('9 个样本')")

    # English words throughout, and the live page says it reads with the set
    page.click("#lang-en")
    assert "Undone: East" in page.inner_text("#ts-remember-text")
    assert "Your tile set: 9 examples" in page.inner_text("#ts-summary")
    page.goto(f"{server.url}/live")
    page.wait_for_selector("#ts-live", state="visible")
    assert "用你的牌组认牌（9 个样本）" in page.inner_text("#ts-live")  # zh again: the init script
