"""The live page's updates a second and latency on a busy machine: its reading policy against
its peers, the policies it replaces, side by side in one process on one service.

    .venv/bin/python benchmarks/live_rate.py [--seconds 15] [--load 2] [--stub]

* peer: two frames in flight at once, each 1280 px wide (what the page sent before): on a busy
  machine each frame waits behind the other and the answers come late.
* live: one frame in flight, taken when the answer before it came back (so none is stale), sent
  at the width that keeps the smoothed latency under 150 ms (the steps of ``static/live.js``:
  1280, 960, 800, 640 px; down when over 150 ms, up when under 90 ms; fitted to the frames read
  in full, not those held), each read whole by ``/api/recognize``.
* memory: as live, to ``/api/recognize/live`` with one client id (what ``static/live.js``
  sends): a still frame is answered from the last reading (held), another names only the tiles
  changed since the previous frame (``vision.live``).

All three send the same camera: each of 4 photos held for ``HOLD`` frames, shaken by a pixel
from frame to frame (a hand held over the table), then the next photo (every tile changed).

``--load N`` keeps N processes spinning on the CPU while both run (the machine "busy"). Printed:
updates a second, median and p95 latency, the width the live policy settled at, the share of
answers held, and the ratios between the policies. Not a timed test: figures for the record, run by hand.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import threading
import time

import cv2
import numpy as np
from service_http import frames_1280x720, load_recognizer, percentile, post_image, start_server

SIDES = [1280, 960, 800, 640]  # as static/live.js
HOLD = 40  # frames a photo is held before the camera turns to the next (about 4 s at 10/s)
SHAKES = [(0, 0), (1, 0), (1, 1), (0, 1)]  # pixels (down, right) of the hand's shake
TARGET_MS = 150.0
UP_MS = 90.0


def spin(stop: multiprocessing.Event) -> None:  # type: ignore[valid-type]
    """Keep one core busy until told to stop."""
    x = 0
    while not stop.is_set():  # type: ignore[attr-defined]
        for _ in range(100_000):
            x += 1


def camera(photos: list[bytes]) -> list[bytes]:
    """Each photo in each shake of ``SHAKES``, as JPEG: frame ``i`` of the camera is
    ``[(i // HOLD) % len(photos) * len(SHAKES) + i % len(SHAKES)]``."""
    out = []
    for data in photos:
        img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        for shake in SHAKES:
            moved = np.roll(img, shake, axis=(0, 1))
            out.append(cv2.imencode(".jpg", moved, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes())
    return out


def frame_at(frames: list[bytes], i: int) -> bytes:
    """The camera's ``i``-th frame (see :func:`camera`)."""
    photos = len(frames) // len(SHAKES)
    return frames[(i // HOLD) % photos * len(SHAKES) + i % len(SHAKES)]


def scaled(frame: bytes, side: int) -> bytes:
    """A 1280 px JPEG frame sent at ``side`` px wide, as the page's canvas draws it."""
    if side >= 1280:
        return frame
    img = cv2.imdecode(np.frombuffer(frame, np.uint8), cv2.IMREAD_COLOR)
    h = round(img.shape[0] * side / img.shape[1])
    small = cv2.resize(img, (side, h), interpolation=cv2.INTER_AREA)
    return cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()


def peer(host: str, frames: list[bytes], seconds: float) -> tuple[list[float], int]:
    """Two readers, each sending the next 1280 px frame as soon as its own answer came."""
    latencies: list[float] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def reader(k: int) -> None:
        conn = http.client.HTTPConnection(host, timeout=60)
        i = k
        while time.monotonic() < deadline:
            status, dt, _ = post_image(host, frame_at(frames, i), conn)
            i += 2
            if status == 200:
                with lock:
                    latencies.append(dt * 1000)
        conn.close()

    threads = [threading.Thread(target=reader, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies, 1280


def live(host: str, frames: list[bytes], seconds: float, side: int = 960,
         path: str = "/api/recognize", client: str | None = None
         ) -> tuple[list[float], int, int]:
    """One reader: the newest frame, at the width fitted to the latency (static/live.js),
    starting at ``side``, posted to ``path`` (as the live ``client`` when given); the
    latencies, the width it ended at and how many answers were held (``live.frame``)."""
    latencies: list[float] = []
    held = 0
    slow = None
    conn = http.client.HTTPConnection(host, timeout=60)
    deadline = time.monotonic() + seconds
    i = 0
    while time.monotonic() < deadline:
        t0 = time.perf_counter()
        status, _, body = post_image(host, scaled(frame_at(frames, i), side), conn, path,
                                     {"client": client} if client else None)
        ms = (time.perf_counter() - t0) * 1000  # the frame's drawing and encoding included
        i += 1
        if status != 200 or body.get("superseded"):
            continue
        latencies.append(ms)
        if body.get("live", {}).get("frame") == "held":
            held += 1
            continue  # as static/live.js: the width is fitted to the frames read in full
        slow = ms if slow is None else 0.7 * slow + 0.3 * ms
        at = SIDES.index(side)
        if slow > TARGET_MS and at < len(SIDES) - 1:
            side, slow = SIDES[at + 1], None
        elif slow < UP_MS and at > 0:
            side, slow = SIDES[at - 1], None
    conn.close()
    return latencies, side, held


def main() -> None:
    """Run both policies under the same load and print their figures side by side."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--load", type=int, default=2, help="processes spinning on the CPU")
    ap.add_argument("--stub", action="store_true", help="the stub recogniser, not the model")
    args = ap.parse_args()
    recognizer, name = load_recognizer(args.stub)
    host, server = start_server(recognizer, threads=4)
    frames = camera(frames_1280x720(4))
    post_image(host, frames[0])  # the model loaded and warm before either runs
    stop = multiprocessing.Event()
    spinners = [multiprocessing.Process(target=spin, args=(stop,), daemon=True)
                for _ in range(args.load)]
    for p in spinners:
        p.start()
    try:
        # Short turns in alternation, so that both meet the same load as it comes and goes
        # (the machine is shared); the live policy keeps its width from one turn to the next.
        got: dict[str, list[float]] = {"peer": [], "live": [], "memory": []}
        sides = {"peer": 1280, "live": 960, "memory": 960}
        held = {"peer": 0, "live": 0, "memory": 0}
        turns = max(1, round(args.seconds / 5))
        for _ in range(turns):
            got["peer"] += peer(host, frames, args.seconds / turns)[0]
            latencies, sides["live"], _ = live(host, frames, args.seconds / turns, sides["live"])
            got["live"] += latencies
            latencies, sides["memory"], n = live(host, frames, args.seconds / turns,
                                                 sides["memory"], "/api/recognize/live",
                                                 "benchmark-camera")
            got["memory"] += latencies
            held["memory"] += n
        rows = {label: (len(v) / args.seconds, percentile(v, 0.5), percentile(v, 0.95),
                        sides[label], held[label] / max(1, len(v))) for label, v in got.items()}
    finally:
        stop.set()
        for p in spinners:
            p.join()
        server.close()
    print(f"{name}; {args.load} processes spinning; {args.seconds:.0f} s each, in {turns} turns; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"{'policy':<6} {'updates/s':>10} {'median ms':>10} {'p95 ms':>8} {'width px':>9} "
          f"{'held':>5}")
    for label, (rate, p50, p95, side, share) in rows.items():
        print(f"{label:<6} {rate:>10.1f} {p50:>10.0f} {p95:>8.0f} {side:>9} {share:>5.0%}")
    for label, base in [("live", "peer"), ("memory", "peer"), ("memory", "live")]:
        (r_a, m_a, *_), (r_b, m_b, *_) = rows[label], rows[base]
        print(f"{label} / {base}: {r_a / r_b:.1f}x the updates a second, "
              f"{m_a / m_b:.2f}x the median latency")


if __name__ == "__main__":
    main()
