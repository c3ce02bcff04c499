"""API benchmark: recognising a 1280×720 frame through POST /api/recognize (median, p95), and
optionally the live page's updates per second in headless Chromium with a fake camera.

    .venv/bin/python benchmarks/service_bench.py [--frames 40] [--stub] [--live]

The figures go in the README's "Web service" section. Not a timed test: the machine is shared.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
from pathlib import Path

from service_http import frames_1280x720, load_recognizer, percentile, post_image, start_server


def bench_recognize(host: str, frames: list[bytes], count: int) -> dict[str, float]:
    """Sequential requests over one keep-alive connection, after two warm-up calls."""
    conn = http.client.HTTPConnection(host, timeout=60)
    for i in range(2):
        post_image(host, frames[i % len(frames)], conn)
    times, detect, found = [], [], []
    for i in range(count):
        status, dt, body = post_image(host, frames[i % len(frames)], conn)
        if status != 200:
            raise SystemExit(f"recognize answered {status}: {body}")
        times.append(dt * 1000)
        detect.append(body["timing_ms"]["detect"])
        found.append(len(body["tiles"]))
    conn.close()
    return {"median_ms": statistics.median(times), "p95_ms": percentile(times, .95),
            "detect_median_ms": statistics.median(detect), "n": count,
            "tiles_mean": statistics.mean(found)}


def bench_live(url: str, seconds: float) -> float:
    """Updates per second of the live page fed by Chromium's fake camera (photos of tiles)."""
    import shutil

    import cv2
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        raise SystemExit("chromium is not installed (apt-get install -y chromium)")
    video = Path(tempfile.mkdtemp()) / "cam.y4m"
    with video.open("wb") as f:
        f.write(b"YUV4MPEG2 W1280 H720 F10:1 Ip A1:1 C420jpeg\n")
        for data in frames_1280x720(4):
            img = cv2.imdecode(__import__("numpy").frombuffer(data, "uint8"), cv2.IMREAD_COLOR)
            yuv = cv2.cvtColor(img, cv2.COLOR_BGR2YUV_I420).tobytes()
            for _ in range(5):
                f.write(b"FRAME\n" + yuv)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--no-first-run", "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={video}"])
        context = browser.new_context()
        context.grant_permissions(["camera"], origin=url)
        page = context.new_page()
        page.goto(f"{url}/live")
        page.click("#start")
        page.wait_for_function("document.querySelector('#rate').dataset.updates > 0", timeout=60_000)
        start = int(page.get_attribute("#rate", "data-updates"))
        page.wait_for_timeout(seconds * 1000)
        end = int(page.get_attribute("#rate", "data-updates"))
        browser.close()
    return (end - start) / seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frames", type=int, default=40, help="timed requests (default 40)")
    ap.add_argument("--models", help="folder of the ONNX models (default models/)")
    ap.add_argument("--stub", action="store_true", help="use the stub recogniser, not the model")
    ap.add_argument("--live", action="store_true", help="also measure the live page in Chromium")
    ap.add_argument("--seconds", type=float, default=10, help="live page measuring time")
    args = ap.parse_args(argv)
    recognizer, which = load_recognizer(args.stub, args.models)
    host, server = start_server(recognizer)
    frames = frames_1280x720()
    r = bench_recognize(host, frames, args.frames)
    print(f"recognize 1280x720 via the API ({which}, {r['n']} requests): median "
          f"{r['median_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms (model {r['detect_median_ms']:.0f} ms, "
          f"{r['tiles_mean']:.1f} tiles a frame)")
    if args.live:
        rate = bench_live(f"http://{host}", args.seconds)
        print(f"live page ({which}): {rate:.1f} updates/s over {args.seconds:.0f} s")
    server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
